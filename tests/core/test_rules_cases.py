"""Acceptance test cases of rules.md §6 for the two-player game (TC-01 … TC-56, TC-S1 … TC-S6).

Every position is reached by play: a real deck is built for the case (see :func:`build_deck` and
:func:`scripted_deal`) and every action goes through :meth:`Deal.apply`. Seats are 1 and 2; unless
a test says otherwise seat 2 deals, so seat 1 is P1 (the forehand) of the spec.

Scripts are written like the actions of a 66R record: ``S:TOKEN`` with the acting seat, e.g.
``"1:20h 1:Kh 2:Ah"``. As in records, the draw after a phase-1 trick is not written: :func:`play`
draws by itself before the next action, unless that action is ``CB``, ``66`` or an explicit ``draw``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from sixtysix import Action, Deal, IllegalActionError, Match, Rules, Stage, Termination
from sixtysix.core.cards import cards_of, parse_card, parse_cards, suit_of
from sixtysix.core.facts import game_points
from sixtysix.core.record import Record, replay

SEED = Rules.preset("seed66")
SCHNAPSEN = Rules.preset("schnapsen")


# -- helpers -------------------------------------------------------------------------------------------------


def cards(text: str) -> list[int]:
    """Blank-separated card names as a list of cards, in the order given."""
    return [parse_card(t) for t in text.split()]


def build_deck(forehand: str, dealer_hand: str, trump: str, stock: str = "", rules: Rules = SEED) -> list[int]:
    """A deck in record layout: forehand's hand, dealer's hand, the turned-up trump card, then the stock.

    ``stock`` lists the top of the stock (first drawn first); one ``...`` in it stands for the cards not
    named anywhere, in card order; without ``...`` they follow the named stock cards. A hand given with
    fewer than ``hand_size`` cards is filled up the same way, before the stock.
    """
    h = rules.hand_size
    named = (
        cards(forehand)
        + cards(dealer_hand)
        + [parse_card(trump)]
        + [parse_card(t) for t in stock.split() if t != "..."]
    )
    assert len(named) == len(set(named)), "a card is named twice"
    rest = [c for c in cards_of(rules.pack) if c not in named]
    fore, deal_hand = cards(forehand), cards(dealer_hand)
    for hand in (fore, deal_hand):
        while len(hand) < h:
            hand.append(rest.pop(0))
        assert len(hand) == h, "too many cards in a hand"
    tokens = stock.split()
    if "..." not in tokens:
        tokens.append("...")
    i = tokens.index("...")
    talon = cards(" ".join(tokens[:i])) + rest + cards(" ".join(tokens[i + 1 :]))
    deck = fore + deal_hand + [parse_card(trump)] + talon
    assert len(deck) == rules.deck
    return deck


def parse_script(script: str) -> list[tuple[int, str]]:
    steps = []
    for item in script.split():
        seat, _, token = item.partition(":")
        steps.append((int(seat), token))
    return steps


def play(deal: Deal, script: str) -> None:
    """Apply ``S:TOKEN`` actions through :meth:`Deal.apply`, each checked to be legal for seat S.

    Right after a phase-1 trick (stage BEFORE_DRAW) any action but ``CB``, ``66`` and ``draw`` first
    takes the draw, as the replay of a record does.
    """
    for seat, token in parse_script(script):
        action = Action.parse(token)
        if deal.stage == Stage.BEFORE_DRAW and token.lower() not in ("cb", "66", "draw"):
            deal.apply(Action.parse("draw"), deal.leader)
        deal.apply(action, seat)


def _beats(follow: int, lead: int, trump: int) -> bool:
    """Whether the follower's card wins the trick."""
    if suit_of(follow) == suit_of(lead):
        return follow < lead  # lower index = higher card
    return suit_of(follow) == trump


def scripted_deal(
    script: str,
    trump: str,
    *,
    dealer: int = 2,
    rules: Rules = SEED,
    hold1: str = "",
    hold2: str = "",
    talon: str = "",
) -> Deal:
    """A fresh deal whose deck lets ``script`` be played as written.

    The deck is worked out from the script: each seat is dealt, or draws in time, every card it plays or
    shows (marriages, the exchange card), in the order it needs them, and the cards of ``hold1`` /
    ``hold2`` that it must still hold when the script ends. The trump card turned up is ``trump``; after
    an exchange the face-up card changes as in play. Undrawn stock cards start with ``talon``; every card
    not placed otherwise fills the remaining places in card order.
    The script is not checked here; :func:`play` checks every action against the engine.
    """
    h = rules.hand_size
    trump_card = parse_card(trump)
    trump_suit = suit_of(trump_card)
    exchange_card = trump_suit * 8 + rules.exchange_rank_index
    forehand = 3 - dealer
    draws_total = (rules.deck - 2 * h) // 2  # the last draw takes the face-up card
    needs: dict[int, list[tuple[int, int]]] = {1: [], 2: []}  # (tricks done, card)
    given: dict[int, set[int]] = {1: set(), 2: set()}  # cards got from the face-up place
    draws: list[tuple[int, int]] = []  # (winner, loser) of each draw
    face_up = trump_card
    leader, trick, done, closed, pending_draw = forehand, [], 0, False, False

    def need(seat: int, card: int) -> None:
        if card not in given[seat] and all(c != card for _, c in needs[seat]):
            needs[seat].append((done, card))

    def take_draw() -> None:
        nonlocal pending_draw
        pending_draw = False
        draws.append((leader, 3 - leader))
        if len(draws) == draws_total:
            given[3 - leader].add(face_up)

    def draw_is_automatic() -> bool:
        talon_now = rules.deck - 2 * h - 2 * len(draws)
        return not (rules.close_allowed and rules.close_before_draw and talon_now >= rules.close_min_talon)

    for seat, token in parse_script(script):
        t = token.lower()
        if pending_draw:
            if t == "cb":
                pending_draw = False
            elif t != "66":
                take_draw()
        if t in ("c", "cb"):
            closed = True
        elif t == "x":
            need(seat, exchange_card)
            given[seat].add(face_up)
            face_up = exchange_card
        elif t[:2] in ("20", "40") and len(t) == 3:
            suit = "cdhs".index(t[2])
            need(seat, suit * 8 + 2)  # king
            need(seat, suit * 8 + 3)  # queen
        elif t not in ("66", "draw"):
            card = parse_card(t)
            need(seat, card)
            trick.append((seat, card))
            if len(trick) == 2:
                (lead_seat, lead), (follow_seat, follow) = trick
                leader = follow_seat if _beats(follow, lead, trump_suit) else lead_seat
                trick, done = [], done + 1
                pending_draw = not closed and len(draws) < draws_total
                if pending_draw and draw_is_automatic():
                    take_draw()
    end = 10**6
    for seat, held in ((1, hold1), (2, hold2)):
        for card in cards(held):
            if card not in given[seat] and all(c != card for _, c in needs[seat]):
                needs[seat].append((end, card))

    # Each seat's places: h dealt cards (available at 0), then one per draw (available after that trick).
    stock: dict[int, int] = {}
    hands: dict[int, list[int | None]] = {1: [None] * h, 2: [None] * h}
    for seat in (1, 2):
        places: list[tuple[int, str, int]] = [(0, "hand", i) for i in range(h)]
        for k, (winner, _loser) in enumerate(draws):
            if seat == winner:
                places.append((k + 1, "stock", 2 * k))
            elif k + 1 < draws_total:
                places.append((k + 1, "stock", 2 * k + 1))
        todo = sorted(needs[seat], key=lambda tc: tc[0])
        assert len(todo) <= len(places), f"seat {seat} needs more cards than it can hold"
        for (when, card), (avail, where, index) in zip(todo, places, strict=False):
            assert avail <= when, f"seat {seat} cannot hold {card} in time"
            if where == "hand":
                hands[seat][index] = card
            else:
                stock[index] = card
    placed = set(stock.values()) | {c for s in (1, 2) for c in hands[s] if c is not None} | {trump_card}
    placed |= given[1] | given[2]
    rest = [c for c in cards(talon) if c not in placed]
    rest += [c for c in cards_of(rules.pack) if c not in placed and c not in rest]
    stock_size = rules.deck - 2 * h - 1
    # Undrawn stock places (at the bottom) take ``talon`` first; then the hands and the other places.
    drawn_places = {2 * k for k in range(len(draws))} | {2 * k + 1 for k in range(min(len(draws), draws_total - 1))}
    order = [i for i in range(stock_size) if i not in drawn_places]
    for i in order:
        if i not in stock:
            stock[i] = rest.pop(0)
    for seat in (1, 2):
        hands[seat] = [c if c is not None else rest.pop(0) for c in hands[seat]]
    for i in range(stock_size):
        if i not in stock:
            stock[i] = rest.pop(0)
    assert not rest
    deck = [c for c in hands[forehand] if c is not None] + [c for c in hands[dealer] if c is not None]
    deck += [trump_card] + [stock[i] for i in range(stock_size)]
    return Deal(deck, dealer, rules)


def run(script: str, trump: str, **kw: Any) -> Deal:
    """:func:`scripted_deal` for ``script``, then play all of it."""
    deal = scripted_deal(script, trump, **kw)
    play(deal, script)
    return deal


def tokens(actions: list[Action]) -> set[str]:
    return {str(a) for a in actions}


def legal(deal: Deal, seat: int | None = None) -> set[str]:
    return tokens(deal.legal_actions(seat))


def hand(deal: Deal, seat: int) -> set[str]:
    return {str(Action.play(c)) for c in cards_of(deal.hand(seat))}


