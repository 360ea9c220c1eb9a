"""Commits: validated changes of a match, stored in one transaction, then applied and broadcast.

Every change of a match goes through :func:`commit`: a friend taking a seat, a new deal,
and the actions of people and computers (already checked against the engine on a copy of
the deal). It is written to the database first (:meth:`Store.commit`), in memory at the same
time, and then each open WebSocket gets its seat's new state. All of this runs on the
event loop without awaiting, so the changes of one match never interleave. Should the
store refuse, the match is rebuilt from what it holds and the error is raised; should another
server process have changed the match first (:class:`~sixtysix.web.store.Conflict`), the
sockets get the match as it is now and the sender a ``409 stale_version``.
"""

from __future__ import annotations

import dataclasses
import logging
from collections.abc import Sequence

from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES
from sixtysix.core.forfeit import forfeit_deal, forfeit_match
from sixtysix.present.outcome import result_columns
from sixtysix.web.computer import start_deal
from sixtysix.web.errors import WebError
from sixtysix.web.game import Game
from sixtysix.web.live import Subscriber
from sixtysix.web.matches import FORFEIT, TIMEOUT, Matches
from sixtysix.web.messages import sentence
from sixtysix.web.store import Change, Conflict

log = logging.getLogger("sixtysix.web")


def commit(
    matches: Matches,
    game: Game,
    steps: Sequence[tuple[int, Action]],
    *,
    new_deal: bool = False,
    join: tuple[int, str, str] | None = None,
    seed_update: tuple[int, str] | None = None,
    forfeit: int | None = None,
    match_claimant: int | None = None,
    origin: Subscriber | None = None,
    reply_to: object = None,
) -> None:
    """Apply and store: a seat taken (``join``: seat, name, token hash), a seat's new client seed
    (``seed_update``: seat, seed), a new deal (the shuffle of committed seeds, docs/fairness.md),
    then ``steps``, then the current deal forfeited by seat ``forfeit`` (its move clock ran out),
    and with ``match_claimant`` the match too, as that seat claimed (unless the deal ended it).

    Each of them raises the match's version by one. ``origin`` (the socket whose message
    caused the change) receives its state as the answer to ``reply_to``.
    """
    match = game.match
    change = Change(game.id, game.version, game.status, match.score, match.winner, len(match.deals), base=game.version)
    try:
        if join is not None:
            _take_seat(game, change, *join)
        if seed_update is not None:
            seat, seed = seed_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], client_seed=seed)
            change.seed_update = seed_update
        if new_deal:
            seeds, deck = matches.deal(game)
            dealt = match.new_deal(deck)
            game.seeds[len(match.deals) - 1 :] = [seeds]
            change.new_deals.append((len(match.deals), dealt.dealer, " ".join(CARD_NAMES[c] for c in dealt.deck)))
            change.deal_seeds.append((len(match.deals), seeds))
            game.version += 1
            start_deal(game)
        number = len(match.deals)
        for seat, action in steps:
            deal = match.current
            assert deal is not None
            match.apply(action, seat)
            change.actions.append((number, len(deal.history), seat, str(action)))
            game.version += 1
        current = match.current
        if forfeit is not None and current is not None:
            forfeit_deal(current, forfeit, TIMEOUT)
            match.settle()
            change.actions.append((number, len(current.history) + 1, forfeit, FORFEIT))
            game.version += 1
        if (steps or forfeit is not None) and current is not None and current.is_over:
            change.results.append((number, result_columns(match, number)))
        if forfeit is not None and match_claimant is not None and not match.is_over:
            forfeit_match(match, forfeit, match_claimant)  # the match ends here: no deal is made up
            change.match_forfeit = (forfeit, match_claimant)
        if match.is_over:
            game.status = "over"
        change.version = game.version
        change.status = game.status
        change.score = match.score
        change.winner = match.winner
        change.deals = len(match.deals)
        game.updated = matches.store.commit(change)
    except Conflict:  # another server process changed the match first: its state now, and a refusal
        matches.reload(game)
        game.broadcast()
        refusal = sentence("server.stale_version", version=game.version, sent=change.base)
        raise WebError(409, "stale_version", refusal) from None
    except Exception:
        log.exception("commit of match %s failed; reloading it", game.id)
        matches.reload(game)
        raise
    matches.metrics.committed(change)
    game.broadcast(origin, reply_to)


def _take_seat(game: Game, change: Change, seat: int, name: str, token_hash: str) -> None:
    """A friend takes an open seat; the match starts once no seat is open."""
    game.seats[seat] = dataclasses.replace(game.seats[seat], name=name, token_hash=token_hash)
    change.seat_update = (seat, name, token_hash)
    if seat == game.invite_seat:  # the two-player invitation, stored with the match
        change.invite_used = True
        game.invite_used = True
        game.invite_code = None
    else:
        change.invite_seat_used = seat
        game.invites.pop(seat, None)
    if not game.open_seats():
        game.status = "playing"
    game.version += 1
