"""A spectator's browser (issue 29): it finds a live match in the lobby, watches a person play a
whole deal against the computer, sees every card played, and never receives a card of a hand
or of the talon before the deal is over (neither in a WebSocket frame nor on its page)."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

from sixtysix.core.cards import CARD_NAMES
from web.conftest import received_states
from web.test_watch import cards_seen_played, hidden_from_spectators, scan

from .conftest import CARD_TOKEN, ServerThread, Table, require_browser, shot, start_computer_match

require_browser()

WATCHED = """([after]) => {
  const w = document.querySelector('[data-testid=watch]');
  return Boolean(w) && Number(w.dataset.version) >= after;
}"""


def watch_page(table: Table) -> dict[str, Any]:
    """What the spectator's page shows: its version, the cards it names, the cards in the trick and the log."""
    data: dict[str, Any] = table.page.evaluate(
        """() => {
      const w = document.querySelector('[data-testid=watch]');
      const cards = (s) => [...document.querySelectorAll(s)].map((e) => e.dataset.card).filter(Boolean);
      return {version: Number(w.dataset.version), html: w.outerHTML, played: cards('[data-testid=played-card]'),
              log: document.querySelector('[data-testid=watch-log]')?.innerText || '',
              outcome: document.querySelector('[data-testid=watch-outcome]')?.innerText || null};
    }"""
    )
    return data


def test_a_spectator_watches_a_deal_and_never_receives_a_hidden_card(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=29)
    player = open_table(f"{server.base}/?animations=0#/")
    state = start_computer_match(player, level=1)
    match_id = player.match_id
    assert player.page.locator("[data-testid=watch-link]").get_attribute("href") == f"#/watch/{match_id}"

    # the spectator finds the match in the lobby's list of live matches and opens it
    spectator = open_table(f"{server.base}/?animations=0#/")
    entry = spectator.page.locator("[data-testid=live-match]").first
    entry.wait_for()
    assert "Ann" in entry.inner_text()
    entry.locator("a").click()
    spectator.page.wait_for_url(re.compile(r"#/watch/" + re.escape(match_id)))
    spectator.page.wait_for_function(WATCHED, arg=[state["version"]])

    rng = random.Random(29)
    pages: list[tuple[int, str]] = []
    played: set[str] = set()
    while state["stage"] != "over":
        state = player.play(rng)
        spectator.page.wait_for_function(WATCHED, arg=[state["version"]])
        seen = watch_page(spectator)
        pages.append((seen["version"], seen["html"]))
        played |= set(seen["played"])
    final = watch_page(spectator)
    assert final["outcome"], "the spectator sees how the deal ended"
    shot(spectator.page, "watching-a-deal")

    # every state the spectator's socket received, and every page it drew, against the cards hidden then
    oracle = hidden_from_spectators(server.db, match_id)
    messages = []
    for whole, change in received_states(json.loads(frame) for frame in spectator.frames):
        messages.append(
            {"type": "patch", "patch": change, "state": whole} if change else {"type": "state", "state": whole}
        )
    assert scan(messages, oracle) >= len(pages) > 3
    for version, html in pages:
        if version in oracle:
            shown = set(CARD_TOKEN.findall(html))
            assert not shown & oracle[version], (version, shown & oracle[version])
    # and it saw the cards as they were played: every card of every trick of the deal
    tricks = server.service.games[match_id].match.deals[0].completed_tricks()
    every = {CARD_NAMES[card] for trick in tricks for _, card in trick.cards}
    assert every and every <= cards_seen_played(messages)
    assert played, "the trick on the table was drawn"


def test_a_match_whose_creator_said_no_cannot_be_watched(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=30)
    player = open_table(f"{server.base}/?animations=0#/")
    player.page.locator("[data-testid=computer-form] [data-testid=spectators]").uncheck()
    start_computer_match(player, level=1)
    match_id = player.match_id
    assert not server.service.games[match_id].spectators
    assert player.page.locator("[data-testid=watch-link]").count() == 0
    spectator = open_table(f"{server.base}/?animations=0&watch={match_id}")
    spectator.page.locator("[data-testid=watch-missing]").wait_for()
    assert spectator.page.locator("[data-testid=watch]").count() == 0
    assert not any(CARD_TOKEN.search(frame) for frame in spectator.frames)
