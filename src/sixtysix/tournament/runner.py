"""Running a tournament: schedule the games, skip those already in the journal, play the others on a
backend, write each record and journal line as its game finishes, and sum up.

>>> from sixtysix.tournament import Tournament, run_tournament
>>> result = run_tournament(Tournament.of([1, 1], boards=3, seed=5), bootstrap=0)
>>> result.complete, len(result.games), [p.points for p in result.pairs]
(True, 6, [0.0])

(Two copies of the same deterministic player get the same seeds in the same seat, so
each duplicate pair's two games are mirror images: exactly zero.)

The same for the three- and four-handed games (``rules=Rules.preset("three66")``):
a three-handed table plays every board in each seating of its three players; a
four-handed pairing is two partnerships, each of two copies of one player, on every
board twice with the sides swapped.

>>> from sixtysix.core.rules import Rules
>>> three = Tournament.of([1, 1], boards=2, rules=Rules.preset("three66"))
>>> three.tables(), len(three.keys())
([('L1', 'L1', 'L1-2'), ('L1', 'L1-2', 'L1-2')], 12)
>>> result = run_tournament(three, bootstrap=0)
>>> [(p.a, p.b, p.pairs, p.points) for p in result.pairs]
[('L1', 'L1-2', 4, 0.0)]
"""

from __future__ import annotations

import contextlib
import dataclasses
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sixtysix.core.rules import Rules
from sixtysix.tournament.backends import Backend, InProcessBackend
from sixtysix.tournament.journal import JOURNAL_NAME, Journal
from sixtysix.tournament.play import (
    GameResult,
    Setup,
    close_kept_bots,
    close_player,
    forget_start_failures,
    record_path,
    write_record,
)
from sixtysix.tournament.progress import NoProgress, Progress
from sixtysix.tournament.schedule import (
    FORMATS,
    UNITS,
    GameKey,
    ScheduleError,
    Table,
    TableFormat,
    schedule,
    seatings,
    table_format,
    table_pairs,
    tables,
)
from sixtysix.tournament.specs import PlayerSpec, SpecError, make_specs
from sixtysix.tournament.stats import PairStats, Rating, Unit, pair_stats, rate

RECORDS = "records"


@dataclass(frozen=True)
class Tournament:
    """What to play: everything the results depend on."""

    players: tuple[PlayerSpec, ...]
    format: str = "round-robin"
    boards: int = 100
    """Seeded deals (or matches) per table; each is played in every seating (twice, seats swapped, for a pair)."""
    unit: str = "deal"
    """``deal`` or ``match`` (whole matches to the rules' target)."""
    seed: int = 1
    rules: Rules = field(default_factory=Rules)
    time_limit: float | None = None
    """Seconds per decision, for the levels that take one (level 5; it defaults to 1 s there)."""

    def __post_init__(self) -> None:
        if self.format not in FORMATS:
            raise ScheduleError(f"no format {self.format!r} ({', '.join(FORMATS)})")
        if self.unit not in UNITS:
            raise ScheduleError(f"no unit {self.unit!r} ({', '.join(UNITS)})")
        if self.time_limit is not None and not self.time_limit > 0:
            raise ScheduleError("the time limit must be positive")
        self.pairings()  # checks the players
        teams = [spec.name for spec in self.players if spec.kind == "team"]
        if teams and not self.table.teams:
            raise SpecError(f"{', '.join(teams)}: a team plays four-handed 66 only (--rules four66)")

    @classmethod
    def of(cls, players: Iterable[str | int | PlayerSpec], **options: Any) -> Tournament:
        """A tournament of levels (``3``), ``level:3`` or ``NAME=SPEC`` texts, or specs (see :mod:`.specs`)."""
        return cls(tuple(make_specs(players)), **options)

    @property
    def names(self) -> list[str]:
        return [spec.name for spec in self.players]

    @property
    def seats(self) -> int:
        """Players at a table: 2, 3 or 4 (the rules')."""
        return self.rules.players

    @property
    def table(self) -> TableFormat:
        """How this tournament plays at its table, and the words for it."""
        return table_format(self.seats)

    def tables(self) -> list[Table]:
        """The tables (:func:`~sixtysix.tournament.schedule.tables`): pairings, or three-handed tables."""
        return tables(self.names, self.format, self.seats)

    def pairings(self) -> list[tuple[str, str]]:
        """The pairs of players compared: the pairings, or three-handed the pairs that share a table."""
        return table_pairs(self.tables(), self.names)

    def keys(self) -> list[GameKey]:
        """Every game, in the order they are handed out."""
        return schedule(self.tables(), self.boards)

    def units(self, a: str, b: str) -> list[Unit]:
        """The duplicate units where A and B meet: every board at every table of both, in every seating."""
        shared = [table for table in self.tables() if a in table and b in table]
        return [
            [GameKey(board, *seating) for seating in seatings(table)]
            for board in range(self.boards)
            for table in shared
        ]

    def settings(self) -> dict[str, Any]:
        """What a journal must share to be continued (the boards, format and players may grow)."""
        return {
            "seed": self.seed,
            "rules": self.rules.preset_name,
            "options": self.rules.options(),
            "unit": self.unit,
            "time_limit": self.time_limit,
        }

    def to_json(self) -> dict[str, Any]:
        data = {
            "players": [{"name": s.name, "spec": s.text} for s in self.players],
            "format": self.format,
            "boards": self.boards,
            "games_per_pairing": 2 * self.boards,
            "pairings": [list(p) for p in self.pairings()],
            **self.settings(),
        }
        if not self.table.in_pairs:
            data["games_per_pairing"] = sum(len(unit) for unit in self.units(*self.pairings()[0]))
            data["tables"] = [list(table) for table in self.tables()]
            data["games_per_table"] = [len(seatings(table)) * self.boards for table in self.tables()]
        elif self.table.teams:
            data["partnerships"] = {name: [name, name] for name in self.names}
        return data