def winning_prefix(p1_later: str, p2_later: str, trump: str) -> str:
    """Six phase-1 tricks, all led and won by seat 1, made of the cards not in the two later sets.

    After them and the draws (seat 1 drawing first; the script ends with the last draw) seat 1 holds
    ``p1_later`` and seat 2 ``p2_later``, which must contain ``trump``, the face-up card seat 2 takes last.
    """
    later = set(cards(p1_later)) | set(cards(p2_later))
    assert parse_card(trump) in cards(p2_later) and len(later) == 12
    trump_suit = suit_of(parse_card(trump))
    free = [c for c in cards_of(SEED.pack) if c not in later]

    def pair(left: list[int]) -> list[tuple[int, int]] | None:
        if not left:
            return []
        first, others = left[0], left[1:]
        for other in others:
            rest = [c for c in others if c != other]
            for lead, follow in ((first, other), (other, first)):
                if not _beats(follow, lead, trump_suit):
                    found = pair(rest)
                    if found is not None:
                        return [(lead, follow), *found]
        return None

    tricks = pair(free)
    assert tricks is not None
    return " ".join(f"1:{Action.play(a)} 2:{Action.play(b)}" for a, b in tricks) + " 1:draw"


# -- cards, deal, tricks ---------------------------------------------------------------------------------------


def _one_trick(trump: str, lead: str, follow: str) -> Deal:
    """P1 leads ``lead``, P2 plays ``follow`` (phase 1); the rest of the deck in card order."""
    deal = Deal(build_deck(lead, follow, trump), dealer=2)
    play(deal, f"1:{lead} 2:{follow}")
    assert deal.stage == Stage.BEFORE_DRAW and deal.to_act == deal.leader
    return deal


def test_tc01_card_values() -> None:
    """TC-01: trump ♥; P1 leads A♣, P2 plays T♣ → P1 wins the trick and scores 21."""
    deal = _one_trick("Jh", "Ac", "Tc")
    assert deal.leader == 1 and deal.scores() == (21, 0) and deal.trick_counts() == (1, 0)


def test_tc02_higher_of_the_suit_wins() -> None:
    """TC-02: trump ♠; P1 leads K♥, P2 plays A♥ → P2 wins, +15."""
    deal = _one_trick("Js", "Kh", "Ah")
    assert deal.leader == 2 and deal.scores() == (0, 15) and deal.trick_counts() == (0, 1)


def test_tc03_off_suit_discard_loses() -> None:
    """TC-03: trump ♠; P1 leads 9♦, P2 plays A♣ → P1 wins, +11 (a 0-point lead can win an ace)."""
    deal = _one_trick("Js", "9d", "Ac")
    assert deal.leader == 1 and deal.scores() == (11, 0) and deal.trick_counts() == (1, 0)


def test_tc04_trump_wins() -> None:
    """TC-04: trump ♠; P1 leads A♥, P2 plays 9♠ → P2 wins, +11."""
    deal = _one_trick("Js", "Ah", "9s")
    assert deal.leader == 2 and deal.scores() == (0, 11) and deal.trick_counts() == (0, 1)


def test_tc05_trump_against_trump() -> None:
    """TC-05: trump ♠; P1 leads J♠, P2 plays Q♠ → P2 wins, +5."""
    deal = _one_trick("Ts", "Js", "Qs")
    assert deal.leader == 2 and deal.scores() == (0, 5) and deal.trick_counts() == (0, 1)


def test_tc01_card_values_sum_to_120() -> None:
    """TC-01 (R-CARD-2): A 11, T 10, K 4, Q 3, J 2, 9 0; the pack holds 120 points."""
    assert SEED.total_points == 120
    assert [SEED.points[c] for c in cards("Ah Th Kh Qh Jh 9h")] == [11, 10, 4, 3, 2, 0]


@pytest.mark.parametrize("dealer", [1, 2])
def test_tc06_deal_shape(dealer: int) -> None:
    """TC-06: 6 cards each, one card face up, talon 12 (11 + trump card), trump = its suit, P1 to lead."""
    deck = build_deck("Ah Kh Qh Jh 9h Th", "Ac Tc Kc Qc Jc 9c", "Qs")
    deal = Deal(deck, dealer=dealer)
    forehand = 3 - dealer
    assert deal.hand(forehand) == parse_cards("Ah Kh Qh Jh 9h Th")
    assert deal.hand(dealer) == parse_cards("Ac Tc Kc Qc Jc 9c")
    assert deal.trump_card_name == "Qs" and deal.trump == suit_of(parse_card("Qs"))
    assert deal.talon_size == 12 and len(deal.stock) == 11
    assert deal.to_act == forehand and deal.stage == Stage.LEAD
    assert not deal.phase2 and deal.trick_counts() == (0, 0)


def test_tc07_phase1_freedom() -> None:
    """TC-07: talon 8, not closed; P1 leads A♥; P2 holds {K♥, 9♠, J♣, T♦, Q♣, A♠} → all six legal."""
    script = "1:Jd 2:9d 1:Kd 2:9c 1:Ah"
    deal = run(script, "Ks", hold2="Kh 9s Jc Td Qc As")
    assert deal.talon_size == 8 and not deal.closed
    assert hand(deal, 2) == {"Kh", "9s", "Jc", "Td", "Qc", "As"}
    assert legal(deal) == {"Kh", "9s", "Jc", "Td", "Qc", "As"}


def test_tc08_draw_order() -> None:
    """TC-08: talon J♦, A♣, …, Q♠ face up; P2 wins trick 1 → P2 gets J♦, P1 gets A♣; talon 10; P2 leads."""
    deal = Deal(build_deck("9h Kc Qc Jc 9c Td", "Ah Kd Qd 9d Th Kh", "Qs", "Jd Ac ..."), dealer=2)
    play(deal, "1:9h 2:Ah")
    assert deal.stage == Stage.BEFORE_DRAW and deal.talon_size == 12
    play(deal, "2:draw")
    assert "Jd" in hand(deal, 2) and "Ac" in hand(deal, 1)
    assert deal.talon_size == 10
    assert deal.to_act == 2 and deal.stage == Stage.LEAD


# P1 wins tricks 1-6; the last face-down card is T♥, the face-up card Q♠.
_TC09_TRICKS = "1:Ac 2:9h 1:Tc 2:Jh 1:Kc 2:Qh 1:Qc 2:Kh 1:Ad 2:Ah 1:Td 2:9d"


def test_tc09_last_draw() -> None:
    """TC-09: before the draw after trick 6 the talon is T♥, Q♠ (face up); P1 won trick 6 → P1 gets T♥,
    P2 gets Q♠; talon empty; phase 2; P1 leads trick 7."""
    deal = Deal(
        build_deck("Ac Tc Kc Qc Ad Td", "9h Jh Qh Kh Ah 9d", "Qs", "Jc 9c Kd Qd Jd As Ts Ks Js 9s Th"), dealer=2
    )
    play(deal, _TC09_TRICKS)
    assert deal.stage == Stage.BEFORE_DRAW and deal.talon_size == 2
    assert deal.stock[deal.stock_pos] == parse_card("Th")
    play(deal, "1:draw")
    assert "Th" in hand(deal, 1) and "Qs" in hand(deal, 2)
    assert deal.talon_size == 0 and deal.phase2
    assert deal.to_act == 1 and deal.stage == Stage.LEAD and deal.trick_count == 6


def test_tc09_last_draw_after_exchange() -> None:
    """TC-09: the same with 9♠ face up after an exchange: the loser of trick 6 receives 9♠."""
    deal = Deal(
        build_deck("Ac Tc Kc Qc Ad Td", "9h Jh Qh Kh Ah 9d", "Qs", "9s Jc 9c Kd Qd Jd As Ts Ks Js Th"), dealer=2
    )
    play(deal, "1:Ac 2:9h 1:X")  # P1 drew 9♠ after trick 1 and exchanges it for Q♠
    assert "Qs" in hand(deal, 1) and deal.face_up == parse_card("9s")
    play(deal, "1:Tc 2:Jh 1:Kc 2:Qh 1:Qc 2:Kh 1:Ad 2:Ah 1:Td 2:9d 1:draw")
    assert "Th" in hand(deal, 1) and "9s" in hand(deal, 2)
    assert deal.talon_size == 0 and deal.phase2 and deal.to_act == 1


# -- phase 2 obligations --------------------------------------------------------------------------------------

# (P1's cards at the test, P2's cards at the test, tricks P1 leads and wins first, P1's lead, trump, legal)
_PHASE2_CASES = {
    "TC-10": ("Kh Kc Kd Ks", "Ah Qh 9s Jc", [("Ac", "9c"), ("Ad", "9d")], "Kh", "s", {"Ah"}),
    "TC-11": ("Ah Kd Qd Jd", "Qh 9h Ts Kc", [("Ac", "9c"), ("Ad", "9d")], "Ah", "s", {"Qh", "9h"}),
    "TC-12": ("Kh Kc Qc Jc", "9s Js Ac Td", [("Ah", "9h"), ("Ad", "9d")], "Kh", "s", {"9s", "Js"}),
    "TC-13": ("Qs Kd Qd", "Ks Js Ah", [("Ac", "9c"), ("Ad", "9d"), ("Kc", "Jc")], "Qs", "s", {"Ks"}),
    "TC-14": ("As Kd Qd", "Ts 9s Ah", [("Ac", "9c"), ("Ad", "9d"), ("Kc", "Jc")], "As", "s", {"Ts", "9s"}),
    "TC-15": ("Kh Kd", "Ac Td", [("As", "9s"), ("Ah", "9h"), ("Ad", "9d"), ("Qh", "Jh")], "Kh", "s", {"Ac", "Td"}),
}


