"""Rule-of-thumb players: level 2 (beginner) and level 3 (card counter).

Both answer at once (no search) and are deterministic for a seed. The beginner
looks only at its hand, the trick on the table, the trump suit and its own
score; the counter also keeps track of every card it has seen, so it knows
which cards are still out, proves the opponent's voids from his phase-2 play
and weighs the opponent's score.

>>> from sixtysix import Deal, Rules
>>> from sixtysix.players.base import play_deal
>>> deal = Deal.shuffled(seed=3, rules=Rules.preset("schnapsen"))
>>> outcome = play_deal(deal, {1: BeginnerPlayer(seed=1), 2: CountingPlayer(seed=2)})
>>> outcome.termination.value in ("claim", "played_out", "closer_failed", "tie")
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from sixtysix.ai.sampling import forbidden_cards
from sixtysix.core.actions import (
    ACTIONS,
    CLAIM,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    IS_CARD,
    PASS,
    Action,
)
from sixtysix.core.cards import (
    ACE,
    BIT,
    HIGHER,
    KING,
    KINGS,
    QUEEN,
    RANK_OF,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    TEN,
    Card,
    CardMask,
    cards_of,
    make_card,
)
from sixtysix.core.facts import (
    DEAL_TARGET,
    MARRIAGE_CARDS,
    beats,
    exchange_card,
    follow_mask,
    marriage_points,
    marriage_value,
)
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, MARRIAGE
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player

_WIN_DEAL = 100.0
"""Weight of a trick that brings a side to 66 (it can claim next)."""


def _partner(card: Card) -> Card:
    """The queen of a king, the king of a queen."""
    return card ^ (KING ^ QUEEN)


def _own_tricks(view: PlayerView) -> int:
    return view.tricks[view.seat - 1]


def _marriages_possible(view: PlayerView) -> bool:
    """Whether a marriage could still be declared in this deal (by either side)."""
    return not view.phase2 or view.rules.marriage_in_phase2


def _gain_if_won(view: PlayerView) -> int:
    """Own points that count once a trick is won (a pending marriage counts with the first trick)."""
    return view.score + view.pending


class BeginnerPlayer(Player):
    """Level 2, beginner: plays sensibly but does not remember which cards are out.

    * looks only at its hand, the card on the table, the trump suit and its own score;
    * claims 66 as soon as its own score reaches 66 (never a false claim);
    * declares every marriage it can (the 40 first), leading the queen, and claims at once
      when the marriage takes it to 66;
    * always exchanges the trump nine (Schnapsen: jack) for the face-up card;
    * almost never closes: only with 50 points or more, at least three trumps with the
      trump ace among them, and enough trumps and aces to reach 66;
    * leads its lowest non-trump card and keeps king-queen pairs; once the talon is gone
      or closed it cashes its aces first (the trump ace first);
    * takes a led ace or ten with the cheapest card that wins (a higher card of the suit,
      else its lowest trump), takes any trick that brings it to 66, and wins a trick
      cheaply with a low card of the led suit when it can; otherwise it throws its lowest
      card.
    """

    name = "beginner"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    # -- the decision ----------------------------------------------------------------

    def choose(self, view: PlayerView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        if CLAIM in legal and view.score >= DEAL_TARGET:
            return ACTIONS[CLAIM]
        if view.window == view.seat:  # the exchange offered to the seat not on lead
            return ACTIONS[EXCHANGE] if EXCHANGE in legal else ACTIONS[PASS]
        if view.stage == BEFORE_DRAW:
            return self.before_draw(view)
        if view.stage == MARRIAGE:
            return self.marriage_card(view)
        if view.stage == FOLLOW:
            if EXCHANGE in legal:
                return ACTIONS[EXCHANGE]
            return self.follow(view)
        return self.lead(view)

    def before_draw(self, view: PlayerView) -> Action:
        """Right after a phase-1 trick: draw (or ``CB``)."""
        return ACTIONS[DRAW]

    def marriage_card(self, view: PlayerView) -> Action:
        """Lead the queen of the declared marriage: the same cards beat it as the king, and it is cheaper."""
        queen = make_card(QUEEN, view.marriage_suit)
        return ACTIONS[queen] if queen in view.legal else ACTIONS[make_card(KING, view.marriage_suit)]

    def lead(self, view: PlayerView) -> Action:
        legal = view.legal
        if EXCHANGE in legal:
            return ACTIONS[EXCHANGE]
        marriages = [a for a in legal if a.is_marriage()]
        best = max(marriages, key=marriage_value) if marriages else None
        if best is not None and _own_tricks(view) and view.score + marriage_value(best) >= DEAL_TARGET:
            return best  # then claim
        if CLOSE in legal and self.wants_close(view):
            return ACTIONS[CLOSE]
        if best is not None:
            return best
        return ACTIONS[self.lead_card(view)]

    # -- the beginner's rules of thumb ----------------------------------------------------

    def wants_close(self, view: PlayerView) -> bool:
        trumps = view.hand & SUIT_MASK[view.trump]
        if view.score < 50 or trumps.bit_count() < 3 or not trumps & BIT[make_card(ACE, view.trump)]:
            return False
        points = view.rules.points
        high = sum(points[c] for c in cards_of(view.hand) if BIT[c] & trumps or RANK_OF[c] == ACE)
        return view.score + high >= DEAL_TARGET

    def card_cost(self, view: PlayerView, card: Card) -> float:
        """How much the beginner minds giving ``card`` away (low: throw it first)."""
        points = view.rules.points
        cost = float(points[card])
        if SUIT_OF[card] == view.trump:
            cost += 20 + points[card]
        rank = RANK_OF[card]
        if rank in (KING, QUEEN) and view.hand & BIT[_partner(card)] and _marriages_possible(view):
            cost += 15
        return cost + self.rng.random() * 0.01

    def lowest(self, view: PlayerView, cards: list[Card]) -> Card:
        return min(cards, key=lambda c: self.card_cost(view, c))

    def lead_card(self, view: PlayerView) -> Card:
        cards: list[Card] = [a for a in view.legal if IS_CARD[a]]
        if view.phase2:
            aces = [c for c in cards if RANK_OF[c] == ACE]
            if aces:  # an ace is the top card of its suit: cash it (the trump ace first)
                return min(aces, key=lambda c: (SUIT_OF[c] != view.trump, self.rng.random()))
        return self.lowest(view, cards)

    def follow(self, view: PlayerView) -> Action:
        led = view.led
        assert led is not None
        cards: list[Card] = [a for a in view.legal if IS_CARD[a]]
        points = view.rules.points
        winners = [c for c in cards if beats(c, led, view.trump)]
        if winners:
            cheapest = self.lowest(view, winners)
            takes_66 = _gain_if_won(view) + points[led] + points[cheapest] >= DEAL_TARGET
            # A cheap card of the led suit (king or lower, not married) wins the trick and the lead.
            same_suit = SUIT_OF[cheapest] == SUIT_OF[led]
            cheap = same_suit and self.card_cost(view, cheapest) < 5
            if points[led] >= 10 or takes_66 or cheap or (view.phase2 and same_suit):
                return ACTIONS[cheapest]
        return ACTIONS[self.lowest(view, cards)]


@dataclass(frozen=True)
class _Count:
    """What the counter knows about the cards it cannot see."""

    out: CardMask
    """Cards not in the own hand, not played and not lying face up: the opponent's hand and the stock."""
    opp: CardMask
    """The cards the opponent may hold (``out`` less the proven voids)."""
    opp_size: int
    """How many cards the opponent holds."""
    exact: bool
    """The opponent holds exactly ``opp`` (the talon is exhausted)."""


