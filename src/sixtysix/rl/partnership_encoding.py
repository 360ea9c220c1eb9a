"""The observation of a four-handed seat (version 1): one flat ``float32`` array from its
:class:`~sixtysix.core.view.PartnershipView` and nothing else.

It is egocentric: seats are named from the observing seat, clockwise: *me*, *left*, *partner*,
*right* (so one encoder serves every seat), and the sides are *own* and *other*. Card planes
have 32 entries indexed by card id (``suit * 8 + rank``, the card actions 0-31). The partner's
hand is not in it, nor any hidden card: only the own hand, the cards played (in the current
trick by who played them, and in each side's tricks), the cards seats are publicly known to
hold (the dealer's turned-up trump card until he plays it, a declared marriage's king and
queen) and the counts. ``docs/rl.md`` has the table.

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.core.cards import format_cards
>>> deal = FourHandedDeal.shuffled(seed=7, dealer=4)
>>> obs = encode_partnership(PartnershipView.of(deal, 1))
>>> obs.shape, format_cards(plane_cards4(obs, "hand")) == format_cards(deal.hands[1])
((426,), True)
>>> format_cards(plane_cards4(obs, "known_right")) == format_cards([deal.trump_card])  # the dealer, seat 4
True
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from sixtysix.core.actions import EXCHANGE, MARRIAGE_20, marriage_suit
from sixtysix.core.cards import BIT, CardMask
from sixtysix.core.facts import DEAL_TARGET, side_of
from sixtysix.core.outcome import Stage
from sixtysix.core.view import PartnershipView
from sixtysix.rl.encoding import MATCH_HIGH, POINTS_HIGH, layout

POINTS_SCALE: Final = float(DEAL_TARGET)
TRICKS: Final = 8
RELATIVE: Final = ("me", "left", "partner", "right")
"""The seats as the observing seat names them, clockwise from itself."""

PARTS4: Final[tuple[tuple[str, int, float, str], ...]] = (
    ("hand", 32, 1.0, "own hand"),
    ("known_left", 32, 1.0, "cards the left-hand opponent is known to hold (the trump card he dealt, a marriage)"),
    ("known_partner", 32, 1.0, "cards the partner is known to hold"),
    ("known_right", 32, 1.0, "cards the right-hand opponent is known to hold"),
    ("own_won", 32, 1.0, "cards in the own side's tricks"),
    ("other_won", 32, 1.0, "cards in the other side's tricks"),
    ("trick_me", 32, 1.0, "the card this seat played to the current trick"),
    ("trick_left", 32, 1.0, "the card the left-hand opponent played to the current trick"),
    ("trick_partner", 32, 1.0, "the card the partner played to the current trick"),
    ("trick_right", 32, 1.0, "the card the right-hand opponent played to the current trick"),
    ("trump_card", 32, 1.0, "the dealer's last card, turned up"),
    ("unseen", 32, 1.0, "cards whose place this seat does not know: in one of the three other hands"),
    ("trump_suit", 4, 1.0, "the trump suit, one-hot"),
    ("stage", 5, 1.0, "one-hot: LEAD, MARRIAGE, FOLLOW, (BEFORE_DRAW, unused), OVER"),
    ("leader", 4, 1.0, "who leads the current trick: me, left, partner, right"),
    ("dealer", 4, 1.0, "who dealt: me, left, partner, right"),
    ("marriage_suit", 4, 1.0, "the marriage just declared, whose king or queen must be led"),
    ("own_marriages", 4, 1.0, "suits of the marriages the own side declared"),
    ("other_marriages", 4, 1.0, "suits of the marriages the other side declared"),
    ("score", 1, POINTS_HIGH, "the own side's counted card points / 66"),
    ("other_score", 1, POINTS_HIGH, "the other side's counted card points / 66"),
    ("pending", 1, POINTS_HIGH, "the own side's marriage points waiting for a trick / 66"),
    ("other_pending", 1, POINTS_HIGH, "the other side's / 66"),
    ("tricks", 1, 1.0, "the own side's tricks / 8"),
    ("other_tricks", 1, 1.0, "the other side's tricks / 8"),
    ("hand_sizes", 4, 1.0, "cards in the hands of me, left, partner, right / 8"),
    ("match_score", 1, MATCH_HIGH, "the own side's game points in the match / target (clipped at 4)"),
    ("other_match_score", 1, MATCH_HIGH, "the other side's / target (clipped at 4)"),
    ("carried", 1, MATCH_HIGH, "tie points carried to the next deal's winners / target (clipped at 4)"),
)
"""Every part of a four-handed observation, in order: name, size, upper bound, meaning."""


SLICES4, OBS4_SIZE, OBS4_HIGH = layout(PARTS4)
"""``SLICES4[name]``: where each part lies in the flat array; ``OBS4_SIZE``: its length (426);
``OBS4_HIGH``: the upper bound of every entry."""
_CARDS_END: Final = SLICES4["unseen"].stop
_TAIL: Final = {name: SLICES4[name].start - _CARDS_END for name, _, _, _ in PARTS4}


def relative(seat: int, me: int) -> int:
    """``seat`` as ``me`` names it: 0 me, 1 left, 2 partner, 3 right.

    >>> [relative(seat, 2) for seat in (1, 2, 3, 4)]
    [3, 0, 1, 2]
    """
    return (seat - me) % 4


def encode_partnership(view: PartnershipView, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view`` (written into ``out`` when given, else a new array)."""
    obs = np.empty(OBS4_SIZE, dtype=np.float32) if out is None else out
    me = view.seat
    side = view.side - 1
    seats = [me, me % 4 + 1, (me + 1) % 4 + 1, (me + 2) % 4 + 1]  # me, left, partner, right
    in_trick = dict(view.trick)
    masks = (
        view.hand,
        view.known[seats[1] - 1],
        view.known[seats[2] - 1],
        view.known[seats[3] - 1],
        view.won[side],
        view.won[1 - side],
        *(BIT[in_trick[seat]] if seat in in_trick else 0 for seat in seats),
        BIT[view.trump_card],
        view.unseen,
    )
    obs[:_CARDS_END] = np.unpackbits(np.array(masks, dtype="<u4").view(np.uint8), bitorder="little")
    tail = [0.0] * (OBS4_SIZE - _CARDS_END)
    tail[_TAIL["trump_suit"] + view.trump] = 1.0
    tail[_TAIL["stage"] + int(view.stage)] = 1.0
    tail[_TAIL["leader"] + relative(view.leader, me)] = 1.0
    tail[_TAIL["dealer"] + relative(view.dealer, me)] = 1.0
    if view.stage == Stage.MARRIAGE and view.marriage_suit >= 0:
        tail[_TAIL["marriage_suit"] + view.marriage_suit] = 1.0
    for actor, action in view.history:
        if MARRIAGE_20 <= action < EXCHANGE:
            whose = "own_marriages" if side_of(actor) == view.side else "other_marriages"
            tail[_TAIL[whose] + marriage_suit(action)] = 1.0
    target = view.rules.match_target
    tail[_TAIL["score"] : _TAIL["hand_sizes"]] = [
        min(view.score[side] / POINTS_SCALE, POINTS_HIGH),
        min(view.score[1 - side] / POINTS_SCALE, POINTS_HIGH),
        min(view.pending[side] / POINTS_SCALE, POINTS_HIGH),
        min(view.pending[1 - side] / POINTS_SCALE, POINTS_HIGH),
        view.tricks[side] / TRICKS,
        view.tricks[1 - side] / TRICKS,
    ]
    tail[_TAIL["hand_sizes"] : _TAIL["match_score"]] = [view.hand_size(seat) / TRICKS for seat in seats]
    tail[_TAIL["match_score"] :] = [
        min(view.match_score[side] / target, MATCH_HIGH),
        min(view.match_score[1 - side] / target, MATCH_HIGH),
        min(view.carried / target, MATCH_HIGH),
    ]
    obs[_CARDS_END:] = tail
    return obs


def plane_cards4(obs: npt.NDArray[np.float32], name: str) -> CardMask:
    """The cards set in one 32-card plane of a four-handed observation, as a card mask."""
    part = SLICES4[name]
    if part.stop - part.start != 32:
        raise ValueError(f"{name} is not a card plane")
    mask = 0
    for card in np.flatnonzero(obs[part]):
        mask |= BIT[int(card)]
    return mask
