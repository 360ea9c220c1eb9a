"""66P messages: the text of every line of the bot protocol, written and read.

Each message is one line of blank-separated words. The first word names the
message; what follows is either keywords (the handshake and options, as in
UCI) or ``key=value`` fields (the state messages), where a list is written
with commas and an empty value as ``-``. Readers ignore fields they do not
know, so that the protocol can grow (docs/protocol.md).

The decision message carries a whole :class:`~sixtysix.core.view.PlayerView` and
reads back into an equal one, so a bot needs no state of its own:

>>> from sixtysix import Deal, PlayerView
>>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
>>> line = encode_go(PlayerView.of(deal, 1), deal_number=1, movetime=1000)
>>> line[:60]
'go movetime 1000 seat=1 deal=1 rules=seed66 options=- target'
>>> fields_of(line.split())["legal"]
'Tc,Ah,Kh,Qh,Js,9s,20h,C,66'
>>> go = decode_go(line)
>>> go.view == PlayerView.of(deal, 1), go.deal_number, go.movetime
(True, 1, 1000)
>>> parse_bestmove("bestmove 20h")
Action.parse('20h')

A four-handed view (version 2) has a ``go`` line of its own, which reads back
into an equal :class:`~sixtysix.core.view.PartnershipView`:

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.core.view import PartnershipView
>>> deal4 = FourHandedDeal.shuffled(seed=3, dealer=4)
>>> deal4.apply(deal4.legal_actions()[0])
>>> line = encode_go(PartnershipView.of(deal4, 2, (1, 0)), deal_number=2, movetime=500)
>>> " ".join(line.split()[3:13])
'players=4 seat=2 side=2 deal=2 rules=four66 options=- target=7 dealer=4 trump=7d trumpholder=4'
>>> decode_table_go(line).view == PartnershipView.of(deal4, 2, (1, 0))
True
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sixtysix.core.actions import ACTIONS, Action
from sixtysix.core.cards import BIT, CARD_NAMES, SUIT_CHARS, Card, CardMask, cards_of, parse_card, suit_of
from sixtysix.core.errors import InvalidActionError, InvalidCardError, RulesError
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView

VERSION = 2
"""The newest protocol version this module speaks (``66p 2``)."""
FOUR_HANDED_VERSION = 2
"""The first version with the four-handed game; the two- and three-player messages are those of version 1."""
VERSION_OF_TABLE = {2: 1, 3: 1, 4: FOUR_HANDED_VERSION}
"""The version a match is spoken in, by table size: a three-handed bot only ever sees two-player deals."""
SEATS_OF_VERSION = {1: 2, FOUR_HANDED_VERSION: 4}
"""The seats a bot may be told it holds, by version."""
MAX_LINE = 65536
"""Longest line either side must accept, in bytes (without the line feed)."""
EMPTY = "-"
"""The value of an empty field: no card, no cards, no options."""

OPTION_TYPES = ("check", "spin", "combo", "string", "button")
_OPTION_KEYWORDS = ("name", "type", "default", "min", "max", "var")


class ProtocolError(ValueError):
    """A message that cannot be read: a missing or malformed field, an unknown card or rule."""


# -- fields ---------------------------------------------------------------------------


def fields_of(words: Iterable[str]) -> dict[str, str]:
    """The ``key=value`` words of a message (other words are skipped; the last of a key wins)."""
    fields: dict[str, str] = {}
    for word in words:
        key, sep, value = word.partition("=")
        if sep and key:
            fields[key] = value
    return fields


def _cards(mask: CardMask) -> str:
    return ",".join(CARD_NAMES[c] for c in cards_of(mask)) or EMPTY


def _card(card: Card | None) -> str:
    return EMPTY if card is None else CARD_NAMES[card]


def _actions(actions: Iterable[Action]) -> str:
    return ",".join(a.token for a in actions) or EMPTY


@functools.lru_cache(maxsize=64)
def _options_text(rules: Rules) -> str:
    return ",".join(f"{name}={value}" for name, value in rules.options().items()) or EMPTY


def _items(text: str) -> list[str]:
    return [] if text == EMPTY else text.split(",")


def _read_rules(fields: Mapping[str, str]) -> Rules:
    return _rules(_need(fields, "rules"), fields.get("options", EMPTY))


@functools.lru_cache(maxsize=64)
def _rules(preset: str, options_text: str) -> Rules:
    """The rules of a preset and an options field (a match repeats them at every decision: cached)."""
    options: dict[str, str] = {}
    for item in _items(options_text):
        name, sep, value = item.partition("=")
        if not sep:
            raise ProtocolError(f"options: {item!r} is not name=value")
        options[name] = value
    try:
        return Rules.from_options(preset, options)
    except RulesError as error:
        raise ProtocolError(f"rules: {error}") from None


def _need(fields: Mapping[str, str], key: str) -> str:
    value = fields.get(key)
    if value is None:
        raise ProtocolError(f"the field {key}= is missing")
    return value


def _int(fields: Mapping[str, str], key: str) -> int:
    text = _need(fields, key)
    try:
        return int(text)
    except ValueError:
        raise ProtocolError(f"{key}={text}: not a whole number") from None


def _seat(fields: Mapping[str, str], key: str, allow_zero: bool = False, players: int = 2) -> int:
    seat = _int(fields, key)
    if not (0 if allow_zero else 1) <= seat <= players:
        raise ProtocolError(f"{key}={seat}: not a seat")
    return seat


def session_version(rules: Rules) -> int:
    """The version a host offers (``66p V``) for a match under ``rules``: 1, or 2 for the four-handed game.

    Two- and three-player matches are spoken exactly as in version 1.

    >>> session_version(Rules.preset("seed66")), session_version(Rules.preset("four66"))
    (1, 2)
    """
    return VERSION_OF_TABLE[rules.players]


def _pair(fields: Mapping[str, str], key: str) -> tuple[int, int]:
    text = _need(fields, key)
    first, _, second = text.partition(",")
    try:
        return int(first), int(second)
    except ValueError:
        raise ProtocolError(f"{key}={text}: not two whole numbers a,b") from None


_CANONICAL_CARDS = {name: card for card, name in enumerate(CARD_NAMES)}
_CANONICAL_ACTIONS = {action.token: action for action in ACTIONS}


def _parse_card(text: str) -> Card:
    card = _CANONICAL_CARDS.get(text)
    return parse_card(text) if card is None else card  # the canonical form at once, else any form


def _read_card(fields: Mapping[str, str], key: str) -> Card | None:
    text = _need(fields, key)
    if text == EMPTY:
        return None
    try:
        return _parse_card(text)
    except InvalidCardError:
        raise ProtocolError(f"{key}={text}: not a card") from None


def _read_cards(fields: Mapping[str, str], key: str) -> CardMask:
    mask = 0
    try:
        for text in _items(_need(fields, key)):
            mask |= BIT[_parse_card(text)]
    except InvalidCardError as error:
        raise ProtocolError(f"{key}: {error}") from None
    return mask


def _read_action(token: str) -> Action:
    action = _CANONICAL_ACTIONS.get(token)
    if action is not None:
        return action
    try:
        return Action.parse(token)
    except InvalidActionError as error:
        raise ProtocolError(str(error)) from None


# -- the decision: go ----------------------------------------------------------------


@dataclass(frozen=True)
class Go:
    """A decision message, read: the acting seat's view, the deal number and the time limit."""

    view: PlayerView
    deal_number: int
    movetime: int
    """Milliseconds the bot may think (the host adds a grace margin before it gives up)."""


