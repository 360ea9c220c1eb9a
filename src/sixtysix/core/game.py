"""One deal of two-player 66: the state, its legal actions and its result.

Seats are 1 and 2, as in records; seat 1 deals first by default. Per-seat
values live in lists of length three whose index 0 is unused, so that
``hands[seat]`` reads as it means and ``3 - seat`` is the other seat.

A deal is built from the complete card order (chance is explicit: the deck
*is* the chance outcome) and advanced with :meth:`Deal.apply`:

>>> from sixtysix import Deal, Rules, Action
>>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
>>> deal.to_act, deal.trump_card_name
(1, 'Ts')
>>> [str(a) for a in deal.legal_actions()]
['Tc', 'Ah', 'Kh', 'Qh', 'Js', '9s', '20h', 'C', '66']
>>> deal.apply(Action.parse("20h")); deal.apply(Action.parse("Kh")); deal.apply(Action.parse("Ac"))
>>> deal.scores(), deal.trick_counts(), deal.to_act  # Kh takes Ac; the 20 counts with it
((35, 0), (1, 0), 1)

Illegal input raises and changes nothing:

>>> deal.apply(Action.parse("Kh"))
Traceback (most recent call last):
...
sixtysix.core.errors.IllegalActionError: Kh: seat 1 does not hold Kh
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from sixtysix.core.actions import (
    ACTIONS,
    CLAIM,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    IS_CARD,
    NUM_ACTIONS,
    PASS,
    Action,
    marriage_suit,
)
from sixtysix.core.cards import (
    BIT,
    CARD_NAMES,
    KING,
    KINGS,
    NUM_CARDS,
    QUEEN,
    SUIT_OF,
    Card,
    CardMask,
    cards_of,
    format_cards,
    parse_card,
    suit_of,
)
from sixtysix.core.errors import DealError, IllegalActionError
from sixtysix.core.facts import (
    BEATERS,
    CLOSED_DEAL_FACTOR,
    DEAL_TARGET,
    GAME_POINT_SCALE,
    MARRIAGE_CARDS,
    SCHNEIDER,
    SCHNEIDER_WIN,
    SCHWARZ_WIN,
    SIMPLE_WIN,
    WINS_DEAL_POINTS,
    Trick,
    closer_win_points,
    exchange_card,
    follow_mask,
    game_points,
    last_trick_bonus,
    marriage_counts_now,
    marriage_for,
    marriage_points,
    marriage_value,
    tricks_of,
)
from sixtysix.core.outcome import WIN_SCALE_REASONS, Outcome, Reason, Scoring, Stage, Termination
from sixtysix.core.rules import Rules
from sixtysix.core.textform import parse_table_text, table_text
from sixtysix.core.view import PLAYER_VIEW_FIELDS, PlayerView, SpectatorView, fill

LEAD, MARRIAGE, FOLLOW, BEFORE_DRAW, OVER = (
    Stage.LEAD,
    Stage.MARRIAGE,
    Stage.FOLLOW,
    Stage.BEFORE_DRAW,
    Stage.OVER,
)

INNER_SEATS: tuple[int, int, int] = (0, 1, 2)
"""How a two-player table names its seats in texts: seat 1 is "seat 1" (a three-handed
table names the seats of its inner deal with its own numbers)."""
_SEAT_TEMPLATES = {1: "seat {1}", 2: "seat {2}"}


def seat_text(seat: int) -> str:
    """``seat N`` in a reason, with the two players' seats left as ``{1}``/``{2}`` for the table to name."""
    return _SEAT_TEMPLATES.get(seat, f"seat {seat}")


def illegal(action: int, reason: str, names: Sequence[int]) -> IllegalActionError:
    """The error for ``action`` refused for ``reason`` (a template of :func:`seat_text`), seats named by ``names``."""
    if not 0 <= action < NUM_ACTIONS:
        return IllegalActionError(reason)
    return IllegalActionError(f"{ACTIONS[action]}: {reason.format(*names)}")


