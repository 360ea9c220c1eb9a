"""Leases (sixtysix.web.leases): one process at a time drives a match's computer, on SQLite and PostgreSQL;
a lease whose time passed is taken over, a stopping server gives its leases back."""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path
from typing import Any

from sixtysix.web.leases import SQLITE_HOLDER, Leases, holder_name
from sixtysix.web.limits import Limits
from sixtysix.web.middleware import ServerTime
from sixtysix.web.store import Store

from .conftest import Api, both_databases, wait_until
from .test_database import friends_match
from .test_processes import seen_by


def computer_led_once(store: Store, state: dict[str, Any]) -> bool:
    """Whether the computer (seat 1) made its first turn once: the person (seat 2) is to act after actions of
    seat 1 only (an exchange of the trump nine may come before the lead), and the database holds exactly them
    (and any ``pass`` of seat 1, which seat 2 is not shown)."""
    history = [(entry["seat"], entry["action"]) for entry in state["deal"]["history"]]
    stored = store.load(state["match_id"])
    assert stored is not None
    return bool(
        state["legal"]
        and history
        and {seat for seat, _ in history} == {1}
        and seen_by(2, stored.deals[0].actions) == history
    )


@both_databases
def test_a_lease_is_held_by_one_holder_until_its_time_passes_unless_renewed(database: str) -> None:
    first, second = Store(database), Store(database)  # two connections, as two server processes
    try:
        friends_match(first)
        assert first.take_lease("m1", "A", now=100.0, until=106.0)
        assert not second.take_lease("m1", "B", now=101.0, until=107.0)
        assert first.take_lease("m1", "A", now=102.0, until=108.0)  # its own: taken again
        assert first.renew_leases("A", now=103.0, until=109.0) == {"m1"}
        assert not second.take_lease("m1", "B", now=108.5, until=114.5)  # renewed: still A's
        assert second.take_lease("m1", "B", now=109.0, until=115.0)  # A renewed no more: taken over
        assert first.leases() == {"m1": ("B", 115.0)}
        assert first.renew_leases("A", now=110.0, until=116.0) == set()  # A learns it lost the match
        assert not first.take_lease("m1", "A", now=110.0, until=116.0)
        assert first.held_elsewhere("A", ["m1", "m9"], now=110.0) == {"m1"}
        assert first.held_elsewhere("B", ["m1"], now=110.0) == set()  # its own
        assert first.held_elsewhere("A", ["m1"], now=115.0) == set()  # its time passed
        second.release_leases("B", ["m1"])
        assert first.take_lease("m1", "A", now=111.0, until=117.0)  # given back: free at once
        first.release_leases("A")
        assert second.leases() == {}
    finally:
        first.close()
        second.close()


@both_databases
def test_expired_leases_of_others_are_removed_when_a_holder_renews(database: str) -> None:
    store = Store(database)
    try:
        for match_id in ("m1", "m2"):
            friends_match(store, match_id)
        assert store.take_lease("m1", "dead", now=100.0, until=106.0)
        assert store.take_lease("m2", "alive", now=100.0, until=106.0)
        assert store.renew_leases("alive", now=107.0, until=113.0) == {"m2"}
        assert store.leases() == {"m2": ("alive", 113.0)}
    finally:
        store.close()


