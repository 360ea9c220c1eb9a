"""What a seat infers about the other hands of a four-handed deal, and the deals it samples.

Soundness: at every decision of many random deals (under every option that changes
the obligations) each seat's real hand lies within what every other seat thinks
possible, what it thinks known is really there, and the counts are right.
Exactness: late in a deal, the possible cards are exactly the union of all
placements under which the public history was legal (checked by brute force with
the engine as the judge), and the sampler draws each of them equally often.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from sixtysix import Rules
from sixtysix.ai.partnership.inference import HandKnowledge, Masks4, count_deals, sample_hands
from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, SUIT_MASK, CardMask, cards_of, parse_card, parse_cards
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.partnership import FourHandedDeal, left_of
from sixtysix.core.view import PartnershipView

FOUR = Rules.preset("four66")
LAX = FOUR.replace(four_player_undertrump_required=False)
MARRIAGES = FOUR.replace(four_player_marriages=True)
CLUBS, HEARTS = 0, 2


def random_deal_positions(rules: Rules, seed: int) -> Iterator[FourHandedDeal]:
    """Every position of a deal played by random legal actions."""
    rng = random.Random(seed)
    deal = FourHandedDeal.shuffled(seed=seed, dealer=rng.randint(1, 4), rules=rules)
    while not deal.is_over:
        yield deal
        deal.apply(rng.choice(deal.legal_actions()))


def knowledge(history: str, hand: str = "7c 8c 7s 8s 9s Js Qs Ks", seat: int = 4, rules: Rules = FOUR) -> HandKnowledge:
    """The knowledge of ``seat`` (the dealer, trump card 7c) after ``history`` ("seat:action ...")."""
    actions = [(int(tok[0]), Action.parse(tok[2:])) for tok in history.split()]
    return HandKnowledge.from_history(rules, seat, parse_cards(hand), 4, parse_card("7c"), actions)


def cards(text: str) -> CardMask:
    return parse_cards(text)


# -- the inferences, one by one ---------------------------------------------------


def test_a_player_who_does_not_follow_suit_is_void_in_it() -> None:
    k = knowledge("1:Ah 2:Kc")
    assert k.is_void(2, HEARTS)
    assert not k.is_void(3, HEARTS)


def test_a_void_player_who_discards_on_an_untrumped_trick_holds_no_trump() -> None:
    for rules in (FOUR, LAX):
        k = knowledge("1:Ah 2:Qh 3:7d", rules=rules)
        assert k.is_void(3, HEARTS) and k.is_void(3, CLUBS)


def test_a_discard_on_a_trumped_trick_means_no_trump_when_undertrumping_is_required() -> None:
    k = knowledge("1:Ah 2:Kc 3:8d")
    assert k.is_void(3, CLUBS)


def test_without_undertrumping_a_discard_only_rules_out_the_higher_trumps() -> None:
    k = knowledge("1:Ah 2:Kc 3:8d", rules=LAX)
    assert not k.possible[2] & cards("Ac Tc")
    assert k.possible[2] & cards("Qc Jc 9c") == cards("Qc Jc 9c")


def test_a_player_who_trumps_under_the_winning_trump_holds_no_higher_trump() -> None:
    for rules in (FOUR, LAX):
        k = knowledge("1:Ah 2:Kc 3:9c", rules=rules)
        assert k.is_void(3, HEARTS)
        assert not k.possible[2] & cards("Ac Tc")
        assert k.possible[2] & cards("Qc Jc") == cards("Qc Jc")


def test_a_player_who_follows_under_the_winning_card_holds_nothing_above_it() -> None:
    k = knowledge("1:Kh 2:Qh 3:Ah 4:7s 1:Td")
    assert not k.possible[1] & cards("Ah Th")
    assert k.possible[1] & cards("Jh 9h") == cards("Jh 9h")
    assert not k.is_void(2, HEARTS)


def test_following_a_trumped_trick_with_a_low_card_proves_nothing() -> None:
    k = knowledge("1:Kh 2:Kc 3:9h")
    assert k.possible[2] & cards("Ah Th Qh") == cards("Ah Th Qh")


def test_the_dealers_turned_up_trump_is_known_until_he_plays_it() -> None:
    before = knowledge("1:Ah", hand="Ah Th 7h Ad Td 7d As 8c", seat=1)
    assert before.known[3] == BIT[parse_card("7c")]
    assert before.holders(parse_card("7c")) == (4,)
    after = knowledge("1:Ah 2:Qh 3:Jh 4:7c", hand="Th 7h Ad Td 7d As 8c", seat=1)
    assert not after.known[3] and not after.holders(parse_card("7c"))


def test_a_declared_marriage_shows_the_king_and_queen() -> None:
    k = knowledge("1:20h", rules=MARRIAGES)
    assert k.known[0] == cards("Kh Qh")
    k = knowledge("1:20h 1:Qh", rules=MARRIAGES)
    assert k.known[0] == cards("Kh")


def test_the_viewer_knows_its_own_hand_exactly() -> None:
    hand = "7c 8c 7s 8s 9s Js Qs Ks"
    k = knowledge("", hand=hand)
    assert k.possible[3] == k.known[3] == cards(hand)
    assert k.counts == (8, 8, 8, 8)


# -- soundness over random deals --------------------------------------------------


@pytest.mark.parametrize("rules", [FOUR, LAX, MARRIAGES], ids=["four66", "lax", "marriages"])
def test_every_inference_is_true_in_random_deals(rules: Rules) -> None:
    rng = random.Random(1)
    checked = 0
    for seed in range(120):
        for deal in random_deal_positions(rules, seed):
            for seat in (1, 2, 3, 4):
                k = HandKnowledge.from_view(PartnershipView.of(deal, seat))
                replayed = HandKnowledge.from_history(
                    rules, seat, deal.hands[seat], deal.dealer, deal.trump_card, deal.history
                )
                assert k == replayed
                for other in (1, 2, 3, 4):
                    real = deal.hands[other]
                    assert real & ~k.possible[other - 1] == 0, (seed, seat, other)
                    assert k.known[other - 1] & ~real == 0, (seed, seat, other)
                    assert k.counts[other - 1] == real.bit_count()
                assert k.possible[seat - 1] == k.known[seat - 1] == deal.hands[seat]
                hands = sample_hands(k, rng)
                assert_consistent(k, hands)
                checked += 1
    assert checked > 10_000


def assert_consistent(k: HandKnowledge, hands: tuple[CardMask, ...]) -> None:
    everything = 0
    for i, hand in enumerate(hands):
        assert hand & ~k.possible[i] == 0
        assert k.known[i] & ~hand == 0
        assert hand.bit_count() == k.counts[i]
        assert not everything & hand
        everything |= hand


# -- exactness against brute force -------------------------------------------------


def consistent_placements(deal: FourHandedDeal, seat: int) -> list[Masks4]:
    """Every placement of the cards ``seat`` cannot see under which the deal's history was legal."""
    played_by = [0] * 5
    for actor, action in deal.history:
        if action < 32:
            played_by[actor] |= BIT[action]
    others = [s for s in (1, 2, 3, 4) if s != seat]
    unseen = list(cards_of(deal.hands[others[0]] | deal.hands[others[1]] | deal.hands[others[2]]))
    sizes = [deal.hands[s].bit_count() for s in others]
    found: list[Masks4] = []
    for first in itertools.combinations(unseen, sizes[0]):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, sizes[1]):
            third = [c for c in rest if c not in second]
            hands = [0] * 5
            hands[seat] = deal.hands[seat]
            for s, group in zip(others, (first, second, third), strict=True):
                hands[s] = sum(BIT[c] for c in group)
            if history_is_legal(deal, hands, played_by):
                found.append((hands[1], hands[2], hands[3], hands[4]))
    return found


