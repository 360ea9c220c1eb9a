"""The OpenSpiel game ``sixtysix``: OpenSpiel's own random simulation test, bots through whole
deals (IS-MCTS, uniform random, the sixtysix levels), chance nodes, information states."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pyspiel: Any = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

from sixtysix import Rules  # noqa: E402
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, PASS  # noqa: E402
from sixtysix.core.cards import CARD_NAMES, cards_of, mask_of  # noqa: E402
from sixtysix.rl.encoding import OBS_SIZE, SLICES, encode, plane_cards  # noqa: E402
from sixtysix.rl.openspiel import (  # noqa: E402
    MAX_EVENTS,
    PlayerBot,
    SixtysixState,
    play_deal,
    resample,
    seeded_resampler,
)

GAMES = (
    "sixtysix",
    "sixtysix(rules=pagat66)",
    "sixtysix(rules=schnapsen)",
    "sixtysix(rules=seed66,options=nine_exchange_rule:trick_anytime exchange_on_close:true,dealer=1)",
    "sixtysix(options=auto_claim:true marriage_in_phase2:true)",
)


def careful_random(state: SixtysixState, rng: random.Random) -> int:
    """A random legal action without false claims and with few closes: long deals."""
    legal = state.legal_actions()
    deal = state.deal
    assert deal is not None
    seat = state.current_player() + 1
    choices = [a for a in legal if a != CLAIM or deal.score[seat] >= 66]
    if rng.random() < 0.8:
        choices = [a for a in choices if a not in (CLOSE, CLOSE_BEFORE_DRAW)]
    return rng.choice(choices or legal)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=40, serialize=True, verbose=False)


def test_the_game_declares_its_type_and_bounds() -> None:
    game = pyspiel.load_game("sixtysix")
    game_type = game.get_type()
    assert game_type.short_name == "sixtysix"
    assert game_type.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game_type.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_distinct_actions() == 46 and game.max_chance_outcomes() == 32
    assert (game.min_utility(), game.max_utility()) == (-3.0, 3.0)
    assert game.observation_tensor_size() == OBS_SIZE
    assert game.information_state_tensor_size() > OBS_SIZE
    assert pyspiel.load_game("sixtysix(options=closed_deal_double:true)").max_utility() == 6.0
    assert pyspiel.load_game("sixtysix", {"options": "tie_rule=void;match_target=3"}).rules == Rules.preset(
        "seed66"
    ).replace(tie_rule="void", match_target=3)
    assert pyspiel.load_game("sixtysix(rules=schnapsen)").rules.deck == 20


@pytest.mark.parametrize("name", GAMES)
def test_long_deals_chance_nodes_and_information_states(name: str) -> None:
    """Whole deals with careful random play: chance nodes deal every card exactly once, the
    information state is perfect recall, and a resampled state is indistinguishable."""
    game = pyspiel.load_game(name)
    rules = game.rules
    rng = random.Random(len(name))
    resampled = 0
    for _ in range(25):
        state = game.new_initial_state()
        chance_cards: list[int] = []
        previous: dict[int, str] = {}
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                card = rng.choice([c for c, _ in outcomes])
                assert card not in chance_cards
                chance_cards.append(card)
                state.apply_action(card)
                continue
            player = state.current_player()
            legal = state.legal_actions()
            assert legal == sorted(legal)
            # Perfect recall: a player's information state extends his previous one.
            info = state.information_state_string(player)
            if player in previous:
                assert info.startswith(previous[player])
            previous[player] = info
            # The observation is the encoding of the player's view.
            view = state.player_view(player + 1)
            assert view is not None
            assert np.array_equal(np.asarray(state.observation_tensor(player), np.float32), encode(view))
            if rng.random() < 0.25:
                check_resample(state, player, rng)
                resampled += 1
            state.apply_action(careful_random(state, rng))
        assert mask_of(chance_cards) & ~rules.pack == 0
        deal = state.deal
        assert deal is not None and deal.outcome is not None
        returns = state.returns()
        assert sum(returns) == 0 and max(returns) == (deal.outcome.game_points if deal.outcome.winner else 0)
        assert len(state.history()) <= game.max_game_length()
        for player in (0, 1):
            state.information_state_string(player)  # valid at the end too
            assert len(state.visible_events(player + 1)) <= MAX_EVENTS
    assert resampled > 50


def check_resample(state: SixtysixState, player: int, rng: random.Random) -> None:
    other = resample(state, player + 1, rng)
    assert other.current_player() == player
    assert other.legal_actions() == state.legal_actions()
    assert other.information_state_string(player) == state.information_state_string(player)
    assert np.array_equal(other.information_state_tensor(player), state.information_state_tensor(player))
    assert np.array_equal(other.observation_tensor(player), state.observation_tensor(player))
    assert other.observation_string(player) == state.observation_string(player)
    # ... while the cards the player has not seen may lie elsewhere.
    seat = player + 1
    assert other.deal is not None and state.deal is not None
    assert other.deal.hands[seat] == state.deal.hands[seat]


def test_no_observation_or_information_state_shows_a_hidden_card() -> None:
    """Across states that differ only in cards a player has not seen (resampled worlds), the
    player's tensors and strings are identical; and the card planes name no hidden card."""
    game = pyspiel.load_game("sixtysix")
    rng = random.Random(8)
    differ = 0
    for _ in range(20):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
                continue
            player = state.current_player()
            deal = state.deal
            assert deal is not None
            for seat in (1, 2):
                other = 3 - seat
                hidden = (deal.hands[other] & ~deal.known[other]) | mask_of(deal.stock[deal.stock_pos :])
                obs = np.asarray(state.observation_tensor(seat - 1), np.float32)
                for plane in ("hand", "opponent_known", "own_won", "opponent_won", "led", "trump_card", "face_up"):
                    assert plane_cards(obs, plane) & hidden == 0
                text = state.information_state_string(seat - 1) + state.observation_string(seat - 1)
                words = set(text.replace(":", " ").replace("/", " ").replace("+", " ").split())
                assert not {CARD_NAMES[card] for card in cards_of(hidden)} & words, "a hidden card is named"
            world = resample(state, player + 1, rng)
            assert world.deal is not None
            differ += world.deal.hands[2 - player] != deal.hands[2 - player]
            state.apply_action(careful_random(state, rng))
    assert differ > 20, "resampling moves the hidden cards"


