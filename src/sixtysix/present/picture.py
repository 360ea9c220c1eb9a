"""What one seat may know of the current deal, in table seats: the one input of the seat state.

:func:`picture` reads a deal of any table size for one seat: private facts (its hand, its
legal actions, its own ``pass``, whether it may exchange, whether its claim would hold)
from its own view (:class:`~sixtysix.core.view.PlayerView` of the two-player deal it plays,
or :class:`~sixtysix.core.view.PartnershipView`), public facts (hand sizes, cards shown,
cards played, counts) from the deal. A seat that sits out the deal has no view and gets the
public facts only. This is the one place where :mod:`sixtysix.present.state` meets the
table sizes.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("three66"))
>>> deal = match.new_deal(seed=2)
>>> out = picture(deal, deal.sitting_out)
>>> out.hand, out.legal, sorted(out.hand_sizes.values())
(0, (), [6, 6])
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from sixtysix.core.actions import CLAIM, DRAW, EXCHANGE, PASS, Action, marriage_suit
from sixtysix.core.cards import BIT, KING, QUEEN, Card, CardMask
from sixtysix.core.game import BEFORE_DRAW, Deal, Stage, Termination
from sixtysix.core.partnership import FourHandedDeal, left_of, side_of
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.present.table import AnyDeal, Duel, duel_of


@dataclass(frozen=True)
class Count:
    """Tricks and card points of one scorer (a seat, or a side of partners); ``None`` when hidden."""

    tricks: int
    points: int | None
    pending: int | None


@dataclass(frozen=True)
class SeatPicture:
    """What one seat may know of the current deal, in table seats, for every table size."""

    seat: int
    rules: Rules
    dealer: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """The seats that play this deal."""
    forehand: int
    """The seat that leads the deal's first trick."""
    trump: int
    trump_card: Card
    trump_card_held: bool
    """The dealer holds the turned-up trump card, for all to see (four-handed)."""
    face_up: Card | None
    talon: int | None
    """Face-down cards and the face-up card; ``None`` in a game without a talon."""
    exhausted: bool
    closer: int
    strict: bool
    """Whether the strict rules of play hold (follow suit, head the trick)."""
    stage: Stage
    to_act: int | None
    leader: int
    hand: CardMask
    trick: tuple[tuple[int, Card], ...]
    winning: Card | None
    history: tuple[tuple[int, Action], ...]
    hand_sizes: Mapping[int, int]
    known: Mapping[int, CardMask]
    """The cards the other seats that play are publicly known to hold."""
    scorer: str
    """``seat``, or ``side`` where partners score together."""
    counts: Mapping[int, Count]
    """By seat, or by side."""
    exchange_window: bool
    marriage_suit: int
    legal: tuple[Action, ...]
    after_draw: tuple[Action, ...]
    claim_holds: bool | None
    """Whether a claim (``66``) now would be correct; ``None`` when this seat may not claim."""

    @property
    def own_scorer(self) -> int:
        """This seat's entry in :attr:`counts`: its seat, or its side."""
        return side_of(self.seat) if self.scorer == "side" else self.seat


def picture(deal: AnyDeal, seat: int) -> SeatPicture:
    """What ``seat`` may know of ``deal``: its own view's private facts and the public ones."""
    if isinstance(deal, FourHandedDeal):
        return _partnership_picture(deal, seat)
    duel = duel_of(deal)
    assert duel is not None
    return _duel_picture(duel, seat)


def _duel_picture(duel: Duel, seat: int) -> SeatPicture:
    """A two-player deal: public facts from the deal, private ones from the seat's own view.

    The seat that sits out (three-handed) has no view: it sees the public facts only,
    and never a ``pass`` (which would tell who holds the exchange card).
    """
    deal, table = duel.deal, duel.table
    me = duel.inner(seat)
    view = PlayerView.of(deal, me) if me else None
    shown = deal.rules.may_review_tricks != "none"
    history = view.history if view is not None else tuple(h for h in deal.history if h[1] != PASS)
    counts = {
        table(i): Count(
            deal.tricks[i],
            deal.score[i] if i == me or shown else None,
            deal.pending[i] if i == me or shown else None,
        )
        for i in (1, 2)
    }
    return SeatPicture(
        seat=seat,
        rules=deal.rules,
        dealer=duel.dealer,
        sitting_out=duel.sitting_out,
        playing=duel.seats,
        forehand=table(deal.forehand),
        trump=deal.trump,
        trump_card=deal.trump_card,
        trump_card_held=False,
        face_up=deal.face_up if deal.face_up >= 0 else None,
        talon=deal.talon_size,
        exhausted=deal.face_up < 0 and not deal.closer,
        closer=table(deal.closer),
        strict=deal.phase2,
        stage=deal.stage,
        to_act=table(deal.to_act),
        leader=table(deal.leader),
        hand=view.hand if view is not None else 0,
        trick=((table(deal.leader), deal.led),) if deal.led >= 0 else (),
        winning=deal.led if deal.led >= 0 else None,
        history=duel.in_table_seats(history),
        hand_sizes={table(i): deal.hands[i].bit_count() for i in (1, 2)},
        known={table(i): deal.known[i] for i in (1, 2) if i != me},
        scorer="seat",
        counts=counts,
        exchange_window=view is not None and view.window == me,
        marriage_suit=deal.marriage_suit if deal.stage == Stage.MARRIAGE else -1,
        legal=view.legal if view is not None else (),
        after_draw=tuple(after_draw(deal, me)) if me else (),
        claim_holds=_claim_holds(deal, me) if view is not None and CLAIM in view.legal else None,
    )


