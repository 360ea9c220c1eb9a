"""One deal of four-handed partnership 66 (rules.md §5.2, rules R-4P-*).

Seats 1-4 sit clockwise; partners sit opposite, so side 1 is seats 1 and 3 and
side 2 is seats 2 and 4. The 32 cards are dealt 3-2-3 from the dealer's left;
the dealer's last card is turned up for trump and stays in his hand. There is no
talon: eight tricks, where each player must follow suit and must win the trick
if he can (even his partner's), a void player must trump and over-trump. Sides
score 1, 2 or 3 game points by 66, 100 or all tricks.

>>> from sixtysix import Rules
>>> from sixtysix.core.partnership import FourHandedDeal
>>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> deal.to_act, deal.trump_card_name, len(deal.legal_actions())
(1, '7d', 8)
>>> while not deal.is_over:
...     deal.apply(deal.legal_actions()[0])
>>> sum(deal.outcome.points), sum(deal.outcome.tricks)
(130, 8)

Per-seat values are lists of five (index 0 unused), per-side values lists of
three, so that ``hands[seat]`` and ``score[side]`` read as they mean.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from sixtysix.core.actions import ACTIONS, IS_CARD, NUM_ACTIONS, Action, marriage_suit
from sixtysix.core.cards import (
    BIT,
    CARD_NAMES,
    HIGHER,
    KINGS,
    SUIT_MASK,
    SUIT_OF,
    TEN,
    Card,
    CardMask,
    cards_of,
    format_cards,
    parse_card,
    suit_of,
)
from sixtysix.core.errors import DealError
from sixtysix.core.facts import (
    BEATERS,
    DEAL_TARGET,
    MARRIAGE_CARDS,
    Trick,
    last_trick_bonus,
    marriage_for,
    marriage_points,
    marriage_value,
    partnership_follow_mask,
    partnership_game_points,
    side_of,
    tricks_of,
)
from sixtysix.core.game import check_deck, illegal, shuffled_deck
from sixtysix.core.outcome import Outcome, Reason, Scoring, Stage, Termination
from sixtysix.core.rules import Rules
from sixtysix.core.textform import parse_table_text, table_text
from sixtysix.core.view import PARTNERSHIP_VIEW_FIELDS, PartnershipView, SpectatorView, fill

LEAD, MARRIAGE, FOLLOW, OVER = Stage.LEAD, Stage.MARRIAGE, Stage.FOLLOW, Stage.OVER
SEATS = (1, 2, 3, 4)
_TRICKS = 8
_NAMES = (0, 1, 2, 3, 4)
"""The four-handed deal names table seats in its texts as they are (see :func:`sixtysix.core.game.seat_text`)."""
_PACKETS = (3, 2, 3)
"""R-4P-2: three rounds of packets, each round from the dealer's left round to the dealer."""


def left_of(seat: int) -> int:
    """The next seat clockwise (the player on ``seat``'s left)."""
    return seat % 4 + 1


def deal_order(dealer: int) -> tuple[int, ...]:
    """The seat that receives each card of the deck, top first (3-2-3 from the dealer's left).

    >>> deal_order(4)[:8]
    (1, 1, 1, 2, 2, 2, 3, 3)
    """
    order: list[int] = []
    for packet in _PACKETS:
        seat = dealer
        for _ in SEATS:
            seat = left_of(seat)
            order += [seat] * packet
    return tuple(order)


_DEAL_ORDERS = {dealer: deal_order(dealer) for dealer in SEATS}


_SCALE_WORDS = {"schwarz": "all the tricks", "hundred": "100 or more", "schneider": "the losers under 33"}
"""The engine's English for a four-handed scale step (``Outcome.reason``; the front ends word the codes)."""


