"""The observation encoding shared by the PettingZoo and OpenSpiel environments (version 1).

An observation is one flat ``float32`` array of :data:`OBS_SIZE` values computed from a
:class:`~sixtysix.core.view.PlayerView` and nothing else, so it holds exactly what that seat may
know. It is egocentric: "own" is the observing seat, "opponent" the other one, so one
encoder serves both seats. Card planes have 32 entries indexed by card id (``suit * 8 +
rank``, the same ids as the card actions 0-31); the 20- and 24-card packs leave the ranks
they lack at zero. :data:`SLICES` names every part (``docs/rl.md`` has the table):

>>> from sixtysix import ACTIONS, Deal, PlayerView, format_cards
>>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
>>> obs = encode(PlayerView.of(deal, 1))
>>> obs.shape, obs.dtype.name
((328,), 'float32')
>>> format_cards(plane_cards(obs, "hand")), format_cards(plane_cards(obs, "trump_card"))
('Tc Ah Kh Qh Js 9s', 'Ts')
>>> float(obs[SLICES["talon_size"]][0]), plane_cards(obs, "opponent_known")
(1.0, 0)
>>> [str(ACTIONS[a]) for a in legal_mask(PlayerView.of(deal, 1)).nonzero()[0]]
['Tc', 'Ah', 'Kh', 'Qh', 'Js', '9s', '20h', 'C', '66']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

import numpy as np
import numpy.typing as npt

from sixtysix.ai.sampling import forbidden_cards
from sixtysix.core.actions import EXCHANGE, MARRIAGE_20, NUM_ACTIONS, marriage_suit
from sixtysix.core.cards import BIT, CardMask
from sixtysix.core.facts import DEAL_TARGET
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import opponent_hand_size

__all__ = [
    "NUM_ACTIONS",
    "OBS_HIGH",
    "OBS_SIZE",
    "OBS_VERSION",
    "PARTS",
    "SLICES",
    "card_planes",
    "encode",
    "encode_batch",
    "legal_mask",
    "plane_cards",
    "two_player_game",
]

OBS_VERSION: Final = 1
"""Bumped whenever the layout changes (docs/rl.md keeps the history)."""

POINTS_SCALE: Final = float(DEAL_TARGET)
"""Card points are divided by 66, the winning total."""
POINTS_HIGH: Final = 4.0
"""Upper bound of scaled points (120 card points + 10 + 100 in marriages < 4 * 66)."""
MATCH_HIGH: Final = 4.0
"""Upper bound of scaled match figures (clipped: a long run of carried ties could exceed it)."""

PARTS: Final[tuple[tuple[str, int, float, str], ...]] = (
    # name, size, upper bound, meaning
    ("hand", 32, 1.0, "own hand"),
    ("opponent_known", 32, 1.0, "cards the opponent is known to hold (marriage, exchange, last face-up card)"),
    ("own_won", 32, 1.0, "cards in own tricks"),
    ("opponent_won", 32, 1.0, "cards in the opponent's tricks"),
    ("led", 32, 1.0, "the card led to the trick on the table (by either seat)"),
    ("trump_card", 32, 1.0, "the card turned up at the deal"),
    ("face_up", 32, 1.0, "the card under the talon now (the exchanged nine/jack after an exchange); none once drawn"),
    ("unseen", 32, 1.0, "cards whose place this seat does not know: the opponent's hand or the face-down stock"),
    ("opponent_void", 32, 1.0, "unseen cards the opponent cannot hold, proven by his phase-2 play"),
    ("trump_suit", 4, 1.0, "the trump suit, one-hot (clubs, diamonds, hearts, spades)"),
    ("own_marriages", 4, 1.0, "suits of the marriages this seat declared"),
    ("opponent_marriages", 4, 1.0, "suits of the marriages the opponent declared"),
    ("marriage_suit", 4, 1.0, "the marriage just declared, whose king or queen must be led (stage MARRIAGE)"),
    ("stage", 5, 1.0, "one-hot: LEAD, MARRIAGE, FOLLOW, BEFORE_DRAW, OVER"),
    ("leader", 1, 1.0, "1 if this seat leads (or led) the current trick"),
    ("dealer", 1, 1.0, "1 if this seat dealt"),
    ("window", 1, 1.0, "1 if this seat, not on lead, is offered the trump exchange now (X or pass)"),
    ("closed_by_me", 1, 1.0, "1 if this seat closed the talon"),
    ("closed_by_opponent", 1, 1.0, "1 if the opponent closed the talon"),
    ("phase2", 1, 1.0, "1 once the talon is closed or exhausted (strict play)"),
    ("talon_size", 1, 1.0, "talon cards (face-down stock + face-up card) / talon size after the deal"),
    ("score", 1, POINTS_HIGH, "own counted card points / 66"),
    ("opponent_score", 1, POINTS_HIGH, "the opponent's counted points / 66 (public: every trick was seen)"),
    ("pending", 1, POINTS_HIGH, "own marriage points not counted yet (no trick won yet) / 66"),
    ("opponent_pending", 1, POINTS_HIGH, "the opponent's uncounted marriage points / 66"),
    ("tricks", 1, 1.0, "own tricks / (pack size / 2)"),
    ("opponent_tricks", 1, 1.0, "the opponent's tricks / (pack size / 2)"),
    ("close_score", 1, POINTS_HIGH, "points of the closer's opponent when the talon was closed / 66"),
    ("close_tricks", 1, 1.0, "tricks of the closer's opponent when the talon was closed / (pack size / 2)"),
    ("opponent_hand_size", 1, 1.0, "cards in the opponent's hand / hand size"),
    ("match_score", 1, MATCH_HIGH, "own game points in the match / match target (clipped at 4)"),
    ("opponent_match_score", 1, MATCH_HIGH, "the opponent's game points / match target (clipped at 4)"),
    ("carried", 1, MATCH_HIGH, "tie points carried to the next deal's winner / match target (clipped at 4)"),
)
"""Every part of an observation, in order: name, size, upper bound, meaning."""


def layout(
    parts: tuple[tuple[str, int, float, str], ...],
) -> tuple[dict[str, slice], int, npt.NDArray[np.float32]]:
    """Where each part of an observation lies in the flat array, its length, and every entry's upper bound."""
    slices: dict[str, slice] = {}
    offset = 0
    for name, size, _, _ in parts:
        slices[name] = slice(offset, offset + size)
        offset += size
    high = np.concatenate([np.full(size, bound, dtype=np.float32) for _, size, bound, _ in parts])
    return slices, offset, high


