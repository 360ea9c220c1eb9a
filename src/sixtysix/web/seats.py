"""Seats and their tokens: creating a match, invitations, joining, and who a token is.

A seat token is a random secret given once, to the browser that takes the seat; the store
keeps only its hash (:func:`~sixtysix.web.store.token_hash`). Every seat the creator does
not take is a computer (at a level the table size has) or a friend's open seat with an
invitation: a two-player match has one invitation, stored with the match; at a table of
three or four each open seat has its own. The first deal is dealt once every seat is
taken.

An invitation code is shown once, in the answer that creates the match (the page keeps it with
its seat token); the store keeps only its hash, so a copy of the database lets nobody take a
seat. The rematch's invitations are never shown at all: each invited person takes the seat with
the token of the old match (:func:`take_invited_seat`).

**The rematch** (:func:`rematch`). When a match is over, any person at it may ask for a rematch: a new
match with the same rules, seats and computer levels. The first to ask takes the same seat in it
at once; every other person's seat gets an invitation that nobody is shown: the old match's
state tells that seat it is invited (``rematch.invited``), and it takes its seat in the rematch
by asking too, with its token of the old match.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from sixtysix.core.errors import RulesError
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.present.spectator import MAX_DELAY
from sixtysix.present.state import rules_json
from sixtysix.web import fairness, fields
from sixtysix.web.errors import WebError, malformed, not_found, not_your_turn
from sixtysix.web.matches import Game, Matches
from sixtysix.web.messages import sentence
from sixtysix.web.meta import hints_for, levels_for
from sixtysix.web.play import Seating, commit_deal, commit_seat
from sixtysix.web.store import InviteRow, MatchRow, SeatRow, token_hash


def computer_name(level: int, seat: int | None = None) -> str:
    """``Computer (level 3)``; at a three- or four-handed table with its seat: ``Computer 2 (level 3)``."""
    return f"Computer (level {level})" if seat is None else f"Computer {seat} (level {level})"


def read_rules(body: dict[str, Any]) -> Rules:
    """The rules of a ``POST /api/matches`` body: preset, options, target."""
    preset = fields.string(body, "rules", "seed66").lower()
    if preset not in PRESETS:
        raise malformed(sentence("server.unknown_preset", preset=preset, known=", ".join(PRESETS)))
    given = body.get("options", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise malformed(sentence("server.options_object"))
    options = {str(k): fields.option_text(v) for k, v in given.items()}
    if "match_target" in options:
        raise malformed(sentence("server.target_not_option"))
    try:
        rules = Rules.from_options(preset, options)
    except RulesError as error:
        raise malformed(sentence("server.rules_invalid", error=error)) from None
    return rules.replace(match_target=fields.whole_number(body, "target", 1, 1000, rules.match_target))


def create(matches: Matches, body: dict[str, Any], held: str | None = None) -> tuple[Game, int, str, dict[int, str]]:
    """A new match from a ``POST /api/matches`` body; (game, the creator's seat, its token, the
    invitation code of each friend's open seat: shown once, never stored). ``held``: the hash of a
    token the creator was given before (a lobby seek's); then the token returned is ``""``."""
    opponent = fields.choice(body, "opponent", ("computer", "friend"), "computer")
    level = fields.whole_number(body, "level", 1, 5, 3)
    rules = read_rules(body)
    name = fields.name_field(body, "name", "Player")
    size = rules.players
    seat = fields.whole_number(body, "seat", 1, size, 1)
    others = other_seats(body, rules, seat, opponent, level)
    friends = sorted(s for s, lv in others.items() if lv is None)
    kind = "friend" if friends else "computer"
    analysed = hints_for(rules)
    hints = fields.boolean(body, "hints", kind == "computer" and analysed) and analysed
    spectators = fields.boolean(body, "spectators", True)  # anyone may watch, unless the creator says no
    delay = fields.whole_number(body, "spectator_delay", 0, MAX_DELAY, 0)
    token = "" if held is not None else secrets.token_urlsafe(32)
    seats = [SeatRow(seat, name, "human", None, held or token_hash(token), fairness.client_seed(body))]
    ticket = body.get("commitment_ticket")
    # the first deal's server seed, fixed before the client seed was sent (POST /api/commitments) if asked for
    secret = matches.commitments.take(ticket) if ticket is not None else fairness.new_secret(matches.rng)
    invite_hash = None
    codes: dict[int, str] = {}
    invites: list[InviteRow] = []
    # one other seat: named plainly, and its invitation is stored with the match (database schema 1)
    alone = len(others) == 1
    for other, other_level in sorted(others.items()):
        if other_level is not None:
            computer = computer_name(other_level, None if alone else other)
            seats.append(SeatRow(other, computer, "computer", other_level, None))
            continue
        seats.append(SeatRow(other, "Guest" if alone else f"Guest {other}", "human", None, None))
        codes[other] = code = secrets.token_urlsafe(12)
        if alone:
            invite_hash = token_hash(code)
        else:
            invites.append(InviteRow(other, seat, token_hash(code), None))
    now = time.time()
    options = rules.options()
    options.pop("match_target", None)
    row = MatchRow(
        id=secrets.token_urlsafe(9),
        created=now,
        updated=now,
        preset=rules.preset_name,
        options=options,
        target=rules.match_target,
        first_dealer=size,
        kind=kind,
        hints=hints,
        version=1,
        status="waiting" if friends else "playing",
        invite_hash=invite_hash,
        invite_seat=friends[0] if alone and friends else None,
        fairness_secret=secret,
        spectators=spectators,
        spectator_delay=delay,
    )
    matches.store.create_match(row, seats, invites)
    game = matches.get(row.id)
    if not friends:
        commit_deal(matches, game)
    return game, seat, token, codes


def other_seats(body: dict[str, Any], rules: Rules, seat: int, opponent: str, level: int) -> dict[int, int | None]:
    """Every seat but the creator's: a computer level, or ``None`` for a friend's open seat.

    ``seats`` (an object of seat numbers and a level or ``"friend"``) names them one by
    one; a seat it does not name gets ``opponent`` (at ``level`` for the computer).
    """
    given = body.get("seats", {})
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise malformed(sentence("server.seats_object"))
    size = rules.players
    out: dict[int, int | None] = {}
    for key, value in given.items():
        if not str(key).isdigit() or not 1 <= int(key) <= size or int(key) == seat:
            raise malformed(sentence("server.seats_key", size=size, seat=seat, key=key))
        if value == "friend":
            out[int(key)] = None
        elif value == "computer":
            out[int(key)] = level
        elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
            out[int(key)] = value
        else:
            raise malformed(sentence("server.seat_value", key=key, value=value))
    for other in rules.seats:
        if other != seat and other not in out:
            out[other] = None if opponent == "friend" else level
    available = levels_for(rules)
    for other, other_level in out.items():
        if other_level is not None and other_level not in available:
            levels = ", ".join(map(str, available))
            raise malformed(
                sentence("server.no_level", seat=other, level=other_level, preset=rules.preset_name, levels=levels)
            )
    return out


def _find_invitation(matches: Matches, hashed: str) -> tuple[Game, int, bool]:
    """The match, the seat and whether it is taken, of an invitation by its hash; 404 if unknown."""
    found = matches.store.invitation(hashed)
    if found is not None:  # the two-player invitation, stored with the match
        game = matches.get(found[0])
        return game, game.invite_seat or 2, found[1] or game.invite_used
    seat_found = matches.store.seat_invitation(hashed)
    if seat_found is None:
        raise not_found(sentence("server.no_invitation"))
    match_id, seat, used = seat_found
    game = matches.get(match_id)
    return game, seat, used or seat not in game.invites


def invitation(matches: Matches, code: str) -> dict[str, object]:
    """``GET /api/invitations/{code}``: who invites to what, and whether the seat is still open."""
    game, guest, used = _find_invitation(matches, token_hash(code))
    host = game.host or next(s for s in game.seats if s != guest)
    return {
        "match_id": game.id,
        "host": game.seats[host].name,
        "seat": guest,
        "rules": rules_json(game.match.rules),
        "used": used,
        "hints": game.hints,
        "players": game.size,
        "commitment": fairness.next_commitment(game.fairness_secret, game.match),
        "seats": [
            {"seat": s, "name": i.name, "kind": i.kind, "level": i.level, "open": s in game.open_seats()}
            for s, i in sorted(game.seats.items())
        ],
    }


def join(matches: Matches, body: dict[str, Any]) -> tuple[Game, int, str]:
    """``POST /api/join``: the invitation's seat to the first caller, once; (game, seat, token)."""
    code = body.get("code")
    if not isinstance(code, str) or not code or len(code) > 100:
        raise malformed(sentence("server.code_required"))
    name = fields.name_field(body, "name", "Guest")
    return take_invited_seat(matches, token_hash(code), name, fairness.client_seed(body))


def take_invited_seat(matches: Matches, hashed: str, name: str, seed: str) -> tuple[Game, int, str]:
    """The seat of the invitation whose hash is ``hashed``, to the first caller, once; (game, seat, token)."""
    game, seat, used = _find_invitation(matches, hashed)
    matches.check_open(game)
    if used:
        raise WebError(409, "invitation_used", sentence("server.invitation_used"))
    token = secrets.token_urlsafe(32)
    # taken at once, so that no second join passes while this one commits
    held = game.invites.pop(seat, None)
    if seat == game.invite_seat:
        game.invite_used = True
    try:
        commit_seat(matches, game, Seating(seat, name, token_hash(token)), seed)
    except Exception:
        if seat == game.invite_seat:
            game.invite_used = False
        else:
            game.invites[seat] = held
        raise
    return game, seat, token


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
            new, _, token = take_invited_seat(matches, invitation, game.seats[seat].name, client_seed)
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
    new, _, token, codes = create(matches, body)
    hashes: dict[int, str | None] = {seat: None} | {other: token_hash(code) for other, code in codes.items()}
    matches.store.save_rematch(game.id, new.id, hashes)
    game.rematch = new.id
    game.rematch_codes = {s: h for s, h in hashes.items() if h is not None}
    game.broadcast()  # the old match's seats learn of the rematch (and whether they are invited)
    return new, token
