"""The PettingZoo AEC environment: PettingZoo's own API and seed tests, turns, rewards, seeding."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np
from pettingzoo.test import api_test, seed_test

from sixtysix import Deal, IllegalActionError, Rules
from sixtysix.core.actions import CLAIM, EXCHANGE, PASS, Action
from sixtysix.rl import env, raw_env
from sixtysix.rl.aec import SEATS

PRESETS = ("seed66", "pagat66", "schnapsen")
# The README's deal: seat 1 leads and holds the marriage in hearts.
README_DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"


def careful_action(e: Any, rng: random.Random) -> int:
    """A random legal action, but no false claim: deals then run long (draws, closes, windows)."""
    obs = e.observe(e.agent_selection)
    legal = [int(a) for a in np.flatnonzero(obs["action_mask"])]
    deal = e.unwrapped.deal
    seat = SEATS[e.agent_selection]
    choices = [a for a in legal if a != CLAIM or deal.score[seat] >= 66] or legal
    return rng.choice(choices)


def run_episode(e: Any, seed: int, rng: random.Random) -> list[tuple[str, int, float]]:
    """Play one episode with careful random actions; (agent, action, reward) of every step."""
    e.reset(seed=seed)
    steps = []
    for agent in e.agent_iter():
        _, reward, termination, truncation, _ = e.last()
        action = None if termination or truncation else careful_action(e, rng)
        steps.append((agent, -1 if action is None else action, float(reward)))
        e.step(action)
    return steps


@pytest.mark.parametrize("episode", ["deal", "match"])
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_api_test(preset: str, episode: str) -> None:
    with warnings.catch_warnings():
        # A dict observation (observation + action_mask) is what PettingZoo's classic games use;
        # its api_test warns about it for every environment not on its own list.
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        api_test(env(rules=preset, episode=episode), num_cycles=1000)
        api_test(raw_env(rules=preset, episode=episode), num_cycles=1000)


@pytest.mark.parametrize("episode", ["deal", "match"])
@pytest.mark.parametrize("preset", PRESETS)
def test_pettingzoo_seed_test(preset: str, episode: str) -> None:
    seed_test(lambda: env(rules=preset, episode=episode), num_cycles=500)


def test_seeded_episodes_replay_exactly() -> None:
    for episode in ("deal", "match"):
        a = run_episode(env(episode=episode), 11, random.Random(3))
        b = run_episode(env(episode=episode), 11, random.Random(3))
        assert a == b
        e = raw_env(episode=episode)
        decks = set()
        for i in range(2):
            run_episode(e, 5, random.Random(i))
            decks.add(e.match.deals[0].deck)
        assert len(decks) == 1, "the same seed deals the same cards"
    # reset() without a seed continues the generator: a new deal each time.
    e = raw_env()
    e.reset(seed=1)
    decks = set()
    for _ in range(5):
        assert e.deal is not None
        decks.add(e.deal.deck)
        e.reset()
    assert len(decks) == 5


def test_rewards_are_the_deal_game_points() -> None:
    rng = random.Random(7)
    for preset in PRESETS:
        e = raw_env(rules=preset)
        for seed in range(40):
            steps = run_episode(e, seed, rng)
            outcome = e.deal.outcome
            assert outcome is not None
            final = {agent: reward for agent, action, reward in steps if action == -1}
            assert set(final) == {"player_0", "player_1"}
            assert sum(final.values()) == 0
            if outcome.winner is None:
                assert final == {"player_0": 0.0, "player_1": 0.0}
            else:
                assert final[f"player_{outcome.winner - 1}"] == outcome.game_points
            # No reward before the deal ends.
            assert all(reward == 0 for agent, action, reward in steps if action != -1)


def test_match_episodes_end_with_the_match() -> None:
    rng = random.Random(2)
    for preset in PRESETS:
        for reward in ("game_points", "win"):
            e = raw_env(rules=preset, episode="match", reward=reward)
            for seed in range(5):
                e.reset(seed=seed)
                totals = {"player_0": 0.0, "player_1": 0.0}
                for agent in e.agent_iter():
                    _, r, termination, _, _ = e.last()
                    totals[agent] += r
                    e.step(None if termination else careful_action(e, rng))
                match = e.match
                assert match.is_over and len(match.deals) >= 1
                winner = f"player_{match.winner - 1}"
                loser = "player_1" if winner == "player_0" else "player_0"
                if reward == "win":
                    assert totals == {winner: 1.0, loser: -1.0}
                else:
                    score = dict(zip(("player_0", "player_1"), match.score, strict=True))
                    assert totals[winner] == score[winner] - score[loser]
                    assert totals[winner] + totals[loser] == 0


def test_the_exchange_window_selects_the_seat_not_on_lead() -> None:
    """After a draw, the seat not on lead that holds the trump nine acts first: X or pass."""
    seen = 0
    rng = random.Random(5)
    for seed in range(600):
        e = raw_env(rules="seed66" if seed % 2 else "pagat66")
        e.reset(seed=seed)
        while not e.terminations["player_0"]:
            deal = e.deal
            agent = e.agent_selection
            if deal.window:
                seen += 1
                assert SEATS[agent] == deal.window != deal.to_act
                mask = e.observe(agent)["action_mask"]
                assert [int(a) for a in np.flatnonzero(mask)] == [EXCHANGE, PASS]
                other = "player_1" if agent == "player_0" else "player_0"
                assert not e.observe(other)["action_mask"].any()
                assert e.observe(agent)["observation"][e_slice("window")][0] == 1.0
                # The leader's observation does not tell that the opponent may exchange.
                assert e.observe(other)["observation"][e_slice("window")][0] == 0.0
            e.step(careful_action(e, rng))
    assert seen >= 20


def e_slice(name: str) -> slice:
    from sixtysix.rl.encoding import SLICES

    return SLICES[name]


def test_a_given_deck_and_dealer() -> None:
    e = raw_env()
    e.reset(options={"deck": README_DECK, "dealer": 2})
    assert e.agent_selection == "player_0"
    mask = e.observe("player_0")["action_mask"]
    assert [str(Action(int(a))) for a in np.flatnonzero(mask)] == ["Tc", "Ah", "Kh", "Qh", "Js", "9s", "20h", "C", "66"]
    assert not e.observe("player_1")["action_mask"].any()
    for token in ("20h", "Kh", "Ac"):
        e.step(int(Action.parse(token)))
    assert e.deal.scores() == (35, 0)


def test_illegal_actions() -> None:
    raw = raw_env()
    raw.reset(options={"deck": README_DECK, "dealer": 2})
    with pytest.raises(IllegalActionError):
        raw.step(int(Action.parse("Qs")))
    assert raw.deal.history == [], "an illegal action changes nothing"
    wrapped = env()
    wrapped.reset(options={"deck": README_DECK, "dealer": 2})
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wrapped.step(int(Action.parse("Qs")))
    assert all(wrapped.terminations.values())
    assert wrapped.rewards == {"player_0": -3.0, "player_1": 0.0}
    with pytest.raises(AssertionError):
        wrapped.step(46)  # out of the action space


def test_render_and_spaces() -> None:
    e = raw_env(render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and "seat 1:" in text and "trump" in text
    space = e.observation_space("player_0")
    obs = e.observe("player_0")
    assert space.contains(obs)
    assert e.action_space("player_1").n == 46
    with pytest.raises(ValueError):
        raw_env(episode="season")
    with pytest.raises(ValueError):
        raw_env(render_mode="rgb_array")


def test_rules_objects_and_options() -> None:
    rules = Rules.preset("seed66").replace(closed_deal_double=True)
    e = raw_env(rules=rules)
    assert e.rules is rules and e.max_deal_points == 6
    e.reset(seed=1)
    assert isinstance(e.deal, Deal) and e.deal.rules is rules


@pytest.mark.parametrize("preset", PRESETS)
def test_without_false_claims_the_mask_offers_66_only_when_it_holds(preset: str) -> None:
    e = raw_env(rules=preset, false_claims=False)
    rng = random.Random(3)
    offered = withheld = 0
    for seed in range(60):
        e.reset(seed=seed)
        for agent in e.agent_iter():
            obs, _, termination, truncation, _ = e.last()
            if termination or truncation:
                e.step(None)
                continue
            mask = obs["action_mask"]
            seat = SEATS[agent]
            legal = e.unwrapped.deal.legal_actions(seat)
            if CLAIM in legal:
                trial = e.unwrapped.deal.copy()
                trial.apply(CLAIM, seat)
                holds = trial.outcome.winner == seat
                assert bool(mask[CLAIM]) == holds
                offered += holds
                withheld += not holds
            assert set(np.flatnonzero(mask)) == {int(a) for a in legal if a != CLAIM or mask[CLAIM]}
            e.step(rng.choice(np.flatnonzero(mask).tolist()))
            if e.terminations[agent] and e.unwrapped.deal.outcome is not None:
                assert e.unwrapped.deal.outcome.termination.value != "false_claim"
    assert offered and withheld


def test_a_random_agent_ends_most_deals_with_a_false_claim_unless_they_are_masked() -> None:
    """docs/rl.md, "Random baselines": the figure, measured here on fewer deals."""
    shares = {}
    for false_claims in (True, False):
        e = raw_env(false_claims=false_claims)
        rng = random.Random(1)
        endings = []
        for seed in range(400):
            e.reset(seed=seed)
            for _agent in e.agent_iter():
                obs, _, termination, truncation, info = e.last()
                if termination or truncation:
                    e.step(None)
                    continue
                e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
            endings.append(info["termination"])
        shares[false_claims] = endings.count("false_claim") / len(endings)
    assert 0.85 < shares[True] < 0.97 and shares[False] == 0.0


@pytest.mark.parametrize("preset", ["three66", "four66"])
def test_the_environment_refuses_more_than_two_players(preset: str) -> None:
    with pytest.raises(ValueError, match="the sixtysix environment is two-player 66"):
        raw_env(rules=preset)
