"""Playing one game of a tournament: the part that runs in a worker (a process or a Ray task).

:func:`play_game` plays the game of a :class:`~sixtysix.tournament.schedule.GameKey`
from nothing but the :class:`Setup` and the key, so it gives the same result in any
process, in any order, at a table of any size. Built-in players play through
:func:`sixtysix.players.table.play_table_deal`; a game with an external bot plays
through the protocol host (:func:`sixtysix.protocol.host.run_deal`), where a failing
bot forfeits the deal.

A result is seen from the key's *positions*: the seats of the two- and three-handed
games, the sides of the four-handed one (:func:`table_seats`).

An external bot that fails to start three times in a row in a process is disqualified
there (:class:`sixtysix.protocol.player.StartFailures`, one per player and run, shared by
its seats and games): it is not started again and every deal it would play is forfeited
at once (``disqualified``). The coordinator passes the players it knows to be
disqualified with the :class:`Setup` of the games it hands out next
(:attr:`Setup.disqualified`), so that no other worker tries them again.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sixtysix.core.game import shuffled_deck
from sixtysix.core.match import create_match
from sixtysix.core.record import Record
from sixtysix.core.rules import Rules
from sixtysix.players.player import AnyPlayer, DecisionStats, view_type_of
from sixtysix.players.table import play_table_deal
from sixtysix.tournament.schedule import GameKey, board_seeds, position_of
from sixtysix.tournament.specs import PlayerSpec

if TYPE_CHECKING:
    from sixtysix.protocol.host import Forfeit
    from sixtysix.protocol.player import StartFailures

MAX_MATCH_DEALS = 1000
"""A match that has not ended after this many deals is an error (it cannot happen with real players)."""


@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares (it pickles: workers receive it with their games)."""

    seed: int
    rules: Rules
    unit: str
    """``deal`` (each game one deal) or ``match`` (each game a whole match)."""
    players: tuple[PlayerSpec, ...]
    time_limit: float | None = None
    records_dir: str | None = None
    """Where the worker writes each game's 66R record itself (a folder every worker can reach)."""
    return_records: bool = False
    """Send each record's text back with the result instead (the coordinator writes it)."""
    event: str = "sixtysix tournament"
    run: str = ""
    """Names this run of the tournament (what a worker counts a bot's failures to start under)."""
    disqualified: tuple[tuple[str, str], ...] = ()
    """(player, why) of the external bots already disqualified: they are not started again."""

    def spec(self, name: str) -> PlayerSpec:
        for spec in self.players:
            if spec.name == name:
                return spec
        raise KeyError(name)