SLICES, OBS_SIZE, OBS_HIGH = layout(PARTS)
"""``SLICES[name]``: where each part lies in the flat array; ``OBS_SIZE``: its length (328);
``OBS_HIGH``: the upper bound of every entry (the lower bound is 0 everywhere)."""

_PLANES: Final = ("hand", "opponent_known", "own_won", "opponent_won", "led", "trump_card", "face_up", "unseen")
_CARDS_END: Final = SLICES["opponent_void"].stop
_TAIL_SIZE: Final = OBS_SIZE - _CARDS_END
_T = {name: SLICES[name].start - _CARDS_END for name, _, _, _ in PARTS[9:]}
_SCALARS: Final = (
    "leader",
    "dealer",
    "window",
    "closed_by_me",
    "closed_by_opponent",
    "phase2",
    "talon_size",
    "score",
    "opponent_score",
    "pending",
    "opponent_pending",
    "tricks",
    "opponent_tricks",
    "close_score",
    "close_tricks",
    "opponent_hand_size",
    "match_score",
    "opponent_match_score",
    "carried",
)
assert tuple(name for name, _, _, _ in PARTS[-len(_SCALARS) :]) == _SCALARS, "encode() writes these in this order"
_TRUMP_SUIT, _OWN_MARRIAGES, _OPPONENT_MARRIAGES = _T["trump_suit"], _T["own_marriages"], _T["opponent_marriages"]
_MARRIAGE_SUIT, _STAGE, _LEADER = _T["marriage_suit"], _T["stage"], _T["leader"]


def two_player_game(rules: Rules) -> bool:
    """Whether ``rules`` are those of the two-player game, the one these environments (and this observation) speak.

    >>> two_player_game(Rules.preset("schnapsen")), two_player_game(Rules.preset("three66"))
    (True, False)
    """
    return rules.players == 2  # why: the one place the environments ask the table size


