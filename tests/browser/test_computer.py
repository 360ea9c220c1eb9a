"""Against the computer in a real browser: a whole deal played by clicking, a reload in the
middle of a deal, and no hidden card in the page, its WebSocket frames or its API answers."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from .conftest import (
    DESKTOP,
    PHONE,
    HiddenCheck,
    ServerThread,
    Table,
    page_version,
    require_browser,
    shot,
    start_computer_match,
)

require_browser()

TERMINATIONS = {"claim", "false_claim", "played_out", "closer_failed", "tie"}


def server_state(server: ServerThread, table: Table, seat: int = 1) -> dict[str, Any]:
    """The seat state as the server holds it (its own memory, not the page)."""
    state: dict[str, Any] = server.service.games[table.match_id].state(seat)
    return state


def test_a_whole_deal_against_the_computer(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=11)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    page.locator("[data-testid=lobby]").wait_for()
    page.locator("[data-testid=my-matches]").wait_for()
    shot(page, "lobby")
    start_computer_match(table, level=2)
    rng = random.Random(5)
    state = table.wait()
    score = state["score"]
    moves, looked = 0, False
    while not (looked and state["stage"] == "over"):
        if state["stage"] == "over":  # a deal too short to look at mid-way: on to the next one
            page.locator("[data-testid=next-deal]").click()
            state, moves = table.wait(state["version"]), 0
            score = state["score"]
        elif moves >= 2 and not looked:
            # mid-deal on a desktop and on a phone, where the table fits the screen
            shot(page, "table-desktop")
            page.set_viewport_size(PHONE)
            fits = page.evaluate(
                """(width) => document.documentElement.scrollWidth <= width &&
                [...document.querySelectorAll('[data-testid=hand-card]')].every((e) => {
                  const box = e.getBoundingClientRect(); return box.left >= 0 && box.right <= width; })""",
                PHONE["width"],
            )
            assert fits, "the table does not fit a 390 px wide phone screen"
            shot(page, "table-phone", full_page=True)
            state = table.play(rng)  # a click on the phone layout works too
            page.set_viewport_size(DESKTOP)
            looked = True
        else:
            state = table.play(rng)
            moves += 1
    # the end of the deal: the result, how it was scored, the new match score
    result = page.locator("[data-testid=deal-result]")
    result.wait_for()
    headline = page.locator("[data-testid=deal-headline]").inner_text()
    assert headline.startswith(f"Deal {state['deal']}:"), headline
    termination = result.get_attribute("data-termination")
    assert termination in TERMINATIONS, termination
    assert page.locator("[data-testid=deal-totals]").inner_text().strip()
    server_match = server_state(server, table)["match"]
    mine, theirs = server_match["score"]
    assert state["score"] == f"{mine}-{theirs}"
    before = [int(n) for n in score.split("-")]
    if termination == "tie":
        assert state["score"] == score and server_match["carried"] >= 1
    else:
        winner = int(result.get_attribute("data-winner") or 0)
        points = int(result.get_attribute("data-game-points") or 0)
        assert points > 0 and state["score"] != score
        assert server_match["score"][winner - 1] == before[winner - 1] + points
        assert server_match["score"][2 - winner] == before[2 - winner]
        assert ("You" if winner == 1 else "Computer (level 2)") in headline, headline
    assert page.locator("[data-testid=tally-me]").get_attribute("data-score") == str(mine)
    assert page.locator("[data-testid=next-deal]").is_enabled()
    shot(page, "deal-end")
    # the review of the deal: every decision, the chart; then back and on to the next deal
    page.locator("[data-testid=review-button]").click()
    page.locator("body[data-page=review]").wait_for()
    page.locator("[data-testid=review-decision]").first.wait_for()
    assert page.locator("[data-testid=review-decision]").count() >= 6
    verdicts = {row.get_attribute("data-verdict") for row in page.locator("[data-testid=review-decision]").all()}
    assert verdicts <= {"good", "uncertain", "inaccuracy", "mistake", "blunder"}, verdicts
    assert "±" in page.locator("[data-testid=review-decisions]").inner_text()  # estimates show their error
    page.locator("[data-testid=eval-chart] svg").wait_for()
    assert page.locator("[data-testid=dealt-hand]").count() == 2
    shot(page, "review", full_page=True)
    page.locator("[data-testid=back-to-table]").click()
    table.wait()
    page.locator("[data-testid=next-deal]").click()
    page.wait_for_function(
        "(n) => document.querySelector('[data-testid=table]')?.dataset.deal === String(n)", arg=state["deal"] + 1
    )
    state = table.snapshot()
    assert len(state["hand"]) == 6 and state["score"] == f"{mine}-{theirs}"


def test_reload_in_the_middle_of_a_deal(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=23)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    start_computer_match(table, level=1)
    rng = random.Random(2)
    # play (on into the next deal if need be) until the computer's lead lies on the table
    moves = iter(range(1000))
    table.play_until(rng, lambda s: next(moves) >= 2 and s["stage"] == "follow" and [c[0] for c in s["trick"]] == ["2"])
    before = table.snapshot()
    # what the page shows is what the server holds
    truth = server_state(server, table)
    assert truth["version"] == before["version"]
    assert sorted(truth["deal"]["hand"]) == sorted(before["hand"])
    assert truth["you"]["points"] == before["myPoints"] and truth["deal"]["talon"] == before["talon"]
    assert [f"{e['seat']}:{e['card']}" for e in truth["deal"]["trick"]] == before["trick"]
    page.reload()
    after = table.wait_version(before["version"])
    page.locator("[data-testid=connection][data-status=open]").wait_for()
    assert after == {**before, "connection": after["connection"]}, (before, after)
    assert table.snapshot()["connection"] == "open"
    shot(page, "reload-after")
    # and play goes on from there to the end of the deal
    state = table.play_deal(rng)
    page.locator("[data-testid=deal-result]").wait_for()
    assert server_state(server, table)["version"] == state["version"]


def test_the_page_never_holds_a_hidden_card(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=37)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    start_computer_match(table, level=1, target=20)
    rng = random.Random(9)
    pages: list[str] = []
    state = table.wait()
    hinted = False
    # every settled moment of at least two whole deals (the second one after the first one's
    # cards became public), and at least a dozen moments; a hint asked once on the way
    while not (state["deal"] >= 2 and state["stage"] == "over" and len(pages) >= 12) and state["status"] != "over":
        if state["stage"] != "over" and not hinted and len(state["hand"]) <= 5:
            page.locator("[data-testid=hint-button]").click()
            page.locator("[data-testid=hint-result][data-best]").wait_for()
            assert page.locator("[data-testid=hint-why]").inner_text().strip()  # and why, in words
            shot(page, "hint-why")
            hinted = True
        pages.append(page.content())
        if state["stage"] == "over":
            page.locator("[data-testid=next-deal]").click()
            state = table.wait(state["version"])
        else:
            state = table.play(rng)
    pages.append(page.content())
    assert hinted
    check = HiddenCheck(server.db, table.match_id)
    checked = sum(check.page(content, seat=1) for content in pages)
    states = check.frames(table.frames, seat=1) + check.answers(table.answers, seat=1)
    assert len(pages) >= 12 and checked > 100 and states >= len(pages), (len(pages), checked, states)
    # the scan is not vacuous: a hidden card slipped into the page is found
    content = next(c for c in pages if len(check.hidden[page_version(c)][1]) >= 2)
    hidden = sorted(check.hidden[page_version(content)][1])
    assert check.page(content, seat=1)
    planted = content.replace("</body>", f'<span data-card="{hidden[0]}"></span></body>')
    with pytest.raises(AssertionError):
        check.page(planted, seat=1)
    planted = content.replace("</body>", f"<p>{hidden[-1]}</p></body>")
    with pytest.raises(AssertionError):
        check.page(planted, seat=1)
