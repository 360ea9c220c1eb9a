"""Browser tests of the web page: Playwright (sync API) driving Debian's Chromium headless.

The servers are the web app's test servers (``tests/web/conftest.py``): uvicorn in a thread
on a free port of 127.0.0.1 with a temporary SQLite file, or ``sixtysix serve`` as a child
process for the restart test. Pages are loaded with ``?animations=0`` (and the context asks
for reduced motion), so every state is drawn at once; the tests wait for the table's
``data-version``/``data-turn`` attributes, never for fixed times. Every person's browser has
seeded random bits (:func:`seeded_context`): with the seeded servers, every deal is the same on
every run.

Screenshots for a reviewer go to ``artifacts/screenshots/`` at the top of the repository
(``SIXTYSIX_SCREENSHOTS`` puts them elsewhere). Playwright is never asked to download a
browser: it launches ``/usr/bin/chromium`` (``SIXTYSIX_CHROMIUM`` names another one).
Without that file or without the ``playwright`` package the test modules are skipped.
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

import web.conftest as server_helpers
from web.test_hidden import PUBLIC_KEYS, hidden_by_version, states_in

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Page, Response, WebSocket

CHROMIUM = os.environ.get("SIXTYSIX_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("SIXTYSIX_SCREENSHOTS", ROOT / "artifacts" / "screenshots"))
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TIMEOUT = 30_000  # ms: generous, as a loaded CI machine can be slow

CARD = re.compile(r"^[ATKQJ9][cdhs]$")
# a card token standing alone in text or in an attribute value ("Ah", "9s"), not inside a word
CARD_TOKEN = re.compile(r"(?<![\w-])([ATKQJ9][cdhs])(?![\w-])")
RANKS = {"A": "Ace", "T": "Ten", "K": "King", "Q": "Queen", "J": "Jack", "9": "Nine"}
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}

# the web app's own test fixture: ``make_server(db=None, **options)`` starts a ServerThread
make_server = server_helpers.make_server
database = server_helpers.database
ServerThread = server_helpers.ServerThread
ServerProcess = server_helpers.ServerProcess
WorkerProcess = server_helpers.WorkerProcess


def require_browser() -> None:
    """Skip the calling test module unless Playwright and Chromium are installed."""
    pytest.importorskip("playwright.sync_api", reason="Playwright for Python is not installed")
    if not Path(CHROMIUM).is_file():
        pytest.skip(f"no Chromium at {CHROMIUM} (.ci/run installs Debian's chromium)", allow_module_level=True)


@pytest.fixture(scope="package")
def browser() -> Iterator[Browser]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


# The browser's random bits, seeded: crypto.getRandomValues gives a fixed sequence per person
# (mulberry32 from SEED, again at every page load), so the client seeds the page sends with a new
# match or deal (docs/fairness.md), and with them every deal against a seeded server, are the same
# on every run. A test that depends on what is dealt is then deterministic.
SEEDED_RANDOM = """(seed) => {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
  const fill = (array) => {
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let i = 0; i < bytes.length; i++) bytes[i] = next() & 255;
    return array;
  };
  Object.defineProperty(Crypto.prototype, "getRandomValues", { value: fill, configurable: true });
}"""


def seeded_context(browser: Browser, seed: int, **options: Any) -> BrowserContext:
    """A new browser context (its own localStorage: another person) whose random bits are the
    fixed sequence of ``seed`` (:data:`SEEDED_RANDOM`), desktop-sized, English, without motion."""
    settings = {"viewport": DESKTOP, "locale": "en-US", "reduced_motion": "reduce", "accept_downloads": False}
    context = browser.new_context(**{**settings, **options})
    context.add_init_script(f"({SEEDED_RANDOM})({int(seed)})")
    context.set_default_timeout(TIMEOUT)
    return context


@pytest.fixture
def open_table(browser: Browser) -> Iterator[Callable[..., Table]]:
    """``open_table(url)``: a new browser context (its own localStorage: another person) on ``url``;
    the n-th person of a test has the client seeds of seed n (:func:`seeded_context`)."""
    contexts: list[BrowserContext] = []

    def open_(url: str, **options: Any) -> Table:
        context = seeded_context(browser, len(contexts) + 1, **options)
        contexts.append(context)
        table = Table(context.new_page())
        table.page.goto(url)
        return table

    yield open_
    for context in contexts:
        context.close()


def shot(page: Page, name: str, *, full_page: bool = False) -> Path:
    """A screenshot for the reviewer: ``artifacts/screenshots/NAME.png``."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page, animations="disabled")
    return path


