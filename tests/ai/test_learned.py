"""The learned value's Python reference (``ai/learned.py``) and the shipped model."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from sixtysix import Deal, Rules
from sixtysix.ai.learned import INPUTS, LearnedValue, features, relative_suit
from sixtysix.core.cards import parse_card


def test_the_shipped_model_fits_the_inputs_and_beats_the_constant_on_held_out_deals() -> None:
    model = LearnedValue.load()
    assert len(model.weights) == model.hidden * (INPUTS + 2) + 1
    assert model.info["mse_model"] < model.info["mse_constant"]


def test_trumps_come_first_and_the_other_suits_keep_their_order() -> None:
    assert [relative_suit(s, 2) for s in range(4)] == [1, 2, 0, 3]
    assert [relative_suit(s, 3) for s in range(4)] == [1, 2, 3, 0]


def test_the_inputs_place_each_card_once_from_the_side_to_act() -> None:
    deal = Deal.shuffled(seed=4, rules=Rules.preset("schnapsen"))
    me = deal.to_act
    assert me is not None
    x = features(deal)
    hands = x[0:32], x[32:64], x[64:96], x[96:128]
    assert sum(hands[0]) == sum(hands[1]) == deal.rules.hand_size
    assert sum(hands[2]) == deal.talon_size
    assert sum(hands[3]) == 0  # nothing led yet
    card = next(c for c in range(32) if deal.hands[me] >> c & 1)
    assert hands[0][8 * relative_suit(card >> 3, deal.trump) + (card & 7)] == 1.0
    assert parse_card("Ac") == 0  # the layout the index above assumes


def test_the_value_changes_sign_when_the_hands_and_the_lead_change_seats() -> None:
    model = LearnedValue.load()
    deal = Deal.shuffled(seed=9)
    mirrored = deal.copy()
    mirrored.hands[1], mirrored.hands[2] = deal.hands[2], deal.hands[1]
    mirrored.leader = 3 - deal.leader
    assert model.value(mirrored) == pytest.approx(-model.value(deal))
    assert model.value(deal) != 0.0


_PURE = """
from sixtysix import Deal
from sixtysix.ai import native
from sixtysix.ai.tree import TreePlayer
from sixtysix.players.table import play_table_deal

deal = Deal.shuffled(3)
players = {seat: TreePlayer(seat, time_limit=0.01, leaf="model") for seat in (1, 2)}
for seat, player in players.items():
    player.new_match(deal.rules, seat)
play_table_deal(deal, players)
print(native.available(), deal.is_over)
"""


def test_the_expert_asked_for_the_learned_value_plays_a_deal_on_the_pure_path() -> None:
    env = dict(os.environ, SIXTYSIX_NATIVE="0")
    done = subprocess.run(
        [sys.executable, "-c", _PURE], capture_output=True, text=True, env=env, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]
