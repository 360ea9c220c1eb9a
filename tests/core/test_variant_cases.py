"""Acceptance test cases of rules.md §6 for three and four players (TC-3P1, TC-3P2, TC-4P1 … TC-4P5).

Three-handed seats: A = 1, B = 2 (A's left), C = 3. Four-handed seats, clockwise as in the spec's
examples: N = 1, E = 2, S = 3, W = 4, so N and S (side 1) are partners against E and W (side 2).
Positions are reached by play from a real deck wherever the case describes a deal; the follow
cases build the position with ``FourHandedDeal.from_position``.
"""

from __future__ import annotations

import random

import pytest

from sixtysix import (
    Action,
    DealError,
    FourHandedDeal,
    IllegalActionError,
    Match,
    MatchError,
    PartnershipMatch,
    Rules,
    RulesError,
    Termination,
    ThreeHandedDeal,
    ThreeHandedMatch,
    create_match,
)
from sixtysix.core.cards import BIT, cards_of, parse_card, parse_cards
from sixtysix.core.game import shuffled_deck
from sixtysix.core.outcome import Scoring
from sixtysix.core.partnership import deal_order, score_partnership_deal

THREE = Rules.preset("three66")
FOUR = Rules.preset("four66")
A, B, C = 1, 2, 3
N, E, S, W = 1, 2, 3, 4


def act(deal: ThreeHandedDeal | FourHandedDeal, seat: int, token: str) -> None:
    deal.apply(Action.parse(token), seat)


def tokens(actions: list[Action]) -> set[str]:
    return {str(a) for a in actions}


# -- three players ------------------------------------------------------------------------------------------


def forehand_claims(match: ThreeHandedMatch, seed: int, close: bool = False) -> None:
    """A new deal whose forehand claims 66 at once (after closing if ``close``): the other active seat wins 2 (3)."""
    deal = match.new_deal(seed=seed)
    forehand = deal.active[0]
    if close:
        act(deal, forehand, "C")
    match.apply(Action.parse("66"), forehand)


def other_wins_first_trick_then_claims(match: ThreeHandedMatch, seed: int, close: bool = False) -> None:
    """A new deal: the forehand leads, the other active seat takes the trick, then claims wrongly."""
    rng = random.Random(seed)
    while True:
        deal = match.new_deal(deck=shuffled_deck(match.rules, rng.getrandbits(32)))
        forehand, other = deal.active
        for lead in deal.legal_actions(forehand):
            if lead >= 32:
                continue
            trial = deal.copy()
            trial.apply(lead, forehand)
            for follow in trial.legal_actions(other):
                again = trial.copy()
                again.apply(follow, other)
                again.inner.apply(Action.parse("draw"))
                if again.to_act == other:
                    deal.apply(lead, forehand)
                    deal.apply(follow, other)
                    if close:
                        act(deal, other, "CB")
                    match.apply(Action.parse("66"), other)
                    return
        match.deals.pop()  # no such first trick in this deck: deal another one


def test_tc_3p1_dealer_sits_out_and_scores_with_the_winner() -> None:
    """TC-3P1: A deals; B and C get 6 each, A none; talon 12; B leads. C wins for 2 → C +2, A +2."""
    match = ThreeHandedMatch(THREE, first_dealer=A)
    deck = shuffled_deck(THREE, 66)
    deal = match.new_deal(deck=deck)
    assert deal.dealer == A and deal.sitting_out == A
    assert deal.hand(A) == 0
    assert cards_of(deal.hand(B)) == tuple(sorted(deck[:6]))
    assert cards_of(deal.hand(C)) == tuple(sorted(deck[6:12]))
    assert deal.trump_card == deck[12] and deal.inner.talon_size == 12
    assert deal.to_act == B and deal.active == (B, C)
    assert deal.legal_actions(A) == []
    match.apply(Action.parse("66"), B)  # a wrong claim: C wins 2
    assert deal.outcome is not None and deal.outcome.winner == C and deal.outcome.game_points == 2
    assert match.score == (2, 0, 2)
    assert match.results[-1].dealer_points == 2


