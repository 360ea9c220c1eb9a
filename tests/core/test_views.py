"""Information hiding: a PlayerView names only cards its seat has legitimately seen.

The test keeps its own account of what each seat has seen, built from the deal's deck and
public history alone (the draws are replayed from the deck order, as a real player would
see them): his own dealt hand and draws, the turned-up trump card, every card played, both
cards of every marriage, the cards that change places in an exchange, and the face-up card
the opponent draws at the last draw. At every step of many random deals, for both seats,
the view must stay inside that set, hide the opponent's hand and the stock, offer legal
actions exactly when the seat has a decision, and report as ``unseen`` exactly the rest.
"""

from __future__ import annotations

import dataclasses
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix import Action, Deal, IllegalActionError, PlayerView, Rules, Stage
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS
from sixtysix.core.cards import BIT, CARD_NAMES, HIGHER, JACK, KING, NINE, QUEEN, mask_of, parse_card, parse_cards

PRESET_NAMES = ("seed66", "pagat66", "schnapsen")
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {},
    {"nine_exchange_rule": "trick_anytime"},
    {"exchange_on_close": True},
    {"auto_claim": True},
    {"marriage_in_phase2": True, "strict_claims": True},
    {"first_lead_exchange": True, "nine_exchange_rule": "leader_any"},
    {"close_before_draw": False, "close_min_talon": 4},
    {"exchange_on_close": True, "nine_exchange_rule": "trick_anytime", "exchange_min_talon": 4},
)
SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

rules_strategy = st.builds(
    lambda preset, options: Rules.preset(preset).replace(**options),
    st.sampled_from(PRESET_NAMES),
    st.sampled_from(OPTION_SETS),
)


