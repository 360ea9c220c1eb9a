"""The tree search with the opponent choosing by his own hand (``TreeSettings.hand_keyed``, ``native/ismcts.c``)."""

from __future__ import annotations

import random

import pytest
from native_cases import native_search, require_native

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.native import TreeSettings
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW

PRESETS = ("seed66", "schnapsen")


def _deals(preset: str, count: int, seed: int = 3, closed: bool = False) -> list[Deal]:
    """Deals a few random actions in (no claiming; closing only with ``closed``, at the first chance and then
    a few actions more), the seat to act with unseen cards left."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    deals: list[Deal] = []
    while len(deals) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        for _ in range(rng.randrange(0, 8) + (8 if closed else 0)):
            seat = deal.seat_to_ask
            if deal.outcome is not None or seat is None:
                break
            legal = PlayerView.of(deal, seat).legal
            if closed and not deal.closer and CLOSE in legal:
                deal.apply(CLOSE, seat)
                continue
            deal.apply(rng.choice([a for a in legal if a not in (CLOSE, CLOSE_BEFORE_DRAW, CLAIM)] or legal), seat)
        seat = deal.seat_to_ask
        wanted = bool(deal.closer) == closed and (closed or not deal.phase2)
        if wanted and deal.outcome is None and seat is not None and PlayerView.of(deal, seat).unseen:
            deals.append(deal)
    return deals


@pytest.mark.parametrize("preset", PRESETS)
def test_with_one_hand_for_the_opponent_his_own_statistics_are_the_pooled_ones(preset: str) -> None:
    """Where every world gives him the hand he holds and no one draws again (the talon closed: only its
    order is drawn), his statistics for that hand are those of the single-observer tree: the same search."""
    require_native()
    for deal in _deals(preset, 8, closed=True):
        view = PlayerView.of(deal, deal.seat_to_ask or 1)
        search = native_search(deal.rules)
        plain = search.tree_search(view, TreeSettings(iterations=1500), 7, truth=deal, talon_seen=False)
        keyed = search.tree_search(
            view, TreeSettings(iterations=1500, hand_keyed=True), 7, truth=deal, talon_seen=False
        )  # fmt: skip
        assert keyed.iterations == plain.iterations == 1500
        assert {a: v for a, (v, _) in keyed.actions.items()} == {a: v for a, (v, _) in plain.actions.items()}
        for action, (_, mean) in keyed.actions.items():
            assert mean == pytest.approx(plain.actions[action][1], abs=1e-9)


@pytest.mark.parametrize("preset", PRESETS)
def test_with_his_hand_drawn_the_opponent_choosing_by_it_changes_the_search(preset: str) -> None:
    require_native()
    changed = 0
    for deal in _deals(preset, 8, seed=4):
        view = PlayerView.of(deal, deal.seat_to_ask or 1)
        search = native_search(deal.rules)
        plain = search.tree_search(view, TreeSettings(iterations=1500), 7)
        keyed = search.tree_search(view, TreeSettings(iterations=1500, hand_keyed=True), 7)
        again = search.tree_search(view, TreeSettings(iterations=1500, hand_keyed=True), 7)
        assert keyed == again  # seeded: the same search
        assert keyed.iterations == 1500 and set(keyed.actions) <= set(view.legal)
        changed += keyed.actions != plain.actions
    assert changed >= 4  # positions with one choice, or his nodes not reached, are the same
