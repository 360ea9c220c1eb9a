"""Play between people: the move clock and its claims, and the rematch.

**The move clock** (docs/web.md). In a match between people the seat to act has
:attr:`Game.move_seconds` for each decision (the clock restarts with every change). When it
runs out, every other person at the table may **claim the deal** (``claim_deal``): the late
seat forfeits it (:func:`sixtysix.core.forfeit.forfeit_deal`, the opponent wins
:data:`~sixtysix.core.forfeit.FORFEIT_POINTS`). Once the clock has been out for
:attr:`Game.grace_seconds` more and the late seat has no open connection, they may **claim
the match** (``claim_match``): the late seat forfeits this deal and the match, which ends at
once with the deals really played (:func:`sixtysix.core.forfeit.forfeit_match`: no deal is made
up), won by its opponent. A forfeited deal is stored as the action ``forfeit`` and replayed on a
restart, and the 66R record carries it as a ``Forfeit`` header; the forfeited match is the
match's metadata (the columns ``forfeit`` and ``forfeit_claimant``; the record's ``Termination``
header, free text, as the format has no word for it).

**The rematch.** When a match is over, any person at it may ask for a rematch: a new match
with the same rules, seats and computer levels. The first to ask takes the same seat in it
at once; every other person's seat gets an invitation that nobody is shown: the old match's
state tells that seat it is invited (``rematch.invited``), and it takes its seat in the rematch
by asking too, with its token of the old match.
"""

from __future__ import annotations

from sixtysix.web import seats
from sixtysix.web.errors import WebError, not_your_turn
from sixtysix.web.game import Game
from sixtysix.web.matches import Matches
from sixtysix.web.messages import sentence
from sixtysix.web.play import NO_REPLY, Reply, commit_forfeit_deal, commit_forfeit_match
from sixtysix.web.store import token_hash

CLAIMS = ("claim_deal", "claim_match")
"""The action tokens of the claims against a late seat."""


def claim(
    matches: Matches,
    game: Game,
    seat: int,
    kind: str,
    reply: Reply = NO_REPLY,
    now: float | None = None,
) -> None:
    """``seat`` claims the deal (``claim_deal``) or the match (``claim_match``) from the late seat."""
    late = game.late_seat()
    if late is None:
        raise not_your_turn(sentence("server.no_clock"))
    if late == seat:
        raise WebError(409, "illegal_action", sentence("server.own_clock"))
    now = game.server_time.wall() if now is None else now
    deadline = game.updated + game.move_seconds
    if now < deadline:
        raise WebError(409, "too_early", sentence("server.clock_runs", seat=late, seconds=f"{deadline - now:.0f}"))
    if kind == "claim_match":
        if matches.presence is not None:  # connected to another server process: its rows, read now
            matches.presence.refresh([game])
        if game.audience.connected().get(late):
            raise WebError(409, "too_early", sentence("server.late_connected", seat=late))
        if now < deadline + game.grace_seconds:
            wait = deadline + game.grace_seconds - now
            raise WebError(409, "too_early", sentence("server.claim_match_later", seconds=f"{wait:.0f}"))
    if kind == "claim_match":
        commit_forfeit_match(matches, game, late, seat, reply)
    else:
        commit_forfeit_deal(matches, game, late, reply)


def rematch(matches: Matches, game: Game, seat: int, client_seed: str = "") -> tuple[Game, str | None]:
    """A new match like ``game`` (over), seat ``seat`` taken; (the rematch, its token for ``seat``).

    Asked again, it is the same rematch: an invited seat takes its seat in it (its token, once),
    ``None`` for a seat that has its seat already.
    """
    if game.status != "over":
        raise not_your_turn(sentence("server.rematch_not_over"))
    if game.seats[seat].kind != "human":
        raise WebError(403, "other_seat", sentence("server.computer_seat"))
    if game.rematch is not None:
        invitation = game.rematch_codes.pop(seat, None)
        if invitation is None:
            return matches.get(game.rematch), None
        try:
            new, _, token = seats.take_invited_seat(matches, invitation, game.seats[seat].name, client_seed)
        except WebError as error:
            if error.status != 409:  # not taken: the invitation stays
                game.rematch_codes[seat] = invitation
            raise
        game.broadcast()  # the seat is no longer invited
        return new, token
    rules = game.match.rules
    options = rules.options()
    options.pop("match_target", None)
    body: dict[str, object] = {
        "rules": rules.preset_name,
        "options": {k: str(v) for k, v in options.items()},
        "target": rules.match_target,
        "name": game.seats[seat].name,
        "seat": seat,
        "hints": game.hints,
        "spectators": game.spectators,
        "spectator_delay": game.spectator_delay,
        "seats": {str(s): ("friend" if i.kind == "human" else i.level) for s, i in game.seats.items() if s != seat},
    }
    new, _, token, codes = seats.create(matches, body)
    hashes: dict[int, str | None] = {seat: None} | {other: token_hash(code) for other, code in codes.items()}
    matches.store.save_rematch(game.id, new.id, hashes)
    game.rematch = new.id
    game.rematch_codes = {s: h for s, h in hashes.items() if h is not None}
    game.broadcast()  # the old match's seats learn of the rematch (and whether they are invited)
    return new, token
