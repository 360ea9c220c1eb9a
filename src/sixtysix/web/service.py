"""The web app's game service: matches in memory, backed by the store; the computer; updates.

Standard library (``asyncio``) and the engine only: the HTTP and WebSocket layer
(:mod:`sixtysix.web.app`) calls into :class:`Service` and turns :class:`WebError` into JSON
errors.

**The server is authoritative.** Every request is checked against the engine on a copy of
the deal first; a refused request raises :class:`WebError` and changes nothing. An accepted
change is written to SQLite in one transaction (:meth:`Store.commit`), then applied in
memory, then each open WebSocket gets its seat's new state. All of this runs on the event
loop thread without awaiting in between, so changes of one match never interleave. Only
the slow computer levels (4, 5), hints and reviews think in worker threads, on a copy of
what they may know, and their answer is applied only if the match has not moved meanwhile.

**The computer** moves in a background task after every change that leaves it to act. Its
exchange decisions (``X``/``pass`` when not on lead) are taken at once, in the same change
as the player's action that offered the exchange, and it waits while its human opponent
may still exchange, so that neither side's exchange offer is cut short by the other's
speed. (Between two people the engine's rule holds: the leader's next action ends the
offer.)

**Every table size.** A match may be two-player, three-handed or four-handed
(``Rules.players``); :func:`~sixtysix.core.match.create_match` and the deal classes play it, each
seat receives only its own seat's state (:mod:`sixtysix.web.state`, :mod:`sixtysix.web.tables`),
and every seat the creator does not take is a computer (:func:`~sixtysix.ai.levels.make_table_player`)
or an open seat with an invitation of its own (three- and four-handed; a two-player match has one).

**Restart.** :meth:`Service.start` rebuilds every unfinished match by replaying its stored
deals and actions (the decisions ``draw`` and ``pass`` included), so the state is exactly
what it was; the computer resumes if it is to act.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import datetime
import hmac
import json
import logging
import random
import secrets
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, cast

from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import DRAW, Action
from sixtysix.core.cards import CARD_NAMES, Card, parse_card
from sixtysix.core.errors import IllegalActionError, InvalidActionError, RulesError
from sixtysix.core.game import Deal, shuffled_deck
from sixtysix.core.match import AnyMatch, Match, create_match
from sixtysix.core.partnership import FourHandedDeal, side_of
from sixtysix.core.record import Record
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.partnership import PartnershipPlayer
from sixtysix.players.table import AnyDeal, AnyPlayer, AnyView, seat_to_ask, table_view
from sixtysix.web.state import (
    NEXT,
    PublicMatch,
    after_draw,
    levels_for,
    result_columns,
    seat_state,
)
from sixtysix.web.store import Change, InviteRow, MatchRow, SeatRow, Store, StoredMatch, token_hash
from sixtysix.web.tables import table_result_columns, table_state

log = logging.getLogger("sixtysix.web")

MAX_NAME = 40
MAX_TOKENS = 1000


class WebError(Exception):
    """A refused request: HTTP status, error code and message (docs/web-api.md, "Errors")."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, object]:
        return {"error": {"code": self.code, "message": self.message, "status": self.status}}


def malformed(message: str) -> WebError:
    return WebError(400, "malformed", message)


def not_your_turn(message: str) -> WebError:
    return WebError(409, "not_your_turn", message)