def _phase2_position(p1: str, p2: str, burns: list[tuple[str, str]], trump_suit: str, route: str) -> Deal:
    """A deal where P1 is on lead in phase 2 holding ``p1`` and P2 holds ``p2``.

    ``route`` "closed": P1 closes on the first lead; "exhausted": six phase-1 tricks empty the talon.
    Either way P1 then wins the ``burns`` tricks (P1 leads, P2 follows legally and loses).
    """
    burn_p1 = " ".join(a for a, _ in burns)
    burn_p2 = " ".join(b for _, b in burns)
    burn_script = " ".join(f"1:{a} 2:{b}" for a, b in burns)
    in_hands = set(cards(f"{p1} {p2} {burn_p1} {burn_p2}"))
    if route == "closed":
        trump = next(
            Action.play(c) for c in cards_of(SEED.pack) if c not in in_hands and "cdhs"[suit_of(c)] == trump_suit
        )
        script = f"1:C {burn_script}"
    else:
        trump = next(Action.play(c) for c in reversed(cards(f"{p2} {burn_p2}")) if "cdhs"[suit_of(c)] == trump_suit)
        script = f"{winning_prefix(f'{p1} {burn_p1}', f'{p2} {burn_p2}', str(trump))} {burn_script}"
    deal = run(script, str(trump), hold1=p1, hold2=p2)
    assert deal.phase2 and deal.closed == (route == "closed") and deal.to_act == 1
    assert hand(deal, 1) == set(p1.split()) and hand(deal, 2) == set(p2.split())
    return deal


def _check_phase2_follow(tc: str, route: str) -> None:
    p1, p2, burns, lead, trump_suit, expected = _PHASE2_CASES[tc]
    deal = _phase2_position(p1, p2, burns, trump_suit, route)
    play(deal, f"1:{lead}")
    assert legal(deal) == expected, tc
    for token in set(p2.split()) - expected:
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse(token))
    play(deal, f"2:{min(expected)}")
    assert deal.trick_count == len(burns) + (6 if route == "exhausted" else 0) + 1


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc10_phase2_must_head(route: str) -> None:
    """TC-10: trump ♠, phase 2; P1 leads K♥; P2 holds {A♥, Q♥, 9♠, J♣} → legal = {A♥}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-10", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc11_phase2_cannot_head_plays_lower_card_of_the_suit_not_a_trump(route: str) -> None:
    """TC-11: P1 leads A♥; P2 holds {Q♥, 9♥, T♠, K♣} → legal = {Q♥, 9♥}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-11", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc12_phase2_void_must_trump(route: str) -> None:
    """TC-12: P1 leads K♥; P2 holds {9♠, J♠, A♣, T♦} → legal = {9♠, J♠}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-12", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc13_phase2_trump_led_must_play_higher_trump(route: str) -> None:
    """TC-13: P1 leads Q♠ (trump); P2 holds {K♠, J♠, A♥} → legal = {K♠}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-13", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc14_phase2_trump_led_cannot_beat(route: str) -> None:
    """TC-14: P1 leads A♠; P2 holds {T♠, 9♠, A♥} → legal = {T♠, 9♠}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-14", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc15_phase2_void_in_suit_and_trumps_plays_any_card(route: str) -> None:
    """TC-15: P1 leads K♥; P2 holds {A♣, T♦} → legal = {A♣, T♦}.
    Checked after closing and after exhaustion."""
    _check_phase2_follow("TC-15", route)


@pytest.mark.parametrize("route", ["closed", "exhausted"])
def test_tc16_phase2_leader_is_free(route: str) -> None:
    """TC-16: phase 2, P1 on lead with {A♠, K♥, 9♦} → any of the three may be led."""
    deal = _phase2_position("As Kh 9d", "Ks Qh Jd", [("Ac", "9c"), ("Tc", "Jc"), ("Ah", "9h")], "s", route)
    assert legal(deal) == {"As", "Kh", "9d", "66"}
    for token in ("As", "Kh", "9d"):
        trial = deal.copy()
        trial.apply(Action.parse(token))
        assert trial.stage == Stage.FOLLOW


# -- marriages ---------------------------------------------------------------------------------------------------


def test_tc17_pending_marriage_counts_with_first_trick() -> None:
    """TC-17: P1 declares ♥ on trick 1 and loses it (P2 +15, P1 0 with 20 pending); P1 then wins T♣ with
    9♠ → P1 = 10 + 20 = 30."""
    deal = scripted_deal("1:20h 1:Kh 2:Ah 2:Tc 1:9s", "Ks")
    play(deal, "1:20h 1:Kh 2:Ah")
    assert deal.scores() == (0, 15) and deal.pending_marriage_points(1) == 20
    play(deal, "2:Tc 1:9s")
    assert deal.scores() == (30, 15) and deal.pending_marriage_points(1) == 0
    assert deal.trick_counts() == (1, 1)


def test_tc18_marriage_counts_at_once_with_a_trick_won() -> None:
    """TC-18: P2 won trick 1 (15); on lead after the draw P2 declares ♠ leading Q♠ → 55 at once."""
    deal = scripted_deal("1:Kh 2:Ah 2:40s 2:Qs", "Ts")
    play(deal, "1:Kh 2:Ah")
    assert deal.scores() == (0, 15)
    play(deal, "2:40s")
    assert deal.scores() == (0, 55) and deal.pending_marriage_points(2) == 0
    play(deal, "2:Qs")
    assert deal.scores() == (0, 55) and deal.stage == Stage.FOLLOW and deal.to_act == 1


def test_tc19_follower_cannot_marry() -> None:
    """TC-19: P2, following, holds K♦ Q♦ and plays K♦ → no declare action offered, no bonus."""
    deal = scripted_deal("1:9d 2:Kd", "Ts", hold2="Qd")
    play(deal, "1:9d")
    assert {"Kd", "Qd"} <= legal(deal)
    assert not {"20d", "40d", "66"} & legal(deal)
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("20d"))
    play(deal, "2:Kd")
    assert deal.scores() == (0, 4) and deal.pending_marriage_points(2) == 0


def test_tc20_no_marriage_after_exhaustion() -> None:
    """TC-20: talon exhausted, P1 on lead with K♥ Q♥ → no declare action; leading K♥ scores only cards."""
    p1, p2 = "Kh Qh Ac Tc Kc Qc", "Jh 9h Jc 9c Kd Qs"
    deal = run(winning_prefix(p1, p2, "Qs"), "Qs", hold1=p1, hold2=p2)
    assert deal.phase2 and not deal.closed and hand(deal, 1) == set(p1.split())
    assert "20h" not in legal(deal)
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("20h"))
    before = deal.scores()[0]
    play(deal, "1:Kh 2:Jh")
    assert deal.scores()[0] == before + 4 + 2


@pytest.mark.parametrize("marriage_in_phase2", [False, True])
def test_tc21_no_marriage_after_closing(marriage_in_phase2: bool) -> None:
    """TC-21: P1 closes; on the same and on a later lead he holds K♦ Q♦ → no declare action.
    OPT marriage_in_phase2=true → allowed (and it counts once he has a trick)."""
    rules = SEED.replace(marriage_in_phase2=marriage_in_phase2)
    deal = scripted_deal("1:C 1:Ac 2:9c", "Js", rules=rules, hold1="Kd Qd")
    assert "20d" in legal(deal)  # before closing it may be declared (pending)
    play(deal, "1:C")
    assert ("20d" in legal(deal)) is marriage_in_phase2
    play(deal, "1:Ac 2:9c")
    assert deal.to_act == 1 and hand(deal, 1) >= {"Kd", "Qd"}
    assert ("20d" in legal(deal)) is marriage_in_phase2
    if marriage_in_phase2:
        play(deal, "1:20d")
        assert deal.scores() == (11 + 20, 0)
        assert legal(deal) == {"Kd", "Qd", "66"}
    else:
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("20d"))


def test_tc22_marriage_on_the_lead_of_trick_6() -> None:
    """TC-22: talon has 2 cards after trick 5's draw; the leader holds K♣ Q♣ (trump ♥) → may declare 20."""
    script = "1:Ad 2:9d 1:As 2:9s 1:Ah 2:9h 1:Td 2:Jd 1:Ts 2:Js 1:draw"
    deal = scripted_deal(script, "Qh", hold1="Kc Qc")
    play(deal, script)
    assert deal.talon_size == 2 and deal.trick_count == 5 and deal.to_act == 1
    assert "20c" in legal(deal)
    before = deal.scores()[0]
    play(deal, "1:20c")
    assert deal.scores()[0] == before + 20
    assert legal(deal) == {"Kc", "Qc", "66"}


def test_tc23_trickless_marriage_is_lost_schwarz() -> None:
    """TC-23: P1 declares 40 on trick 1 (K♠, shows Q♠); P2 wins with A♠ and tricks 2–4, claims with 70
    → P1 0 points and no trick → P2 +3."""
    script = "1:40s 1:Ks 2:As 2:Ac 1:Tc 2:Ad 1:Td 2:Ah 1:Jh 2:66"
    deal = run(script, "Js")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM
    assert out.winner == 2 and out.game_points == 3
    assert out.points == (0, 70) and out.tricks == (0, 4)
    assert deal.pending_marriage_points(1) == 40


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({}, {"Kd", "Qd", "66"}),
        ({"marriage_claim_without_lead": False}, {"Kd", "Qd"}),
        ({"marriage_lead_card": "king"}, {"Kd", "66"}),
    ],
)
def test_tc24_marriage_must_lead_one_of_the_pair(options: dict[str, object], expected: set[str]) -> None:
    """TC-24: after declaring ♦ the only legal leads are K♦ and Q♦ (or the claim of TC-47)."""
    rules = SEED.replace(**options)
    deal = scripted_deal("1:Ac 2:9c 1:20d", "Js", rules=rules, hold1="Kd Qd Ad Td")
    play(deal, "1:Ac 2:9c 1:20d")
    assert legal(deal) == expected
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("Ad"))


