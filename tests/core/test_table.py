"""The table interface (core/table.py) on thousands of random positions of every table size.

Hypothesis draws a preset (two-, three- and four-handed) with option overrides, a deal seed,
a dealer and the choices that lead to a position (the seats out of turn take their exchange
window sometimes). At every position of the walk:

* ``legal_actions``, ``is_legal``, ``why_illegal`` and ``verify`` agree for every action id
  and every seat (verify/can/do: one legality function), and ``verify`` and a refused
  ``apply`` leave the whole state unchanged;
* the spectator view names no card of any hand that is not public, nor of the stock;
* the text form reads back into the same state (``text`` / ``parse_text``), for deals and
  for whole matches.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix import (
    Deal,
    DealError,
    FourHandedDeal,
    IllegalActionError,
    MatchError,
    PartnershipView,
    Rules,
    ThreeHandedDeal,
    create_match,
)
from sixtysix.core.actions import ACTIONS, CLAIM, NUM_ACTIONS, Action
from sixtysix.core.cards import BIT, CARD_NAMES, mask_of
from sixtysix.core.match import match_from_text
from sixtysix.core.table import AnyDeal, Table, table_from_text

PRESETS: tuple[tuple[str, dict[str, Any]], ...] = (
    ("seed66", {}),
    ("seed66", {"nine_exchange_rule": "trick_anytime", "exchange_on_close": True}),
    ("seed66", {"auto_claim": True, "marriage_in_phase2": True}),
    ("seed66", {"marriage_lead_card": "king", "marriage_claim_without_lead": False, "nine_points": 1}),
    ("seed66", {"first_lead_exchange": True, "nine_exchange_rule": "leader_any", "close_before_draw": False}),
    ("pagat66", {}),
    ("schnapsen", {}),
    ("schnapsen", {"nine_points": 1, "close_min_talon": 4}),
    ("three66", {}),
    ("three66", {"three_player_play_for_loser": True, "nine_exchange_rule": "trick_anytime"}),
    ("four66", {}),
    ("four66", {"four_player_marriages": True, "ten_of_trumps_bonus": True}),
    ("four66", {"four_player_undertrump_required": False, "four_player_scale": "loser_under_33"}),
)
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def rules_of(index: int) -> Rules:
    preset, options = PRESETS[index]
    return Rules.preset(preset).replace(**options)


def new_deal(rules: Rules, seed: int, dealer_index: int) -> AnyDeal:
    match = create_match(rules, rules.seats[dealer_index % len(rules.seats)])
    return match.new_deal(seed=seed)


def step(table: Table, rng: random.Random) -> None:
    """One decision: the seat that may exchange out of turn sometimes, else the seat to act."""
    seat = table.seat_to_ask if rng.random() < 0.5 else table.to_act
    legal = table.legal_actions(seat)
    careful = [a for a in legal if a != CLAIM or max(table.scores()) >= 66] or legal
    table.apply(rng.choice(careful), seat)


def state_of(value: Any) -> Any:
    """Everything a table holds, slot by slot (lists copied), to prove that nothing changed."""
    slots = [name for cls in type(value).__mro__ for name in getattr(cls, "__slots__", ())]
    return tuple((name, _copy(getattr(value, name))) for name in slots)


def _copy(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_copy(item) for item in value)
    if isinstance(value, Deal):
        return state_of(value)
    return value


def check_legality(table: Table) -> None:
    """For every seat and action id: the list, the predicate, the reason and the error agree."""
    before = state_of(table)
    for seat in (None, *table.seats):
        legal = table.legal_actions(seat)
        allowed = [a for a in range(NUM_ACTIONS) if table.is_legal(a, seat)]
        assert sorted(legal) == allowed, (seat, legal, allowed)
        if isinstance(table, (Deal, ThreeHandedDeal)):
            assert legal == sorted(legal)  # two players: in id order
        for action in range(NUM_ACTIONS):
            reason = table.why_illegal(action, seat)
            assert (reason is None) == (action in allowed)
            if reason is None:
                table.verify(action, seat)
                continue
            assert "{" not in reason and reason  # every seat named, no template left
            with pytest.raises(IllegalActionError) as error:
                table.verify(action, seat)
            assert str(error.value) == f"{ACTIONS[action]}: {reason}"
            with pytest.raises(IllegalActionError):
                table.apply(action, seat)
    assert state_of(table) == before, "verify or a refused apply changed the table"


def check_spectator(table: AnyDeal) -> None:
    """The spectator's view names only public cards and counts the hands right."""
    view = table.spectator_view()
    public = BIT[table.trump_card] | mask_of(int(a) for _, a in table.history if a.is_card())
    for seat in table.seats:
        assert view.hand_sizes[seat - 1] == table.hand_size(seat)
        public |= view.shown[seat - 1]
        assert not view.shown[seat - 1] & ~table.hand(seat), "a card shown that the seat does not hold"
    if view.face_up is not None:
        public |= BIT[view.face_up]
    assert view.visible_cards() & ~public == 0
    hidden = 0
    for seat in table.seats:
        hidden |= table.hand(seat)
    hidden &= ~public
    assert view.visible_cards() & hidden == 0, "the spectator's view shows a hidden card"
    assert view.scores == table.scores() and view.trick_counts == table.trick_counts()
    assert view.to_act == table.to_act and view.active == table.active and view.sitting_out == table.sitting_out
    assert view.completed_tricks() == table.completed_tricks()
    assert view.outcome == table.outcome


