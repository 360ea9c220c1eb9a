"""Worlds consistent with a player's view: where the unseen cards might be.

A *world* is a complete :class:`~sixtysix.core.game.Deal` that agrees with
everything one seat knows: its hand, the cards played and shown, the public
counts, and what the opponent's play proves. In phase 2 a player must follow
suit, head the trick and trump when void, so a failure to do so proves a void
(or the lack of a higher card) that lasts for the rest of the deal.

>>> import random
>>> from sixtysix import Deal, PlayerView
>>> deal = Deal.shuffled(seed=5)
>>> view = PlayerView.of(deal, 1)
>>> world = sample_world(view, random.Random(1))
>>> world.hands[1] == deal.hands[1], world.hands[2].bit_count(), world.talon_size
(True, 6, 12)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable, Iterator

from sixtysix.core.actions import CLOSE, CLOSE_BEFORE_DRAW, IS_CARD
from sixtysix.core.cards import BIT, HIGHER, SAME_SUIT, SUIT_MASK, Card, CardMask, cards_of, mask_of
from sixtysix.core.facts import talon_after
from sixtysix.core.game import Deal
from sixtysix.core.view import PlayerView


def forbidden_cards(view: PlayerView) -> CardMask:
    """Unseen cards the opponent cannot hold, proven by his phase-2 play (R-P2-2)."""
    rules = view.rules
    trump_mask = SUIT_MASK[view.trump]
    closed = False
    tricks = 0
    led = -1
    forbidden = 0
    for seat, action in view.history:
        if action in (CLOSE, CLOSE_BEFORE_DRAW):
            closed = True
        if not IS_CARD[action]:
            continue
        if led < 0:
            led = action
            continue
        if seat == view.opponent and (closed or not talon_after(rules, tricks)):
            forbidden |= _proof(led, action, trump_mask, rules.must_head_trick, rules.must_trump_when_void)
        led = -1
        tricks += 1
    return forbidden & view.unseen


def _proof(led: int, played: int, trump_mask: CardMask, must_head: bool, must_trump: bool) -> CardMask:
    """What a phase-2 follower's card proves he did not hold."""
    suit = SAME_SUIT[led]
    if BIT[played] & suit:
        # He followed: playing under the led card proves he had no higher one.
        return HIGHER[led] if must_head and not BIT[played] & HIGHER[led] else 0
    proof = suit
    if must_trump and not BIT[played] & trump_mask:
        proof |= trump_mask
    return proof


Weight = Callable[[CardMask], float]


def sample_world(view: PlayerView, rng: random.Random, forbidden: CardMask | None = None) -> Deal:
    """One world drawn uniformly among those consistent with ``view`` (and ``forbidden``)."""
    unseen = view.unseen
    allowed, need = _candidates(view, forbidden)
    chosen = rng.sample(allowed, need) if need > 0 else []
    opponent = view.opponent_known
    for card in chosen:
        opponent |= BIT[card]
    stock = [c for c in cards_of(unseen) if not opponent & BIT[c]]
    rng.shuffle(stock)
    return world_from(view, opponent, stock)


def _candidates(view: PlayerView, forbidden: CardMask | None) -> tuple[list[Card], int]:
    """The unseen cards the opponent may hold (not proven absent), and how many of them he holds."""
    if forbidden is None:
        forbidden = forbidden_cards(view)
    unseen = view.unseen
    need = max(0, view.opponent_hand_size - view.opponent_known.bit_count())
    allowed = list(cards_of(unseen & ~forbidden))
    if need > len(allowed):  # inconsistent proofs (cannot happen in a legal game): ignore them
        allowed = list(cards_of(unseen))
    return allowed, need


def stock_order_matters(view: PlayerView) -> bool:
    """Whether the order of the face-down stock can change the deal: only while the talon is open
    (once it is closed nobody draws again; once it is exhausted there is none)."""
    return not view.phase2


def consistent_worlds(
    view: PlayerView, forbidden: CardMask | None = None
) -> Iterator[tuple[CardMask, tuple[Card, ...]]]:  # fmt: skip
    """Every world consistent with ``view``, as (the opponent's hand, the stock top first), each once.

    The opponent holds the cards he is known to hold and any choice of the right number among
    the unseen cards his play has not proven he lacks (the same candidates :func:`sample_world`
    draws from); the rest of the unseen cards are the face-down stock, in every order while the
    talon is open, in one order (ascending) once it is closed, where no one draws again.
    :func:`world_from` makes a deal of each; :func:`world_count` counts them without listing them.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=5)
    >>> view = deal.view(1)
    >>> worlds = consistent_worlds(view)
    >>> opponent, stock = next(worlds)
    >>> opponent.bit_count(), len(stock), world_count(view) == math.comb(17, 6) * math.factorial(11)
    (6, 11, True)
    """
    allowed, need = _candidates(view, forbidden)
    unseen = view.unseen
    ordered = stock_order_matters(view)
    for chosen in itertools.combinations(allowed, need):
        opponent = view.opponent_known | mask_of(chosen)
        stock = cards_of(unseen & ~opponent)
        yield from ((opponent, order) for order in (itertools.permutations(stock) if ordered else (stock,)))


def world_count(view: PlayerView, forbidden: CardMask | None = None) -> int:
    """How many worlds :func:`consistent_worlds` lists: hands × orders of the stock (while the talon is open).

    >>> from sixtysix import Deal
    >>> world_count(Deal.shuffled(seed=5).view(2)) == math.comb(17, 6) * math.factorial(11)
    True
    """
    allowed, need = _candidates(view, forbidden)
    stock = view.unseen.bit_count() - need
    return math.comb(len(allowed), need) * (math.factorial(stock) if stock_order_matters(view) else 1)


def world_from(view: PlayerView, opponent_hand: CardMask, stock: list[int]) -> Deal:
    """The world in which the opponent holds ``opponent_hand`` and the stock is ``stock`` (top first)."""
    seat = view.seat
    hands = (view.hand, opponent_hand) if seat == 1 else (opponent_hand, view.hand)
    scores = (view.score, view.opponent_score) if seat == 1 else (view.opponent_score, view.score)
    pending = (view.pending, view.opponent_pending) if seat == 1 else (view.opponent_pending, view.pending)
    return Deal.from_position(
        view.rules,
        dealer=view.dealer,
        trump_card=view.trump_card,
        hands=hands,
        stock=stock,
        face_up=view.face_up,
        won=view.won,
        scores=scores,
        pending=pending,
        tricks=view.tricks,
        stage=view.stage,
        leader=view.leader,
        led=view.led,
        marriage_suit=view.marriage_suit,
        closer=view.closer,
        close_score=view.close_score,
        close_tricks=view.close_tricks,
        window=view.window,
    )
