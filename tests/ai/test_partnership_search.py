"""The four-handed solver and the search players (levels 4 and 5)."""

from __future__ import annotations

import random

import pytest

from sixtysix import Rules
from sixtysix.ai.levels import make_partnership_player
from sixtysix.ai.partnership.search import ExpertPartnershipPlayer, PimcPartnershipPlayer, void_knowledge
from sixtysix.ai.partnership.solver import FINE, MATCH_WIN, PartnershipSolver, Position, legal_cards, split_fine
from sixtysix.core.actions import ACTIONS, MARRIAGE_20
from sixtysix.core.cards import parse_card, parse_cards
from sixtysix.core.outcome import Outcome, Termination
from sixtysix.core.partnership import FourHandedDeal, deal_order
from sixtysix.core.view import PartnershipView
from sixtysix.players.partnership import RandomPartnershipPlayer
from sixtysix.players.table import play_table_deal

FOUR66 = Rules.preset("four66")
OPTIONS = [
    {},
    {"four_player_marriages": True},
    {"ten_of_trumps_bonus": True},
    {"four_player_undertrump_required": False},
    {"four_player_scale": "loser_under_33"},
    {"four_player_marriages": True, "ten_of_trumps_bonus": True},
]


def outcome_value(outcome: Outcome) -> int:
    """Game points for side 1, read from the engine's outcome."""
    if outcome.termination == Termination.TEN_OF_TRUMPS:
        return MATCH_WIN if outcome.winner == 1 else -MATCH_WIN
    signed = {1: outcome.game_points, 2: -outcome.game_points}.get(outcome.winner or 0, 0)
    return signed + outcome.bonus[0] - outcome.bonus[1]


def brute_force(deal: FourHandedDeal, fine: bool = False) -> int:
    """Plain minimax through the engine, every legal action (marriages included); ``fine``: the
    game points times ``FINE`` plus side 1's card-point margin, as the ``fine`` solver counts."""
    if deal.outcome is not None:
        if fine:
            return outcome_value(deal.outcome) * FINE + deal.score[1] - deal.score[2]
        return outcome_value(deal.outcome)
    seat = deal.to_act
    assert seat is not None
    values = []
    for action in deal.legal_actions():
        child = deal.copy()
        child.apply_unchecked(action)
        values.append(brute_force(child, fine))
    return max(values) if seat % 2 else min(values)


def random_position(rules: Rules, seed: int, actions: int) -> FourHandedDeal:
    rng = random.Random(seed)
    match_score = (rng.choice((0, 6)), rng.choice((0, 6)))
    deck = FourHandedDeal.shuffled(seed, rules=rules).deck
    deal = FourHandedDeal(deck, rng.randint(1, 4), rules, match_score)
    for _ in range(actions + rng.randrange(4)):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def pair_margin(make_a: type, make_b: type, seeds: range, **kwargs: object) -> float:
    """Side A's game points per deal over duplicate pairs: each deal with A on side 1, then on side 2."""
    total = 0
    for seed in seeds:
        for a_side in (1, 2):
            players = {
                seat: (make_a(seed * 4 + seat, **kwargs) if seat % 2 == a_side % 2 else make_b(seed * 4 + seat))
                for seat in (1, 2, 3, 4)
            }
            value = outcome_value(play_table_deal(FourHandedDeal.shuffled(seed, dealer=4), players))
            total += value if a_side == 1 else -value
    return total / (2 * len(seeds))


# -- the solver -----------------------------------------------------------------


@pytest.mark.parametrize("undertrump", [True, False])
def test_legal_cards_are_the_engines_follow_mask(undertrump: bool) -> None:
    rules = FOUR66.replace(four_player_undertrump_required=undertrump)
    checked = 0
    for seed in range(60):
        deal = FourHandedDeal.shuffled(seed, dealer=seed % 4 + 1, rules=rules)
        rng = random.Random(seed)
        while not deal.is_over:
            if deal.trick:
                for seat in (1, 2, 3, 4):
                    for hand in (deal.hands[seat], rng.getrandbits(32)):
                        assert legal_cards(hand, deal.trick, deal.trump, undertrump) == deal.follow_mask(hand)
                        checked += 1
            deal.apply(rng.choice(deal.legal_actions()))
    assert checked > 10_000