class Deal:
    """The complete state of one deal. Copy it with :meth:`copy` for search."""

    __slots__ = (
        "close_score",
        "close_tricks",
        "closer",
        "dealer",
        "deck",
        "exchange_card",
        "face_up",
        "hands",
        "history",
        "known",
        "leader",
        "led",
        "marriage_suit",
        "outcome",
        "passes",
        "pending",
        "rules",
        "score",
        "stage",
        "stock",
        "stock_pos",
        "trick_count",
        "tricks",
        "trump",
        "trump_card",
        "window",
        "won",
    )  # fmt: skip

    rules: Rules
    deck: tuple[Card, ...]
    dealer: int
    trump: int
    trump_card: Card
    stock: tuple[Card, ...]
    stock_pos: int
    face_up: int
    hands: list[CardMask]
    known: list[CardMask]
    won: list[CardMask]
    score: list[int]
    pending: list[int]
    tricks: list[int]
    stage: Stage
    leader: int
    led: int
    marriage_suit: int
    closer: int
    close_score: int
    close_tricks: int
    window: int
    trick_count: int
    history: list[tuple[int, Action]]
    passes: int
    """How many ``pass`` decisions the history holds (a view hides the opponent's: they are private)."""
    outcome: Outcome | None
    exchange_card: Card

    def __init__(self, deck: Sequence[Card], dealer: int = 2, rules: Rules | None = None) -> None:
        rules = rules or Rules()
        if dealer not in (1, 2):
            raise DealError(f"dealer must be seat 1 or 2, not {dealer!r}")
        check_deck(deck, rules)
        h = rules.hand_size
        forehand = 3 - dealer
        self.rules = rules
        self.deck = tuple(deck)
        self.dealer = dealer
        self.trump_card = deck[2 * h]
        self.trump = suit_of(self.trump_card)
        self.exchange_card = exchange_card(rules, self.trump)
        self.stock = tuple(deck[2 * h + 1 :])
        self.stock_pos = 0
        self.face_up = self.trump_card
        hands = [0, 0, 0]
        for c in deck[:h]:
            hands[forehand] |= BIT[c]
        for c in deck[h : 2 * h]:
            hands[dealer] |= BIT[c]
        self.hands = hands
        self.known = [0, 0, 0]  # cards each seat is publicly known to hold
        self.won = [0, 0, 0]  # cards in each seat's tricks
        self.score = [0, 0, 0]  # counted card points
        self.pending = [0, 0, 0]  # marriage points not yet counted
        self.tricks = [0, 0, 0]
        self.stage = LEAD
        self.leader = forehand
        self.led = -1
        self.marriage_suit = -1
        self.closer = 0
        self.close_score = 0  # the closer's opponent's score and tricks at closing
        self.close_tricks = 0
        self.window = 0  # a seat not on lead that may exchange right now
        self.trick_count = 0
        self.history = []
        self.passes = 0
        self.outcome = None

    @classmethod
    def from_text(cls, deck: str, dealer: int = 2, rules: Rules | None = None) -> Deal:
        """A deal from blank-separated card names, top of the deck first."""
        return cls([parse_card(t) for t in deck.split()], dealer, rules)

    @classmethod
    def shuffled(cls, seed: int | random.Random | None = None, dealer: int = 2, rules: Rules | None = None) -> Deal:
        """A deal from a seeded shuffle (``random.Random(seed)``)."""
        rules = rules or Rules()
        return cls(shuffled_deck(rules, seed), dealer, rules)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        dealer: int,
        trump_card: Card,
        hands: tuple[CardMask, CardMask],
        stock: Sequence[Card],
        face_up: Card | None,
        won: tuple[CardMask, CardMask],
        scores: tuple[int, int],
        pending: tuple[int, int],
        tricks: tuple[int, int],
        stage: Stage,
        leader: int,
        led: Card | None = None,
        marriage_suit: int = -1,
        closer: int = 0,
        close_score: int = 0,
        close_tricks: int = 0,
        window: int = 0,
        known: tuple[CardMask, CardMask] = (0, 0),
    ) -> Deal:
        """A deal in the middle of play, every card placed (a sampled world, a puzzle).

        ``stock`` is the face-down stock still to draw, top first. The position has
        no history and no original deck order.
        """
        deal = cls.__new__(cls)
        deal.rules = rules
        deal.deck = ()
        deal.dealer = dealer
        deal.trump_card = trump_card
        deal.trump = suit_of(trump_card)
        deal.exchange_card = exchange_card(rules, deal.trump)
        deal.stock = tuple(stock)
        deal.stock_pos = 0
        deal.face_up = -1 if face_up is None else face_up
        deal.hands = [0, *hands]
        deal.known = [0, *known]
        deal.won = [0, *won]
        deal.score = [0, *scores]
        deal.pending = [0, *pending]
        deal.tricks = [0, *tricks]
        deal.stage = stage
        deal.leader = leader
        deal.led = -1 if led is None else led
        deal.marriage_suit = marriage_suit
        deal.closer = closer
        deal.close_score = close_score
        deal.close_tricks = close_tricks
        deal.window = window
        deal.trick_count = tricks[0] + tricks[1]
        deal.history = []
        deal.passes = 0
        deal.outcome = None
        return deal

    def copy(self) -> Deal:
        """An independent copy (cheap: ints, and lists of three ints)."""
        new = Deal.__new__(Deal)
        new.rules = self.rules
        new.deck = self.deck
        new.dealer = self.dealer
        new.trump = self.trump
        new.trump_card = self.trump_card
        new.exchange_card = self.exchange_card
        new.stock = self.stock
        new.stock_pos = self.stock_pos
        new.face_up = self.face_up
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.won = self.won[:]
        new.score = self.score[:]
        new.pending = self.pending[:]
        new.tricks = self.tricks[:]
        new.stage = self.stage
        new.leader = self.leader
        new.led = self.led
        new.marriage_suit = self.marriage_suit
        new.closer = self.closer
        new.close_score = self.close_score
        new.close_tricks = self.close_tricks
        new.window = self.window
        new.trick_count = self.trick_count
        new.history = self.history[:]
        new.passes = self.passes
        new.outcome = self.outcome
        return new

    # -- public read-only facts -------------------------------------------

    seats: tuple[int, ...] = (1, 2)
    """The seats of the table (both play)."""
    sitting_out: int = 0
    """Nobody sits out a two-player deal (the table interface's three-handed fact)."""

    @property
    def forehand(self) -> int:
        return 3 - self.dealer

    @property
    def active(self) -> tuple[int, int]:
        """The seats that play this deal, the first leader (the forehand) first."""
        return 3 - self.dealer, self.dealer

    @property
    def trump_card_name(self) -> str:
        return CARD_NAMES[self.trump_card]

    @property
    def talon_size(self) -> int:
        """Face-down stock plus the face-up card; 0 when exhausted (a closed talon keeps its cards)."""
        return len(self.stock) - self.stock_pos + (self.face_up >= 0)

    @property
    def closed(self) -> bool:
        return self.closer != 0

    @property
    def phase2(self) -> bool:
        """Strict rules apply: the talon is closed or exhausted."""
        return self.closer != 0 or self.face_up < 0

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def to_act(self) -> int | None:
        """The seat to act (the leader while the other seat may still exchange); ``None`` when over."""
        stage = self.stage
        if stage == OVER:
            return None
        if stage == FOLLOW:
            return 3 - self.leader
        return self.leader

    @property
    def seat_to_ask(self) -> int | None:
        """The seat whose decision is due: the seat that may exchange out of turn first, else :attr:`to_act`."""
        return self.window or self.to_act

    def scores(self) -> tuple[int, int]:
        """Counted card points of seats 1 and 2 (never a pending marriage)."""
        return self.score[1], self.score[2]

    def trick_counts(self) -> tuple[int, int]:
        return self.tricks[1], self.tricks[2]

    def scorer_of(self, seat: int) -> int:
        """Whose entry of :meth:`scores` and :meth:`trick_counts` is ``seat``'s: its own (1-based)."""
        return seat

    def hand(self, seat: int) -> CardMask:
        return self.hands[seat]

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: both seats can count them)."""
        return self.hands[seat].bit_count()

    def pending_marriage_points(self, seat: int) -> int:
        return self.pending[seat]

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far: leader, cards, winner and card points of each."""
        return tricks_of(self.history, self.rules, self.trump)

    # -- legality: one function, rules written once ---------------------------
    #
    # ``_refusal`` is the legality function: it returns ``None`` for a legal action and
    # otherwise the reason, a text whose seats are written ``{1}``/``{2}`` (so that a
    # three-handed table can name them with its own seat numbers). ``is_legal``,
    # ``verify``, ``apply`` and ``why_illegal`` ask it; ``legal_actions`` lists what the
    # same rule predicates allow (``_playable``, ``_may_marry``, ``_may_exchange``,
    # ``_may_close``, ``_may_claim``), and the tests check that both agree everywhere.

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act), in id order."""
        return [ACTIONS[a] for a in self._legal_for(seat)]

    def is_legal(self, action: int, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to act) may take ``action`` now."""
        return self._refusal(action, seat) is None

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal for ``seat`` (default: the seat to act) now; ``None`` if it is.

        >>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h")
        >>> deal.why_illegal(Action.parse("Kh")) is None, deal.why_illegal(Action.parse("Kh"), 2)
        (True, "it is seat 1's turn, not seat 2's")
        """
        reason = self._refusal(action, seat)
        return None if reason is None else reason.format(*INNER_SEATS)

    def verify(self, action: int, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` with the precise reason unless ``action`` is legal; change nothing."""
        reason = self._refusal(action, seat)
        if reason is not None:
            raise illegal(action, reason, INNER_SEATS)

    def explain_illegal(self, action: int, seat: int) -> str:
        """Why ``action`` is not legal for ``seat`` now (for error messages; ``legal`` if it is)."""
        return self.why_illegal(action, seat) or "legal"

    def _legal_for(self, seat: int | None) -> list[int]:
        if self.stage == OVER:
            return []
        actor = 3 - self.leader if self.stage == FOLLOW else self.leader
        if seat is not None and seat != actor:
            return [EXCHANGE, PASS] if seat and seat == self.window else []
        return self._legal_ids(actor)

    def _legal_ids(self, actor: int) -> list[int]:
        """The legal action ids of the seat to act, from the rule predicates."""
        stage = self.stage
        if stage == FOLLOW:  # the hottest path of every search: _playable and _may_exchange, inlined
            hand = self.hands[actor]
            ids = list(cards_of(self._follow_mask(hand)))
            if hand & BIT[self.exchange_card] and self._may_exchange(actor, follower=True):
                ids.append(EXCHANGE)
            return ids
        if stage == LEAD:
            hand = self.hands[actor]
            ids = list(cards_of(hand))
            pairs = hand & (hand >> 1) & KINGS  # the kings whose queen is in the hand
            if pairs and self._may_marry():
                trump = self.trump
                ids += sorted(marriage_for(SUIT_OF[king], trump) for king in cards_of(pairs))  # every 20 before the 40
            if self._may_exchange(actor, follower=False):
                ids.append(EXCHANGE)
            if self._may_close(before_draw=False):
                ids.append(CLOSE)
            if self._may_claim():
                ids.append(CLAIM)
            return ids
        if stage == MARRIAGE:
            ids = list(cards_of(self._playable(actor)))
            return [*ids, CLAIM] if self._may_claim() else ids
        # BEFORE_DRAW: only reached when closing before the draw is possible.
        return [CLOSE_BEFORE_DRAW, CLAIM, DRAW] if self._may_claim() else [CLOSE_BEFORE_DRAW, DRAW]

    def _refusal(self, action: int, seat: int | None) -> str | None:
        """The legality function: ``None`` if ``seat`` (default: the seat to act) may take ``action``, else why not."""
        if not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not an action id (0-{NUM_ACTIONS - 1})"
        stage = self.stage
        if stage == OVER:
            return "the deal is over"
        actor = 3 - self.leader if stage == FOLLOW else self.leader
        if seat is None or seat == actor:
            return self._actor_refusal(action, actor)
        if seat and seat == self.window and action in (EXCHANGE, PASS):
            return None
        if action == EXCHANGE:
            return self._exchanged() or f"{seat_text(seat)} may not exchange now"
        return f"it is {seat_text(actor)}'s turn, not {seat_text(seat)}'s"

    def _actor_refusal(self, action: int, seat: int) -> str | None:
        """Why the seat to act may not take ``action`` (an action id) now, or ``None``."""
        if IS_CARD[action]:
            return None if self._playable(seat) & BIT[action] else self._card_refusal(action, seat)
        stage = self.stage
        if stage == FOLLOW:
            if action == EXCHANGE and self._may_exchange(seat, follower=True):
                return None
            return "the follower must play a card"
        if stage == MARRIAGE:
            if action == CLAIM and self._may_claim():
                return None
            return _LEAD_THE_MARRIAGE
        if action == CLAIM:
            return None if self._may_claim() else "claims are automatic under these rules"
        if ACTIONS[action].is_marriage():
            return self._marriage_refusal(action, seat)
        if action == EXCHANGE:
            if stage == LEAD and self._may_exchange(seat, follower=False):
                return None
            exchanged = self._exchanged()
            if exchanged:
                return exchanged
            if not self.hands[seat] & BIT[self.exchange_card]:
                return f"{seat_text(seat)} does not hold {CARD_NAMES[self.exchange_card]}"
            return "the exchange is not allowed now"
        if action in (CLOSE, CLOSE_BEFORE_DRAW):
            return self._close_refusal(action)
        if action == DRAW:
            return None if stage == BEFORE_DRAW else "there is nothing to draw now"
        return "there is no exchange to decline"  # PASS: only the seat not on lead declines

    # The rule predicates (R-* of rules.md), each written once.

    def _playable(self, seat: int) -> CardMask:
        """The cards the seat to act may play now (R-P2-2 after the talon; a marriage's cards)."""
        stage = self.stage
        if stage == LEAD:
            return self.hands[seat]
        if stage == FOLLOW:
            return self._follow_mask(self.hands[seat])
        if stage == MARRIAGE:
            suit = self.marriage_suit
            lead = BIT[suit * 8 + KING]
            if self.rules.marriage_lead_card == "either":
                lead |= BIT[suit * 8 + QUEEN]
            return lead & self.hands[seat]
        return 0  # BEFORE_DRAW: the trick winner draws (or closes, or claims) first

    def _card_refusal(self, card: Card, seat: int) -> str:
        """Why the seat to act may not play ``card``, a card outside :meth:`_playable`."""
        hand = self.hands[seat]
        if not hand & BIT[card]:
            return f"{seat_text(seat)} does not hold {CARD_NAMES[card]}"
        if self.stage == MARRIAGE:
            return _LEAD_THE_MARRIAGE
        if self.stage == BEFORE_DRAW:
            return "the trick winner must first draw"
        return f"the follower must play one of {format_cards(self._follow_mask(hand))}"

    def _follow_mask(self, hand: CardMask) -> CardMask:
        """The cards the follower may play to the led card."""
        if not self.closer and self.face_up >= 0:
            return hand  # phase 1: any card
        return follow_mask(self.rules, hand, self.led, self.trump)

    def _may_marry(self) -> bool:
        """Whether the leader may declare a marriage he holds now (R-MAR-*)."""
        rules = self.rules
        if self.stage != LEAD or (self.phase2 and not rules.marriage_in_phase2):
            return False
        return self.trick_count > 0 or rules.first_lead_marriage

    def _marriage_refusal(self, action: int, seat: int) -> str | None:
        """Why the leader may not declare the marriage ``action`` now, or ``None``."""
        suit = marriage_suit(action)
        pair = MARRIAGE_CARDS[suit]
        right_value = action == marriage_for(suit, self.trump)
        if right_value and self._may_marry() and self.hands[seat] & pair == pair:
            return None
        if not right_value:
            return f"a marriage is worth {marriage_points(True)} in trumps and {marriage_points(False)} otherwise"
        if self.phase2 and not self.rules.marriage_in_phase2:
            return "no marriages once the talon is closed or exhausted"
        if self.stage == BEFORE_DRAW:
            return "the trick winner must first draw"
        if self.trick_count == 0 and not self.rules.first_lead_marriage:
            return "no marriage on the first lead under these rules"
        return f"{seat_text(seat)} does not hold the king and queen"

    def _exchanged(self) -> str | None:
        """Why nobody may exchange any more because the exchange was made (its card lies face up), or ``None``."""
        if self.face_up >= 0 and self.face_up == self.exchange_card:
            return f"the exchange is done: {CARD_NAMES[self.face_up]} lies face up"
        return None

    def _may_exchange(self, seat: int, follower: bool) -> bool:
        """Whether ``seat`` may exchange now, as the leader (at LEAD) or the follower (FOLLOW)."""
        if not self.hands[seat] & BIT[self.exchange_card] or self.phase2:
            return False
        rules = self.rules
        if self.talon_size < rules.exchange_min_talon:
            return False
        if self.trick_count == 0:
            return rules.first_lead_exchange and not follower
        rule = rules.nine_exchange_rule
        if follower:
            return rule == "trick_anytime" and self.tricks[seat] > 0
        # The leader after trick 1 has always won a trick, so every rule allows him.
        return rule != "leader_with_trick" or self.tricks[seat] > 0

    def _window_after_draw(self) -> int:
        """The seat not on lead, if the rules let it exchange right after the draw."""
        other = 3 - self.leader
        rules = self.rules
        if (
            rules.nine_exchange_rule in ("seed", "trick_anytime")
            and self.tricks[other] > 0
            and self.hands[other] & BIT[self.exchange_card]
            and self.face_up >= 0
            and self.talon_size >= rules.exchange_min_talon
        ):
            return other
        return 0

    def _may_close(self, before_draw: bool) -> bool:
        rules = self.rules
        if not rules.close_allowed or self.phase2 or self.talon_size < rules.close_min_talon:
            return False
        if before_draw:
            return rules.close_before_draw
        return self.trick_count > 0 or rules.first_lead_close

    def _close_refusal(self, action: int) -> str | None:
        """Why the seat to act may not close (``C``) or close before the draw (``CB``) now, or ``None``."""
        before_draw = action == CLOSE_BEFORE_DRAW
        if (self.stage == BEFORE_DRAW) == before_draw and self._may_close(before_draw):
            return None
        if self.phase2:
            return "the talon is already closed or exhausted"
        if before_draw and not self.rules.close_before_draw:
            return "these rules allow closing only after the draw (C)"
        if before_draw:
            return "CB is only possible right after winning a trick"
        return "closing is not allowed now"

    def _may_claim(self) -> bool:
        """Whether the seat to act may claim 66 now (explicit claims; after a marriage only if allowed)."""
        rules = self.rules
        if rules.auto_claim:
            return False
        return self.stage != MARRIAGE or rules.marriage_claim_without_lead

    # -- applying actions ----------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> None:
        """Take ``action`` for ``seat`` (default: the seat to act).

        Raises :class:`IllegalActionError` and changes nothing if it is not legal.
        """
        reason = self._refusal(action, seat)
        if reason is not None:
            raise illegal(action, reason, INNER_SEATS)
        stage = self.stage
        self._do(seat if seat is not None else (3 - self.leader if stage == FOLLOW else self.leader), action)

    def apply_unchecked(self, action: int, seat: int | None = None) -> None:
        """Apply an action already known to be legal (for search and playouts)."""
        stage = self.stage
        actor = seat if seat is not None else (3 - self.leader if stage == FOLLOW else self.leader)
        self._do(actor, action)

    def _do(self, seat: int, action: int) -> None:
        self.history.append((seat, ACTIONS[action]))
        if IS_CARD[action]:
            if self.stage == FOLLOW:
                self._follow(seat, action)
            else:
                self._lead(seat, action)
        elif action < EXCHANGE:  # a marriage
            self._declare(seat, action)
        elif action == EXCHANGE:
            self._exchange(seat)
        elif action in (CLOSE, CLOSE_BEFORE_DRAW):
            self._close(seat, before_draw=action == CLOSE_BEFORE_DRAW)
        elif action == CLAIM:
            self._claim(seat)
        elif action == DRAW:
            self._draw()
        else:  # PASS: the seat not on lead declines its exchange
            self.window = 0
            self.passes += 1

    def _lead(self, seat: int, card: Card) -> None:
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        self.led = card
        self.stage = FOLLOW
        self.window = 0

    def _declare(self, seat: int, action: int) -> None:
        suit = marriage_suit(action)
        value = marriage_value(action)
        if marriage_counts_now(self.rules, self.tricks[seat]):
            self.score[seat] += value
        else:
            self.pending[seat] += value
        self.known[seat] |= MARRIAGE_CARDS[suit]
        self.marriage_suit = suit
        self.stage = MARRIAGE
        self.window = 0
        if self.rules.auto_claim and self.rules.marriage_claim_without_lead:
            self._auto_claim(seat)

    def _exchange(self, seat: int) -> None:
        ex, up = self.exchange_card, self.face_up
        self.hands[seat] ^= BIT[ex] | BIT[up]
        self.known[seat] = (self.known[seat] & ~BIT[ex]) | BIT[up]
        self.face_up = ex
        if seat == self.window:
            self.window = 0

    def _close(self, seat: int, before_draw: bool) -> None:
        if before_draw:
            self.stage = LEAD
        other = 3 - seat
        self.closer = seat
        self.close_score = self.score[other]
        self.close_tricks = self.tricks[other]
        rules = self.rules
        # pagat: at the moment of closing the opponent may still take the trump card.
        if (
            rules.exchange_on_close
            and self.hands[other] & BIT[self.exchange_card]
            and self.talon_size >= rules.exchange_min_talon
        ):
            self.window = other
        else:
            self.window = 0

    def _follow(self, seat: int, card: Card) -> None:
        led = self.led
        bit = BIT[card]
        self.hands[seat] ^= bit
        self.known[seat] &= ~bit
        winner = seat if BEATERS[self.trump][led] & bit else self.leader
        points = self.rules.points
        self.won[winner] |= bit | BIT[led]
        self.score[winner] += points[card] + points[led] + self.pending[winner]
        self.pending[winner] = 0
        self.tricks[winner] += 1
        self.trick_count += 1
        self.led = -1
        self.leader = winner
        self.window = 0
        if not self.hands[seat]:  # the last trick of the deal
            self.score[winner] += last_trick_bonus(self.rules, closed=self.closer != 0)
            self._end_played_out(winner)
            return
        self.stage = LEAD
        if self.rules.auto_claim and self._auto_claim(winner):
            return
        if not self.phase2:
            if self._may_close(before_draw=True):
                self.stage = BEFORE_DRAW
            else:
                self._draw()

    def _draw(self) -> None:
        """Winner draws the top card, loser the next (the face-up card last)."""
        winner = self.leader
        stock, pos = self.stock, self.stock_pos
        first = stock[pos]
        if pos + 1 < len(stock):
            second = stock[pos + 1]
            self.stock_pos = pos + 2
        else:
            second = self.face_up
            self.stock_pos = pos + 1
            self.face_up = -1
            self.known[3 - winner] |= BIT[second]
        self.hands[winner] |= BIT[first]
        self.hands[3 - winner] |= BIT[second]
        self.stage = LEAD
        self.window = self._window_after_draw()

    def _auto_claim(self, seat: int) -> bool:
        if self.score[seat] >= DEAL_TARGET:
            self._claim(seat)
            return True
        return False

    # -- results --------------------------------------------------------------

    def _claim(self, seat: int) -> None:
        self._finish(self._score(INNER_SEATS, claimant=seat), claimant=seat)

    def _end_played_out(self, last_winner: int) -> None:
        self._finish(self._score(INNER_SEATS, last_winner=last_winner))

    def _score(self, names: Sequence[int], claimant: int = 0, last_winner: int = 0) -> Scoring:
        return score_deal(
            self.rules,
            self.score,
            self.tricks,
            self.closer,
            self.close_score,
            self.close_tricks,
            claimant=claimant,
            last_winner=last_winner,
            names=names,
        )

    def outcome_reason(self, names: Sequence[int]) -> str:
        """The reason of the finished deal's outcome with seats 1 and 2 written ``names[1]`` and ``names[2]``."""
        outcome = self.outcome
        if outcome is None:
            return ""
        last_winner = 0 if outcome.claimant else self.leader  # the last trick's winner leads "next"
        return self._score(names, claimant=outcome.claimant or 0, last_winner=last_winner).reason

    def _finish(self, scoring: Scoring, claimant: int | None = None) -> None:
        self.outcome = Outcome(
            scoring.termination,
            scoring.winner,
            scoring.game_points,
            (self.score[1], self.score[2]),
            (self.tricks[1], self.tricks[2]),
            claimant,
            scoring.reason,
            reasons=scoring.reasons,
            base_points=scoring.base_points,
        )
        self.stage = OVER
        self.window = 0

    # -- what a seat, and anybody, may see -------------------------------------------

    def view(self, seat: int, match_score: Sequence[int] = (0, 0), carried: int = 0) -> PlayerView:
        """What ``seat`` (1 or 2) may know now, with the match score of seats 1 and 2: all a player receives.

        Built field by field into the view's dictionary (the dataclass's checks of a frozen
        instance cost more than the view itself): a bot loop builds one per decision.
        """
        stage = self.stage
        other = 3 - seat
        face_up = self.face_up
        led = self.led
        history = self.history
        score, pending, won, tricks = self.score, self.pending, self.won, self.tricks
        fields: dict[str, object] = PLAYER_VIEW_FIELDS.copy()  # presized: cheaper than a literal of 28 keys
        fields["seat"] = seat
        fields["rules"] = self.rules
        fields["dealer"] = self.dealer
        fields["trump"] = self.trump
        fields["trump_card"] = self.trump_card
        fields["face_up"] = face_up if face_up >= 0 else None
        fields["talon_size"] = len(self.stock) - self.stock_pos + (face_up >= 0)
        fields["closer"] = self.closer
        fields["stage"] = stage
        fields["to_act"] = None if stage == OVER else 3 - self.leader if stage == FOLLOW else self.leader
        fields["leader"] = self.leader
        fields["led"] = led if led >= 0 else None
        fields["hand"] = self.hands[seat]
        fields["opponent_known"] = self.known[other]
        fields["won"] = (won[1], won[2])
        fields["tricks"] = (tricks[1], tricks[2])
        fields["score"] = score[seat]
        fields["pending"] = pending[seat]
        fields["opponent_score"] = score[other]
        fields["opponent_pending"] = pending[other]
        fields["close_score"] = self.close_score
        fields["close_tricks"] = self.close_tricks
        fields["window"] = seat if self.window == seat else 0  # only the holder knows he may exchange
        fields["marriage_suit"] = self.marriage_suit if stage == MARRIAGE else -1
        # the opponent's declined exchange is private: it would show that he holds the card
        fields["history"] = tuple(history if not self.passes else (h for h in history if h[1] != PASS or h[0] == seat))
        fields["legal"] = tuple([ACTIONS[a] for a in self._legal_for(seat)])
        fields["match_score"] = (match_score[0], match_score[1])
        fields["carried"] = carried
        return fill(PlayerView, fields)

    def spectator_view(self) -> SpectatorView:
        """What everybody at the table may know now: no card of any hand, nor of the stock."""
        return self.public_view(INNER_SEATS, self.dealer)

    def public_view(
        self, names: Sequence[int], dealer: int, sitting_out: int = 0, outcome: Outcome | None = None
    ) -> SpectatorView:
        """The spectator's view, seats 1 and 2 called ``names[1]`` and ``names[2]`` (the table's seats).

        A three-handed table gives its own ``dealer``, the seat ``sitting_out`` and its ``outcome``.
        """
        per_seat = _per_table_seat(names, 3 if sitting_out else 2)
        stage = self.stage
        to_act = self.to_act
        led = self.led
        history: Sequence[tuple[int, Action]] = self.history
        if names is not INNER_SEATS:
            history = [(names[s], a) for s, a in history]
        # filled in directly, as the player's view: the web builds one for every change of a deal
        return fill(
            SpectatorView,
            {
                "rules": self.rules,
                "dealer": dealer,
                "active": (names[self.forehand], names[3 - self.forehand]),
                "sitting_out": sitting_out,
                "trump": self.trump,
                "trump_card": self.trump_card,
                "face_up": self.face_up if self.face_up >= 0 else None,
                "talon_size": self.talon_size,
                "closer": names[self.closer],
                "close_score": self.close_score,
                "close_tricks": self.close_tricks,
                "strict": self.phase2,
                "stage": stage,
                "to_act": None if to_act is None else names[to_act],
                "leader": names[self.leader],
                "trick": ((names[self.leader], led),) if led >= 0 else (),
                "marriage_suit": self.marriage_suit if stage == MARRIAGE else -1,
                "hand_sizes": per_seat(self.hands[1].bit_count(), self.hands[2].bit_count()),
                "shown": per_seat(self.known[1], self.known[2]),
                "scores": per_seat(self.score[1], self.score[2]),
                "pending": per_seat(self.pending[1], self.pending[2]),
                "trick_counts": per_seat(self.tricks[1], self.tricks[2]),
                "history": tuple([h for h in history if h[1] != PASS] if self.passes else history),
                "outcome": outcome if sitting_out else self.outcome,
            },
        )

    # -- text form ---------------------------------------------------------------------

    def text(self) -> str:
        """The complete state as one line: rules, dealer, card order and every action so far.

        Like a record, it holds every hidden card: it is for saving, tests and bug reports,
        never for a player. :meth:`parse_text` reads it back.

        >>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h")
        >>> deal.apply(Action.parse("20h"))
        >>> deal.text()
        'seed66 dealer=2 cards=KhQhAh9sJsTcAcKcQcJc9cTdTsAsKsQsAdKdQdJd9dThJh9h actions=1:20h'
        >>> Deal.parse_text(deal.text()).text() == deal.text()
        True
        """
        return table_text(self.rules, self.dealer, self.deck, self.history)

    @classmethod
    def parse_text(cls, text: str) -> Deal:
        """The deal of :meth:`text` (raises :class:`DealError` or :class:`IllegalActionError`)."""
        form = parse_table_text(text, players=2)
        deal = cls(form.cards, form.dealer, form.rules)
        form.replay(deal)
        return deal

    def __repr__(self) -> str:
        if not self.deck:  # a position (a sampled world, a puzzle) has no deck to write
            return f"<Deal position: {self.rules.preset_name}, stage {self.stage.name}, scores {self.scores()}>"
        return f"Deal.parse_text({self.text()!r})"


