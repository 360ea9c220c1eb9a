"""The rules page in a real browser: reached from the lobby (the chosen preset's rules), from the
header, and from a match (that match's rules, its options marked); the text is the server's."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .conftest import ServerThread, Table, require_browser, shot, start_computer_match

if TYPE_CHECKING:
    from playwright.sync_api import Page, Route

require_browser()


def test_the_rules_page_from_the_lobby_the_header_and_a_match(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=3)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("schnapsen")
    form.locator("[data-testid=rules-link]").click()
    text = page.locator("[data-testid=rules-text][data-preset=schnapsen]")
    text.wait_for()
    assert "Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0" in text.inner_text()
    assert page.locator("tr.marked[data-option=close_before_draw]").count() == 1
    shot(page, "rules-schnapsen", full_page=False)
    # another preset from the page's own chooser, and the German headings
    page.locator("[data-testid=rules-preset]").select_option("four66")
    page.locator("[data-testid=rules-text][data-preset=four66]").wait_for()
    assert page.locator("#R-4P-4").count() == 1 and page.locator("#R-P2-2").count() == 0
    page.locator("[data-testid=lang-switch]").select_option("de")
    page.get_by_text("5.2 66 zu viert mit Partnern").wait_for()
    german = page.locator("[data-testid=rules-text]")
    assert german.get_attribute("lang") == "de"
    assert "R-4P-4 Wer die ausgespielte Farbe hat, muss Farbe bekennen" in german.inner_text()
    assert "four_player" not in german.inner_text() and "Unterstechen ist Pflicht" in german.inner_text()
    shot(page, "rules-four66-de", full_page=False)
    page.locator("[data-testid=lang-switch]").select_option("fr")
    page.get_by_text("5.2 Le 66 à quatre en équipes").wait_for()
    french = page.locator("[data-testid=rules-text]").inner_text()
    assert "R-4P-10 Chaque donne est jouée jusqu'au bout" in french and "four_player" not in french
    page.locator("[data-testid=lang-switch]").select_option("en")
    # the header's link, then back to the lobby and into a match
    page.locator("[data-testid=nav-rules]").click()
    # the header's link shows the default game: wait for it, not for the four66 text still on the page
    page.locator("[data-testid=rules-text][data-preset=seed66]").wait_for()
    page.locator("[data-testid=rules-back]").click()
    page.locator("[data-testid=lobby]").wait_for()
    page.locator("[data-testid=computer-form] [data-testid=rules-select]").select_option("seed66")
    start_computer_match(table, level=1, target=3)
    match_id = table.match_id
    page.locator("[data-testid=match-rules-link]").click()
    page.locator("[data-testid=rules-text][data-preset=seed66]").wait_for()
    marked = page.locator("tr.marked").evaluate_all("rows => rows.map((r) => r.dataset.option)")
    assert marked == ["match_target"]  # the one option of this match apart from the default game
    assert "R-P2-2" in page.locator("#R-P2-2").inner_text()
    page.locator("[data-testid=rules-back]").click()
    page.wait_for_url(f"**#/match/{match_id}")
    table.wait()


def test_the_lobby_keeps_what_was_chosen_when_its_presets_arrive_late(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """The lobby is drawn again when the presets (GET /api/meta) arrive: the choices made in the
    meantime stay (they were lost under load, and the match started with other rules)."""
    page, held = lobby_with_presets_held(make_server, open_table)
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("schnapsen")
    form.locator("[data-testid=level-1]").check()
    form.locator("[data-testid=name-input]").fill("Zoe")
    form.locator("[data-testid=target-input]").fill("3")
    # the request was sent before the filling (and its route, delivered before their answers, held it)
    assert form.locator("option[value=three66]").count() == 0 and len(held) == 1
    held[0].continue_()
    form.locator("option[value=three66]").wait_for(state="attached")  # drawn again with every preset
    assert form.locator("[data-testid=rules-select]").input_value() == "schnapsen"
    assert form.locator("[data-testid=level-1]").is_checked()
    assert form.locator("[data-testid=name-input]").input_value() == "Zoe"
    assert form.locator("[data-testid=target-input]").input_value() == "3"
    assert form.locator("[data-testid=rules-link]").get_attribute("href") == "#/rules/schnapsen"


def test_the_lobby_field_being_typed_in_keeps_the_focus_when_the_presets_arrive(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """Keys typed into the lobby's name field while the presets arrive go on into it: the field
    drawn again takes the focus (it went to the page, the keys were lost, and a friend's
    invitation named "Player" where "Alice" had been typed)."""
    page, held = lobby_with_presets_held(make_server, open_table)
    name = page.locator("[data-testid=friend-form] [data-testid=name-input]")
    name.click()
    page.keyboard.type("Ali")
    assert page.locator("option[value=three66]").count() == 0 and len(held) == 1
    held[0].continue_()
    page.locator("[data-testid=friend-form] option[value=three66]").wait_for(state="attached")  # drawn again
    page.keyboard.type("ce")
    assert name.input_value() == "Alice"
    assert page.evaluate("() => document.activeElement.closest('form').dataset.testid") == "friend-form"


def lobby_with_presets_held(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> tuple[Page, list[Route]]:
    """The lobby reached from the rules page while its presets (GET /api/meta) are held: drawn
    once without them, and again when the test lets the held request go on."""
    server = make_server(seed=3)
    page = open_table(f"{server.base}/?animations=0#/rules").page
    page.locator("[data-testid=rules-text]").wait_for()
    held: list[Route] = []
    page.route("**/api/meta", lambda route: held.append(route))
    with page.expect_request("**/api/meta"):
        page.locator("[data-testid=nav-lobby]").click()
    return page, held
