"""What one seat may know of the current deal, in table seats: the one input of the seat state.

:func:`picture` asks a deal of any table size (the core's :class:`~sixtysix.core.table.Table`)
two questions: what everybody may know (its :meth:`~sixtysix.core.table.Table.spectator_view`:
hand sizes, cards played and shown, counts, the public history) and, for a seat that plays
the deal, what that seat alone may know (its own :meth:`~sixtysix.core.table.Table.view`:
its hand, its legal actions, its own ``pass``). A seat that sits out the deal has no view
and gets the public facts only. Neither answer depends on the table's class.

>>> from sixtysix import Rules, create_match
>>> match = create_match(Rules.preset("three66"))
>>> deal = match.new_deal(seed=2)
>>> out = picture(deal, deal.sitting_out)
>>> out.hand, out.legal, sorted(out.hand_sizes.values())
(0, (), [6, 6])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from sixtysix.core.actions import CLAIM, DRAW, EXCHANGE, PASS, Action, marriage_suit
from sixtysix.core.cards import BIT, KING, QUEEN, Card, CardMask, make_card
from sixtysix.core.facts import exchange_card, trick_winner
from sixtysix.core.game import BEFORE_DRAW
from sixtysix.core.outcome import Outcome, Reason, Stage
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.core.view import SpectatorView


class Count(NamedTuple):
    """Tricks and card points of one scorer (a seat, or a side of partners); ``None`` when hidden."""

    tricks: int
    points: int | None
    pending: int | None


@dataclass
class SeatPicture:
    """What one seat may know of the current deal, in table seats, for every table size.

    A plain dataclass: one is built for every seat state, and a frozen one costs several
    times as much to build (its fields are not changed after :func:`picture` built them).
    """

    seat: int
    public: SpectatorView
    """What everybody at the table may know (the completed tricks, the outcome, ...)."""
    rules: Rules
    dealer: int
    sitting_out: int | None
    playing: tuple[int, ...]
    """The seats that play this deal, the first leader first."""
    forehand: int
    """The seat that leads the deal's first trick."""
    trump: int
    trump_card: Card
    trump_card_held: bool
    """The dealer holds the turned-up trump card, for all to see (a game without a talon)."""
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
    own_scorer: int
    """This seat's entry in :attr:`counts`: its seat, or its side."""
    counts: Mapping[int, Count]
    """By seat, or by side: the scorers of the seats that play."""
    exchange_window: bool
    marriage_suit: int
    legal: tuple[Action, ...]
    after_draw: tuple[Action, ...]
    claim_holds: bool | None
    """Whether a claim (``66``) now would be correct; ``None`` when this seat may not claim."""


SPECTATOR = 0
"""The seat number of someone who watches and holds no seat: the public facts only."""


def picture(deal: Table, seat: int, public: SpectatorView | None = None) -> SeatPicture:
    """What ``seat`` may know of ``deal``: the public facts, and its own view's private ones.

    ``seat`` :data:`SPECTATOR` (0) is someone who watches: no hand, no own counts.

    ``public`` is the deal's spectator view now, when the caller has it (it is the same for
    every seat).
    """
    public = public or deal.spectator_view()
    rules = deal.rules
    view = deal.view(seat) if seat in public.active else None
    legal = view.legal if view is not None else ()
    talon = rules.talon_size > 0
    shown = rules.may_review_tricks != "none"
    own = deal.scorer_of(seat) if seat != SPECTATOR else SPECTATOR
    counts = {
        scorer: Count(
            public.trick_counts[scorer - 1],
            public.scores[scorer - 1] if scorer == own or shown else None,
            public.pending[scorer - 1] if scorer == own or shown else None,
        )
        for scorer in sorted({deal.scorer_of(s) for s in public.active})
    }
    trick = public.trick
    return SeatPicture(
        seat=seat,
        public=public,
        rules=rules,
        dealer=public.dealer,
        sitting_out=public.sitting_out or None,
        playing=public.active,
        forehand=public.active[0],
        trump=public.trump,
        trump_card=public.trump_card,
        trump_card_held=not talon and bool(public.shown[public.dealer - 1] & BIT[public.trump_card]),
        face_up=public.face_up,
        talon=public.talon_size if talon else None,
        exhausted=talon and public.face_up is None and not public.closer,
        closer=public.closer,
        strict=public.strict,
        stage=public.stage,
        to_act=public.to_act,
        leader=public.leader,
        hand=view.hand if view is not None else 0,
        trick=trick,
        winning=trick[trick_winner([card for _, card in trick], public.trump)][1] if trick else None,
        history=_own_history(public.history, view.history, seat) if view is not None else public.history,
        hand_sizes={s: public.hand_sizes[s - 1] for s in public.active},
        known={s: public.shown[s - 1] for s in public.active if s != seat},
        own_scorer=own,
        counts=counts,
        exchange_window=view is not None and deal.window == seat,
        marriage_suit=public.marriage_suit,
        legal=legal,
        after_draw=tuple(after_draw(deal, seat)) if view is not None else (),
        claim_holds=claim_holds(deal, seat) if CLAIM in legal else None,
    )