@dataclass(frozen=True)
class ForfeitNote:
    """A deal of a game forfeited by a failing external bot: which, by whom, and why."""

    deal: int
    """The deal of the game (1 = first; always 1 when a game is one deal)."""
    seat: int
    """The table seat that failed."""
    position: int
    """Its position in the game (its seat; four-handed, its side)."""
    player: str
    kind: str
    """``illegal``, ``malformed``, ``timeout``, ``garbage``, ``crash``, ``handshake`` or ``disqualified``."""
    detail: str

    @property
    def reason(self) -> str:
        """As the deal's reason and the record's ``Forfeit`` header say it: ``forfeit: seat 2 crash: …``."""
        return f"forfeit: seat {self.seat} {self.kind}: {self.detail}"

    def to_json(self) -> dict[str, Any]:
        return {
            "deal": self.deal,
            "seat": self.seat,
            "position": self.position,
            "player": self.player,
            "kind": self.kind,
            "detail": self.detail,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ForfeitNote:
        return cls(
            int(data["deal"]), int(data["seat"]), int(data["position"]), data["player"], data["kind"], data["detail"]
        )


@dataclass(frozen=True)
class GameResult:
    """The result of one game (one deal, or one whole match), seen from the key's positions.

    The tuples have one entry per position: seats 1 and 2 (two players), seats 1-3
    (three-handed) or sides 1 and 2 (four-handed: the side's two seats added up).
    """

    key: GameKey
    winner: int | None
    """Position of the winner (seat, or side); ``None`` for a tied deal."""
    score: tuple[int, ...]
    """Game points of each position (of the deal, or the match's final score)."""
    termination: str
    """The deal's termination (``claim``, ``played_out``, ..., ``forfeit``), or ``match``."""
    deals: int = 1
    forfeits: tuple[int, ...] = (0, 0)
    """Deals forfeited by each position (a failing external bot)."""
    decisions: tuple[int, ...] = (0, 0)
    think: tuple[float, ...] = (0.0, 0.0)
    """Seconds each position spent deciding (not reproducible)."""
    seconds: float = 0.0
    """Wall time of the game in its worker (not reproducible)."""
    record: str | None = field(default=None, compare=False)
    """The 66R text, when the coordinator writes the records."""
    loser: int | None = None
    """Three-handed match with ``three_player_play_for_loser``: the seat that lost the play-off."""
    forfeited: tuple[ForfeitNote, ...] = ()
    """Every deal of the game a bot forfeited, with its reason (the counts are :attr:`forfeits`)."""

    def disqualifications(self) -> dict[str, str]:
        """The players that were disqualified in this game: name -> why."""
        return {note.player: note.detail for note in self.forfeited if note.kind == "disqualified"}

    def standing(self, position: int) -> tuple[int, ...]:
        """What ranks the positions of the game: higher is better.

        Two positions: the winner. Three-handed: the game points, and in a match first
        the match's winner (and last the play-off's loser).
        """
        if len(self.score) == 2:
            return (int(self.winner == position),)
        won = int(self.termination == "match" and self.winner == position)
        return won, int(self.loser != position), self.score[position - 1]

    def comparisons(self, a: str, b: str) -> list[tuple[int, float]]:
        """(A's game points minus B's, A's share 1/0.5/0) for every position of A against every one of B.

        One comparison at two positions; at a three-handed table with a player seated
        twice, one for each copy.
        """
        pairs = []
        for i in self.key.positions_of(a):
            for j in self.key.positions_of(b):
                mine, theirs = self.standing(i), self.standing(j)
                share = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
                pairs.append((self.score[i - 1] - self.score[j - 1], share))
        return pairs

    def outcome_json(self) -> dict[str, Any]:
        """The reproducible part: the same for the same seed, whatever the workers or backend."""
        data: dict[str, Any] = {"key": self.key.text, "board": self.key.board}
        for position, name in enumerate(self.key.names, start=1):
            data[f"seat{position}"] = name
        data.update(
            winner=self.winner,
            score=list(self.score),
            termination=self.termination,
            deals=self.deals,
            forfeits=list(self.forfeits),
            forfeited=[note.to_json() for note in self.forfeited],
        )
        if len(self.score) == 3:
            data["loser"] = self.loser
        return data

    def to_json(self) -> dict[str, Any]:
        data = self.outcome_json()
        data["decisions"] = list(self.decisions)
        data["think"] = [round(t, 6) for t in self.think]
        data["seconds"] = round(self.seconds, 6)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        score = _ints(data["score"])
        zeros = [0] * len(score)
        return cls(
            GameKey.parse(data["key"]),
            data["winner"],
            score,
            data["termination"],
            int(data.get("deals", 1)),
            _ints(data.get("forfeits", zeros)),
            _ints(data.get("decisions", zeros)),
            tuple(float(t) for t in data.get("think", zeros)),
            float(data.get("seconds", 0.0)),
            loser=data.get("loser"),
            forfeited=tuple(ForfeitNote.from_json(note) for note in data.get("forfeited", ())),
        )


def _ints(values: Iterable[Any]) -> tuple[int, ...]:
    return tuple(int(value) for value in values)


def table_seats(key: GameKey, players: int) -> dict[int, str]:
    """Who sits at each table seat: the key's positions, or in the four-handed game its sides' copies.

    >>> table_seats(GameKey(0, "A", "B"), 4)
    {1: 'A', 2: 'B', 3: 'A', 4: 'B'}
    """
    return {seat: key.names[position_of(seat, players) - 1] for seat in range(1, players + 1)}


def record_path(root: str | Path, key: GameKey) -> Path:
    """Where the record of ``key`` goes: one folder per table, one file per game.

    ``records/A_vs_B/00012_B_vs_A.66r`` is board 12 with B in seat (side) 1 (the folder
    names the players in sorted order, so it does not depend on the order they were
    given in); three-handed: ``records/A_vs_B_vs_C/00012_C_vs_A_vs_B.66r``.
    """
    table = "_vs_".join(sorted(key.names))
    return Path(root) / table / f"{key.board:05d}_{'_vs_'.join(key.names)}.66r"


def play_chunk(setup: Setup, keys: list[GameKey], keep_bots: bool = True) -> list[GameResult]:
    """Play ``keys`` one after the other (a worker's task).

    External bots stay running for the next chunk in this process, unless ``keep_bots`` is
    false (workers shared with other jobs, as Ray's).
    """
    try:
        return [play_game(setup, key) for key in keys]
    finally:
        if not keep_bots:
            close_kept_bots()


_KEPT: dict[tuple[PlayerSpec, type[Any], int, float | None], AnyPlayer] = {}
"""External bots kept running between the games of this process, by (spec, the view they read, seat, time limit)."""


def _keeps(spec: PlayerSpec) -> bool:
    return spec.external and not spec.seeded


_START_FAILURES: dict[tuple[str, str], StartFailures] = {}
"""The failures to start of each external bot in this process, by (run, player)."""


def start_failures(setup: Setup, spec: PlayerSpec) -> StartFailures | None:
    """What this process knows of ``spec``'s failures to start in this run (``None`` if it is no external bot).

    One per player and run, whatever the seat or the game; disqualified from the start if the
    setup says so.
    """
    if not spec.external:
        return None
    from sixtysix.protocol.player import StartFailures

    failures = _START_FAILURES.setdefault((setup.run, spec.name), StartFailures())
    why = dict(setup.disqualified).get(spec.name)
    if why is not None and not failures.disqualified:
        failures.disqualify(why)
    return failures


def forget_start_failures(run: str) -> None:
    """Forget the failures to start counted in ``run`` (it is over)."""
    for key in [key for key in _START_FAILURES if key[0] == run]:
        del _START_FAILURES[key]


def _player(setup: Setup, spec: PlayerSpec, seat: int, seed: int) -> AnyPlayer:
    """A fresh player for ``seat`` at the setup's table, or the external bot this process keeps for it."""
    rules, time_limit = setup.rules, setup.time_limit
    failures = start_failures(setup, spec)
    if not _keeps(spec):
        return spec.make_for(rules, seed, time_limit, seat, start_failures=failures)
    key = (spec, view_type_of(rules), seat, time_limit)
    player = _KEPT.get(key)
    if player is None:
        player = _KEPT[key] = spec.make_for(rules, seed, time_limit, seat, start_failures=failures)
    return player


def close_kept_bots() -> None:
    """Stop the external bots this process keeps between games."""
    while _KEPT:
        close_player(_KEPT.popitem()[1])


def close_player(player: object) -> None:
    """Stop a player that runs a process (an external bot); nothing for the others."""
    close = getattr(player, "close", None)
    if callable(close):
        close()


def play_game(setup: Setup, key: GameKey) -> GameResult:
    """Play the game of ``key`` at a table of any size (see :func:`table_seats` for who sits where); write its
    record if the setup says so.

    A deal's score is what the match credits after it (:attr:`Match.score`): the winner's
    game points (four-handed: the winning side's, and a side's ten-of-trumps bonus;
    three-handed: the dealer who sat out the same, R-3P-3, where the cap at 6 never bites
    on a first deal).
    """
    started = time.perf_counter()
    game = _Game(setup, key)
    try:
        game.play()
    finally:
        game.close()
    return game.result(time.perf_counter() - started)


class _Game:
    """One game while a worker plays it."""

    def __init__(self, setup: Setup, key: GameKey) -> None:
        self.setup, self.key, self.rules = setup, key, setup.rules
        self.seeds = board_seeds(setup.seed, key.board)
        self.names = table_seats(key, self.rules.players)
        self.specs = {seat: setup.spec(name) for seat, name in self.names.items()}
        self.players = {seat: _player(setup, spec, seat, self.seeds.seat(seat)) for seat, spec in self.specs.items()}
        self.stats = {seat: DecisionStats() for seat in self.names}
        self.match = create_match(self.rules, self.seeds.first_dealer(self.rules.players))
        self.forfeits = dict.fromkeys(self.names, 0)
        self.forfeited: list[ForfeitNote] = []

    def play(self) -> None:
        """The deal of the board, or a whole match from the board's seed."""
        external = any(spec.external for spec in self.specs.values())
        runner = _external_runner() if external else _local_runner
        for seat, player in self.players.items():
            player.new_match(self.rules, seat)
        rng = random.Random(self.seeds.deck)
        while not self.match.is_over:
            if len(self.match.deals) >= MAX_MATCH_DEALS:
                raise RuntimeError(f"game {self.key.text}: the match has not ended after {MAX_MATCH_DEALS} deals")
            seed = self.seeds.deck if self.setup.unit == "deal" else rng.getrandbits(64)
            deal = self.match.new_deal(shuffled_deck(self.rules, seed))
            self.note(runner(deal, self.players, self.match, self.stats))
            if self.setup.unit == "deal":
                break

    def note(self, forfeit: Forfeit | None) -> None:
        if forfeit is None:
            return
        seat = forfeit.seat
        self.forfeits[seat] += 1
        position = position_of(seat, self.rules.players)
        note = ForfeitNote(len(self.match.deals), seat, position, self.names[seat], forfeit.kind, forfeit.detail)
        self.forfeited.append(note)

    def close(self) -> None:
        for seat, player in self.players.items():
            if not _keeps(self.specs[seat]):
                close_player(player)

    def result(self, seconds: float) -> GameResult:
        """The result (and the record, if the setup wants it)."""
        match, setup = self.match, self.setup
        if setup.unit == "deal":
            outcome = match.deals[0].outcome
            assert outcome is not None
            winner, loser = outcome.winner, None
            termination = outcome.termination.value
        else:
            winner, loser, termination = match.winner, getattr(match, "loser", None), "match"
        score = tuple(match.score)
        text = None
        if setup.records_dir is not None or setup.return_records:
            text = record_text(setup, self.key, score, termination, match)
            if setup.records_dir is not None:
                write_record(setup.records_dir, self.key, text)
        decisions, think, forfeits = self.by_position()
        return GameResult(
            self.key,
            winner,
            score,
            termination,
            len(match.deals),
            forfeits,
            decisions,
            tuple(round(t, 6) for t in think),  # as the journal keeps it: a resumed run prints the same
            seconds,
            text if setup.return_records else None,
            loser,
            tuple(self.forfeited),
        )

    def by_position(self) -> tuple[tuple[int, ...], tuple[float, ...], tuple[int, ...]]:
        """Decisions, seconds of thought and forfeits of each position (a side adds up its two seats)."""
        positions = range(1, len(self.key.names) + 1)
        seats = {
            position: [s for s in self.names if position_of(s, self.rules.players) == position]
            for position in positions
        }
        return (
            tuple(sum(len(self.stats[s].times) for s in seats[p]) for p in positions),
            tuple(float(sum(sum(self.stats[s].times) for s in seats[p])) for p in positions),
            tuple(sum(self.forfeits[s] for s in seats[p]) for p in positions),
        )


Runner = Callable[[Any, Mapping[int, AnyPlayer], Any, Mapping[int, DecisionStats]], "Forfeit | None"]
"""Plays one deal of a match to its end: the forfeit, if a bot failed."""


def _local_runner(
    deal: Any, players: Mapping[int, AnyPlayer], match: Any, stats: Mapping[int, DecisionStats]
) -> Forfeit | None:
    play_table_deal(deal, players, match, stats)
    return None


def _external_runner() -> Runner:
    """The protocol host's deal runner, where a failing bot forfeits the deal (for its side, four-handed; imported
    only when needed). A three-handed 66P bot plays the inner two-player deal, as every two-player bot does."""
    from sixtysix.protocol.host import run_deal

    def run(
        deal: Any, players: Mapping[int, AnyPlayer], match: Any, stats: Mapping[int, DecisionStats]
    ) -> Forfeit | None:
        return run_deal(deal, players, match, stats).forfeit

    return run


def record_text(setup: Setup, key: GameKey, score: tuple[int, ...], termination: str, match: Any) -> str:
    """The game's 66R record, with the tournament's headers (a forfeited deal has its ``Forfeit`` header, and
    replays as a finished deal with its result, so a match's record holds every deal)."""
    players = setup.rules.players
    seats = table_seats(key, players)
    headers = [("Event", setup.event), ("Seed", str(setup.seed)), ("Board", str(key.board))]
    headers += [(f"Seat{seat}", name) for seat, name in seats.items()]
    headers += [(f"Seat{seat}Player", setup.spec(name).seat_text(seat, players)) for seat, name in seats.items()]
    headers += [("Result", "-".join(str(points) for points in score)), ("Termination", termination)]
    return Record.from_match(match, headers).text()


def write_record(root: str | Path, key: GameKey, text: str) -> None:
    """Write (or overwrite) the record of ``key`` under ``root``.

    It need not be atomic: a game counts as played only once its journal line is
    written, which happens after its record, so a record cut short by a kill belongs to
    a game that is played again (and its record rewritten) on resume.
    """
    path = record_path(root, key)
    try:
        path.write_text(text, encoding="utf-8")
    except FileNotFoundError:
        os.makedirs(path.parent, exist_ok=True)
        path.write_text(text, encoding="utf-8")