def check_hand_sizes(table: AnyDeal) -> None:
    """Every seat's view counts the other hands as they are (the hand-size facts)."""
    for seat in table.active:
        view = table.view(seat)
        if isinstance(view, PartnershipView):
            assert [view.hand_size(s) for s in table.seats] == [table.hand_size(s) for s in table.seats]
        else:
            other = next(s for s in table.active if s != seat)
            assert view.opponent_hand_size == table.hand_size(other)


def check_spectator_cannot_tell(table: AnyDeal, rng: random.Random) -> None:
    """Deal the cards nobody has seen differently and replay the same actions: wherever the
    history allows that other deal, the spectator's view is the same (it depends on no hidden card)."""
    view = table.spectator_view()
    public = view.visible_cards()
    positions = [i for i, card in enumerate(table.deck) if not public >> card & 1]
    cards = [table.deck[i] for i in positions]
    rng.shuffle(cards)
    deck = list(table.deck)
    for i, card in zip(positions, cards, strict=True):
        deck[i] = card
    fields = table.text().split()
    text = " ".join("cards=" + "".join(CARD_NAMES[c] for c in deck) if f.startswith("cards=") else f for f in fields)
    try:
        other = type(table).parse_text(text)
    except IllegalActionError:
        return  # a follower's play rules that deal out (he showed a void): nothing to compare
    assert other.spectator_view() == view, "the spectator's view depends on a hidden card"


def check_text(table: AnyDeal) -> None:
    text = table.text()
    again = type(table).parse_text(text)
    assert again.text() == text and state_of(again) == state_of(table)
    assert table_from_text(text).text() == text
    assert eval(repr(table), {type(table).__name__: type(table)}).text() == text  # the repr's contract


@pytest.mark.slow
@SETTINGS
@given(
    index=st.integers(0, len(PRESETS) - 1),
    seed=st.integers(0, 2**32 - 1),
    dealer=st.integers(0, 3),
    rng=st.randoms(use_true_random=True),
)
def test_every_position_answers_alike(index: int, seed: int, dealer: int, rng: random.Random) -> None:
    table = new_deal(rules_of(index), seed, dealer)
    while True:
        check_legality(table)
        check_spectator(table)
        check_hand_sizes(table)
        if rng.random() < 0.15:
            check_text(table)
            check_spectator_cannot_tell(table, rng)
        if table.is_over:
            break
        step(table, rng)
    check_text(table)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(index=st.integers(0, len(PRESETS) - 1), seed=st.integers(0, 2**32 - 1), stop=st.integers(0, 400))
def test_match_text_round_trip(index: int, seed: int, stop: int) -> None:
    """A match, finished or stopped at any action, reads back from its text exactly."""
    rng = random.Random(seed)
    match = create_match(rules_of(index))
    steps = 0
    while not match.is_over and steps < stop:
        table = (
            match.current if match.current and not match.current.is_over else match.new_deal(seed=rng.getrandbits(32))
        )
        step(table, rng)
        match.settle()
        steps += 1
    text = match.text()
    again = match_from_text(text)
    assert type(again) is type(match) and again.text() == text
    assert again.score == match.score and again.carried == match.carried and again.winner == match.winner
    assert [state_of(d) for d in again.deals] == [state_of(d) for d in match.deals]
    assert type(match).parse_text(text).text() == text
    assert repr(again) == repr(match)