# -- trump nine -------------------------------------------------------------------------------------------------


def test_tc25_leader_exchange() -> None:
    """TC-25: Q♠ face up; P2 won trick 2, both drew (talon 8); P2 holds 9♠ → exchange legal; then P2 holds
    Q♠, the face-up card is 9♠, talon still 8, P2 still to lead."""
    deal = scripted_deal("1:Ah 2:9h 1:9c 2:Ac 2:X", "Qs")
    play(deal, "1:Ah 2:9h 1:9c 2:Ac 2:draw")
    assert deal.talon_size == 8 and deal.to_act == 2
    assert "X" in legal(deal)
    play(deal, "2:X")
    assert "Qs" in hand(deal, 2) and "9s" not in hand(deal, 2)
    assert deal.face_up == parse_card("9s") and deal.talon_size == 8
    assert deal.to_act == 2 and deal.stage == Stage.LEAD


@pytest.mark.parametrize("first_lead_exchange", [False, True])
def test_tc26_no_exchange_on_the_first_lead(first_lead_exchange: bool) -> None:
    """TC-26: P1 holds 9♠ before trick 1 → exchange not legal. OPT first_lead_exchange=true → legal."""
    rules = SEED.replace(first_lead_exchange=first_lead_exchange)
    deal = Deal(build_deck("9s Ah Kh Qh Jh 9h", "", "Qs"), dealer=2, rules=rules)
    assert ("X" in legal(deal)) is first_lead_exchange
    if first_lead_exchange:
        play(deal, "1:X")
        assert "Qs" in hand(deal, 1) and deal.face_up == parse_card("9s")
    else:
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("X"))


@pytest.mark.parametrize(
    ("rule", "allowed"), [("seed", True), ("leader_with_trick", False), ("trick_anytime", True), ("leader_any", False)]
)
def test_tc27_exchange_by_the_player_not_on_lead(rule: str, allowed: bool) -> None:
    """TC-27: P1 won trick 1, P2 won trick 2; after trick 2's draw P1 holds 9♠ → default: P1 may exchange
    before P2 leads. OPT nine_exchange_rule=leader_with_trick → not legal."""
    rules = SEED.replace(nine_exchange_rule=rule)
    deal = scripted_deal("1:Ah 2:9h 1:9c 2:Ac 1:X", "Qs", rules=rules)
    play(deal, "1:Ah 2:9h 1:9c 2:Ac 2:draw")
    assert deal.to_act == 2 and "9s" in hand(deal, 1)
    assert (legal(deal, 1) == {"X", "pass"}) is allowed  # ``pass`` declines the offer
    if allowed:
        play(deal, "1:X")
        assert "Qs" in hand(deal, 1) and deal.face_up == parse_card("9s")
        assert deal.to_act == 2 and deal.stage == Stage.LEAD
        assert legal(deal, 1) == set()
        declined = scripted_deal("1:Ah 2:9h 1:9c 2:Ac 2:draw", "Qs", rules=rules, hold1="9s")
        play(declined, "1:Ah 2:9h 1:9c 2:Ac 2:draw 1:pass")
        assert legal(declined, 1) == set() and declined.to_act == 2
    else:
        assert legal(deal, 1) == set()
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("X"), 1)


@pytest.mark.parametrize("rule", ["seed", "trick_anytime"])
def test_tc28_no_exchange_in_the_middle_of_a_trick(rule: str) -> None:
    """TC-28: P1 has led; P2 (who won trick 1) holds 9♠ → exchange not legal now.
    OPT trick_anytime → legal before P2 plays his card."""
    rules = SEED.replace(nine_exchange_rule=rule)
    deal = scripted_deal("1:9c 2:Ac 2:9h 1:Ah 1:Kh", "Qs", rules=rules, hold2="9s Jh")
    play(deal, "1:9c 2:Ac 2:9h 1:Ah 1:Kh")
    assert deal.stage == Stage.FOLLOW and deal.to_act == 2 and deal.trick_counts() == (1, 1)
    if rule == "seed":
        assert "X" not in legal(deal)
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("X"))
    else:
        assert "X" in legal(deal)
        play(deal, "2:X")
        assert "Qs" in hand(deal, 2) and deal.stage == Stage.FOLLOW and deal.to_act == 2
        play(deal, "2:Jh")
        assert deal.trick_counts() == (2, 1)


def test_tc29_no_exchange_after_exhaustion() -> None:
    """TC-29: after trick 6's draw (talon empty) a player holding 9♠ cannot exchange."""
    p1, p2 = "9s Ac Tc Kc Qc Jc", "Jh 9h 9c Kd Qd Qs"
    deal = run(winning_prefix(p1, p2, "Qs"), "Qs", hold1=p1, hold2=p2)
    assert deal.talon_size == 0 and "9s" in hand(deal, 1) and deal.to_act == 1
    assert "X" not in legal(deal) and legal(deal, 2) == set()
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("X"))


@pytest.mark.parametrize("rule", ["seed", "trick_anytime"])
def test_tc29_no_exchange_after_exhaustion_by_the_player_not_on_lead(rule: str) -> None:
    """TC-29: P1 has tricks and holds 9♠ after the last draw but P2 leads → no exchange window, and none
    before following either (``trick_anytime``)."""
    script = "1:Ah 2:Th 1:As 2:Ts 1:Kh 2:Qh 1:Jh 2:9h 1:Jd 2:9d 1:Tc 2:Ac 2:draw"
    deal = run(script, "Qs", rules=SEED.replace(nine_exchange_rule=rule), hold1="9s")
    assert deal.talon_size == 0 and deal.to_act == 2 and "Qs" in hand(deal, 1) and "9s" in hand(deal, 1)
    assert deal.trick_counts() == (5, 1)
    assert legal(deal, 1) == set() and "X" not in legal(deal)
    play(deal, "2:Ad")
    assert "X" not in legal(deal)


@pytest.mark.parametrize("p2_has_trick", [False, True])
@pytest.mark.parametrize("exchange_on_close", [False, True])
def test_tc30_no_exchange_after_closing(p2_has_trick: bool, exchange_on_close: bool) -> None:
    """TC-30: P1 closes; P2 holds 9♠ (with or without a trick) → cannot exchange.
    OPT exchange_on_close=true → at the moment P1 closes P2 may swap 9♠ for the face-up card, even without
    a trick, before it is turned down."""
    rules = SEED.replace(exchange_on_close=exchange_on_close)
    before = "1:9c 2:Ac 2:9h 1:Ah" if p2_has_trick else "1:Ah 2:9h"
    deal = scripted_deal(f"{before} 1:C 1:Kh", "Qs", rules=rules, hold2="9s")
    play(deal, f"{before} 1:C")
    assert deal.closed and deal.to_act == 1 and "9s" in hand(deal, 2)
    assert deal.trick_counts()[1] == (1 if p2_has_trick else 0)
    if exchange_on_close:
        assert legal(deal, 2) == {"X", "pass"}
        play(deal, "2:X")
        assert "Qs" in hand(deal, 2) and deal.face_up == parse_card("9s")
    else:
        assert legal(deal, 2) == set()
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("X"), 2)
    play(deal, "1:Kh")
    assert "X" not in legal(deal)


def test_tc31_exchange_then_close() -> None:
    """TC-31: after the draw P1 (on lead, has a trick) exchanges 9♠ for A♠, then closes → both legal;
    A♠ in P1's hand; 9♠ turned face down on the talon."""
    deal = scripted_deal("1:Ah 2:9h 1:X 1:C", "As", hold1="9s")
    play(deal, "1:Ah 2:9h 1:draw")
    assert {"X", "C"} <= legal(deal)
    play(deal, "1:X")
    assert "C" in legal(deal)
    play(deal, "1:C")
    assert "As" in hand(deal, 1) and "9s" not in hand(deal, 1)
    assert deal.closed and deal.face_up == parse_card("9s") and deal.talon_size == 10
    assert "X" not in legal(deal) and deal.to_act == 1


# -- closing -------------------------------------------------------------------------------------------------------


def test_tc32_close_before_drawing() -> None:
    """TC-32: P1 wins trick 3 (talon 8) and closes before drawing → nobody draws, 5 cards each, tricks 4–8
    under phase-2 rules, 8 cards stay in the talon, no last-trick bonus."""
    first = "1:Ah 2:9h 1:Ac 2:9c 1:Ad 2:9d"
    rest = "1:Kh 2:Th 2:Jd 1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Qd 2:Jh"
    deal = scripted_deal(f"{first} 1:CB {rest}", "Js", hold1="Qd")
    play(deal, first)
    assert deal.talon_size == 8 and deal.stage == Stage.BEFORE_DRAW
    play(deal, "1:CB")
    assert deal.closed and deal.talon_size == 8
    assert len(hand(deal, 1)) == 5 and len(hand(deal, 2)) == 5
    play(deal, "1:Kh")
    assert legal(deal) == {"Th"}  # must head
    play(deal, "2:Th 2:Jd")
    assert legal(deal) == {"Td", "Qd"}
    play(deal, "1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Qd 2:Jh")
    out = deal.outcome
    assert out is not None and deal.trick_count == 8 and deal.talon_size == 8
    assert out.points == (72, 14)  # 86 card points in the 8 tricks; no +10
    assert out.termination == Termination.PLAYED_OUT and out.winner == 1 and out.game_points == 3


