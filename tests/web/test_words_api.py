"""The page's words come from the server (docs/web-api.md, "Words"): ``GET /api/words/{lang}`` answers
the catalogue of ``sixtysix.present.words`` in that language, English where it lacks a key, cacheable;
the page's files hold no dictionary of their own."""

from __future__ import annotations

from sixtysix.present.words import catalogue
from sixtysix.web.app import STATIC

from .conftest import Api


def test_the_words_of_a_language_are_its_catalogue_and_cacheable(api: Api) -> None:
    response = api.request("GET", "/api/words/de")
    assert response.status_code == 200
    assert response.headers["cache-control"].startswith("public")
    words = response.json()
    assert words["nav.rules"] == "Regeln"
    assert words["table.points"] == {"one": "{n} Auge", "other": "{n} Augen"}
    assert set(words) == set(catalogue("en"))


def test_an_unknown_language_is_not_found(api: Api) -> None:
    response = api.request("GET", "/api/words/it")
    assert response.status_code == 404
    assert response.json()["error"]["code"] == "not_found"


def test_the_page_ships_no_dictionary_of_its_own() -> None:
    names = sorted(path.name for path in (STATIC / "js").rglob("*.js"))
    assert "i18n.js" in names and "strings.js" not in names
    assert not any(path.suffix == ".json" for path in STATIC.rglob("*"))
