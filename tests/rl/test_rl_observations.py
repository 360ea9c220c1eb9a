"""No observation carries a hidden card.

At every step of many long random deals, under every preset and several options, for both
agents (the one to act and the other): the observation is exactly the encoding of the agent's
PlayerView; no card plane but ``unseen`` and ``opponent_void`` (sets of cards whose place the
agent does not know) names a card of the opponent's hand that the agent
has not seen or a face-down card of the stock, compared with the engine's state; ``unseen``
is exactly the rest of the pack; and shuffling the hidden cards of the engine's state (the
opponent's unknown cards with the stock) leaves the observation unchanged.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW
from sixtysix.core.cards import BIT, cards_of, mask_of
from sixtysix.rl.aec import SEATS, agent_of, raw_env
from sixtysix.rl.encoding import OBS_HIGH, OBS_SIZE, PARTS, SLICES, card_planes, encode, plane_cards

RULES = (
    Rules.preset("seed66"),
    Rules.preset("pagat66"),
    Rules.preset("schnapsen"),
    Rules.preset("seed66").replace(nine_exchange_rule="trick_anytime", exchange_on_close=True),
    Rules.preset("seed66").replace(marriage_in_phase2=True, auto_claim=True),
    Rules.preset("schnapsen").replace(first_lead_exchange=True, close_before_draw=False),
)


def hidden_from(deal: Deal, seat: int) -> int:
    """Cards ``seat`` has not seen: the opponent's unknown cards and the face-down stock."""
    other = 3 - seat
    stock = mask_of(deal.stock[deal.stock_pos :])
    return (deal.hands[other] & ~deal.known[other]) | stock


def shuffle_hidden(deal: Deal, seat: int, rng: random.Random) -> Deal:
    """A copy of ``deal`` in which the cards ``seat`` has not seen changed places."""
    other = 3 - seat
    unknown = list(cards_of(deal.hands[other] & ~deal.known[other]))
    stock = list(deal.stock[deal.stock_pos :])
    pool = unknown + stock
    rng.shuffle(pool)
    copy = deal.copy()
    copy.hands[other] = (deal.hands[other] & deal.known[other]) | mask_of(pool[: len(unknown)])
    copy.stock = (*deal.stock[: deal.stock_pos], *pool[len(unknown) :])
    return copy


def check(e: Any, rng: random.Random) -> int:
    deal = e.deal
    checked = 0
    for seat in (1, 2):
        agent = agent_of(seat)
        obs = e.observe(agent)
        vector = obs["observation"]
        assert vector.shape == (OBS_SIZE,) and vector.dtype == np.float32
        assert (vector >= 0).all() and (vector <= OBS_HIGH).all()
        view = PlayerView.of(deal, seat, e.match.score, e.match.carried)
        assert np.array_equal(vector, encode(view)), "the observation is the encoding of the view"
        hidden = hidden_from(deal, seat)
        for plane in card_planes():
            cards = plane_cards(vector, plane)
            if plane not in ("unseen", "opponent_void"):  # these two name cards whose place is not known
                assert cards & hidden == 0, f"{plane} shows a hidden card"
            assert cards & ~deal.rules.pack == 0
        unseen = plane_cards(vector, "unseen")
        assert unseen == hidden == view.unseen
        assert plane_cards(vector, "hand") == deal.hands[seat]
        assert plane_cards(vector, "opponent_void") == forbidden_cards(view) & unseen
        # The mask: the agent's legal actions when selected, else nothing.
        mask = obs["action_mask"]
        if agent == e.agent_selection and not e.terminations[agent]:
            assert [int(a) for a in np.flatnonzero(mask)] == sorted(int(a) for a in deal.legal_actions(seat))
        else:
            assert not mask.any()
        # Move the hidden cards: the same observation.
        if hidden and rng.random() < 0.5:
            real = e.deal
            e.match.deals[-1] = e.deal = shuffle_hidden(real, seat, rng)
            try:
                other = e.observe(agent)
                assert np.array_equal(other["observation"], vector), "the observation depends on hidden cards"
                assert np.array_equal(other["action_mask"], mask)
            finally:
                e.match.deals[-1] = e.deal = real
        checked += 1
    return checked


def play(e: Any, rng: random.Random, seed: int) -> int:
    e.reset(seed=seed)
    checked = check(e, rng)
    while not e.terminations["player_0"]:
        deal = e.deal
        agent = e.agent_selection
        seat = SEATS[agent]
        legal = [int(a) for a in np.flatnonzero(e.observe(agent)["action_mask"])]
        choices = [a for a in legal if a != CLAIM or deal.score[seat] >= 66]
        if rng.random() < 0.8:
            choices = [a for a in choices if a not in (CLOSE, CLOSE_BEFORE_DRAW)]
        e.step(rng.choice(choices or legal))
        checked += check(e, rng)
    return checked


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset_name}:{','.join(r.options())}")
def test_no_observation_carries_a_hidden_card(rules: Rules) -> None:
    rng = random.Random(rules.deck * 31 + len(rules.options()))
    e = raw_env(rules=rules, episode="match")
    checked = sum(play(e, rng, seed) for seed in range(12))
    assert checked > 500


def test_the_layout_is_documented_and_contiguous() -> None:
    offset = 0
    for name, size, high, meaning in PARTS:
        assert SLICES[name] == slice(offset, offset + size) and high > 0 and meaning
        offset += size
    assert offset == OBS_SIZE == 328
    doc = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text(encoding="utf-8")
    for name, _, _, _ in PARTS:
        part = SLICES[name]
        assert f"`{name}`" in doc, f"docs/rl.md does not describe {name}"
        span = f"{part.start}" if part.stop - part.start == 1 else f"{part.start}-{part.stop - 1}"
        assert f"| {span} |" in doc, f"docs/rl.md does not give the place of {name} ({span})"


def test_the_opening_observation() -> None:
    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
    obs = encode(PlayerView.of(deal, 2))
    assert plane_cards(obs, "hand") == deal.hands[2]
    assert plane_cards(obs, "trump_card") == plane_cards(obs, "face_up") == BIT[deal.trump_card]
    assert obs[SLICES["dealer"]][0] == 1.0 and obs[SLICES["leader"]][0] == 0.0
    assert obs[SLICES["trump_suit"]].tolist() == [0, 0, 0, 1]
    assert obs[SLICES["stage"]].tolist() == [1, 0, 0, 0, 0]
    assert obs[SLICES["opponent_hand_size"]][0] == 1.0
    assert plane_cards(obs, "unseen").bit_count() == 24 - 6 - 1
