"""The table's look (issue 25): every table size fits a 1280x800 screen and a 390x844 phone
without scrolling to play, the phone's header on one line, the hinted card pulses a few
times and then stays marked, ``?animations=0`` holds for one visit only, and the Bummerl
tally has a legend."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest

from .conftest import DESKTOP, PHONE, ServerThread, Table, require_browser

if TYPE_CHECKING:
    from playwright.sync_api import Page

require_browser()

TURN = """() => { const t = document.querySelector('[data-testid=table]');
  return t && t.dataset.status === 'playing' && t.dataset.turn === 'me'; }"""

# the boxes a player needs in view to play: the seats, the trick, the talon, the hand, the buttons
PLAY_AREA = """(size) => [...document.querySelectorAll(
    ['seat', 'trick', 'talon', 'trump', 'hand-card', 'action', 'message']
    .map((id) => `[data-testid=${id}]`).join(', '))]
  .map((e) => { const b = e.getBoundingClientRect();
    return {what: e.dataset.testid + (e.dataset.card || e.dataset.action || ''),
            top: b.top, bottom: b.bottom, left: b.left, right: b.right}; })
  .filter((b) => b.bottom > size.height || b.right > size.width || b.top < 0 || b.left < 0)"""


def start_table(page: Page, base: str, preset: str, players: int) -> None:
    page.goto(f"{base}/?animations=0#/")
    form = page.locator("[data-testid=computer-form]")
    if preset:
        form.locator("[data-testid=rules-select]").select_option(preset)
    for seat in range(2, players + 1 if players > 2 else 2):
        form.locator(f"[data-testid=seat-choice-{seat}]").select_option("1")
    if players == 2:
        form.locator("[data-testid=level-1]").check()
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    page.wait_for_function(TURN)


@pytest.mark.parametrize(("preset", "players"), [("", 2), ("three66", 3), ("four66", 4)])
def test_a_table_of_each_size_fits_both_screens_without_scrolling(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], preset: str, players: int
) -> None:
    server = make_server(seed=5)
    page = open_table(f"{server.base}/?animations=0#/").page
    start_table(page, server.base, preset, players)
    for size in (DESKTOP, PHONE):
        page.set_viewport_size(size)
        page.evaluate("() => window.scrollTo(0, 0)")
        outside: list[dict[str, Any]] = page.evaluate(PLAY_AREA, size)
        assert not outside, f"{players} players at {size}: outside the screen {outside}"
        assert page.locator("[data-testid=hand-card]").count() >= 5


def test_the_phone_header_is_one_line(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server()
    page = open_table(f"{server.base}/?animations=0#/").page
    page.set_viewport_size(PHONE)
    page.wait_for_selector("[data-testid=lobby]")
    tops = page.evaluate(
        """() => [...document.querySelectorAll('.topbar nav a, .topbar .brand, .tools > *')]
          .map((e) => { const b = e.getBoundingClientRect(); return [b.top + b.height / 2, b.right]; })"""
    )
    middles = [middle for middle, _ in tops]
    assert len(tops) >= 7 and max(middles) - min(middles) < 8, tops  # one line: the same middle
    assert all(right <= PHONE["width"] for _, right in tops), tops
    assert page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().height") < 60
    # and the lobby's "Deal the cards" is on the first screen
    button = page.locator("[data-testid=new-computer-match]").bounding_box()
    assert button is not None and button["y"] + button["height"] <= PHONE["height"], button


def test_the_hinted_card_pulses_a_few_times_then_stays_marked(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=9)
    page = open_table(f"{server.base}/?animations=0#/").page
    page.emulate_media(reduced_motion="no-preference")  # this player likes motion
    start_table(page, server.base, "", 2)
    page.goto(f"{server.base}/?animations=1#{page.url.split('#', 1)[1]}")
    page.wait_for_function(TURN)
    page.locator("[data-testid=hint-button]").click()
    hinted = page.locator(".card-btn.hinted, .act.hinted").first
    hinted.wait_for()
    style = hinted.evaluate(
        "(e) => { const s = getComputedStyle(e); return [s.animationName, s.animationIterationCount, s.outlineStyle]; }"
    )
    assert style[0] == "pulse" and style[1] == "3", style  # a few pulses, not "infinite"
    assert style[2] == "solid", style  # and marked after them


def test_animations_off_in_the_address_is_not_saved(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server()
    page = open_table(f"{server.base}/?animations=0#/").page
    page.wait_for_selector("[data-testid=lobby]")
    page.locator("[data-testid=settings-button]").click()
    assert not page.locator("[data-testid=animations]").is_checked()  # this visit: off
    page.locator("[data-testid=four-color]").check()  # another setting changed and saved
    page.locator("[data-testid=settings-close]").click()
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('sixtysix.settings') || '{}')")
    assert saved.get("fourColor") is True and "animations" not in saved, saved
    page.goto(f"{server.base}/#/")  # the next visit, without the parameter
    page.wait_for_selector("[data-testid=lobby]")
    page.locator("[data-testid=settings-button]").click()
    # the context asks for reduced motion: the default then is off; what matters is that nothing was saved
    saved = page.evaluate("() => JSON.parse(localStorage.getItem('sixtysix.settings') || '{}')")
    assert "animations" not in saved, saved


def test_the_tally_has_a_legend(make_server: Callable[..., ServerThread], open_table: Callable[..., Table]) -> None:
    server = make_server(seed=4)
    page = open_table(f"{server.base}/?animations=0#/").page
    start_table(page, server.base, "three66", 3)
    legend = page.locator("[data-testid=tally-legend]").inner_text()
    assert "stroke" in legend and "dealer" in legend, legend  # strokes explained; three-handed: the dealer's share
    assert page.locator("[data-testid=tally-me]").get_attribute("title") == legend  # on hover too