def view_fields(view: PlayerView, deal_number: int) -> list[str]:
    """The ``key=value`` words of a view, in the documented order (docs/protocol.md)."""
    seat = view.seat
    own, other = (view.score, view.opponent_score), (view.pending, view.opponent_pending)
    score = own if seat == 1 else own[::-1]
    pending = other if seat == 1 else other[::-1]
    rules = view.rules
    marriage = SUIT_CHARS[view.marriage_suit] if view.marriage_suit >= 0 else EMPTY
    history = ",".join(f"{s}:{a.token}" for s, a in view.history) or EMPTY
    return [
        f"seat={seat}",
        f"deal={deal_number}",
        f"rules={rules.preset_name}",
        f"options={_options_text(rules)}",
        f"target={rules.match_target}",
        f"dealer={view.dealer}",
        f"trump={_card(view.trump_card)}",
        f"faceup={_card(view.face_up)}",
        f"talon={view.talon_size}",
        f"closer={view.closer}",
        f"stage={view.stage.name.lower()}",
        f"leader={view.leader}",
        f"led={_card(view.led)}",
        f"marriage={marriage}",
        f"window={view.window}",
        f"hand={_cards(view.hand)}",
        f"oppknown={_cards(view.opponent_known)}",
        f"won1={_cards(view.won[0])}",
        f"won2={_cards(view.won[1])}",
        f"tricks={view.tricks[0]},{view.tricks[1]}",
        f"score={score[0]},{score[1]}",
        f"pending={pending[0]},{pending[1]}",
        f"closescore={view.close_score}",
        f"closetricks={view.close_tricks}",
        f"match={view.match_score[0]},{view.match_score[1]}",
        f"carried={view.carried}",
        f"history={history}",
        f"legal={_actions(view.legal)}",
    ]