def test_tc33_close_after_drawing() -> None:
    """TC-33: P1 wins trick 3, both draw (talon 6), P1 closes → 6 cards each; tricks 4–9 under phase-2 rules."""
    first = "1:Ah 2:9h 1:Ac 2:9c 1:Ad 2:9d"
    rest = "1:Kh 2:Th 2:Jd 1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Jc 2:9s 2:Jh 1:Qd"
    deal = scripted_deal(f"{first} 1:C {rest}", "Js")
    play(deal, f"{first} 1:draw")
    assert deal.talon_size == 6
    play(deal, "1:C")
    assert deal.closed and len(hand(deal, 1)) == 6 and len(hand(deal, 2)) == 6
    play(deal, "1:Kh")
    assert legal(deal) == {"Th"}
    play(deal, "2:Th 2:Jd 1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Jc")
    assert legal(deal) == {"9s"}  # void in clubs: must trump
    play(deal, "2:9s 2:Jh")
    assert legal(deal) == {"Qd"}
    play(deal, "1:Qd")
    out = deal.outcome
    assert out is not None and deal.trick_count == 9 and deal.talon_size == 6
    assert out.points == (67, 21)
    assert out.termination == Termination.PLAYED_OUT and out.winner == 1 and out.game_points == 3


@pytest.mark.parametrize("first_lead_close", [True, False])
def test_tc34_close_on_the_first_lead(first_lead_close: bool) -> None:
    """TC-34: before trick 1 P1 closes → legal; 6 tricks under phase-2 rules.
    OPT first_lead_close=false → illegal."""
    rules = SEED.replace(first_lead_close=first_lead_close)
    script = "1:C 1:Kh 2:Th 2:Jd 1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Ah 2:Jh 1:Qd 2:9s"
    deal = scripted_deal(script, "Js", rules=rules)
    assert ("C" in legal(deal)) is first_lead_close
    if not first_lead_close:
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("C"))
        return
    play(deal, "1:C 1:Kh")
    assert legal(deal) == {"Th"}
    play(deal, "2:Th 2:Jd 1:Td 1:As 2:Ks 1:Kc 2:Qc 1:Ah 2:Jh 1:Qd")
    assert legal(deal) == {"9s"}
    play(deal, "2:9s")
    out = deal.outcome
    assert out is not None and deal.trick_count == 6
    assert out.points == (47, 17)
    assert out.termination == Termination.CLOSER_FAILED and out.winner == 2 and out.game_points == 3


_FIVE_TRICKS = "1:Ad 2:9d 1:As 2:9s 1:Ah 2:9h 1:Td 2:Jd 1:Ts 2:Js"


@pytest.mark.parametrize(("close_min_talon", "allowed"), [(2, True), (4, False)])
def test_tc35_close_with_the_talon_at_2(close_min_talon: int, allowed: bool) -> None:
    """TC-35: after trick 5's draw (talon 2) the leader closes → legal. OPT close_min_talon=4 → illegal."""
    rules = SEED.replace(close_min_talon=close_min_talon)
    deal = scripted_deal(f"{_FIVE_TRICKS} 1:draw", "Qh", rules=rules)
    play(deal, _FIVE_TRICKS)
    assert deal.talon_size == 4 and deal.stage == Stage.BEFORE_DRAW  # CB is possible at talon 4 either way
    play(deal, "1:draw")
    assert deal.talon_size == 2 and deal.to_act == 1
    assert ("C" in legal(deal)) is allowed
    if allowed:
        play(deal, "1:C")
        assert deal.closed and deal.talon_size == 2
    else:
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("C"))


@pytest.mark.parametrize(("close_min_talon", "allowed"), [(2, True), (4, False)])
def test_tc35_close_before_the_last_draw(close_min_talon: int, allowed: bool) -> None:
    """TC-35 / A5: closing before drawing after trick 6 (talon 2) is the smallest close; not with
    close_min_talon=4 (then the draw is automatic)."""
    rules = SEED.replace(close_min_talon=close_min_talon)
    six = f"{_FIVE_TRICKS} 1:Tc 2:9c"
    deal = scripted_deal(six, "Qh", rules=rules)
    play(deal, six)
    if allowed:
        assert deal.stage == Stage.BEFORE_DRAW and legal(deal) == {"CB", "66", "draw"}
        play(deal, "1:CB")
        assert deal.closed and deal.talon_size == 2 and len(hand(deal, 1)) == 5
    else:
        assert deal.stage == Stage.LEAD and deal.talon_size == 0 and len(hand(deal, 1)) == 6


# TC-36: P1 wins tricks 1–2 (25), closes while P2 has no trick; P2 takes A♦ over T♦ (21); P1 wins the rest to 70.
_TC36 = "1:Ah 2:9h 1:Th 2:Kh 1:C 1:Td 2:Ad 2:Tc 1:Ac 1:As 2:9s 1:Ts 2:Qs 1:66"


@pytest.mark.parametrize(("basis", "points"), [("at_close", 3), ("at_end", 2)])
def test_tc36_successful_close_scored_at_closing(basis: str, points: int) -> None:
    """TC-36: P1 won tricks 1–2 (25), P2 none; P1 closes; P2 wins trick 3 (A♦ over T♦: 21); P1 wins the
    rest, reaches 70, claims → P1 +3 (P2 had no trick at closing). OPT closer_win_basis=at_end → +2."""
    rules = SEED.replace(closer_win_basis=basis)
    deal = scripted_deal(_TC36, "Ks", rules=rules)
    play(deal, "1:Ah 2:9h 1:Th 2:Kh 1:C")
    assert deal.scores() == (25, 0) and deal.trick_counts() == (2, 0)
    play(deal, "1:Td")
    assert legal(deal) == {"Ad"}
    play(deal, "2:Ad")
    assert deal.scores() == (25, 21) and deal.trick_counts() == (2, 1)
    play(deal, "2:Tc 1:Ac 1:As 2:9s 1:Ts 2:Qs 1:66")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM
    assert out.winner == 1 and out.points == (70, 21) and out.game_points == points


# TC-37: P2 takes trick 1 with 9♠ (0), declares ♦ (20) and loses K♦ to A♦; P1 closes (P2: 20, 1 trick);
# P2 trumps T♣ with T♠ (40); P1 wins the rest to 68.
_TC37 = "1:9d 2:9s 2:20d 2:Kd 1:Ad 1:C 1:Tc 2:Ts 2:Qd 1:Td 1:Ah 2:9h 1:As 2:Ks 1:Th 2:Kh 1:66"


@pytest.mark.parametrize(("basis", "points"), [("at_close", 2), ("at_end", 1)])
def test_tc37_successful_close_two_against_one(basis: str, points: int) -> None:
    """TC-37: at closing P2 had 20 points (1 trick); at the claim P2 has 40; P1 claims with 68 → +2;
    OPT at_end → +1."""
    rules = SEED.replace(closer_win_basis=basis)
    deal = scripted_deal(_TC37, "Qs", rules=rules, hold2="Js")
    play(deal, "1:9d 2:9s 2:20d 2:Kd 1:Ad 1:C")
    assert deal.closed and deal.scores() == (15, 20) and deal.trick_counts() == (1, 1)
    play(deal, "1:Tc")
    assert legal(deal) == {"Ts", "Ks", "Js"}  # void in clubs: must trump
    play(deal, _TC37.split("1:Tc ", 1)[1])
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM
    assert out.winner == 1 and out.points == (68, 40) and out.game_points == points


# TC-38 / TC-42: P2 takes trick 1 (J♦ T♦: 12); P1 wins tricks 2–5 (58) and closes with the talon at 2
# (9♥ face down, 9♠ face up: no points are lost); P2 wins tricks 6–10, P1 the last (J♣ 9♣).
_TC38_PHASE1 = "1:Jd 2:Td 2:Th 1:Ah 1:As 2:Ts 1:Ad 2:9d 1:Qd 2:Jh"
_TC38_PHASE2 = "1:Tc 2:Ac 2:Kc 1:Qc 2:Kh 1:Qh 2:Ks 1:Qs 2:Js 1:Kd 2:9c 1:Jc"


def _tc38_deal() -> Deal:
    script = f"{_TC38_PHASE1} 1:draw 1:C {_TC38_PHASE2}"
    deal = scripted_deal(script, "9s", talon="9h")
    play(deal, f"{_TC38_PHASE1} 1:draw")
    assert deal.talon_size == 2 and deal.scores() == (58, 12) and deal.trick_counts() == (4, 1)
    play(deal, "1:C")
    return deal


def test_tc38_failed_close_cards_run_out() -> None:
    """TC-38: at closing P2 had 1 trick (12 points); all tricks played; final 60–60 (no bonus) → P2 +2."""
    deal = _tc38_deal()
    play(deal, _TC38_PHASE2)
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLOSER_FAILED
    assert out.points == (60, 60) and out.winner == 2 and out.game_points == 2


def test_tc39_failed_close_opponent_trickless_at_closing() -> None:
    """TC-39: as TC-38 but P2 had no trick when P1 closed; final P1 65, P2 55 → P2 +3."""
    phase1 = "1:Ah 2:Th 1:As 2:Ts 1:Td 2:Jd 1:Kd 2:Qd 1:Jh 2:9d"
    phase2 = "1:Tc 2:Ac 2:Kc 1:Qc 2:Kh 1:Qh 2:Ks 1:Qs 2:Js 1:Ad 2:9c 1:Jc"
    deal = scripted_deal(f"{phase1} 1:draw 1:C {phase2}", "9s", talon="9h")
    play(deal, f"{phase1} 1:C")
    assert deal.closed and deal.scores() == (63, 0) and deal.trick_counts() == (5, 0)
    play(deal, phase2)
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLOSER_FAILED
    assert out.points == (65, 55) and out.winner == 2 and out.game_points == 3


