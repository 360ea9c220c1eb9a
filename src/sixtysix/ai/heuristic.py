"""Rule-of-thumb players: level 2 (beginner) and level 3 (card counter).

Placeholders until the heuristic players are written: they play the first
legal card that is not a claim.
"""

from __future__ import annotations

import random

from sixtysix.actions import CLAIM, Action
from sixtysix.ai.player import Player
from sixtysix.view import PlayerView


class BeginnerPlayer(Player):
    name = "beginner"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        if CLAIM in view.legal and view.score >= 66:
            return view.legal[view.legal.index(CLAIM)]
        cards = [a for a in view.legal if a < 32]
        return self.rng.choice(cards or list(view.legal))


class CountingPlayer(BeginnerPlayer):
    name = "counter"
