"""The rules page (docs/web-api.md, "Rules"): the server sends the rules as HTML in the asked language, the
browser shows them; the options are in words; a match's page marks that match's options."""

from __future__ import annotations

from .conftest import Api


def test_the_rules_of_a_preset_answer_with_the_text_and_its_options(api: Api) -> None:
    response = api.request("GET", "/api/rules", params={"preset": "schnapsen"})
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    page = response.json()
    assert page["preset"] == "schnapsen" and page["lang"] == "en"
    assert page["title"] == "The rules of 66: Schnapsen (20 cards)"
    html = page["html"]
    assert "Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0" in html
    assert '<li id="R-P2-2"><strong>R-P2-2</strong> In phase two the follower must' in html
    assert '<tr data-option="close_before_draw" class="marked">' in html
    assert '<tr data-option="tie_rule">' in html  # the default's value: not marked
    rows = {row["name"]: row for row in page["options"]}
    assert rows["deck"] == {
        "name": "deck",
        "label": "Cards in the pack",
        "value": "20",
        "default": "24",
        "marks": "*",
        "value_words": "20",
        "default_words": "24",
    }
    assert rows["tie_rule"]["marks"] == ""
    assert (
        '<tr data-option="close_before_draw" class="marked"><td>*</td><td>Close before the draw</td><td>no</td>' in html
    )


def test_the_rules_page_is_written_in_german_and_french(api: Api) -> None:
    page = api.request("GET", "/api/rules", params={"preset": "four66", "lang": "fr"}).json()
    assert page["title"] == "Les règles du 66\u00a0: 66 à quatre (en équipes)" and page["lang"] == "fr"
    assert '<h3 id="s5-2">5.2 Le 66 à quatre en équipes</h3>' in page["html"]
    assert '<li id="R-4P-4"><strong>R-4P-4</strong> Un joueur qui a la couleur entamée doit fournir' in page["html"]
    assert 'id="R-P2-2"' not in page["html"]  # the four-handed rules only
    assert "four_player_scale" not in page["html"].replace('data-option="four_player_scale"', "")
    assert "«\u00a0Barème à quatre\u00a0»" in page["html"]  # R-4P-7 names its option in words


def test_a_matchs_rules_mark_the_options_of_that_match(api: Api) -> None:
    created = api.create(level=1, rules="pagat66", options={"tie_rule": "carry_one", "nine_points": 1}, target=5)
    response = api.request("GET", f"/api/matches/{created['match_id']}/rules", created["token"], params={"lang": "de"})
    assert response.status_code == 200
    page = response.json()
    assert page["preset"] == "pagat66" and page["title"] == "Die Regeln von 66: 66 nach pagat.com"
    rows = {row["name"]: row for row in page["options"]}
    assert rows["tie_rule"]["marks"] == "+"  # the default game's value, set against the preset's
    assert rows["nine_points"]["marks"] == "*+" and rows["match_target"] == {
        "name": "match_target",
        "label": "Punkte zum Sieg",
        "value": "5",
        "default": "7",
        "marks": "*+",
        "value_words": "5",
        "default_words": "7",
    }
    assert rows["next_dealer"]["marks"] == "*"  # pagat66's own option
    html = page["html"]
    for name in ("tie_rule", "nine_points", "match_target", "next_dealer"):
        assert f'<tr data-option="{name}" class="marked">' in html
    assert "<strong>R-P2-2</strong> In der zweiten Phase muss der Zugeber" in html


def test_the_rules_page_refuses_what_it_cannot_answer(api: Api) -> None:
    unknown = api.request("GET", "/api/rules", params={"preset": "nope"})
    assert unknown.status_code == 404 and unknown.json()["error"]["code"] == "not_found"
    language = api.request("GET", "/api/rules", params={"lang": "xx"})
    assert language.status_code == 400 and language.json()["error"]["message"] == "lang must be one of en, de, fr"
    created = api.create(level=1)
    stranger = api.request("GET", f"/api/matches/{created['match_id']}/rules")
    assert stranger.status_code == 401