@pytest.mark.parametrize(
    ("p2_trick_at_close", "rule", "points"),
    [(False, "two_or_three", 3), (False, "flat_two", 2), (True, "two_or_three", 2), (True, "flat_two", 2)],
)
def test_tc40_closer_beaten_to_66(p2_trick_at_close: bool, rule: str, points: int) -> None:
    """TC-40: P1 closed when P2 had no trick; P2 later wins tricks, has 67 and claims → default P2 +3;
    OPT beaten_closer_points=flat_two → +2. If P2 had a trick at closing: 2 either way."""
    rules = SEED.replace(beaten_closer_points=rule)
    before = "1:9h 2:Jh 2:9c 1:Kc 1:draw" if p2_trick_at_close else ""
    script = f"{before} 1:C 1:Tc 2:Ac 2:Ah 1:Th 2:Ad 1:Td 2:Kd 1:9d 2:66".strip()
    deal = scripted_deal(script, "Qs", rules=rules)
    play(deal, script)
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM and out.claimant == 2
    assert out.points == (4 if p2_trick_at_close else 0, 69 if p2_trick_at_close else 67)
    assert out.winner == 2 and out.game_points == points


@pytest.mark.parametrize(
    ("p2_trick_at_close", "rule", "points"),
    [(True, "failed_close", 2), (False, "failed_close", 3), (True, "false_claim", 2), (False, "false_claim", 2)],
)
def test_tc41_closers_wrong_claim(p2_trick_at_close: bool, rule: str, points: int) -> None:
    """TC-41: P1 closed when P2 had 1 trick; P1 claims with 62 → P2 +2; if P2 had no trick at closing → +3.
    OPT closer_false_claim=false_claim → flat 2."""
    rules = SEED.replace(closer_false_claim=rule)
    before = "1:9h 2:Jh 2:Qh 1:Ah" if p2_trick_at_close else "1:Ah 2:Qh"
    script = f"{before} 1:draw 1:C 1:As 2:Ts 1:Ac 2:Tc 1:Kd 2:Jd 1:66"
    deal = scripted_deal(script, "Qs", rules=rules)
    play(deal, script)
    out = deal.outcome
    assert out is not None and out.termination == Termination.FALSE_CLAIM and out.claimant == 1
    assert out.points[0] == 62 and out.winner == 2 and out.game_points == points


def test_tc42_no_last_trick_bonus_in_a_closed_deal() -> None:
    """TC-42: closed deal; P1 (closer) has 58 and wins the final trick J♣ 9♣ → 60, not 70 → failed close."""
    deal = _tc38_deal()
    play(deal, _TC38_PHASE2.rsplit(" 2:9c", 1)[0])
    assert deal.scores()[0] == 58 and deal.trick_count == 10
    play(deal, "2:9c 1:Jc")
    out = deal.outcome
    assert out is not None and out.points[0] == 60
    assert out.termination == Termination.CLOSER_FAILED and out.winner == 2 and out.game_points == 2


# -- claims and end of deal -----------------------------------------------------------------------------------


def _tc43_script(p1_first_lead: str) -> str:
    # P2 trumps P1's first lead with T♠, declares ♥ (20) and loses K♥ to A♥; P1 wins three more: 68.
    return f"1:{p1_first_lead} 2:Ts 2:20h 2:Kh 1:Ah 1:Ac 2:Tc 1:Ad 2:Th 1:As 2:9c"


def _claim_after_tc43(first_lead: str) -> Deal:
    deal = run(_tc43_script(first_lead) + " 1:66", "Js")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM and out.claimant == 1 and out.winner == 1
    assert out.points[0] == 68 and out.tricks == (4, 1)
    return deal


def test_tc43_correct_claim_one_game_point() -> None:
    """TC-43: not closed; P1 wins a trick and has 68; P2 has 40 → P1 claims → P1 +1."""
    out = _claim_after_tc43("Td").outcome
    assert out is not None and out.points == (68, 40) and out.game_points == 1


@pytest.mark.parametrize(("first_lead", "p2_points", "points"), [("Qd", 33, 1), ("Jd", 32, 2)])
def test_tc44_schneider_boundary(first_lead: str, p2_points: int, points: int) -> None:
    """TC-44: as TC-43 with P2 at exactly 33 → +1; with P2 at 32 and at least one trick → +2."""
    out = _claim_after_tc43(first_lead).outcome
    assert out is not None and out.points == (68, p2_points) and out.game_points == points


def test_tc45_schwarz_counts_tricks_not_points() -> None:
    """TC-45: trump ♦; P2's only trick: P1 led 9♥, P2 trumped with 9♦ (0 points); P1 claims → +2, not 3."""
    script = "1:9h 2:9d 2:Tc 1:Ac 1:Ah 2:Th 1:As 2:Ts 1:Ad 2:Td 1:66"
    deal = run(script, "Qd")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM
    assert out.points == (84, 0) and out.tricks == (4, 1)
    assert out.winner == 1 and out.game_points == 2


@pytest.mark.parametrize(
    ("p2_has_trick", "rule", "points"),
    [(False, "flat_two", 2), (False, "two_or_three", 3), (True, "flat_two", 2), (True, "two_or_three", 2)],
)
def test_tc46_wrong_claim(p2_has_trick: bool, rule: str, points: int) -> None:
    """TC-46: not closed; P1 claims with 64 → P2 +2. OPT false_claim_points=two_or_three: if P2 has no
    trick → +3."""
    rules = SEED.replace(false_claim_points=rule)
    if p2_has_trick:
        script = "1:9h 2:Jh 2:Jc 1:Ac 1:Ad 2:Td 1:Ah 2:Kh 1:As 2:Ks 1:66"
    else:
        script = "1:Ad 2:Td 1:As 2:Ts 1:Ah 2:Ac 1:66"
    deal = run(script, "Qs", rules=rules)
    out = deal.outcome
    assert out is not None and out.termination == Termination.FALSE_CLAIM and out.claimant == 1
    assert out.points[0] == 64 and out.tricks[1] == int(p2_has_trick)
    assert out.winner == 2 and out.game_points == points


# TC-47: P1's 20 (declared on trick 1) counts with his only trick (T♣ trumped: 10) → 30; P2 has 40.
_TC47 = "1:20h 1:Kh 2:Ah 2:Ac 1:Qc 2:Ad 1:9d 2:Tc 1:9s"


@pytest.mark.parametrize("without_lead", [True, False])
def test_tc47_marriage_then_claim_without_leading(without_lead: bool) -> None:
    """TC-47: trump ♠; P1 has one trick and 30, is on lead in phase 1 with K♠ Q♠ → declares 40 (70) and
    claims without leading; P2 has 40 → P1 +1. OPT marriage_claim_without_lead=false → must lead K♠ or Q♠."""
    rules = SEED.replace(marriage_claim_without_lead=without_lead)
    deal = scripted_deal(f"{_TC47} 1:40s 1:66", "Ts", rules=rules)
    play(deal, f"{_TC47} 1:draw")
    assert deal.scores() == (30, 40) and deal.trick_counts() == (1, 3) and not deal.phase2
    play(deal, "1:40s")
    assert deal.scores() == (70, 40)
    if without_lead:
        assert legal(deal) == {"Ks", "Qs", "66"}
        play(deal, "1:66")
        out = deal.outcome
        assert out is not None and out.termination == Termination.CLAIM
        assert out.winner == 1 and out.game_points == 1 and out.points == (70, 40)
    else:
        assert legal(deal) == {"Ks", "Qs"}
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("66"))


@pytest.mark.parametrize("before_draw", [True, False])
def test_tc48_claim_window(before_draw: bool) -> None:
    """TC-48: mid-trick neither player may claim; P2 cannot claim while P1 is on lead; the trick winner may
    claim before drawing or after."""
    script = _tc43_script("Td")
    deal = scripted_deal(script + " 1:66", "Js")
    assert "66" in legal(deal) and legal(deal, 2) == set()
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("66"), 2)
    play(deal, "1:Td")
    assert "66" not in legal(deal) and legal(deal, 1) == set()
    for seat in (1, 2):
        with pytest.raises(IllegalActionError):
            deal.apply(Action.parse("66"), seat)
    play(deal, script.split(" ", 1)[1])
    assert deal.stage == Stage.BEFORE_DRAW and deal.to_act == 1
    if before_draw:
        assert legal(deal) == {"CB", "66", "draw"}
    else:
        play(deal, "1:draw")
        assert deal.stage == Stage.LEAD and "66" in legal(deal)
    assert "66" not in legal(deal, 2)
    talon = deal.talon_size
    play(deal, "1:66")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM and out.winner == 1 and out.game_points == 1
    assert deal.talon_size == talon


def test_tc49_correct_claim_beats_an_earlier_unclaimed_66() -> None:
    """TC-49: P2 reached 70 (incl. a 40 marriage) but did not claim; P1 (incl. a 20 marriage) wins a trick,
    reaches 67 and claims → P1 wins, +1."""
    deal = scripted_deal("1:20h 1:Kh 2:Ah 2:Tc 1:Ac 1:Kd 2:Ad 2:40s 2:Qs 1:As 1:Th 2:Jh 1:66", "Js")
    play(deal, "1:20h 1:Kh 2:Ah 2:Tc 1:Ac 1:Kd 2:Ad 2:40s")
    assert deal.scores() == (41, 70) and "66" in legal(deal)  # P2 could claim, but plays on
    play(deal, "2:Qs 1:As 1:Th 2:Jh")
    assert deal.scores() == (67, 70)
    play(deal, "1:66")
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM
    assert out.winner == 1 and out.game_points == 1 and out.points == (67, 70)


