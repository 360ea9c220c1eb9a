"""The seat state of every table size (sixtysix.present.state): one builder, the engine's facts.

Each completed trick the state names (leader, cards, winner, card points) is checked against
the engine itself, observed while it plays: the trick counter tells when a trick is complete,
the cards won tell who took it (the leader after a four-handed trick), and the rules' card
points what it counted, with ``nine_points=1`` too.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from sixtysix import Rules
from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, CARD_NAMES, parse_card
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import PRESETS as ALL_PRESETS
from sixtysix.core.table import AnyDeal
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.present.state import StateMemo, seat_state
from sixtysix.present.table import PublicMatch

PRESETS = tuple(ALL_PRESETS)  # every preset of the rules, the VU platform's included


def public(match: AnyMatch, status: str = "playing") -> PublicMatch:
    seats = {s: (f"P{s}", "human" if s == 1 else "computer", None if s == 1 else 1) for s in match.seats}
    return PublicMatch("m1", 7, status, "computer", True, seats)


def trick_count(deal: AnyDeal) -> int:
    return deal.inner.trick_count if isinstance(deal, ThreeHandedDeal) else deal.trick_count


def taker(deal: AnyDeal, card: int) -> int:
    """The table seat whose tricks hold ``card``, as the engine recorded it."""
    if isinstance(deal, FourHandedDeal):
        return deal.leader  # the engine gives the lead to the trick's winner
    two = deal.inner if isinstance(deal, ThreeHandedDeal) else deal
    inner = next(s for s in (1, 2) if two.won[s] & BIT[card])
    return deal.table_seat(inner) if isinstance(deal, ThreeHandedDeal) else inner


class Tricks:
    """The completed tricks of the current deal, observed while the engine plays it: the oracle."""

    def __init__(self, match: AnyMatch) -> None:
        self.match = match
        self.done: list[dict[str, Any]] = []
        self.cards: list[tuple[int, int]] = []

    def apply(self, action: Action, seat: int) -> None:
        deal = self.match.current
        assert deal is not None
        before = trick_count(deal)
        self.match.apply(action, seat)
        if action.is_card():
            self.cards.append((seat, int(action)))
        if trick_count(deal) > before:
            self.done.append(
                {
                    "number": len(self.done) + 1,
                    "leader": self.cards[0][0],
                    "cards": [{"seat": s, "card": CARD_NAMES[c]} for s, c in self.cards],
                    "winner": taker(deal, self.cards[-1][1]),
                    "points": sum(self.match.rules.points[c] for _, c in self.cards),
                }
            )
            self.cards = []


def play(
    match: AnyMatch, rng: random.Random, stop: int = 10_000, avoid: tuple[str, ...] = ("66",)
) -> list[dict[str, Any]]:
    """Random legal play of the current deal (``avoid``: actions taken only when nothing else is
    legal), ``stop`` actions at most; the engine's completed tricks, observed as they end."""
    deal = match.current
    assert deal is not None
    tricks = Tricks(match)
    for _ in range(stop):
        if deal.is_over:
            break
        seat = deal.window or deal.to_act
        assert seat is not None
        legal = deal.legal_actions(seat)
        tricks.apply(rng.choice([a for a in legal if str(a) not in avoid] or legal), seat)
    return tricks.done


@pytest.mark.parametrize("preset", PRESETS)
def test_every_seat_sees_the_engines_tricks(preset: str) -> None:
    rng = random.Random(preset)
    for _ in range(12):
        match = create_match(Rules.preset(preset))
        match.new_deal(seed=rng.getrandbits(32))
        engine = play(match, rng, stop=rng.randrange(4, 60))
        for seat in match.seats:
            state = seat_state(public(match), match, seat)
            assert state["deal"]["tricks"] == engine, (preset, seat)
            assert state["deal"]["last_trick"] == (state["deal"]["tricks"][-1] if engine else None)
            assert state["deal"]["tricks_played"] == len(engine)


def stacked(rules: Rules, first: str, second: str, dealer: int = 2) -> list[int]:
    """A deck whose forehand holds ``first`` (led first) and whose dealer holds ``second``."""
    h = rules.hand_size
    rest = [c for c in range(32) if rules.pack >> c & 1 and c not in (parse_card(first), parse_card(second))]
    forehand = [parse_card(first), *rest[: h - 1]]
    dealt = [parse_card(second), *rest[h - 1 : 2 * h - 2]]
    return forehand + dealt + rest[2 * h - 2 :]


