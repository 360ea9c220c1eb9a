"""Commits: validated changes of a match, stored in one transaction, then applied and broadcast.

Every change of a match is one commit, each kind with its function: a friend taking a seat
(:func:`commit_seat`), a new deal (:func:`commit_deal`), the actions of people and computers
(:func:`commit_actions`, already checked against the engine on a copy of the deal), a forfeit
claimed against a late seat (:func:`commit_forfeit_deal`, :func:`commit_forfeit_match`). It is
written to the database first (:meth:`Store.commit`), in memory at the same time, and then each
open WebSocket gets its seat's new state (the socket that asked for it, its :class:`Reply`). All of this runs on the
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
from sixtysix.web.errors import WebError
from sixtysix.web.game import Game, start_deal
from sixtysix.web.live import Subscriber
from sixtysix.web.matches import FORFEIT, TIMEOUT, Matches
from sixtysix.web.messages import sentence
from sixtysix.web.store import Change, Conflict

log = logging.getLogger("sixtysix.web")


@dataclasses.dataclass(frozen=True)
class Reply:
    """The socket whose message caused a change (``origin``) and that message's id (``to``): the socket gets
    its new state as the answer to it. :data:`NO_REPLY` for a change no socket asked for."""

    origin: Subscriber | None = None
    to: object = None


NO_REPLY = Reply()


@dataclasses.dataclass(frozen=True)
class Seating:
    """A friend taking an open seat: the seat, the name, the hash of the seat's new token."""

    seat: int
    name: str
    token_hash: str


def commit_actions(matches: Matches, game: Game, steps: Sequence[tuple[int, Action]], reply: Reply = NO_REPLY) -> None:
    """The actions ``steps`` (seat, action), checked already on a copy of the deal, in one change."""
    _commit(matches, game, _Edit(steps=steps), reply)


def commit_deal(
    matches: Matches, game: Game, client_seed: tuple[int, str] | None = None, reply: Reply = NO_REPLY
) -> None:
    """A new deal, shuffled from the committed seeds (docs/fairness.md); with ``client_seed`` (seat, seed) that
    seat's new client seed first, from this deal on."""
    _commit(matches, game, _Edit(seed_update=client_seed, new_deal=True), reply)


def commit_seat(matches: Matches, game: Game, seating: Seating, client_seed: str) -> None:
    """A friend takes an open seat with its client seed; once no seat is open, the first deal is dealt."""
    last = not game.open_seats()  # the seat's invitation is taken already: no other seat waits
    _commit(matches, game, _Edit(seating=seating, seed_update=(seating.seat, client_seed), new_deal=last), NO_REPLY)


def commit_forfeit_deal(matches: Matches, game: Game, late: int, reply: Reply = NO_REPLY) -> None:
    """Seat ``late`` forfeits the current deal (its move clock ran out and another seat claimed it)."""
    _commit(matches, game, _Edit(forfeit=late), reply)


def commit_forfeit_match(matches: Matches, game: Game, late: int, claimant: int, reply: Reply = NO_REPLY) -> None:
    """Seat ``late`` forfeits the current deal and the match, which ``claimant`` claimed (unless the deal ended
    it): the match ends there, no deal is made up."""
    _commit(matches, game, _Edit(forfeit=late, match_claimant=claimant), reply)


@dataclasses.dataclass(frozen=True)
class _Edit:
    """What one commit changes, in this order: a seat taken, a seat's new client seed, a new deal, the actions,
    the current deal forfeited (and the match)."""

    seating: Seating | None = None
    seed_update: tuple[int, str] | None = None
    new_deal: bool = False
    steps: Sequence[tuple[int, Action]] = ()
    forfeit: int | None = None
    match_claimant: int | None = None


def _commit(matches: Matches, game: Game, edit: _Edit, reply: Reply) -> None:
    """Apply ``edit`` and store it; each of its parts raises the match's version by one. ``reply``'s socket
    receives its state as the answer to its message."""
    match = game.match
    change = Change(game.id, game.version, game.status, match.score, match.winner, len(match.deals), base=game.version)
    steps, forfeit, match_claimant = edit.steps, edit.forfeit, edit.match_claimant
    try:
        if edit.seating is not None:
            _take_seat(game, change, edit.seating)
        if edit.seed_update is not None:
            seat, seed = edit.seed_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], client_seed=seed)
            change.seed_update = edit.seed_update
        if edit.new_deal:
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
    game.broadcast(reply.origin, reply.to)


def _take_seat(game: Game, change: Change, seating: Seating) -> None:
    """A friend takes an open seat; the match starts once no seat is open."""
    seat = seating.seat
    game.seats[seat] = dataclasses.replace(game.seats[seat], name=seating.name, token_hash=seating.token_hash)
    change.seat_update = (seat, seating.name, seating.token_hash)
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
