"""``bench/reading.py``: the card counter's reading of a player's card play, measured on his true hand."""

import pytest
from bench.reading import measure

from sixtysix.ai import native


@pytest.mark.skipif(not native.available(), reason="the reading runs in the native core")
def test_the_counters_reading_of_the_counter_fits_its_true_hand_better_than_drawn_worlds() -> None:
    result = measure("3", "schnapsen", games=4, worlds=10, factor=0.1, expert_time=0.01, seed=1)
    assert set(result) == {"lead", "follow"}
    for row in result.values():
        assert row["readings"] > 0
        assert row["true_fit"] >= 0.75  # the counter (with its tie-break noise) plays as it reads itself
        assert row["true_fit"] > row["world_fit"]
        assert row["gain"] > 0


@pytest.mark.skipif(not native.available(), reason="the reading runs in the native core")
def test_the_pimc_reading_weighs_each_of_his_leads_by_a_chance_for_the_true_hand_and_the_drawn_worlds() -> None:
    """``--model pimc`` reads his leads only (his view then is exact), each as a chance of his choice."""
    result = measure("4", "schnapsen", games=4, worlds=10, factor=0.1, expert_time=0.01, seed=1, model="pimc")
    assert set(result) == {"lead"}
    row = result["lead"]
    assert row["readings"] > 0
    assert 0.0 < row["true_fit"] < 1.0 and 0.0 < row["world_fit"] < 1.0  # never sure: a softmax over his choices


@pytest.mark.skipif(not native.available(), reason="the reading runs in the native core")
def test_a_player_read_as_itself_fits_its_true_hand_better_than_drawn_worlds() -> None:
    """``--model self``: the player read is its own model, the ceiling of any reading of his leads."""
    result = measure("3", "schnapsen", games=4, worlds=6, factor=0.1, expert_time=0.01, seed=1, model="self", samples=8)
    assert set(result) == {"lead"}
    row = result["lead"]
    assert row["readings"] > 0
    assert row["true_fit"] > 0.6  # the counter leads as its copies would, but for its tie-break noise
    assert row["true_fit"] > row["world_fit"]
    assert row["gain"] > 0