def history_is_legal(deal: FourHandedDeal, now: list[CardMask], played_by: list[CardMask]) -> bool:
    start = [now[s] | played_by[s] for s in range(5)]
    if not start[deal.dealer] & BIT[deal.trump_card]:
        return False
    replay = FourHandedDeal.from_position(
        deal.rules, dealer=deal.dealer, trump_card=deal.trump_card, hands=start[1:], leader=left_of(deal.dealer)
    )
    try:
        for actor, action in deal.history:
            replay.apply(action, actor)
    except IllegalActionError:
        return False
    return True


def late_positions(rules: Rules, count: int, tricks: int) -> Iterator[FourHandedDeal]:
    """Positions of random deals after ``tricks`` tricks, each with 0-3 cards of the next trick played."""
    seed = 0
    while count:
        seed += 1
        rng = random.Random(seed)
        stop = 4 * tricks + rng.randint(0, 3)
        for n, deal in enumerate(random_deal_positions(rules, seed)):
            if n == stop:
                yield deal
                count -= 1
                break


@pytest.mark.parametrize("rules", [FOUR, LAX, MARRIAGES], ids=["four66", "lax", "marriages"])
def test_the_possible_cards_are_exactly_those_of_some_consistent_deal(rules: Rules) -> None:
    for deal in late_positions(rules, 20, tricks=5):
        seat = deal.to_act
        assert seat is not None
        k = HandKnowledge.from_view(PartnershipView.of(deal, seat))
        placements = consistent_placements(deal, seat)
        assert count_deals(k) == len(placements)
        for i in range(4):
            union = 0
            for hands in placements:
                union |= hands[i]
            common = union
            for hands in placements:
                common &= hands[i]
            assert k.possible[i] == union
            assert k.known[i] == common