class Witness:
    """What each seat has seen, kept from the deck and the public actions only.

    Also replays the whole deal (both hands, the stock, the face-up card, the exchange
    window) from the rules of the specification, as an independent check of the engine.
    """

    def __init__(self, deck: tuple[int, ...], dealer: int, rules: Rules) -> None:
        h = rules.hand_size
        forehand = 3 - dealer
        self.rules = rules
        self.hands = [0, 0, 0]
        self.hands[forehand] = mask_of(deck[:h])
        self.hands[dealer] = mask_of(deck[h : 2 * h])
        self.trump_card = deck[2 * h]
        self.trump = self.trump_card >> 3
        self.exchange_card = self.trump * 8 + (NINE if rules.exchange_rank == "9" else JACK)
        self.stock = deck[2 * h + 1 :]
        self.pos = 0
        self.face_up: int | None = self.trump_card
        public = BIT[self.trump_card]
        self.seen = [0, self.hands[1] | public, self.hands[2] | public]
        self.leader = forehand
        self.led: int | None = None
        self.closed = False
        self.tricks = [0, 0, 0]
        self.draw_pending = False
        self.window = 0

    @property
    def talon_size(self) -> int:
        return len(self.stock) - self.pos + (self.face_up is not None)

    @property
    def phase2(self) -> bool:
        return self.closed or self.face_up is None

    def show(self, cards: int) -> None:
        """Cards shown face up to both seats."""
        self.seen[1] |= cards
        self.seen[2] |= cards

    def step(self, seat: int, action: int, over_after: bool) -> None:
        """Account for one action; ``over_after`` is whether the deal ended with it (public)."""
        if self.draw_pending:
            self.draw_pending = False
            assert seat == self.leader and action in (DRAW, CLOSE_BEFORE_DRAW, CLAIM), (seat, Action(action))
            if action == DRAW:
                self.draw()
                return
        if action < 32:
            self.hands[seat] &= ~BIT[action]
            self.show(BIT[action])
            if self.led is None:
                self.led = action
                self.window = 0
            else:
                self.end_trick(seat, action, over_after)
        elif action < EXCHANGE:  # a marriage: both cards are shown
            suit = (action - 32) & 3
            self.show(BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN])
            self.window = 0
        elif action == EXCHANGE:
            assert self.face_up is not None
            taken, given = self.face_up, self.exchange_card
            self.hands[seat] = self.hands[seat] & ~BIT[given] | BIT[taken]
            self.show(BIT[taken] | BIT[given])
            self.face_up = given
            if seat == self.window:
                self.window = 0
        elif action in (CLOSE, CLOSE_BEFORE_DRAW):
            self.closed = True
            other = 3 - seat
            rules = self.rules
            may_swap = rules.exchange_on_close and self.hands[other] & BIT[self.exchange_card]
            self.window = other if may_swap and self.talon_size >= rules.exchange_min_talon else 0
        elif action == PASS:  # the seat not on lead declines his exchange
            assert seat == self.window
            self.window = 0
        else:
            assert action == CLAIM, f"{Action(action)} without a pending draw"
            self.window = 0

    def end_trick(self, seat: int, card: int, over_after: bool) -> None:
        led = self.led
        assert led is not None
        trumped = card >> 3 == self.trump and led >> 3 != self.trump
        beats = card >> 3 == led >> 3 and bool(HIGHER[led] & BIT[card])
        winner = seat if beats or trumped else 3 - seat
        self.tricks[winner] += 1
        self.leader = winner
        self.led = None
        self.window = 0
        if over_after or self.phase2 or not self.hands[seat]:
            return
        rules = self.rules
        if rules.close_allowed and rules.close_before_draw and self.talon_size >= rules.close_min_talon:
            self.draw_pending = True  # the winner may claim or close before drawing
        else:
            self.draw()

    def draw(self) -> None:
        winner, loser = self.leader, 3 - self.leader
        first = self.stock[self.pos]
        if self.pos + 1 < len(self.stock):
            second = self.stock[self.pos + 1]
            self.pos += 2
        else:  # the loser takes the face-up card, in view of both
            assert self.face_up is not None
            second = self.face_up
            self.pos += 1
            self.face_up = None
            self.show(BIT[second])
        self.hands[winner] |= BIT[first]
        self.hands[loser] |= BIT[second]
        self.seen[winner] |= BIT[first]
        self.seen[loser] |= BIT[second]
        rules = self.rules
        eligible = rules.nine_exchange_rule in ("seed", "trick_anytime") and self.tricks[loser] > 0
        holds = self.hands[loser] & BIT[self.exchange_card]
        if eligible and holds and self.face_up is not None and self.talon_size >= rules.exchange_min_talon:
            self.window = loser  # the seed's rule: he may exchange before the leader leads
        else:
            self.window = 0

    def stock_mask(self) -> int:
        return mask_of(self.stock[self.pos :])


# -- the checks ------------------------------------------------------------------------------

MASK_FIELDS = {"hand", "opponent_known", "won"}
CARD_FIELDS = {"trump_card", "face_up", "led"}
ACTION_FIELDS = {"history", "legal"}
PLAIN_FIELDS = {  # seats, counts, points, suits: never a card set
    "seat",
    "dealer",
    "trump",
    "talon_size",
    "closer",
    "stage",
    "to_act",
    "leader",
    "tricks",
    "score",
    "pending",
    "match_score",
    "carried",
    "opponent_score",
    "opponent_pending",
    "close_score",
    "close_tricks",
    "window",
    "marriage_suit",
}


def ints_in(value: Any) -> list[int]:
    """Every int inside a value (tuples and lists opened)."""
    if isinstance(value, bool) or value is None:
        return []
    if isinstance(value, int):
        return [int(value)]
    if isinstance(value, (tuple, list)):
        return [i for item in value for i in ints_in(item)]
    raise AssertionError(f"unexpected value in a view: {value!r}")