@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o) or "default")
def test_solver_agrees_with_brute_force_on_endgames(options: dict[str, object]) -> None:
    rules = FOUR66.replace(**options)
    solver = PartnershipSolver(rules)
    for seed in range(12):
        deal = random_position(rules, seed, actions=18)
        if deal.is_over:
            continue
        position = Position.of_deal(deal)
        assert solver.value(position) == brute_force(deal)
        sign = 1 if deal.to_act % 2 else -1
        expected = {}
        for action in deal.legal_actions():
            child = deal.copy()
            child.apply_unchecked(action)
            expected[action] = sign * brute_force(child)
        assert solver.action_values(position) == expected


def test_the_fine_solver_plays_a_nine_worth_a_point_as_a_counting_card() -> None:
    """With ``nine_points=1`` the nine is no zero-point card: the search may not play it like a
    touching eight (the card points come from the rules), so its margins are brute force's."""
    rules = FOUR66.replace(nine_points=1)
    solver = PartnershipSolver(rules, fine=True)
    solved = 0
    for seed in range(40):
        deal = random_position(rules, seed, actions=18)
        if deal.is_over:
            continue
        assert solver.value(Position.of_deal(deal)) == brute_force(deal, fine=True), seed
        solved += 1
    assert solved > 30


def test_declaring_a_marriage_is_worth_more_than_leading_its_king_plainly() -> None:
    rules = FOUR66.replace(four_player_marriages=True)
    hands = (parse_cards("Kc Qc"), parse_cards("Ah 9h"), parse_cards("Jc 9c"), parse_cards("Th 8h"))
    position = Position(hands=hands, trump=3, leader=1, score=(40, 58), tricks=(2, 4))
    values = PartnershipSolver(rules).action_values(position)
    # side 1 takes both tricks: 40 + 30 + 10 = 80 points, and 100 with the marriage's 20
    assert values[ACTIONS[MARRIAGE_20]] == 2
    assert values[ACTIONS[parse_card("Kc")]] == 1
    deal = FourHandedDeal.from_position(
        rules, dealer=4, trump_card=parse_card("As"), hands=hands, leader=1, score=(40, 58), tricks=(2, 4)
    )
    assert PartnershipSolver(rules).value(position) == brute_force(deal)


def test_the_last_trick_and_its_bonus_decide_the_scale() -> None:
    # every follower must beat the card before: seat 4 takes the last trick, 2 + 10 points
    hands = (parse_cards("7c"), parse_cards("8c"), parse_cards("9c"), parse_cards("Jc"))
    position = Position(hands=hands, trump=3, leader=1, score=(120, 0), tricks=(7, 0))
    assert PartnershipSolver(FOUR66).value(position) == 2
    assert PartnershipSolver(FOUR66).value(position) == brute_force(
        FourHandedDeal.from_position(
            FOUR66, dealer=4, trump_card=parse_card("As"), hands=hands, leader=1, score=(120, 0), tricks=(7, 0)
        )
    )


def test_the_trick_limited_search_estimates_and_stays_in_range() -> None:
    deal = FourHandedDeal.shuffled(seed=4, dealer=4)
    position = Position.of_deal(deal)
    limited = PartnershipSolver(FOUR66, max_tricks=1)
    values = limited.action_values(position)
    assert set(values) == set(deal.legal_actions())
    assert all(-3 <= v <= 3 for v in values.values())
    assert limited.nodes < 2_000


def test_the_fine_solver_ranks_game_points_first_then_the_margin() -> None:
    deal = random_position(FOUR66, seed=5, actions=18)
    position = Position.of_deal(deal)
    coarse = PartnershipSolver(FOUR66).value(position)
    fine = PartnershipSolver(FOUR66, fine=True).value(position)
    game, margin = split_fine(fine)
    assert game == coarse and abs(margin) <= 130
    assert fine == game * FINE + margin


# -- the players ------------------------------------------------------------------


