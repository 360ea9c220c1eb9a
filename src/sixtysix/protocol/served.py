"""The built-in levels as 66P bots (what ``sixtysix bot`` runs).

A level with a time budget (level 5) thinks for the host's ``go movetime``
less a safety margin, unless a fixed time was given (``--time`` or the
``Time`` option, in milliseconds).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TextIO

from sixtysix.ai.player import Player
from sixtysix.ai.players import make_player
from sixtysix.protocol.engine import serve
from sixtysix.protocol.messages import BotOption

AUTHOR = "the sixtysix project"
SAFETY = 0.8
"""Share of the host's movetime a time-budgeted level uses (the rest covers its overshoot and the pipes)."""
MARGIN = 0.05
"""Seconds kept back besides."""


def budget(movetime_ms: int) -> float:
    """Seconds of thinking for a ``go movetime``: 80% less 50 ms, at least 10 ms."""
    return max(0.01, movetime_ms / 1000 * SAFETY - MARGIN)


def serve_level(
    level: int,
    seed: int = 0,
    time_limit: float | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Serve ``make_player(level, seed, time_limit)`` until ``quit``; 0."""
    fixed = {"time": time_limit}
    options = (
        BotOption("Level", "spin", str(level), 1, 5),
        BotOption("Seed", "spin", str(seed), 0, 2**31 - 1),
        BotOption("Time", "spin", str(round(time_limit * 1000)) if time_limit else "0", 0, 3_600_000),
    )

    def configure(values: Mapping[str, str]) -> Player:
        ms = int(values["Time"])
        fixed["time"] = ms / 1000 if ms > 0 else None
        player = make_player(int(values["Level"]), int(values["Seed"]), fixed["time"])
        return player

    def on_movetime(player: Player, movetime: int) -> None:
        if fixed["time"] is None and movetime > 0 and getattr(player, "time_limit", None) is not None:
            player.time_limit = budget(movetime)  # type: ignore[attr-defined]

    player = make_player(level, seed, time_limit)
    return serve(
        player,
        stdin if stdin is not None else sys.stdin,
        stdout if stdout is not None else sys.stdout,
        name=f"sixtysix level {level} ({player.name})",
        author=AUTHOR,
        options=options,
        configure=configure,
        on_movetime=on_movetime,
    )
