"""The rule facts (core/facts.py) against the rules' text and against the engines' own scoring.

The tables are checked against the rule as written (rules.md §2.1, §2.3, §2.6, §2.8, §2.11,
R-4P-5 to R-4P-7); then random deals of every table size are played to their end and every
card point, trick, marriage and bonus the engine counted is accounted for by the facts.
"""

from __future__ import annotations

import random

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, CLOSE_BEFORE_DRAW, MARRIAGE_20, MARRIAGE_40
from sixtysix.core.cards import (
    ACE,
    JACK,
    KING,
    NINE,
    QUEEN,
    SUITS,
    TEN,
    card_point_table,
    cards_of,
    make_card,
    mask_of,
    rank_of,
    suit_of,
)
from sixtysix.core.facts import (
    BEATERS,
    DEAL_TARGET,
    GAME_POINT_SCALE,
    LAST_TRICK_BONUS,
    MARRIAGE_CARDS,
    SCHNEIDER,
    beats,
    closer_win_points,
    exchange_card,
    follow_mask,
    game_points,
    last_trick_bonus,
    marriage_value,
    opponent_hand_size,
    partnership_follow_mask,
    partnership_game_points,
    talon_after,
    trick_winner,
    tricks_of,
)
from sixtysix.core.game import LEAD, Deal
from sixtysix.core.outcome import WIN_SCALE_REASONS, Termination
from sixtysix.core.rules import PRESETS as ALL_PRESETS
from sixtysix.core.table import AnyDeal

PRESETS = tuple(ALL_PRESETS)  # every preset of the rules, the VU platform's included


def test_card_points_are_those_of_the_rules() -> None:
    """rules.md §2.1: ace 11, ten 10, king 4, queen 3, jack 2; the nine 0, or 1 with ``nine_points=1``."""
    written = {ACE: 11, TEN: 10, KING: 4, QUEEN: 3, JACK: 2, NINE: 0}
    for nine in (0, 1):
        table = card_point_table(nine)
        for card in range(32):
            expected = nine if rank_of(card) == NINE else written.get(rank_of(card), 0)
            assert table[card] == expected
    assert Rules.preset("seed66").total_points == 120 and Rules.preset("schnapsen").total_points == 120
    assert Rules.preset("seed66").replace(nine_points=1).total_points == 124


def test_who_takes_a_trick_is_the_rule_as_written() -> None:
    """The higher card of the suit led wins, unless a trump was played; the highest trump wins
    (rules.md §2.3, R-PLAY-2)."""
    for trump in SUITS:
        for best in range(32):
            for card in range(32):
                if card == best:
                    continue
                same_suit = suit_of(card) == suit_of(best)
                expected = rank_of(card) < rank_of(best) if same_suit else suit_of(card) == trump
                assert beats(card, best, trump) == expected
                assert bool(BEATERS[trump][best] >> card & 1) == expected
    hearts, clubs = 2, 0
    trick = [make_card(KING, hearts), make_card(ACE, hearts), make_card(NINE, clubs), make_card(TEN, hearts)]
    assert trick_winner(trick, trump=3) == 1 and trick_winner(trick, trump=clubs) == 2


def test_marriages_last_trick_and_the_scales() -> None:
    assert {marriage_value(a) for a in range(MARRIAGE_20, MARRIAGE_20 + 4)} == {20}
    assert {marriage_value(a) for a in range(MARRIAGE_40, MARRIAGE_40 + 4)} == {40}
    seed, schnapsen, four = Rules.preset("seed66"), Rules.preset("schnapsen"), Rules.preset("four66")
    assert (last_trick_bonus(seed, closed=False), last_trick_bonus(seed, closed=True)) == (LAST_TRICK_BONUS, 0)
    assert last_trick_bonus(schnapsen, closed=False) == 0 and last_trick_bonus(four, closed=False) == 10
    assert [game_points(p, 1) for p in (0, SCHNEIDER - 1, SCHNEIDER, 65)] == [2, 2, 1, 1]  # TC-44
    assert game_points(40, 0) == 3  # TC-45: Schwarz counts tricks, not points
    assert partnership_game_points(four, 99, 31, 2)[0] == 1  # R-4P-7: "hundred" looks at the winners only
    assert partnership_game_points(four.replace(four_player_scale="loser_under_33"), 99, 31, 2)[0] == 2
    assert opponent_hand_size(own=6, trick_open=False, own_led=False) == 6
    assert opponent_hand_size(own=5, trick_open=True, own_led=True) == 6


