"""Why a card may not be played (sixtysix.present.refusals): in every seat state, each card of the
hand that the engine does not allow has a reason, and the reason agrees with the engine's legal cards."""

from __future__ import annotations

import random

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES
from sixtysix.present.state import seat_state
from sixtysix.present.table import PublicMatch

SUITS = "cdhs"


def public_of(match: object, seats: tuple[int, ...]) -> PublicMatch:
    return PublicMatch("m1", 1, "playing", "friend", False, {s: (f"P{s}", "human", None) for s in seats})


@pytest.mark.parametrize("preset", ["seed66", "pagat66", "schnapsen", "three66", "four66"])
def test_every_barred_card_has_a_reason_that_agrees_with_the_engine(preset: str) -> None:
    seen: set[str] = set()
    for seed in range(12):
        match = create_match(Rules.preset(preset))
        deal = match.new_deal(seed=seed)
        rng = random.Random(seed)
        public = public_of(match, match.seats)
        while not deal.is_over:
            for seat in deal.active:
                state = seat_state(public, match, seat)
                hand = state["deal"]["hand"]
                allowed = set(state["legal"]) | set(state["after_draw"])
                refusals = state["deal"]["refusals"]
                assert set(refusals) == {c for c in hand if c not in allowed}
                for card, why in refusals.items():
                    assert not deal.is_legal(Action.parse(card), seat)
                    assert why["text"] and why["reason"] in {
                        "wait",
                        "exchange_first",
                        "marriage",
                        "follow",
                        "follow_beat",
                        "trump",
                        "overtrump",
                        "one_of",
                    }
                    seen.add(why["reason"])
                    legal_cards = [c for c in allowed if len(c) == 2 and c[1] in SUITS and c != "66"]
                    if why["reason"] in ("follow", "follow_beat"):
                        # the legal cards are of the led suit; "beat": not every card of it may go
                        led = state["deal"]["trick"][0]["card"][1]
                        assert why["suit"] == led and all(c[1] == led for c in legal_cards)
                        of_suit = {c for c in hand if c[1] == led}
                        assert (set(legal_cards) == of_suit) == (why["reason"] == "follow")
                        assert card[1] != led or why["reason"] == "follow_beat"
                    if why["reason"] in ("trump", "overtrump"):
                        assert why["suit"] == state["deal"]["trump"] and all(c[1] == why["suit"] for c in legal_cards)
                    if why["reason"] == "wait":
                        assert not state["legal"]
            deal.apply(rng.choice(deal.legal_actions(deal.seat_to_ask)), deal.seat_to_ask)
    assert "wait" in seen
    if preset in ("seed66", "four66"):
        assert seen & {"follow", "follow_beat"}, seen


def test_the_follow_duty_in_words() -> None:
    """After the close the follower must follow suit and beat the trick (R-P2-2): the page's example."""
    from sixtysix.core.game import Deal
    from sixtysix.present.picture import picture
    from sixtysix.present.refusals import card_refusals

    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h")
    deal.apply(Action.parse("C"))
    deal.apply(Action.parse("Tc"))
    out = card_refusals(picture(deal, 2))
    assert sorted(out) == ["9c", "Jc", "Kc", "Qc", "Td"]  # only the ace beats the ten
    assert {why["reason"] for why in out.values()} == {"follow_beat"}
    assert out["Td"]["text"] == "You must follow clubs and take the trick if you can."
    assert out["Td"]["card"] == "Tc"


def test_a_finished_deal_shows_the_cards_left_and_only_then() -> None:
    for preset in ("seed66", "schnapsen", "three66", "four66"):
        match = create_match(Rules.preset(preset))
        deal = match.new_deal(seed=7)
        public = public_of(match, match.seats)
        rng = random.Random(3)
        while not deal.is_over:
            assert seat_state(public, match, deal.active[0])["deal"]["revealed"] is None
            actions = deal.legal_actions(deal.seat_to_ask)
            claim = [a for a in actions if str(a) == "66"]
            deal.apply(claim[0] if claim and rng.random() < 0.3 else rng.choice(actions), deal.seat_to_ask)
        me = deal.active[0]
        revealed = seat_state(public, match, me)["deal"]["revealed"]
        hands = {h["seat"]: set(h["cards"]) for h in revealed["hands"]}
        assert set(hands) == set(deal.active) - {me}
        for seat, cards in hands.items():
            assert cards == {CARD_NAMES[c] for c in range(32) if deal.hand(seat) >> c & 1}
        # every card is somewhere: in a hand, played, or left in the talon
        played = {e["card"] for t in seat_state(public, match, me)["deal"]["tricks"] for e in t["cards"]}
        own = set(seat_state(public, match, me)["deal"]["hand"])
        parts = [own, played, set(revealed["talon"]), *hands.values()]
        assert sum(map(len, parts)) == len(set().union(*parts)) == len(deal.deck)
