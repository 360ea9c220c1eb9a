"""The table's look (issue 25): every table size fits a 1280x800 screen and a 390x844 phone
without scrolling to play, the phone's header on one line, the hinted card pulses a few
times and then stays marked, ``?animations=0`` holds for one visit only, the Bummerl
tally has a legend and its strokes add up to the score three-handed (the dealer's share
included), every player has an avatar, a won match is celebrated (and still under reduced
motion), the lobby names every table size above their choices, and the talon left at the
end of a deal is big enough to read."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import expect

from sixtysix.present.words import say

from .conftest import DESKTOP, PHONE, ServerThread, Table, require_browser, start_computer_match

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
    # measured once the presets have arrived: the lobby is drawn again then, its button replaced
    page.locator("[data-testid=computer-form] option[value=three66]").wait_for(state="attached")
    tops = page.evaluate(
        """() => [...document.querySelectorAll('.topbar nav a, .topbar .brand, .tools > *')]
          .map((e) => { const b = e.getBoundingClientRect(); return [b.top + b.height / 2, b.right]; })"""
    )
    middles = [middle for middle, _ in tops]
    assert len(tops) >= 7 and max(middles) - min(middles) < 8, tops  # one line: the same middle
    assert all(right <= PHONE["width"] for _, right in tops), tops
    assert page.evaluate("() => document.querySelector('.topbar').getBoundingClientRect().height") < 60
    # and the lobby's "Deal the cards" is on the first screen
    expect(page.locator("[data-testid=new-computer-match]")).to_be_in_viewport(ratio=1)


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


# every tally row: its score, the strokes and dots drawn, an extra "+n" beyond the target
TALLY = """() => [...document.querySelectorAll('[data-testid=tally-me], [data-testid=tally-opp]')].map((row) => ({
  seat: Number(row.dataset.seat), score: Number(row.dataset.score),
  strokes: row.querySelectorAll('.tally-stroke').length, dots: row.querySelectorAll('.tally-dot').length,
  extra: row.querySelector('.tally-extra') ? row.querySelector('.tally-extra').textContent : null }))"""


def test_three_handed_strokes_add_up_to_the_score_with_the_dealers_share(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=4)
    table = open_table(f"{server.base}/?animations=0#/")
    start_table(table.page, server.base, "three66", 3)
    game = server.service.games[table.match_id]

    def shared(state: dict[str, Any]) -> bool:  # a deal is over and its dealer scored a share
        return state["stage"] == "over" and any(r.dealer_points for r in game.match.results)

    table.play_until(random.Random(2), shared)
    match = game.state(1)["match"]
    share = next(r for r in match["results"] if r["dealer_points"])
    assert share["dealer"] != share["winner"], share
    rows = {row["seat"]: row for row in table.page.evaluate(TALLY)}
    assert sorted(rows) == [1, 2, 3], rows
    for seat, row in rows.items():
        score = match["score"][seat - 1]
        assert row["score"] == score, (row, match)  # the number shown is the server's
        assert row["strokes"] == score and row["dots"] == match["target"] - score and row["extra"] is None, row
    # the dealer's strokes hold the share: the deals it won and what it scored as dealer
    dealer = share["dealer"]
    won = sum(r["game_points"] for r in match["results"] if r["winner"] == dealer)
    shares = sum(r["dealer_points"] for r in match["results"] if r["dealer"] == dealer)
    assert rows[dealer]["strokes"] == won + shares > won, (rows[dealer], match)


AVATARS = """() => [...document.querySelectorAll('[data-testid=seat], [data-testid=me]')].map((e) => ({
  name: (e.querySelector('[data-testid=seat-name], strong') || {}).textContent,
  avatar: e.querySelector('[data-testid=avatar]') ? e.querySelector('[data-testid=avatar]').textContent.trim() : null,
  computer: e.querySelector('[data-testid=avatar].computer') !== null }))"""


def test_every_player_has_an_avatar_with_an_initial_or_a_computers_level(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=6)
    page = open_table(f"{server.base}/?animations=0#/").page
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("three66")
    form.locator("[data-testid=name-input]").fill("zoe")
    form.locator("[data-testid=seat-choice-2]").select_option("1")  # seat 2 plays at level 1, seat 3 at level 4
    form.locator("[data-testid=seat-choice-3]").select_option("4")
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    page.locator("[data-testid=table][data-status=playing]").wait_for()
    players = page.evaluate(AVATARS)
    assert len(players) == 3, players
    levels = {"1": False, "4": False}
    for player in players:
        if player["computer"]:
            level = re.search(r"level (\d)", player["name"])
            assert level and player["avatar"] == level.group(1), player  # the level, not the seat's number
            levels[level.group(1)] = True
        else:
            assert player["avatar"] == "Z", player  # the name's initial, as a capital
    assert all(levels.values()), players


CELEBRATION_SEED = 1
"""A server seed whose first deal this test's player (random moves of seed 1) wins against level 1."""

