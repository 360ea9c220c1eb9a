"""Playing one game of a tournament: the part that runs in a worker (a process or a Ray task).

:func:`play_game` plays the game of a :class:`~sixtysix.tournament.schedule.GameKey`
from nothing but the :class:`Setup` and the key, so it gives the same result in any
process, in any order. Built-in players play through
:func:`sixtysix.ai.player.play_deal`; a game with an external bot plays through the
protocol host (:func:`sixtysix.protocol.host.run_deal`), where a failing bot forfeits
the deal.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sixtysix.ai.player import DecisionStats, Player, play_deal
from sixtysix.game import shuffled_deck
from sixtysix.match import Match
from sixtysix.record import Record
from sixtysix.rules import Rules
from sixtysix.tournament.schedule import GameKey, board_seeds
from sixtysix.tournament.specs import PlayerSpec

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

    def spec(self, name: str) -> PlayerSpec:
        for spec in self.players:
            if spec.name == name:
                return spec
        raise KeyError(name)


@dataclass(frozen=True)
class GameResult:
    """The result of one game (one deal, or one whole match), seen from the seats."""

    key: GameKey
    winner: int | None
    """Seat 1 or 2; ``None`` for a tied deal."""
    score: tuple[int, int]
    """Game points of seats 1 and 2 (of the deal, or the match's final score)."""
    termination: str
    """The deal's termination (``claim``, ``played_out``, ..., ``forfeit``), or ``match``."""
    deals: int = 1
    forfeits: tuple[int, int] = (0, 0)
    """Deals forfeited by seats 1 and 2 (a failing external bot)."""
    decisions: tuple[int, int] = (0, 0)
    think: tuple[float, float] = (0.0, 0.0)
    """Seconds the seats spent deciding (not reproducible)."""
    seconds: float = 0.0
    """Wall time of the game in its worker (not reproducible)."""
    record: str | None = field(default=None, compare=False)
    """The 66R text, when the coordinator writes the records."""

    def points_for(self, name: str) -> int:
        """Game points of ``name`` minus its opponent's."""
        seat = self.key.seat_of(name)
        return self.score[seat - 1] - self.score[2 - seat]

    def share_for(self, name: str) -> float:
        """1 if ``name`` won, 0.5 for a tie, 0 if it lost."""
        if self.winner is None:
            return 0.5
        return 1.0 if self.winner == self.key.seat_of(name) else 0.0

    def outcome_json(self) -> dict[str, Any]:
        """The reproducible part: the same for the same seed, whatever the workers or backend."""
        return {
            "key": self.key.text,
            "board": self.key.board,
            "seat1": self.key.seat1,
            "seat2": self.key.seat2,
            "winner": self.winner,
            "score": list(self.score),
            "termination": self.termination,
            "deals": self.deals,
            "forfeits": list(self.forfeits),
        }

    def to_json(self) -> dict[str, Any]:
        data = self.outcome_json()
        data["decisions"] = list(self.decisions)
        data["think"] = [round(t, 6) for t in self.think]
        data["seconds"] = round(self.seconds, 6)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GameResult:
        return cls(
            GameKey.parse(data["key"]),
            data["winner"],
            _pair(data["score"], int),
            data["termination"],
            int(data.get("deals", 1)),
            _pair(data.get("forfeits", (0, 0)), int),
            _pair(data.get("decisions", (0, 0)), int),
            _pair(data.get("think", (0.0, 0.0)), float),
            float(data.get("seconds", 0.0)),
        )


def _pair(values: Iterable[Any], kind: Callable[[Any], Any]) -> Any:
    first, second = values
    return kind(first), kind(second)


def record_path(root: str | Path, key: GameKey) -> Path:
    """Where the record of ``key`` goes: one folder per pairing, one file per game.

    ``records/A_vs_B/00012_B_vs_A.66r`` is board 12 with B in seat 1 (the folder names the
    two players in sorted order, so it does not depend on the order they were given in).
    """
    low, high = sorted((key.seat1, key.seat2))
    return Path(root) / f"{low}_vs_{high}" / f"{key.board:05d}_{key.seat1}_vs_{key.seat2}.66r"


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


_KEPT: dict[tuple[PlayerSpec, int, float | None], Player] = {}
"""External bots kept running between the games of this process, by (spec, seat, time limit)."""


def _keeps(spec: PlayerSpec) -> bool:
    return spec.external and not spec.seeded


def _player(spec: PlayerSpec, seat: int, seed: int, time_limit: float | None) -> Player:
    """A fresh player, or the external bot this process keeps for that spec and seat."""
    if not _keeps(spec):
        return spec.make(seed, time_limit)
    key = (spec, seat, time_limit)
    player = _KEPT.get(key)
    if player is None:
        player = _KEPT[key] = spec.make(seed, time_limit)
    return player


def close_kept_bots() -> None:
    """Stop the external bots this process keeps between games."""
    while _KEPT:
        _close(_KEPT.popitem()[1])


def _close(player: Player) -> None:
    close = getattr(player, "close", None)
    if callable(close):
        close()


def play_game(setup: Setup, key: GameKey) -> GameResult:
    """Play the game of ``key``; write its record if the setup says so."""
    started = time.perf_counter()
    seeds = board_seeds(setup.seed, key.board)
    specs = (setup.spec(key.seat1), setup.spec(key.seat2))
    players = {
        1: _player(specs[0], 1, seeds.seat1, setup.time_limit),
        2: _player(specs[1], 2, seeds.seat2, setup.time_limit),
    }
    runner = _external_runner() if specs[0].external or specs[1].external else _local_runner
    stats = {1: DecisionStats(), 2: DecisionStats()}
    match = Match(setup.rules, first_dealer=seeds.dealer)
    forfeits = [0, 0]
    reasons: list[str] = []
    cut: int | None = None  # a match record stops at its first forfeited deal (the rest would not replay)
    try:
        for seat, player in players.items():
            player.new_match(setup.rules, seat)
        if setup.unit == "deal":
            deal = match.new_deal(shuffled_deck(setup.rules, seeds.deck))
            forfeit = runner(deal, players, match, stats)
            if forfeit is not None:
                forfeits[forfeit[0] - 1] += 1
                reasons.append(forfeit[1])
            outcome = deal.outcome
            assert outcome is not None
            winner = outcome.winner
            points = outcome.game_points if winner else 0
            score = (points, 0) if winner == 1 else (0, points) if winner == 2 else (0, 0)
            termination = "forfeit" if forfeit else outcome.termination.value
        else:
            rng = random.Random(seeds.deck)
            while not match.is_over:
                if len(match.deals) >= MAX_MATCH_DEALS:
                    raise RuntimeError(f"game {key.text}: the match has not ended after {MAX_MATCH_DEALS} deals")
                deal = match.new_deal(seed=rng.getrandbits(64))
                forfeit = runner(deal, players, match, stats)
                if forfeit is not None:
                    forfeits[forfeit[0] - 1] += 1
                    reasons.append(f"deal {len(match.deals)}: {forfeit[1]}")
                    cut = len(match.deals) if cut is None else cut
            winner, score, termination = match.winner, match.score, "match"
    finally:
        for seat, player in players.items():
            if not _keeps(specs[seat - 1]):
                _close(player)
    text = None
    if setup.records_dir is not None or setup.return_records:
        text = record_text(setup, key, winner, score, termination, match, reasons, cut)
        if setup.records_dir is not None:
            write_record(setup.records_dir, key, text)
    return GameResult(
        key,
        winner,
        (score[0], score[1]),
        termination,
        len(match.deals),
        (forfeits[0], forfeits[1]),
        (len(stats[1].times), len(stats[2].times)),
        (sum(stats[1].times), sum(stats[2].times)),
        time.perf_counter() - started,
        text if setup.return_records else None,
    )


Forfeited = tuple[int, str] | None
"""(seat, reason) of a forfeited deal, or ``None``."""


def _local_runner(deal: Any, players: Mapping[int, Any], match: Any, stats: Mapping[int, Any]) -> Forfeited:
    play_deal(deal, players, match, stats)
    return None


def _external_runner() -> Callable[[Any, Mapping[int, Any], Any, Mapping[int, Any]], Forfeited]:
    """The protocol host's deal runner, where a failing bot forfeits the deal (imported only when needed)."""
    from sixtysix.protocol.host import run_deal

    def run(deal: Any, players: Mapping[int, Any], match: Any, stats: Mapping[int, Any]) -> Forfeited:
        result = run_deal(deal, players, match, stats)
        if result.forfeit is None:
            return None
        return result.forfeit.seat, result.forfeit.reason

    return run


def record_text(
    setup: Setup,
    key: GameKey,
    winner: int | None,
    score: tuple[int, int],
    termination: str,
    match: Any,
    reasons: list[str],
    cut: int | None,
) -> str:
    """The game's 66R record, with the tournament's headers."""
    headers = [
        ("Event", setup.event),
        ("Seed", str(setup.seed)),
        ("Board", str(key.board)),
        ("Seat1", key.seat1),
        ("Seat2", key.seat2),
        ("Seat1Player", setup.spec(key.seat1).text),
        ("Seat2Player", setup.spec(key.seat2).text),
        ("Result", f"{score[0]}-{score[1]}"),
        ("Termination", termination),
    ]
    headers += [("Forfeit", reason) for reason in reasons]
    record = Record.from_match(match, headers)
    if cut is not None:
        record.deals = record.deals[:cut]
        record.headers.append(("Note", f"the record stops at deal {cut}, forfeited; the match went on"))
    return record.text()


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
