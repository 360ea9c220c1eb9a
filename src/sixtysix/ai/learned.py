"""The learned value of a phase-one position: the Python reference of ``native/value.c``.

The expert's tree (``native/ismcts.c``) values a new node by a greedy playout to the end
of phase one and the exact search of the rest. This module holds what can replace or
guide that playout: a network with one hidden layer of rectified units, trained by
``bench/learned_value.py`` on exact solves of positions from self-play, and shipped as
package data (``learned_value.json``). Its input describes the world (both hands seen, the
talon's order not) from the side to act; its output is that side's expected game points.
The native core evaluates it (weights handed over by :meth:`LearnedValue.install`); this
module computes the same in plain Python for the differential tests.

>>> from sixtysix import Deal
>>> model = LearnedValue.load()
>>> len(features(Deal.shuffled(seed=1))) == INPUTS
True
>>> -3.5 < model.value(Deal.shuffled(seed=1)) < 3.5
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from sixtysix.core.cards import KING, QUEEN, rank_of, suit_of
from sixtysix.core.facts import deal_target
from sixtysix.core.game import Deal

INPUTS = 155
"""The model's inputs: 4 x 32 card places, the face-up card's rank, 7 numbers, the stage, the lead,
the marriages held, the pack, the points in hand (``native/value.c``'s VALUE_INPUTS)."""
MODEL_FILE = "learned_value.json"


def relative_suit(suit: int, trump: int) -> int:
    """The suit as the model sees it: trumps 0, the other suits 1 to 3 in their order."""
    if suit == trump:
        return 0
    return suit + 1 if suit < trump else suit


def _marriages(hand: int, trump: int) -> tuple[int, int]:
    plain = trumps = 0
    for suit in range(4):
        if hand >> (8 * suit + KING) & 1 and hand >> (8 * suit + QUEEN) & 1:
            if suit == trump:
                trumps += 1
            else:
                plain += 1
    return plain, trumps


def _points(deal: Deal, hand: int) -> int:
    points = deal.rules.points
    return sum(points[card] for card in range(32) if hand >> card & 1)


def features(deal: Deal) -> list[float]:
    """The model's inputs for ``deal`` (phase one, in play), from the side to act."""
    me = deal.to_act
    if me is None or deal.phase2:
        raise ValueError("the learned value is for phase one in play")
    him = 3 - me
    target = deal_target(deal.rules)
    x = [0.0] * INPUTS
    pool = 0
    for card in deal.stock[deal.stock_pos :]:
        pool |= 1 << card
    if deal.face_up >= 0:
        pool |= 1 << deal.face_up
    led = 1 << deal.led if deal.led >= 0 else 0
    for place, mask in enumerate((deal.hands[me], deal.hands[him], pool, led)):
        for card in range(32):
            if mask >> card & 1:
                x[32 * place + 8 * relative_suit(suit_of(card), deal.trump) + rank_of(card)] = 1.0
    i = 128
    if deal.face_up >= 0:
        x[i + rank_of(deal.face_up)] = 1.0
    i += 8
    x[i : i + 7] = [
        deal.score[me] / target,
        deal.score[him] / target,
        deal.pending[me] / target,
        deal.pending[him] / target,
        float(deal.tricks[me] > 0),
        float(deal.tricks[him] > 0),
        deal.talon_size / 12,
    ]
    i += 7
    stage = int(deal.stage)
    x[i + (stage if stage < 4 else 0)] = 1.0
    i += 4
    x[i] = float(deal.leader == me)
    x[i + 1 : i + 5] = [
        *map(float, _marriages(deal.hands[me], deal.trump)),
        *map(float, _marriages(deal.hands[him], deal.trump)),
    ]
    i += 5
    x[i] = float(deal.rules.deck == 24)
    x[i + 1] = _points(deal, deal.hands[me]) / target
    x[i + 2] = _points(deal, deal.hands[him]) / target
    return x


@dataclass(frozen=True)
class LearnedValue:
    """A trained model: ``hidden`` units; ``weights`` in ``native/value.c``'s layout (the hidden
    units' input weights row by row, their biases, their output weights, the output bias)."""

    hidden: int
    weights: tuple[float, ...]
    info: dict[str, Any]

    @staticmethod
    @cache
    def load() -> LearnedValue:
        """The model shipped with the package."""
        text = resources.files("sixtysix.ai").joinpath(MODEL_FILE).read_text(encoding="utf-8")
        return LearnedValue.from_json(json.loads(text))

    @staticmethod
    def from_json(data: dict[str, Any]) -> LearnedValue:
        hidden = int(data["hidden"])
        weights = tuple(float(w) for w in data["weights"])
        if data["inputs"] != INPUTS or len(weights) != hidden * (INPUTS + 2) + 1:
            raise ValueError("learned value: the weights do not fit the model's inputs")
        return LearnedValue(hidden, weights, dict(data.get("info", {})))

    def value(self, deal: Deal) -> float:
        """The expected game points for seat 1 of ``deal`` (phase one, in play)."""
        x = features(deal)
        h, w = self.hidden, self.weights
        b1, w2 = h * INPUTS, h * INPUTS + h
        out = w[w2 + h]
        for j in range(h):
            row = j * INPUTS
            a = w[b1 + j] + sum(w[row + k] * x[k] for k in range(INPUTS) if x[k])
            if a > 0:
                out += w[w2 + j] * a
        return out if deal.to_act == 1 else -out

    def install(self, core: Any) -> None:
        """Hand the weights to a native core (``_native.Core``), for its ``leaf`` modes."""
        core.set_model(self.hidden, self.weights)


__all__ = ["INPUTS", "MODEL_FILE", "LearnedValue", "features", "relative_suit"]
