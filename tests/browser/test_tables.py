"""Three- and four-handed matches in a real browser, on the same table page as the
two-player game: started from the lobby against computers, some tricks played by clicking,
the seats drawn around the table (four-handed: partner opposite, the dealer holding the
trump card; three-handed: the dealer sitting out), and no card of another hand in the page
or its frames."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from web.conftest import received_states
from web.test_tables import card_strings, hidden_by_version

from .conftest import DESKTOP, PHONE, ServerThread, Table, require_browser, shot

if TYPE_CHECKING:
    from playwright.sync_api import Page

require_browser()

RANKS = {"A": "Ace", "T": "Ten", "K": "King", "Q": "Queen", "J": "Jack", "9": "Nine", "8": "Eight", "7": "Seven"}
SUITS = {"c": "clubs", "d": "diamonds", "h": "hearts", "s": "spades"}
PLACES = {1: "bottom", 2: "left", 3: "top", 4: "right"}
PLACES3 = {1: "bottom", 2: "left", 3: "right"}
CARD_TOKEN = re.compile(r"(?<![\w-])([AKQJT987][cdhs])(?![\w-])")

TABLE = r"""() => {
  const t = document.querySelector('[data-testid=table]');
  if (!t) return null;
  const all = (s) => [...document.querySelectorAll(s)];
  return {
    version: Number(t.dataset.version || -1), status: t.dataset.status, stage: t.dataset.stage,
    turn: t.dataset.turn, players: Number(t.dataset.players || 0),
    hand: all('[data-testid=hand-card]').map((e) => e.dataset.card),
    legal: all('[data-testid=hand-card][data-legal=true]').map((e) => e.dataset.card),
    trick: all('[data-testid=trick-card]').map((e) => [Number(e.dataset.seat), e.dataset.card,
      (e.className.match(/at-(\w+)/) || [])[1]]),
    seats: all('[data-testid=seat]').map((e) => [Number(e.dataset.seat), e.dataset.place, Number(e.dataset.handSize)]),
    known: all('[data-testid=seat]').map((e) => [Number(e.dataset.seat),
      [...e.querySelectorAll('[data-testid=known-card]')].map((k) => k.dataset.card)]),
    dealer: all('[data-testid=dealer-badge]').map((e) => Number(e.closest('[data-seat]').dataset.seat)),
    tricks: Number((document.querySelector('[data-testid=my-tricks]') || {dataset: {}}).dataset.tricks || 0),
  };
}"""


def my_turn(page: Page) -> dict[str, Any]:
    """Wait until the page's player is to act or the deal is over; the table as :data:`TABLE` reads it."""
    page.wait_for_function(
        "() => { const t = document.querySelector('[data-testid=table]');"
        " return t && (t.dataset.turn === 'me' || t.dataset.stage === 'over'); }"
    )
    table: dict[str, Any] = page.evaluate(TABLE)
    return table


def cards_in_page(content: str) -> set[str]:
    """Every card the HTML names: ``data-card`` values, card tokens, English card names.

    Two places name cards by rule and are read apart, as in the two-player scan
    (``HiddenCheck.page``): the keyboard help's examples ("ah, th, 9s"), and the exchange
    button, which names the trump nine (or jack) whoever holds it."""
    content = re.sub(r'<details[^>]*id="key-help".*?</details>', "", content, count=1, flags=re.S)
    exchange = re.search(r'<button[^>]*data-action="X".*?</button>', content, flags=re.S)
    trump = re.search(r'data-testid="trump-suit" data-suit="([cdhs])"', content)
    if exchange and trump:
        named = {v for v in re.findall(r'data-card="([^"]*)"', exchange.group(0)) if v}
        assert named <= {
            "9" + trump.group(1),
            "J" + trump.group(1),
            *re.findall(r'data-testid="trump-card" data-card="(\w\w)"', content),
        }, named
        content = content.replace(exchange.group(0), "")
    found = {value for value in re.findall(r'data-card="([^"]*)"', content) if value}
    found |= set(CARD_TOKEN.findall(content))
    lower = content.lower()
    found |= {r + s for r in RANKS for s in SUITS if f"{RANKS[r]} of {SUITS[s]}".lower() in lower}
    return found