@both_databases
def test_of_two_connections_racing_for_a_free_lease_exactly_one_takes_it(database: str) -> None:
    stores = [Store(database) for _ in range(2)]
    rounds = 20
    try:
        for number in range(rounds):
            friends_match(stores[0], f"m{number}")
        won: list[list[str]] = [[], []]
        start = threading.Barrier(2)

        def race(index: int) -> None:
            for number in range(rounds):
                start.wait()
                if stores[index].take_lease(f"m{number}", f"P{index}", now=100.0, until=106.0):
                    won[index].append(f"m{number}")

        threads = [threading.Thread(target=race, args=(i,)) for i in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
        assert sorted(won[0] + won[1]) == sorted(f"m{n}" for n in range(rounds))  # each once, by one of them
        held = stores[0].leases()
        assert {m for m, (holder, _) in held.items() if holder == "P0"} == set(won[0])
    finally:
        for store in stores:
            store.close()


@both_databases
def test_a_process_holds_what_it_took_without_asking_the_database_until_the_time_passes(database: str) -> None:
    store = Store(database)
    try:
        friends_match(store)
        time = ServerTime()
        leases = Leases(store, time, seconds=6.0)
        process = f"{socket.gethostname()}:{os.getpid()}:"
        assert leases.holder == SQLITE_HOLDER if store.sqlite else leases.holder.startswith(process)
        assert holder_name(store) == leases.holder if store.sqlite else holder_name(store) != leases.holder
        assert leases.take("m1") and leases.holds("m1")
        store.release_leases(leases.holder)  # behind its back: it still believes it holds the match
        assert leases.holds("m1")
        time.advance(6.0)
        assert not leases.holds("m1")
        assert leases.take("m1")  # free: taken again from the database
        other = Leases(store, ServerTime(), seconds=6.0, holder="other")
        assert not other.take("m1")
        leases.release("m1")
        assert not leases.holds("m1") and other.take("m1")
    finally:
        store.close()


def test_a_server_that_stops_gives_its_leases_back_and_the_other_moves_the_computer_at_once(
    postgres_url: str, make_server: Any
) -> None:
    """Two servers on one database; the first holds a computer match's lease but waits an hour before each
    computer move. Asked for the match, the second does not move (the first holds it); once the first stops,
    the second, asked again, takes the lease and moves the computer's lead, stored once."""
    limits = Limits(rates={}, analysis_queue=1000, lease_seconds=3600.0)
    first = make_server(postgres_url, computer_delay=3600.0, limits=limits)
    second = make_server(postgres_url, limits=limits)
    api, other = Api(first.base), Api(second.base)
    try:
        created = api.create(level=1, seat=2, name="Ann")  # the computer (seat 1) leads
        match_id, token = created["match_id"], created["token"]
        holder = first.service.leases.holder
        assert first.service.store.leases() == {match_id: (holder, first.service.leases.held[match_id])}
        assert other.state(match_id, token)["deal"]["history"] == []  # read by the second, which would move
        assert not second.service.leases.holds(match_id)
        assert second.service.store.leases()[match_id][0] == holder
        first.stop()
        assert second.service.store.leases() == {}
        wait_until(lambda: bool(other.state(match_id, token)["legal"]))  # asked: it takes over, and leads
        assert computer_led_once(second.service.store, other.state(match_id, token))
        assert second.service.store.leases()[match_id][0] == second.service.leases.holder
    finally:
        api.close()
        other.close()


def test_a_holder_stalled_past_its_lease_is_taken_over_and_learns_it_at_its_renewal(
    postgres_url: str, make_server: Any
) -> None:
    """The second server's clock runs past the first's lease, as if the first had stalled that long: asked
    for the match, the second takes it over and moves; the first, renewing, no longer holds it."""
    limits = Limits(rates={}, analysis_queue=1000, lease_seconds=3600.0)
    first = make_server(postgres_url, computer_delay=3600.0, limits=limits)
    later = ServerTime()
    later.advance(3601.0)
    second = make_server(postgres_url, limits=limits, server_time=later)
    api, other = Api(first.base), Api(second.base)
    try:
        created = api.create(level=1, seat=2, name="Ann")
        match_id, token = created["match_id"], created["token"]
        assert first.service.leases.holds(match_id)
        wait_until(lambda: bool(other.state(match_id, token)["legal"]))
        assert second.service.store.leases()[match_id][0] == second.service.leases.holder
        first.service.leases.renew()  # its loop waits an hour for the computer's move: renewed from here
        assert not first.service.leases.holds(match_id)
        assert computer_led_once(second.service.store, other.state(match_id, token))
    finally:
        api.close()
        other.close()


def test_on_sqlite_a_server_restarted_after_a_crash_takes_its_leases_back_at_once(
    make_server: Any, tmp_path: Path
) -> None:
    """SQLite serves one process: the lease a crashed server left (an hour to run) is the next one's at once."""
    db = tmp_path / "web.sqlite3"
    limits = Limits(rates={}, analysis_queue=1000, lease_seconds=3600.0)
    first = make_server(db, computer_delay=3600.0, limits=limits)
    api = Api(first.base)
    created = api.create(level=1, seat=2, name="Ann")
    match_id, token = created["match_id"], created["token"]
    api.close()
    first.stop()  # it gives its lease back; a crash would have left it, as here:
    store = Store(db)
    try:
        now = time.time()
        assert store.take_lease(match_id, SQLITE_HOLDER, now, now + 3600.0)
    finally:
        store.close()
    second = make_server(db, limits=limits)
    api = Api(second.base)
    try:
        wait_until(lambda: bool(api.state(match_id, token)["legal"]))  # the computer led, at once
        assert computer_led_once(second.service.store, api.state(match_id, token))
    finally:
        api.close()


def test_a_seat_is_present_elsewhere_while_another_holder_renews_its_row(postgres_url: str) -> None:
    """The presence statements (sixtysix.web.presence) on PostgreSQL: a row of another holder counts until its
    time passes, a renewal makes a removed row again, a closed socket or a stopping holder removes its rows."""
    first, second = Store(postgres_url), Store(postgres_url)  # two connections, as two server processes
    try:
        friends_match(first)
        first.set_presence("A", "m1", 1, until=106.0)
        second.set_presence("B", "m1", 2, until=106.0)
        assert second.present_elsewhere("B", ["m1", "m9"], now=100.0) == {"m1": {1}, "m9": set()}
        assert first.present_elsewhere("A", ["m1"], now=100.0) == {"m1": {2}}
        second.renew_presence("B", [("m1", 2)], now=107.0, until=113.0)  # A renewed nothing: its row is gone
        assert second.present_elsewhere("B", ["m1"], now=107.0) == {"m1": set()}
        first.renew_presence("A", [("m1", 1)], now=108.0, until=114.0)  # A comes back: its row is made again
        assert second.present_elsewhere("B", ["m1"], now=108.0) == {"m1": {1}}
        assert second.present_elsewhere("B", ["m1"], now=114.0) == {"m1": set()}  # its time passed
        first.set_presence("A", "m1", 1, until=None)  # its last socket closed
        assert second.present_elsewhere("B", ["m1"], now=109.0) == {"m1": set()}
        second.clear_presence("B")  # B stops
        assert first.present_elsewhere("A", ["m1"], now=109.0) == {"m1": set()}
    finally:
        first.close()
        second.close()