def score_partnership_deal(rules: Rules, points: Sequence[int], tricks: Sequence[int], ten_side: int = 0) -> Scoring:
    """The result of a played-out deal (R-4P-6 to R-4P-9): the one scoring function of the game.

    ``points`` and ``tricks`` are indexed by side (index 0 unused); ``ten_side`` is the
    side that won the ten of trumps (0: nobody, or no bonus). Returns one
    :class:`~sixtysix.core.outcome.Scoring`: the termination, the winning side (``None``
    for 65-65), its game points, the reason codes, a sentence and the bonus game points
    of sides 1 and 2.

    >>> scoring = score_partnership_deal(Rules.preset("four66"), [0, 104, 26], [0, 6, 2])
    >>> scoring.winner, scoring.game_points, scoring.codes
    (1, 2, ['played_out', 'hundred'])
    """
    bonus = (int(ten_side == 1), int(ten_side == 2)) if rules.ten_of_trumps_bonus else (0, 0)
    if points[1] == points[2]:
        return Scoring(Termination.TIE, None, 0, (Reason.TIE,), f"a tie at {points[1]} each", 0, bonus)
    winner = 1 if points[1] > points[2] else 2
    loser = 3 - winner
    game_points, how = partnership_game_points(rules, points[winner], points[loser], tricks[loser])
    words = _SCALE_WORDS.get(how, f"{DEAL_TARGET} or more")
    reason = f"side {winner} made {points[winner]} to {points[loser]} ({words})"
    return Scoring(
        Termination.PLAYED_OUT, winner, game_points, (Reason.PLAYED_OUT, Reason(how)), reason, game_points, bonus
    )