def encode(view: PlayerView, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """The observation of ``view`` (written into ``out`` when given, else a new array)."""
    obs = np.empty(OBS_SIZE, dtype=np.float32) if out is None else out
    masks, tail = _features(view)
    obs[:_CARDS_END] = np.unpackbits(np.array(masks, dtype="<u4").view(np.uint8), bitorder="little")
    obs[_CARDS_END:] = tail
    return obs


def encode_batch(views: Sequence[PlayerView], out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
    """The observations of many views at once, one row each (``float32[len(views), OBS_SIZE]``): row ``k`` equals
    ``encode(views[k])``, built with one numpy call per part instead of one per view.

    >>> from sixtysix import Deal
    >>> views = [PlayerView.of(Deal.shuffled(seed=s), 1) for s in range(3)]
    >>> batch = encode_batch(views)
    >>> batch.shape, all((batch[k] == encode(v)).all() for k, v in enumerate(views))
    ((3, 328), True)
    """
    rows = len(views)
    obs = np.empty((rows, OBS_SIZE), dtype=np.float32) if out is None else out
    if not rows:
        return obs
    masks, tails = zip(*(_features(view) for view in views), strict=True)
    planes = np.array(masks, dtype="<u4").view(np.uint8).reshape(rows, -1)
    obs[:, :_CARDS_END] = np.unpackbits(planes, axis=1, bitorder="little")
    obs[:, _CARDS_END:] = tails
    return obs


def _features(view: PlayerView) -> tuple[tuple[int, ...], list[float]]:
    """What an observation is made of: the card planes as masks, and the rest as a list of floats."""
    seat = view.seat
    own, other = seat - 1, 2 - seat
    unseen = view.unseen
    masks = (
        view.hand,
        view.opponent_known,
        view.won[own],
        view.won[other],
        BIT[view.led] if view.led is not None else 0,
        BIT[view.trump_card],
        BIT[view.face_up] if view.face_up is not None else 0,
        unseen,
        forbidden_cards(view) if unseen else 0,
    )
    # The rest is built as a list and written at once (single numpy stores are slow).
    tail = [0.0] * _TAIL_SIZE
    tail[_TRUMP_SUIT + view.trump] = 1.0
    for actor, action in view.history:
        if MARRIAGE_20 <= action < EXCHANGE:
            tail[(_OWN_MARRIAGES if actor == seat else _OPPONENT_MARRIAGES) + marriage_suit(action)] = 1.0
    stage = view.stage
    if stage == Stage.MARRIAGE:
        tail[_MARRIAGE_SUIT + view.marriage_suit] = 1.0
    tail[_STAGE + int(stage)] = 1.0
    rules = view.rules
    half = rules.deck / 2
    target = rules.match_target
    closer = view.closer
    tail[_LEADER:] = [
        float(view.leader == seat),
        float(view.dealer == seat),
        float(view.window == seat),
        float(closer == seat),
        float(closer == 3 - seat),
        float(bool(closer) or view.face_up is None),
        view.talon_size / rules.talon_size,
        min(view.score / POINTS_SCALE, POINTS_HIGH),
        min(view.opponent_score / POINTS_SCALE, POINTS_HIGH),
        min(view.pending / POINTS_SCALE, POINTS_HIGH),
        min(view.opponent_pending / POINTS_SCALE, POINTS_HIGH),
        view.tricks[own] / half,
        view.tricks[other] / half,
        min(view.close_score / POINTS_SCALE, POINTS_HIGH),
        view.close_tricks / half,
        opponent_hand_size(view) / rules.hand_size,
        min(view.match_score[own] / target, MATCH_HIGH),
        min(view.match_score[other] / target, MATCH_HIGH),
        min(view.carried / target, MATCH_HIGH),
    ]
    return masks, tail


def legal_mask(view: PlayerView) -> npt.NDArray[np.int8]:
    """``int8[46]``: 1 for each of ``view.legal`` (all zeros when the seat has no decision)."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    if view.legal:
        mask[list(view.legal)] = 1
    return mask


def plane_cards(obs: npt.NDArray[np.float32], name: str) -> CardMask:
    """The cards set in one 32-card plane of an observation, as a card mask (for tests and debugging)."""
    part = SLICES[name]
    if part.stop - part.start != 32:
        raise ValueError(f"{name} is not a card plane")
    mask = 0
    for card in np.flatnonzero(obs[part]):
        mask |= BIT[int(card)]
    return mask


def card_planes() -> tuple[str, ...]:
    """The names of the 32-card planes."""
    return (*_PLANES, "opponent_void")
