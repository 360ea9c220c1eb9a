"""The lobby in a real browser: one person seeks a rated match on the front page, another accepts it
there, and both pages enter the one match, each in its own seat; a house bot's challenge begins at once."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import httpx
from playwright.sync_api import Request, expect

from sixtysix.web.lobby_live import SOCKETS_PER_CLIENT
from web.test_accounts import Browser as WebBrowser
from web.test_lobby_live import LobbyClient

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
    accept.wait_for()  # pushed by the lobby's socket
    bea.page.locator("[data-testid=seeks-section]").scroll_into_view_if_needed()
    shot(bea.page, "lobby")
    accept.click()
    bea.page.wait_for_url(re.compile(r"#/match/"))
    ann.page.wait_for_url(re.compile(r"#/match/"))  # the seeker's page learns it from its socket
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
    # another page's lobby lists the match being played, the house bot marked as a bot
    bea = open_table(f"{server.base}/?animations=0#/")
    entry = bea.page.locator("[data-testid=live-match]").first
    entry.wait_for()
    assert "Ann" in entry.inner_text() and "Computer (level 2)" in entry.inner_text()
    expect(entry.locator("[data-testid=bot-badge]")).to_have_count(1)


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


NO_POLL = "lobby_poll=3600"
"""The lobby's poll interval for this visit: an hour (a list that changes sooner was pushed)."""


def lobby_lists(table: Table) -> list[dict[str, Any]]:
    """The lists the page's lobby socket received."""
    frames = (json.loads(frame) for frame in table.frames if frame.startswith("{"))
    return [frame for frame in frames if frame.get("type") == "lobby"]


def signed_up_in_lobbies(server: ServerThread, open_table: Callable[..., Table], query: str) -> tuple[Table, Table]:
    """Ann's and Bea's pages, signed up, on the lobby (``query`` in the address)."""
    ann = open_table(f"{server.base}/?animations=0&{query}#/")
    bea = open_table(f"{server.base}/?animations=0&{query}#/")
    sign_up_in_the_page(ann, "Ann")
    sign_up_in_the_page(bea, "Bea")
    for person in (ann, bea):
        person.page.goto(f"{server.base}/?animations=0&{query}#/")
        person.page.locator("[data-testid=offer-form]").wait_for()
    return ann, bea


def test_a_seek_posted_by_one_person_is_pushed_to_anothers_lobby_without_a_reload_or_a_poll(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=13)
    ann, bea = signed_up_in_lobbies(server, open_table, NO_POLL)
    bea.page.locator("[data-seeks][data-pushed=yes] [data-testid=seeks-section]").wait_for()  # its socket is live
    asked: list[str] = []
    bea.page.on("request", lambda request: asked.append(request.url) if "/api/" in request.url else None)
    bea.page.evaluate("() => { window.sameDocument = true; }")
    form = ann.page.locator("[data-testid=offer-form]")
    form.locator("[name=target]").fill("3")
    form.locator("[data-testid=offer-submit]").click()
    seek = bea.page.locator("[data-testid=seek]")
    expect(seek).to_contain_text("Ann")
    assert bea.page.evaluate("() => window.sameDocument") is True  # no reload
    assert asked == []  # Bea's page asked nothing: the seek was pushed to it
    assert [s["name"] for s in lobby_lists(bea)[-1]["seeks"]] == ["Ann"]


def test_a_lobby_whose_socket_is_refused_polls_and_still_shows_a_new_seek(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=14)
    ann = WebBrowser(server.base)
    assert ann.sign_up("Ann").status_code == 201
    bea = open_table(f"{server.base}/?animations=0&lobby_poll=0.2#/account")  # not the lobby yet: no socket
    sign_up_in_the_page(bea, "Bea")
    taken = [LobbyClient(server.base) for _ in range(SOCKETS_PER_CLIENT)]  # every lobby socket of the address
    try:
        for socket in taken:
            assert socket.lists()["type"] == "lobby"
        polled: list[Request] = []
        bea.page.on("request", lambda request: polled.append(request) if "/api/lobby" in request.url else None)
        bea.page.goto(f"{server.base}/?animations=0&lobby_poll=0.2#/")
        bea.page.locator("[data-testid=offer-form]").wait_for()
        assert ann.post("/api/seeks", {"target": 3}).status_code == 201
        expect(bea.page.locator("[data-testid=seek]")).to_contain_text("Ann")
        assert len(polled) >= 2 and lobby_lists(bea) == []  # read by polling: the socket was refused
        assert bea.page.locator("[data-seeks][data-pushed=no]").count() == 1
    finally:
        for socket in taken:
            socket.close()
        ann.close()