_LEAD_THE_MARRIAGE = "after declaring a marriage the leader must lead its king or queen"


def _per_table_seat(names: Sequence[int], size: int) -> Callable[[int, int], tuple[int, ...]]:
    """A function that lays out two inner seats' values by table seat (``size`` seats, the others 0)."""
    if names is INNER_SEATS:  # a table of two: its seats are the deal's
        return _pair
    first, second = names[1] - 1, names[2] - 1

    def per_seat(one: int, two: int) -> tuple[int, ...]:
        values = [0] * size
        values[first], values[second] = one, two
        return tuple(values)

    return per_seat


def _pair(one: int, two: int) -> tuple[int, ...]:
    return one, two


def score_deal(
    rules: Rules,
    score: Sequence[int],
    tricks: Sequence[int],
    closer: int,
    close_score: int,
    close_tricks: int,
    claimant: int = 0,
    last_winner: int = 0,
    names: Sequence[int] = INNER_SEATS,
) -> Scoring:
    """The result of a deal that ends by a claim of ``claimant`` or after the last trick.

    ``score`` and ``tricks`` are indexed by seat (index 0 unused); ``close_score`` and
    ``close_tricks`` are the closer's opponent's at the moment of closing. Returns one
    :class:`~sixtysix.core.outcome.Scoring`: the termination, the winner (``None`` for a
    tie), the game points, the reason codes and a sentence whose seats 1 and 2 are called
    ``names[1]`` and ``names[2]``. This is the only place where game points of a two-player
    deal are decided (rules.md §2.11); search uses it too.
    """
    termination, winner, points, reason, reasons = _score_deal(
        rules, score, tricks, closer, close_score, close_tricks, claimant, last_winner, names
    )
    base = points
    if winner is not None and closer and rules.closed_deal_double:
        points *= CLOSED_DEAL_FACTOR
        reasons = (*reasons, Reason.DOUBLED)
    return Scoring(termination, winner, points, reasons, reason, base)