class Subscriber:
    """One open WebSocket: messages (JSON text) wait in a queue for its writer task."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, text: str) -> None:
        self.queue.put_nowait(text)

    def close(self) -> None:
        self.queue.put_nowait(None)


@dataclass
class SeatInfo:
    name: str
    kind: str
    level: int | None
    token_hash: str | None


@dataclass
class Game:
    """One match in memory."""

    id: str
    created: float
    kind: str
    hints: bool
    version: int
    status: str
    seats: dict[int, SeatInfo]
    match: AnyMatch
    first_dealer: int
    invite_hash: str | None = None
    invite_code: str | None = None
    invite_used: bool = False
    invite_seat: int | None = None
    invites: dict[int, str | None] = field(default_factory=dict)
    """Three- and four-handed: the unused invitations (plain code while unused) of the open seats."""
    host: int | None = None
    """Three- and four-handed: the creator's seat."""
    players: dict[int, AnyPlayer] = field(default_factory=dict)
    """The computer players, by seat."""
    levels: dict[int, int] = field(default_factory=dict)
    subscribers: dict[int, set[Subscriber]] = field(default_factory=dict)
    driving: bool = False
    hint_cache: dict[int, tuple[int, dict[str, object]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for seat in self.match.seats:
            self.subscribers.setdefault(seat, set())

    @property
    def size(self) -> int:
        """The number of seats: 2, 3 or 4."""
        return self.match.rules.players

    def open_seats(self) -> set[int]:
        """Seats waiting for a friend to join."""
        if self.size == 2:
            waiting = self.invite_code is not None and not self.invite_used and self.invite_seat
            return {self.invite_seat} if waiting and self.invite_seat else set()
        return set(self.invites)

    def public(self) -> PublicMatch:
        invite = None
        if self.invite_code is not None and not self.invite_used and self.invite_seat:
            invite = (3 - self.invite_seat, self.invite_code)
        return PublicMatch(
            match_id=self.id,
            version=self.version,
            status=self.status,
            kind=self.kind,
            hints=self.hints,
            seats={s: (i.name, i.kind, i.level) for s, i in self.seats.items()},
            connected={s: bool(subs) for s, subs in self.subscribers.items()},
            invite=invite,
            invites={s: c for s, c in self.invites.items() if c is not None} if self.size > 2 else None,
            host=self.host,
        )

    def state(self, seat: int) -> dict[str, object]:
        match = self.match
        if isinstance(match, Match):
            return seat_state(self.public(), match, seat)
        return table_state(self.public(), match, seat)

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may know of the current deal (it must take part in it)."""
        deal = self.match.current
        assert deal is not None
        return table_view(deal, seat, self.match)

    def human_seats(self) -> list[int]:
        return [s for s, i in self.seats.items() if i.kind == "human"]


def computer_name(level: int, seat: int | None = None) -> str:
    """``Computer (level 3)``; at a three- or four-handed table with its seat: ``Computer 2 (level 3)``."""
    return f"Computer (level {level})" if seat is None else f"Computer {seat} (level {level})"


class Service:
    """Every match of one server, on one event loop."""

    def __init__(
        self,
        store: Store,
        *,
        think: float = 0.5,
        review_seconds: float | None = 0.25,
        review_worlds: int | None = None,
        computer_delay: float = 0.0,
        workers: int = 2,
        seed: int | None = None,
        hint_budget: Any = None,
    ) -> None:
        self.store = store
        self.think = think
        self.review_seconds = review_seconds
        self.review_worlds = review_worlds
        self.hint_budget = hint_budget
        self.computer_delay = computer_delay
        self.executor = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="sixtysix-think")
        self.rng = random.Random(seed) if seed is not None else random.SystemRandom()
        self.games: dict[str, Game] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.reviews: dict[tuple[str, int], asyncio.Future[dict[str, object]]] = {}
        self.started = False

    # -- life cycle -------------------------------------------------------------------------

    def start(self) -> int:
        """Rebuild every unfinished match from the store; the number rebuilt. Needs a running loop."""
        count = 0
        for match_id in self.store.unfinished_ids():
            game = self.game(match_id)
            self._schedule(game)
            count += 1
        self.started = True
        return count

    async def stop(self) -> None:
        for task in list(self.tasks):
            task.cancel()
        for task in list(self.tasks):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for game in self.games.values():
            for subs in game.subscribers.values():
                for sub in subs:
                    sub.close()
        self.executor.shutdown(wait=False, cancel_futures=True)

    # -- loading ------------------------------------------------------------------------------

    def game(self, match_id: str) -> Game:
        """The match (loaded from the store and replayed if needed); 404 if unknown."""
        game = self.games.get(match_id)
        if game is not None:
            return game
        stored = self.store.load(match_id) if isinstance(match_id, str) and len(match_id) <= 64 else None
        if stored is None:
            raise WebError(404, "not_found", f"no match {match_id!r}")
        game = self._rebuild(stored)
        self.games[match_id] = game
        with contextlib.suppress(RuntimeError):  # no running loop: start() schedules it
            self._schedule(game)
        return game

    def _rebuild(self, stored: StoredMatch) -> Game:
        row = stored.row
        rules = Rules.from_options(row.preset, row.options).replace(match_target=row.target)
        match = create_match(rules, row.first_dealer)
        for deal_row in stored.deals:
            deal = match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
            for seat, token in deal_row.actions:
                deal.apply(Action.parse(token), seat)
            match.settle()
        seats = {s: SeatInfo(r.name, r.kind, r.level, r.token_hash) for s, r in stored.seats.items()}
        game = Game(
            id=row.id,
            created=row.created,
            kind=row.kind,
            hints=row.hints,
            version=row.version,
            status=row.status,
            seats=seats,
            match=match,
            first_dealer=row.first_dealer,
            invite_hash=row.invite_hash,
            invite_code=row.invite_code,
            invite_used=row.invite_used,
            invite_seat=row.invite_seat,
            invites={s: i.code for s, i in stored.invites.items() if not i.used},
            host=next((i.host for i in stored.invites.values()), None),
        )
        self._attach_computer(game)
        return game

    def _attach_computer(self, game: Game) -> None:
        rules = game.match.rules
        game.players = {}
        game.levels = {}
        for seat, info in game.seats.items():
            if info.kind == "computer" and info.level is not None:
                player = make_table_player(info.level, rules, seed=self.rng.getrandbits(32), time_limit=self.think)
                player.new_match(rules, seat)
                game.players[seat] = player
                game.levels[seat] = info.level

    # -- authentication ---------------------------------------------------------------------

    def authenticate(self, match_id: str, token: str | None) -> tuple[Game, int]:
        """The match and the token's seat; 401, 404 or 403 otherwise."""
        if not token:
            raise WebError(401, "unauthorized", "a seat token is needed: Authorization: Bearer TOKEN, or ?token=TOKEN")
        game = self.game(match_id)
        hashed = token_hash(token)
        for seat, info in game.seats.items():
            if info.token_hash is not None and hmac.compare_digest(info.token_hash, hashed):
                return game, seat
        raise WebError(403, "wrong_token", "this token is not a seat token of this match")

    # -- creating and joining -----------------------------------------------------------------

    def create(self, body: dict[str, Any]) -> tuple[Game, int, str]:
        """A new match from a ``POST /api/matches`` body; (game, seat, token)."""
        opponent = _choice(body, "opponent", ("computer", "friend"), "computer")
        level = _int(body, "level", 1, 5, 3)
        preset = _string(body, "rules", "seed66").lower()
        if preset not in PRESETS:
            raise malformed(f"unknown rules preset {preset!r} (known: {', '.join(PRESETS)})")
        options_value = body.get("options", {})
        if options_value is None:
            options_value = {}
        if not isinstance(options_value, dict):
            raise malformed("options must be an object of option names and values")
        options = {str(k): _option_text(v) for k, v in options_value.items()}
        if "match_target" in options:
            raise malformed("set the match target with target, not as an option")
        try:
            rules = Rules.from_options(preset, options)
        except RulesError as error:
            raise malformed(str(error)) from None
        target = _int(body, "target", 1, 1000, rules.match_target)
        rules = rules.replace(match_target=target)
        name = _name(body, "name", "Player")
        size = rules.players
        seat = _int(body, "seat", 1, size, 1)
        others = self._other_seats(body, rules, seat, opponent, level)
        friends = sorted(s for s, lv in others.items() if lv is None)
        kind = "friend" if friends else "computer"
        hints_default = kind == "computer" and size < 4
        hints = body.get("hints", hints_default)
        if hints is None:
            hints = hints_default
        if not isinstance(hints, bool):
            raise malformed("hints must be true or false")
        hints = hints and size < 4  # the analysis plays the two-player deal only
        now = time.time()
        match_id = secrets.token_urlsafe(9)
        token = secrets.token_urlsafe(32)
        stored_options = rules.options()
        stored_options.pop("match_target", None)
        seats = [SeatRow(seat, name, "human", None, token_hash(token))]
        invite_code = invite_hash = None
        invites: list[InviteRow] = []
        for other, other_level in sorted(others.items()):
            if other_level is not None:
                name_seat = other if size > 2 else None
                seats.append(SeatRow(other, computer_name(other_level, name_seat), "computer", other_level, None))
                continue
            seats.append(SeatRow(other, "Guest" if size == 2 else f"Guest {other}", "human", None, None))
            code = secrets.token_urlsafe(12)
            if size == 2:
                invite_code, invite_hash = code, token_hash(code)
            else:
                invites.append(InviteRow(other, seat, token_hash(code), code))
        row = MatchRow(
            id=match_id,
            created=now,
            updated=now,
            preset=rules.preset_name,
            options=stored_options,
            target=target,
            first_dealer=size,
            kind=kind,
            hints=hints,
            version=1,
            status="waiting" if friends else "playing",
            invite_hash=invite_hash,
            invite_code=invite_code,
            invite_seat=friends[0] if size == 2 and friends else None,
        )
        self.store.create_match(row, seats, invites)
        game = self.game(match_id)
        if not friends:
            self._commit(game, [], new_deal=True)
        return game, seat, token

    @staticmethod
    def _other_seats(body: dict[str, Any], rules: Rules, seat: int, opponent: str, level: int) -> dict[int, int | None]:
        """Every seat but the creator's: a computer level, or ``None`` for a friend's open seat.

        ``seats`` (an object of seat numbers and a level or ``"friend"``) names them one by
        one; a seat it does not name gets ``opponent`` (at ``level`` for the computer).
        """
        given = body.get("seats", {})
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise malformed('seats must be an object such as {"2": 3, "3": "friend"}')
        size = rules.players
        available = levels_for(rules)
        out: dict[int, int | None] = {}
        for key, value in given.items():
            if not str(key).isdigit() or not 1 <= int(key) <= size or int(key) == seat:
                raise malformed(f"seats names the other seats 1-{size} (not yours, {seat}), not {key!r}")
            if value == "friend":
                out[int(key)] = None
            elif value == "computer":
                out[int(key)] = level
            elif isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 5:
                out[int(key)] = value
            else:
                raise malformed(f'seat {key}: a computer level 1-5 or "friend", not {value!r}')
        for other in range(1, size + 1):
            if other != seat and other not in out:
                out[other] = None if opponent == "friend" else level
        for other, other_level in out.items():
            if other_level is not None and other_level not in available:
                levels = ", ".join(map(str, available))
                raise malformed(f"seat {other}: no level-{other_level} computer for {rules.preset_name} yet ({levels})")
        return out

    def invitation(self, code: str) -> dict[str, object]:
        """``GET /api/invitations/{code}``."""
        from sixtysix.web.state import rules_json

        hashed = token_hash(code)
        found = self.store.invitation(hashed)
        if found is not None:
            game = self.game(found[0])
            guest, used = game.invite_seat or 2, found[1]
        else:
            seat_found = self.store.seat_invitation(hashed)
            if seat_found is None:
                raise WebError(404, "not_found", "no such invitation")
            game = self.game(seat_found[0])
            guest, used = seat_found[1], seat_found[2]
        host = game.host if game.size > 2 and game.host else 3 - guest
        answer: dict[str, object] = {
            "match_id": game.id,
            "host": game.seats[host].name,
            "seat": guest,
            "rules": rules_json(game.match.rules),
            "used": used,
        }
        if game.size > 2:
            answer["players"] = game.size
            answer["seats"] = [
                {"seat": s, "name": i.name, "kind": i.kind, "level": i.level, "open": s in game.open_seats()}
                for s, i in sorted(game.seats.items())
            ]
        return answer

    def join(self, body: dict[str, Any]) -> tuple[Game, int, str]:
        """``POST /api/join``: the invitation's seat to the first caller, once."""
        code = body.get("code")
        if not isinstance(code, str) or not code or len(code) > 100:
            raise malformed("code (the invitation code) is required")
        name = _name(body, "name", "Guest")
        hashed = token_hash(code)
        found = self.store.invitation(hashed)
        if found is None:
            seat_found = self.store.seat_invitation(hashed)
            if seat_found is None:
                raise WebError(404, "not_found", "no such invitation")
            return self._join_seat(seat_found, name)
        match_id, used = found
        game = self.game(match_id)
        if used or game.invite_used:
            raise WebError(409, "invitation_used", "this invitation has been used: the seat is taken")
        seat = game.invite_seat or 2
        token = secrets.token_urlsafe(32)
        game.invite_used = True  # at once: no second join can pass while this one commits
        try:
            self._commit(game, [], new_deal=True, join=(seat, name, token_hash(token)))
        except Exception:
            game.invite_used = False
            raise
        return game, seat, token

    def _join_seat(self, found: tuple[str, int, bool], name: str) -> tuple[Game, int, str]:
        """A three- or four-handed invitation: its seat; the first deal once every seat is taken."""
        match_id, seat, used = found
        game = self.game(match_id)
        if used or seat not in game.invites:
            raise WebError(409, "invitation_used", "this invitation has been used: the seat is taken")
        token = secrets.token_urlsafe(32)
        code = game.invites.pop(seat)  # at once: no second join can pass while this one commits
        try:
            self._commit(game, [], new_deal=not game.invites, join=(seat, name, token_hash(token)))
        except Exception:
            game.invites[seat] = code
            raise
        return game, seat, token

    # -- acting -----------------------------------------------------------------------------------

    def act(
        self,
        game: Game,
        seat: int,
        token: object,
        version: object = None,
        origin: Subscriber | None = None,
        reply_to: object = None,
    ) -> int:
        """Take a seat's action (validated, stored, broadcast); the new version."""
        if not isinstance(token, str) or not token.strip() or len(token) > 16:
            raise malformed("action must be an action token such as Ah, 20h, X, C, CB, 66, draw, pass or next")
        if version is not None and (not isinstance(version, int) or isinstance(version, bool)):
            raise malformed("version must be a whole number")
        text = token.strip()
        if text.lower() == NEXT:
            parsed: Action | None = None
        else:
            try:
                parsed = Action.parse(text)
            except InvalidActionError:
                raise malformed(f"not an action: {text!r}") from None
        if version is not None and version != game.version:
            raise WebError(409, "stale_version", f"the match is at version {game.version}, not {version}")
        if game.seats[seat].kind != "human":
            raise WebError(403, "other_seat", "this seat is played by the computer")
        if parsed is None:
            self._next_deal(game, origin, reply_to)
            return game.version
        if game.status == "waiting":
            raise not_your_turn("the opponent has not joined yet" if game.size == 2 else "not every seat is taken yet")
        deal = game.match.current
        assert deal is not None
        if deal.is_over:
            raise not_your_turn("the match is over" if game.match.is_over else "the deal is over: send next")
        work = deal.copy()
        steps: list[tuple[int, Action]] = []
        self._computer_window(game, work, steps)
        legal = work.legal_actions(seat)
        if parsed in legal:
            work.apply(parsed, seat)
            steps.append((seat, parsed))
        elif str(parsed) in _after_draw(work, seat):
            work.apply(DRAW, seat)
            steps.append((seat, Action(DRAW)))
            self._computer_window(game, work, steps)
            try:
                work.apply(parsed, seat)
            except IllegalActionError as error:  # not expected: after_draw lists legal actions only
                raise WebError(409, "illegal_action", str(error)) from None
            steps.append((seat, parsed))
        elif isinstance(work, ThreeHandedDeal) and not work.inner_seat(seat):
            raise not_your_turn(f"seat {seat} deals and sits out this deal")
        elif not legal:
            actor = work.to_act
            raise not_your_turn(f"it is seat {actor}'s turn, not seat {seat}'s")
        else:
            raise WebError(409, "illegal_action", f"{parsed}: {self._explain(work, parsed, seat)}")
        # An exchange offer this action opened for the computer is decided in the same change,
        # so the player never sees a state that the computer's answer makes stale.
        self._computer_window(game, work, steps)
        self._commit(game, steps, origin=origin, reply_to=reply_to)
        return game.version

    @staticmethod
    def _explain(deal: AnyDeal, action: Action, seat: int) -> str:
        if isinstance(deal, FourHandedDeal):
            return deal.explain_illegal(action, seat)
        two = deal.inner if isinstance(deal, ThreeHandedDeal) else deal
        inner = deal.inner_seat(seat) if isinstance(deal, ThreeHandedDeal) else seat
        if action < 32 and not two.hands[inner] >> action & 1:
            return f"seat {seat} does not hold {CARD_NAMES[action]}"
        if two.window == inner:
            return "you may exchange (X) or pass now"
        reason = two.explain_illegal(action, inner)
        if isinstance(deal, ThreeHandedDeal):  # the engine names inner seats 1 and 2
            first, second = deal.active
            reason = reason.replace("seat 1", "seat \0").replace("seat 2", f"seat {second}")
            reason = reason.replace("seat \0", f"seat {first}")
        return reason

    def _computer_window(self, game: Game, work: AnyDeal, steps: list[tuple[int, Action]]) -> None:
        """A computer's exchange decision, if it may exchange now (taken at once, before the leader)."""
        while work.window in game.players and not work.is_over:
            seat = work.window
            view = table_view(work, seat, game.match)
            action = _choose(game.players[seat], view)
            if action not in view.legal:
                action = view.legal[-1]
            work.apply(action, seat)
            steps.append((seat, action))

    def _next_deal(self, game: Game, origin: Subscriber | None, reply_to: object) -> None:
        if game.status == "waiting":
            raise not_your_turn("the opponent has not joined yet" if game.size == 2 else "not every seat is taken yet")
        if game.match.is_over:
            raise not_your_turn("the match is over")
        deal = game.match.current
        if deal is not None and not deal.is_over:
            raise not_your_turn("the deal is not over")
        self._commit(game, [], new_deal=True, origin=origin, reply_to=reply_to)

    def _deck(self, rules: Rules) -> tuple[Card, ...]:
        return shuffled_deck(rules, random.Random(self.rng.getrandbits(64)))

    # -- committing --------------------------------------------------------------------------------

    def _commit(
        self,
        game: Game,
        steps: Sequence[tuple[int, Action]],
        *,
        new_deal: bool = False,
        join: tuple[int, str, str] | None = None,
        origin: Subscriber | None = None,
        reply_to: object = None,
    ) -> None:
        """Apply validated changes, store them in one transaction, then broadcast."""
        match = game.match
        change = Change(game.id, game.version, game.status, match.score, match.winner, len(match.deals))
        try:
            if join is not None:
                seat, name, hashed = join
                game.seats[seat] = dataclasses.replace(game.seats[seat], name=name, token_hash=hashed)
                change.seat_update = join
                if game.size == 2:
                    change.invite_used = True
                    game.invite_used = True
                    game.invite_code = None
                else:
                    change.invite_seat_used = seat
                    game.invites.pop(seat, None)
                if not game.open_seats():
                    game.status = "playing"
                game.version += 1
            if new_deal:
                dealt = match.new_deal(self._deck(match.rules))
                change.new_deals.append((len(match.deals), dealt.dealer, " ".join(CARD_NAMES[c] for c in dealt.deck)))
                game.version += 1
                for seat, player in game.players.items():
                    if not isinstance(dealt, ThreeHandedDeal) or dealt.inner_seat(seat):
                        _start(player, game.view(seat))
            deal_number = len(match.deals)
            for seat, action in steps:
                deal = match.current
                assert deal is not None
                match.apply(action, seat)
                change.actions.append((deal_number, len(deal.history), seat, str(action)))
                game.version += 1
            current = match.current
            if steps and current is not None and current.is_over:
                columns = (
                    result_columns(match, deal_number)
                    if isinstance(match, Match)
                    else table_result_columns(match, deal_number)
                )
                change.results.append((deal_number, columns))
            if match.is_over:
                game.status = "over"
            change.version = game.version
            change.status = game.status
            change.score = match.score
            change.winner = match.winner
            change.deals = len(match.deals)
            self.store.commit(change)
        except Exception:
            # Memory may be ahead of the store: rebuild the match from what is stored.
            log.exception("commit of match %s failed; reloading it", game.id)
            self._reload(game)
            raise
        self.broadcast(game, origin, reply_to)
        self._schedule(game)

    def _reload(self, game: Game) -> None:
        stored = self.store.load(game.id)
        if stored is None:
            return
        fresh = self._rebuild(stored)
        fresh.subscribers = game.subscribers
        self.games[game.id] = fresh
        # Keep the same object for holders of the old reference.
        names = ("version", "status", "seats", "match", "invite_used", "invite_code", "invites", "players", "levels")
        for name in names:
            setattr(game, name, getattr(fresh, name))
        self.games[game.id] = game

    def broadcast(self, game: Game, origin: Subscriber | None = None, reply_to: object = None) -> None:
        """Send each open socket its seat's current state."""
        for seat, subs in game.subscribers.items():
            if not subs:
                continue
            message: dict[str, object] = {"type": "state", "state": game.state(seat)}
            text = json.dumps(message, separators=(",", ":"))
            for sub in subs:
                if sub is origin and reply_to is not None:
                    sub.send(json.dumps({**message, "reply_to": reply_to}, separators=(",", ":")))
                else:
                    sub.send(text)

    # -- subscriptions -------------------------------------------------------------------------------

    def subscribe(self, game: Game, seat: int, sub: Subscriber) -> None:
        first = not game.subscribers[seat]
        game.subscribers[seat].add(sub)
        if first:
            self._presence(game, skip=sub)

    def unsubscribe(self, game: Game, seat: int, sub: Subscriber) -> None:
        game.subscribers[seat].discard(sub)
        if not game.subscribers[seat]:
            self._presence(game)
        if game.status == "over" and not any(game.subscribers.values()) and not game.driving:
            self.games.pop(game.id, None)  # a finished match is read back from the store when asked

    def _presence(self, game: Game, skip: Subscriber | None = None) -> None:
        text = json.dumps({"type": "presence", "connected": {str(s): bool(v) for s, v in game.subscribers.items()}})
        for subs in game.subscribers.values():
            for sub in subs:
                if sub is not skip:
                    sub.send(text)

    # -- the computer ------------------------------------------------------------------------------------

    @staticmethod
    def computer_due(game: Game) -> bool:
        if not game.players or game.status != "playing":
            return False
        deal = game.match.current
        if deal is None or deal.is_over:
            return False
        # an open exchange offer first: the computer waits for a person's exchange decision
        return seat_to_ask(deal) in game.players

    def _schedule(self, game: Game) -> None:
        if game.driving or not self.computer_due(game):
            return
        loop = asyncio.get_running_loop()  # RuntimeError outside the server's loop
        game.driving = True
        task = loop.create_task(self._drive(game))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _drive(self, game: Game) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self.computer_due(game):
                if self.computer_delay:
                    await asyncio.sleep(self.computer_delay)
                    if not self.computer_due(game):
                        break
                deal = game.match.current
                assert deal is not None
                seat = seat_to_ask(deal)
                assert seat is not None
                player = game.players[seat]
                view = game.view(seat)
                version = game.version
                slow = game.levels[seat] >= 4 or (game.size == 4 and game.levels[seat] >= 2)
                if slow and not (isinstance(view, PlayerView) and view.window == view.seat):
                    action = await loop.run_in_executor(self.executor, _choose, player, view)
                else:
                    action = _choose(player, view)
                    await asyncio.sleep(0)  # let other matches run between moves
                if game.version != version or game.players.get(seat) is not player:
                    continue  # the match moved while it thought: think again
                if action not in view.legal:
                    log.error("the computer of match %s chose the illegal %s", game.id, action)
                    action = view.legal[0]
                self._commit(game, [(seat, action)])
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the computer of match %s failed", game.id)
        finally:
            game.driving = False

    # -- hints, reviews, records -----------------------------------------------------------------------

    async def hint(self, game: Game, seat: int) -> dict[str, object]:
        from sixtysix.ai.analysis import analyze, hint

        if not game.hints:
            raise WebError(409, "not_available", "hints are off in this match")
        deal = game.match.current
        if game.status != "playing" or deal is None or deal.is_over or not deal.legal_actions(seat):
            raise not_your_turn("hints are given at your own decisions only")
        cached = game.hint_cache.get(seat)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        view = game.view(seat)
        if not isinstance(view, PlayerView):
            raise WebError(409, "not_available", "hints are for the two-player deal only")
        version = game.version
        loop = asyncio.get_running_loop()
        if self.hint_budget is not None:
            budget = self.hint_budget
            result = await loop.run_in_executor(self.executor, lambda: analyze(view, budget))
        else:
            result = await loop.run_in_executor(self.executor, lambda: hint(view, seed=None))
        data = result.to_json()
        answer: dict[str, object] = {
            "version": version,
            "best": data["best"],
            "worlds": data["worlds"],
            "exact": data["exact"],
            "seconds": data["seconds"],
            "actions": data["actions"],
        }
        game.hint_cache[seat] = (version, answer)
        return answer

    async def review(self, game: Game, seat: int, number: int) -> dict[str, object]:
        from sixtysix.web.review import present, review_deal

        if not isinstance(game.match, Match):
            raise WebError(409, "not_available", "reviews are for two-player matches only")
        deals = game.match.deals
        if not 1 <= number <= len(deals):
            raise WebError(404, "not_found", f"no deal {number} in this match")
        deal = deals[number - 1]
        if deal.outcome is None:
            raise WebError(409, "not_available", f"deal {number} has not ended")
        data = self.store.load_review(game.id, number)
        if data is None:
            key = (game.id, number)
            future = self.reviews.get(key)
            if future is None:
                loop = asyncio.get_running_loop()
                rules = game.match.rules
                seconds, worlds = self.review_seconds, self.review_worlds
                history = tuple(deal.history)
                future = loop.run_in_executor(
                    self.executor, lambda: review_deal(rules, deal.dealer, deal.deck, history, seconds, worlds)
                )
                self.reviews[key] = future
                try:
                    data = await future
                    self.store.save_review(game.id, number, data)
                finally:
                    self.reviews.pop(key, None)
            else:
                data = await future
        return present(data, game.public(), game.match, number, seat)

    def record_text(self, game: Game) -> str:
        """The 66R record of the match's finished deals."""
        match = game.match
        names = {s: i.name for s, i in game.seats.items()}
        date = datetime.datetime.fromtimestamp(game.created).strftime("%Y.%m.%d")
        headers = [
            ("Event", f"sixtysix web, {'against the computer' if game.kind == 'computer' else 'between friends'}"),
            ("Site", "sixtysix serve"),
            ("Date", date),
            *((f"Seat{s}", names[s]) for s in match.seats),
        ]
        if match.is_over:
            headers.append(("Result", "-".join(str(p) for p in match.score)))
        try:
            record = Record.from_match(cast(Any, match), headers)
        except Exception as error:  # a record format without this table size
            raise WebError(409, "not_available", f"no record of a {game.size}-player match: {error}") from None
        finished = sum(1 for d in match.deals if d.outcome is not None)
        record.deals = record.deals[:finished]
        return record.text()

    # -- history -----------------------------------------------------------------------------------

    def history(self, body: dict[str, Any]) -> dict[str, object]:
        from sixtysix.web.review import statistics

        tokens = body.get("tokens")
        if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
            raise malformed("tokens must be a list of seat tokens")
        if len(tokens) > MAX_TOKENS:
            raise malformed(f"at most {MAX_TOKENS} tokens")
        found = self.store.seats_of_tokens(token_hash(t) for t in dict.fromkeys(tokens) if t)
        unknown = len(dict.fromkeys(t for t in tokens if t)) - len(found)
        summaries = self.store.summaries([m for m, _ in found])
        matches = []
        mine: list[tuple[str, int, str]] = []
        for match_id, seat in found:
            if match_id not in summaries:
                continue
            row, seats = summaries[match_id]
            size = Rules.from_options(row.preset, row.options).players if row.preset in PRESETS else 2
            others = [seats[s] for s in sorted(seats) if s != seat]
            other = others[0]
            your_turn = False
            if row.status == "playing":
                game = self.game(match_id)
                deal = game.match.current
                your_turn = deal is not None and (
                    bool(deal.legal_actions(seat)) or (deal.is_over and not game.match.is_over)
                )
            matches.append(
                {
                    "match_id": match_id,
                    "seat": seat,
                    "kind": row.kind,
                    "level": other.level if size == 2 else None,
                    "players": size,
                    "status": row.status,
                    "rules": row.preset,
                    "target": row.target,
                    "names": [seats[s].name for s in sorted(seats)],
                    "opponent": other.name if size == 2 else ", ".join(o.name for o in others),
                    "score": list(row.score[: 2 if size != 3 else 3]),
                    "winner": row.winner,
                    "won": None if row.winner is None else row.winner == (side_of(seat) if size == 4 else seat),
                    "deals": row.deals,
                    "your_turn": your_turn,
                    "created": row.created,
                    "updated": row.updated,
                }
            )
            if size == 2:  # the statistics count two-player matches
                mine.append((match_id, seat, row.status))
        matches.sort(key=lambda m: -float(str(m["updated"])))
        return {"matches": matches, "unknown": unknown, "stats": statistics(self.store, mine)}


# -- table helpers ----------------------------------------------------------------------------------


def _choose(player: AnyPlayer, view: AnyView) -> Action:
    """One decision of a computer seat (its answer is checked against ``view.legal`` by the caller)."""
    if isinstance(player, PartnershipPlayer):
        assert isinstance(view, PartnershipView)
        return player.choose(view)
    assert isinstance(view, PlayerView)
    return player.choose(view)


def _start(player: AnyPlayer, view: AnyView) -> None:
    if isinstance(player, PartnershipPlayer):
        assert isinstance(view, PartnershipView)
        player.new_deal(view)
    else:
        assert isinstance(view, PlayerView)
        player.new_deal(view)


def _after_draw(deal: AnyDeal, seat: int) -> list[str]:
    """:func:`~sixtysix.web.state.after_draw` at any table (table seats; none in the four-handed game)."""
    if isinstance(deal, Deal):
        return after_draw(deal, seat)
    if isinstance(deal, ThreeHandedDeal) and deal.inner_seat(seat):
        return after_draw(deal.inner, deal.inner_seat(seat))
    return []


# -- request body helpers -------------------------------------------------------------------------


def _choice(body: dict[str, Any], key: str, allowed: Sequence[str], default: str) -> str:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or value.lower() not in allowed:
        raise malformed(f"{key} must be one of {', '.join(allowed)}")
    return value.lower()


def _int(body: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise malformed(f"{key} must be a whole number from {low} to {high}")
    return value


def _string(body: dict[str, Any], key: str, default: str) -> str:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise malformed(f"{key} must be a string")
    return value


def _name(body: dict[str, Any], key: str, default: str) -> str:
    value = _string(body, key, default)
    value = " ".join(value.split())
    if len(value) > MAX_NAME:
        raise malformed(f"{key} may have at most {MAX_NAME} characters")
    return value or default


def _option_text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    raise malformed(f"option values must be strings, not {value!r}")