def _own_history(
    public: Sequence[tuple[int, Action]], own: Sequence[tuple[int, Action]], seat: int
) -> tuple[tuple[int, Action], ...]:
    """The public history with the seat's own ``pass`` decisions where its view has them.

    The view names the seats as the deal it plays does (at a table of three, the two-player
    deal's 1 and 2); the public history names table seats and leaves every ``pass`` out.
    Both list the other actions in the same order, so the view's history in table seats is
    the public one with the seat's own passes put back.
    """
    if len(own) == len(public):
        return tuple(public)
    others = iter(public)
    return tuple((seat, action) if action == PASS else next(others) for _, action in own)


# -- the draw a card click implies --------------------------------------------------------


def after_draw(deal: Table, seat: int) -> list[Action]:
    """Actions the server takes after an implicit draw, none depending on the card drawn.

    Right after winning a phase-1 trick (stage ``before_draw``) the winner may send a card
    (or ``X``, ``C``, ``66``, a marriage) instead of ``draw``: the server draws, then applies
    it. Only actions whose cards the seat holds before the draw are listed (and accepted),
    so neither the list nor a refusal tells anything about the card to be drawn. Any table
    size: where there is no talon there is no draw, and the list is empty.
    """
    if deal.stage != BEFORE_DRAW or deal.to_act != seat or DRAW not in deal.legal_actions(seat):
        return []
    hand = deal.hand(seat)
    work = deal.copy()
    work.apply(DRAW, seat)
    exchange = exchange_card(deal.rules, deal.trump)
    return [a for a in work.legal_actions(seat) if a not in (DRAW, PASS) and not needs_cards(a, exchange) & ~hand]


def needs_cards(action: int, exchange: Card) -> CardMask:
    """The cards a seat must hold to take ``action`` (0 for close and claim); ``exchange`` is the exchange card."""
    if Action(action).is_card():
        return BIT[action]
    if Action(action).is_marriage():
        suit = marriage_suit(action)
        return BIT[make_card(KING, suit)] | BIT[make_card(QUEEN, suit)]
    if action == EXCHANGE:
        return BIT[exchange]
    return 0


def claim_outcome(deal: Table, seat: int) -> Outcome:
    """What ``seat``'s claim now would give: the engine scores it on a copy (the claim must be legal).

    The verdict depends on the claimant's own counted points only (never a pending
    marriage; rules.md §2.11) and on public counts, so it tells the seat nothing it does
    not know.
    """
    work = deal.copy()
    work.apply(CLAIM, seat)
    assert work.outcome is not None
    return work.outcome


def claim_holds(deal: Table, seat: int) -> bool:
    """Whether ``seat``'s claim now would be correct (:func:`claim_outcome`)."""
    return claim_outcome(deal, seat).reasons[0] in (Reason.CLAIM, Reason.CLOSER_CLAIM, Reason.BEATEN_CLOSER)