SETTLED = """(size) => window.innerWidth === size.width && window.innerHeight === size.height
    && document.getAnimations().every((a) => a.playState !== "running"
        || a.effect.getComputedTiming().iterations === Infinity)"""
"""The page has the viewport's size and no animation left to finish (an endless one aside)."""


def resize(page: Page, size: dict[str, int]) -> None:
    """Give the page the viewport ``size`` and wait until it is laid out for it, no animation running."""
    page.set_viewport_size(size)  # type: ignore[arg-type]
    page.wait_for_function(SETTLED, arg=size)


# -- the table ------------------------------------------------------------------------------

SNAPSHOT = """() => {
  const one = (s) => document.querySelector(s);
  const all = (s) => [...document.querySelectorAll(s)];
  const t = one('[data-testid=table]');
  if (!t) return null;
  const data = (s, key) => (one(s) ? one(s).dataset[key] : null);
  return {
    version: Number(t.dataset.version || -1), status: t.dataset.status, stage: t.dataset.stage || null,
    turn: t.dataset.turn || null, deal: Number(t.dataset.deal || 0),
    hand: all('[data-testid=hand-card]').map((e) => e.dataset.card),
    options: [...all('[data-testid=hand-card][data-legal=true]').map((e) => e.dataset.card),
              ...all('[data-testid=action][data-legal=true]').map((e) => e.dataset.action)],
    trick: all('[data-testid=trick-card]').map((e) => e.dataset.seat + ':' + e.dataset.card),
    myPoints: Number(data('[data-testid=my-points]', 'points')),
    myTricks: Number(data('[data-testid=my-tricks]', 'tricks')),
    oppPoints: data('[data-testid=seat] [data-testid=seat-points]', 'points'),
    oppTricks: Number(data('[data-testid=seat] [data-testid=seat-tricks]', 'tricks')),
    oppHand: Number(data('[data-testid=seat]', 'handSize')),
    oppKnown: all('[data-testid=seat] [data-testid=known-card]').map((e) => e.dataset.card),
    talon: Number(data('[data-testid=talon]', 'count')), closed: data('[data-testid=talon]', 'closed'),
    faceUp: data('[data-testid=trump-card]', 'card'), trump: data('[data-testid=trump-suit]', 'suit'),
    score: data('[data-testid=match-score]', 'score'),
    connection: data('[data-testid=connection]', 'status'),
  };
}"""

# the table shows a state newer than ``after``; with ``settled``: one where the page's player
# acts, or the deal or the match is over (against the computer nothing moves then)
READY = """([after, settled]) => {
  const t = document.querySelector('[data-testid=table]');
  if (!t || !['playing', 'over'].includes(t.dataset.status) || Number(t.dataset.version) <= after) return false;
  return !settled || t.dataset.turn === 'me' || t.dataset.stage === 'over' || t.dataset.status === 'over';
}"""


