"""Waiting is shown, never blank (issue 25.3): while a review runs, the page shows its progress bar and the
faults found so far; while a hint is computed, the hint's place says the computer is thinking.

What the page draws is recorded by a MutationObserver installed before the click, so a state that lasts a
moment is seen all the same (no sleeps, no polling by the test). The review's server spends a fixed CPU time
on each decision, so a review lasts seconds on any machine and the page's polls see it running."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sixtysix.present.words import say

from .conftest import ServerThread, Table, WorkerProcess, require_browser, start_computer_match

require_browser()

REVIEW_SECONDS = 1.0
"""CPU seconds per decision of the review (as by default): a deal's review takes some seconds."""

# every drawing of the review page, as the player sees it, recorded in window.seenReview
WATCH_REVIEW = """() => {
  window.seenReview = [];
  const look = () => {
    const review = document.querySelector('[data-testid=review]');
    if (!review) return;
    const bar = review.querySelector('[data-testid=review-progress] progress');
    window.seenReview.push({
      loading: review.querySelector('[data-testid=review-loading]') !== null,
      text: review.innerText.trim().length,
      done: bar ? Number(bar.getAttribute('value')) : null,
      total: bar ? Number(bar.getAttribute('max')) : null,
      barText: bar ? bar.parentElement.innerText : '',
      faults: [...review.querySelectorAll('[data-testid=review-fault]')].map(
        (f) => [Number(f.dataset.index), f.dataset.action, f.dataset.verdict]),
      decisions: review.querySelectorAll('[data-testid=review-decision]').length,
      error: review.querySelector('[data-testid=review-error]') !== null,
    });
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true });
  look();
}"""

# every drawing of the hint's place after the click, recorded in window.seenHint
WATCH_HINT = """() => {
  window.seenHint = [];
  const look = () => {
    const hint = document.querySelector('[data-testid=hint-result]');
    window.seenHint.push(hint ? { loading: hint.dataset.loading || null, best: hint.dataset.best || null,
                                   text: hint.innerText.trim() } : null);
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, attributes: true });
}"""


def test_a_running_review_shows_its_progress_and_the_faults_found_so_far(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=3, review_seconds=REVIEW_SECONDS, review_worlds=None)
    table = open_table(f"{server.base}/?animations=0#/")
    start_computer_match(table, level=1)
    state = table.play_deal(random.Random(1))  # a long deal with faults from its second decision on
    assert state["stage"] == "over", state
    page = table.page
    page.evaluate(WATCH_REVIEW)
    page.locator("[data-testid=review-button]").click()
    page.locator("[data-testid=review-progress]").wait_for()  # drawn while the analysis runs
    page.locator("[data-testid=review-decision]").first.wait_for(timeout=180_000)
    seen: list[dict[str, Any]] = page.evaluate("() => window.seenReview")
    final = page.locator("[data-testid=review-decision]").evaluate_all(
        "(rows) => rows.map((r) => [Number(r.dataset.index) + 1, r.dataset.action, r.dataset.verdict])"
    )
    # never blank: from the click on, the page says what it does, then shows the review
    assert seen and not any(s["error"] for s in seen), seen
    assert all(s["loading"] or s["decisions"] for s in seen), seen
    running = [s for s in seen if s["total"] is not None]
    assert running, seen
    # the bar counts the decisions of this deal, done of all, and says so in words
    assert all(s["total"] == len(final) and 0 <= s["done"] <= s["total"] for s in running), (running, len(final))
    assert any(s["done"] < s["total"] for s in running), running
    words = say("review.progress", n=len(final), done=running[-1]["done"])
    assert words in running[-1]["barText"], (words, running[-1]["barText"])
    # the faults shown while it ran are the review's own, with the review's verdicts
    faults = {(index, action): verdict for index, action, verdict in final if verdict != "good"}
    shown = [fault for s in running for fault in s["faults"]]
    assert faults and shown, (final, running)
    assert all(faults.get((index, action)) == verdict for index, action, verdict in shown), (shown, faults)


def test_a_hint_says_the_computer_is_thinking_until_its_answer_is_drawn(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=4)
    table = open_table(f"{server.base}/?animations=0#/")
    start_computer_match(table, level=1)
    page = table.page
    assert page.locator("[data-testid=hint-result]").count() == 0
    page.evaluate(WATCH_HINT)
    page.locator("[data-testid=hint-button]").click()
    page.locator("[data-testid=hint-result][data-best]").wait_for()
    seen: list[dict[str, Any] | None] = page.evaluate("() => window.seenHint")
    # first the waiting state in words, then the answer, and nothing empty between them
    assert seen and seen[0] == {"loading": "true", "best": None, "text": say("hint.thinking")}, seen
    assert None not in seen, seen
    answer = seen.index(next(s for s in seen if s and s["best"]))
    assert all(s and s["loading"] == "true" for s in seen[:answer]), seen
    assert all(s and s["best"] and not s["loading"] for s in seen[answer:]), seen
    best = page.locator("[data-testid=hint-result]").get_attribute("data-best")
    assert best == str((seen[-1] or {})["best"])  # the answer drawn last is the one on the page, its move marked
    assert page.locator(f"[data-testid=hand-card][data-card='{best}'].hinted, .act.hinted").count() == 1


def test_a_review_waiting_for_an_analysis_worker_shows_its_place_in_the_queue(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], database: str, tmp_path: Path
) -> None:
    server = make_server(seed=5, analysis="queue")  # no worker yet: the review waits in the queue
    table = open_table(f"{server.base}/?animations=0#/")
    start_computer_match(table, level=1)
    state = table.play_deal(random.Random(2))
    assert state["stage"] == "over", state
    page = table.page
    page.locator("[data-testid=review-button]").click()
    queued = page.locator("[data-testid=review-queued]")
    queued.wait_for()
    assert queued.inner_text() == say("review.queued", place=1)
    worker = WorkerProcess(database, "browser-worker", tmp_path / "worker.log")
    try:
        page.locator("[data-testid=review-decision]").first.wait_for(timeout=180_000)
        assert queued.count() == 0
    finally:
        worker.stop()


def test_a_hint_waiting_for_an_analysis_worker_shows_its_place_in_the_queue(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], database: str, tmp_path: Path
) -> None:
    server = make_server(seed=6, analysis="queue")  # no worker yet: the hint waits in the queue
    table = open_table(f"{server.base}/?animations=0#/")
    start_computer_match(table, level=1)
    page = table.page
    page.locator("[data-testid=hint-button]").click()
    queued = page.locator("[data-testid=hint-queued]")
    queued.wait_for()
    assert queued.inner_text() == say("review.queued", place=1)
    assert say("hint.thinking") in page.locator("[data-testid=hint-result]").inner_text()
    worker = WorkerProcess(database, "browser-hint-worker", tmp_path / "worker.log")
    try:
        page.locator("[data-testid=hint-result][data-best]").wait_for(timeout=120_000)
        assert queued.count() == 0
    finally:
        worker.stop()
