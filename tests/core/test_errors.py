"""Error paths: every mistake raises its own ValueError subclass, says why, and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest

from sixtysix import (
    Action,
    Deal,
    DealError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    Match,
    MatchError,
    Rules,
    RulesError,
    parse_card,
    parse_cards,
)
from sixtysix.core.actions import NUM_ACTIONS
from sixtysix.core.rules import parse_option

# Seat 2 deals: seat 1 holds Kh Qh Ah 9s Js Tc, seat 2 Ac Kc Qc Jc 9c Td; Ts is turned up
# (spades are trump) and As is the top of the stock.
DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
# Seat 1 holds the trump marriage Ks Qs.
TRUMP_MARRIAGE_DECK = "Ks Qs Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Kh Qh Ad Kd Qd Jd 9d Th Jh 9h"
# Schnapsen: seat 1 holds Jh Ah Kh Th Qs, seat 2 Ac Kc Qc Jc Tc; Qh is turned up.
SCHNAPSEN_DECK = "Jh Ah Kh Th Qs Ac Kc Qc Jc Tc Qh As Ks Js Ts Ad Kd Qd Jd Td"


def new_deal(deck: str = DECK, rules: Rules | None = None, actions: str = "") -> Deal:
    deal = Deal.from_text(deck, dealer=2, rules=rules)
    for token in actions.split():
        seat, action = token.split(":")
        deal.apply(Action.parse(action), int(seat))
    return deal


def state(deal: Deal) -> dict[str, Any]:
    """Every slot of the deal (lists copied), and what the seats may do."""
    slots = {name: (v[:] if isinstance(v, list) else v) for name in Deal.__slots__ for v in [getattr(deal, name)]}
    return {**slots, "legal": [deal.legal_actions(s) for s in (None, 1, 2)]}


def assert_illegal(deal: Deal, token: str, seat: int | None, *reasons: str) -> IllegalActionError:
    """Applying ``token`` raises IllegalActionError naming the token and the reasons; nothing changes."""
    before = state(deal)
    action = Action.parse(token)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(action, seat)
    message = str(info.value)
    assert message.startswith(f"{action}: "), message
    for reason in reasons:
        assert reason in message, message
    assert state(deal) == before
    assert isinstance(info.value, ValueError)
    return info.value


# -- malformed text -----------------------------------------------------------------------


@pytest.mark.parametrize("token", ["", "Zz", "21h", "1h", "6 6", "CBX", "40", "20x", "XX", "h", "Ahh", "66h", "D"])
def test_malformed_action_tokens(token: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        Action.parse(token)
    assert isinstance(info.value, ValueError) and not isinstance(info.value, IllegalActionError)
    assert repr(token) in str(info.value)


@pytest.mark.parametrize("token", ["", " ", "Zz", "1h", "21h", "11s", "A", "h", "hA", "Ahh", "Th3", "9", "X"])
def test_malformed_cards(token: str) -> None:
    with pytest.raises(InvalidCardError) as info:
        parse_card(token)
    assert isinstance(info.value, ValueError)
    assert repr(token) in str(info.value)


def test_well_formed_text_still_parses() -> None:
    assert parse_card("10h") == parse_card("Th") == parse_card(" t♥ ")
    assert [str(Action.parse(t)) for t in ("ah", "20H", "40s", "x", "c", "cb", "66")] == [
        "Ah",
        "20h",
        "40s",
        "X",
        "C",
        "CB",
        "66",
    ]
    with pytest.raises(InvalidCardError):
        parse_cards("Ah Zz")
    with pytest.raises(InvalidCardError):
        Deal.from_text(DECK.replace("9h", "Zz"))


# -- illegal actions -------------------------------------------------------------------------


def test_out_of_turn() -> None:
    deal = new_deal()
    assert_illegal(deal, "Ac", 2, "seat 1's turn", "not seat 2's")
    assert_illegal(deal, "66", 2, "seat 1's turn")
    deal.apply(Action.parse("Ah"))
    assert_illegal(deal, "Kh", 1, "seat 2's turn", "not seat 1's")


@pytest.mark.parametrize("seat", [0, 3, -1])
def test_no_such_seat(seat: int) -> None:
    deal = new_deal()
    assert deal.legal_actions(seat) == []
    assert_illegal(deal, "Ah", seat, f"seat {seat}")
    assert_illegal(deal, "X", seat, f"seat {seat}")


def test_cards_not_held_or_not_allowed() -> None:
    deal = new_deal()
    assert_illegal(deal, "Ac", None, "seat 1 does not hold Ac")
    assert_illegal(deal, "As", 1, "does not hold As")
    # Phase 2 after closing: seat 2 must head the Tc with his Ac.
    deal = new_deal(actions="1:C 1:Tc")
    assert_illegal(deal, "9c", 2, "must play one of Ac")
    assert_illegal(deal, "Td", None, "must play one of Ac")
    assert_illegal(deal, "66", 2, "follower must play a card")
    assert_illegal(deal, "X", 2, "follower must play a card")


def test_marriage_with_the_wrong_number() -> None:
    deal = new_deal()  # hearts are not trumps: 20, not 40
    assert_illegal(deal, "40h", 1, "40 in trumps and 20 otherwise")
    deal = new_deal(TRUMP_MARRIAGE_DECK)  # spades are trumps: 40, not 20
    assert_illegal(deal, "20s", 1, "40 in trumps and 20 otherwise")
    deal.apply(Action.parse("40s"))
    assert deal.pending_marriage_points(1) == 40


def test_marriage_that_is_not_allowed() -> None:
    assert_illegal(new_deal(), "20c", 1, "does not hold the king and queen")
    assert_illegal(new_deal(actions="1:C"), "20h", 1, "no marriages once the talon is closed")
    rules = Rules.preset("seed66").replace(first_lead_marriage=False)
    assert_illegal(new_deal(rules=rules), "20h", 1, "no marriage on the first lead")
    # After the declaration the leader must lead its king or queen.
    deal = new_deal(actions="1:20h")
    assert_illegal(deal, "Ah", 1, "must lead its king or queen")
    assert_illegal(deal, "C", 1, "must lead its king or queen")


def test_exchange_without_the_card_or_out_of_time() -> None:
    deal = new_deal()
    assert_illegal(deal, "X", 1, "the exchange is not allowed now")  # holds 9s, but on the first lead
    assert_illegal(deal, "X", 2, "seat 2 may not exchange now")  # not his turn
    # Seat 2 takes trick 1 with Ac; both draw; seat 2 leads and does not hold the 9s.
    deal.apply(Action.parse("Tc"))
    deal.apply(Action.parse("Ac"))
    deal.apply(Action.parse("draw"))
    assert deal.to_act == 2
    assert_illegal(deal, "X", 2, "seat 2 does not hold 9s")
    assert_illegal(deal, "X", 1, "seat 1 may not exchange now")  # he has no trick: no window
    # Schnapsen: the jack of trumps on the first lead, by a seat that lacks it.
    schnapsen = Rules.preset("schnapsen")
    deal = Deal.from_text(SCHNAPSEN_DECK.replace("Jh Ah", "Jd Ah").replace("Jd Td", "Jh Td"), 2, schnapsen)
    assert_illegal(deal, "X", 1, "seat 1 does not hold Jh")


def test_close_before_draw_only_right_after_a_trick() -> None:
    deal = new_deal()
    assert_illegal(deal, "CB", 1, "CB is only possible right after winning a trick")
    deal.apply(Action.parse("Ah"))
    assert_illegal(deal, "CB", 2, "follower must play a card")
    deal.apply(Action.parse("9c"))  # seat 1 wins; he may claim, close before drawing, or draw
    assert [str(a) for a in deal.legal_actions()] == ["CB", "66", "draw"]
    assert_illegal(deal, "Kh", 1, "must first draw")
    assert_illegal(deal, "C", 1)
    deal.apply(Action.parse("draw"))
    assert_illegal(deal, "CB", 1, "CB is only possible right after winning a trick")
    assert_illegal(deal, "draw", 1, "nothing to draw")
    deal.apply(Action.parse("C"))
    assert_illegal(deal, "C", 1, "already closed")
    assert_illegal(deal, "CB", 1, "already closed")
    # Schnapsen closes only after the draw: CB is never legal, not even right after a trick.
    deal = Deal.from_text(SCHNAPSEN_DECK, 2, Rules.preset("schnapsen"))
    deal.apply(Action.parse("Ah"))
    deal.apply(Action.parse("Tc"))
    assert_illegal(deal, "CB", 1, "closing only after the draw")


def test_claims_that_are_not_allowed() -> None:
    rules = Rules.preset("seed66").replace(auto_claim=True)
    assert_illegal(new_deal(rules=rules), "66", 1, "claims are automatic")
    rules = Rules.preset("seed66").replace(marriage_claim_without_lead=False)
    assert_illegal(new_deal(rules=rules, actions="1:20h"), "66", 1, "must lead its king or queen")


def test_declining_an_exchange_that_is_not_offered() -> None:
    deal = new_deal()
    for seat in (None, 1, 2):
        assert_illegal(deal, "pass", seat)


def test_nothing_after_the_deal_is_over() -> None:
    deal = new_deal(actions="1:66")  # a false claim on the first lead
    assert deal.is_over and deal.outcome is not None and deal.outcome.winner == 2
    for seat in (None, 1, 2):
        for action in range(NUM_ACTIONS):
            assert_illegal(deal, str(Action(action)), seat, "the deal is over")


# -- bad decks --------------------------------------------------------------------------------


def test_bad_decks() -> None:
    rules = Rules.preset("seed66")
    cards = [parse_card(t) for t in DECK.split()]
    with pytest.raises(DealError, match="Kh appears twice"):
        Deal([*cards[:-1], parse_card("Kh")], 2, rules)
    with pytest.raises(DealError, match="lacks 9h"):
        Deal(cards[:-1], 2, rules)
    with pytest.raises(DealError, match="twice"):
        Deal([*cards, cards[0]], 2, rules)
    with pytest.raises(DealError, match="not in the 24-card pack"):
        Deal([*cards[:-1], 40], 2, rules)
    with pytest.raises(DealError, match="not in the 24-card pack"):  # an eight
        Deal([*cards[:-1], parse_card("8h")], 2, rules)
    schnapsen = Rules.preset("schnapsen")
    with pytest.raises(DealError, match="9h is not in the 20-card pack"):
        Deal.from_text(SCHNAPSEN_DECK.replace("Td", "9h"), 2, schnapsen)
    with pytest.raises(DealError, match="not in the 20-card pack"):
        Deal.from_text(DECK, 2, schnapsen)  # a 24-card deck for a 20-card game
    with pytest.raises(DealError, match="lacks"):
        Deal(cards[:20], 2, rules)
    for dealer in (0, 3):
        with pytest.raises(DealError, match="dealer"):
            Deal(cards, dealer, rules)
        with pytest.raises(DealError, match="dealer"):
            Deal.shuffled(1, dealer, rules)
    assert issubclass(DealError, ValueError)


# -- bad rules ----------------------------------------------------------------------------------


def test_unknown_preset_option_or_value() -> None:
    with pytest.raises(RulesError, match="unknown preset 'skat'"):
        Rules.preset("skat")
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.from_options("", {})
    with pytest.raises(RulesError, match="unknown option 'trumps'"):
        Rules.from_options("seed66", {"trumps": "hearts"})
    with pytest.raises(RulesError, match="unknown option"):
        Rules.preset("seed66").replace(trumps="hearts")
    with pytest.raises(RulesError, match="unknown option"):
        parse_option("preset_name", "seed66")
    bad_values = {
        "tie_rule": "sometimes",
        "auto_claim": "yes",
        "deck": "32",
        "hand_size": "7",
        "match_target": "seven",
        "exchange_rank": "Q",
        "nine_exchange_rule": "never",
    }
    for name, value in bad_values.items():
        with pytest.raises(RulesError, match=name):
            Rules.from_options("seed66", {name: value})
    for name, typed in {"tie_rule": "sometimes", "auto_claim": 1, "match_target": 0, "close_min_talon": 3}.items():
        with pytest.raises(RulesError, match=name):
            Rules.preset("pagat66").replace(**{name: typed})
    for target in ("0", "1001", "-3", "7.5"):
        with pytest.raises(RulesError, match="match_target"):
            Rules.from_options("seed66", {"match_target": target})
    with pytest.raises(RulesError, match="match_target"):
        Rules.preset("seed66").replace(match_target=True)
    with pytest.raises(RulesError, match="no nines"):
        Rules.from_options("seed66", {"deck": "20", "hand_size": "5"})
    assert Rules.from_options("SCHNAPSEN", {"Tie_Rule".lower(): "VOID"}).tie_rule == "void"


# -- match errors -------------------------------------------------------------------------------


def test_match_errors() -> None:
    with pytest.raises(MatchError, match="first dealer"):
        Match(Rules.preset("seed66"), first_dealer=3)
    match = Match(Rules.preset("seed66").replace(match_target=1), first_dealer=2)
    with pytest.raises(MatchError, match="no deal"):
        match.apply(Action.parse("Ah"))
    with pytest.raises(MatchError, match="seat 2 must deal now, not seat 1"):
        match.new_deal(seed=1, dealer=1)
    assert match.deals == []
    with pytest.raises(DealError):
        match.new_deal(deck=[parse_card(t) for t in DECK.split()][:-1])
    assert match.deals == []
    deal = match.new_deal(deck=[parse_card(t) for t in DECK.split()], dealer=2)
    with pytest.raises(MatchError, match="previous deal has not ended"):
        match.new_deal(seed=2)
    with pytest.raises(MatchError, match="previous deal has not ended"):
        match.new_deal(seed=2, dealer=1)
    assert match.deals == [deal]
    before = state(deal)
    with pytest.raises(IllegalActionError):
        match.apply(Action.parse("Ac"))
    assert state(deal) == before and match.score == (0, 0)
    match.apply(Action.parse("66"))  # a false claim: seat 2 scores 2 and reaches the target of 1
    assert match.is_over and match.winner == 2 and match.score == (0, 2)
    with pytest.raises(MatchError, match="the match is over: seat 2 won"):
        match.new_deal(seed=3)
    with pytest.raises(MatchError, match="the match is over"):
        match.new_deal(seed=3, dealer=1)
    assert len(match.deals) == 1 and len(match.results) == 1
    with pytest.raises(IllegalActionError, match="the deal is over"):
        match.apply(Action.parse("Ah"))


def test_match_dealer_rotation_is_enforced() -> None:
    match = Match(Rules.preset("seed66"), first_dealer=1)
    deal = match.new_deal(seed=5, dealer=1)
    deal.apply(Action.parse("66"))  # seat 2 (the forehand) claims falsely: seat 1 wins
    with pytest.raises(MatchError, match="seat 2 must deal now, not seat 1"):
        match.new_deal(seed=6, dealer=1)
    assert match.new_deal(seed=6, dealer=2).dealer == 2
    pagat = Match(Rules.preset("pagat66"), first_dealer=1)  # the winner deals next
    pagat.new_deal(seed=5).apply(Action.parse("66"))
    with pytest.raises(MatchError, match="seat 1 must deal now, not seat 2"):
        pagat.new_deal(seed=6, dealer=2)
