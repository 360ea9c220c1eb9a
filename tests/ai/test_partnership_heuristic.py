"""The rule-of-thumb players of the four-handed game: levels 2 and 3.

They play thousands of random deals at mixed tables under every option with only legal
actions (:func:`ask` raises on any other), answer the same for the same seed, decide from
their own view only, take the decisions their rules of thumb promise in set positions,
and are ordered by strength over duplicate deals (each seeded deal played twice with the
sides swapped, so that card luck cancels; fixed seeds make the result deterministic).
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from sixtysix import Rules
from sixtysix.ai.partnership import RandomPartnershipPlayer
from sixtysix.ai.partnership.heuristic import BeginnerPartnershipPlayer, CountingPartnershipPlayer
from sixtysix.ai.partnership.inference import HandKnowledge, sample_hands
from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, parse_card, parse_cards
from sixtysix.core.facts import winning_seat
from sixtysix.core.outcome import Outcome
from sixtysix.core.partnership import FourHandedDeal, left_of
from sixtysix.core.view import PartnershipView
from sixtysix.players.partnership import PartnershipPlayer
from sixtysix.players.table import ask, play_table_deal

FOUR = Rules.preset("four66")
OPTIONS = [
    FOUR,
    FOUR.replace(four_player_marriages=True),
    FOUR.replace(four_player_undertrump_required=False),
    FOUR.replace(ten_of_trumps_bonus=True, match_target=3),
    FOUR.replace(four_player_scale="loser_under_33"),
    FOUR.replace(four_player_marriages=True, four_player_undertrump_required=False, ten_of_trumps_bonus=True),
]
LEVELS: dict[int, Callable[[int], PartnershipPlayer]] = {
    1: RandomPartnershipPlayer,
    2: BeginnerPartnershipPlayer,
    3: CountingPartnershipPlayer,
}


class Recording(PartnershipPlayer):
    """Passes each decision to ``inner`` and records the views and answers."""

    def __init__(self, inner: PartnershipPlayer) -> None:
        self.inner = inner
        self.name = inner.name
        self.decisions: list[tuple[PartnershipView, Action]] = []

    def new_deal(self, view: PartnershipView) -> None:
        self.inner.new_deal(view)

    def choose(self, view: PartnershipView) -> Action:
        action = self.inner.choose(view)
        self.decisions.append((view, action))
        return action


# -- legal play ------------------------------------------------------------------


@pytest.mark.parametrize("level", [2, 3])
def test_every_action_is_legal_at_mixed_tables_under_every_option(level: int) -> None:
    rng = random.Random(level)
    marriages = 0
    for n in range(2000):
        rules = OPTIONS[n % len(OPTIONS)]
        seats = [level] + [rng.choice((1, 2, 3)) for _ in range(3)]
        rng.shuffle(seats)
        players = {seat: Recording(LEVELS[lv](n * 4 + seat)) for seat, lv in zip((1, 2, 3, 4), seats, strict=True)}
        match_score = (rng.randint(0, 2), rng.randint(0, 2))
        deal = FourHandedDeal(tuple(rng.sample(range(32), 32)), rng.randint(1, 4), rules, match_score)
        outcome = play_table_deal(deal, players)  # raises on an illegal action
        assert outcome.termination.value in ("played_out", "tie", "ten_of_trumps")
        marriages += sum(a >= 32 for p in players.values() for _, a in p.decisions)
    assert marriages > 100


def test_level_3_declares_every_marriage_it_can() -> None:
    rules = FOUR.replace(four_player_marriages=True)
    chances = 0
    for seed in range(200):
        player = Recording(CountingPartnershipPlayer(seed))
        players: dict[int, PartnershipPlayer] = {s: BeginnerPartnershipPlayer(s) for s in (2, 3, 4)}
        players[1] = player
        play_table_deal(FourHandedDeal.shuffled(seed=seed, rules=rules), players)
        for view, action in player.decisions:
            if any(a >= 32 for a in view.legal):
                chances += 1
                assert action >= 32
    assert chances > 10


# -- determinism and information ----------------------------------------------------


@pytest.mark.parametrize("level", [2, 3])
def test_the_same_seed_plays_the_same_deal(level: int) -> None:
    def play() -> list[Action]:
        players = {seat: Recording(LEVELS[level](seat)) for seat in (1, 2, 3, 4)}
        for seed in range(20):  # the same players on, deal after deal
            play_table_deal(FourHandedDeal.shuffled(seed=seed, rules=OPTIONS[seed % len(OPTIONS)]), players)
        return [a for seat in (1, 2, 3, 4) for _, a in players[seat].decisions]

    assert play() == play()


def alternative_world(deal: FourHandedDeal, seat: int, rng: random.Random) -> FourHandedDeal:
    """Another deal with the same public history in which the hands ``seat`` cannot see differ."""
    knowledge = HandKnowledge.from_view(PartnershipView.of(deal, seat))
    hands = list(sample_hands(knowledge, rng))
    for actor, action in deal.history:
        if action < 32:
            hands[actor - 1] |= BIT[action]
    world = FourHandedDeal.from_position(
        deal.rules, dealer=deal.dealer, trump_card=deal.trump_card, hands=hands, leader=left_of(deal.dealer)
    )
    world.known[deal.dealer] = BIT[deal.trump_card]
    for actor, action in deal.history:
        world.apply(action, actor)
    return world


@pytest.mark.parametrize("level", [2, 3])
def test_a_decision_depends_only_on_the_own_view(level: int) -> None:
    rng = random.Random(5)
    differed = 0
    for seed in range(60):
        deal = FourHandedDeal.shuffled(seed=seed, dealer=seed % 4 + 1)
        while not deal.is_over:
            seat = deal.to_act
            assert seat is not None
            world = alternative_world(deal, seat, rng)
            differed += world.hands != deal.hands
            view = PartnershipView.of(deal, seat)
            assert PartnershipView.of(world, seat) == view
            assert LEVELS[level](seed).choose(view) == LEVELS[level](seed).choose(PartnershipView.of(world, seat))
            deal.apply(ask(LEVELS[level](seed), view), seat)
    assert differed > 500


# -- rules of thumb in set positions ------------------------------------------------


def position(hands: str, trick: str = "", leader: int = 1, trump: str = "7c", tricks: int = 6) -> PartnershipView:
    """The view of the seat to act, late in a deal: ``hands`` of seats 1-4 separated by ``|``.

    The cards no hand holds and no trick shows went to side 1 in the earlier ``tricks``.
    """
    masks = [parse_cards(h) for h in hands.split("|")]
    played = [(int(t[0]), parse_card(t[2:])) for t in trick.split()]
    gone = FOUR.pack & ~sum(masks) & ~sum(BIT[c] for _, c in played) & ~BIT[parse_card(trump)]
    deal = FourHandedDeal.from_position(
        FOUR,
        dealer=4,
        trump_card=parse_card(trump),
        hands=masks,
        leader=leader,
        trick=played,
        won=(gone | BIT[parse_card(trump)], 0),
        tricks=(tricks, 0),
    )
    seat = deal.to_act
    assert seat is not None
    return PartnershipView.of(deal, seat)


def choice(player: PartnershipPlayer, view: PartnershipView) -> str:
    return str(player.choose(view))


BOTH = [BeginnerPartnershipPlayer(0), CountingPartnershipPlayer(0)]


@pytest.mark.parametrize("player", BOTH, ids=["level2", "level3"])
def test_the_last_player_throws_points_on_the_partners_trick(player: PartnershipPlayer) -> None:
    view = position("8s 9d | 7s 8d | Qs Jd | Td Kh 7d", trick="1:Ks 2:As 3:9s", tricks=5)
    assert winning_seat(view.trick, view.trump) == 2
    assert choice(player, view) == "Td"


@pytest.mark.parametrize("player", BOTH, ids=["level2", "level3"])
def test_the_last_player_throws_little_on_the_opponents_trick(player: PartnershipPlayer) -> None:
    view = position("8s 9d | 7s 8d | Qs Jd | Td Kh 7d", trick="1:As 2:Ks 3:9s", tricks=5)
    assert choice(player, view) == "7d"


@pytest.mark.parametrize("player", BOTH, ids=["level2", "level3"])
def test_an_ace_is_led(player: PartnershipPlayer) -> None:
    view = position("Ah 8d 7s | Kh 9d 8s | Th Jd 9s | Qh 7d Js", tricks=5)
    assert choice(player, view) == "Ah"


def test_level_3_leads_a_ten_whose_ace_is_gone() -> None:
    view = position("Th 8d | Kh 9d | Qh Jd | Jh 7d")
    assert choice(CountingPartnershipPlayer(0), view) == "Th"
    assert choice(BeginnerPartnershipPlayer(0), view) == "8d"


def test_level_3_wins_a_safe_trick_with_its_cheapest_card_and_keeps_the_master() -> None:
    view = position("Kd 9s | 7d 8s | Qd 9d | Ah Jh 7s", trick="1:9h 2:8h 3:7h", tricks=5)
    assert choice(CountingPartnershipPlayer(0), view) == "Jh"


def test_level_3_takes_the_trick_with_its_lowest_safe_card() -> None:
    # Seat 2 holds the ace of hearts, so its ten is safe: it wins with the ten and keeps the ace.
    view = position("8d | Ah Th | Qh 7d | Kh Jh", trick="1:9h")
    assert choice(CountingPartnershipPlayer(0), view) == "Th"
    assert choice(BeginnerPartnershipPlayer(0), view) == "Ah"


# -- strength ------------------------------------------------------------------------


def game_points(outcome: Outcome, side: int) -> int:
    """The game points ``side`` gains minus those the other side gains."""
    gained = [0, 0, 0]
    if outcome.winner:
        gained[outcome.winner] += outcome.game_points
    for s in (1, 2):
        gained[s] += outcome.bonus[s - 1]
    return gained[side] - gained[3 - side]


def duplicate_margin(strong: int, weak: int, pairs: int) -> tuple[float, float]:
    """Game points and card points per deal by which ``strong`` beats ``weak`` over duplicate deals."""
    games = cards = 0
    for seed in range(pairs):
        for strong_side in (1, 2):
            players = {s: LEVELS[strong if s % 2 == strong_side % 2 else weak](seed * 8 + s) for s in (1, 2, 3, 4)}
            outcome = play_table_deal(FourHandedDeal.shuffled(seed=seed, dealer=seed % 4 + 1), players)
            games += game_points(outcome, strong_side)
            cards += outcome.points[strong_side - 1] - outcome.points[2 - strong_side]
    return games / (2 * pairs), cards / (2 * pairs)


# Measured with these seeds (game points, card points per deal): level 2 over level 1
# 0.34 and 14.9; level 3 over level 2 0.071 and 2.5; level 3 over level 1 0.37 and 16.5.


def test_level_2_beats_level_1() -> None:
    games, cards = duplicate_margin(2, 1, 300)
    assert games > 0.2 and cards > 8


def test_level_3_beats_level_2() -> None:
    games, cards = duplicate_margin(3, 2, 800)
    assert games > 0.04 and cards > 1.2


def test_level_3_beats_level_1() -> None:
    games, cards = duplicate_margin(3, 1, 200)
    assert games > 0.25 and cards > 10
