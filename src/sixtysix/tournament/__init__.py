"""Tournaments: computer players and external bots against each other on duplicate deals.

Two-player 66, and the three- and four-handed games (``three66``: every deal in every
seating of a table of three; ``four66``: partnerships, every deal with the sides swapped;
see docs/tournament.md). ``sixtysix tournament`` (:mod:`.command`) and the API behind it:

* :mod:`.specs` -- players as text (``L3=level:3``, ``mybot=./mybot``) and factories of
  :class:`~sixtysix.players.player.Player` objects (for the table's views);
* :mod:`.schedule` -- pairings and tables (round robin, gauntlet), seatings, boards and their
  seeds, game keys;
* :mod:`.play` -- one game, as a worker plays it;
* :mod:`.backends` -- in this process, local worker processes, or Ray;
* :mod:`.journal` -- the results journal that makes a tournament resumable;
* :mod:`.stats` -- figures per pairing, Bradley–Terry ratings with bootstrap intervals;
* :mod:`.runner` -- :class:`Tournament` and :func:`run_tournament`;
* :mod:`.output` -- tables, JSON, CSV; :mod:`.progress` -- the progress bar.

The names below are imported on first use, so that importing the package (the
command line does, to register the command) costs nothing.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sixtysix.tournament.backends import Backend, InProcessBackend, ProcessBackend, RayBackend, make_backend
    from sixtysix.tournament.play import GameResult, Setup
    from sixtysix.tournament.runner import Interrupted, Tournament, TournamentResult, run_tournament
    from sixtysix.tournament.schedule import GameKey
    from sixtysix.tournament.specs import PlayerSpec, parse_player

_EXPORTS = {
    "Backend": "backends",
    "InProcessBackend": "backends",
    "ProcessBackend": "backends",
    "RayBackend": "backends",
    "make_backend": "backends",
    "GameResult": "play",
    "Setup": "play",
    "Interrupted": "runner",
    "Tournament": "runner",
    "TournamentResult": "runner",
    "run_tournament": "runner",
    "GameKey": "schedule",
    "PlayerSpec": "specs",
    "parse_player": "specs",
}

__all__ = [
    "Backend",
    "GameKey",
    "GameResult",
    "InProcessBackend",
    "Interrupted",
    "PlayerSpec",
    "ProcessBackend",
    "RayBackend",
    "Setup",
    "Tournament",
    "TournamentResult",
    "make_backend",
    "parse_player",
    "run_tournament",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'sixtysix.tournament' has no attribute {name!r}")
    return getattr(importlib.import_module(f"sixtysix.tournament.{module}"), name)
