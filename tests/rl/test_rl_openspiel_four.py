"""``sixtysix(rules=four66)``: four-handed partnership 66 as a 4-player OpenSpiel game (a team game): OpenSpiel's
own random simulation test, side returns, what each seat may see, and the sixtysix levels as bots."""

from __future__ import annotations

import random
from typing import Any

import pytest

pytest.importorskip("numpy")
pyspiel: Any = pytest.importorskip("pyspiel")

import numpy as np  # noqa: E402

import sixtysix.rl.openspiel  # noqa: E402, F401  (registers the game)
from sixtysix.core.cards import BIT  # noqa: E402
from sixtysix.core.facts import side_of  # noqa: E402
from sixtysix.core.partnership import deal_order  # noqa: E402
from sixtysix.core.view import PartnershipView  # noqa: E402
from sixtysix.rl.openspiel import PlayerBot, play_deal  # noqa: E402
from sixtysix.rl.partnership_encoding import OBS4_SIZE, encode_partnership  # noqa: E402
from sixtysix.rl.partnership_spiel import INFO4_EXTRA, PartnershipState  # noqa: E402

GAMES = (
    "sixtysix(rules=four66)",
    "sixtysix(rules=four66,dealer=4)",
    "sixtysix(rules=four66,options=four_player_marriages:true ten_of_trumps_bonus:true)",
    "sixtysix(rules=four66,options=four_player_scale:loser_under_33 four_player_undertrump_required:false)",
)


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_sim_test(name: str) -> None:
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=20, serialize=True, verbose=False)


def test_the_game_is_a_four_player_zero_sum_team_game() -> None:
    game = pyspiel.load_game("sixtysix(rules=four66)")
    kind = game.get_type()
    assert game.num_players() == 4 and kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert game.observation_tensor_size() == OBS4_SIZE
    assert game.information_state_tensor_size() == OBS4_SIZE + INFO4_EXTRA
    assert game.max_chance_outcomes() == 32 and game.num_distinct_actions() == 46


def deal_out(state: PartnershipState, rng: random.Random) -> None:
    while state.is_chance_node():
        cards, probabilities = zip(*state.chance_outcomes(), strict=True)
        state.apply_action(rng.choices(cards, probabilities)[0])


@pytest.mark.parametrize("name", GAMES)
def test_partners_share_the_return_and_the_sides_are_opposite(name: str) -> None:
    game = pyspiel.load_game(name)
    rng = random.Random(4)
    seen = set()
    for _ in range(60):
        state = game.new_initial_state()
        deal_out(state, rng)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
        returns = state.returns()
        assert returns[0] == returns[2] and returns[1] == returns[3] and returns[0] == -returns[1]
        outcome = state.deal.outcome
        assert outcome is not None
        if outcome.winner is not None:
            sign = 1 if outcome.winner == 1 else -1
            assert returns[0] * sign >= outcome.game_points - 1  # the ten-of-trumps bonus may go to the losers
        seen.add(returns[0])
    assert len(seen) > 2


def test_every_seat_sees_its_own_view_only() -> None:
    game = pyspiel.load_game("sixtysix(rules=four66)")
    rng = random.Random(9)
    for _ in range(20):
        state = game.new_initial_state()
        deal_out(state, rng)
        while not state.is_terminal():
            deal = state.deal
            for player in range(4):
                view = PartnershipView.of(deal, player + 1)
                assert (np.array(state.observation_tensor(player)) == encode_partnership(view)).all()
            state.apply_action(rng.choice(state.legal_actions()))


def swapped(state: PartnershipState, seat_a: int, seat_b: int, rng: random.Random) -> PartnershipState | None:
    """The same deal and moves with one unplayed, unshown card of ``seat_a`` and one of ``seat_b`` exchanged."""
    deal = state.deal
    assert deal is not None
    hidden = [deal.hands[s] & ~deal.known[s] for s in (seat_a, seat_b)]
    if not hidden[0] or not hidden[1]:
        return None
    pick = [rng.choice([c for c in range(32) if mask & BIT[c]]) for mask in hidden]
    deck = [pick[1] if c == pick[0] else pick[0] if c == pick[1] else c for c in state.core.dealt]
    other = state.get_game().new_initial_state()
    for card in deck:
        other.apply_action(card)
    for _, action in state.core.moves:
        if action not in other.legal_actions():
            return None  # the swap made an earlier play illegal (a suit not followed)
        other.apply_action(action)
    return other  # type: ignore[no-any-return]


def test_an_information_state_does_not_change_with_cards_the_seat_has_not_seen() -> None:
    game = pyspiel.load_game("sixtysix(rules=four66,dealer=4)")
    rng = random.Random(2)
    compared = 0
    for _ in range(40):
        state = game.new_initial_state()
        deal_out(state, rng)
        for _ in range(rng.randrange(0, 20)):
            state.apply_action(rng.choice(state.legal_actions()))
        seat = rng.choice((1, 2, 3, 4))
        seat_a, seat_b = rng.sample([s for s in (1, 2, 3, 4) if s != seat], 2)
        other = swapped(state, seat_a, seat_b, rng)
        if other is None:
            continue
        player = seat - 1
        assert state.information_state_string(player) == other.information_state_string(player)
        assert state.information_state_tensor(player) == other.information_state_tensor(player)
        assert state.observation_tensor(player) == other.observation_tensor(player)
        assert state.information_state_string(seat_a - 1) != other.information_state_string(seat_a - 1)
        compared += 1
    assert compared > 10


def test_the_deal_is_dealt_card_by_card_and_the_last_card_is_the_dealers_trump() -> None:
    game = pyspiel.load_game("sixtysix(rules=four66,dealer=2)")
    state = game.new_initial_state()
    order = deal_order(2)
    for index in range(32):
        assert state.is_chance_node() and len(state.chance_outcomes()) == 32 - index
        state.apply_action(state.chance_outcomes()[-1][0])
    deal = state.deal
    assert deal is not None and deal.trump_card == state.core.dealt[-1] and order[-1] == 2
    assert state.current_player() == 2  # seat 3, left of the dealer, leads
    assert f"trump:{deal.trump_card_name}" in state.information_state_string(0)


def test_the_sixtysix_levels_play_as_bots_and_the_counter_beats_random_play() -> None:
    game = pyspiel.load_game("sixtysix(rules=four66)")
    rng = random.Random(1)
    total = 0.0
    for number in range(24):
        counters = number % 2  # the level-3 partnership sits on side 1, then on side 2
        bots = [PlayerBot(3 if side_of(seat) - 1 == counters else 1, seat - 1, seed=number) for seat in (1, 2, 3, 4)]
        returns = play_deal(game.new_initial_state(), bots, rng)
        total += returns[counters]
    assert total > 0