def scan_fields(view: PlayerView, deal: Deal, hidden: int) -> None:
    """Every field of the view, by kind: no mask, card or card action may name a hidden card."""
    names = {f.name for f in dataclasses.fields(view)}
    unknown = names - MASK_FIELDS - CARD_FIELDS - ACTION_FIELDS - PLAIN_FIELDS - {"rules"}
    assert not unknown, f"new PlayerView fields {unknown}: say in this test whether they hold cards"
    for name in sorted(names):
        value = getattr(view, name)
        if name == "rules":
            assert value is deal.rules  # public, and the same for both seats
            continue
        if name == "history":  # (seat, action) pairs: the seats are plain numbers
            assert all(seat in (1, 2) for seat, _ in value)
            value = [action for _, action in value]
        for number in ints_in(value):
            if name in MASK_FIELDS:
                assert not number & hidden, f"view.{name} names hidden cards"
            elif name in CARD_FIELDS or (name in ACTION_FIELDS and number < 32):
                assert not BIT[number] & hidden, f"view.{name} names the hidden {CARD_NAMES[number]}"
            elif name in PLAIN_FIELDS:
                assert -1 <= number <= 400, f"view.{name} = {number} looks like a card mask"


def check_views(deal: Deal, witness: Witness, rng: random.Random, swap_rate: float = 0.1) -> None:
    rules = deal.rules
    pack = rules.pack
    # The witness's independent replay agrees with the engine.
    assert (witness.hands[1], witness.hands[2]) == (deal.hands[1], deal.hands[2])
    assert witness.face_up == (deal.face_up if deal.face_up >= 0 else None)
    assert witness.stock_mask() == mask_of(deal.stock[deal.stock_pos :])
    assert witness.window == deal.window
    for seat in (1, 2):
        other = 3 - seat
        seen = witness.seen[seat]
        hidden = pack & ~seen
        view = PlayerView.of(deal, seat)
        assert view.visible_cards() & hidden == 0, "the view shows a card its seat has not seen"
        assert view.hand == witness.hands[seat]
        assert view.opponent_known == witness.hands[other] & seen
        assert view.unseen == hidden
        assert view.phase2 == deal.phase2  # R-P2-1: the talon closed or exhausted is public
        scan_fields(view, deal, hidden)
        # Neither the opponent's hand nor the stock is in the view, whenever they hold a secret.
        secrets = [m for m in (deal.hands[other], witness.stock_mask()) if m & hidden]
        for name in MASK_FIELDS:
            for number in ints_in(getattr(view, name)):
                assert number not in secrets, f"view.{name} is a hidden mask"
        # The text summary names no hidden card either.
        words = set(re.findall(r"[A-Za-z0-9]+", view.describe()))
        assert not {CARD_NAMES[c] for c in range(32) if hidden >> c & 1} & words
        # Legal actions exactly when the seat has a decision: his turn, or his exchange window.
        decides = not deal.is_over and (seat == deal.to_act or seat == witness.window)
        assert bool(view.legal) == decides == view.is_my_turn
        if view.legal:
            if seat == deal.to_act:
                assert list(view.legal) == deal.legal_actions()
            else:
                assert EXCHANGE in view.legal and set(view.legal) <= {EXCHANGE, PASS}
        # Every action is public but one: declining an exchange would show that one holds the card.
        assert view.history == tuple(h for h in deal.history if h[1] != PASS or h[0] == seat)
        if rng.random() < swap_rate:
            check_indistinguishable(deal, seat, hidden, view, rng)


def check_indistinguishable(deal: Deal, seat: int, hidden: int, view: PlayerView, rng: random.Random) -> None:
    """Shuffle the cards this seat has not seen within the deck, replay the same actions:
    wherever the history allows that other deal, the seat's view must be the same."""
    positions = [i for i, card in enumerate(deal.deck) if hidden >> card & 1]
    if len(positions) < 2:
        return
    for _ in range(2):
        cards = [deal.deck[i] for i in positions]
        rng.shuffle(cards)
        deck = list(deal.deck)
        for i, card in zip(positions, cards, strict=True):
            deck[i] = card
        other = Deal(deck, deal.dealer, deal.rules)
        if replay(other, deal.history, seat):
            assert PlayerView.of(other, seat) == view, "the view depends on cards its seat has not seen"


