"""A 66P bot written against the sixtysix library: any Player, served with ``serve``.

It claims when it has 66, else plays its highest-scoring legal card (or the first legal
action when no card is allowed). Run it as a bot program::

    python examples/highest_card_bot.py

``serve`` does the handshake and turns each ``go`` line back into a PlayerView.
"""

from __future__ import annotations

import sys

from sixtysix.actions import CLAIM, Action
from sixtysix.ai.player import Player
from sixtysix.protocol import serve
from sixtysix.view import PlayerView


class HighestCard(Player):
    name = "highest-card"

    def choose(self, view: PlayerView) -> Action:
        if CLAIM in view.legal and view.score >= 66:
            return Action(CLAIM)
        cards = [a for a in view.legal if a.is_card()]
        if not cards:
            return view.legal[0]
        return max(cards, key=lambda card: view.rules.points[card])


if __name__ == "__main__":
    sys.exit(serve(HighestCard(), name="highest-card.py", author="the sixtysix examples"))