def test_three_handed_errors_name_table_seats() -> None:
    """The engine's own error names the table's seats: nobody has to rewrite seat numbers."""
    deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)  # seats 2 and 3 play, seat 2 leads
    card = deal.legal_actions()[0]
    assert deal.why_illegal(card, 3) == "it is seat 2's turn, not seat 3's"
    missing = next(a for a in ACTIONS[:32] if not deal.hand(2) >> a & 1 and deal.rules.pack >> a & 1)
    with pytest.raises(IllegalActionError, match=rf"^{missing}: seat 2 does not hold {missing}$"):
        deal.apply(missing, 2)
    with pytest.raises(IllegalActionError, match=r": seat 1 sits out this deal$"):
        deal.apply(card, 1)
    assert deal.why_illegal(card, 5) == "there is no seat 5 at a three-handed table"
    deal.apply(card, 2)
    assert deal.why_illegal(deal.legal_actions()[0], 2) == "it is seat 3's turn, not seat 2's"
    while not deal.is_over:
        deal.apply(deal.legal_actions()[-1 if CLAIM not in deal.legal_actions() else 0])
    assert deal.outcome is not None and "seat 1" not in deal.outcome.reason
    assert deal.outcome.reason == deal.table_text(deal.inner.outcome.reason if deal.inner.outcome else "")


def test_the_text_holds_draws_and_declined_exchanges() -> None:
    """Unlike a record, a deal's text keeps the ``draw`` and ``pass`` decisions: the state is exact."""
    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
    for token in ("Ah", "9c", "draw", "Tc", "Ac", "draw"):
        deal.apply(Action.parse(token))
    deal.apply(Action.parse("pass"), 1)
    text = deal.text()
    assert text.endswith("actions=1:Ah,2:9c,1:draw,1:Tc,2:Ac,2:draw,1:pass")
    again = Deal.parse_text(text)
    assert state_of(again) == state_of(deal) and again.passes == 1


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", DealError),
        ("seed66 dealer=2", DealError),
        ("nosuch dealer=2 cards=", DealError),
        ("seed66 dealer=x cards=KhQh", DealError),
        ("seed66 dealer=2 cards=KhQhZz", DealError),
        ("seed66 dealer=2 cards=KhQh", DealError),
        ("seed66 dealer=2 dealer=1 cards=", DealError),
        ("seed66 colour=red dealer=2 cards=", DealError),
        ("four66 dealer=4 cards=" + "Ah" * 32, DealError),
    ],
)
def test_malformed_texts_raise_precise_errors(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        Deal.parse_text(text) if "four66" not in text else FourHandedDeal.parse_text(text)


def test_texts_of_the_wrong_size_or_with_illegal_actions() -> None:
    two = Deal.shuffled(seed=1).text()
    with pytest.raises(DealError, match="2-player game, not a 3-player one"):
        ThreeHandedDeal.parse_text(two)
    first = Deal.shuffled(seed=1).legal_actions(2)
    assert first == []
    with pytest.raises(IllegalActionError, match="it is seat 1's turn"):
        Deal.parse_text(two.replace("actions=", "actions=2:66"))
    with pytest.raises(MatchError):
        match_from_text("seed66\n")
    positioned = Deal.from_position(
        Rules(), dealer=2, trump_card=0, hands=(0, 0), stock=(), face_up=None, won=(0, 0),
        scores=(0, 0), pending=(0, 0), tricks=(0, 0), stage=Deal.shuffled(0).stage, leader=1,
    )  # fmt: skip
    with pytest.raises(DealError, match="no text form"):
        positioned.text()
    assert repr(positioned).startswith("<Deal position")


@pytest.mark.parametrize(
    ("preset", "options", "names_a_loser"),
    [
        ("seed66", {}, False),
        ("four66", {}, False),
        ("three66", {}, False),
        ("three66", {"three_player_play_for_loser": "true"}, True),
    ],
)
def test_only_the_three_handed_play_off_names_a_loser(
    preset: str, options: dict[str, str], names_a_loser: bool
) -> None:
    match = create_match(Rules.from_options(preset, {"match_target": "2", **options}))
    rng = random.Random(7)
    assert match.loser is None
    while not match.is_over:
        deal = match.new_deal(seed=rng.getrandbits(64))
        while not deal.is_over:
            seat = deal.seat_to_ask
            deal.apply(rng.choice(deal.legal_actions(seat)), seat)
        match.settle()
    assert match.winner is not None
    if names_a_loser:
        assert match.loser in match.seats and match.loser != match.winner
    else:
        assert match.loser is None