def encode_go(view: PlayerView | PartnershipView, deal_number: int, movetime: int) -> str:
    """The decision message for ``view``: ``go movetime MS`` and every field of the view.

    The fields are those of the version its rules are spoken in: :func:`view_fields`
    (version 1), or :func:`partnership_fields` for a four-handed view (version 2).
    """
    fields = _FIELDS_OF_VERSION[session_version(view.rules)](view, deal_number)
    return " ".join(["go", "movetime", str(int(movetime)), *fields])


def decode_go(line: str) -> Go:
    """Read a ``go`` line back into a view; raise :class:`ProtocolError` if it is malformed."""
    words = line.split()
    if not words or words[0] != "go":
        raise ProtocolError("not a go message")
    fields = fields_of(words[1:])
    return Go(decode_view(fields), _int(fields, "deal"), _movetime(words))


def decode_view(fields: Mapping[str, str]) -> PlayerView:
    """The view that :func:`view_fields` wrote."""
    rules = _read_rules(fields)
    seat = _seat(fields, "seat")
    trump_card = _read_card(fields, "trump")
    if trump_card is None:
        raise ProtocolError("trump=-: the trump card is always known")
    stage_name = _need(fields, "stage")
    try:
        stage = Stage[stage_name.upper()]
    except KeyError:
        raise ProtocolError(f"stage={stage_name}: not a stage") from None
    leader = _seat(fields, "leader")
    to_act = None if stage == Stage.OVER else (3 - leader if stage == Stage.FOLLOW else leader)
    marriage = _need(fields, "marriage")
    if marriage != EMPTY and marriage not in SUIT_CHARS:
        raise ProtocolError(f"marriage={marriage}: not a suit")
    history: list[tuple[int, Action]] = []
    for item in _items(_need(fields, "history")):
        actor, sep, token = item.partition(":")
        if not sep or actor not in ("1", "2"):
            raise ProtocolError(f"history: {item!r} is not seat:action")
        history.append((int(actor), _read_action(token)))
    score, pending = _pair(fields, "score"), _pair(fields, "pending")
    own, other = seat - 1, 2 - seat
    return PlayerView(
        seat=seat,
        rules=rules,
        dealer=_seat(fields, "dealer"),
        trump=suit_of(trump_card),
        trump_card=trump_card,
        face_up=_read_card(fields, "faceup"),
        talon_size=_int(fields, "talon"),
        closer=_seat(fields, "closer", allow_zero=True),
        stage=stage,
        to_act=to_act,
        leader=leader,
        led=_read_card(fields, "led"),
        hand=_read_cards(fields, "hand"),
        opponent_known=_read_cards(fields, "oppknown"),
        won=(_read_cards(fields, "won1"), _read_cards(fields, "won2")),
        tricks=_pair(fields, "tricks"),
        score=score[own],
        pending=pending[own],
        opponent_score=score[other],
        opponent_pending=pending[other],
        close_score=_int(fields, "closescore"),
        close_tricks=_int(fields, "closetricks"),
        window=_seat(fields, "window", allow_zero=True),
        marriage_suit=SUIT_CHARS.index(marriage) if marriage != EMPTY else -1,
        history=tuple(history),
        legal=tuple(_read_action(t) for t in _items(_need(fields, "legal"))),
        match_score=_pair(fields, "match"),
        carried=_int(fields, "carried"),
    )


