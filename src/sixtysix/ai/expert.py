"""Level 5, the expert: PIMC that reads the opponent and spends its time budget.

What it adds to plain PIMC (level 4):

* **Inference.** Worlds are drawn in proportion to how well they explain what the
  opponent did. Hard facts come from the rules (a phase-2 failure to follow or to
  trump proves a void). Soft ones come from what a sound player does: he declares
  a marriage when he leads its king or queen and holds the other, and he takes the
  trump exchange when he may. A world in which the opponent declined either, with
  the card in his hand since, is kept only rarely (rejection sampling).
* **Time, not a fixed count.** It samples and searches worlds until its time per
  decision is used up (1 s by default), at least a few.
* **Claims and closing by game points.** Every value is in expected game points,
  so closing, claiming and the Schneider/Schwarz margins weigh as they score. A
  close is charged for the worlds in which it fails (``close_risk``): in each world
  the closer plays as if he saw every card, at the table he does not.
"""

from __future__ import annotations

import dataclasses

from sixtysix.actions import CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, MARRIAGE_20
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.players import PimcPlayer
from sixtysix.ai.sampling import sample_world
from sixtysix.cards import BIT, KING, QUEEN, Card, CardMask
from sixtysix.game import FOLLOW, LEAD, Deal
from sixtysix.view import PlayerView

_DECLINED_RECENTLY = 0.05  # a world where he declined with the card in hand since the last draw
_DECLINED_EARLIER = 0.4  # ... or with draws since, so he may have drawn it later
_OTHER_LEAD = 0.3  # a world where a sound player would have led another card
_MAX_TRIES = 12
_MAX_WORLDS = 400


class ExpertPlayer(PimcPlayer):
    """Level 5: time-budgeted PIMC with inference from the opponent's play."""

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        time_limit: float | None = 1.0,
        samples: int = 4,
        depth: int = 4,
        exact_talon: int = 4,
        close_risk: float = 0.0,
        rollouts: bool = True,
        confidence: float | None = 1.0,
    ) -> None:
        super().__init__(
            seed=seed,
            samples=samples,
            depth=depth,
            exact_talon=exact_talon,
            time_limit=time_limit,
            close_risk=close_risk,
            rollouts=rollouts,
            confidence=confidence,
        )
        self._model: CountingPlayer | None = None

    def _more(self, worlds: int, deadline: float | None) -> bool:
        if worlds >= _MAX_WORLDS:  # late in a deal worlds repeat: more add nothing
            return False
        return worlds < self.samples or super()._more(worlds, deadline)

    def sample(self, view: PlayerView, forbidden: int) -> Deal:
        declines = declined_cards(view)
        lead = opponent_lead(view)
        best: Deal | None = None
        best_weight = -1.0
        for _ in range(_MAX_TRIES):
            world = sample_world(view, self.rng, forbidden)
            weight = world_weight(world.hands[view.opponent], declines)
            if lead is not None and weight > 0:
                weight *= self._lead_weight(view, world, lead)
            if self.rng.random() < weight:
                return world
            if weight > best_weight:
                best, best_weight = world, weight
        assert best is not None
        return best

    def _lead_weight(self, view: PlayerView, world: Deal, led: Card) -> float:
        """How well the opponent's lead to this trick fits a world: would a sound player
        (the card counter) holding the world's hand have led that card?"""
        if self._model is None:
            self._model = CountingPlayer(self._seed)
        before = world.copy()
        before.hands[view.opponent] |= BIT[led]
        before.led = -1
        before.stage = LEAD
        before.window = 0
        opponent_view = dataclasses.replace(PlayerView.of(before, view.opponent), history=view.history[:-1])
        choice = self._model.choose(opponent_view)
        if choice >= 32 or choice == led:  # a declaration or an exchange is judged by declined_cards
            return 1.0
        return _OTHER_LEAD


def opponent_lead(view: PlayerView) -> Card | None:
    """The card the opponent has just led to the trick this seat is to follow, if he led it
    freely (not the king or queen of a marriage he declared)."""
    if view.stage != FOLLOW or view.led is None or view.leader != view.opponent or not view.history:
        return None
    if len(view.history) >= 2 and MARRIAGE_20 <= view.history[-2][1] < EXCHANGE:
        return None
    seat, action = view.history[-1]
    return view.led if seat == view.opponent and action == view.led else None


def declined_cards(view: PlayerView) -> list[tuple[CardMask, bool]]:
    """Cards the opponent acted as if he did not hold: (card mask, declined since the last draw).

    He led a king or queen without declaring the marriage while marriages were
    allowed (so he lacked its partner), or he led without exchanging the trump
    card while he could have (so he lacked the exchange card).
    """
    rules = view.rules
    opponent = view.opponent
    exchange_card = view.trump * 8 + rules.exchange_rank_index
    first_trick_talon = rules.deck - 2 * rules.hand_size
    declines: list[tuple[CardMask, int]] = []  # (cards, tricks completed when declined)
    tricks = 0
    closed = False
    led = -1
    declared = False
    exchanged_now = False
    for seat, action in view.history:
        if action in (CLOSE, CLOSE_BEFORE_DRAW):
            closed = True
        if action == EXCHANGE:
            exchanged_now = True
        if action >= 32:
            declared = declared or MARRIAGE_20 <= action < EXCHANGE
            continue
        if led < 0:
            talon = first_trick_talon - 2 * tricks
            phase1 = not closed and talon > 0
            if seat == opponent and phase1:
                rank, suit = action & 7, action >> 3
                may_marry = tricks > 0 or rules.first_lead_marriage
                if rank in (KING, QUEEN) and may_marry and not declared:
                    partner = suit * 8 + (QUEEN if rank == KING else KING)
                    declines.append((BIT[partner], tricks))
                may_exchange = (tricks > 0 or rules.first_lead_exchange) and talon >= rules.exchange_min_talon
                if may_exchange and not exchanged_now and tricks > 0:
                    declines.append((BIT[exchange_card], tricks))
            led = action
            declared = False
            continue
        led = -1
        tricks += 1
        exchanged_now = False
    return [(cards, declined_at == tricks) for cards, declined_at in declines]


def world_weight(opponent_hand: CardMask, declines: list[tuple[CardMask, bool]]) -> float:
    """How plausible a world is given the opponent's declines (1 = fully)."""
    weight = 1.0
    for cards, recent in declines:
        if opponent_hand & cards:
            weight *= _DECLINED_RECENTLY if recent else _DECLINED_EARLIER
    return weight
