"""The lobby in a real browser: one person seeks a rated match on the front page, another accepts it
there, and both pages enter the one match, each in its own seat; a house bot's challenge begins at once."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from playwright.sync_api import expect

from .conftest import ServerThread, Table, require_browser, shot
from .test_accounts import sign_up_in_the_page

require_browser()


def seat_of(table: Table, match_id: str) -> int:
    seat: int = table.page.evaluate(f"() => JSON.parse(localStorage.getItem('sixtysix.seats'))['{match_id}'].seat")
    return seat


def meet_by_a_seek(server: ServerThread, open_table: Callable[..., Table]) -> tuple[Table, Table, str]:
    """Ann and Bea sign up in their pages; Ann seeks a rated match to one game point on the front page
    and Bea accepts it on hers: both pages enter the match (Ann, Bea, the match's id)."""
    ann = open_table(f"{server.base}/?animations=0#/")
    bea = open_table(f"{server.base}/?animations=0#/")
    sign_up_in_the_page(ann, "Ann")
    sign_up_in_the_page(bea, "Bea")
    for person in (ann, bea):
        person.page.goto(f"{server.base}/?animations=0#/")
    form = ann.page.locator("[data-testid=offer-form]")
    form.locator("[name=target]").fill("1")
    form.locator("[data-testid=offer-submit]").click()
    accept = bea.page.locator("[data-testid=accept-seek]")
    accept.wait_for()  # the list is read again when the lobby's version changes (polled)
    bea.page.locator("[data-testid=seeks-section]").scroll_into_view_if_needed()
    shot(bea.page, "lobby")
    accept.click()
    bea.page.wait_for_url(re.compile(r"#/match/"))
    ann.page.wait_for_url(re.compile(r"#/match/"))  # the seeker's page learns it from its poll
    match_id = bea.page.url.split("#/match/")[1]
    assert ann.page.url.split("#/match/")[1] == match_id
    return ann, bea, match_id


def test_a_seek_made_on_the_front_page_is_accepted_on_another_and_both_enter_the_match(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=9)
    ann, bea, match_id = meet_by_a_seek(server, open_table)
    assert (seat_of(ann, match_id), seat_of(bea, match_id)) == (1, 2)
    said = httpx.get(f"{server.base}/api/seeks").json()
    assert said["seeks"] == []


def test_a_challenge_to_a_house_bot_on_the_front_page_begins_the_match_at_once(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=10)
    ann = open_table(f"{server.base}/?animations=0#/")
    sign_up_in_the_page(ann, "Ann")
    ann.page.goto(f"{server.base}/?animations=0#/")
    form = ann.page.locator("[data-testid=offer-form]")
    form.locator("[data-testid=challenge-name]").fill("Computer level 2")
    form.locator("[data-testid=offer-submit]").click()
    ann.page.wait_for_url(re.compile(r"#/match/"))
    match_id = ann.page.url.split("#/match/")[1]
    assert server.service.games[match_id].seats[2].name == "Computer (level 2)"


def test_a_player_challenged_by_name_sees_the_challenge_and_accepts_it(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=11)
    ann = open_table(f"{server.base}/?animations=0#/")
    bea = open_table(f"{server.base}/?animations=0#/")
    sign_up_in_the_page(ann, "Ann")
    sign_up_in_the_page(bea, "Bea")
    for person in (ann, bea):
        person.page.goto(f"{server.base}/?animations=0#/")
    form = ann.page.locator("[data-testid=offer-form]")
    for _ in range(2):
        form.locator("[data-testid=challenge-name]").fill("Bea")
        form.locator("[data-testid=offer-submit]").click()
    accept = bea.page.locator("[data-testid=accept-challenge]")
    expect(accept).to_have_count(2)
    bea.page.locator("[data-testid=decline-challenge]").first.click()
    expect(ann.page.locator("[data-testid=ended-offer]")).to_have_text(re.compile(r": declined$"))
    expect(accept).to_have_count(1)
    assert bea.page.locator("[data-testid=accept-seek]").count() == 0  # not an open seek
    accept.click()
    bea.page.wait_for_url(re.compile(r"#/match/"))
    ann.page.wait_for_url(re.compile(r"#/match/"))
    match_id = bea.page.url.split("#/match/")[1]
    assert (seat_of(ann, match_id), seat_of(bea, match_id)) == (1, 2)