# -- the four-handed decision (version 2) ------------------------------------------------


@dataclass(frozen=True)
class PartnershipGo:
    """A four-handed decision message, read: the acting seat's view, the deal number and the time limit."""

    view: PartnershipView
    deal_number: int
    movetime: int


def _seat_cards(pairs: Iterable[tuple[int, Card]]) -> str:
    return ",".join(f"{seat}:{CARD_NAMES[card]}" for seat, card in pairs) or EMPTY


def partnership_fields(view: PartnershipView, deal_number: int) -> list[str]:
    """The ``key=value`` words of a four-handed view, in the documented order (docs/protocol.md).

    Everything comes from the view: the seat's own hand, never another one.
    """
    rules = view.rules
    marriage = SUIT_CHARS[view.marriage_suit] if view.marriage_suit >= 0 else EMPTY
    holder = next((seat for seat in (1, 2, 3, 4) if view.known[seat - 1] & BIT[view.trump_card]), 0)
    history = ",".join(f"{s}:{a.token}" for s, a in view.history) or EMPTY
    return [
        "players=4",
        f"seat={view.seat}",
        f"side={view.side}",
        f"deal={deal_number}",
        f"rules={rules.preset_name}",
        f"options={_options_text(rules)}",
        f"target={rules.match_target}",
        f"dealer={view.dealer}",
        f"trump={CARD_NAMES[view.trump_card]}",
        f"trumpholder={holder}",
        f"stage={view.stage.name.lower()}",
        f"leader={view.leader}",
        f"trick={_seat_cards(view.trick)}",
        f"marriage={marriage}",
        f"hand={_cards(view.hand)}",
        *(f"known{seat}={_cards(view.known[seat - 1])}" for seat in (1, 2, 3, 4)),
        f"won1={_cards(view.won[0])}",
        f"won2={_cards(view.won[1])}",
        f"tricks={view.tricks[0]},{view.tricks[1]}",
        f"score={view.score[0]},{view.score[1]}",
        f"pending={view.pending[0]},{view.pending[1]}",
        f"match={view.match_score[0]},{view.match_score[1]}",
        f"carried={view.carried}",
        f"history={history}",
        f"legal={_actions(view.legal)}",
    ]


_FIELDS_OF_VERSION: dict[int, Callable[[Any, int], list[str]]] = {
    1: view_fields,
    FOUR_HANDED_VERSION: partnership_fields,
}
"""The fields of a view, by the version its rules are spoken in."""


def decode_partnership_go(line: str) -> PartnershipGo:
    """Read a four-handed ``go`` line back into a view; :class:`ProtocolError` if it is malformed."""
    words = line.split()
    if not words or words[0] != "go":
        raise ProtocolError("not a go message")
    fields = fields_of(words[1:])
    return PartnershipGo(decode_partnership_view(fields), _int(fields, "deal"), _movetime(words))


def decode_table_go(line: str) -> Go | PartnershipGo:
    """Read any ``go`` line: a four-handed one (its rules are for four players) or a two-player one."""
    words = line.split()
    if words[:1] == ["go"] and session_version(_read_rules(fields_of(words[1:]))) == FOUR_HANDED_VERSION:
        return decode_partnership_go(line)
    return decode_go(line)


