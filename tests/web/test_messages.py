"""The web app's own sentences (``server.*`` of the catalogue, said through sixtysix.web.messages): every refusal
and every fairness verdict's reason in English, German and French, each message the web layer says in the
catalogue, and the translations sent with the error's stable code."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path
from typing import Any

import pytest

import sixtysix.web
from sixtysix import Action, Deal
from sixtysix.core.cards import cards_of
from sixtysix.core.fairness import REASONS, Verdict
from sixtysix.present.describe import card_label
from sixtysix.present.words import LANGUAGES, catalogue, placeholders
from sixtysix.web.errors import WebError
from sixtysix.web.messages import Message, sentence, verdict_reasons
from sixtysix.web.play import refusal

from .conftest import Api, ServerThread

WEB = Path(sixtysix.web.__file__).parent
MESSAGES = {
    key: {lang: str(catalogue(lang)[key]) for lang in LANGUAGES} for key in catalogue("en") if key.startswith("server.")
}
"""The web's sentences, by key and language."""
WORDED_APART = {
    "server.illegal": {"why"},
    "server.invalid_record.header": set(),
    "server.invalid_record.deal": {"deal"},
    "server.invalid_record.action": {"deal", "action", "token"},
}
"""Messages whose English is the engine's own reason (``{reason}``, ``{error}``), and the placeholders German and
French use instead (the refused move in the player's words, or where a record's fault is)."""


def fields(text: str) -> set[str]:
    return placeholders(text)


def _names(node: ast.expr) -> set[str]:
    """The message names an argument of ``sentence`` may be: a string, or either string of a conditional."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        return _names(node.body) | _names(node.orelse)
    return set()


def said_names() -> set[str]:
    """The message names of every ``sentence("…")`` in the web layer's source."""
    names = set()
    for path in WEB.rglob("*.py"):  # the routers too
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "sentence":
                names |= _names(node.args[0])
    return names


def sample(name: str) -> Message:
    """The message ``name`` with a value for each of its placeholders (in any language)."""
    every = set().union(*(fields(text) for text in MESSAGES[name].values()))
    return sentence(name, **{field: f"<{field}>" for field in every})


def test_every_message_is_in_english_german_and_french_with_the_same_placeholders() -> None:
    for name, texts in MESSAGES.items():
        assert set(texts) == set(LANGUAGES), name
        english = fields(texts["en"])
        for lang in ("de", "fr"):
            assert fields(texts[lang]) == WORDED_APART.get(name, english), (name, lang)


def test_german_and_french_are_translated_and_fill_every_placeholder() -> None:
    for name in MESSAGES:
        texts = sample(name).texts()
        assert texts["de"] != texts["en"] and texts["fr"] != texts["en"] and texts["de"] != texts["fr"], name
        for lang, text in texts.items():
            assert not re.search(r"\{\w*[}!:]", text), (name, lang, text)


def test_every_message_the_web_layer_says_has_its_translations_and_none_is_left_unsaid() -> None:
    said = said_names()
    assert len(said) > 60
    assert said <= set(MESSAGES), said - set(MESSAGES)
    verdicts = {f"server.verdict.{code}" for code in REASONS}
    assert set(MESSAGES) - said == verdicts  # the verdicts' are said by their code (verdict_reasons)


def test_an_unknown_message_fails_at_once() -> None:
    with pytest.raises(KeyError):
        sentence("server.no such message")


def test_a_refusal_keeps_its_code_and_english_message_and_adds_every_language() -> None:
    error = WebError(409, "stale_version", sentence("server.stale_version", version=7, sent=5)).to_json()["error"]
    assert error == {
        "code": "stale_version",
        "message": "the match is at version 7, not 5",
        "messages": {
            "en": "the match is at version 7, not 5",
            "de": "die Partie ist bei Version 7, nicht 5",
            "fr": "la partie en est à la version 7, pas 5",
        },
        "status": 409,
    }
    assert (
        str(WebError(400, "malformed", sentence("server.record_too_long", limit=9)))
        == "the record is longer than 9 characters"
    )