def test_some_tricks_of_a_four_handed_match_by_clicking(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=21)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("four66")
    for seat in (2, 3, 4):
        form.locator(f"[data-testid=seat-choice-{seat}]").select_option("1")
    assert "partner" in form.locator("[data-testid=seats]").inner_text()
    form.locator("[data-testid=name-input]").fill("Ann")
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    page.wait_for_function("() => document.querySelector('[data-testid=table][data-players=\"4\"]')")
    state: dict[str, Any] = page.evaluate(TABLE)
    # the seats around the table: the player on the left, the partner across, the dealer on the right
    assert sorted(state["seats"]) == [[2, "left", 8], [3, "top", 8], [4, "right", 8]], state
    assert page.locator('[data-testid=seat][data-seat="3"]').inner_text().count("Partner") == 1
    assert state["dealer"] == [4] and len(state["hand"]) == 8
    trump = page.locator("[data-testid=trump]").get_attribute("data-card")
    assert dict((s, k) for s, k in state["known"])[4] == [trump]  # the dealer's trump card, shown
    assert page.locator("[data-testid=trump-held]").count() == 1
    # eight cards and three seats fit a phone screen
    page.set_viewport_size(PHONE)
    fits = page.evaluate(
        """(width) => document.documentElement.scrollWidth <= width &&
        [...document.querySelectorAll('[data-testid=hand-card], [data-testid=seat]')].every((e) => {
          const box = e.getBoundingClientRect(); return box.left >= 0 && box.right <= width; })""",
        PHONE["width"],
    )
    assert fits, "the four-handed table does not fit a 390 px wide phone screen"
    shot(page, "table-four-handed-phone", full_page=True)
    page.set_viewport_size(DESKTOP)
    rng = random.Random(3)
    oracle = hidden_by_version(server.db, table.match_id)
    checked = 0
    clicks = 0
    while clicks < 5:
        state = my_turn(page)
        if state["stage"] == "over":
            break
        oracle = hidden_by_version(server.db, table.match_id)
        content = page.content()
        version = int(re.search(r'data-version="(\d+)"', content).group(1))  # type: ignore[union-attr]
        leaked = cards_in_page(content) & oracle[version][1]
        assert not leaked, f"the page shows hidden {sorted(leaked)} at version {version}"
        checked += 1
        assert state["legal"] and set(state["legal"]) <= set(state["hand"]), state
        card = rng.choice(state["legal"])
        before = state["version"]
        page.locator(f'[data-testid=hand-card][data-card="{card}"]').click()
        page.wait_for_function(
            "(v) => Number(document.querySelector('[data-testid=table]').dataset.version) > v", arg=before
        )
        clicks += 1
        after = page.evaluate(TABLE)
        assert card not in after["hand"]
        history = server.service.games[table.match_id].match.current.history
        assert (1, card) in [(s, str(a)) for s, a in history]
        # each card of the trick on the table lies in front of the seat that played it
        assert after["trick"] and all(PLACES[seat] == place for seat, _, place in after["trick"]), after
        if clicks == 2:
            shot(page, "table-four-handed")
    assert clicks == 5 and checked == 5
    server_state = server.service.games[table.match_id].state(1)
    assert server_state["you"]["tricks"] == page.evaluate(TABLE)["tricks"] or server_state["version"] > state["version"]
    assert len(server_state["deal"]["history"]) >= 4 * 4
    # nothing hidden in any frame the page received
    oracle = hidden_by_version(server.db, table.match_id)
    frames = 0
    public = frozenset({"previous_deal", "invite", "invites"})
    for found, sent in received_states(json.loads(frame) for frame in table.frames):  # a patch: and what it made
        assert found["seat"] == 1
        if found["deal"] is not None:
            assert not card_strings(found, public) & oracle[found["version"]][1]
            assert not card_strings(sent, public) & oracle[found["version"]][1]
            frames += 1
    assert frames >= 5


def test_a_three_handed_deal_on_the_same_table_page(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """The one table page draws three seats: the others left and right, the talon, each trick
    card before its seat, the server's trick points in the log, and no hidden card."""
    server = make_server(seed=33)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    form = page.locator("[data-testid=computer-form]")
    form.locator("[data-testid=rules-select]").select_option("three66")
    assert "partner" not in form.locator("[data-testid=seats]").inner_text().lower()
    for seat in (2, 3):
        form.locator(f"[data-testid=seat-choice-{seat}]").select_option("1")
    form.locator("[data-testid=new-computer-match]").click()
    page.wait_for_url(re.compile(r"#/match/"))
    page.wait_for_function("() => document.querySelector('[data-testid=table][data-players=\"3\"]')")
    state: dict[str, Any] = page.evaluate(TABLE)
    assert sorted(state["seats"]) == [[2, "left", 6], [3, "right", 0]], state  # seat 3 deals and sits out
    assert page.locator('[data-testid=seat][data-seat="3"] [data-testid=sits-out]').count() == 1
    assert page.locator("[data-testid=talon]").get_attribute("data-count") == "12"
    rng = random.Random(4)
    played = 0
    while played < 6:
        state = my_turn(page)
        if state["stage"] == "over":
            break
        oracle = hidden_by_version(server.db, table.match_id)
        leaked = cards_in_page(page.content()) & oracle[state["version"]][1]
        assert not leaked, f"the page shows hidden {sorted(leaked)}"
        before = state["version"]
        if state["legal"]:
            page.locator(f'[data-testid=hand-card][data-card="{rng.choice(state["legal"])}"]').click()
        else:  # a decision that is not a card (draw, keep): the first legal button
            page.locator("[data-testid=action][data-legal=true]").first.click()
        page.wait_for_function(
            "(v) => Number(document.querySelector('[data-testid=table]').dataset.version) > v", arg=before
        )
        played += 1
        after = page.evaluate(TABLE)
        assert all(PLACES3[seat] == place for seat, _, place in after["trick"]), after
    server_state = server.service.games[table.match_id].state(1)
    tricks = server_state["deal"]["tricks"]
    assert tricks, "no trick was completed"
    log = page.locator("[data-testid=log]").inner_text()
    for trick in tricks[-2:]:  # the log names the server's points of each trick
        assert f"({trick['points']})" in log, (trick, log)
    shot(page, "table-three-handed")
