"""Kill the server in the middle of a deal (SIGKILL, as in a crash) and start a new one on the
same database file and port: the open page reconnects by itself and play continues exactly
where it was."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path

import httpx

from .conftest import ServerProcess, Table, require_browser, shot, start_computer_match

require_browser()


def test_restart_the_server_in_the_middle_of_a_deal(tmp_path: Path, open_table: Callable[..., Table]) -> None:
    db = tmp_path / "restart.sqlite3"
    first = ServerProcess(db)
    second = None
    try:
        table = open_table(f"{first.base}/?animations=0#/")
        page = table.page
        start_computer_match(table, level=2, name="Kim")
        rng = random.Random(6)
        moves = iter(range(1000))
        before = table.play_until(rng, lambda s: next(moves) >= 3 and s["stage"] != "over")
        assert before["stage"] != "over" and before["connection"] == "open", before
        first.kill()
        page.locator("[data-testid=connection][data-status=reconnecting]").wait_for()
        shot(page, "restart-reconnecting")
        # the page still shows the deal while the server is away, and nothing can be played twice
        assert {**table.snapshot(), "connection": "open"} == before

        second = ServerProcess(db, port=first.port)
        page.locator("[data-testid=connection][data-status=open]").wait_for(timeout=45_000)
        after = table.wait_version(before["version"])
        assert after == before, (before, after)
        state = httpx.get(
            f"{second.base}/api/matches/{table.match_id}",
            headers={"Authorization": f"Bearer {table.token()}"},
            timeout=10,
        ).json()
        assert state["version"] == before["version"] and sorted(state["deal"]["hand"]) == sorted(before["hand"])
        shot(page, "restart-after")
        # play on to the end of the deal against the new server
        state_after = table.play_deal(rng)
        page.locator("[data-testid=deal-result]").wait_for()
        record = httpx.get(
            f"{second.base}/api/matches/{table.match_id}/record", params={"token": table.token()}, timeout=10
        ).text
        assert len(re.findall(r"deal dealer=", record)) == state_after["deal"], record  # the finished deals
        assert state_after["version"] > before["version"]
    finally:
        first.stop()
        if second is not None:
            second.stop()
