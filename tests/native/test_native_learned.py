"""The learned value in the native core (``native/value.c``) against its Python reference (``ai/learned.py``)."""

from __future__ import annotations

import random

import pytest
from native_cases import require_native

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.learned import INPUTS, LearnedValue, features
from sixtysix.ai.native import NativeSearch, TreeSettings, core_for, encode
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, PASS

PRESETS = ("seed66", "schnapsen", "pagat66")


def _phase_one(preset: str, count: int, seed: int = 11) -> list[Deal]:
    """Phase-one positions in play at every stage: random actions, no close, true claims only."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    found: list[Deal] = []
    while len(found) < count:
        deal = Deal.shuffled(rng.getrandbits(32), dealer=rng.choice((1, 2)), rules=rules)
        for _ in range(rng.randrange(0, 14)):
            seat = deal.to_act
            if seat is None or deal.phase2:
                break
            legal = [a for a in deal.legal_actions(seat) if a not in (CLOSE, CLOSE_BEFORE_DRAW, CLAIM)]
            deal.apply(rng.choice(legal or deal.legal_actions(seat)), seat)
            if deal.window and rng.random() < 0.5:
                deal.apply(rng.choice((EXCHANGE, PASS)), deal.window)
        if not deal.is_over and not deal.phase2:
            found.append(deal)
    return found


@pytest.mark.parametrize("preset", PRESETS)
def test_the_native_inputs_of_the_learned_value_are_the_python_ones(preset: str) -> None:
    require_native()
    core = core_for(Rules.preset(preset))
    assert core is not None
    stages = set()
    for deal in _phase_one(preset, 150):
        stages.add(int(deal.stage))
        native = core.value_features(encode(deal))
        assert len(native) == INPUTS
        assert native == pytest.approx(features(deal), abs=1e-6), deal
    assert len(stages) >= 3  # lead, follow and at least one of marriage / before the draw


@pytest.mark.parametrize("preset", PRESETS)
def test_the_native_learned_value_is_the_python_one(preset: str) -> None:
    require_native()
    core = core_for(Rules.preset(preset))
    assert core is not None
    model = LearnedValue.load()
    model.install(core)
    values = []
    for deal in _phase_one(preset, 60, seed=5):
        value = core.model_value(encode(deal))
        assert value == pytest.approx(model.value(deal), abs=1e-4)
        values.append(value)
    assert len({round(v, 3) for v in values}) > 10  # it tells positions apart


def test_the_learned_value_is_refused_outside_phase_one() -> None:
    require_native()
    core = core_for(Rules.preset("schnapsen"))
    assert core is not None
    LearnedValue.load().install(core)
    deal = _phase_one("schnapsen", 1)[0]
    deal.apply(CLOSE if CLOSE in deal.legal_actions(deal.to_act) else deal.legal_actions(deal.to_act)[0], deal.to_act)
    while not deal.phase2 and not deal.is_over:  # play on until the talon is closed or exhausted
        seat = deal.to_act
        assert seat is not None
        deal.apply(deal.legal_actions(seat)[0], seat)
    with pytest.raises(ValueError):
        core.value_features(encode(deal))
    with pytest.raises(ValueError):
        features(deal)


@pytest.mark.parametrize("leaf", ["model", "mix"])
@pytest.mark.parametrize("preset", ["seed66", "schnapsen"])
def test_the_tree_search_with_the_learned_value_answers_legal_actions_the_same_for_a_seed(
    preset: str, leaf: str
) -> None:
    require_native()
    deals = _phase_one(preset, 4, seed=3)
    for deal in deals:
        seat = deal.to_act
        assert seat is not None
        view = PlayerView.of(deal, seat)
        settings = TreeSettings(iterations=300, leaf=leaf)
        results = []
        for _ in range(2):
            search = NativeSearch.create(deal.rules)
            assert search is not None
            results.append(search.tree_search(view, settings, 17))
        assert results[0] == results[1]
        assert results[0].iterations == 300
        assert set(results[0].actions) <= set(view.legal)
        assert sum(n for n, _ in results[0].actions.values()) == 300
