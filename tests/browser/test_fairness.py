"""Provably fair deals in a real browser (docs/fairness.md): the page sends its own client seed,
shows the commitment from the first card, reveals and verifies the server seed when the deal
ends, and its verify page checks a downloaded record."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import httpx

from .conftest import ServerThread, Table, require_browser, seeded_context, shot, start_computer_match

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route, WebSocketRoute

require_browser()

FORGED_SEED = "f" * 64


def test_the_table_commits_reveals_and_the_verify_page_checks_the_record(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=8)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    start_computer_match(table, level=1, target=3)
    fairness = page.locator("[data-testid=fairness]")
    fairness.locator("summary").click()
    entry = page.locator("[data-testid=fairness-deal][data-deal='1']")
    assert entry.get_attribute("data-status") == "secret"
    commitment = entry.locator("[data-testid=commitment]").inner_text()
    assert re.fullmatch(r"sha256:[0-9a-f]{64}", commitment)
    assert entry.locator("[data-testid=server-seed]").count() == 0
    answer = httpx.get(f"{server.base}/api/matches/{table.match_id}", params={"token": table.token()})
    state = answer.json()
    assert answer.status_code == 200, state
    mine = state["fairness"]["deals"][0]["client_seeds"][state["seat"] - 1]
    assert re.fullmatch(r"[0-9a-f]{32}", mine)  # made by crypto.getRandomValues, sent with the create
    table.play_deal(random.Random(1))
    page.locator("[data-testid=fairness] summary").click()
    revealed = page.locator("[data-testid=fairness-deal][data-deal='1'][data-status=ok]")
    revealed.wait_for()
    assert re.fullmatch(r"[0-9a-f]{64}", revealed.locator("[data-testid=server-seed]").inner_text())
    # the page's own check (Web Crypto, from what it kept before the reveal) agrees
    revealed.locator("[data-testid=own-check][data-status=ok]").wait_for()
    assert page.locator("[data-testid=fair-alarm]").count() == 0
    shot(page, "fairness-revealed")
    record = httpx.get(f"{server.base}/api/matches/{table.match_id}/record", params={"token": table.token()}).text
    page.locator("[data-testid=footer-verify]").click()
    page.locator("[data-testid=verify-record]").fill(record)
    page.locator("[data-testid=verify-button]").click()
    page.locator("[data-testid=verify-summary][data-status='0']").wait_for()
    assert page.locator("[data-testid=verify-deal][data-status=ok]").count() == 1
    page.locator("[data-testid=verify-record]").fill(
        record.replace(f'ClientSeed{state["seat"]} "{mine}"', 'ClientSeed1 "x"')
    )
    page.locator("[data-testid=verify-button]").click()
    page.locator("[data-testid=verify-summary][data-status='1']").wait_for()
    assert page.locator("[data-testid=verify-deal][data-status=fail]").count() == 1
    shot(page, "fairness-verify-failed")


def test_the_verify_page_keeps_a_pasted_record_and_its_focus_when_the_presets_arrive(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """The page opened at #/verify is drawn again when the presets (GET /api/meta) arrive: a record
    pasted meanwhile stays in the box (it was emptied, and the check said the record was empty)."""
    server = make_server(seed=8)
    page = open_table(f"{server.base}/api/meta").page  # not the app yet: its every request goes by the route
    held: list[Route] = []
    page.route("**/api/meta", lambda route: held.append(route))
    with page.expect_request("**/api/meta"):
        page.goto(f"{server.base}/?animations=0#/verify")
    box = page.locator("[data-testid=verify-record]")
    box.fill("[Event")
    box.evaluate("(box) => { box.dataset.before = 'yes'; }")
    assert len(held) == 1
    held[0].continue_()
    page.locator("[data-testid=verify-record]:not([data-before])").wait_for()  # drawn again
    page.keyboard.type(' "66"]')
    assert box.input_value() == '[Event "66"]'
    page.locator("[data-testid=verify-button]").click()
    assert '[Event "66"]' in page.locator("[data-testid=error]").inner_text()  # the text checked, quoted back


def test_the_same_person_sends_the_same_client_seed_on_every_run(
    make_server: Callable[..., ServerThread], browser: Browser
) -> None:
    # the tests' browsers are seeded (conftest.seeded_context): what is dealt never depends on the run
    server = make_server(seed=8)
    seeds = []
    for seed in (1, 1, 2):
        context = seeded_context(browser, seed)
        page = context.new_page()
        sent: list[str] = []
        page.on("request", lambda request, sent=sent: sent.append(request.post_data or ""))
        table = Table(page)
        page.goto(f"{server.base}/?animations=0#/")
        start_computer_match(table, level=1, target=3)
        seeds.append(next(json.loads(body)["client_seed"] for body in sent if "client_seed" in body))
        context.close()
    assert seeds[0] == seeds[1] != seeds[2] and all(re.fullmatch(r"[0-9a-f]{32}", seed) for seed in seeds)


def forge(state: Any) -> None:
    """A dishonest server: every revealed server seed replaced, and its own verdict saying OK."""
    fairness = state.get("fairness") if isinstance(state, dict) else None
    for entry in (fairness or {}).get("deals", []):
        if entry.get("server_seed"):
            entry["server_seed"] = FORGED_SEED
            entry["verdict"] = {
                "deal": entry["deal"],
                "status": "ok",
                "reason": "all fine",
                "reasons": {"en": "all fine", "de": "alles gut", "fr": "tout va bien"},
            }


def test_the_page_catches_a_server_that_reveals_another_seed_than_it_committed(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=8)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page

    def socket(route: WebSocketRoute) -> None:  # between the page and the real server, whole states only
        upstream = route.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "auth":
                data.pop("patches", None)
            upstream.send(json.dumps(data))

        def from_server(message: str | bytes) -> None:
            data = json.loads(message)
            forge(data.get("state"))
            route.send(json.dumps(data))

        route.on_message(from_page)
        upstream.on_message(from_server)

    def answer(route: Route) -> None:  # the states sent over HTTP, forged the same way
        response = route.fetch()
        try:
            data = response.json()
        except ValueError:
            route.fulfill(response=response)
            return
        forge(data.get("state", data))
        route.fulfill(response=response, json=data)

    page.route_web_socket(re.compile(r"/ws/matches/"), socket)
    page.route(re.compile(r"/api/matches/[^/]+(/actions)?$"), answer)
    start_computer_match(table, level=1, target=3)
    table.play_deal(random.Random(1))
    alarm = page.locator("[data-testid=fair-alarm]")
    alarm.wait_for()
    assert "Deal 1" in alarm.inner_text() and "FAILED" in alarm.inner_text()
    page.locator("[data-testid=fairness] summary").click()
    entry = page.locator("[data-testid=fairness-deal][data-deal='1']")
    # the server's own verdict says OK; the page's check, from the commitment it kept, says otherwise
    assert entry.get_attribute("data-status") == "ok"
    assert entry.locator("[data-testid=server-seed]").inner_text() == FORGED_SEED
    own = entry.locator("[data-testid=own-check]")
    assert own.get_attribute("data-status") == "fail"
    assert "does not match the commitment" in own.inner_text()
    shot(page, "fairness-own-check-failed")