def test_a_phase2_follower_plays_by_the_rule_as_written() -> None:
    """R-P2-2: follow suit (with a higher card if he has one), else trump, else any card; each duty an option."""
    rng = random.Random(5)
    for _ in range(3000):
        hand = mask_of(rng.sample(range(32), rng.randint(1, 6)))
        led, trump = rng.choice([c for c in range(32) if not hand >> c & 1]), rng.randrange(4)
        for head in (True, False):
            for must_trump in (True, False):
                rules = Rules.preset("seed66").replace(must_head_trick=head, must_trump_when_void=must_trump)
                cards = cards_of(hand)
                suit = [c for c in cards if suit_of(c) == suit_of(led)]
                higher = [c for c in suit if rank_of(c) < rank_of(led)]
                trumps = [c for c in cards if suit_of(c) == trump]
                allowed = (higher if head and higher else suit) or (must_trump and trumps) or cards
                assert follow_mask(rules, hand, led, trump) == mask_of(allowed), (hand, led, trump, head, must_trump)


def test_a_four_handed_follower_plays_by_the_rule_as_written() -> None:
    """R-4P-4: follow suit and win if the trick is not trumped yet; void, trump and over-trump if he can;
    unable to over-trump, a lower trump only if ``four_player_undertrump_required``, else any card."""
    rng = random.Random(6)
    for _ in range(3000):
        cards = rng.sample(range(32), rng.randint(2, 9))
        trick, hand = cards[: rng.randint(1, 3)], mask_of(cards[3:] or cards[-1:])
        hand &= ~mask_of(trick)
        trump, led_suit = rng.randrange(4), suit_of(trick[0])
        best = trick[trick_winner(trick, trump)]
        held = cards_of(hand)
        suit = [c for c in held if suit_of(c) == led_suit]
        trumps = [c for c in held if suit_of(c) == trump]
        over = [c for c in trumps if beats(c, best, trump)]
        for undertrump in (True, False):
            if suit:
                winning = [c for c in suit if beats(c, best, trump)]
                allowed = winning or suit
            elif trumps:
                allowed = over or (trumps if undertrump else held)
            else:
                allowed = held
            assert partnership_follow_mask(hand, led_suit, best, trump, undertrump) == mask_of(allowed)


def test_marriage_cards_talon_and_exchange_card() -> None:
    """§2.6: a marriage is the king and queen of a suit; R-NINE-1: the trump nine (Schnapsen: jack)
    is exchanged; after each trick of an unclosed deal both players draw one card."""
    for suit in SUITS:
        assert sorted(cards_of(MARRIAGE_CARDS[suit])) == [make_card(KING, suit), make_card(QUEEN, suit)]
    seed, schnapsen, four = Rules.preset("seed66"), Rules.preset("schnapsen"), Rules.preset("four66")
    assert [exchange_card(seed, suit) for suit in SUITS] == [make_card(NINE, suit) for suit in SUITS]
    assert [exchange_card(schnapsen, suit) for suit in SUITS] == [make_card(JACK, suit) for suit in SUITS]
    assert [talon_after(seed, tricks) for tricks in (0, 1, 5, 6, 7)] == [12, 10, 2, 0, 0]
    assert [talon_after(schnapsen, tricks) for tricks in (0, 4, 5)] == [10, 2, 0] and talon_after(four, 0) == 0


@pytest.mark.parametrize("preset", ("seed66", "pagat66", "schnapsen"))
def test_the_talon_shrinks_by_the_facts(preset: str) -> None:
    """The engine's talon at every lead of a deal nobody closes is :func:`talon_after` its tricks."""
    rules = Rules.preset(preset)
    leads = 0
    for seed in range(40):
        rng = random.Random(seed)
        deal = Deal.shuffled(seed=seed, rules=rules)
        while not deal.is_over and not deal.closer:
            if deal.stage == LEAD:
                assert deal.talon_size == talon_after(rules, deal.trick_count)
                leads += 1
            legal = [a for a in deal.legal_actions() if a not in (CLAIM, CLOSE, CLOSE_BEFORE_DRAW)]
            deal.apply(rng.choice(legal))
    assert leads > 40 * rules.hand_size


def play(preset: str, seed: int) -> tuple[AnyDeal, list[tuple[int, int]]]:
    """A careful random deal to its end; the marriages declared, as (seat, action)."""
    rules = Rules.preset(preset)
    if preset == "four66":
        rules = rules.replace(four_player_marriages=True)
    rng = random.Random(seed)
    deal = create_match(rules).new_deal(seed=seed)
    marriages = []
    while not deal.is_over:
        seat = deal.seat_to_ask
        legal = deal.legal_actions(seat)
        legal = [a for a in legal if a != CLAIM or max(deal.scores()) >= DEAL_TARGET] or legal
        action = rng.choice(legal)
        if ACTIONS[action].is_marriage():
            marriages.append((seat or 0, int(action)))
        deal.apply(action, seat)
    return deal, marriages