def _count(view: PlayerView, hand: CardMask | None = None) -> _Count:
    hand = view.hand if hand is None else hand
    out = view.unseen | view.opponent_known
    opp_size = view.opponent_hand_size
    if view.face_up is None and not view.closer:
        return _Count(out, out, opp_size, True)
    # Play proves voids only in phase 2; the talon is open here unless it was closed.
    opp = (out & ~forbidden_cards(view)) | view.opponent_known if view.closer else out
    return _Count(out, opp, opp_size, False)


class CountingPlayer(BeginnerPlayer):
    """Level 3, card counter: remembers every card played and shown.

    * knows which trumps, aces and tens are still out, so it knows when its ace or ten
      of a suit is the highest card left, and proves the opponent's voids from his
      phase-2 play (he must follow suit, head the trick and trump);
    * claims 66 the moment its score reaches 66, never falsely; declares a marriage
      that takes it to 66 and claims without leading;
    * exchanges the trump nine (Schnapsen: jack) whenever it may;
    * closes the talon (before or after drawing) when it can count that its sure tricks
      plus the points it already has reach 66, so that the closed-talon scoring (2 or 3
      game points against a closer who fails) does not hit it; in Schnapsen, where a
      played-out deal is worth only one point, it accepts a count a few points short;
    * in phase 1 leads low cards it does not need, keeps king-queen pairs and trumps,
      takes aces and tens cheaply (ace over ten, a low trump), plays an unguarded ten
      while its ace is still out, and never lets the opponent take a trick that brings
      him to 66 if it can help it;
    * when the talon is gone or closed it first cashes its sure winners (the top trumps
      to draw the opponent's, then its masters), and once the opponent's hand is known
      picks each lead against the opponent's best answer;
    * declares every marriage it can (also after closing in Schnapsen).

    Equal values are told apart by a little noise from its seeded generator
    (``jitter=False``: the first legal action wins, for the native counter's tests).
    ``native/counter.c`` is its port, used by the rollouts (:mod:`sixtysix.ai.rollout`).
    """

    name = "counter"

    close_margin = 0.0
    """Points it adds to its count of sure points when it considers closing (0: only sure closes)."""
    close_margin_last_trick = 8.0
    """The same when a played-out deal is worth only one game point to the last trick (Schnapsen)."""
    opponent_share = 2.0
    """Points it expects the opponent to add to each of its sure tricks."""
    trump_keep = 13.0
    """What keeping a trump is worth beyond its points."""
    master_trump_keep = 8.0
    """Extra for the highest trump still out."""
    master_keep = 2.0
    """What keeping the highest card of a plain suit is worth."""
    unbeatable_lead = 0.5
    """Share of a card's points counted as won when it is led and cannot be beaten."""
    win_lead_bonus = 0.0
    """Worth of winning a phase-1 trick (the lead) beyond its points."""
    estimate_closed_leads = True
    """After a close, lead by the chance each card wins (else: the cheapest card)."""

    def __init__(self, seed: int | None = 0, jitter: bool = True) -> None:
        super().__init__(seed)
        self.jitter = jitter
        """Break ties between equal values by a little noise from ``rng`` (else: the first legal action wins)."""

    def _noise(self) -> float:
        """The tie-break noise added to each value (0 without ``jitter``)."""
        return self.rng.random() * 0.01 if self.jitter else 0.0

    def native_params(self, rules: Rules) -> tuple[float, ...]:
        """This counter's constants and the talon's size for ``rules``, as the native counter takes them
        (``native/counter.c``'s CounterParams: it has no number of its own)."""
        return (
            self.close_margin, self.close_margin_last_trick, self.opponent_share, self.trump_keep,
            self.master_trump_keep, self.master_keep, self.unbeatable_lead, self.win_lead_bonus,
            int(self.estimate_closed_leads), rules.talon_size, rules.cards_per_trick,
        )  # fmt: skip

    # -- decisions ---------------------------------------------------------------------

    def before_draw(self, view: PlayerView) -> Action:
        if CLOSE_BEFORE_DRAW in view.legal and self.close_is_sound(view):
            return ACTIONS[CLOSE_BEFORE_DRAW]
        return ACTIONS[DRAW]

    def wants_close(self, view: PlayerView) -> bool:
        return self.close_is_sound(view)

    def marriage_card(self, view: PlayerView) -> Action:
        suit = view.marriage_suit
        king, queen = make_card(KING, suit), make_card(QUEEN, suit)
        if queen not in view.legal:
            return ACTIONS[king]
        count = _count(view)
        if view.phase2 and not HIGHER[king] & count.opp and self._safe_from_trumps(view, count, king):
            return ACTIONS[king]  # the king wins for sure
        return ACTIONS[queen]

    # -- counting --------------------------------------------------------------------------

    def _safe_from_trumps(self, view: PlayerView, count: _Count, card: Card) -> bool:
        """Whether the opponent cannot trump ``card`` in phase 2."""
        suit = SUIT_OF[card]
        if suit == view.trump or not count.opp & SUIT_MASK[view.trump]:
            return True
        return count.exact and bool(count.opp & SUIT_MASK[suit])

    def sure_tricks(self, view: PlayerView, hand: CardMask, count: _Count) -> tuple[list[Card], float]:
        """Cards that win phase-2 tricks whatever the opponent holds, in the order to lead them,
        and the points they bring (own cards plus a share for the opponent's cards)."""
        points = view.rules.points
        trump_mask = SUIT_MASK[view.trump]
        opp = count.opp
        opp_trumps = opp & trump_mask
        n_trumps = opp_trumps.bit_count() if count.exact else min(opp_trumps.bit_count(), count.opp_size)
        seq: list[Card] = []
        taken = 0.0
        own = hand
        # Top trumps first: each draws one of the opponent's trumps while he has any.
        while True:
            masters = [c for c in cards_of(own & trump_mask) if not HIGHER[c] & opp_trumps]
            if not masters:
                break
            card = masters[0]
            seq.append(card)
            own &= ~BIT[card]
            if n_trumps > 0:
                n_trumps -= 1
                low = cards_of(opp_trumps)[-1]  # suppose he keeps his best trumps
                opp_trumps &= ~BIT[low]
                opp &= ~BIT[low]
                taken += points[low] if count.exact else self.opponent_share
            else:
                taken += self.opponent_share if not count.exact else 0.0
        for suit in SUITS:
            if suit == view.trump:
                continue
            suit_mask = SUIT_MASK[suit]
            theirs = opp & suit_mask
            if n_trumps > 0 and not count.exact:
                break  # he may be void and trump: nothing else is sure
            follows = theirs.bit_count() if n_trumps > 0 else len(cards_of(own & suit_mask))
            for card in cards_of(own & suit_mask):
                if follows <= 0 or HIGHER[card] & theirs:
                    break
                seq.append(card)
                own &= ~BIT[card]
                follows -= 1
                if theirs:
                    low = cards_of(theirs)[-1]
                    theirs &= ~BIT[low]
                    taken += points[low] if count.exact else self.opponent_share
                else:
                    taken += 0.0 if count.exact else self.opponent_share / 2
        if n_trumps == 0 and seq:
            for card in cards_of(own & trump_mask):  # he has no trump left
                seq.append(card)
        return seq, sum(points[c] for c in seq) + taken

    def close_is_sound(self, view: PlayerView) -> bool:
        """Whether the sure tricks after closing take this seat to 66."""
        count = _count(view)
        opp = count.opp
        rules = view.rules
        if view.face_up is not None and rules.exchange_on_close and count.out & BIT[exchange_card(rules, view.trump)]:
            opp |= BIT[view.face_up]  # he may take the face-up card when we close
        count = _Count(count.out, opp, count.opp_size, False)
        seq, sure = self.sure_tricks(view, view.hand, count)
        if not seq:
            return False
        margin = (
            self.close_margin_last_trick if view.rules.last_trick_rule == "wins_deal_one_point" else self.close_margin
        )
        total = view.score + view.pending + sure + margin
        if view.rules.marriage_in_phase2:
            for suit in SUITS:
                pair = MARRIAGE_CARDS[suit]
                if view.hand & pair == pair:
                    total += marriage_points(suit == view.trump)
        return total >= DEAL_TARGET

    def keep_value(self, view: PlayerView, card: Card, count: _Count) -> float:
        """What holding ``card`` for later is worth, in rough card points."""
        points = view.rules.points
        p = points[card]
        higher_out = HIGHER[card] & count.out
        suit = SUIT_OF[card]
        if suit == view.trump:
            value = self.trump_keep + 0.5 * p + (self.master_trump_keep if not higher_out else 0.0)
        elif not higher_out:
            value = self.master_keep + 0.4 * p  # the master of its suit
        else:
            value = 0.2 * p
            if RANK_OF[card] == TEN and not (view.hand & SUIT_MASK[suit] & ~BIT[card]):
                value -= 3.0  # a bare ten under an ace still out: it will be lost, use it
        if RANK_OF[card] in (KING, QUEEN) and _marriages_possible(view):
            partner = _partner(card)
            if view.hand & BIT[partner]:
                value += 0.8 * marriage_points(suit == view.trump)
            elif count.out & BIT[partner] and not view.phase2:
                value += 2.0
        return value

    # -- leading -----------------------------------------------------------------------------

    def lead_card(self, view: PlayerView) -> Card:
        cards: list[Card] = [a for a in view.legal if IS_CARD[a]]
        count = _count(view)
        if view.phase2:
            return self._lead_phase2(view, cards, count)
        return self._lead_phase1(view, cards, count)

    def _lead_phase1(self, view: PlayerView, cards: list[Card], count: _Count) -> Card:
        points = view.rules.points
        trump_mask = SUIT_MASK[view.trump]
        opp_trumps = count.opp & trump_mask

        def cost(card: Card) -> float:
            unbeatable = not HIGHER[card] & count.opp and (SUIT_OF[card] == view.trump or not opp_trumps)
            if unbeatable and _gain_if_won(view) + points[card] >= DEAL_TARGET:
                return -_WIN_DEAL
            risk = -self.unbeatable_lead * points[card] if unbeatable else float(points[card])
            return self.keep_value(view, card, count) + risk + self._noise()

        return min(cards, key=cost)

    def _lead_phase2(self, view: PlayerView, cards: list[Card], count: _Count) -> Card:
        seq, sure = self.sure_tricks(view, view.hand, count)
        if seq and (not count.exact or _gain_if_won(view) + sure >= DEAL_TARGET):
            return seq[0]
        if count.exact:
            return max(cards, key=lambda c: self._lead_value(view, c, count))
        if self.estimate_closed_leads:
            return max(cards, key=lambda c: self._closed_lead_value(view, c, count))
        # The opponent's hand is not known: give away as little as possible.
        points = view.rules.points
        return min(cards, key=lambda c: self.keep_value(view, c, count) + points[c] + self._noise())

    def _closed_lead_value(self, view: PlayerView, card: Card, count: _Count) -> float:
        """The lead of ``card`` when the opponent's hand is one of many: by the chance that it wins."""
        known = view.opponent_known
        unknown = count.opp & ~known
        free = unknown.bit_count()
        share = (count.opp_size - known.bit_count()) / free if free else 0.0
        share = min(1.0, max(0.0, share))

        def none_held(cards: CardMask) -> float:
            if cards & known:
                return 0.0
            return float((1.0 - share) ** (cards & unknown).bit_count())

        suit = SUIT_OF[card]
        trump_mask = SUIT_MASK[view.trump]
        p_win = none_held(HIGHER[card] & count.opp)
        if suit != view.trump:
            p_win *= 1.0 - none_held(count.opp & SUIT_MASK[suit]) * (1.0 - none_held(count.opp & trump_mask))
        points = view.rules.points
        trick = points[card] + self.opponent_share
        win = _WIN_DEAL if _gain_if_won(view) + trick >= DEAL_TARGET else trick
        lose = _WIN_DEAL if view.opponent_score + view.opponent_pending + trick >= DEAL_TARGET else trick
        value = p_win * win - (1.0 - p_win) * lose - self.keep_value(view, card, count)
        return value + self._noise()

    def _lead_value(self, view: PlayerView, card: Card, count: _Count) -> float:
        """The lead of ``card`` against the opponent's best answer (his hand is known)."""
        answers = _follow_options(view, card, count.opp)
        keep = self.keep_value(view, card, count)
        worst = min(self._trick_value(view, card, answer, beats(answer, card, view.trump)) for answer in answers)
        return worst - keep + self._noise()

    def _trick_value(self, view: PlayerView, mine: Card, theirs: Card, they_win: bool) -> float:
        points = view.rules.points
        trick = points[mine] + points[theirs]
        if they_win:
            if view.opponent_score + view.opponent_pending + trick >= DEAL_TARGET:
                return -_WIN_DEAL - trick
            return -float(trick)
        if _gain_if_won(view) + trick >= DEAL_TARGET:
            return _WIN_DEAL + trick
        return float(trick)

    # -- following ---------------------------------------------------------------------------

    def follow(self, view: PlayerView) -> Action:
        led = view.led
        assert led is not None
        cards: list[Card] = [a for a in view.legal if IS_CARD[a]]
        count = _count(view)
        face_up = None
        if not view.phase2 and view.face_up is not None and view.talon_size == view.rules.cards_per_trick:
            # The last draw: the trick's loser takes the face-up trump card, the winner the unknown last card.
            face_up = self.keep_value(view, view.face_up, count) + view.rules.points[view.face_up] * 0.5
        return ACTIONS[max(cards, key=lambda c: self._follow_value(view, c, led, count, face_up))]

    def _follow_value(self, view: PlayerView, card: Card, led: Card, count: _Count, face_up: float | None) -> float:
        """What playing ``card`` to ``led`` is worth; ``face_up``: what the face-up card is worth at the last draw."""
        wins = beats(card, led, view.trump)
        value = self._trick_value(view, card, led, not wins)
        value -= self.keep_value(view, card, count)
        if not view.phase2:
            if wins:
                value += self.win_lead_bonus
            if wins and _holds_marriage(view, card):
                value += 4.0  # on lead it can declare
            if face_up is not None:
                value += (5.0 - face_up) * (0.5 if wins else -0.5)
        return value + self._noise()


def _holds_marriage(view: PlayerView, playing: Card) -> bool:
    hand = view.hand & ~BIT[playing]
    return bool(hand & (hand >> 1) & KINGS)  # a king whose queen is in the hand (cards.KINGS)


def _follow_options(view: PlayerView, led: Card, hand: CardMask) -> tuple[Card, ...]:
    """The cards of ``hand`` a phase-2 follower may play to ``led`` (rules.md R-P2-2; ``led`` for no hand)."""
    return cards_of(follow_mask(view.rules, hand, led, view.trump)) or (led,)
