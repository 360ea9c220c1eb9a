"""The server's matches in memory: one match (:class:`Game`: its seats, the engine's match, its computer
seats and its open sockets) and every match of the server (:class:`Matches`), each rebuilt from the store
the first time it is asked for.

**One match.** A :class:`Game` is rebuilt from the store (:class:`Matches`) and changed only
by the commits of :mod:`sixtysix.web.play`. Each seat receives its own state
(:meth:`Game.state`, built by :func:`sixtysix.present.state.seat_state`) and nothing else.

**The computer's seats.** A computer seat plays through :mod:`sixtysix.players` with what its seat
may know (its view) and nothing else: :func:`seat_players` gives each its player, :func:`start_deal`
tells them of a new deal, :func:`decide` asks one for its decision. Its exchange decisions out of
turn are taken at once, in the same change as the action that offered the exchange
(:func:`decide_windows`), so that a person never sees a state that the computer's answer makes stale;
its turns are scheduled by :class:`sixtysix.web.play.Scheduler`.

**Every match.** A match is rebuilt by replaying its stored deals and actions (the decisions ``draw`` and
``pass`` included), so its state is exactly what it was before a restart; its computer
seats get fresh players. After a failed commit the match is rebuilt again from what the
store holds (:meth:`Matches.reload`). A change another server process stored is replayed on the
match in memory (:meth:`Matches.replay`).
"""

from __future__ import annotations

import dataclasses
import hmac
import logging
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, parse_card
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.fairness import DealSeeds
from sixtysix.core.forfeit import FORFEIT_POINTS, forfeit_deal, forfeit_match
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.core.view import AnyView
from sixtysix.players.player import AnyPlayer
from sixtysix.players.table import ask
from sixtysix.present.picture import SPECTATOR
from sixtysix.present.spectator import shown_match, spectator_state
from sixtysix.present.state import StateMemo, seat_state
from sixtysix.present.table import PublicMatch, is_duel
from sixtysix.web import fairness
from sixtysix.web.errors import WebError, not_found
from sixtysix.web.limits import Limits
from sixtysix.web.live import Audience, Subscriber
from sixtysix.web.messages import sentence
from sixtysix.web.meta import reviews_for
from sixtysix.web.middleware import Metrics, ServerTime
from sixtysix.web.presence import Presence
from sixtysix.web.store import Change, Store, StoredMatch

log = logging.getLogger("sixtysix.web")

FORFEIT = "forfeit"
"""The stored action of a seat that forfeited the deal (its move clock ran out and another claimed)."""

TIMEOUT = "timeout: the move clock ran out"
"""Why a seat forfeits when another claims after its move clock ran out (the outcome's reason)."""
BOT_FORFEIT = "forfeit:bot"
"""The stored action of a bot's seat that forfeited the deal because its program broke the 66P protocol."""
BOT_FAILURE = "protocol: the bot's program failed (66P)"
"""Why a bot's seat forfeits the deal (the outcome's reason; :mod:`sixtysix.web.bot_api`)."""
FORFEITS = {FORFEIT: TIMEOUT, BOT_FORFEIT: BOT_FAILURE}
"""The stored forfeits, and the reason each one replays with."""


@dataclass
class SeatInfo:
    name: str
    kind: str
    """``human`` or ``computer``."""
    level: int | None
    token_hash: str | None
    client_seed: str = ""
    """The client seed the seat's browser sent (docs/fairness.md), ``""`` for none."""


