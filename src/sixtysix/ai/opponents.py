"""Opponents that are not sound: the robustness league's family, and test opponents.

Real players, human and computer, pass up the trump exchange and marriages often, and
lead a king or queen of a marriage they hold without declaring it. An expert whose
inference assumes a sound opponent reads such play as evidence about the hand and draws
the wrong worlds; these players make that measurable.

>>> from sixtysix import Deal, PlayerView
>>> player = CarelessCounter(seed=1, skip=1.0)
>>> deal = Deal.shuffled(seed=5)
>>> player.choose(PlayerView.of(deal, deal.to_act)) in PlayerView.of(deal, deal.to_act).legal
True
"""

from __future__ import annotations

import dataclasses
import random

from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.core.actions import EXCHANGE, Action, marriage_suit
from sixtysix.core.cards import KING, QUEEN, make_card
from sixtysix.core.view import PlayerView
from sixtysix.players.player import Player


class CarelessCounter(Player[PlayerView]):
    """Level 3 that passes up each trump exchange and marriage it would take with chance ``skip``.

    A skipped marriage is not declared; with ``lead_card`` the king or queen of it is led
    instead (as if the player had not seen the pair).
    """

    name = "careless-counter"

    def __init__(self, seed: int | None = 0, skip: float = 0.5, lead_card: bool = False) -> None:
        self.counter = CountingPlayer(seed)
        self.rng = random.Random(seed)
        self.skip = skip
        self.lead_card = lead_card

    def choose(self, view: PlayerView) -> Action:
        action = self.counter.choose(view)
        if not (action == EXCHANGE or action.is_marriage()) or self.rng.random() >= self.skip:
            return action
        if action.is_marriage() and self.lead_card:
            return Action.play(make_card(self.rng.choice((KING, QUEEN)), marriage_suit(action)))
        others = tuple(a for a in view.legal if not (a == EXCHANGE or a.is_marriage()))
        return self.counter.choose(dataclasses.replace(view, legal=others)) if others else action


__all__ = ["CarelessCounter"]
