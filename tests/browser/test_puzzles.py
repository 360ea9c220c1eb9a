"""The Puzzles page in a real browser: a puzzle drawn from the server's view, an answer judged by
the server, the rating and streak kept for this browser across a reload."""

from __future__ import annotations

from collections.abc import Callable

from sixtysix.ai.puzzles import CLOSED, load_puzzles, puzzle_by_id
from sixtysix.core.cards import CARD_NAMES, cards_of

from .conftest import DESKTOP, PHONE, ServerThread, Table, require_browser, shot

require_browser()


def test_a_puzzle_is_answered_judged_and_counted_for_this_browser(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=3)
    puzzle = puzzle_by_id(4)
    table = open_table(f"{server.base}/?animations=0#/puzzles/4")
    page = table.page
    page.locator("[data-testid=puzzle][data-id='4']").wait_for()
    hand = sorted(page.locator("[data-testid=puzzle-card]").evaluate_all("(els) => els.map((e) => e.dataset.card)"))
    assert hand == sorted(CARD_NAMES[card] for card in puzzle.deal().view(puzzle.seat).hand_cards())
    shot(page, "puzzle-before")
    page.locator(f"[data-answer='{puzzle.solution.token}']").click()
    result = page.locator("[data-testid=puzzle-result]")
    result.wait_for()
    assert result.get_attribute("data-correct") == "true"
    best = page.locator("[data-testid=puzzle-value]").first
    assert best.get_attribute("data-action") == puzzle.solution.token
    assert best.get_attribute("data-value") == str(puzzle.best_value)
    assert page.locator("[data-testid=puzzle-line] li").count() == len(puzzle.line)
    assert f"{puzzle.best_value:+.2f}" in page.locator("[data-testid=puzzle-why]").inner_text()  # why, once solved
    shot(page, "puzzle-solved", full_page=True)
    rating = int(page.locator("[data-testid=puzzle-skill]").get_attribute("data-rating") or 0)
    assert rating > 1200
    page.reload()  # the same browser: the same solver token, the same rating
    page.locator("[data-testid=puzzle][data-id='4']").wait_for()
    assert page.locator("[data-testid=puzzle-skill]").get_attribute("data-rating") == str(rating)
    page.set_viewport_size(PHONE)  # the header's five links and the board fit a phone
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shot(page, "puzzle-phone")
    page.set_viewport_size(DESKTOP)
    page.locator("[data-testid=nav-puzzles]").click()
    page.locator("[data-testid=puzzle-daily]").click()
    # the day's puzzle, not the one shown until the page is drawn again (the address changes first)
    page.locator("[data-testid=puzzle][data-daily=true]").wait_for()
    assert "Daily puzzle" in page.locator("[data-testid=puzzle] h2").inner_text()


def test_a_closed_talon_puzzle_hides_his_hand_and_speaks_the_pages_language(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    puzzle = next(
        p
        for p in load_puzzles()
        if p.kind == CLOSED and p.worlds > 1 and any(CARD_NAMES[c][0] in "QJ" for c in cards_of(p.view().hand))
    )
    view = puzzle.view()
    hidden = view.opponent_hand_size - view.opponent_known.bit_count()
    server = make_server(seed=3)
    table = open_table(f"{server.base}/?animations=0#/puzzles/{puzzle.id}")
    page = table.page
    board = page.locator(f"[data-testid=puzzle][data-id='{puzzle.id}']")
    board.wait_for()
    assert board.get_attribute("data-kind") == CLOSED
    assert page.locator("[data-testid=puzzle-hidden]").count() == hidden
    opponent = page.locator("[data-testid=puzzle-opponent] [data-card]")
    shown = opponent.evaluate_all("(els) => els.map((e) => e.dataset.card)")
    assert sorted(shown) == sorted(CARD_NAMES[c] for c in cards_of(view.opponent_known))  # only those he showed
    kind = page.locator("[data-testid=puzzle-kind]").inner_text()
    assert "The talon is closed" in kind and f"{puzzle.worlds} deals are consistent" in kind
    assert "best in every one of them" in page.locator("[data-testid=puzzle-question]").inner_text()
    # closing turned the trump card face down on the talon (R-CLOSE-1): its back, and the trump suit
    trump = page.locator("[data-testid=puzzle-trump] .pz-card")
    assert trump.count() == 1 and trump.get_attribute("data-turned") == "true" and not trump.get_attribute("data-card")
    assert page.locator("[data-testid=puzzle-trump] svg text").count() == 0  # no corner letters: a card's back
    suit = page.locator("[data-testid=puzzle-trump-suit]")
    assert suit.get_attribute("data-suit") == "cdhs"[view.trump] and suit.inner_text().strip()
    shot(page, "puzzle-closed")
    page.locator("[data-testid=lang-switch]").select_option("de")
    assert "Der Talon ist zugedreht" in page.locator("[data-testid=puzzle-kind]").inner_text()
    assert "Finde den einen Zug" in page.locator("[data-testid=puzzle-question]").inner_text()
    # the cards wear the German corner letters, as at the table (a queen is D, a jack B, never Q or J)
    corners = page.locator("[data-testid=puzzle] svg text").evaluate_all("(els) => els.map((e) => e.textContent)")
    assert corners and not {"Q", "J"} & set(corners), corners
    wrong = next(token for token in puzzle.values if token != puzzle.solution.token)
    page.locator(f"[data-answer='{wrong}']").click()
    page.locator("[data-testid=puzzle-result]").wait_for()
    assert page.locator("[data-testid=puzzle-verdict]").inner_text().startswith("Diesmal nicht:")
    assert f"In jedem der {puzzle.worlds} Spiele" in page.locator("[data-testid=puzzle-why]").inner_text()
    shot(page, "puzzle-closed-answered-de", full_page=True)
    page.locator("[data-testid=lang-switch]").select_option("en")
