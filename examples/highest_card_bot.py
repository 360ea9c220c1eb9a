"""A 66P bot written against the sixtysix library: any ``Player[View]``, served with ``serve``.

It claims when it has 66, else plays its highest-scoring legal card (or the first legal
action when no card is allowed). In four-handed 66 (66P version 2) a
``Player[PartnershipView]`` plays: a random legal card, but the highest-scoring one when its
partner is winning the trick. Run it as a bot program::

    python examples/highest_card_bot.py

``serve`` does the handshake (``66pok 2`` when the host offers the four-handed game) and
turns each ``go`` line back into a PlayerView, or a PartnershipView four-handed, and hands it
to the player that reads it.
"""

from __future__ import annotations

import random
import sys

from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players import Player
from sixtysix.protocol import serve


class HighestCard(Player):
    name = "highest-card"

    def choose(self, view: PlayerView) -> Action:
        if CLAIM in view.legal and view.score >= 66:
            return Action(CLAIM)
        cards = [a for a in view.legal if a.is_card()]
        if not cards:
            return view.legal[0]
        return max(cards, key=lambda card: view.rules.points[card])


class RandomPartner(Player[PartnershipView]):
    """Four-handed: a random legal action; it gives points (its highest card) to a trick its partner wins."""

    name = "random-partner"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PartnershipView) -> Action:
        trick = list(view.trick)
        if len(trick) >= 2 and _winner(trick, view.trump) == view.partner:
            return max(view.legal, key=lambda action: view.rules.points[action] if action.is_card() else -1)
        return self.rng.choice(view.legal)


def _winner(trick: list[tuple[int, int]], trump: int) -> int:
    """The seat whose card wins the trick so far (cards are ids: suit * 8 + rank, 0 the highest)."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        same_suit = card >> 3 == best >> 3
        if (same_suit and card < best) or (not same_suit and card >> 3 == trump):
            best_seat, best = seat, card
    return best_seat


if __name__ == "__main__":
    sys.exit(serve(HighestCard(), name="highest-card.py", author="the sixtysix examples", partnership=RandomPartner()))