def test_tc_3p2_dealer_credit_is_capped_at_six() -> None:
    """TC-3P2: A has 5 GP and deals; B wins for 3 → B +3, A → 6 (not 8)."""
    match = ThreeHandedMatch(THREE, first_dealer=A)
    forehand_claims(match, seed=1)  # A deals: C +2, A +2
    forehand_claims(match, seed=2, close=True)  # B deals: A +3, B +3
    forehand_claims(match, seed=3)  # C deals: A claims wrongly: B +2, C +2
    assert match.score == (5, 5, 4) and match.next_dealer() == A
    other_wins_first_trick_then_claims(match, seed=4, close=True)  # A deals: C takes a trick, closes, fails
    assert match.deals[-1].outcome is not None and match.deals[-1].outcome.winner == B
    assert match.results[-1].game_points == 3
    assert match.score == (6, 8, 4)
    assert match.winner == B and match.is_over


def test_tc_3p2_dealer_with_six_stays_at_six() -> None:
    """TC-3P2: if A has 6 and deals, A stays at 6."""
    match = ThreeHandedMatch(THREE, first_dealer=A)
    forehand_claims(match, seed=1)  # A deals: C +2, A +2
    forehand_claims(match, seed=2)  # B deals: A +2, B +2
    other_wins_first_trick_then_claims(match, seed=3)  # C deals: B takes a trick, claims wrongly: A +2, C +2
    assert match.score == (6, 2, 4)
    forehand_claims(match, seed=4)  # A deals: C +2, A stays at 6
    assert match.score == (6, 2, 6)
    assert match.results[-1].dealer_points == 0 and not match.is_over


def test_three_handed_deal_passes_to_the_left() -> None:
    match = ThreeHandedMatch(THREE, first_dealer=2)
    dealers = []
    for seed in range(4):
        dealers.append(match.next_dealer())
        forehand_claims(match, seed)
        if match.is_over:
            break
    assert dealers[:3] == [2, 3, 1]


def test_three_handed_tie_scores_nobody_and_carries_the_point() -> None:
    """R-3P-5: a tie gives nobody anything, the dealer neither; the point goes to the next winner."""
    for seed in range(2000):  # seed 85 is the first: random play without claims or closes
        rng = random.Random(seed)
        match = ThreeHandedMatch(THREE, first_dealer=A)
        deal = match.new_deal(deck=shuffled_deck(THREE, seed))
        while not deal.is_over:
            choices = [a for a in deal.legal_actions() if str(a) not in ("66", "C", "CB")]
            match.apply(rng.choice(choices or deal.legal_actions()))
        if deal.outcome is not None and deal.outcome.termination is Termination.TIE:
            break
    else:
        pytest.fail("no tie found")
    assert match.score == (0, 0, 0) and match.carried == 1
    forehand_claims(match, seed=1)  # B deals, C claims wrongly: A wins 2 + 1 carried, B (dealer) as much
    assert match.score == (3, 3, 0) and match.carried == 0


def test_three_handed_play_off_decides_the_loser() -> None:
    """R-3P-4 with three_player_play_for_loser: the other two play on; the winner sits out."""
    rules = THREE.replace(three_player_play_for_loser=True, match_target=3)
    match = ThreeHandedMatch(rules, first_dealer=A)
    forehand_claims(match, seed=1, close=True)  # A deals: C +3 (wins), A +2 (capped at target - 1)
    assert match.winner == C and match.score == (2, 0, 3) and not match.is_over
    deal = match.new_deal(seed=2)
    assert deal.sitting_out == C and set(deal.active) == {A, B} and deal.dealer == B
    assert deal.legal_actions(C) == []
    match.apply(Action.parse("66"), deal.active[0])  # A claims wrongly: B +2 (dealer credit: none)
    assert match.score == (2, 2, 3) and not match.is_over
    forehand_claims(match, seed=3)
    assert match.is_over and match.loser is not None and match.winner == C
    with pytest.raises(MatchError):
        match.new_deal(seed=4)


def test_three_handed_seat_sitting_out_cannot_act() -> None:
    deal = ThreeHandedDeal.shuffled(seed=2, dealer=B)
    before = deal.copy()
    with pytest.raises(IllegalActionError, match="sits out"):
        deal.apply(deal.legal_actions()[0], B)
    assert deal.history == before.history and deal.hand(A) == before.hand(A)
    with pytest.raises(DealError):
        deal.inner_seat(4)


