"""Issue 29's whole evening online, in three real browsers: two people sign up, one seeks a rated match
on the front page and the other accepts it, they play it to its end by clicking their cards, a third
browser watches it all and never receives a hidden card, and both players then find their new ratings
on the leaderboard and on their profiles."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx

from web.conftest import received_states
from web.test_watch import hidden_from_spectators, scan

from .conftest import ServerThread, Table, require_browser
from .test_lobby import meet_by_a_seek
from .test_watching import WATCHED

require_browser()


def play_between_the_pages(tables: list[Table], rng: random.Random) -> dict[str, Any]:
    """Whichever page may act clicks a legal card or button, until the match is over; the last snapshot."""
    version = max(table.wait(settled=False)["version"] for table in tables)
    for _ in range(300):
        shown = [table.wait_version(version) for table in tables]
        if len({state["version"] for state in shown}) > 1:  # one page is ahead: wait for the other
            version = max(state["version"] for state in shown)
            continue
        if all(state["status"] == "over" for state in shown):
            return shown[0]
        movers = [
            table for table, state in zip(tables, shown, strict=True) if state["turn"] == "me" and state["options"]
        ]
        assert movers, shown
        version = movers[0].play(rng, settled=False)["version"]
    raise AssertionError("the match did not end")


def test_two_people_meet_in_the_lobby_play_a_rated_match_watched_by_a_third_and_see_their_ratings(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=12)
    # Ann seeks a rated match to one game point; Bea accepts it from her lobby
    ann, bea, match_id = meet_by_a_seek(server, open_table)

    # a third browser, with no account, watches from the first card
    spectator = open_table(f"{server.base}/?animations=0&watch={match_id}")
    spectator.page.wait_for_function(WATCHED, arg=[0])

    last = play_between_the_pages([ann, bea], random.Random(12))
    spectator.page.wait_for_function(WATCHED, arg=[last["version"]])

    # the spectator's socket never carried a card of a hand or of the talon before it was shown
    oracle = hidden_from_spectators(server.db, match_id)
    messages = [
        {"type": "patch", "patch": change, "state": whole} if change else {"type": "state", "state": whole}
        for whole, change in received_states(json.loads(frame) for frame in spectator.frames)
    ]
    assert scan(messages, oracle) > 10

    # the match was rated once: the winner above 1500, the loser below, both provisional
    board = {row["name"]: row for row in httpx.get(f"{server.base}/api/leaderboard?rules=seed66").json()}
    people = {name: row for name, row in board.items() if not row["bot"]}
    assert set(people) == {"Ann", "Bea"} and all(row["games"] == 1 for row in people.values()), board
    assert sorted(round(row["rating"]) > 1500 for row in people.values()) == [False, True], people

    # each finds it in the page: the leaderboard lists both, the profile shows the match and the chart
    for person, name in ((ann, "Ann"), (bea, "Bea")):
        person.page.goto(f"{server.base}/?animations=0#/leaderboard/seed66")
        row = person.page.locator(f"[data-testid=leaderboard-row][data-name={name}]")
        row.wait_for()
        assert str(int(people[name]["rating"] + 0.5)) in row.inner_text()  # as the page rounds it
        row.locator("a").click()
        assert person.page.locator("[data-testid=player-name]").inner_text() == name
        assert person.page.locator("[data-testid=player-match]").count() == 1
        assert person.page.locator("[data-testid=rating-chart] svg circle").count() == 1