def test_draws_are_chance_nodes() -> None:
    """After a phase-1 trick the talon is drawn from by chance: the winner's card, then the loser's."""
    game = pyspiel.load_game("sixtysix(options=close_before_draw:false)")
    rng = random.Random(1)
    state = game.new_initial_state()
    for _ in range(13):
        state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
    while not state.is_chance_node():
        state.apply_action(careful_random(state, rng))
    assert len(state.chance_outcomes()) == 11  # the face-down stock
    deal = state.deal
    assert deal is not None
    for seat in (1, 2):
        view = state.player_view(seat)
        assert view is not None and view.hand.bit_count() == 5 and not view.legal
    state.apply_action(state.chance_outcomes()[3][0])
    assert state.is_chance_node() and len(state.chance_outcomes()) == 10
    state.apply_action(state.chance_outcomes()[0][0])
    assert not state.is_chance_node()
    assert state.deal is not None and state.deal.hands[1].bit_count() == state.deal.hands[2].bit_count() == 6


def test_bots_play_whole_deals() -> None:
    """OpenSpiel's IS-MCTS bot and uniform random bots, and every sixtysix level as a bot."""
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game("sixtysix")
    ismcts_bot = ismcts.ISMCTSBot(
        game,
        mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
        uct_c=2.0,
        max_simulations=40,
        random_state=np.random.RandomState(2),
    )
    ismcts_bot.set_resampler(seeded_resampler(3))
    totals = np.zeros(2)
    for i in range(3):
        bots = [ismcts_bot, PlayerBot(3, 1)] if i % 2 else [PlayerBot(3, 0), ismcts_bot]
        totals += play_deal(game.new_initial_state(), bots, random.Random(i))
    assert totals.sum() == 0
    # OpenSpiel's own (C++) loop with its uniform random bots, and with a sixtysix level.
    for seed in range(5):
        returns = pyspiel.evaluate_bots(
            game.new_initial_state(),
            [pyspiel.make_uniform_random_bot(0, seed), pyspiel.make_uniform_random_bot(1, seed + 1)],
            seed,
        )
        assert sum(returns) == 0 and abs(returns[0]) <= 3
        returns = pyspiel.evaluate_bots(
            game.new_initial_state(), [PlayerBot(2, 0), pyspiel.make_uniform_random_bot(1, seed)], seed
        )
        assert sum(returns) == 0
    # Level 3 beats level 1 over some deals (each seat, the same shuffles).
    rng_seeds = range(30)
    score = 0.0
    for seed in rng_seeds:
        score += play_deal(game.new_initial_state(), [PlayerBot(3, 0), PlayerBot(1, 1)], random.Random(seed))[0]
        score -= play_deal(game.new_initial_state(), [PlayerBot(1, 0), PlayerBot(3, 1)], random.Random(seed))[0]
    assert score > 0


def test_the_pass_is_private() -> None:
    """The opponent's declined exchange is not in the other player's information state."""
    game = pyspiel.load_game("sixtysix(rules=pagat66)")
    rng = random.Random(4)
    found = 0
    for _ in range(300):
        state = game.new_initial_state()
        while not state.is_terminal() and found < 5:
            if state.is_chance_node():
                state.apply_action(rng.choice([c for c, _ in state.chance_outcomes()]))
                continue
            player = state.current_player()
            legal = state.legal_actions()
            if PASS in legal:
                before = state.information_state_string(1 - player)
                tensor = state.information_state_tensor(1 - player)
                state.apply_action(PASS)
                found += 1
                assert state.information_state_string(1 - player) == before
                assert state.information_state_tensor(1 - player) == tensor
                assert state.information_state_string(player).endswith("me:pass")
                continue
            state.apply_action(careful_random(state, rng))
        if found >= 5:
            break
    assert found == 5
    assert SLICES["window"].start > 0


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("sixtysix(rules=three66)", "a three-handed deal is the two-player deal of its two active seats"),
    ],
)
def test_a_table_the_game_does_not_play_is_refused_clearly(name: str, words: str) -> None:
    with pytest.raises(ValueError, match=words):
        pyspiel.load_game(name)