# -- four players -------------------------------------------------------------------------------------------


def deck_from_hands(hands: dict[int, str], dealer: int, trump: str) -> list[int]:
    """A 32-card deck that deals ``hands`` (partial hands filled up in card order), the dealer's last card ``trump``."""
    named = {seat: list(cards_of(parse_cards(text))) for seat, text in hands.items()}
    trump_card = parse_card(trump)
    named.setdefault(dealer, [])
    named[dealer] = [c for c in named[dealer] if c != trump_card]
    used = {c for cards in named.values() for c in cards} | {trump_card}
    rest = [c for c in cards_of(FOUR.pack) if c not in used]
    for seat in (1, 2, 3, 4):
        hand = named.setdefault(seat, [])
        while len(hand) < (7 if seat == dealer else 8):
            hand.append(rest.pop(0))
    named[dealer].append(trump_card)
    order = deal_order(dealer)
    queues = {seat: list(named[seat]) for seat in named}
    return [queues[seat].pop(0) for seat in order]


def test_tc_4p1_deal_3_2_3_trump_stays_with_the_dealer() -> None:
    """TC-4P1: 32 cards, 8 each dealt 3-2-3 from the dealer's left; the last card is trump and stays."""
    deck = shuffled_deck(FOUR, 41)
    deal = FourHandedDeal(deck, dealer=N, rules=FOUR)
    packets = [(E, 0, 3), (S, 3, 6), (W, 6, 9), (N, 9, 12), (E, 12, 14), (S, 14, 16), (W, 16, 18), (N, 18, 20)]
    packets += [(E, 20, 23), (S, 23, 26), (W, 26, 29), (N, 29, 32)]
    for seat in (N, E, S, W):
        expected = [card for s, i, j in packets if s == seat for card in deck[i:j]]
        assert cards_of(deal.hands[seat]) == tuple(sorted(expected))
    assert len(deck) == 32 and all(h.bit_count() == 8 for h in deal.hands[1:])
    assert deal.trump_card == deck[31] and deal.hands[N] & BIT[deck[31]]
    assert deal.trump == deck[31] >> 3
    assert deal.to_act == E  # the dealer's left leads


def test_tc_4p2_must_win_even_over_the_partner() -> None:
    """TC-4P2: trump ♠; E leads 9♣, S K♣, W Q♣; N (S's partner) holds A♣ 8♣ → legal = {A♣}."""
    deck = deck_from_hands({E: "9c Tc", S: "Kc", W: "Qc", N: "Ac 8c"}, dealer=N, trump="7s")
    deal = FourHandedDeal(deck, dealer=N, rules=FOUR)
    for seat, card in ((E, "9c"), (S, "Kc"), (W, "Qc")):
        act(deal, seat, card)
    assert tokens(deal.legal_actions(N)) == {"Ac"}
    with pytest.raises(IllegalActionError, match="must follow suit and win the trick: one of Ac"):
        act(deal, N, "8c")


def position(s_hand: str, rules: Rules = FOUR) -> FourHandedDeal:
    """TC-4P3's trick: trump ♠, N leads A♦, E (void ♦) trumps 9♠, S to play from ``s_hand``."""
    return FourHandedDeal.from_position(
        rules,
        dealer=W,
        trump_card=parse_card("As"),
        hands=[parse_cards("Ad Jc Jh"), parse_cards("9s Qh 8h"), parse_cards(s_hand), parse_cards("As Td 9d")],
        leader=N,
        trick=[(N, parse_card("Ad")), (E, parse_card("9s"))],
        known=(0, 0, 0, parse_cards("As")),
    )


def test_tc_4p3_must_over_trump() -> None:
    """TC-4P3: S (void ♦) holds Q♠ 7♠ K♥ → legal = {Q♠}."""
    assert tokens(position("Qs 7s Kh").legal_actions(S)) == {"Qs"}