@dataclass
class TournamentResult:
    """The games (this run's and earlier runs') and what they add up to."""

    tournament: Tournament
    games: dict[GameKey, GameResult]
    """Every finished game of the schedule."""
    pairs: list[PairStats]
    ratings: list[Rating]
    played: int
    """Games played by this run."""
    wall_seconds: float
    """Of this run's playing."""
    backend: str = ""

    @property
    def total(self) -> int:
        return len(self.tournament.keys())

    @property
    def complete(self) -> bool:
        return len(self.games) == self.total

    @property
    def disqualified(self) -> dict[str, str]:
        """The external bots disqualified (they failed to start three times in a row): name -> why."""
        found: dict[str, str] = {}
        for key in sorted(self.games):
            for name, why in self.games[key].disqualifications().items():
                found.setdefault(name, why)
        return found

    def player_timing(self) -> dict[str, dict[str, float]]:
        """Decisions and mean time per decision of each player, over all its games (not reproducible)."""
        timing = {name: [0, 0.0] for name in self.tournament.names}
        for game in (self.games[key] for key in sorted(self.games)):  # one order: the same sums when resumed
            for position, name in enumerate(game.key.names, start=1):
                timing[name][0] += game.decisions[position - 1]
                timing[name][1] += game.think[position - 1]
        return {
            name: {"decisions": n, "mean_ms": round(1e3 * t / n, 6) if n else 0.0} for name, (n, t) in timing.items()
        }

    def to_json(self) -> dict[str, Any]:
        """Everything; all but ``timing`` is the same for the same tournament on any workers or backend."""
        rate = self.played / self.wall_seconds if self.wall_seconds > 0 else 0.0
        return {
            "tournament": self.tournament.to_json(),
            "complete": self.complete,
            "games_played": len(self.games),
            "games_total": self.total,
            "pairs": [p.to_json() for p in self.pairs],
            "ratings": [r.to_json() for r in self.ratings],
            "disqualified": self.disqualified,
            "games": [self.games[key].outcome_json() for key in sorted(self.games)],
            "timing": {
                "backend": self.backend,
                "played_this_run": self.played,
                "wall_seconds": round(self.wall_seconds, 3),
                "games_per_second": round(rate, 3),
                "players": self.player_timing(),
            },
        }


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a tournament: what was finished is in the journal."""

    def __init__(self, done: int, total: int, out: Path | None) -> None:
        super().__init__(f"{done}/{total} games finished")
        self.done, self.total, self.out = done, total, out


def run_tournament(
    tournament: Tournament,
    *,
    out: str | Path | None = None,
    backend: Backend | None = None,
    progress: Progress | None = None,
    bootstrap: int = 1000,
    anchor: str | None = None,
    stop_after: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
) -> TournamentResult:
    """Play ``tournament`` (what is not yet in ``out``'s journal) and sum it up.

    ``out``: the folder of the journal and the records (``records/A_vs_B/*.66r``); without
    it nothing is written and nothing can be resumed. ``stop_after``: stop after that many
    games of this run, as if interrupted (for tests). Ctrl-C raises :class:`Interrupted`
    once the workers are stopped.

    An external bot that fails to start three times in a row is disqualified: the games
    handed out after the coordinator hears of it forfeit its deals at once
    (:attr:`Setup.disqualified`).
    """
    backend = backend or InProcessBackend()
    progress = progress or NoProgress()
    keys = tournament.keys()
    _check_players(tournament.players, tournament.rules)
    folder = Path(out) if out is not None else None
    records = folder / RECORDS if folder is not None else None
    games: dict[GameKey, GameResult] = {}
    played = 0
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        journal: Journal | None = None
        if folder is not None:
            players = {s.name: s.text for s in tournament.players}
            journal = stack.enter_context(Journal(folder / JOURNAL_NAME, tournament.settings(), players))
            for key in keys:
                found = journal.finished.get(key.text)
                if found is not None:
                    games[key] = found
        if records is not None:
            for key in keys:
                if key.board:
                    break
                record_path(records, key).parent.mkdir(parents=True, exist_ok=True)
        todo = [key for key in keys if key not in games]
        setup = Setup(
            tournament.seed,
            tournament.rules,
            tournament.unit,
            tournament.players,
            tournament.time_limit,
            records_dir=str(records) if records is not None and backend.shares_files else None,
            return_records=records is not None and not backend.shares_files,
            run=uuid.uuid4().hex,
        )
        stack.callback(forget_start_failures, setup.run)
        progress.start(len(keys), len(keys) - len(todo))
        stack.callback(progress.stop)
        stack.callback(close_kept_bots)  # the bots the in-process backend kept
        runs = stack.enter_context(contextlib.closing(backend.run(setup, todo, lambda: setup)))
        try:
            for result in (result for batch in runs for result in batch):
                if result.record is not None and records is not None:
                    write_record(records, result.key, result.record)  # before the journal line
                    result = dataclasses.replace(result, record=None)
                if journal is not None:
                    journal.append(result)
                games[result.key] = result
                setup = _with_disqualified(setup, result)
                played += 1
                progress.advance(1)
                if on_result is not None:
                    on_result(result)
                if stop_after is not None and played >= stop_after:
                    break
        except KeyboardInterrupt:
            runs.close()
            raise Interrupted(len(games), len(keys), folder) from None
    wall = time.perf_counter() - started
    return summarize(tournament, games, played, wall, bootstrap, anchor, backend.describe())


def _with_disqualified(setup: Setup, result: GameResult) -> Setup:
    """``setup`` with the players ``result`` disqualified, for the games handed out from now on."""
    known = dict(setup.disqualified)
    new = {name: why for name, why in result.disqualifications().items() if name not in known}
    if not new:
        return setup
    return dataclasses.replace(setup, disqualified=tuple({**known, **new}.items()))


def _check_players(specs: Sequence[PlayerSpec], rules: Rules | None = None) -> None:
    """Fail before any game if a player cannot be built: an external bot without the 66P host, a missing factory,
    a level the table does not have or a Python player of the wrong kind (one that does not read its views)."""
    import importlib

    for spec in specs:
        if spec.external:
            try:
                importlib.import_module("sixtysix.protocol.player")
            except ImportError as error:
                raise SpecError(f"external bots need the 66P host (sixtysix.protocol): {error}") from None
        for member in spec.members or (spec,):
            if member.kind == "python":
                _check_factory(spec.name, member.target)
        if not spec.external and rules is not None:
            for seat in (1, 3) if spec.kind == "team" else (1,):
                close_player(spec.make_for(rules, 0, seat=seat))  # raises SpecError if it cannot play at this table


def _check_factory(name: str, target: str) -> None:
    import importlib

    module_name, _, attribute = target.partition(":")
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise SpecError(f"{name}: cannot load {target}: {error}") from None
    if not callable(factory):
        raise SpecError(f"{name}: {target} is not callable")


def summarize(
    tournament: Tournament,
    games: dict[GameKey, GameResult],
    played: int = 0,
    wall: float = 0.0,
    bootstrap: int = 1000,
    anchor: str | None = None,
    backend: str = "",
) -> TournamentResult:
    """The figures of ``games`` (every finished game of the schedule)."""
    pairs = [pair_stats(a, b, games, tournament.boards, tournament.units(a, b)) for a, b in tournament.pairings()]
    ratings = rate(tournament.names, pairs, bootstrap=bootstrap, seed=tournament.seed, anchor=anchor)
    return TournamentResult(tournament, games, pairs, ratings, played, wall, backend)
