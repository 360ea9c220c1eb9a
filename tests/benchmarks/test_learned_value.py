"""The learned value's training (``bench/learned_value.py``) and its league players (``5v``, ``5x``)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from bench import learned_value
from bench.league import build_player

from sixtysix.ai.learned import LearnedValue
from sixtysix.ai.native import NativeSearch, available
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules


@pytest.mark.skipif(not available(), reason="the native core labels the positions")
def test_the_training_is_reproducible_from_its_seed_and_gives_a_model_the_package_reads(tmp_path: Path) -> None:
    models = []
    for run in ("a", "b"):
        out = tmp_path / f"{run}.json"
        learned_value.main(["--presets", "schnapsen", "--deals", "6", "--epochs", "2", "--out", str(out)])
        models.append(json.loads(out.read_text(encoding="utf-8")))
    assert models[0]["weights"] == models[1]["weights"]
    model = LearnedValue.from_json(models[0])
    assert model.hidden == 32
    assert model.info["positions"] > 0


def test_the_league_plays_level_5_with_the_learned_value_and_with_the_mean() -> None:
    for player_id, leaf in (("5v", "model"), ("5x", "mix")):
        player = build_player(player_id, 1, 0.25)
        assert isinstance(player, TreePlayer)
        assert player.settings.leaf == leaf
        assert player.time_limit == 0.25
        assert player.closed_play and player.settings.chance  # level 5's own options: only the leaf differs


@pytest.mark.skipif(not available(), reason="the native core labels the positions")
def test_a_label_is_the_mean_exact_value_over_orders_of_the_talon_and_leaves_the_deal_as_it_was() -> None:
    rules = Rules.preset("schnapsen")
    search = NativeSearch.create(rules)
    assert search is not None
    moved = 0
    for seed in range(6):
        deal = Deal.shuffled(seed=seed, rules=rules)
        stock = deal.stock
        played = search.value(deal)
        assert learned_value.talon_mean(search, deal, 1, random.Random(seed)) == played
        label = learned_value.talon_mean(search, deal, 8, random.Random(seed))
        assert label == learned_value.talon_mean(search, deal, 8, random.Random(seed))  # seeded
        assert -3 <= label <= 3 and label * 8 == round(label * 8)  # a mean of eight deals' game points
        assert deal.stock == stock
        moved += label != played
    assert moved  # the talon's order changes some deals' value: the label is not the played order's
