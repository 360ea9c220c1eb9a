"""The fields of a request body, read with the precise refusal for each mistake.

>>> whole_number({"level": 4}, "level", 1, 5, 3), whole_number({}, "level", 1, 5, 3)
(4, 3)
>>> whole_number({"level": 9}, "level", 1, 5, 3)
Traceback (most recent call last):
...
sixtysix.web.errors.WebError: level must be a whole number from 1 to 5
>>> name_field({"name": "  Ann   Lee "}, "name", "Player")
'Ann Lee'
>>> name_field({"name": "Ann\\x07"}, "name", "Player")
Traceback (most recent call last):
...
sixtysix.web.errors.WebError: name: a name may not hold U+0007, a control character
>>> name_field({"name": "Com\u200bputer"}, "name", "Player")
Traceback (most recent call last):
...
sixtysix.web.errors.WebError: name: a name may not hold U+200B (ZERO WIDTH SPACE), an invisible formatting character
>>> name_field({"name": "ORDINATEUR 2"}, "name", "Player")
Traceback (most recent call last):
...
sixtysix.web.errors.WebError: name: names starting with 'ordinateur' are the computer's
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import Any

from sixtysix.core.errors import InvalidNameError
from sixtysix.core.record import check_player_name
from sixtysix.web.errors import malformed
from sixtysix.web.messages import sentence

MAX_NAME = 40
RESERVED = ("computer", "ordinateur")
"""The computer's names at the table in the page's languages (English and German: Computer; French: Ordinateur):
no person's name may start with one, in any case or with any spacing, so that nobody passes for the computer."""
INVISIBLE = frozenset({"Cf", "Cs", "Co", "Cn"})
"""Unicode categories refused in names: formatting (zero-width characters, bidirectional controls, soft hyphen,
tags), surrogates, private use, unassigned: all show as nothing or as anything."""


def choice(body: dict[str, Any], key: str, allowed: Sequence[str], default: str) -> str:
    """One of ``allowed`` (case-insensitive), or ``default`` when missing."""
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str) or value.lower() not in allowed:
        raise malformed(sentence("server.one_of", key=key, allowed=", ".join(allowed)))
    return value.lower()


def whole_number(body: dict[str, Any], key: str, low: int, high: int, default: int) -> int:
    """A whole number from ``low`` to ``high`` (``true`` is not one)."""
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise malformed(sentence("server.whole_number", key=key, low=low, high=high))
    return value


def string(body: dict[str, Any], key: str, default: str) -> str:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, str):
        raise malformed(sentence("server.a_string", key=key))
    return value


def name_field(body: dict[str, Any], key: str, default: str) -> str:
    """A player's name: spaces folded, at most :data:`MAX_NAME` characters, no control or
    bidirectional formatting character (:func:`~sixtysix.core.record.check_player_name`)."""
    try:
        text = check_player_name(string(body, key, default))
    except InvalidNameError as error:
        raise malformed(sentence("server.name_invalid", key=key, error=error)) from None
    for char in text:
        if unicodedata.category(char) in INVISIBLE:
            label = unicodedata.name(char, "")
            shown = f"U+{ord(char):04X}" + (f" ({label})" if label else "")
            raise malformed(sentence("server.name_invisible", key=key, char=shown))
    value = " ".join(text.split())
    if len(value) > MAX_NAME:
        raise malformed(sentence("server.name_too_long", key=key, count=MAX_NAME))
    folded = "".join(c for c in unicodedata.normalize("NFKC", value).casefold() if c.isalnum())
    for reserved in RESERVED:
        if folded.startswith(reserved):
            raise malformed(sentence("server.name_reserved", key=key, reserved=reserved))
    return value or default


def boolean(body: dict[str, Any], key: str, default: bool) -> bool:
    value = body.get(key, default)
    if value is None:
        return default
    if not isinstance(value, bool):
        raise malformed(sentence("server.true_or_false", key=key))
    return value


def option_text(value: object) -> str:
    """A rules option's value as record ``Option`` text."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | str):
        return str(value)
    raise malformed(sentence("server.option_value", value=value))