def _movetime(words: Sequence[str]) -> int:
    movetime = 0
    for key, value in itertools.pairwise(words[1:]):
        if key == "movetime":
            try:
                movetime = int(value)
            except ValueError:
                raise ProtocolError(f"movetime {value}: not a whole number") from None
    return movetime


def _read_trick(fields: Mapping[str, str]) -> tuple[tuple[int, Card], ...]:
    trick = []
    for item in _items(_need(fields, "trick")):
        seat, sep, name = item.partition(":")
        if not sep or seat not in ("1", "2", "3", "4"):
            raise ProtocolError(f"trick: {item!r} is not seat:card")
        try:
            trick.append((int(seat), _parse_card(name)))
        except InvalidCardError:
            raise ProtocolError(f"trick: {name!r} is not a card") from None
    return tuple(trick)


def _read_history(fields: Mapping[str, str], players: int) -> tuple[tuple[int, Action], ...]:
    history: list[tuple[int, Action]] = []
    for item in _items(_need(fields, "history")):
        actor, sep, token = item.partition(":")
        if not sep or not actor.isdigit() or not 1 <= int(actor) <= players:
            raise ProtocolError(f"history: {item!r} is not seat:action")
        history.append((int(actor), _read_action(token)))
    return tuple(history)


def _stage(fields: Mapping[str, str]) -> Stage:
    stage_name = _need(fields, "stage")
    try:
        return Stage[stage_name.upper()]
    except KeyError:
        raise ProtocolError(f"stage={stage_name}: not a stage") from None


def _suit(fields: Mapping[str, str]) -> int:
    marriage = _need(fields, "marriage")
    if marriage != EMPTY and marriage not in SUIT_CHARS:
        raise ProtocolError(f"marriage={marriage}: not a suit")
    return SUIT_CHARS.index(marriage) if marriage != EMPTY else -1


def decode_partnership_view(fields: Mapping[str, str]) -> PartnershipView:
    """The four-handed view that :func:`partnership_fields` wrote (derived fields are not read)."""
    rules = _read_rules(fields)
    if session_version(rules) != FOUR_HANDED_VERSION:
        raise ProtocolError(f"rules={rules.preset_name}: not the four-handed game")
    trump_card = _read_card(fields, "trump")
    if trump_card is None:
        raise ProtocolError("trump=-: the trump card is always known")
    stage, leader, trick = _stage(fields), _seat(fields, "leader", players=4), _read_trick(fields)
    to_act = None if stage == Stage.OVER else (leader + len(trick) - 1) % 4 + 1
    known = tuple(_read_cards(fields, f"known{seat}") for seat in (1, 2, 3, 4))
    return PartnershipView(
        seat=_seat(fields, "seat", players=4),
        rules=rules,
        dealer=_seat(fields, "dealer", players=4),
        trump=suit_of(trump_card),
        trump_card=trump_card,
        stage=stage,
        to_act=to_act,
        leader=leader,
        trick=trick,
        hand=_read_cards(fields, "hand"),
        known=(known[0], known[1], known[2], known[3]),
        won=(_read_cards(fields, "won1"), _read_cards(fields, "won2")),
        score=_pair(fields, "score"),
        pending=_pair(fields, "pending"),
        tricks=_pair(fields, "tricks"),
        marriage_suit=_suit(fields),
        history=_read_history(fields, 4),
        legal=tuple(_read_action(t) for t in _items(_need(fields, "legal"))),
        match_score=_pair(fields, "match"),
        carried=_int(fields, "carried"),
    )


def parse_bestmove(line: str) -> Action:
    """The action of a ``bestmove TOKEN`` line; :class:`ProtocolError` if there is none."""
    words = line.split()
    if not words or words[0] != "bestmove":
        raise ProtocolError("not a bestmove message")
    if len(words) < 2:
        raise ProtocolError("bestmove without an action")
    return ACTIONS[_read_action(words[1])]


# -- match and deal ------------------------------------------------------------------