@pytest.mark.parametrize(("rule", "points"), [("flat_two", 2), ("two_or_three", 3)])
def test_tc50_claim_on_the_first_lead_is_always_false(rule: str, points: int) -> None:
    """TC-50: P1 declares 40 before trick 1 and claims → score 0 → P2 +2 (OPT two_or_three → +3)."""
    deal = run("1:40s 1:66", "Js", rules=SEED.replace(false_claim_points=rule))
    out = deal.outcome
    assert out is not None and out.termination == Termination.FALSE_CLAIM
    assert out.points == (0, 0) and out.winner == 2 and out.game_points == points


# Played-out deals: every trick is a pair of cards of one suit (or of cards that cannot win), trick 12 is
# J♣ 9♣ won by P1. P1 wins tricks 1-5; P2 wins trick 6 (P1 takes the face-up Q♠) and tricks 7-11.
_TC51 = "1:Jd 2:Td 2:Th 1:Ah 1:As 2:Ts 1:Ad 2:9d 1:Qd 2:Jh 1:9h 2:9s 2:Ac 1:Tc 2:Kc 1:Qc 2:Kh 1:Qh 2:Ks 1:Qs 2:Js 1:Kd"
_TC52 = "1:Kh 2:Qh 1:Kd 2:Qd 1:Jh 2:Jd 1:Js 2:9d 1:9s 2:9h 1:Tc 2:Ac 2:Ad 1:Td 2:Ah 1:Th 2:As 1:Ts 2:Ks 1:Qs 2:Kc 1:Qc"
_TC53 = "1:Ah 2:Th 1:As 2:Ts 1:Kh 2:Qh 1:Jh 2:9h 1:Jd 2:9d 1:Tc 2:Ac 2:Ad 1:Td 2:Kc 1:Qc 2:Kd 1:Qd 2:Ks 1:Qs 2:Js 1:9s"


def _played_out(script: str) -> Deal:
    deal = scripted_deal(f"{script} 2:9c 1:Jc", "Qs")
    play(deal, script)
    assert deal.trick_count == 11 and not deal.closed
    return deal


def test_tc51_played_out_higher_total_wins() -> None:
    """TC-51: not closed, no claims; before trick 12 P1 58, P2 60; P1 wins J♣ 9♣ → 70–60 → P1 +1."""
    deal = _played_out(_TC51)
    assert deal.scores() == (58, 60)
    play(deal, "2:9c 1:Jc")
    out = deal.outcome
    assert out is not None and out.termination == Termination.PLAYED_OUT
    assert out.points == (70, 60) and out.winner == 1 and out.game_points == 1


def test_tc52_played_out_loser_has_the_bonus() -> None:
    """TC-52: before trick 12 P1 20, P2 98; P1 wins J♣ 9♣ → 32–98 → P2 +2 (P1 < 33 with tricks)."""
    deal = _played_out(_TC52)
    assert deal.scores() == (20, 98)
    play(deal, "2:9c 1:Jc")
    out = deal.outcome
    assert out is not None and out.termination == Termination.PLAYED_OUT
    assert out.points == (32, 98) and out.winner == 2 and out.game_points == 2


def test_tc53_tie_65_65() -> None:
    """TC-53: before trick 12 P1 53, P2 65; P1 wins J♣ 9♣ → 65–65 → no game points this deal."""
    deal = _played_out(_TC53)
    assert deal.scores() == (53, 65)
    play(deal, "2:9c 1:Jc")
    out = deal.outcome
    assert out is not None and out.termination == Termination.TIE
    assert out.points == (65, 65) and out.winner is None and out.game_points == 0


def _swap_seats(script: str) -> str:
    return " ".join(("2" if s == 1 else "1") + ":" + t for s, t in parse_script(script))


def _tie_deal(match: Match) -> None:
    """Play the TC-53 tie as the next deal of ``match`` (with the seats as its dealer makes them)."""
    script = f"{_TC53} 2:9c 1:Jc"
    dealer = match.next_dealer()
    if dealer == 1:
        script = _swap_seats(script)
    deal = match.new_deal(scripted_deal(script, "Qs", dealer=dealer).deck, dealer=dealer)
    for seat, token in parse_script(script):
        if deal.stage == Stage.BEFORE_DRAW:
            match.apply(Action.parse("draw"), deal.leader)
        match.apply(Action.parse(token), seat)
    assert deal.outcome is not None and deal.outcome.termination == Termination.TIE


def _false_claim_deal(match: Match) -> int:
    """A deal of ``match`` in which the forehand claims at once (wrongly); returns the deal's winner."""
    deal = match.new_deal(build_deck("", "", "Qs"))
    match.apply(Action.parse("66"), deal.forehand)
    return deal.dealer


@pytest.mark.parametrize(("tie_rule", "carried", "bonus"), [("carry_one", 2, 2), ("void", 0, 0)])
def test_tc53_tie_points_go_to_the_next_deals_winner(tie_rule: str, carried: int, bonus: int) -> None:
    """TC-53: the winner of the next deal gets +1 extra, two ties in a row → +2. OPT tie_rule=void → nothing
    carried."""
    match = Match(SEED.replace(tie_rule=tie_rule), first_dealer=2)
    _tie_deal(match)
    assert match.score == (0, 0) and match.carried == carried // 2
    _tie_deal(match)
    assert match.score == (0, 0) and match.carried == carried
    assert match.next_dealer() == 2  # the alternation simply continues
    winner = _false_claim_deal(match)
    assert winner == 2
    assert match.score == (0, 2 + bonus) and match.carried == 0
    assert match.results[-1].game_points == 2 + bonus


# -- match and dealing -----------------------------------------------------------------------------------------


def test_tc54_match_end() -> None:
    """TC-54: P1 has 6 game points and wins a deal worth 2 → 8 ≥ 7 → P1 wins the match; no further deal."""
    match = Match(SEED, first_dealer=1)
    assert _false_claim_deal(match) == 1  # seat 2 (forehand) claims wrongly: seat 1 +2
    deal = match.new_deal(build_deck("9h", "Ah", "Qs"))  # seat 2 deals; seat 2 wins trick 1, claims wrongly
    for token in ("1:9h", "2:Ah", "2:66"):
        seat, _, tok = token.partition(":")
        match.apply(Action.parse(tok), int(seat))
    assert deal.outcome is not None and deal.outcome.winner == 1
    assert _false_claim_deal(match) == 1
    assert match.score == (6, 0) and not match.is_over
    # The deciding deal: a correct claim worth 2 (TC-44, P2 Schneider).
    script = _tc43_script("Jd") + " 1:66"
    deal = match.new_deal(scripted_deal(script, "Js").deck, dealer=2)
    for seat, token in parse_script(script):
        if deal.stage == Stage.BEFORE_DRAW and token != "66":
            match.apply(Action.parse("draw"), deal.leader)
        match.apply(Action.parse(token), seat)
    assert deal.outcome is not None and deal.outcome.game_points == 2
    assert match.score == (8, 0) and match.is_over and match.winner == 1
    with pytest.raises(ValueError, match="over"):
        match.new_deal(build_deck("", "", "Qs"))


@pytest.mark.parametrize("first_winner", [1, 2])
def test_tc55_dealer_alternates(first_winner: int) -> None:
    """TC-55: deal 1 dealt by A (whoever wins), deal 2 by B, deal 3 by A."""
    match = Match(SEED, first_dealer=1)  # A = seat 1
    deal = match.new_deal(build_deck("9h", "Ah", "Qs"))
    assert deal.dealer == 1
    if first_winner == 1:
        match.apply(Action.parse("66"), 2)  # B (forehand) claims wrongly
    else:
        for seat, token in ((2, "9h"), (1, "Ah"), (1, "66")):  # A wins trick 1 and claims wrongly
            match.apply(Action.parse(token), seat)
    assert deal.outcome is not None and deal.outcome.winner == first_winner
    assert match.next_dealer() == 2
    with pytest.raises(ValueError):
        match.new_deal(build_deck("", "", "Qs"), dealer=1)
    assert _false_claim_deal(match) == 2
    assert match.next_dealer() == 1
    assert match.new_deal(build_deck("", "", "Qs")).dealer == 1


@pytest.mark.parametrize("first_winner", [1, 2])
def test_tc55_next_dealer_winner_option(first_winner: int) -> None:
    """TC-55 OPT next_dealer=winner (pagat): if B wins deal 1, B deals deal 2 (and A if A wins)."""
    match = Match(SEED.replace(next_dealer="winner"), first_dealer=1)
    deal = match.new_deal(build_deck("9h", "Ah", "Qs"))
    if first_winner == 1:
        match.apply(Action.parse("66"), 2)
    else:
        for seat, token in ((2, "9h"), (1, "Ah"), (1, "66")):
            match.apply(Action.parse(token), seat)
    assert deal.outcome is not None and deal.outcome.winner == first_winner
    assert match.next_dealer() == first_winner
    assert match.new_deal(build_deck("", "", "Qs")).dealer == first_winner


def test_tc56_non_dealer_leads() -> None:
    """TC-56: in every deal the player who did not deal leads trick 1 (and holds the first cards of the deck)."""
    match = Match(SEED, first_dealer=2)
    for expected_dealer in (2, 1, 2, 1):
        deck = build_deck("", "", "Qs")
        deal = match.new_deal(deck)
        assert deal.dealer == expected_dealer
        assert deal.to_act == 3 - expected_dealer == deal.forehand
        assert cards_of(deal.hand(deal.forehand)) == tuple(sorted(deck[:6]))
        assert legal(deal, expected_dealer) == set()
        match.apply(Action.parse("66"), deal.forehand)


# -- Schnapsen preset ------------------------------------------------------------------------------------------------


