"""The built-in levels as 66P bots (what ``sixtysix bot`` runs).

A level with a time budget (level 5) thinks for the host's ``go movetime``
less a safety margin, unless a fixed time was given (``--time`` in seconds, or the
``Time ms`` option in milliseconds).

Every level plays every game: two-player and three-handed matches with
:func:`~sixtysix.ai.levels.make_player` (version 1), four-handed ones with the
player that :func:`~sixtysix.ai.levels.make_table_player` builds for the match's
rules (version 2).
"""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import TextIO

from sixtysix.ai.levels import make_player
from sixtysix.core.actions import Action
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView
from sixtysix.players.player import AnyPlayer, PartnershipPlayer, Player
from sixtysix.protocol.engine import serve
from sixtysix.protocol.messages import BotOption

AUTHOR = "the sixtysix project"
TIME_OPTION = "Time ms"
"""The option of a fixed thinking time, in milliseconds (0: follow the host's ``go movetime``); the unit is in its
name, since a 66P (as a UCI) option line has no place for one."""
SAFETY = 0.8
"""Share of the host's movetime a time-budgeted level uses (the rest covers its overshoot and the pipes)."""
MARGIN = 0.05
"""Seconds kept back besides."""


def budget(movetime_ms: int) -> float:
    """Seconds of thinking for a ``go movetime``: 80% less 50 ms, at least 10 ms."""
    return max(0.01, movetime_ms / 1000 * SAFETY - MARGIN)


class TableLevel(PartnershipPlayer):
    """A built-in level at the four-handed table: ``make_table_player(level, rules, seed, time_limit)``,
    built anew for each match's rules (and when the options change).

    >>> player = TableLevel(3, seed=1)
    >>> player.new_match(Rules.preset("four66"), 2)
    >>> player.player.name
    'counter'
    """

    def __init__(self, level: int, seed: int = 0, time_limit: float | None = None) -> None:
        self.configure(level, seed, time_limit)

    def configure(self, level: int, seed: int, time_limit: float | None) -> None:
        """Set the level, the seed and a fixed time; the player is built at the next match."""
        self.level, self.seed, self.time_limit = level, seed, time_limit
        self.player: Player[PartnershipView] | None = None
        self._rules: Rules | None = None
        self.name = f"level {level}"

    def new_match(self, rules: Rules, seat: int) -> None:
        self._build(rules).new_match(rules, seat)

    def new_deal(self, view: PartnershipView) -> None:
        self._current(view).new_deal(view)

    def choose(self, view: PartnershipView) -> Action:
        return self._current(view).choose(view)

    def _current(self, view: PartnershipView) -> Player[PartnershipView]:
        if self.player is None or self._rules != view.rules:  # no newmatch for these rules
            self._build(view.rules).new_match(view.rules, view.seat)
        assert self.player is not None
        return self.player

    def _build(self, rules: Rules) -> Player[PartnershipView]:
        from sixtysix.ai.levels import make_table_player

        if not self.plays(rules):
            raise ValueError(f"{rules.preset_name}: not the four-handed game")
        player: Player[PartnershipView] = make_table_player(self.level, rules, self.seed, self.time_limit)
        self.player, self._rules, self.name = player, rules, player.name
        return player


def serve_level(
    level: int,
    seed: int = 0,
    time_limit: float | None = None,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Serve ``make_player(level, seed, time_limit)`` (and :class:`TableLevel` four-handed) until ``quit``; 0."""
    fixed = {"time": time_limit}
    options = (
        BotOption("Level", "spin", str(level), 1, 5),
        BotOption("Seed", "spin", str(seed), 0, 2**31 - 1),
        BotOption(TIME_OPTION, "spin", str(round(time_limit * 1000)) if time_limit else "0", 0, 3_600_000),
    )
    table = TableLevel(level, seed, time_limit)

    def configure(values: Mapping[str, str]) -> Player:
        ms = int(values[TIME_OPTION])
        fixed["time"] = ms / 1000 if ms > 0 else None
        table.configure(int(values["Level"]), int(values["Seed"]), fixed["time"])
        player = make_player(int(values["Level"]), int(values["Seed"]), fixed["time"])
        return player

    def on_movetime(player: AnyPlayer, movetime: int) -> None:
        thinker = table.player if player is table else player  # the four-handed level thinks inside the table
        if fixed["time"] is None and movetime > 0 and getattr(thinker, "time_limit", None) is not None:
            thinker.time_limit = budget(movetime)  # type: ignore[union-attr]

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
        partnership=table,
    )
