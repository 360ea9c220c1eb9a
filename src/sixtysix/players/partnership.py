"""The bot interface of the four-handed game, and its level 1 (random legal cards)."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod

from sixtysix.core.actions import Action
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView


class PartnershipPlayer(ABC):
    """A player of the four-handed game. Subclasses implement :meth:`choose`.

    The same life cycle as the two-player :class:`~sixtysix.players.base.Player`:
    ``new_match`` before the first deal, ``new_deal`` with the seat's first view
    of each deal, ``choose`` at each decision (one of ``view.legal``).
    """

    name: str = "player"

    def new_match(self, rules: Rules, seat: int) -> None:  # noqa: B027 - optional hook
        """Called before the first deal of a match."""

    def new_deal(self, view: PartnershipView) -> None:  # noqa: B027 - optional hook
        """Called when a deal starts, with the seat's first view."""

    @abstractmethod
    def choose(self, view: PartnershipView) -> Action:
        """One of ``view.legal``."""


class RandomPartnershipPlayer(PartnershipPlayer):
    """Level 1: a uniformly random legal action, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PartnershipView) -> Action:
        return self.rng.choice(view.legal)