def encode_newmatch(rules: Rules, seat: int) -> str:
    """``newmatch``: the rules (preset and options as in 66R headers), the target and the bot's seat."""
    return f"newmatch seat={seat} rules={rules.preset_name} options={_options_text(rules)} target={rules.match_target}"


def decode_newmatch(line: str) -> tuple[Rules, int]:
    """The rules and the bot's seat (1-4 in the four-handed game, else 1 or 2)."""
    fields = fields_of(line.split()[1:])
    rules = _read_rules(fields)
    return rules, _seat(fields, "seat", players=SEATS_OF_VERSION[session_version(rules)])


def encode_newdeal(deal_number: int, view: PlayerView | PartnershipView) -> str:
    """``newdeal``: the deal's number in the match, its dealer and the match score before it (four-handed: by side)."""
    return (
        f"newdeal deal={deal_number} dealer={view.dealer} "
        f"match={view.match_score[0]},{view.match_score[1]} carried={view.carried}"
    )


def decode_newdeal(line: str) -> tuple[int, int]:
    """The deal number and the dealer (1-4: the line does not say which game it belongs to) of a ``newdeal`` line."""
    fields = fields_of(line.split()[1:])
    return _int(fields, "deal"), _seat(fields, "dealer", players=4)


# -- handshake and options --------------------------------------------------------------


def encode_hello(version: int = VERSION) -> str:
    return f"66p {version}"


@dataclass(frozen=True)
class BotOption:
    """An option a bot offers (``option name Level type spin default 1 min 1 max 5``), as in UCI."""

    name: str
    type: str
    default: str = ""
    min: int | None = None
    max: int | None = None
    vars: tuple[str, ...] = ()

    def line(self) -> str:
        words = ["option", "name", self.name, "type", self.type]
        if self.type != "button":
            words += ["default", self.default or EMPTY]
        if self.min is not None:
            words += ["min", str(self.min)]
        if self.max is not None:
            words += ["max", str(self.max)]
        for var in self.vars:
            words += ["var", var]
        return " ".join(words)

    @classmethod
    def parse(cls, line: str) -> BotOption:
        """Read an ``option`` line (names and values may hold blanks; ``-`` is an empty default)."""
        parts = _keyword_parts(line.split()[1:], _OPTION_KEYWORDS)
        name = " ".join(parts.get("name", [[]])[0])
        kind = " ".join(parts.get("type", [[]])[0])
        if not name or kind not in OPTION_TYPES:
            raise ProtocolError(f"not an option line: {line!r}")
        default = " ".join(parts.get("default", [[]])[0])
        try:
            low = int(parts["min"][0][0]) if "min" in parts else None
            high = int(parts["max"][0][0]) if "max" in parts else None
        except (ValueError, IndexError):
            raise ProtocolError(f"option {name}: min and max must be whole numbers") from None
        variants = tuple(" ".join(words) for words in parts.get("var", []))
        return cls(name, kind, "" if default == EMPTY else default, low, high, variants)


def _keyword_parts(words: Sequence[str], keywords: Sequence[str]) -> dict[str, list[list[str]]]:
    """Split ``words`` at the keywords: each keyword's values (a keyword may repeat, like ``var``)."""
    parts: dict[str, list[list[str]]] = {}
    current: list[str] | None = None
    for word in words:
        if word in keywords:
            current = []
            parts.setdefault(word, []).append(current)
        elif current is not None:
            current.append(word)
    return parts


def encode_setoption(name: str, value: str | None) -> str:
    return f"setoption name {name}" + ("" if value is None else f" value {value}")


def decode_setoption(line: str) -> tuple[str, str]:
    """The name and value of ``setoption name X value Y`` (value ``""`` for a button)."""
    parts = _keyword_parts(line.split()[1:], ("name", "value"))
    name = " ".join(parts.get("name", [[]])[0])
    if not name:
        raise ProtocolError(f"setoption without a name: {line!r}")
    return name, " ".join(parts.get("value", [[]])[0])