FALLING = """() => document.getAnimations().filter((a) => a.animationName === 'fall').length"""


def test_a_won_match_is_celebrated_and_without_motion_when_reduced_motion_is_asked(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=CELEBRATION_SEED)
    table = open_table(f"{server.base}/?animations=0#/")
    start_computer_match(table, level=1, target=1)
    state = table.play_until(random.Random(1), lambda s: s["status"] == "over")
    page = table.page
    assert server.service.games[table.match_id].match.winner == 1, state  # this player won the match
    result = page.locator("[data-testid=deal-result]")
    assert result.get_attribute("data-match-won") == "true"
    assert page.locator("[data-testid=match-won]").inner_text() == say("table.match_won")
    # a player who likes motion: the suits fall over the result
    page.emulate_media(reduced_motion="no-preference")
    page.goto(f"{server.base}/?animations=1#/match/{table.match_id}")
    page.locator("[data-testid=deal-result][data-match-won=true] .confetti i").first.wait_for()
    assert page.evaluate(FALLING) > 0
    # the same page when reduced motion is asked: the banner stays, nothing moves
    page.emulate_media(reduced_motion="reduce")
    page.locator("[data-testid=deal-result] .confetti").wait_for(state="hidden")
    assert page.evaluate(FALLING) == 0
    assert page.locator("[data-testid=match-won]").is_visible()
    # and a new visit under reduced motion draws no confetti at all and runs no animation
    page.goto(f"{server.base}/#/match/{table.match_id}")
    page.locator("[data-testid=deal-result][data-match-won=true]").wait_for()
    assert page.locator("[data-testid=match-won]").is_visible()
    assert page.locator(".confetti").count() == 0
    assert page.evaluate("() => document.getAnimations().filter((a) => a.playState === 'running').length") == 0


ALL_SIZES = {"en": "two, three or four", "de": "zu zweit, dritt oder viert", "fr": "deux, trois ou quatre"}
"""How each language's lobby names the table sizes (``lobby.subtitle``)."""


@pytest.mark.parametrize("lang", sorted(ALL_SIZES))
def test_the_lobby_names_every_table_size_above_their_choices(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], lang: str
) -> None:
    server = make_server()
    page = open_table(f"{server.base}/?animations=0#/").page
    page.locator("[data-testid=lang-switch]").select_option(lang)
    subtitle = page.locator("[data-testid=lobby] .intro p")
    expected = say("lobby.subtitle", lang)
    shown = "(text) => document.querySelector('[data-testid=lobby] .intro p').textContent === text"
    page.wait_for_function(shown, arg=expected)  # the page's words in that language, from the catalogue
    assert ALL_SIZES[lang] in subtitle.inner_text()
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("four66")
    form.locator("[data-testid=seats]").wait_for()
    below = subtitle.bounding_box()
    assert below is not None
    for choice in ("[data-testid=rules-select]", "[data-testid=seats]"):
        box = form.locator(choice).bounding_box()
        assert box is not None and below["y"] + below["height"] <= box["y"], (choice, below, box)


READABLE = 40
"""The least width in pixels of a card of the talon left at the end of a deal."""

TALON_LEFT = """() => { const cards = [...document.querySelectorAll('[data-testid=talon-left-card]')];
  return cards.map((c, i) => { const box = c.getBoundingClientRect();
    const after = cards[i + 1] ? cards[i + 1].getBoundingClientRect() : null;  // on the same line: over this one
    const next = after && after.top < box.bottom && after.left > box.left ? after.left : box.right;
    return { card: c.dataset.card, width: box.width, left: box.left, right: box.right,
             uncovered: Math.min(next, box.right) - box.left }; }); }"""


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_talon_left_at_the_end_of_a_deal_is_big_enough_to_read(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], size: dict[str, int]
) -> None:
    server = make_server(seed=21)
    table = open_table(f"{server.base}/?animations=0#/", viewport=size)
    state = start_computer_match(table, level=1, target=1)
    if "66" not in state["options"]:
        state = table.play(random.Random(1))
    page = table.page
    page.locator("[data-testid=action][data-action='66']").click()  # a claim at once: the talon is left whole
    page.locator("[data-testid=action][data-action='66'].confirm").click()
    page.locator("[data-testid=talon-left-card]").first.wait_for()
    cards = page.evaluate(TALON_LEFT)
    assert len(cards) >= 10, cards
    assert all(c["width"] >= READABLE for c in cards), cards
    assert all(c["uncovered"] >= READABLE / 2 for c in cards), cards  # the index corner of each in view
    assert all(c["left"] >= 0 and c["right"] <= size["width"] for c in cards), cards
    assert page.evaluate("() => document.documentElement.scrollWidth") <= size["width"]