def test_make_partnership_player_offers_every_level() -> None:
    names = [make_partnership_player(level, seed=1).name for level in range(1, 6)]
    assert names == ["random", "beginner", "counter", "pimc", "expert"]
    expert = make_partnership_player(5, seed=1, time_limit=0.1)
    assert isinstance(expert, ExpertPartnershipPlayer) and expert.time_limit == 0.1
    with pytest.raises(ValueError):
        make_partnership_player(6)


@pytest.mark.parametrize("options", OPTIONS[1:5], ids=lambda o: ",".join(o))
def test_levels_4_and_5_play_only_legal_actions(options: dict[str, object]) -> None:
    rules = FOUR66.replace(**options)
    deal = FourHandedDeal.shuffled(seed=11, dealer=2, rules=rules)
    players = {
        1: PimcPartnershipPlayer(1, samples=2, max_tricks=1),
        2: ExpertPartnershipPlayer(2, work=3_000, max_tricks=1, min_samples=2),
        3: PimcPartnershipPlayer(3, samples=2, max_tricks=1),
        4: ExpertPartnershipPlayer(4, work=3_000, max_tricks=1, min_samples=2),
    }
    outcome = play_table_deal(deal, players)  # raises on an illegal choice
    assert sum(outcome.tricks) == 8 or outcome.termination == Termination.TEN_OF_TRUMPS


def test_marriages_are_declared_by_the_search_players() -> None:
    rules = FOUR66.replace(four_player_marriages=True)
    declared = 0
    for seed in range(6):
        deal = FourHandedDeal.shuffled(seed, dealer=4, rules=rules)
        players = {seat: PimcPartnershipPlayer(seat, samples=2, max_tricks=1) for seat in (1, 2, 3, 4)}
        play_table_deal(deal, players)
        declared += sum(1 for _, action in deal.history if action >= MARRIAGE_20)
    assert declared > 0


def test_the_search_players_are_deterministic_for_a_seed() -> None:
    def history(make: type, **kwargs: object) -> list[object]:
        deal = FourHandedDeal.shuffled(seed=9, dealer=3)
        play_table_deal(deal, {seat: make(seat, **kwargs) for seat in (1, 2, 3, 4)})
        return list(deal.history)

    assert history(PimcPartnershipPlayer, samples=3, max_tricks=1) == history(
        PimcPartnershipPlayer, samples=3, max_tricks=1
    )
    assert history(ExpertPartnershipPlayer, work=2_000, max_tricks=1) == history(
        ExpertPartnershipPlayer, work=2_000, max_tricks=1
    )


def test_the_expert_decides_from_its_own_view_only() -> None:
    deal = FourHandedDeal.shuffled(seed=21, dealer=4)
    order = deal_order(4)
    # the same deal for seat 1, with the partner's and the right-hand opponent's cards exchanged
    partner = [card for card, seat in zip(deal.deck, order, strict=True) if seat == 3]
    right = [card for card, seat in zip(deal.deck, order, strict=True) if seat == 2]
    swap = dict(zip(partner, right, strict=True)) | dict(zip(right, partner, strict=True))
    other = FourHandedDeal([swap.get(card, card) for card in deal.deck], 4)
    assert other.hands[1] == deal.hands[1] and other.hands[3] == deal.hands[2]
    choices = [
        ExpertPartnershipPlayer(5, work=5_000, max_tricks=1, min_samples=8).choose(PartnershipView.of(d, 1))
        for d in (deal, other)
    ]
    assert choices[0] == choices[1]


def test_level_4_knows_only_the_shown_voids() -> None:
    deal = FourHandedDeal.shuffled(seed=2, dealer=4)
    rng = random.Random(2)
    for _ in range(12):
        deal.apply(rng.choice(deal.legal_actions()))
    knowledge = void_knowledge(PartnershipView.of(deal, 1))
    for seat in (2, 3, 4):
        assert knowledge.possible[seat - 1] & deal.hands[seat] == deal.hands[seat]
        assert knowledge.counts[seat - 1] == deal.hands[seat].bit_count()


def test_level_4_beats_level_1_on_duplicate_deals() -> None:
    margin = pair_margin(PimcPartnershipPlayer, RandomPartnershipPlayer, range(30), samples=3, max_tricks=2)
    assert margin >= 0.25  # game points per deal; 0.37 when written
