"""The rollout expert: level 4's rollouts, with inference from the opponent's play and a time budget.

Level 5 was this player until the tree search (:mod:`sixtysix.ai.tree`) replaced it; it
stays as level 5's pure-Python fallback (where the native core is missing), as the
analysis's sampler (:mod:`sixtysix.ai.analysis`) and as the league's ``5r``.

What it adds to level 4 (:class:`~sixtysix.ai.pimc.PimcPlayer`, which values each action by
rollouts of the card counter in sampled worlds, see :mod:`sixtysix.ai.rollout`):

* **Inference.** Worlds are drawn in proportion to how well they explain what the
  opponent did (rejection sampling). Hard facts come from the rules (a phase-2 failure to
  follow or to trump proves a void). Soft ones come from what a sound player does: he
  declares a marriage when he leads its king or queen and holds the other, and he takes
  the trump exchange when he may; and the card he has just led, or played to our last
  lead, is the one the card counter would have played with the world's hand. A world that
  contradicts any of these is kept only now and then.
* **Time, not a fixed count.** It samples worlds until its time per decision (CPU time
  of its thread, :mod:`sixtysix.ai.clock`) is used up (1 s by default), at least a few, at most 400.
"""

from __future__ import annotations

import dataclasses

from sixtysix.ai.heuristic import _follow_options
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.ai.rollout import CounterModel
from sixtysix.ai.sampling import sample_world
from sixtysix.core.actions import ACTIONS, CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, marriage_suit
from sixtysix.core.cards import BIT, KING, QUEEN, RANK_OF, SUIT_OF, Card, CardMask, cards_of, make_card
from sixtysix.core.facts import MARRIAGE_CARDS, exchange_card, talon_after, trick_points
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, LEAD, Deal
from sixtysix.core.view import PlayerView

_DECLINED_RECENTLY = 0.05  # a world where he declined with the card in hand since the last draw
_DECLINED_EARLIER = 0.4  # ... or with draws since, so he may have drawn it later
_OTHER_PLAY = 0.1  # a world in which a sound player would have played another card
_MAX_TRIES = 12
_MAX_WORLDS = 400


class ExpertPlayer(PimcPlayer):
    """The rollout expert: time-budgeted PIMC with inference from the opponent's play."""

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
        self._model: CounterModel | None = None  # the counter as the model of a sound opponent

    def _more(self, worlds: int, deadline: float | None) -> bool:
        if worlds >= _MAX_WORLDS:  # late in a deal worlds repeat: more add nothing
            return False
        return worlds < self.samples or super()._more(worlds, deadline)

    def sample(self, view: PlayerView, forbidden: int) -> Deal:
        declines = declined_cards(view)
        lead = opponent_lead(view)
        follow = opponent_follow(view) if lead is None else None
        best: Deal | None = None
        best_weight = -1.0
        for _ in range(_MAX_TRIES):
            world = sample_world(view, self.rng, forbidden)
            weight = world_weight(world.hands[view.opponent], declines)
            if lead is not None and weight > 0:
                weight *= self._lead_weight(view, world, lead)
            elif follow is not None and weight > 0:
                weight *= self._follow_weight(view, world, follow)
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
            self._model = CounterModel(self._seed)
        choice = self._model.choose(lead_view(view, world, led))
        if not choice.is_card() or choice == led:  # a declaration or an exchange is judged by declined_cards
            return 1.0
        return _OTHER_PLAY

    def _follow_weight(self, view: PlayerView, world: Deal, follow: _Follow) -> float:
        """How well the opponent's card to our last lead (a trick we won) fits a world: the
        share of his possible hands then (the world's, less the card he has drawn since)
        with which a sound player (the card counter) would have played it."""
        if self._model is None:
            self._model = CounterModel(self._seed)
        opponent = view.opponent
        hand_now = world.hands[opponent]
        drawn = [BIT[c] for c in cards_of(hand_now & ~view.opponent_known)] if follow.drew else [0]
        if not drawn:
            return 1.0
        then = follow_view(view, world, follow)
        phase2 = then.phase2
        fits = 0
        for drawn_card in drawn:
            hand = (hand_now & ~drawn_card) | BIT[follow.card]
            legal = _follow_options(then, follow.lead, hand) if phase2 else cards_of(hand)
            choice = self._model.choose(dataclasses.replace(then, hand=hand, legal=tuple(ACTIONS[c] for c in legal)))
            fits += choice == follow.card
        return _OTHER_PLAY + (1.0 - _OTHER_PLAY) * fits / len(drawn)


def opponent_lead(view: PlayerView) -> Card | None:
    """The card the opponent has just led to the trick this seat is to follow, if he led it
    freely (not the king or queen of a marriage he declared)."""
    if view.stage != FOLLOW or view.led is None or view.leader != view.opponent or not view.history:
        return None
    if len(view.history) >= 2 and view.history[-2][1].is_marriage():
        return None
    seat, action = view.history[-1]
    return view.led if seat == view.opponent and action == view.led else None


@dataclasses.dataclass(frozen=True)
class _Follow:
    """The opponent's card to our lead of the last trick, which we won."""

    index: int
    """Its place in the history."""
    lead: Card
    card: Card
    drew: bool
    """Whether both sides have drawn since."""
    talon: int
    """Cards in the talon at that trick."""
    closed_before: bool