def test_tc_4p3_must_under_trump_by_default() -> None:
    """TC-4P3: S holds 7♠ K♥ only → legal = {7♠}; OPT four_player_undertrump_required=false → {7♠, K♥}."""
    assert tokens(position("7s Kh").legal_actions(S)) == {"7s"}
    relaxed = FOUR.replace(four_player_undertrump_required=False)
    assert tokens(position("7s Kh", relaxed).legal_actions(S)) == {"7s", "Kh"}


def test_following_suit_after_a_trump_may_play_any_card_of_the_suit() -> None:
    """R-4P-4: once the trick is trumped a follower cannot win by following: any card of the led suit."""
    deal = FourHandedDeal.from_position(
        FOUR,
        dealer=W,
        trump_card=parse_card("As"),
        hands=[parse_cards("Kd Jc"), parse_cards("9s Qh"), parse_cards("Ad 7d"), parse_cards("As Td")],
        leader=N,
        trick=[(N, parse_card("Kd")), (E, parse_card("9s"))],
    )
    assert tokens(deal.legal_actions(S)) == {"Ad", "7d"}


def test_tc_4p4_scale() -> None:
    """TC-4P4: 104 → +2; 98 against 32 → +1 (default), +2 with loser_under_33; all tricks → +3 (and why)."""
    assert _winner_points(score_partnership_deal(FOUR, [0, 104, 26], [0, 6, 2])) == (1, 2)
    assert _winner_points(score_partnership_deal(FOUR, [0, 32, 98], [0, 2, 6])) == (2, 1)
    under = FOUR.replace(four_player_scale="loser_under_33")
    assert _winner_points(score_partnership_deal(under, [0, 32, 98], [0, 2, 6])) == (2, 2)
    assert _winner_points(score_partnership_deal(FOUR, [0, 130, 0], [0, 8, 0])) == (1, 3)
    assert _winner_points(score_partnership_deal(FOUR, [0, 70, 60], [0, 4, 4])) == (1, 1)
    assert score_partnership_deal(FOUR, [0, 104, 26], [0, 6, 2]).codes == ["played_out", "hundred"]
    assert score_partnership_deal(under, [0, 32, 98], [0, 2, 6]).codes == ["played_out", "schneider"]
    assert score_partnership_deal(FOUR, [0, 130, 0], [0, 8, 0]).codes == ["played_out", "schwarz"]


def _winner_points(scoring: Scoring) -> tuple[int | None, int]:
    return scoring.winner, scoring.game_points


def test_tc_4p4_all_tricks_by_play() -> None:
    """TC-4P4 by play: one side takes every trick of a deal and scores 3."""
    hands = {N: "As Ts Ks Qs Js 9s 8s 7s", S: "Ah Th Kh Qh Jh 9h 8h 7h"}  # N holds every trump
    deal = FourHandedDeal(deck_from_hands(hands, dealer=N, trump="7s"), dealer=N, rules=FOUR)
    assert deal.to_act == E
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.outcome is not None
    assert (deal.outcome.winner, deal.outcome.game_points, deal.outcome.points) == (1, 3, (130, 0))


def tied_deal_seed() -> int:
    """A seed whose deal, played with the first legal card each time, ends 65-65."""
    for seed in range(20000):
        deal = FourHandedDeal(shuffled_deck(FOUR, seed), dealer=4, rules=FOUR)
        while not deal.is_over:
            deal.apply(deal.legal_actions()[0])
        if deal.outcome is not None and deal.outcome.winner is None:
            return seed
    raise AssertionError("no 65-65 deal found")


def test_tc_4p5_tie_carries_a_point_to_the_next_winners() -> None:
    """TC-4P5: 65-65 scores nothing; the winners of the next hand get 1 more."""
    match = PartnershipMatch(FOUR, first_dealer=4)
    deal = match.new_deal(deck=shuffled_deck(FOUR, tied_deal_seed()))
    while not deal.is_over:
        match.apply(deal.legal_actions()[0])
    assert deal.outcome is not None and deal.outcome.termination is Termination.TIE
    assert deal.outcome.points == (65, 65) and match.score == (0, 0) and match.carried == 1
    nxt = match.new_deal(seed=5)
    while not nxt.is_over:
        match.apply(nxt.legal_actions()[0])
    assert nxt.outcome is not None and nxt.outcome.winner is not None
    winner = nxt.outcome.winner
    assert match.score[winner - 1] == nxt.outcome.game_points + 1 and match.carried == 0