@pytest.mark.parametrize("preset", PRESETS)
def test_the_engines_count_by_the_facts(preset: str) -> None:
    """Every point the engine credited is a trick's card points, a marriage or the last-trick bonus."""
    for seed in range(60):
        deal, marriages = play(preset, seed)
        rules, tricks, scorer_of = deal.rules, deal.completed_tricks(), deal.scorer_of
        scores, public = list(deal.scores()), deal.spectator_view()
        counted = [0] * len(scores)
        won = [0] * len(scores)
        for trick in tricks:
            counted[scorer_of(trick.winner) - 1] += trick.points
            won[scorer_of(trick.winner) - 1] += 1
            assert trick.points == sum(rules.points[card] for _, card in trick.cards)
        for later, trick in zip(tricks[1:], tricks, strict=False):
            assert later.leader == trick.winner  # the winner of a trick leads the next
        assert won == list(deal.trick_counts())
        for seat, action in marriages:
            counted[scorer_of(seat) - 1] += marriage_value(action)
        outcome = deal.outcome
        assert outcome is not None
        played_out = sum(won) == rules.deck // len(deal.active)
        if played_out:
            counted[scorer_of(tricks[-1].winner) - 1] += last_trick_bonus(rules, closed=bool(public.closer))
        # Marriage points of a side without a trick wait (pending): counted plus waiting is all of it.
        assert [s + p for s, p in zip(scores, public.pending, strict=True)] == counted, (preset, seed)
        assert tricks_of(deal.history, rules, deal.trump) == tricks
        if played_out and outcome.termination == Termination.PLAYED_OUT and len(scores) == 2 and outcome.winner:
            winner, loser = outcome.winner - 1, 2 - outcome.winner
            if rules.players == 4:
                expected = partnership_game_points(rules, scores[winner], scores[loser], won[loser])
                assert outcome.game_points == expected[0]
            elif rules.last_trick_rule == "ten_points" and not public.closer:
                assert outcome.game_points == game_points(scores[loser], won[loser])


def test_the_exchange_card_and_the_closers_scale() -> None:
    """R-NINE-1: the trump of ``exchange_rank``; R-CLOSE-6 / option A9: a closer's win is scaled by
    the opponent's points at the close (``at_close``) or at the end (``at_end``, TC-36)."""
    for trump in SUITS:
        assert exchange_card(Rules.preset("seed66"), trump) == make_card(NINE, trump)
        assert exchange_card(Rules.preset("schnapsen"), trump) == make_card(JACK, trump)
        deal = Deal.shuffled(seed=trump, rules=Rules.preset("schnapsen"))
        assert deal.exchange_card == exchange_card(deal.rules, deal.trump)
    at_close, at_end = Rules.preset("seed66"), Rules.preset("seed66").replace(closer_win_basis="at_end")
    assert closer_win_points(at_close, close_points=25, close_tricks=1, end_points=40, end_tricks=2) == 2
    assert closer_win_points(at_end, close_points=25, close_tricks=1, end_points=40, end_tricks=2) == 1
    assert closer_win_points(at_close, close_points=0, close_tricks=0, end_points=40, end_tricks=2) == 3


TWO_SEAT_RULES = (
    Rules.preset("seed66"),
    Rules.preset("pagat66"),
    Rules.preset("schnapsen"),
    Rules.preset("three66"),
    Rules.preset("seed66").replace(closed_deal_double=True, failed_close_points="hoyle1895"),
    Rules.preset("seed66").replace(beaten_closer_points="flat_two", closer_false_claim="failed_close"),
)


@pytest.mark.parametrize("rules", TWO_SEAT_RULES, ids=lambda r: r.text())
def test_the_win_scale_is_the_scoring_of_the_engine(rules: Rules) -> None:
    """Over random deals played to their end (closes, claims and false claims included), the scale
    step among the engine's reasons is the game points it gave (halved where a close doubles them),
    and there is none exactly for ties and penalties (a false claim, a failed close, a beaten closer)."""
    rng = random.Random(rules.text())
    kinds: set[int | None] = set()
    for _ in range(300):
        deal = create_match(rules).new_deal(seed=rng.getrandbits(32))
        while not deal.is_over:
            seat = deal.seat_to_ask
            legal = deal.legal_actions(seat)
            careful = [a for a in legal if a not in (CLAIM, CLOSE) or max(deal.scores()) >= DEAL_TARGET] or legal
            deal.apply(rng.choice(legal if rng.random() < 0.03 else careful), seat)  # now and then a false claim
        public, outcome = deal.spectator_view(), deal.outcome
        assert outcome is not None
        steps = [step for step, reason in WIN_SCALE_REASONS.items() if reason in outcome.reasons]
        assert len(steps) <= 1, outcome.reasons
        scale = GAME_POINT_SCALE[steps[0] - 1] if steps else None
        kinds.add(scale)
        penalty = outcome.termination in (Termination.FALSE_CLAIM, Termination.CLOSER_FAILED) or (
            public.closer and public.closer != outcome.winner
        )
        if outcome.winner is None or penalty:
            assert scale is None
        else:
            doubled = 2 if public.closer and rules.closed_deal_double else 1
            assert scale is not None and scale * doubled == outcome.game_points, (outcome, public.closer)
            assert outcome.base_points == scale
    assert {1, 2, None} <= kinds  # simple wins, Schneider, ties or penalties
