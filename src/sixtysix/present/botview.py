"""One seat's view as JSON for a bot over the network (the web's ``/ws/bot``), and back (docs/web-api.md, "Bots").

The server writes the acting seat's :class:`~sixtysix.core.view.PlayerView` with :func:`view_json` and
nothing else (never a hidden card: the view holds none); ``sixtysix connect`` reads it back with
:func:`view_from_json` and hands it to its 66P bot, so a bot on the site is asked exactly what it is asked in
a tournament. Cards and actions are their 66R tokens; the fields are those of 66P's ``go``.

>>> from sixtysix.core.game import Deal
>>> from sixtysix.core.view import PlayerView
>>> deal = Deal.shuffled(seed=3)
>>> view = PlayerView.of(deal, deal.to_act or 1, (2, 1), 0)
>>> data = view_json(view, 2)
>>> data["rules"], data["deal"], data["match"], len(data["hand"])
('seed66', 2, [2, 1], 6)
>>> view_from_json(data) == (view, 2)
True
>>> view_from_json({**data, "hand": ["Zz"]})
Traceback (most recent call last):
...
ValueError: a view's field hand is malformed
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, SUIT_CHARS, Card, CardMask, cards_of, mask_of, parse_card, suit_of
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView

MAX_LIST = 64
"""The longest list a view's field may hold (a deal has 24 cards and at most a few dozen actions)."""


def _cards(mask: CardMask) -> list[str]:
    return [CARD_NAMES[c] for c in cards_of(mask)]


def _card(card: Card | None) -> str | None:
    return None if card is None else CARD_NAMES[card]


def view_json(view: PlayerView, deal_number: int) -> dict[str, Any]:
    """The view of the acting seat as a JSON object (``deal_number``: the deal's number in the match, 1 = first)."""
    own, other = (view.score, view.opponent_score), (view.pending, view.opponent_pending)
    return {
        "seat": view.seat,
        "deal": deal_number,
        "rules": view.rules.preset_name,
        "options": view.rules.options(),
        "target": view.rules.match_target,
        "dealer": view.dealer,
        "trump": CARD_NAMES[view.trump_card],
        "faceup": _card(view.face_up),
        "talon": view.talon_size,
        "closer": view.closer,
        "stage": view.stage.name.lower(),
        "leader": view.leader,
        "led": _card(view.led),
        "marriage": SUIT_CHARS[view.marriage_suit] if view.marriage_suit >= 0 else None,
        "window": view.window,
        "hand": _cards(view.hand),
        "oppknown": _cards(view.opponent_known),
        "won1": _cards(view.won[0]),
        "won2": _cards(view.won[1]),
        "tricks": list(view.tricks),
        "score": list(own if view.seat == 1 else own[::-1]),
        "pending": list(other if view.seat == 1 else other[::-1]),
        "closescore": view.close_score,
        "closetricks": view.close_tricks,
        "match": list(view.match_score),
        "carried": view.carried,
        "history": [[seat, action.token] for seat, action in view.history],
        "legal": [action.token for action in view.legal],
    }