class FourHandedDeal:
    """The complete state of one four-handed deal. Copy it with :meth:`copy` for search."""

    __slots__ = (
        "dealer",
        "deck",
        "hands",
        "history",
        "known",
        "leader",
        "marriage_suit",
        "match_score",
        "outcome",
        "pending",
        "rules",
        "score",
        "stage",
        "ten_side",
        "trick",
        "trick_count",
        "tricks",
        "trump",
        "trump_card",
        "winning",
        "won",
    )  # fmt: skip

    rules: Rules
    deck: tuple[Card, ...]
    dealer: int
    trump_card: Card
    trump: int
    hands: list[CardMask]
    known: list[CardMask]
    won: list[CardMask]
    score: list[int]
    pending: list[int]
    tricks: list[int]
    trick: list[tuple[int, Card]]
    winning: int
    leader: int
    stage: Stage
    marriage_suit: int
    trick_count: int
    ten_side: int
    match_score: tuple[int, int]
    history: list[tuple[int, Action]]
    outcome: Outcome | None

    def __init__(
        self,
        deck: Sequence[Card],
        dealer: int = 4,
        rules: Rules | None = None,
        match_score: tuple[int, int] = (0, 0),
    ) -> None:
        rules = rules or Rules.preset("four66")
        if rules.players != 4:
            raise DealError(f"a four-handed deal needs four-player rules, not players={rules.players}")
        if dealer not in SEATS:
            raise DealError(f"dealer must be seat 1, 2, 3 or 4, not {dealer!r}")
        check_deck(deck, rules)
        self.rules = rules
        self.deck = tuple(deck)
        self.dealer = dealer
        self.trump_card = deck[-1]  # the dealer's last card, turned up
        self.trump = suit_of(self.trump_card)
        hands = [0] * 5
        for seat, card in zip(_DEAL_ORDERS[dealer], deck, strict=True):
            hands[seat] |= BIT[card]
        self.hands = hands
        self.known = [0] * 5
        self.known[dealer] = BIT[self.trump_card]  # everyone saw it; it stays his until he plays it
        self.won = [0, 0, 0]
        self.score = [0, 0, 0]
        self.pending = [0, 0, 0]
        self.tricks = [0, 0, 0]
        self.trick = []
        self.winning = -1
        self.leader = left_of(dealer)
        self.stage = LEAD
        self.marriage_suit = -1
        self.trick_count = 0
        self.ten_side = 0
        self.match_score = match_score
        self.history = []
        self.outcome = None

    @classmethod
    def from_text(cls, deck: str, dealer: int = 4, rules: Rules | None = None) -> FourHandedDeal:
        """A deal from blank-separated card names, top of the deck first."""
        return cls([parse_card(t) for t in deck.split()], dealer, rules)

    @classmethod
    def shuffled(
        cls, seed: int | random.Random | None = None, dealer: int = 4, rules: Rules | None = None
    ) -> FourHandedDeal:
        """A deal from a seeded shuffle (``random.Random(seed)``)."""
        rules = rules or Rules.preset("four66")
        return cls(shuffled_deck(rules, seed), dealer, rules)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        *,
        dealer: int,
        trump_card: Card,
        hands: Sequence[CardMask],
        leader: int,
        trick: Sequence[tuple[int, Card]] = (),
        won: tuple[CardMask, CardMask] = (0, 0),
        score: tuple[int, int] = (0, 0),
        pending: tuple[int, int] = (0, 0),
        tricks: tuple[int, int] = (0, 0),
        known: Sequence[CardMask] = (0, 0, 0, 0),
        ten_side: int = 0,
        match_score: tuple[int, int] = (0, 0),
    ) -> FourHandedDeal:
        """A deal in the middle of play with every card placed (a sampled world, a puzzle).

        ``hands`` holds the hands of seats 1-4; ``trick`` the cards of the current
        trick in the order played, led by ``leader``. The position has no history.
        """
        deal = cls.__new__(cls)
        deal.rules = rules
        deal.deck = ()
        deal.dealer = dealer
        deal.trump_card = trump_card
        deal.trump = suit_of(trump_card)
        deal.hands = [0, *hands]
        deal.known = [0, *known]
        deal.won = [0, *won]
        deal.score = [0, *score]
        deal.pending = [0, *pending]
        deal.tricks = [0, *tricks]
        deal.trick = []
        deal.winning = -1
        deal.leader = leader
        deal.stage = LEAD
        deal.marriage_suit = -1
        deal.trick_count = tricks[0] + tricks[1]
        deal.ten_side = ten_side
        deal.match_score = match_score
        deal.history = []
        deal.outcome = None
        for seat, card in trick:
            deal.stage = FOLLOW if deal.trick else LEAD
            deal._add_to_trick(seat, card)
        deal.stage = FOLLOW if deal.trick else LEAD
        return deal

    def copy(self) -> FourHandedDeal:
        """An independent copy (cheap: ints and short lists)."""
        new = FourHandedDeal.__new__(FourHandedDeal)
        new.rules = self.rules
        new.deck = self.deck
        new.dealer = self.dealer
        new.trump_card = self.trump_card
        new.trump = self.trump
        new.hands = self.hands[:]
        new.known = self.known[:]
        new.won = self.won[:]
        new.score = self.score[:]
        new.pending = self.pending[:]
        new.tricks = self.tricks[:]
        new.trick = self.trick[:]
        new.winning = self.winning
        new.leader = self.leader
        new.stage = self.stage
        new.marriage_suit = self.marriage_suit
        new.trick_count = self.trick_count
        new.ten_side = self.ten_side
        new.match_score = self.match_score
        new.history = self.history[:]
        new.outcome = self.outcome
        return new

    # -- public read-only facts -------------------------------------------

    seats = SEATS
    sitting_out = 0
    """Nobody sits out a four-handed deal (the table interface's three-handed fact)."""

    @property
    def active(self) -> tuple[int, ...]:
        """The seats that play this deal (all four), the first leader (the dealer's left) first."""
        first = left_of(self.dealer)
        return first, left_of(first), left_of(left_of(first)), self.dealer

    @property
    def trump_card_name(self) -> str:
        return CARD_NAMES[self.trump_card]

    @property
    def is_over(self) -> bool:
        return self.stage == OVER

    @property
    def to_act(self) -> int | None:
        """The seat to act, ``None`` when the deal is over."""
        if self.stage == OVER:
            return None
        seat = self.leader
        for _ in self.trick:
            seat = left_of(seat)
        return seat

    @property
    def window(self) -> int:
        """Always 0: nobody acts out of turn in the four-handed game (for code shared with two players)."""
        return 0

    @property
    def seat_to_ask(self) -> int | None:
        """The seat whose decision is due: the seat to act (nobody acts out of turn here)."""
        return self.to_act

    @property
    def led(self) -> Card | None:
        """The card led to the current trick."""
        return self.trick[0][1] if self.trick else None

    @property
    def played(self) -> CardMask:
        """Every card played so far."""
        mask = self.won[1] | self.won[2]
        for _, card in self.trick:
            mask |= BIT[card]
        return mask

    def scores(self) -> tuple[int, int]:
        """Counted card points of sides 1 and 2."""
        return self.score[1], self.score[2]

    def trick_counts(self) -> tuple[int, int]:
        return self.tricks[1], self.tricks[2]

    def scorer_of(self, seat: int) -> int:
        """Whose entry of :meth:`scores` and :meth:`trick_counts` is ``seat``'s: its side's."""
        return side_of(seat)

    def hand(self, seat: int) -> CardMask:
        return self.hands[seat]

    def hand_size(self, seat: int) -> int:
        """How many cards ``seat`` holds (public: everyone can count them)."""
        return self.hands[seat].bit_count()

    def completed_tricks(self) -> tuple[Trick, ...]:
        """The tricks played so far: leader, cards, winner and card points of each."""
        return tricks_of(self.history, self.rules, self.trump)

    # -- legality: one function, rules written once ---------------------------
    #
    # ``_refusal`` is the legality function (``None``: legal; else the reason); ``is_legal``,
    # ``verify``, ``apply`` and ``why_illegal`` ask it, ``legal_actions`` lists what the same
    # predicates (``_playable``, ``follow_mask``, ``_may_marry``) allow.

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """The legal actions of ``seat`` (default: the seat to act): cards in id order, then marriages."""
        actor = self.to_act
        if actor is None or (seat is not None and seat != actor):
            return []
        return [ACTIONS[a] for a in self._legal_ids(actor)]

    def _legal_ids(self, seat: int) -> list[int]:
        ids = list(cards_of(self._playable(seat)))
        hand = self.hands[seat]
        pairs = hand & (hand >> 1) & KINGS  # the kings whose queen is in the hand
        if pairs and self._may_marry():
            ids += [marriage_for(SUIT_OF[king], self.trump) for king in cards_of(pairs)]
        return ids

    def _playable(self, seat: int) -> CardMask:
        """The cards the seat to act may play now."""
        hand = self.hands[seat]
        if self.stage == FOLLOW:
            return self.follow_mask(hand)
        if self.stage == MARRIAGE:
            suit = self.marriage_suit
            return hand & MARRIAGE_CARDS[suit]
        return hand

    def _may_marry(self) -> bool:
        """Whether the leader may declare a marriage he holds (R-4P-5, option ``four_player_marriages``)."""
        return self.stage == LEAD and self.rules.four_player_marriages

    def follow_mask(self, hand: CardMask) -> CardMask:
        """The cards of ``hand`` that may follow to the current trick (R-4P-4)."""
        undertrump = self.rules.four_player_undertrump_required
        return partnership_follow_mask(hand, SUIT_OF[self.trick[0][1]], self.winning, self.trump, undertrump)

    def is_legal(self, action: int, seat: int | None = None) -> bool:
        """Whether ``seat`` (default: the seat to act) may take ``action`` now."""
        return self._refusal(action, seat) is None

    def why_illegal(self, action: int, seat: int | None = None) -> str | None:
        """Why ``action`` is not legal for ``seat`` (default: the seat to act) now; ``None`` if it is."""
        return self._refusal(action, seat)

    def verify(self, action: int, seat: int | None = None) -> None:
        """Raise :class:`IllegalActionError` with the precise reason unless ``action`` is legal; change nothing."""
        reason = self._refusal(action, seat)
        if reason is not None:
            raise illegal(action, reason, _NAMES)

    def explain_illegal(self, action: int, seat: int) -> str:
        """Why ``action`` is not legal for ``seat`` now (for error messages; ``legal`` if it is)."""
        return self._refusal(action, seat) or "legal"

    def _refusal(self, action: int, seat: int | None) -> str | None:
        """The legality function: ``None`` if ``seat`` (default: the seat to act) may take ``action``, else why not."""
        if not 0 <= action < NUM_ACTIONS:
            return f"{action!r} is not an action id (0-{NUM_ACTIONS - 1})"
        actor = self.to_act
        if actor is None:
            return "the deal is over"
        if seat is None:
            seat = actor
        if seat != actor:
            return f"it is seat {actor}'s turn, not seat {seat}'s"
        hand = self.hands[seat]
        if IS_CARD[action]:
            if self._playable(seat) & BIT[action]:
                return None
            if not hand & BIT[action]:
                return f"seat {seat} does not hold {CARD_NAMES[action]}"
            if self.stage == MARRIAGE:
                return "after declaring a marriage the leader must lead its king or queen"
            return f"seat {seat} must {self._follow_duty(hand)}: one of {format_cards(self.follow_mask(hand))}"
        if not ACTIONS[action].is_marriage():
            return "only cards (and marriages, where the rules score them) are played in the four-handed game"
        if not self.rules.four_player_marriages:
            return "marriages do not score in the four-handed game under these rules"
        if self.stage != LEAD:
            return "only the player on lead may declare a marriage"
        suit = marriage_suit(action)
        if action != marriage_for(suit, self.trump):
            return f"a marriage is worth {marriage_points(True)} in trumps and {marriage_points(False)} otherwise"
        pair = MARRIAGE_CARDS[suit]
        if hand & pair != pair:
            return f"seat {seat} does not hold the king and queen"
        return None

    def _follow_duty(self, hand: CardMask) -> str:
        """The R-4P-4 duty that limits ``hand`` now, in words (mirrors :meth:`follow_mask`)."""
        led_suit = SUIT_OF[self.trick[0][1]]
        best = self.winning
        in_suit = hand & SUIT_MASK[led_suit]
        if in_suit:
            if SUIT_OF[best] == led_suit and in_suit & HIGHER[best]:
                return "follow suit and win the trick"
            return "follow suit"
        if SUIT_OF[best] == self.trump and hand & SUIT_MASK[self.trump] & HIGHER[best]:
            return "over-trump"
        return "trump"

    # -- playing ----------------------------------------------------------

    def apply(self, action: int, seat: int | None = None) -> None:
        """Play ``action`` for ``seat`` (default: the seat to act).

        An illegal action raises :class:`~sixtysix.core.errors.IllegalActionError` and
        changes nothing.
        """
        reason = self._refusal(action, seat)
        if reason is not None:
            raise illegal(action, reason, _NAMES)
        self.apply_unchecked(action, seat)

    def apply_unchecked(self, action: int, seat: int | None = None) -> None:
        """Play a legal action without checking it (search and playouts)."""
        actor = self.to_act if seat is None else seat
        assert actor is not None
        self.history.append((actor, ACTIONS[action]))
        if IS_CARD[action]:
            self._add_to_trick(actor, action)
            self.stage = FOLLOW
            if len(self.trick) == 4:
                self._end_trick()
        else:
            self._declare(actor, action)

    def _declare(self, seat: int, action: int) -> None:
        suit = marriage_suit(action)
        value = marriage_value(action)
        side = side_of(seat)
        if self.tricks[side]:
            self.score[side] += value
        else:
            self.pending[side] += value
        self.known[seat] |= MARRIAGE_CARDS[suit]
        self.marriage_suit = suit
        self.stage = MARRIAGE

    def _add_to_trick(self, seat: int, card: Card) -> None:
        self.hands[seat] &= ~BIT[card]
        self.known[seat] &= ~BIT[card]
        if not self.trick or BEATERS[self.trump][self.winning] & BIT[card]:
            self.winning = card
        self.trick.append((seat, card))

    def _end_trick(self) -> None:
        winner = next(seat for seat, card in self.trick if card == self.winning)
        side = side_of(winner)
        cards = 0
        for _, card in self.trick:
            cards |= BIT[card]
        points = self.rules.points
        self.won[side] |= cards
        self.score[side] += sum(points[c] for _, c in self.trick) + self.pending[side]
        self.pending[side] = 0
        self.tricks[side] += 1
        self.trick_count += 1
        self.trick = []
        self.winning = -1
        self.leader = winner
        self.stage = LEAD
        self.marriage_suit = -1
        if cards & BIT[self.trump * 8 + TEN]:
            self.ten_side = side
            if self.rules.ten_of_trumps_bonus and self.match_score[side - 1] >= self.rules.match_target - 1:
                reason = f"side {side} won the ten of trumps one point short"
                self._finish(Scoring(Termination.TEN_OF_TRUMPS, side, 1, (Reason.TEN_OF_TRUMPS,), reason, 1, (0, 0)))
                return
        if self.trick_count == _TRICKS:
            self.score[side] += last_trick_bonus(self.rules, closed=False)
            self._finish(score_partnership_deal(self.rules, self.score, self.tricks, self.ten_side))

    def _finish(self, scoring: Scoring) -> None:
        self.outcome = Outcome(
            scoring.termination,
            scoring.winner,
            scoring.game_points,
            (self.score[1], self.score[2]),
            (self.tricks[1], self.tricks[2]),
            None,
            scoring.reason,
            scoring.bonus,
            scoring.reasons,
            scoring.base_points,
        )
        self.stage = OVER

    # -- views and text ---------------------------------------------------------------

    def view(self, seat: int, match_score: Sequence[int] = (0, 0), carried: int = 0) -> PartnershipView:
        """What ``seat`` may know now (with the match score of sides 1 and 2): all a player receives.

        Built into the view's dictionary, as :meth:`sixtysix.core.game.Deal.view` does, for speed.
        """
        known, won, score, pending, tricks = self.known, self.won, self.score, self.pending, self.tricks
        stage = self.stage
        fields: dict[str, object] = PARTNERSHIP_VIEW_FIELDS.copy()
        fields["seat"] = seat
        fields["rules"] = self.rules
        fields["dealer"] = self.dealer
        fields["trump"] = self.trump
        fields["trump_card"] = self.trump_card
        fields["stage"] = stage
        fields["to_act"] = self.to_act
        fields["leader"] = self.leader
        fields["trick"] = tuple(self.trick)
        fields["hand"] = self.hands[seat]
        fields["known"] = (known[1], known[2], known[3], known[4])
        fields["won"] = (won[1], won[2])
        fields["score"] = (score[1], score[2])
        fields["pending"] = (pending[1], pending[2])
        fields["tricks"] = (tricks[1], tricks[2])
        fields["marriage_suit"] = self.marriage_suit if stage == MARRIAGE else -1
        fields["history"] = tuple(self.history)
        fields["legal"] = tuple(self.legal_actions(seat))
        fields["match_score"] = (match_score[0], match_score[1])
        fields["carried"] = carried
        return fill(PartnershipView, fields)

    def spectator_view(self) -> SpectatorView:
        """What everybody at the table may know now: no card of any hand (hand sizes and shown cards by seat)."""
        stage = self.stage
        hands, known = self.hands, self.known
        return fill(
            SpectatorView,
            {
                "rules": self.rules,
                "dealer": self.dealer,
                "active": self.active,
                "sitting_out": 0,
                "trump": self.trump,
                "trump_card": self.trump_card,
                "face_up": None,
                "talon_size": 0,
                "closer": 0,
                "close_score": 0,
                "close_tricks": 0,
                "strict": True,
                "stage": stage,
                "to_act": self.to_act,
                "leader": self.leader,
                "trick": tuple(self.trick),
                "marriage_suit": self.marriage_suit if stage == MARRIAGE else -1,
                "hand_sizes": (hands[1].bit_count(), hands[2].bit_count(), hands[3].bit_count(), hands[4].bit_count()),
                "shown": (known[1], known[2], known[3], known[4]),
                "scores": self.scores(),
                "pending": (self.pending[1], self.pending[2]),
                "trick_counts": self.trick_counts(),
                "history": tuple(self.history),
                "outcome": self.outcome,
            },
        )

    def text(self) -> str:
        """The complete state as one line, hidden cards included (see :meth:`sixtysix.core.game.Deal.text`).

        >>> deal = FourHandedDeal.shuffled(seed=3, dealer=4)
        >>> deal.apply(deal.legal_actions()[0])
        >>> FourHandedDeal.parse_text(deal.text()).history == deal.history
        True
        """
        extra = {"match_score": f"{self.match_score[0]}-{self.match_score[1]}"} if any(self.match_score) else {}
        return table_text(self.rules, self.dealer, self.deck, self.history, extra)

    @classmethod
    def parse_text(cls, text: str) -> FourHandedDeal:
        """The deal of :meth:`text` (raises :class:`DealError` or :class:`IllegalActionError`)."""
        form = parse_table_text(text, players=4)
        first, sep, second = form.extra.get("match_score", "0-0").partition("-")
        if not (sep and first.isdigit() and second.isdigit()):
            raise DealError(f"match_score={form.extra['match_score']} is not A-B")
        deal = cls(form.cards, form.dealer, form.rules, (int(first), int(second)))
        form.replay(deal)
        return deal

    def __repr__(self) -> str:
        if not self.deck:
            return (
                f"<FourHandedDeal position: {self.rules.preset_name}, stage {self.stage.name}, scores {self.scores()}>"
            )
        return f"FourHandedDeal.parse_text({self.text()!r})"