def replay(deal: Deal, history: list[tuple[int, Action]], seat: int) -> bool:
    """Replay ``history`` on another deck; False if the opponent's play rules that deck out."""
    for actor, action in history:
        try:
            deal.apply(action, actor)
        except IllegalActionError:
            if actor != seat and action == PASS:
                continue  # with this deck he had no exchange to decline: a private decision
            # Only a card the opponent played to a trick in phase 2 may rule this deck out (he
            # did not follow suit, so he has none); everything else he does is public anyway.
            assert action < 32 and deal.stage == Stage.FOLLOW, f"the history shows {actor}:{action}"
            return False
    return True


def play_and_watch(deal: Deal, rng: random.Random, careful: bool) -> None:
    witness = Witness(deal.deck, deal.dealer, deal.rules)
    check_views(deal, witness, rng)
    while not deal.is_over:
        actor = deal.to_act
        assert actor is not None
        other = 3 - actor
        window = deal.legal_actions(other)
        if window and rng.random() < 0.6:
            seat, action = other, EXCHANGE if rng.random() < 0.7 else rng.choice(window)
        else:
            legal = deal.legal_actions()
            if careful:
                legal = [a for a in legal if a != CLAIM or deal.score[actor] >= 66] or legal
                if rng.random() < 0.85:
                    legal = [a for a in legal if a not in (CLOSE, CLOSE_BEFORE_DRAW)] or legal
            seat, action = actor, rng.choice(legal)
        deal.apply(action, seat)
        witness.step(seat, action, deal.is_over)
        check_views(deal, witness, rng)


@pytest.mark.slow
@SETTINGS
@given(
    rules=rules_strategy,
    seed=st.integers(0, 2**32 - 1),
    dealer=st.sampled_from((1, 2)),
    rng=st.randoms(use_true_random=True),
    careful=st.booleans(),
)
def test_views_show_only_seen_cards(rules: Rules, seed: int, dealer: int, rng: random.Random, careful: bool) -> None:
    play_and_watch(Deal.shuffled(seed, dealer, rules), rng, careful)


@pytest.mark.slow
def test_views_of_long_deals() -> None:
    """Deterministic: long (careful) deals of every preset, to exhaustion and the last trick."""
    for preset in PRESET_NAMES:
        rules = Rules.preset(preset)
        for seed in range(150):
            play_and_watch(Deal.shuffled(seed, 1 + seed % 2, rules), random.Random(seed), careful=True)


def test_view_hides_the_opponent_at_the_start() -> None:
    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
    view = PlayerView.of(deal, 2)
    assert view.hand == deal.hands[2] and view.opponent_known == 0
    assert view.visible_cards() == deal.hands[2] | BIT[deal.trump_card]
    assert view.unseen.bit_count() == 24 - 6 - 1 and view.legal == ()
    # The forehand declares the heart marriage: both cards become known to seat 2.
    deal.apply(Action.parse("20h"))
    assert PlayerView.of(deal, 2).opponent_known == parse_cards("Kh Qh")
    deal.apply(Action.parse("Kh"))
    view = PlayerView.of(deal, 2)
    assert view.opponent_known == parse_cards("Qh") and view.led == parse_card("Kh")
    assert view.legal == tuple(deal.legal_actions()) and PlayerView.of(deal, 1).legal == ()


def test_the_leader_cannot_tell_whether_the_opponent_may_exchange() -> None:
    """Seed rule: after the draw, a seat not on lead that has won a trick may exchange the
    trump nine before the leader leads. That he may (or that he declines) must not show."""
    deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
    for token in ("Ah", "9c", "draw", "Tc", "Ac", "draw"):  # seat 1 wins trick 1, seat 2 trick 2
        deal.apply(Action.parse(token))
    assert deal.to_act == 2 and Action(EXCHANGE) in deal.legal_actions(1)
    holder, leader = PlayerView.of(deal, 1), PlayerView.of(deal, 2)
    assert holder.window == 1 and EXCHANGE in holder.legal
    assert leader.window == 0 and list(leader.legal) == deal.legal_actions()
    deal.apply(PASS, 1)
    assert PlayerView.of(deal, 2) == leader  # declining changed nothing the leader can see
    assert PlayerView.of(deal, 1).history[-1] == (1, Action(PASS))
