"""The web app's own sentences in English, German and French: every refusal's message, a fairness verdict's reason.

A refused request (:class:`~sixtysix.web.errors.WebError`) carries a :class:`Message`: a key of the message
catalogue (``server.*`` in :mod:`sixtysix.present.words`) and the values of its placeholders. Its answer keeps
the stable ``code`` that programs switch on and the English ``message``, and adds ``messages``, the same
sentence in every language, for a page to show in its own (docs/web-api.md, "Errors"). German says "du" and
French "vous", as the page does. A detail that only the engine words (an unknown option) stays in English
inside the translated sentence; a record's fault is named by its place (:func:`record_fault`), its English
reason given apart as the refusal's ``detail``.

>>> refused = sentence("server.stale_version", version=7, sent=5)
>>> refused.text(), refused.text("de")
('the match is at version 7, not 5', 'die Partie ist bei Version 7, nicht 5')
>>> print(verdict_reasons(Verdict.of(1, "ok", "ok_without_seed", seats="2"))["fr"])
la graine du serveur correspond à l'engagement et les graines donnent ce paquet ; la place 2 n'a pas
donné de graine client
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from sixtysix.core.errors import RecordError
from sixtysix.core.fairness import Verdict
from sixtysix.present.words import LANGUAGES, entry, say


@dataclass(frozen=True)
class Worded:
    """A placeholder's value worded apart in each language (a refused move in the player's own words), by
    language; English where a language lacks it."""

    texts: Mapping[str, str]

    def __str__(self) -> str:
        return self.texts["en"]


@dataclass(frozen=True)
class Message:
    """One sentence of the catalogue with the values of its placeholders (:func:`sentence` makes one)."""

    key: str
    values: Mapping[str, object] = field(default_factory=dict)

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (``en``, ``de`` or ``fr``); a :class:`Worded` value in that language."""
        values = {
            name: value.texts.get(lang, str(value)) if isinstance(value, Worded) else value
            for name, value in self.values.items()
        }
        return say(self.key, lang, **values)

    def texts(self) -> dict[str, str]:
        """The sentence in every language, by language."""
        return {lang: self.text(lang) for lang in LANGUAGES}


def sentence(key: str, /, **values: object) -> Message:
    """The message ``key`` of the catalogue with ``values``; an unknown key fails at once (``KeyError``)."""
    entry(key)
    return Message(key, values)


def record_fault(error: RecordError) -> Message:
    """The sentence of an invalid record, by where its fault is: a header (or the record as a whole), a
    ``deal`` line, or an action. The English sentence is the parser's; German and French name the place
    only (the parser's reason is the refusal's English ``detail``).

    >>> fault = record_fault(RecordError(2, 5, "1:Zz", "malformed action"))
    >>> fault.text("de")
    'ungültige Aufzeichnung: Zug 5 von Spiel 2 (1:Zz) ist so nicht möglich'
    >>> fault.text()
    "invalid record: deal 2, action 5 ('1:Zz'): malformed action"
    """
    return sentence(
        "server.invalid_record.header"
        if error.deal == 0
        else "server.invalid_record.deal"
        if error.action == 0
        else "server.invalid_record.action",
        error=error,
        deal=error.deal,
        action=error.action,
        token=error.token,
    )


def verdict_reasons(verdict: Verdict) -> dict[str, str]:
    """A fairness verdict's reason in every language (its English reason alone if it has no code)."""
    if not verdict.code:
        return dict.fromkeys(LANGUAGES, verdict.reason)
    return sentence(f"server.verdict.{verdict.code}", **dict(verdict.values)).texts()