class Table:
    """One player's page, with every WebSocket frame and API answer it received."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.frames: list[str] = []
        self.answers: list[Any] = []
        page.on("websocket", self._socket)
        page.on("response", self._response)

    def _socket(self, socket: WebSocket) -> None:
        socket.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def _response(self, response: Response) -> None:
        if "/api/" in response.url and response.headers.get("content-type", "").startswith("application/json"):
            try:
                self.answers.append(response.json())
            except Exception:  # a body the browser no longer holds (the page went away)
                self.answers.append({"unreadable": response.url})

    # -- reading the page -----------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        data: dict[str, Any] | None = self.page.evaluate(SNAPSHOT)
        assert data is not None, "no table on the page"
        return data

    @property
    def version(self) -> int:
        return int(self.snapshot()["version"])

    @property
    def match_id(self) -> str:
        found = re.search(r"#/match/([^/?#]+)", self.page.url)
        assert found, self.page.url
        return found.group(1)

    def token(self) -> str:
        """The seat token the page keeps in localStorage."""
        seats = self.page.evaluate("() => JSON.parse(localStorage.getItem('sixtysix.seats') || '{}')")
        return str(seats[self.match_id]["token"])

    def wait(self, after: int = -1, *, settled: bool = True, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Wait until the table shows a state newer than ``after`` (settled: see READY)."""
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        try:
            self.page.wait_for_function(READY, arg=[after, settled], timeout=timeout)
        except PlaywrightTimeout:
            errors = self.page.locator("[data-testid=error], [data-testid=message]").all_inner_texts()
            raise AssertionError(f"no new state after version {after}: {errors} {self.snapshot()}") from None
        return self.snapshot()

    def wait_version(self, version: int, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Wait until the table shows exactly ``version`` (or a later one) drawn."""
        return self.wait(version - 1, settled=False, timeout=timeout)

    # -- acting -----------------------------------------------------------------------------

    def click(self, action: str, points: int = 0) -> None:
        if CARD.match(action):
            self.page.locator(f'[data-testid=hand-card][data-card="{action}"]').click()
            return
        button = self.page.locator(f'[data-testid=action][data-action="{action}"]')
        button.click()
        if action == "66" and points < 66:  # a claim under 66 counted needs a second click
            self.page.locator('[data-testid=action][data-action="66"].confirm').click()

    def play(self, rng: random.Random, *, settled: bool = True) -> dict[str, Any]:
        """Click one legal card or button and wait for the answer; the new snapshot."""
        before = self.snapshot()
        assert before["turn"] == "me" and before["options"], before
        action = choose(before["options"], before["myPoints"], rng)
        self.click(action, before["myPoints"])
        return self.wait(before["version"], settled=settled)

    def play_until(
        self, rng: random.Random, done: Callable[[dict[str, Any]], bool], limit: int = 100
    ) -> dict[str, Any]:
        """Play against the computer, on into the next deals, until ``done(snapshot)``."""
        state = self.wait()
        for _ in range(limit):
            if done(state):
                return state
            if state["stage"] == "over":
                self.page.locator("[data-testid=next-deal]").click()
                state = self.wait(state["version"])
            else:
                state = self.play(rng)
        raise AssertionError(f"no such moment in {limit} moves: {state}")

    def play_deal(self, rng: random.Random) -> dict[str, Any]:
        """Play against the computer until the deal ends; the last snapshot."""
        state = self.wait()
        for _ in range(80):
            if state["stage"] == "over":
                return state
            state = self.play(rng)
        raise AssertionError(f"the deal does not end: {state}")


def start_computer_match(table: Table, level: int, name: str = "Ann", target: int = 7) -> dict[str, Any]:
    """Fill in the lobby's computer form and start; the first settled table."""
    page = table.page
    form = page.locator("[data-testid=computer-form]")
    form.locator(f"[data-testid=level-{level}]").check()
    form.locator("[data-testid=name-input]").fill(name)
    form.locator("[data-testid=target-input]").fill(str(target))
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    state = table.wait()
    assert state["deal"] == 1 and state["score"] == "0-0", state
    assert len(state["hand"]) == 6 and state["talon"] == 12 and state["oppHand"] == 6, state
    return state


def choose(options: list[str], points: int, rng: random.Random) -> str:
    """What a test player clicks: a claim when it is sure, marriages and the exchange when
    offered (they show cards), else a random card; closing or a doubtful claim only when
    nothing else is possible."""
    if "66" in options and points >= 66:
        return "66"
    for action in options:
        if action[:2] in ("20", "40"):
            return action
    if "X" in options:
        return "X"
    cards = [a for a in options if CARD.match(a)]
    if cards:
        return rng.choice(cards)
    for action in ("pass", "draw", "C", "CB"):
        if action in options:
            return action
    return options[0]


# -- what the page holds --------------------------------------------------------------------


def card_name(card: str) -> str:
    return f"{RANKS[card[0]]} of {SUITS[card[1]]}"


def cards_in_page(content: str) -> set[str]:
    """Every card the HTML names: ``data-card`` values, card tokens in text and attributes,
    and English card names ("Ace of hearts", the ``title``/``aria-label`` of cards)."""
    found = {value for value in re.findall(r'data-card="([^"]*)"', content) if value}
    found |= set(CARD_TOKEN.findall(content))
    lower = content.lower()
    found |= {rank + suit for rank in RANKS for suit in SUITS if card_name(rank + suit).lower() in lower}
    return found


def page_version(content: str) -> int:
    """The ``data-version`` of the table in an HTML text."""
    tag = re.search(r"<section[^>]*data-testid=\"table\"[^>]*>", content)
    assert tag, "no table in the page"
    version = re.search(r'data-version="(\d+)"', tag.group(0))
    assert version, tag.group(0)
    return int(version.group(1))


def card_strings(value: Any) -> set[str]:
    """The cards a JSON value names (keys of ``PUBLIC_KEYS`` skipped: invitation, finished deal)."""
    return server_helpers.card_strings(value, PUBLIC_KEYS)


class HiddenCheck:
    """The cards each seat may not see, version by version, replayed from the database
    with the deck (``tests/web/test_hidden.py``), and the checks of pages and frames."""

    def __init__(self, db: Path, match_id: str) -> None:
        self.hidden = hidden_by_version(db, match_id)

    def page(self, content: str, seat: int) -> int:
        """No hidden card in a page's HTML; the number of hidden cards checked.

        Two places name cards by rule, not by where they are, and are read apart: the
        keyboard help's examples ("ah, th, 9s"), and the exchange button, which names the
        trump nine (Schnapsen: jack) that would be exchanged whoever holds it."""
        version = page_version(content)
        hidden = self.hidden[version][seat]  # empty only once both hands are played out
        content = re.sub(r'<details[^>]*id="key-help".*?</details>', "", content, count=1, flags=re.S)
        exchange = re.search(r'<button[^>]*data-action="X".*?</button>', content, flags=re.S)
        if exchange:
            trump = re.search(r'data-testid="trump-suit" data-suit="([cdhs])"', content)
            assert trump, "no trump suit on the page"
            named = cards_in_page(exchange.group(0)) & hidden
            assert named <= {"9" + trump.group(1), "J" + trump.group(1)}, f"the exchange button names {named}"
            content = content.replace(exchange.group(0), "")
        leaked = cards_in_page(content) & hidden
        assert not leaked, f"the page of seat {seat} shows hidden {sorted(leaked)} at version {version}"
        return len(hidden)

    def frames(self, frames: list[str], seat: int) -> int:
        """No hidden card in any WebSocket frame of ``seat`` (a patch: nor in the state it makes); the
        number of states checked."""
        checked = 0
        version = None
        messages = [json.loads(frame) for frame in frames]
        for state, sent in server_helpers.received_states(messages):
            assert state["seat"] == seat, state
            checked += self.state(state)
            named = card_strings(sent)  # before the first deal a patch names no card at all
            leaked = named & self.hidden[state["version"]][seat] if state["deal"] is not None else named
            assert not leaked, f"seat {seat} received hidden {sorted(leaked)} in the patch {sent}"
        for message in messages:
            if message.get("type") in ("state", "patch"):
                version = (message.get("state") or message["patch"]).get("version", version)
            elif version is not None and version in self.hidden:  # presence, pong, errors
                leaked = card_strings(message) & self.hidden[version][seat]
                assert not leaked, f"seat {seat} received hidden {sorted(leaked)} in {message}"
        return checked

    def answers(self, answers: list[Any], seat: int) -> int:
        """No hidden card in the API answers the page received (create, join, state)."""
        checked = 0
        for answer in answers:
            assert "unreadable" not in answer, answer
            for state in states_in(answer):
                assert state["seat"] == seat, state
                checked += self.state(state)
        return checked

    def state(self, state: dict[str, Any]) -> int:
        if state["deal"] is None:
            assert not card_strings(state), state
            return 1
        hidden = self.hidden[state["version"]][state["seat"]]
        leaked = card_strings(state) & hidden
        assert not leaked, f"seat {state['seat']} was sent hidden {sorted(leaked)} at version {state['version']}"
        return 1
