"""The league's sparring partners from outside the family (``bench/sparring.py``): legal moves only,
only their seat's view, the same game for the same seeds."""

import pytest
from bench.sparring import DeterminizedMcts, GuidePlayer

from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai import native
from sixtysix.players.base import Player, play_deal

PRESETS = ("schnapsen", "seed66")

needs_native = pytest.mark.skipif(not native.available(), reason="the determinized MCTS runs in the native core")


def small_mcts(seed: int) -> DeterminizedMcts:
    return DeterminizedMcts(seed, worlds=6, iterations=80)


def play(rules: Rules, deck_seed: int, players: dict[int, Player]) -> tuple[list[tuple[int, int]], tuple[object, ...]]:
    """One deal played to the end (``play_deal`` refuses any action not in the seat's legal ones)."""
    deal = Deal(shuffled_deck(rules, deck_seed), 2 - deck_seed % 2, rules)
    for seat, player in players.items():
        player.new_match(rules, seat)
    outcome = play_deal(deal, players)
    return [(seat, int(action)) for seat, action in deal.history], (outcome.winner, outcome.game_points)


def same_view_other_cards(rules: Rules, seed: int) -> tuple[Deal, Deal]:
    """Two deals whose first decision looks the same to the seat on lead, with the opponent's hand different."""
    deck = list(shuffled_deck(rules, seed))
    first = Deal(tuple(deck), 2, rules)
    seat = first.to_act
    assert seat is not None
    for i in range(len(deck)):
        for j in range(i + 1, len(deck)):
            other = deck.copy()
            other[i], other[j] = other[j], other[i]
            second = Deal(tuple(other), 2, rules)
            if second.hands[3 - seat] != first.hands[3 - seat] and PlayerView.of(second, seat) == PlayerView.of(
                first, seat
            ):
                return first, second
    raise AssertionError("no swap of hidden cards found")


@pytest.mark.parametrize("preset", PRESETS)
def test_guide_plays_whole_deals_with_legal_moves_only(preset: str) -> None:
    rules = Rules.preset(preset)
    for deck_seed in range(12):
        history, (winner, points) = play(rules, deck_seed, {1: GuidePlayer(1), 2: GuidePlayer(2)})
        assert history and points in (0, 1, 2, 3) and winner in (None, 1, 2)


@needs_native
@pytest.mark.parametrize("preset", PRESETS)
def test_determinized_mcts_plays_whole_deals_with_legal_moves_only(preset: str) -> None:
    rules = Rules.preset(preset)
    for deck_seed in range(3):
        history, (winner, points) = play(rules, deck_seed, {1: small_mcts(1), 2: GuidePlayer(2)})
        assert history and winner in (None, 1, 2) and points in (0, 1, 2, 3)


@needs_native
@pytest.mark.parametrize("preset", PRESETS)
def test_sparring_partners_are_deterministic_under_a_seed(preset: str) -> None:
    rules = Rules.preset(preset)
    games = [play(rules, 5, {1: small_mcts(7), 2: GuidePlayer(8)}) for _ in range(2)]
    assert games[0] == games[1]


@needs_native
@pytest.mark.parametrize("preset", PRESETS)
def test_sparring_partners_decide_from_their_view_alone(preset: str) -> None:
    """Deals that differ only in cards the seat cannot see get the same decision from the same seed."""
    rules = Rules.preset(preset)
    for seed in range(3):
        first, second = same_view_other_cards(rules, seed)
        seat = first.to_act
        assert seat is not None
        for make in (small_mcts, GuidePlayer):
            choices = []
            for deal in (first, second):
                player = make(seed)
                player.new_match(rules, seat)
                choices.append(player.choose(PlayerView.of(deal, seat)))
            assert choices[0] == choices[1]
            assert choices[0] in PlayerView.of(first, seat).legal


@needs_native
def test_determinized_mcts_takes_a_sure_win_in_phase_two() -> None:
    """Once the talon is exhausted every card is known: it plays the exact solution (R-P2-1)."""
    rules = Rules.preset("schnapsen")
    for deck_seed in range(40):
        deal = Deal(shuffled_deck(rules, deck_seed), 2, rules)
        guide = {1: GuidePlayer(1), 2: GuidePlayer(2)}
        while deal.outcome is None and not (deal.phase2 and not deal.closer):
            seat = deal.seat_to_ask or 0
            deal.apply(guide[seat].choose(PlayerView.of(deal, seat)), seat)
        if deal.outcome is not None:
            continue
        seat = deal.seat_to_ask or 0
        search = native.NativeSearch.create(rules)
        assert search is not None
        view = PlayerView.of(deal, seat)
        values = search.action_values(deal, list(view.legal), seat)
        choice = small_mcts(3).choose(view)
        assert values[list(view.legal).index(choice)] == max(values)
        return
    pytest.fail("no deal reached phase two unclosed")