def test_four_handed_deal_passes_to_the_left_and_match_ends_at_seven() -> None:
    match = create_match(FOUR)
    assert isinstance(match, PartnershipMatch)
    dealers = []
    while not match.is_over:
        dealers.append(match.next_dealer())
        deal = match.new_deal(seed=len(dealers))
        while not deal.is_over:
            match.apply(deal.legal_actions()[-1])
    assert dealers[:5] == [4, 1, 2, 3, 4]
    assert match.winner is not None and match.score[match.winner - 1] >= 7
    assert max(match.score) == match.score[match.winner - 1]


def test_ten_of_trumps_bonus_scores_and_wins_at_once() -> None:
    """R-4P-9 option: the ten of trumps is worth a game point; at 6 it wins at once."""
    rules = FOUR.replace(ten_of_trumps_bonus=True)
    hands = {N: "Ts As", S: "Ks"}
    deck = deck_from_hands(hands, dealer=W, trump="7s")
    deal = FourHandedDeal(deck, dealer=W, rules=rules)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    assert deal.outcome is not None and deal.outcome.bonus == (1, 0)
    match = PartnershipMatch(rules, first_dealer=W)
    match._score[1] = 6  # side 1 stands at 6 (reached in earlier deals)
    deal = match.new_deal(deck=deck)
    while not deal.is_over:
        match.apply(deal.legal_actions()[0])
    assert deal.outcome is not None and deal.outcome.termination is Termination.TEN_OF_TRUMPS
    assert deal.trick_count < 8 and match.winner == 1 and match.score[0] == 7


def test_four_handed_marriages_only_with_the_option() -> None:
    """R-4P-5: no marriages by default; with four_player_marriages the leader declares and leads K or Q."""
    hands = {E: "Kh Qh Ks Qs"}
    deck = deck_from_hands(hands, dealer=N, trump="7s")
    plain = FourHandedDeal(deck, dealer=N, rules=FOUR)
    assert not {"20h", "40s"} & tokens(plain.legal_actions())
    with pytest.raises(IllegalActionError, match="marriages do not score"):
        act(plain, E, "20h")
    married = FourHandedDeal(deck, dealer=N, rules=FOUR.replace(four_player_marriages=True))
    assert {"20h", "40s"} <= tokens(married.legal_actions())
    act(married, E, "40s")
    assert tokens(married.legal_actions()) == {"Ks", "Qs"}
    assert married.pending[2] == 40 and married.score[2] == 0  # counts with side 2's first trick


def test_four_handed_illegal_input_changes_nothing() -> None:
    deal = FourHandedDeal.shuffled(seed=9, dealer=2)
    act(deal, deal.to_act or 0, str(deal.legal_actions()[0]))
    snapshot = (deal.hands[:], deal.trick[:], deal.history[:], deal.stage, deal.winning)
    seat = deal.to_act or 0
    wrong = [c for c in range(32) if deal.hands[seat] & BIT[c] and c not in deal.legal_actions()]
    not_held = next(c for c in range(32) if not deal.hands[seat] & BIT[c])
    for action, seat_ in [*((w, seat) for w in wrong), (not_held, seat), (0, seat % 4 + 1), (40, seat), (99, seat)]:
        with pytest.raises(IllegalActionError):
            deal.apply(action, seat_)
    assert (deal.hands, deal.trick, deal.history, deal.stage, deal.winning) == snapshot


def test_variant_rules_are_checked() -> None:
    with pytest.raises(RulesError, match="players=4"):
        Rules.preset("four66").replace(deck=24, hand_size=6)
    with pytest.raises(RulesError, match="players=3"):
        THREE.replace(deck=32, hand_size=8)
    with pytest.raises(DealError):
        FourHandedDeal(shuffled_deck(THREE, 1), dealer=1, rules=FOUR)
    with pytest.raises(DealError, match="four-player rules"):
        FourHandedDeal(shuffled_deck(FOUR, 1), dealer=1, rules=THREE)
    with pytest.raises(MatchError, match="create_match"):
        Match(THREE)
    assert Rules.preset("three66").options() == {} and Rules.from_options("four66", {"players": "4"}) == FOUR
