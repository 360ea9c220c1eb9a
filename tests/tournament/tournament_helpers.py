"""Shared helpers of the tournament tests: small, fast tournaments of level-1 and level-2 players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sixtysix.ai.levels import make_table_player
from sixtysix.core.rules import Rules
from sixtysix.players.base import Player, RandomPlayer
from sixtysix.players.partnership import RandomPartnershipPlayer
from sixtysix.tournament.runner import Tournament, TournamentResult


def small(players: Any = (1, 2, 1), boards: int = 6, seed: int = 3, **options: Any) -> Tournament:
    """A quick round robin (three players: L1, L2, L1-2)."""
    return Tournament.of(list(players), boards=boards, seed=seed, **options)


def outcomes(result: TournamentResult) -> dict[str, Any]:
    """The reproducible part of a result (everything but the timing)."""
    data = result.to_json()
    del data["timing"]
    return data


def random_player(seed: int, time_limit: float | None) -> Player:
    """A ``python:`` player factory: ``tournament_helpers:random_player``."""
    return RandomPlayer(seed)


def random_partnership_player(seed: int, time_limit: float | None) -> RandomPartnershipPlayer:
    """A four-handed ``python:`` player factory: ``tournament_helpers:random_partnership_player``."""
    return RandomPartnershipPlayer(seed)


THREE = Rules.preset("three66")
FOUR = Rules.preset("four66")


def table_levels(rules: Rules, wanted: Sequence[int] = (2, 3)) -> list[int]:
    """Level 1 and those of ``wanted`` that exist at the table of ``rules`` (others are building them)."""
    levels = [1]
    for level in wanted:
        try:
            make_table_player(level, rules, seed=0)
        except ValueError:
            continue
        levels.append(level)
    return levels
