"""The page under its Content-Security-Policy (docs/web.md, "Security"), in a real browser: a deal
against the computer and the record download without one policy violation and without the seat
token in any address the page asks for (the WebSocket's included); and a friend's invitation that
says when hints are on."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest

import web.conftest as server_helpers

from .conftest import ServerThread, Table, require_browser, seeded_context, start_computer_match

if TYPE_CHECKING:
    from playwright.sync_api import Browser

require_browser()
Api = server_helpers.Api


@pytest.fixture
def downloading_table(browser: Browser) -> Iterator[Callable[[str], tuple[Table, list[str], list[str]]]]:
    """``open(url)``: a page that may download, with every address it asked for and every console message."""
    contexts = []

    def open_(url: str) -> tuple[Table, list[str], list[str]]:
        context = seeded_context(browser, len(contexts) + 1, accept_downloads=True)
        contexts.append(context)
        page = context.new_page()
        addresses: list[str] = []
        console: list[str] = []
        page.on("request", lambda request: addresses.append(request.url))
        page.on("websocket", lambda socket: addresses.append(socket.url))
        page.on("console", lambda message: console.append(message.text))
        table = Table(page)
        page.goto(url)
        return table, addresses, console

    yield open_
    for context in contexts:
        context.close()


def test_a_deal_and_its_record_under_the_policy_with_no_token_in_any_address(
    make_server: Callable[..., ServerThread], downloading_table: Callable[[str], tuple[Table, list[str], list[str]]]
) -> None:
    server = make_server(seed=12)
    table, addresses, console = downloading_table(f"{server.base}/?animations=0#/")
    table.page.locator("[data-testid=lobby]").wait_for()
    start_computer_match(table, level=1)
    table.play_deal(random.Random(3))
    token = table.token()
    with table.page.expect_download() as download:
        table.page.locator("[data-testid=download-record]").click()
    saved = download.value.path()
    api = Api(server.base)
    expected = api.request("GET", f"/api/matches/{table.match_id}/record", token).text
    api.close()
    assert saved is not None and saved.read_text() == expected and "[Seat1 " in expected
    assert any("/ws/matches/" in address for address in addresses)
    assert not [address for address in addresses if token in address]
    violations = [text for text in console if "Content Security Policy" in text or "Refused to" in text]
    assert not violations, violations


def test_the_invitation_page_says_when_hints_are_on(
    make_server: Callable[..., ServerThread], downloading_table: Callable[[str], tuple[Table, list[str], list[str]]]
) -> None:
    server = make_server(seed=13)
    api = Api(server.base)
    with_hints = api.create(opponent="friend", name="Alice", hints=True)
    without = api.create(opponent="friend", name="Carol")
    api.close()
    guest, _, _ = downloading_table(f"{server.base}/?join={with_hints['invite']['code']}&animations=0")
    guest.page.locator("[data-testid=join-text]").wait_for()
    assert "hints are on" in guest.page.locator("[data-testid=join-hints]").inner_text().lower()
    other, _, _ = downloading_table(f"{server.base}/?join={without['invite']['code']}&animations=0")
    other.page.locator("[data-testid=join-text]").wait_for()
    assert other.page.locator("[data-testid=join-hints]").count() == 0
