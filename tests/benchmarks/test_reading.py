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