@dataclass
class Game:
    """One match in memory."""

    id: str
    created: float
    updated: float
    """When the match last changed (seconds since the epoch): its expiry counts from here."""
    kind: str
    hints: bool
    version: int
    status: str
    seats: dict[int, SeatInfo]
    match: AnyMatch
    first_dealer: int
    invite_hash: str | None = None
    """Two-player: the match's one invitation (its hash; the code was shown once, at the creation)."""
    invite_code: str | None = None
    """Two-player: the plain code, only in a match stored by an older server."""
    invite_used: bool = False
    invite_seat: int | None = None
    invites: dict[int, str | None] = field(default_factory=dict)
    """Three- and four-handed: the open seats with an unused invitation (the plain code only in a match
    stored by an older server, else ``None``)."""
    host: int | None = None
    """Three- and four-handed: the creator's seat."""
    players: dict[int, AnyPlayer] = field(default_factory=dict)
    """The computer players, by seat."""
    levels: dict[int, int] = field(default_factory=dict)
    audience: Audience = field(init=False)
    """The open WebSockets, by seat."""
    driving: bool = False
    """The computer's task runs for this match."""
    touched: float = field(default_factory=time.monotonic)
    """When a request or socket last used the match (:meth:`ServerTime.monotonic`): idle matches leave memory."""
    server_time: ServerTime = field(default_factory=ServerTime, repr=False)
    """The server's clocks (the move clock reads them; set by :class:`~sixtysix.web.matches.Matches`)."""
    memo: StateMemo = field(default_factory=StateMemo)
    """What the seat states share (the deal's public part, the finished deals' ends)."""
    fairness_secret: str | None = None
    """The secret each deal's server seed comes from (docs/fairness.md); never shown."""
    seeds: list[DealSeeds | None] = field(default_factory=list)
    """Each deal's committed seeds, the secret server seed included (``None``: a deal of an older server).
    Only :mod:`sixtysix.web.fairness` shows them, the server seed once the deal has ended."""
    move_seconds: float = 60.0
    """The move clock between people: seconds for each decision (docs/web.md, "The move clock")."""
    grace_seconds: float = 120.0
    """Seconds after a move clock ran out until the match may be claimed from a seat that is gone."""
    spectators: bool = False
    """Anyone may watch the match (:mod:`sixtysix.web.watch`)."""
    spectator_delay: int = 0
    """How many actions behind the live match its spectators are shown it."""
    spectator_memo: StateMemo = field(default_factory=StateMemo)
    """What the spectator states share (apart from the seats' memo: a delay shows another match object)."""
    bots: frozenset[int] = frozenset()
    """The seats held by a bot's account (:mod:`sixtysix.web.bots`): marked ``"bot": true`` in every state."""
    rematch: str | None = None
    """A finished match: the id of its rematch, once a seat asked for one."""
    rematch_codes: dict[int, str] = field(default_factory=dict)
    """The hash of each other person's invitation to the rematch, by seat: taken with the seat's token
    of this match (``POST .../rematch``), never shown."""
    _fairness: tuple[tuple[int, bool, bool], dict[str, object] | None] | None = field(default=None, repr=False)
    _shown: tuple[AnyMatch, int, AnyMatch] | None = field(default=None, repr=False)
    """The match the spectators are shown, and the match and version it was made of (a delay replays it)."""
    """The states' ``fairness`` object and what it was built for (:meth:`fairness_json`)."""
    reviews: bool = field(init=False)
    """Whether the match's finished deals can be reviewed (:func:`~sixtysix.web.meta.reviews_for` its rules)."""

    def __post_init__(self) -> None:
        self.audience = Audience(self.match.seats)
        self.reviews = reviews_for(self.match.rules)

    def seat_holding(self, hashed: str) -> int | None:
        """The seat whose token hashes to ``hashed`` (compared in constant time); ``None`` for none."""
        for seat, info in self.seats.items():
            if info.token_hash is not None and hmac.compare_digest(info.token_hash, hashed):
                return seat
        return None

    @property
    def size(self) -> int:
        """The number of seats: 2, 3 or 4."""
        return self.match.rules.players

    def open_seats(self) -> set[int]:
        """Seats waiting for a friend to join."""
        if self.invite_seat:  # a two-player invitation, stored with the match (database schema 1)
            waiting = self.invite_hash is not None and not self.invite_used
            return {self.invite_seat} if waiting else set()
        return set(self.invites)

    def public(self) -> PublicMatch:
        """What everybody at the table knows besides the cards."""
        invite = None
        if self.invite_hash is not None and not self.invite_used and self.invite_seat:
            invite = (3 - self.invite_seat, self.invite_code)
        return PublicMatch(
            match_id=self.id,
            version=self.version,
            status=self.status,
            kind=self.kind,
            hints=self.hints,
            seats={s: (i.name, i.kind, i.level) for s, i in self.seats.items()},
            connected=self.audience.connected(),
            invite=invite,
            invites=dict(self.invites) if self.invites else None,
            host=self.host,
            reviews=self.reviews,
            open_seats=frozenset(self.open_seats()),
        )

    def state(self, seat: int, public: PublicMatch | None = None) -> dict[str, object]:
        """The state of ``seat`` (docs/web-api.md); ``public``: :meth:`public` now, if the caller has it."""
        state = seat_state(public or self.public(), self.match, seat, self.memo)
        state["fairness"] = self.fairness_json()
        state["clock"] = self.clock_json(seat)
        state["rematch"] = self.rematch_json(seat)
        state["watch"] = self.watch_json()
        return self.mark_bots(state)

    def mark_bots(self, state: dict[str, object]) -> dict[str, object]:
        """``state`` with the seats a bot's account holds marked ``"bot": true`` (no change without one)."""
        seats = state.get("seats")
        if self.bots and isinstance(seats, list):
            state["seats"] = [{**s, "bot": True} if s.get("seat") in self.bots else s for s in seats]
        return state

    def watch_json(self) -> dict[str, object] | None:
        """Whether anyone may watch the match, as the seats' states say it: its watch page's path and the
        spectators' delay; ``None`` when its creator said no (:mod:`sixtysix.web.watch`)."""
        return {"path": f"/?watch={self.id}", "delay": self.spectator_delay} if self.spectators else None

    def spectator_state(self, public: PublicMatch | None = None) -> dict[str, object]:
        """What a spectator is shown (:func:`sixtysix.present.spectator.spectator_state`), with the
        fairness of the deals it has been shown and, without a delay, the move clock."""
        kept = self._shown
        if kept is None or kept[0] is not self.match or kept[1] != self.version:
            kept = self._shown = (self.match, self.version, shown_match(self.match, self.spectator_delay))
        shown = kept[2]
        state = spectator_state(public or self.public(), self.match, self.spectator_memo, self.spectator_delay, shown)
        if shown is not self.match:  # the deals the spectator has reached: not a later commitment nor seed
            state["fairness"] = fairness.match_json(shown, self.seeds, self.fairness_secret)
            state["clock"] = None
        else:
            state["fairness"] = self.fairness_json()
            state["clock"] = self.clock_json(SPECTATOR)
        return self.mark_bots(state)

    def fairness_json(self) -> dict[str, object] | None:
        """The ``fairness`` object of every seat's state (:func:`sixtysix.web.fairness.match_json`): built
        once while the match has the same deals, the current one still going on or ended."""
        deal = self.match.current
        key = (len(self.match.deals), deal is not None and deal.is_over, self.match.is_over)
        if self._fairness is None or self._fairness[0] != key:
            self._fairness = (key, fairness.match_json(self.match, self.seeds, self.fairness_secret))
        return self._fairness[1]

    def client_seeds(self) -> dict[int, str | None]:
        """Every seat's client seed for the next deal: a person's own (``""``: none), ``None`` for a computer."""
        return {s: info.client_seed if info.kind == "human" else None for s, info in self.seats.items()}

    def rematch_json(self, seat: int) -> dict[str, object] | None:
        """The rematch of a finished match as ``seat`` sees it: its id, and whether the seat is invited to it
        (it takes its seat there with ``POST .../rematch`` and its token of this match)."""
        if self.rematch is None:
            return None
        return {"match_id": self.rematch, "invited": seat in self.rematch_codes}

    def late_seat(self) -> int | None:
        """The person whose move clock runs: a match between people, a deal going on, a person to act."""
        deal = self.match.current
        if self.status != "playing" or deal is None or deal.is_over:
            return None
        if sum(1 for info in self.seats.values() if info.kind == "human") < 2:
            return None  # against the computer nobody waits for a person
        seat = deal.seat_to_ask
        return seat if seat is not None and self.seats[seat].kind == "human" else None

    def clock_json(self, seat: int, now: float | None = None) -> dict[str, object] | None:
        """The move clock as ``seat`` sees it (``None`` when none runs); docs/web-api.md.

        ``deadline``: when the clock of ``seat_to_act`` runs out (server time, seconds since
        1970, with ``now`` for the page to correct its own clock); then every other person may
        claim the deal, and ``match_after`` that too the match from a seat that is not connected.
        """
        late = self.late_seat()
        if late is None:
            return None
        now = self.server_time.wall() if now is None else now
        deadline = self.updated + self.move_seconds  # the last change, as stored
        return {
            "seat": late,
            "seconds": self.move_seconds,
            "grace": self.grace_seconds,
            "now": round(now, 3),
            "deadline": round(deadline, 3),
            "match_after": round(deadline + self.grace_seconds, 3),
            "mine": late == seat,
            "forfeit_points": FORFEIT_POINTS,
        }

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may know of the current deal, with the match score (it must take part in it)."""
        return self.match.view(seat)

    def broadcast(self, origin: Subscriber | None = None, reply_to: object = None) -> None:
        """Send each open socket its seat's state now (answering ``origin``'s message ``reply_to``)."""
        public = self.public()  # the same for every seat: built once per change
        self.audience.broadcast(lambda seat: self.state(seat, public), origin, reply_to)
        if self.audience.spectators:
            self.audience.broadcast_spectators(self.spectator_state(public))


def seat_players(game: Game, rng: random.Random, think: float) -> None:
    """Give every computer seat of ``game`` its player (at its level, ``think`` seconds a decision)."""
    rules = game.match.rules
    game.players = {}
    game.levels = {}
    for seat, info in game.seats.items():
        if info.kind == "computer" and info.level is not None:
            player = make_table_player(info.level, rules, seed=rng.getrandbits(32), time_limit=think)
            player.new_match(rules, seat)
            game.players[seat] = player
            game.levels[seat] = info.level


def decide(game: Game, player: AnyPlayer, view: AnyView, fallback: int = 0) -> Action:
    """One decision of a computer seat; an illegal answer is logged and replaced by ``view.legal[fallback]``."""
    try:
        return ask(player, view)
    except IllegalActionError:
        action = view.legal[fallback]
        log.error("the computer of match %s chose an illegal action; it plays %s", game.id, action)
        return action


def start_deal(game: Game) -> None:
    """Tell each computer that plays the new current deal its first view."""
    deal = game.match.current
    assert deal is not None
    for seat in deal.active:
        player = game.players.get(seat)
        if player is not None:
            player.new_deal(game.view(seat))


def decide_windows(game: Game, work: Table, steps: list[tuple[int, Action]]) -> None:
    """A computer's exchange decision, if it may exchange now: taken at once, before the leader acts.

    ``work`` is the copy of the deal being changed; each decision is applied to it and
    added to ``steps``.
    """
    while work.window in game.players and not work.is_over:
        seat = work.window
        view = work.view(seat, game.match.score, game.match.carried)
        action = decide(game, game.players[seat], view, fallback=-1)  # an illegal answer passes
        work.apply(action, seat)
        steps.append((seat, action))


def thinks_long(game: Game, seat: int) -> bool:
    """Whether the seat's decisions search (then they run in a worker thread)."""
    level = game.levels[seat]
    # the partnership levels 2-3 search the deal of sides; the two-player ones are rules of thumb
    return level >= 4 or (not is_duel(game.match.rules) and level >= 2)