_Decision = tuple[Termination, int | None, int, str, tuple[Reason, ...]]


_STEP_REASONS = {points: WIN_SCALE_REASONS[step] for step, points in enumerate(GAME_POINT_SCALE, 1)}
"""The reason of each step of the scale, by its game points."""


def _scale(points: int, tricks: int) -> tuple[int, Reason]:
    """The game points of a loser's (card points, tricks) and the step's reason."""
    value = game_points(points, tricks)
    return value, _STEP_REASONS[value]


def _score_deal(
    rules: Rules,
    score: Sequence[int],
    tricks: Sequence[int],
    closer: int,
    close_score: int,
    close_tricks: int,
    claimant: int,
    last_winner: int,
    names: Sequence[int],
) -> _Decision:
    """:func:`score_deal` before doubling."""

    def closer_win() -> tuple[int, tuple[Reason, ...]]:
        value = closer_win_points(rules, close_score, close_tricks, score[3 - closer], tricks[3 - closer])
        step = _STEP_REASONS[value]
        return value, ((Reason.AT_CLOSE, step) if rules.closer_win_basis == "at_close" else (step,))

    def closer_fails() -> tuple[int, tuple[Reason, ...]]:
        rule = rules.failed_close_points
        if rule == "always_three":
            return SCHWARZ_WIN, (Reason.ALWAYS_THREE,)
        if close_tricks == 0:
            return SCHWARZ_WIN, (Reason.NO_TRICK_AT_CLOSE,)
        if rule == "hoyle1895" and score[closer] >= SCHNEIDER:
            return SIMPLE_WIN, (Reason.HOYLE,)
        return SCHNEIDER_WIN, ()

    if claimant:
        other = 3 - claimant
        if score[claimant] >= DEAL_TARGET:
            reason = f"seat {names[claimant]} claimed correctly with {score[claimant]}"
            if closer == claimant:
                value, why = closer_win()
                return Termination.CLAIM, claimant, value, reason + " after closing", (Reason.CLOSER_CLAIM, *why)
            if closer:
                reason += f" after seat {names[closer]} closed"
                if rules.beaten_closer_points == "flat_two":
                    return Termination.CLAIM, claimant, SCHNEIDER_WIN, reason, (Reason.BEATEN_CLOSER, Reason.FLAT)
                if close_tricks:
                    return Termination.CLAIM, claimant, SCHNEIDER_WIN, reason, (Reason.BEATEN_CLOSER,)
                return (
                    Termination.CLAIM,
                    claimant,
                    SCHWARZ_WIN,
                    reason,
                    (Reason.BEATEN_CLOSER, Reason.NO_TRICK_AT_CLOSE),
                )
            value, step = _scale(score[other], tricks[other])
            return Termination.CLAIM, claimant, value, reason, (Reason.CLAIM, step)
        reason = f"seat {names[claimant]} claimed with only {score[claimant]}"
        if closer == claimant and rules.closer_false_claim == "failed_close":
            value, why = closer_fails()
            return (
                Termination.FALSE_CLAIM,
                other,
                value,
                reason + " after closing",
                (Reason.FALSE_CLAIM_FAILED_CLOSE, *why),
            )
        if rules.false_claim_points != "two_or_three":
            return Termination.FALSE_CLAIM, other, SCHNEIDER_WIN, reason, (Reason.FALSE_CLAIM, Reason.FLAT)
        if tricks[other] == 0:
            return Termination.FALSE_CLAIM, other, SCHWARZ_WIN, reason, (Reason.FALSE_CLAIM, Reason.NO_TRICK)
        return Termination.FALSE_CLAIM, other, SCHNEIDER_WIN, reason, (Reason.FALSE_CLAIM,)
    if closer:
        made = score[closer]
        if made < DEAL_TARGET:
            reason = f"seat {names[closer]} closed but did not claim {DEAL_TARGET} (made {made})"
            value, why = closer_fails()
            return Termination.CLOSER_FAILED, 3 - closer, value, reason, (Reason.FAILED_CLOSE, *why)
        if rules.strict_claims:  # A16: a closer who never claimed loses even with 66 (R-SCORE-4)
            reason = f"seat {names[closer]} closed and reached {made} but never claimed"
            value, why = closer_fails()
            return Termination.PLAYED_OUT, 3 - closer, value, reason, (Reason.NEVER_CLAIMED, *why)
        value, why = closer_win()
        reason = f"seat {names[closer]} closed and reached {made}"
        return Termination.PLAYED_OUT, closer, value, reason, (Reason.CLOSER_PLAYED_OUT, *why)
    if rules.last_trick_rule == "wins_deal_one_point":
        made, other = score[last_winner], 3 - last_winner
        if rules.auto_claim and made >= DEAL_TARGET:  # the automatic end at 66 comes first (rules.md §4.3, TC-V3)
            reason = f"seat {names[last_winner]} won the last trick and reached {made}"
            value, step = _scale(score[other], tricks[other])
            return Termination.PLAYED_OUT, last_winner, value, reason, (Reason.LAST_TRICK_TARGET, step)
        reason = f"seat {names[last_winner]} won the last trick"
        return Termination.PLAYED_OUT, last_winner, WINS_DEAL_POINTS, reason, (Reason.LAST_TRICK, Reason.SIMPLE)
    if score[1] == score[2]:
        return Termination.TIE, None, 0, f"a tie at {score[1]} each", (Reason.TIE,)
    winner = 1 if score[1] > score[2] else 2
    loser = 3 - winner
    reason = f"played out: seat {names[winner]} made {score[winner]}, seat {names[loser]} {score[loser]}"
    value, step = _scale(score[loser], tricks[loser])
    return Termination.PLAYED_OUT, winner, value, reason, (Reason.PLAYED_OUT, step)


