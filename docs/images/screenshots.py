"""Screenshots of every page of the web app at 1280x800 and 390x844, as JPEG files.

Usage (from the top of the repository, with Playwright and Debian's Chromium)::

    PYTHONPATH=src python docs/images/screenshots.py docs/images/after

It starts ``sixtysix serve`` on a free port with a temporary database, plays against the
computer (level 1, fixed seeds for the player's clicks) and photographs: the lobby, the
two-, three- and four-handed tables in the middle of a deal, a deal's end, a finished match,
a deal's review, the history, the puzzles, the rules, the verifier and an invitation.
"""

from __future__ import annotations

import contextlib
import random
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, TimeoutError, sync_playwright

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
CHROMIUM = "/usr/bin/chromium"
QUALITY = 55

TURN = """() => { const t = document.querySelector('[data-testid=table]');
  return t && ['playing', 'over'].includes(t.dataset.status) &&
    (t.dataset.turn === 'me' || t.dataset.stage === 'over' || t.dataset.status === 'over'); }"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def save(page: Page, out: Path, name: str) -> None:
    """The viewport as it is (no full page: what a player sees without scrolling)."""
    print(name, flush=True)
    page.screenshot(path=str(out / f"{name}.jpg"), type="jpeg", quality=QUALITY, animations="disabled")


def play(page: Page, rng: random.Random, moves: int) -> dict[str, Any]:
    """Click ``moves`` legal things (fewer if the deal ends); the table's data attributes."""
    for _ in range(moves):
        page.wait_for_function(TURN)
        table = page.locator("[data-testid=table]")
        if table.get_attribute("data-stage") == "over" or table.get_attribute("data-status") == "over":
            break
        version = int(table.get_attribute("data-version") or 0)
        legal = page.locator("[data-testid=hand-card][data-legal=true], [data-testid=action][data-legal=true]")
        options = legal.all()
        cards = [o for o in options if o.get_attribute("data-testid") == "hand-card"]
        pick = [o for o in options if (o.get_attribute("data-action") or "")[:2] in ("20", "40")]
        rest = [o for o in options if o.get_attribute("data-action") not in ("66", "C", "CB")]
        choice = pick[0] if pick else rng.choice(cards) if cards else (rest or options)[0]
        choice.click()
        page.wait_for_function(
            "(v) => Number(document.querySelector('[data-testid=table]').dataset.version) > v", arg=version
        )
    page.wait_for_function(TURN)
    return dict(page.locator("[data-testid=table]").evaluate("(t) => ({...t.dataset})"))


def start(page: Page, base: str, preset: str = "", players: int = 2, target: int = 7) -> None:
    page.goto("about:blank")
    page.goto(f"{base}/?animations=0#/")
    form = page.locator("[data-testid=computer-form]")
    if preset:
        form.locator("[data-testid=rules-select]").select_option(preset)
    for seat in range(2, players + 1 if players > 2 else 2):
        form.locator(f"[data-testid=seat-choice-{seat}]").select_option("1")
    if players == 2:
        form.locator("[data-testid=level-1]").check()
    form.locator("[data-testid=name-input]").fill("Ann")
    form.locator("[data-testid=target-input]").fill(str(target))
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    page.wait_for_function(TURN)


def shoot(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        server = subprocess.Popen(
            [str(Path(sys.executable).parent / "sixtysix"), "serve", "--port", str(port), "--db", f"{tmp}/s.sqlite3",
             "--review-time", "0.2", "--no-rate-limits"],
        )  # fmt: skip
        try:
            for _ in range(100):
                try:
                    socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                    break
                except OSError:
                    time.sleep(0.2)
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport, locale="en-US")  # type: ignore[arg-type]
                    context.set_default_timeout(60_000)
                    page = context.new_page()
                    photograph(page, base, out, size)
                    context.close()
                browser.close()
        finally:
            server.terminate()
            server.wait(10)


def photograph(page: Page, base: str, out: Path, size: str) -> None:
    rng = random.Random(7)
    page.goto(f"{base}/?animations=0#/")
    page.wait_for_selector("[data-testid=lobby]")
    save(page, out, f"lobby-{size}")
    # a friend's invitation, seen by the friend
    friend = page.locator("[data-testid=friend-form]")
    friend.locator("[data-testid=name-input]").fill("Ann")
    friend.locator("[data-testid=new-friend-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    link = page.locator("[data-testid=invite-link]").first
    link.wait_for()
    url = link.get_attribute("href") or link.get_attribute("value") or link.inner_text()
    guest = page.context.browser.new_context(viewport=page.viewport_size, locale="en-US")  # type: ignore[union-attr,arg-type]
    other = guest.new_page()
    other.goto(url.strip() + ("&" if "?" in url else "?") + "animations=0")
    other.wait_for_selector("[data-testid=join]")
    save(other, out, f"join-{size}")
    guest.close()
    # the two-handed table mid-deal, then the deal's end
    start(page, base)
    play(page, rng, 4)
    save(page, out, f"table-two-{size}")
    match = page.url
    data = play(page, rng, 60)
    save(page, out, f"deal-end-{size}")
    # a match to 1 point, played until won (level 1 loses often)
    for _ in range(6):
        start(page, base, target=1)
        data = play(page, rng, 60)
        if data.get("status") == "over" and "won" in page.locator("[data-testid=table]").inner_text().lower():
            break
    save(page, out, f"match-won-{size}")
    for preset, players, name in (("three66", 3, "three"), ("four66", 4, "four")):
        start(page, base, preset, players)
        play(page, rng, 2)
        save(page, out, f"table-{name}-{size}")
    page.goto(match.split("?")[0].replace("#/match/", "#/match/").rstrip("/") + "/review/1")
    with contextlib.suppress(TimeoutError):  # a slow analysis: its progress is what the page shows
        page.wait_for_selector("[data-testid=review-decisions]", timeout=60_000)
    save(page, out, f"review-{size}")
    for name, hash_ in (
        ("history", "#/history"),
        ("puzzles", "#/puzzles"),
        ("rules", "#/rules"),
        ("verify", "#/verify"),
    ):
        page.goto(f"{base}/?animations=0{hash_}")
        page.wait_for_timeout(1500)
        save(page, out, f"{name}-{size}")


if __name__ == "__main__":
    shoot(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/images/after"))