def test_every_verdict_reason_is_the_cores_english_and_has_german_and_french() -> None:
    for code, english in REASONS.items():
        values = {field: "2" for _, field, _, _ in string.Formatter().parse(english) if field}
        reasons = verdict_reasons(Verdict.of(1, "ok", code, **values))
        assert reasons["en"] == english.format(**values), code
        assert reasons["de"] != reasons["en"] and reasons["fr"] != reasons["en"], code
    handmade = Verdict(1, "ok", "a reason without a code")
    assert verdict_reasons(handmade) == dict.fromkeys(LANGUAGES, "a reason without a code")


def test_the_pages_refusals_reach_it_in_german_and_french(server: ServerThread, api: Api) -> None:
    created = api.create(opponent="friend", name="Alice")
    match_id, token = created["match_id"], created["token"]
    waiting = api.act(match_id, token, {"action": "next"}).json()["error"]
    assert waiting["code"] == "not_your_turn"
    assert waiting["messages"]["de"] == "noch sind nicht alle Plätze besetzt: es fehlt Platz 2"
    assert waiting["messages"]["fr"] == "toutes les places ne sont pas encore prises\u00a0: on attend la place 2"
    reserved = api.request("POST", "/api/matches", json={"name": "Computer 9"}).json()["error"]
    assert reserved["code"] == "malformed" and "gehören dem Computer" in reserved["messages"]["de"]
    api.join(created["invite"]["code"], "Bob")
    used = api.join(created["invite"]["code"], "Carol").json()["error"]
    assert used["code"] == "invitation_used"
    assert used["messages"]["de"] == "diese Einladung wurde schon verwendet: der Platz ist besetzt"
    hints = api.request("GET", f"/api/matches/{match_id}/hint", token).json()["error"]
    assert (
        hints["code"] == "not_available" and hints["messages"]["fr"] == "les conseils sont désactivés dans cette partie"
    )


def test_a_checked_record_gives_each_deals_reason_in_every_language(server: ServerThread, api: Api) -> None:
    created = api.create(level=1)
    match_id, token = created["match_id"], created["token"]
    state: dict[str, Any] = api.state(match_id, token)
    while state["deal"]["outcome"] is None:  # play the first deal out (the computer answers at once)
        legal = state["legal"]
        if legal:
            api.act(match_id, token, {"action": legal[0], "version": state["version"]})
        state = api.state(match_id, token)
    record = api.request("GET", f"/api/matches/{match_id}/record", token).text
    checked = api.request("POST", "/api/verify", json={"record": record}).json()
    first = checked["deals"][0]
    assert first["status"] == "ok" and first["reasons"]["en"] == first["reason"]
    assert first["reasons"]["de"].startswith("der Server-Seed passt zur Festlegung")
    assert first["reasons"]["fr"].startswith("la graine du serveur correspond à l'engagement")
    verdict = state["fairness"]["deals"][0]["verdict"]
    assert verdict["reasons"] == first["reasons"]


def test_a_refused_move_is_said_to_the_player_in_german_and_french_and_in_the_engines_english() -> None:
    deal = Deal.shuffled(seed=1)
    missing = Action(cards_of(deal.hands[2])[0])  # a card of seat 2
    card = {lang: card_label(missing, True, lang) for lang in LANGUAGES}
    texts = refusal(deal, missing, 1, {1: "Alice", 2: "Bob"}).message.texts()
    assert texts == {
        "en": f"{missing}: seat 1 does not hold {missing}",
        "de": f"Nicht erlaubt: Du hast {card['de']} nicht",
        "fr": f"Interdit\u00a0: Vous n'avez pas {card['fr']}",
    }
    turn = refusal(deal, deal.legal_actions(1)[0], 2, {1: "Alice", 2: "Bob"}).message.texts()
    assert turn["de"] == "Nicht erlaubt: Alice ist am Zug, nicht du", turn