def opponent_follow(view: PlayerView) -> _Follow | None:
    """The opponent's card to our last lead, if we won that trick and did nothing since but
    draw or close (and the deal still has unseen cards)."""
    if view.stage not in (LEAD, BEFORE_DRAW) or view.unseen == 0 or view.leader != view.seat:
        return None
    history = view.history
    cards = [i for i, (_, action) in enumerate(history) if action.is_card()]
    if len(cards) < 2 or len(cards) % 2:
        return None
    index, lead_index = cards[-1], cards[-2]
    if history[index][0] != view.opponent or history[lead_index][0] != view.seat:
        return None
    after = history[index + 1 :]
    if any(seat != view.seat or action not in (DRAW, CLOSE, CLOSE_BEFORE_DRAW) for seat, action in after):
        return None
    closed_before = any(action in (CLOSE, CLOSE_BEFORE_DRAW) for _, action in history[:index])
    rules = view.rules
    tricks_before = (len(cards) - 2) // 2
    talon = view.talon_size if closed_before else talon_after(rules, tricks_before)
    # Both drew after the trick unless the talon was closed or exhausted, or we closed before drawing.
    drew = not closed_before and talon > 0 and view.stage == LEAD and all(a != CLOSE_BEFORE_DRAW for _, a in after)
    if talon == rules.cards_per_trick and drew:
        return None  # the last draw: he took the face-up card (and the deal has no unseen card left)
    return _Follow(index, history[lead_index][1], history[index][1], drew, talon, closed_before)


def known_to_opponent(view: PlayerView) -> CardMask:
    """The cards of this seat's hand the opponent knows it holds: the trump card turned up at the deal (only
    an exchange or the talon's last draw brings it to a hand), the face-up card drawn last once the talon is
    exhausted, and the partner of a marriage it declared."""
    shown = BIT[view.trump_card]
    exchanged = False
    for seat, action in view.history:
        exchanged |= action == EXCHANGE
        if seat == view.seat and action.is_marriage():
            shown |= MARRIAGE_CARDS[marriage_suit(action)]
    if view.face_up is None and not view.closer:  # the talon is exhausted: its last card was face up
        shown |= BIT[exchange_card(view.rules, view.trump) if exchanged else view.trump_card]
    return view.hand & shown


def _knowing(view: PlayerView, world: Deal) -> Deal:
    """A copy of ``world`` (drawn with no history) in which the opponent knows what he knows of our hand."""
    world = world.copy()
    world.known[view.seat] = known_to_opponent(view)
    return world


def lead_view(view: PlayerView, world: Deal, led: Card) -> PlayerView:
    """The opponent's view in ``world`` as he led ``led`` to the trick this seat is to follow."""
    before = _knowing(view, world)
    before.hands[view.opponent] |= BIT[led]
    before.led = -1
    before.stage = LEAD
    before.window = 0
    return dataclasses.replace(PlayerView.of(before, view.opponent), history=view.history[:-1])


def follow_view(view: PlayerView, world: Deal, follow: _Follow) -> PlayerView:
    """The opponent's view in ``world`` as he followed our last lead (:func:`opponent_follow`), but for
    his hand and legal actions: those of the world now (he may have drawn a card since)."""
    opponent = view.opponent
    now = PlayerView.of(_knowing(view, world), opponent)
    gained = trick_points(view.rules, (follow.lead, follow.card))
    won = list(now.won)
    won[view.seat - 1] &= ~(BIT[follow.lead] | BIT[follow.card])
    tricks = list(now.tricks)
    tricks[view.seat - 1] -= 1
    our_total = view.score + view.pending - gained
    first_trick = tricks[view.seat - 1] == 0
    return dataclasses.replace(
        now,
        stage=FOLLOW,
        to_act=opponent,
        leader=view.seat,
        led=follow.lead,
        won=(won[0], won[1]),
        tricks=(tricks[0], tricks[1]),
        opponent_score=0 if first_trick else view.score - gained,
        opponent_pending=our_total if first_trick else view.pending,
        talon_size=follow.talon,
        closer=view.closer if follow.closed_before else 0,
        close_score=view.close_score if follow.closed_before else 0,
        close_tricks=view.close_tricks if follow.closed_before else 0,
        window=0,
        marriage_suit=-1,
        history=view.history[: follow.index],
    )


def declined_cards(view: PlayerView) -> list[tuple[CardMask, bool]]:
    """Cards the opponent acted as if he did not hold: (card mask, declined since the last draw).

    He led a king or queen without declaring the marriage while marriages were
    allowed (so he lacked its partner), or he led without exchanging the trump
    card while he could have (so he lacked the exchange card).
    """
    tricks = sum(view.tricks)
    return [(cards, declined_at == tricks) for cards, declined_at in decline_events(view)]


def decline_events(view: PlayerView) -> list[tuple[CardMask, int]]:
    """:func:`declined_cards` with the number of tricks completed when each decline happened."""
    rules = view.rules
    opponent = view.opponent
    exchange = exchange_card(rules, view.trump)
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
        if not action.is_card():
            declared = declared or action.is_marriage()
            continue
        if led < 0:
            talon = talon_after(rules, tricks)
            phase1 = not closed and talon > 0
            if seat == opponent and phase1:
                rank, suit = RANK_OF[action], SUIT_OF[action]
                may_marry = tricks > 0 or rules.first_lead_marriage
                if rank in (KING, QUEEN) and may_marry and not declared:
                    partner = make_card(QUEEN if rank == KING else KING, suit)
                    declines.append((BIT[partner], tricks))
                may_exchange = (tricks > 0 or rules.first_lead_exchange) and talon >= rules.exchange_min_talon
                if may_exchange and not exchanged_now and tricks > 0:
                    declines.append((BIT[exchange], tricks))
            led = action
            declared = False
            continue
        led = -1
        tricks += 1
        exchanged_now = False
    return declines


def world_weight(opponent_hand: CardMask, declines: list[tuple[CardMask, bool]]) -> float:
    """How plausible a world is given the opponent's declines (1 = fully)."""
    weight = 1.0
    for cards, recent in declines:
        if opponent_hand & cards:
            weight *= _DECLINED_RECENTLY if recent else _DECLINED_EARLIER
    return weight
