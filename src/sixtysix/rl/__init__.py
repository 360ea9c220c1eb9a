"""66 for reinforcement learning: PettingZoo and OpenSpiel environments (extra ``sixtysix[rl]``).

* :func:`env` / :class:`raw_env` (:mod:`sixtysix.rl.aec`): the PettingZoo AEC environment of
  the two-player game, ``sixtysix.rl.env(rules="seed66")``;
* :class:`OpponentEnv` (:mod:`sixtysix.rl.opponent`): a single-agent Gymnasium environment in
  which a computer player of any level (``sixtysix.ai.levels.make_player``) holds the other seat;
* :class:`VectorDeals` (:mod:`sixtysix.rl.vector`): self-play of many deals at once, one call
  stepping every deal of a batch;
* :mod:`sixtysix.rl.encoding`: the observation layout both environments share;
* :mod:`sixtysix.rl.openspiel`: the OpenSpiel game ``sixtysix`` (importing it registers the
  game with ``pyspiel``) and :class:`~sixtysix.rl.openspiel.PlayerBot`, which lets any level
  play as an OpenSpiel bot.

Importing this package needs nothing; the names above load their modules on first use and
need ``pip install 'sixtysix[rl]'`` (numpy, gymnasium, pettingzoo; open_spiel for OpenSpiel).
See docs/rl.md.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sixtysix.rl.aec import env, raw_env
    from sixtysix.rl.opponent import OpponentEnv
    from sixtysix.rl.vector import VectorDeals

__all__ = ["OpponentEnv", "VectorDeals", "env", "raw_env"]

_LAZY = {
    "env": "sixtysix.rl.aec",
    "raw_env": "sixtysix.rl.aec",
    "OpponentEnv": "sixtysix.rl.opponent",
    "VectorDeals": "sixtysix.rl.vector",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'sixtysix.rl' has no attribute {name!r}")
    try:
        return getattr(importlib.import_module(module), name)
    except ImportError as error:
        raise ImportError(f"sixtysix.rl.{name} needs the rl extra: pip install 'sixtysix[rl]' ({error})") from error