def _partnership_picture(deal: FourHandedDeal, seat: int) -> SeatPicture:
    """The four-handed deal: the seat's :class:`PartnershipView` (hand sizes are public counts)."""
    view = PartnershipView.of(deal, seat)
    shown = deal.rules.may_review_tricks != "none"
    counts = {
        side: Count(
            view.tricks[side - 1],
            view.score[side - 1] if side == view.side or shown else None,
            view.pending[side - 1] if side == view.side or shown else None,
        )
        for side in (1, 2)
    }
    seats = deal.rules.seats
    return SeatPicture(
        seat=seat,
        rules=deal.rules,
        dealer=deal.dealer,
        sitting_out=None,
        playing=seats,
        forehand=left_of(deal.dealer),
        trump=view.trump,
        trump_card=view.trump_card,
        trump_card_held=bool(view.known[deal.dealer - 1] & BIT[view.trump_card]),
        face_up=None,
        talon=None,
        exhausted=False,
        closer=0,
        strict=True,
        stage=view.stage,
        to_act=view.to_act,
        leader=view.leader,
        hand=view.hand,
        trick=view.trick,
        winning=deal.winning if view.trick else None,
        history=view.history,
        hand_sizes={s: deal.hands[s].bit_count() for s in seats},
        known={s: view.known[s - 1] for s in seats if s != seat},
        scorer="side",
        counts=counts,
        exchange_window=False,
        marriage_suit=view.marriage_suit,
        legal=view.legal,
        after_draw=(),
        claim_holds=None,
    )


# -- the draw a card click implies --------------------------------------------------------


def after_draw(deal: Deal, seat: int) -> list[Action]:
    """Actions the server takes after an implicit draw, none depending on the card drawn.

    Right after winning a phase-1 trick (stage ``before_draw``) the winner may send a card
    (or ``X``, ``C``, ``66``, a marriage) instead of ``draw``: the server draws, then applies
    it. Only actions whose cards the seat holds before the draw are listed (and accepted),
    so neither the list nor a refusal tells anything about the card to be drawn.
    """
    if deal.stage != BEFORE_DRAW or deal.leader != seat or DRAW not in deal.legal_actions(seat):
        return []
    hand = deal.hands[seat]
    work = deal.copy()
    work.apply(DRAW)
    return [a for a in work.legal_actions(seat) if a not in (DRAW, PASS) and not needs_cards(a, deal) & ~hand]


def after_draw_at(deal: AnyDeal, seat: int) -> list[Action]:
    """:func:`after_draw` at any table, in table seats (none in the four-handed game)."""
    duel = duel_of(deal)
    me = duel.inner(seat) if duel is not None else 0
    return after_draw(duel.deal, me) if duel is not None and me else []


def needs_cards(action: int, deal: Deal) -> CardMask:
    """The cards a seat must hold to take ``action`` (0 for close and claim)."""
    if Action(action).is_card():
        return BIT[action]
    if Action(action).is_marriage():
        suit = marriage_suit(action)
        return BIT[suit * 8 + KING] | BIT[suit * 8 + QUEEN]
    if action == EXCHANGE:
        return BIT[deal.exchange_card]
    return 0


def _claim_holds(deal: Deal, seat: int) -> bool:
    """Whether ``seat``'s claim now would be correct: the engine scores it on a copy.

    The verdict depends on the claimant's own points only (rules.md §2.11), so it tells
    the seat nothing it does not know.
    """
    work = deal.copy()
    work.apply(CLAIM, seat)
    return work.outcome is not None and work.outcome.termination == Termination.CLAIM