def test_tcs1_schnapsen_deal() -> None:
    """TC-S1: 20 cards; 5 each; talon 10 (9 + trump card)."""
    deck = build_deck("Ah Th Kh Qh Jh", "Ac Tc Kc Qc Jc", "Ks", rules=SCHNAPSEN)
    deal = Deal(deck, dealer=2, rules=SCHNAPSEN)
    assert len(deck) == 20 and SCHNAPSEN.total_points == 120
    assert deal.hand(1) == parse_cards("Ah Th Kh Qh Jh") and deal.hand(2) == parse_cards("Ac Tc Kc Qc Jc")
    assert deal.talon_size == 10 and len(deal.stock) == 9 and deal.trump_card_name == "Ks"
    assert deal.to_act == 1


def test_tcs2_jack_exchange_on_the_first_lead() -> None:
    """TC-S2: trump ♥ (K♥ face up); P1 holds J♥ before trick 1 → exchange legal (no trick needed)."""
    deal = Deal(build_deck("Jh Ac Tc Kc Qc", "", "Kh", rules=SCHNAPSEN), dealer=2, rules=SCHNAPSEN)
    assert "X" in legal(deal)
    play(deal, "1:X")
    assert "Kh" in hand(deal, 1) and "Jh" not in hand(deal, 1)
    assert deal.face_up == parse_card("Jh") and deal.to_act == 1


def test_tcs3_played_out_last_trick_decides() -> None:
    """TC-S3: no close, no claim; final card points P1 90, P2 30; P2 wins the last trick → P2 +1, no bonus."""
    script = "1:Ad 2:Td 1:Jd 2:Jc 1:Th 2:Qh 1:Jh 2:Js 1:Ts 2:Qs 1:Kd 2:Qd 1:Ac 2:Tc 1:Kc 2:Qc 1:Kh 2:Ah 2:As 1:Ks"
    deal = run(script, "Qd", rules=SCHNAPSEN)
    out = deal.outcome
    assert out is not None and out.termination == Termination.PLAYED_OUT
    assert out.points == (90, 30) and out.winner == 2 and out.game_points == 1


def test_tcs4_marriage_after_closing() -> None:
    """TC-S4: closed talon, the leader holds K♣ Q♣ → may declare 20."""
    deal = scripted_deal("1:Ah 2:Jh 1:C 1:20c", "Qs", rules=SCHNAPSEN)
    play(deal, "1:Ah 2:Jh 1:C")
    assert deal.closed and "20c" in legal(deal)
    play(deal, "1:20c")
    assert deal.scores() == (13 + 20, 0)
    assert legal(deal) == {"Kc", "Qc", "66"}


def test_tcs5_close_only_after_drawing() -> None:
    """TC-S5: the trick winner cannot close before drawing (the draw is automatic); after it he may close."""
    deal = scripted_deal("1:Ah 2:Jh 1:C", "Qs", rules=SCHNAPSEN)
    hand_before = len(hand(deal, 1))
    play(deal, "1:Ah 2:Jh")
    assert deal.stage == Stage.LEAD and len(hand(deal, 1)) == hand_before and deal.talon_size == 8
    assert "CB" not in legal(deal) and "C" in legal(deal)
    with pytest.raises(IllegalActionError):
        deal.apply(Action.parse("CB"))
    play(deal, "1:C")
    assert deal.closed


def test_tcs6_wrong_claim_against_a_trickless_opponent() -> None:
    """TC-S6: P1 claims with 60 while P2 has no trick → P2 +3."""
    deal = run("1:Ad 2:Td 1:As 2:Ts 1:Ah 2:Qh 1:Jc 2:Jh 1:66", "Kc", rules=SCHNAPSEN)
    out = deal.outcome
    assert out is not None and out.termination == Termination.FALSE_CLAIM
    assert out.points == (60, 0) and out.tricks == (4, 0)
    assert out.winner == 2 and out.game_points == 3


# -- the VU platform presets (rules.md §4.3: vu_schnapsen, vu_schnapsen24) ----------------------------------------

VU = Rules.preset("vu_schnapsen")
VU24 = Rules.preset("vu_schnapsen24")


def test_tcv1_vu_24_card_engine() -> None:
    """TC-V1: 24 cards, 5-card hands, talon 14; exchange with the trump Jack; a nine is worth 1; a trick of
    two nines = 2 points."""
    deal = Deal(build_deck("Js 9h Ac Tc Kc", "9c Ad Td Kd Qd", "Ks", rules=VU24), dealer=2, rules=VU24)
    assert VU24.deck == 24 and VU24.total_points == 124
    assert len(hand(deal, 1)) == len(hand(deal, 2)) == 5 and deal.talon_size == 14
    assert "X" in legal(deal)  # the jack, on the first lead, without a trick
    play(deal, "1:X")
    assert "Ks" in hand(deal, 1) and deal.face_up == parse_card("Js") and deal.to_act == 1  # he moves again
    play(deal, "1:9h 2:9c")
    assert deal.scores() == (2, 0) and deal.trick_counts() == (1, 0)


def test_tcv1_vu_20_card_deal_has_no_closing_and_no_claim() -> None:
    deal = Deal(build_deck("Ah Th Kh Qh Jh", "Ac Tc Kc Qc Jc", "Ks", rules=VU), dealer=2, rules=VU)
    assert VU.deck == 20 and deal.talon_size == 10
    assert not {"C", "66"} & legal(deal)
    with pytest.raises(IllegalActionError, match="closing is not allowed"):
        deal.apply(Action.parse("C"))
    with pytest.raises(IllegalActionError, match="claims are automatic"):
        deal.apply(Action.parse("66"))


def test_tcv2_vu_marriage_credit_on_the_next_trick_won() -> None:
    """TC-V2: 30 direct points (has tricks), a ♥ marriage (not trumps) plays K♥ and loses the trick → still 30
    (+20 pending); he wins his next trick (4 points) → 54."""
    script = "1:Ad 2:Ac 1:Kd 2:Kc 1:20h 1:Kh 2:Ah 2:Jc 1:Js"
    deal = scripted_deal(script, "Qs", rules=VU)
    play(deal, "1:Ad 2:Ac 1:Kd 2:Kc")
    assert deal.scores() == (30, 0) and deal.trick_counts() == (2, 0)
    play(deal, "1:20h")
    assert legal(deal) == {"Kh"}  # the marriage plays the king; no claim
    assert deal.scores() == (30, 0) and deal.pending_marriage_points(1) == 20
    play(deal, "1:Kh 2:Ah")
    assert deal.scores() == (30, 15) and deal.pending_marriage_points(1) == 20
    play(deal, "2:Jc 1:Js")
    assert deal.scores() == (54, 15) and deal.pending_marriage_points(1) == 0 and not deal.is_over


@pytest.mark.parametrize(
    ("script", "points", "game_points"),
    [
        ("1:Ad 2:Ac 1:Ah 2:Kc 1:Th 2:Qc 1:Td 2:Jc 1:Tc 2:Kd", (76, 0), 3),  # the opponent has no trick
        ("1:Ad 2:Ac 1:Jh 2:Ah 2:Kc 1:Tc 1:Th 2:Td 1:As 2:Kd", (71, 13), 2),  # under 33
    ],
)
def test_tcv3_vu_automatic_end_at_66(script: str, points: tuple[int, int], game_points: int) -> None:
    """TC-V3: after a trick the winner has ≥ 66 → the deal ends at once, game points by the opponent's
    direct points (0 → 3, < 33 → 2); a record writes the claim the rules made."""
    match = Match(VU, first_dealer=2)
    deal = match.new_deal(deck=list(scripted_deal(script, "Qs", rules=VU).deck))
    play(deal, script)
    out = deal.outcome
    assert out is not None and out.termination == Termination.CLAIM and out.claimant == 1
    assert out.points == points and out.winner == 1 and out.game_points == game_points
    text = Record.from_match(match).text()
    assert text.endswith("\n1:66\n")
    assert replay(text).to_json()["deals"][0]["termination"] == "claim"


@pytest.mark.parametrize("rules", [VU, VU24], ids=["vu_schnapsen", "vu_schnapsen24"])
def test_tcv3_vu_every_deal_ends_at_66_or_by_the_last_trick(rules: Rules) -> None:
    """TC-V3 over random deals: a deal ends right after the trick that brings its winner to 66 (1, 2 or 3 by
    the opponent's direct points), else all cards are played and the last trick's winner wins 1, or,
    when that last trick brings him to 66, 1, 2 or 3 by the opponent's points like any other trick."""
    rng = random.Random(2025)
    seen: set[tuple[str, int]] = set()
    for _ in range(400):
        deal = Deal.shuffled(seed=rng.getrandbits(32), dealer=rng.choice((1, 2)), rules=rules)
        while not deal.is_over:
            assert "66" not in legal(deal) and "C" not in legal(deal)
            deal.apply(rng.choice(deal.legal_actions()))
        out = deal.outcome
        assert out is not None and out.winner is not None
        last = deal.completed_tricks()[-1]
        loser = 3 - out.winner
        scale = game_points(out.points[loser - 1], out.tricks[loser - 1])
        assert last.winner == out.winner  # it ends with a trick, won by the deal's winner
        if out.claimant:
            assert out.termination == Termination.CLAIM and deal.hand(1) | deal.hand(2)
            assert out.points[out.winner - 1] >= 66 and out.game_points == scale
            seen.add(("at 66", scale))
        else:
            assert out.termination == Termination.PLAYED_OUT and not deal.hand(1) | deal.hand(2)
            reached = out.points[out.winner - 1] >= 66
            assert out.game_points == (scale if reached else 1)
            seen.add(("last trick at 66" if reached else "last trick", out.game_points))
    assert {("at 66", 1), ("at 66", 2), ("at 66", 3), ("last trick", 1)} <= seen
    assert any(kind == "last trick at 66" for kind, _ in seen)