class Matches:
    """The matches in memory, by id, backed by the store."""

    def __init__(
        self,
        store: Store,
        rng: random.Random,
        think: float,
        move_seconds: float = 60.0,
        grace_seconds: float = 120.0,
        expire_seconds: float = float("inf"),
        server_time: ServerTime | None = None,
        metrics: Metrics | None = None,
        pending_commitments: int = Limits.pending_commitments,
    ) -> None:
        self.store = store
        self.metrics = metrics or Metrics()
        """The server's metrics: every commit counts its actions there."""
        self.server_time = server_time or ServerTime()
        """The server's clocks: the move clock, expiry and idle time read them (the tests set them)."""
        self.move_seconds = move_seconds
        """The move clock between people: seconds for each decision (docs/web.md, "The move clock")."""
        self.grace_seconds = grace_seconds
        """Seconds after a move clock ran out until the match may be claimed from a seat that is gone."""
        self.presence: Presence | None = None
        """The seats connected to other server processes (:mod:`sixtysix.web.presence`; set by the service)."""
        self.rng = rng
        self.think = think
        """Seconds per decision of the searching computer levels."""
        self.expire_seconds = expire_seconds
        """An unfinished match with no change for this long is closed (docs/web.md, "Limits")."""
        self.games: dict[str, Game] = {}
        self.commitments = fairness.Commitments(pending_commitments)
        """First deals' commitments offered before their match is created."""
        self.move_clock: Callable[[str], float | None] | None = None
        """A match's own move clock, if it has one (a lobby match's; set by :mod:`sixtysix.web.lobby`)."""
        self.bot_seats: Callable[[str], frozenset[int]] | None = None
        """The seats of a match held by a bot's account (set by :mod:`sixtysix.web.lobby`)."""
        self.rebuilt = 0
        """How many times a match was rebuilt from the store (the tests count them)."""
        self.replayed = 0
        """How many changes of other server processes were replayed on a match in memory, with no query."""
        self.caught_up = 0
        """How many times a match in memory read only what changed since its version (:meth:`catch_up`)."""

    def get(self, match_id: str) -> Game:
        """The match (loaded from the store and replayed if needed); 404 if unknown."""
        game = self.games.get(match_id)
        if game is not None:
            game.touched = self.server_time.monotonic()
            return game
        stored = self.store.load(match_id) if isinstance(match_id, str) and len(match_id) <= 64 else None
        if stored is None:
            raise not_found(sentence("server.no_match", match=match_id))
        game = self.rebuild(stored)
        self.games[match_id] = game
        return game

    def rebuild(self, stored: StoredMatch) -> Game:
        """A match as stored: every deal and action replayed, computer players at their seats."""
        self.rebuilt += 1
        row = stored.row
        rules = Rules.from_options(row.preset, row.options).replace(match_target=row.target)
        match = create_match(rules, row.first_dealer)
        for deal_row in stored.deals:
            deal = match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
            for seat, token in deal_row.actions:
                if token in FORFEITS:
                    forfeit_deal(deal, seat, FORFEITS[token])
                else:
                    deal.apply(Action.parse(token), seat)
            match.settle()
        if row.forfeit is not None and row.forfeit_claimant is not None:
            forfeit_match(match, row.forfeit, row.forfeit_claimant)
        game = Game(
            id=row.id,
            created=row.created,
            updated=row.updated,
            kind=row.kind,
            hints=row.hints,
            version=row.version,
            status=row.status,
            seats=_seat_infos(stored),
            match=match,
            first_dealer=row.first_dealer,
            invite_hash=row.invite_hash,
            invite_code=row.invite_code,
            invite_used=row.invite_used,
            invite_seat=row.invite_seat,
            invites={s: i.code for s, i in stored.invites.items() if not i.used},
            host=next((i.host for i in stored.invites.values()), None),
            fairness_secret=row.fairness_secret,
            seeds=[deal_row.seeds for deal_row in stored.deals],
            spectators=row.spectators,
            spectator_delay=row.spectator_delay,
        )
        game.move_seconds, game.grace_seconds = self.move_seconds, self.grace_seconds
        if row.kind == "friend" and self.move_clock is not None:  # a lobby match's own move clock
            game.move_seconds = self.move_clock(row.id) or self.move_seconds
        if row.kind == "friend" and self.bot_seats is not None:
            game.bots = self.bot_seats(row.id)
        game.server_time, game.touched = self.server_time, self.server_time.monotonic()
        if row.status == "over":
            game.rematch, game.rematch_codes = self.store.rematch_of(row.id)
        seat_players(game, self.rng, self.think)
        return game

    def reload(self, game: Game) -> None:
        """Put ``game`` back to what the store holds (memory may be ahead after a failed commit).

        The same object is kept, with its open sockets, for every holder of a reference.
        """
        stored = self.store.load(game.id)
        if stored is None:
            return
        fresh = self.rebuild(stored)
        names = (
            "version",
            "status",
            "seats",
            "match",
            "invite_used",
            "invite_code",
            "invites",
            "players",
            "levels",
            "seeds",
            "rematch",
            "rematch_codes",
        )
        for name in names:
            setattr(game, name, getattr(fresh, name))
        self.games[game.id] = game

    def catch_up(self, game: Game) -> None:
        """Bring ``game`` to what the store holds, reading only the deals and actions it has not (a change
        heard without its detail, or after a missed notification) and replaying them; if they do not end as
        stored, the whole match is read again (:meth:`reload`)."""
        match, current = game.match, game.match.current
        number = len(match.deals)
        since = (number, len(current.history)) if current is not None and not current.is_over else (number + 1, 0)
        try:
            stored = self.store.load(game.id, since)
            if stored is None:
                return
            if not self._catch_up(game, stored):
                raise ValueError("not what the store holds")
        except Exception:  # why: whatever does not replay cleanly is read whole instead
            self.reload(game)
            return
        self.caught_up += 1

    def _catch_up(self, game: Game, stored: StoredMatch) -> bool:
        """Replay the deals and actions of ``stored`` (read since ``game``'s last action) on ``game``, take its
        seats and invitations; whether the match ends as stored."""
        row, match = stored.row, game.match
        for deal_row in stored.deals:
            if deal_row.number == len(match.deals) + 1:
                match.new_deal([parse_card(c) for c in deal_row.deck], dealer=deal_row.dealer)
                game.seeds[deal_row.number - 1 :] = [deal_row.seeds]
                start_deal(game)
            deal = match.current
            if deal is None or deal_row.number != len(match.deals):
                return False
            for seat, token in deal_row.actions:
                _play(match, deal, seat, token)
        if row.forfeit is not None and row.forfeit_claimant is not None and not match.is_over:
            forfeit_match(match, row.forfeit, row.forfeit_claimant)
        if not (_same_score(match.score, row.score) and match.winner == row.winner and len(match.deals) == row.deals):
            return False
        game.seats = _seat_infos(stored)
        game.invite_used, game.invite_code = row.invite_used, row.invite_code
        game.invites = {s: i.code for s, i in stored.invites.items() if not i.used}
        game.version, game.status, game.updated = row.version, row.status, row.updated
        if row.status == "over":
            game.rematch, game.rematch_codes = self.store.rematch_of(row.id)
        return True

    def replay(self, game: Game, change: Change, updated: float) -> bool:
        """Bring ``game`` to ``change``, a change another server process stored on ``game``'s version
        (:mod:`sixtysix.web.notify`), by replaying it on the engine: no query. Whether it did; if not (the
        change is not the next one, or does not end as stored), ``game`` is read again from the store."""
        try:
            if change.base != game.version or not self._replay(game, change):
                raise ValueError("not the change that follows")
        except Exception:  # why: any change that does not replay cleanly is read from the database instead
            self.reload(game)
            return False
        game.version, game.status, game.updated = change.version, change.status, updated
        self.replayed += 1
        return True

    def _replay(self, game: Game, change: Change) -> bool:
        """Apply ``change`` to ``game``'s match and seats (as :mod:`sixtysix.web.play` made it); whether the
        match ends as stored."""
        match = game.match
        if change.seat_update is not None:
            seat, name, hashed = change.seat_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], name=name, token_hash=hashed)
        if change.invite_used:
            game.invite_used, game.invite_code = True, None
        if change.invite_seat_used is not None:
            game.invites.pop(change.invite_seat_used, None)
        if change.seed_update is not None:
            seat, seed = change.seed_update
            game.seats[seat] = dataclasses.replace(game.seats[seat], client_seed=seed)
        seeds = dict(change.deal_seeds)
        for number, dealer, deck in change.new_deals:
            if number != len(match.deals) + 1:
                return False
            match.new_deal([parse_card(c) for c in deck.split()], dealer=dealer)
            game.seeds[number - 1 :] = [seeds.get(number)]
            start_deal(game)
        for number, seq, seat, token in change.actions:
            deal = match.current
            if deal is None or number != len(match.deals):
                return False
            _play(match, deal, seat, token)
            if seq != len(deal.history) + (token in FORFEITS):  # numbered as the commit numbered it
                return False
        if change.match_forfeit is not None and not match.is_over:
            forfeit_match(match, *change.match_forfeit)
        same = _same_score(match.score, change.score) and match.winner == change.winner
        return same and len(match.deals) == change.deals

    def deal(self, game: Game) -> tuple[DealSeeds, tuple[Card, ...]]:
        """The committed seeds and the deck of ``game``'s next deal (docs/fairness.md; reproducible when the
        server was given a seed)."""
        return fairness.next_deal(self.rng, game.match, game.fairness_secret, game.client_seeds())

    def expired(self, game: Game, now: float | None = None) -> bool:
        """Whether ``game`` is unfinished and has not changed for :attr:`expire_seconds`."""
        now = self.server_time.wall() if now is None else now
        return game.status != "over" and now - game.updated > self.expire_seconds

    def check_open(self, game: Game) -> None:
        """Refuse (410 ``expired``) anything that would play on in an expired match."""
        if self.expired(game):
            days = self.expire_seconds / 86400
            raise WebError(410, "expired", sentence("server.expired", days=f"{days:g}"))

    def forget(self, game: Game) -> None:
        """Drop a finished match nobody watches: it is read back from the store when asked for."""
        self.games.pop(game.id, None)


def _same_score(score: Sequence[int], stored: Sequence[int]) -> bool:
    """Whether a match's score is the stored one (stored with a third seat's column, 0 for two seats or four).

    >>> _same_score((3, 1), (3, 1, 0)), _same_score((3, 1), (1, 3, 0))
    (True, False)
    """
    return tuple(score) == tuple(stored)[: len(score)]


def _play(match: AnyMatch, deal: Table, seat: int, token: str) -> None:
    """One stored action (a forfeit included) played on the match's current deal ``deal``."""
    if token in FORFEITS:  # the clock's or a bot's
        forfeit_deal(deal, seat, FORFEITS[token])
        match.settle()
    else:
        match.apply(Action.parse(token), seat)


def _seat_infos(stored: StoredMatch) -> dict[int, SeatInfo]:
    return {s: SeatInfo(r.name, r.kind, r.level, r.token_hash, r.client_seed) for s, r in stored.seats.items()}
