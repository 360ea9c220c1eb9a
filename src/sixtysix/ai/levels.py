"""The computer players by level, 1 (random) to 5 (expert), for every table size.

The one place that maps a level number to a player: the terminal game, the web
app, the bot protocol, tournaments and benchmarks all seat computers through it.

>>> from sixtysix import Rules
>>> [make_player(level).name for level in range(1, 6)]
['random', 'beginner', 'counter', 'pimc', 'expert']
>>> make_table_player(3, Rules.preset("four66")).name
'counter'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sixtysix.ai.heuristic import BeginnerPlayer, CountingPlayer
from sixtysix.ai.partnership.heuristic import BeginnerPartnershipPlayer, CountingPartnershipPlayer
from sixtysix.ai.partnership.search import ExpertPartnershipPlayer, PimcPartnershipPlayer
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import (
    AnyPlayer,
    PartnershipPlayer,
    Player,
    RandomPartnershipPlayer,
    RandomPlayer,
    view_type_of,
)

LEVELS = (1, 2, 3, 4, 5)

EXPERT_OPTIONS: dict[str, Any] = {"closed_play": True, "chance": True}
"""Level 5's :class:`~sixtysix.ai.tree.TreePlayer` options (issue 27; docs/players.md): after its own close every
consistent world is solved (fewer closes thrown away), and the card it draws is a chance node of its tree (its
choice before a draw is no longer made as if it saw the card)."""


def make_player(level: int, seed: int | None = 0, time_limit: float | None = None) -> Player:
    """The two-player (and three-handed) player of ``level`` 1-5; level 5 thinks ``time_limit`` CPU seconds (1)."""
    factories: dict[int, Callable[[], Player]] = {
        1: lambda: RandomPlayer(seed),
        2: lambda: BeginnerPlayer(seed),
        3: lambda: CountingPlayer(seed),
        4: lambda: PimcPlayer(seed),
        5: lambda: TreePlayer(seed, time_limit=time_limit or 1.0, **EXPERT_OPTIONS),
    }
    if level not in factories:
        raise ValueError(f"no player of level {level} (1-5)")
    return factories[level]()


def make_partnership_player(level: int, seed: int | None = 0, time_limit: float | None = None) -> PartnershipPlayer:
    """The four-handed player of ``level`` 1-5 (level 5 thinks ``time_limit`` CPU seconds, default 1).

    >>> [make_partnership_player(level).name for level in range(1, 6)]
    ['random', 'beginner', 'counter', 'pimc', 'expert']
    """
    factories: dict[int, Callable[[], PartnershipPlayer]] = {
        1: lambda: RandomPartnershipPlayer(seed),
        2: lambda: BeginnerPartnershipPlayer(seed),
        3: lambda: CountingPartnershipPlayer(seed),
        4: lambda: PimcPartnershipPlayer(seed),
        5: lambda: ExpertPartnershipPlayer(seed, time_limit=time_limit or 1.0),
    }
    if level not in factories:
        raise ValueError(f"no four-handed player of level {level} (1-5)")
    return factories[level]()


_MAKERS: dict[type[Any], Callable[[int, int | None, float | None], AnyPlayer]] = {
    PlayerView: make_player,
    PartnershipView: make_partnership_player,
}
"""The levels of each view a table may show (:func:`~sixtysix.players.player.view_type_of`)."""


def make_table_player(level: int, rules: Rules, seed: int | None = 0, time_limit: float | None = None) -> AnyPlayer:
    """The computer player of ``level`` 1-5 for a table of ``rules``: it reads the views that table shows.

    >>> [make_table_player(1, Rules.preset(name)).plays(Rules.preset(name)) for name in ("seed66", "three66", "four66")]
    [True, True, True]
    """
    return _MAKERS[view_type_of(rules)](level, seed, time_limit)