def view_from_json(data: Mapping[str, Any]) -> tuple[PlayerView, int]:
    """The view (and deal number) :func:`view_json` wrote; ``ValueError`` naming the first malformed field."""
    reader = _Reader(data)
    seat = reader.seat("seat")
    trump_card = reader.card("trump")
    stage = reader.stage()
    leader = reader.seat("leader")
    score, pending = reader.pair("score"), reader.pair("pending")
    own, other = seat - 1, 2 - seat
    marriage = reader.get("marriage", str, optional=True)
    if marriage is not None and (len(marriage) != 1 or marriage not in SUIT_CHARS):
        raise reader.malformed("marriage")
    view = PlayerView(
        seat=seat,
        rules=reader.rules(),
        dealer=reader.seat("dealer"),
        trump=suit_of(trump_card),
        trump_card=trump_card,
        face_up=reader.optional_card("faceup"),
        talon_size=reader.number("talon"),
        closer=reader.seat("closer", zero=True),
        stage=stage,
        to_act=None if stage == Stage.OVER else (3 - leader if stage == Stage.FOLLOW else leader),
        leader=leader,
        led=reader.optional_card("led"),
        hand=reader.cards("hand"),
        opponent_known=reader.cards("oppknown"),
        won=(reader.cards("won1"), reader.cards("won2")),
        tricks=reader.pair("tricks"),
        score=score[own],
        pending=pending[own],
        opponent_score=score[other],
        opponent_pending=pending[other],
        close_score=reader.number("closescore"),
        close_tricks=reader.number("closetricks"),
        window=reader.seat("window", zero=True),
        marriage_suit=-1 if marriage is None else SUIT_CHARS.index(marriage),
        history=reader.history(),
        legal=tuple(reader.action("legal", t) for t in reader.items("legal")),
        match_score=reader.pair("match"),
        carried=reader.number("carried"),
    )
    return view, reader.number("deal")


class _Reader:
    """The fields of a view's JSON, each checked, or ``ValueError`` naming the field."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        if not isinstance(data, Mapping):
            raise ValueError("a view is a JSON object")
        self.data = data

    @staticmethod
    def malformed(key: str) -> ValueError:
        return ValueError(f"a view's field {key} is malformed")

    def get(self, key: str, kind: type, optional: bool = False) -> Any:
        value = self.data.get(key)
        if value is None and optional:
            return None
        if not isinstance(value, kind) or isinstance(value, bool):
            raise self.malformed(key)
        return value

    def number(self, key: str) -> int:
        value: int = self.get(key, int)
        if not 0 <= value < 10_000:
            raise self.malformed(key)
        return value

    def seat(self, key: str, zero: bool = False) -> int:
        value = self.number(key)
        if value not in ((0, 1, 2) if zero else (1, 2)):
            raise self.malformed(key)
        return value

    def pair(self, key: str) -> tuple[int, int]:
        value = self.get(key, list)
        if len(value) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise self.malformed(key)
        return int(value[0]), int(value[1])

    def items(self, key: str) -> Sequence[Any]:
        value: list[Any] = self.get(key, list)
        if len(value) > MAX_LIST:
            raise self.malformed(key)
        return value

    def card(self, key: str, text: object = None) -> Card:
        text = self.data.get(key) if text is None else text
        if not isinstance(text, str) or len(text) != 2:
            raise self.malformed(key)
        try:
            return parse_card(text)
        except ValueError:
            raise self.malformed(key) from None

    def optional_card(self, key: str) -> Card | None:
        return None if self.data.get(key) is None else self.card(key)

    def cards(self, key: str) -> CardMask:
        return mask_of(self.card(key, text) for text in self.items(key))

    def action(self, key: str, token: object) -> Action:
        if not isinstance(token, str) or not 0 < len(token) <= 8:
            raise self.malformed(key)
        try:
            return Action.parse(token)
        except ValueError:
            raise self.malformed(key) from None

    def history(self) -> tuple[tuple[int, Action], ...]:
        found = []
        for item in self.items("history"):
            if not isinstance(item, list) or len(item) != 2 or item[0] not in (1, 2) or isinstance(item[0], bool):
                raise self.malformed("history")
            found.append((int(item[0]), self.action("history", item[1])))
        return tuple(found)

    def stage(self) -> Stage:
        name = self.get("stage", str)
        try:
            return Stage[name.upper()]
        except KeyError:
            raise self.malformed("stage") from None

    def rules(self) -> Rules:
        preset, options = self.get("rules", str), self.get("options", dict)
        if len(options) > MAX_LIST or not all(isinstance(v, str) for v in options.values()):
            raise self.malformed("options")
        try:
            return Rules.from_options(preset, options)
        except ValueError:
            raise self.malformed("rules") from None