def test_a_nine_counts_under_nine_points() -> None:
    """Issue 11, bug 2: with nine_points=1 a trick of 9h and Ah counts 12 (the page used to say 11)."""
    for nine_points, expected in ((1, 12), (0, 11)):
        rules = Rules.preset("seed66").replace(nine_points=nine_points)
        match = create_match(rules)
        deal = match.new_deal(stacked(rules, "9h", "Ah"))
        assert isinstance(deal, Deal)
        deal.apply(Action.parse("9h"), 1)
        deal.apply(Action.parse("Ah"), 2)
        for seat in (1, 2):
            (trick,) = seat_state(public(match), match, seat)["deal"]["tricks"]
            assert trick == {
                "number": 1,
                "leader": 1,
                "cards": [{"seat": 1, "card": "9h"}, {"seat": 2, "card": "Ah"}],
                "winner": 2,
                "points": expected,
            }


def test_one_shape_for_every_table_size() -> None:
    shapes = []
    for preset in PRESETS:
        match = create_match(Rules.preset(preset))
        match.new_deal(seed=5)
        state = seat_state(public(match), match, 1)
        shapes.append((sorted(state), sorted(state["deal"]), sorted(state["deal"]["seats"][0])))
        assert state["players"] == match.rules.players and len(state["seats"]) == len(match.seats)
        assert (state["opponent"] is None) == (len(match.seats) != 2)
    assert all(shape[:2] == shapes[0][:2] for shape in shapes), "the state's keys differ by table size"


def test_the_dealer_who_sits_out_sees_no_hand_and_no_pass() -> None:
    rng = random.Random(3)
    seen_pass = False
    for _ in range(30):
        match = create_match(Rules.preset("three66"))
        deal = match.new_deal(seed=rng.getrandbits(32))
        assert isinstance(deal, ThreeHandedDeal)
        play(match, rng, stop=rng.randrange(1, 30))
        out = deal.sitting_out
        state = seat_state(public(match), match, out)
        assert state["deal"]["hand"] == [] and state["legal"] == [] and state["after_draw"] == []
        assert all(h["action"] != "pass" for h in state["deal"]["history"])
        seen_pass = seen_pass or any(a == "pass" for _, a in ((s, str(a)) for s, a in deal.history))
        hands = deal.inner.hands[1] | deal.inner.hands[2]
        shown = deal.inner.known[1] | deal.inner.known[2]
        names = {CARD_NAMES[c] for c in range(32) if hands >> c & 1 and not shown >> c & 1}
        assert not names & set(str(state).replace("'", " ").split()), names


def test_the_claim_verdict_is_the_engines() -> None:
    """``you.claim_holds``: whether a claim now would be correct, from the engine (own points only)."""
    rng = random.Random(8)
    verdicts = set()
    for _ in range(20):
        match = create_match(Rules.preset("seed66"))
        deal = match.new_deal(seed=rng.getrandbits(32))
        while not deal.is_over:
            for seat in (1, 2):
                you = seat_state(public(match), match, seat)["you"]
                if "66" not in [str(a) for a in deal.legal_actions(seat)]:
                    assert you["claim_holds"] is None
                    continue
                work = deal.copy()
                work.apply(Action.parse("66"), seat)
                assert work.outcome is not None
                assert you["claim_holds"] == (work.outcome.winner == seat)
                verdicts.add(you["claim_holds"])
            play(match, rng, stop=1, avoid=("66", "C", "CB"))
    assert verdicts == {True, False}


@pytest.mark.parametrize("preset", PRESETS)
def test_a_memo_gives_the_states_built_afresh(preset: str) -> None:
    """The StateMemo one match shares between its states (the deal's public part, the finished
    deals' ends) changes no state: after every action of whole matches, every seat's state with
    the memo equals the one built without it, also when the names at the table change."""
    rng = random.Random(f"memo {preset}")
    rules = Rules.preset(preset)
    match = create_match(rules.replace(match_target=11) if rules.auto_claim else rules)  # (VU: shorter deals)
    memo = StateMemo()
    table = public(match)
    states = 0
    while not match.is_over:
        deal = match.new_deal(seed=rng.getrandbits(32))
        while True:
            if len(match.deals) == 3 and len(deal.history) == 4:  # new names: what was kept is rebuilt
                names = {s: (f"Q{s}", "human", None) for s in match.seats}
                table = PublicMatch("m1", 8, "playing", "computer", True, names)
            for seat in match.seats:
                assert seat_state(table, match, seat, memo) == seat_state(table, match, seat), (preset, seat)
                states += 1
            if deal.is_over:
                break
            seat_to_ask = deal.seat_to_ask
            assert seat_to_ask is not None
            legal = deal.legal_actions(seat_to_ask)
            match.apply(rng.choice([a for a in legal if str(a) not in ("66", "C", "CB")] or legal), seat_to_ask)
    assert len(match.deals) > 3 and states > 200