def check_deck(deck: Sequence[Card], rules: Rules) -> None:
    """Raise :class:`DealError` unless ``deck`` lists every card of the pack once."""
    if len(deck) == rules.deck and min(deck) >= 0 and max(deck) < NUM_CARDS:
        mask = 0
        for card in deck:
            mask |= BIT[card]
        if mask == rules.pack:
            return  # the usual case: as many cards as the pack holds, all of them in it
    mask = 0
    for card in deck:
        if not 0 <= card < NUM_CARDS or not rules.pack >> card & 1:
            name = CARD_NAMES[card] if 0 <= card < NUM_CARDS else card
            raise DealError(f"{name} is not in the {rules.deck}-card pack")
        if mask >> card & 1:
            raise DealError(f"{CARD_NAMES[card]} appears twice in the deck")
        mask |= 1 << card
    if mask != rules.pack:
        missing = format_cards(rules.pack & ~mask)
        raise DealError(f"the deck lacks {missing}")


def shuffled_deck(rules: Rules, seed: int | random.Random | None = None) -> tuple[Card, ...]:
    """A seeded shuffle of the pack: ``random.Random(seed)`` unless a generator is given."""
    rng = seed if isinstance(seed, random.Random) else random.Random(seed)
    deck = list(cards_of(rules.pack))
    rng.shuffle(deck)
    return tuple(deck)
