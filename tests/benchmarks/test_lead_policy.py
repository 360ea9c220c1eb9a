"""``bench/lead_policy.py``: a learned model of a sound player's leads, and the reading by it (``bench.reading``)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from bench import lead_policy
from bench.lead_policy import LeadPolicy, view_features
from bench.reading import measure

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.native import available


@pytest.mark.skipif(not available(), reason="level 4 plays the deals in the native core")
def test_the_lead_model_is_reproducible_from_its_seed_and_gives_each_lead_a_chance(tmp_path: Path) -> None:
    weights = []
    for run in ("a", "b"):
        out, figures = tmp_path / f"{run}.npz", tmp_path / f"{run}.json"
        lead_policy.main(["--games", "6", "--player", "4", "--epochs", "3", "--out", str(out), "--json", str(figures)])
        weights.append(LeadPolicy.load(out))
        assert json.loads(figures.read_text(encoding="utf-8"))["leads"] > 0
    assert all(np.array_equal(getattr(weights[0], k), getattr(weights[1], k)) for k in ("w1", "b1", "w2", "b2"))
    deal = Deal.shuffled(seed=3, rules=Rules.preset("schnapsen"))
    view = PlayerView.of(deal, deal.to_act)
    cards = [int(a) for a in view.legal if a.is_card()]
    chances = [weights[0].likelihood(view, card) for card in cards]
    assert all(0 < c < 1 for c in chances) and sum(chances) == pytest.approx(1.0)


def test_the_leaders_inputs_hold_his_hand_and_not_the_cards_he_cannot_see_apart() -> None:
    """What the model reads is the leader's view: his hand, and our hand merged with the talon."""
    deal = Deal.shuffled(seed=4, rules=Rules.preset("schnapsen"))
    view = PlayerView.of(deal, deal.to_act)
    x = view_features(view)
    assert x[: lead_policy.SLOTS].sum() == view.hand.bit_count()
    assert x[lead_policy.SLOTS : 2 * lead_policy.SLOTS].sum() == view.unseen.bit_count()
    other = deal.copy()
    ours, talon = 3 - view.seat, list(other.stock[other.stock_pos :])
    swap = (other.hands[ours] & -other.hands[ours]).bit_length() - 1  # one of our cards for the talon's top
    other.hands[ours] = other.hands[ours] & ~(1 << swap) | 1 << talon[0]
    other.stock = (*other.stock[: other.stock_pos], swap, *talon[1:])
    assert np.array_equal(view_features(PlayerView.of(other, view.seat)), x)  # he cannot tell the two apart


@pytest.mark.skipif(not available(), reason="the reading runs in the native core")
def test_the_reading_by_a_learned_model_weighs_each_of_his_leads_for_the_true_hand_and_the_drawn_worlds(
    tmp_path: Path,
) -> None:
    out = tmp_path / "policy.npz"
    lead_policy.main(["--games", "6", "--player", "4", "--epochs", "3", "--out", str(out)])
    result = measure("4", "schnapsen", 3, 10, 0.1, 0.01, 1, model="learned", policy=LeadPolicy.load(out))
    assert set(result) == {"lead"}
    row = result["lead"]
    assert row["readings"] > 0 and 0 < row["true_fit"] < 1 and 0 < row["world_fit"] < 1


@pytest.mark.skipif(not available(), reason="level 4 plays the deals in the native core")
def test_the_lead_model_trains_on_lead_files_merged(tmp_path: Path) -> None:
    data, figures = tmp_path / "leads.npz", tmp_path / "merged.json"
    lead_policy.main(
        ["--games", "4", "--player", "4", "--epochs", "1", "--data", str(data), "--out", str(tmp_path / "a.npz")]
    )
    merged = ",".join([str(data), str(data)])
    lead_policy.main(["--merge", merged, "--epochs", "1", "--out", str(tmp_path / "b.npz"), "--json", str(figures)])
    assert json.loads(figures.read_text(encoding="utf-8"))["leads"] == 2 * len(np.load(data)["y"])
