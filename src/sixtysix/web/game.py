"""One match in memory: its seats, the engine's match, its computers and its open sockets.

A :class:`Game` is rebuilt from the store (:mod:`sixtysix.web.matches`) and changed only
by the commits of :mod:`sixtysix.web.play`. Each seat receives its own state
(:meth:`Game.state`, built by :func:`sixtysix.present.state.seat_state`) and nothing else.

**The computer's seats.** A computer seat plays through :mod:`sixtysix.players` with what its seat
may know (its view) and nothing else: :func:`seat_players` gives each its player, :func:`start_deal`
tells them of a new deal, :func:`decide` asks one for its decision. Its exchange decisions out of
turn are taken at once, in the same change as the action that offered the exchange
(:func:`decide_windows`), so that a person never sees a state that the computer's answer makes stale;
its turns are scheduled by :class:`sixtysix.web.play.Scheduler`.
"""

from __future__ import annotations

import hmac
import logging
import random
import time
from dataclasses import dataclass, field

from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.fairness import DealSeeds
from sixtysix.core.forfeit import FORFEIT_POINTS
from sixtysix.core.match import AnyMatch
from sixtysix.core.table import Table
from sixtysix.core.view import AnyView
from sixtysix.players.player import AnyPlayer
from sixtysix.players.table import ask
from sixtysix.present.picture import SPECTATOR
from sixtysix.present.spectator import shown_match, spectator_state
from sixtysix.present.state import StateMemo, seat_state
from sixtysix.present.table import PublicMatch, is_duel
from sixtysix.web import fairness
from sixtysix.web.live import Audience, Subscriber
from sixtysix.web.meta import reviews_for
from sixtysix.web.middleware import ServerTime

log = logging.getLogger("sixtysix.web")


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