def test_sampling_draws_every_consistent_deal_equally_often() -> None:
    rng = random.Random(7)
    tested = 0
    for deal in late_positions(FOUR, 40, tricks=5):
        seat = deal.to_act
        assert seat is not None
        k = HandKnowledge.from_view(PartnershipView.of(deal, seat))
        placements = consistent_placements(deal, seat)
        if not 6 <= len(placements) <= 60:
            continue
        draws = 200 * len(placements)
        seen = Counter(sample_hands(k, rng) for _ in range(draws))
        assert set(seen) == set(placements)
        for hands in placements:  # each 200 expected; 5 standard deviations is about 70
            assert 130 <= seen[hands] <= 270, (seen[hands], len(placements))
        tested += 1
    assert tested >= 5


def test_sampling_at_the_start_is_varied_and_keeps_the_trump_card_with_the_dealer() -> None:
    deal = FourHandedDeal.shuffled(seed=11, dealer=2)
    k = HandKnowledge.from_view(PartnershipView.of(deal, 1))
    rng = random.Random(3)
    samples = [sample_hands(k, rng) for _ in range(300)]
    assert len(set(samples)) == 300
    for hands in samples:
        assert_consistent(k, hands)
        assert hands[1] & BIT[deal.trump_card]
        assert hands[0] == deal.hands[1]
    # Each unseen card lands with each of the three other seats about equally often.
    card = next(c for c in cards_of(k.unseen()) if c != deal.trump_card)
    holders = Counter(next(s for s in range(4) if hands[s] & BIT[card]) for hands in samples)
    assert set(holders) == {1, 2, 3} and min(holders.values()) > 60


def test_sampling_is_reproducible_for_a_seed() -> None:
    deal = FourHandedDeal.shuffled(seed=5)
    k = HandKnowledge.from_view(PartnershipView.of(deal, 3))
    first = [sample_hands(k, random.Random(9)) for _ in range(3)]
    assert first[0] == first[1] == first[2]


def test_sampling_respects_voids() -> None:
    k = knowledge("1:Ah 2:Kc 3:8d 4:7s", hand="7c 8c 8s 9s Js Qs Ks", rules=LAX)
    rng = random.Random(2)
    for _ in range(200):
        hands = sample_hands(k, rng)
        assert_consistent(k, hands)
        assert not hands[1] & SUIT_MASK[HEARTS]
        assert not hands[2] & (SUIT_MASK[HEARTS] | cards("Ac Tc"))
