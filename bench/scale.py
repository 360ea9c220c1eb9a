"""Several server processes on one PostgreSQL: matches at a person's pace, one process killed, CPU per action.

Run from the repository root (``make bench`` runs ``--quick``)::

    python -m bench.scale                     # 200 matches on 2 processes, then with a kill, then the cost (~12 min)
    python -m bench.scale --quick             # the same, shorter thinking and one round of the cost (~5 min)
    python -m bench.scale --only scale,kill   # the matches only; --only cost: the CPU per action only
    python -m bench.scale --only notify       # PostgreSQL's commits a second with and without NOTIFY (pgbench)
    python -m bench.scale --database postgresql://me@localhost/postgres --json out/bench-scale.json

PostgreSQL: a throwaway cluster of its own (``initdb`` in a temporary folder, a Unix socket,
``fsync=off``; the way ``tests/web/postgres.py`` makes the tests' one, Debian's ``postgresql``
package), or the server of ``--database`` (a maintenance database URL: each run makes a
database of its own there and drops it). Every ``sixtysix serve`` process is a child of this
one (``--no-rate-limits``, on 127.0.0.1); the clients run in this process, on one asyncio event
loop, over the real HTTP and WebSocket API (as ``bench.web``'s do). Nothing is pinned: two
server processes and the database share the machine's cores with the clients.

Scenarios
---------
``scale``
    ``--matches`` matches between friends to ``--target`` game points (default 200 matches to
    1 point: one or two deals each), on ``--processes`` server processes (default 2) sharing
    one database. Match *i* is created on process *i* mod 2 and joined through the other; its
    seat 1's WebSocket goes to the process that created it, seat 2's to the other: every
    action crosses processes (stored by one, pushed by ``NOTIFY`` to the other). A client is a
    level-1 player (a random legal action; ``66``, the claim, only with 66 points) at a
    **person's pace**: before each action its match waits a thinking time, uniformly random
    between 0.5 and 1.5 times ``--think`` (default 2 s: 1 to 3 s; ``--quick``: 1 s, 0.5 to
    1.5 s), the match's actions of both seats one after the other (``bench.web``'s pacer).
``kill``
    The same, and ``--kill-after`` thinking times after the first action (default 15: 30 s,
    about the middle of a deal), the last server process is killed with ``SIGKILL``. Its
    clients see their socket close and connect again to the next process (the next in the list
    that accepts; a client tries every 50 ms), as a page behind a proxy does. An action sent to
    the killed process and never answered is *in doubt*: the client learns from the state it
    gets again whether it was stored (its seat's count of actions in the deal's history grew)
    and counts it as stored, or decides again.
``cost``
    Server CPU per action in three set-ups, the same matches as ``scale``: ``sqlite`` (one
    process on an SQLite file), ``pg1`` (one process on PostgreSQL), ``pg2`` (two processes on
    PostgreSQL), run in turn ``--rounds`` times (``sqlite``, ``pg1``, ``pg2``, ``sqlite``, …) so
    that a change of the machine's load falls on all; each round's ratios (``pg2/pg1``,
    ``pg1/sqlite``) are of runs made one after the other, and the medians over the rounds are
    given. ``--setups`` chooses them; ``pg2s`` is ``pg2`` with both seats of each match on one
    process (*sticky*, as a proxy routing by the match's id would place them; ``pg2`` puts
    every match across the two, the worst case).
``notify``
    The ceiling of the publish/subscribe service: ``pgbench`` (PostgreSQL's own load client, 8
    connections, ``--notify-seconds`` each) commits transactions of a one-row ``UPDATE`` (of
    1,000 rows) and a ``SELECT``, the ``SELECT`` a ``pg_notify`` or not (every change of a match
    sends one in its transaction; the same statements and round trips either way), with
    the cluster's ``fsync`` off and then on (``ALTER SYSTEM``: a real flush of the WAL to this
    machine's disk). PostgreSQL serializes the commits of notifying transactions (a lock held
    from before the commit until after it, so that notifications queue in commit order): with
    ``fsync`` on, each waits for the one before it to reach the disk.

Figures
-------
actions, actions/s
    Actions answered as stored (``next`` included), and per second of the play's wall time.
latency p50/p95/p99/max
    From sending an action to receiving its answer (milliseconds, nearest rank); an action in
    doubt has none.
stored once
    For every seat, the actions the database holds for it (every deal, in order) are exactly
    those its client had answered as stored (in doubt and found stored included), and the deals
    after the first are the ``next`` answered: ``lost`` counts the differences (0 is the target).
states equal
    At the end, every client's state (the one it built from the pushed patches) against the
    database's (its version, status and the current deal's history, all but the other seat's
    ``pass`` decisions, which a seat is not shown) and against the state a live process answers
    over HTTP for the seat (all of it but the move clock and who is connected):
    ``state_mismatches`` counts those that differ (0 is the target).
back within
    ``kill``: the seconds from the kill to the last of its clients having its state again from
    another process (the target is under 5 s); the count of clients that reconnected.
server CPU per action
    User and system CPU of the ``sixtysix serve`` processes (``/proc/PID/stat``) from the end
    of the matches' creation to the end of the play, over the actions answered (ms); the
    database's own (PostgreSQL's server processes: the postmaster, its children and the
    children that ended, ``cutime``) is given apart as ``db_cpu_ms_per_action`` (only for a
    cluster of its own: ``None`` with ``--database``); the clients' (this process's) as
    ``clients_cpu_ms_per_action``, and ``clients_cores``, their CPU over the play's seconds
    (near the share of a core the machine gives this process, the clients are what waits).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
from sqlalchemy import make_url
from tests.web.postgres import Cluster, binaries  # the tests' throwaway cluster, made the same way
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake

from bench.web import Pacer, _cpu_times, _start_server, _updated, percentile
from sixtysix.web.store import Store

VOLATILE = ("clock", "seats", "opponent")
"""State keys that differ between two readers without a change of the match: the move clock's ``now``,
who is connected (``seats``, ``opponent``; the opponent's other fields are compared apart)."""


@dataclass
class Seat:
    """One client: its match, seat token, the process it connects to first, what it had stored."""

    match_id: str
    token: str
    home: int
    number: int = 0
    """Its seat number (from the first state)."""
    stored: list[tuple[int, str]] = field(default_factory=list)
    """(deal number, action) of every action answered as stored, ``next`` not included."""
    nexts: int = 0
    state: dict[str, Any] = field(default_factory=dict)
    reconnected: float | None = None
    """When it had its state again after losing its socket (``time.perf_counter``)."""
    process: int = 0
    """The process its socket is connected to now."""


@dataclass
class Run:
    """What the clients of one run saw."""

    bases: list[str]
    alive: list[bool]
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    refused: int = 0
    in_doubt: int = 0
    in_doubt_stored: int = 0
    answered: int = 0
    first: float = 0.0
    last: float = 0.0
    killed: float | None = None


async def connect_seat(run: Run, seat: Seat, timeout: float) -> tuple[Any, dict[str, Any]]:
    """A socket for the seat, on its process or (that one dead) the next live one, and its first state."""
    order = [(seat.process + k) % len(run.bases) for k in range(len(run.bases))]
    deadline = time.perf_counter() + timeout
    while True:
        for index in order:
            if not run.alive[index]:
                continue
            url = run.bases[index].replace("http://", "ws://") + f"/ws/matches/{seat.match_id}"
            try:
                ws = await connect(url, max_size=2**20, open_timeout=10, ping_interval=None)
                await ws.send(json.dumps({"type": "auth", "token": seat.token, "patches": True}))
                while True:
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                    if message["type"] == "state":
                        seat.process = index
                        return ws, message["state"]
            except (OSError, ConnectionClosed, InvalidHandshake, TimeoutError):
                continue
        if time.perf_counter() > deadline:
            raise TimeoutError(f"no process took the socket of match {seat.match_id} for {timeout} s")
        await asyncio.sleep(0.05)


def own_count(state: dict[str, Any], seat: int) -> tuple[int, int]:
    """(the deal's number, how many of the deal's actions are the seat's) as a state shows them."""
    deal = state["deal"] or {}
    return int(deal.get("number", 0)), sum(1 for entry in deal.get("history", ()) if entry["seat"] == seat)


async def play_seat(run: Run, seat: Seat, seed: int, pacer: Pacer, timeout: float) -> None:
    """A level-1 client at the pace of its match; connects again (elsewhere) if its socket is lost."""
    rng = random.Random(seed)
    seat.process = seat.home
    ws, state = await connect_seat(run, seat, timeout)
    seat.number = int(state["seat"])
    counter = 0
    pending: tuple[str, tuple[int, int]] | None = None
    """An action sent and not answered when the socket was lost: (action, own_count before it)."""
    while True:
        try:
            if pending is not None:  # in doubt: stored if the seat's count of the deal's actions grew
                action, (deal, before) = pending
                pending = None
                run.in_doubt += 1
                now_deal, now = own_count(state, seat.number)
                if action == "next" and now_deal > deal:
                    seat.nexts += 1
                    run.in_doubt_stored += 1
                elif action != "next" and now_deal == deal and now > before:
                    seat.stored.append((deal, action))
                    run.in_doubt_stored += 1
            while True:
                if not state["legal"] or (state["legal"] == ["next"] and seat.number != 1):
                    if state["status"] == "over":
                        seat.state = state
                        await ws.close()
                        return
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                    state = _updated(state, message)
                    continue
                action = choose(state, rng)
                await pacer.wait()
                counter += 1
                ident = str(counter)
                before = own_count(state, seat.number)
                pending = (action, before)
                sent = time.perf_counter()
                run.first = run.first or sent
                await ws.send(
                    json.dumps({"type": "action", "action": action, "version": state["version"], "id": ident})
                )
                while True:
                    answer = json.loads(await asyncio.wait_for(ws.recv(), timeout))
                    state = _updated(state, answer)
                    if answer.get("reply_to") == ident:
                        break
                pending = None
                run.last = time.perf_counter()
                if answer["type"] == "error":
                    if answer["error"]["code"] == "stale_version":  # the other seat acted first: look again
                        run.refused += 1
                    else:
                        run.errors.append(f"{action}: {answer['error']['code']}: {answer['error']['message']}")
                    continue
                run.latencies.append(run.last - sent)
                run.answered += 1
                if action == "next":
                    seat.nexts += 1
                else:
                    seat.stored.append((before[0], action))
        except (ConnectionClosed, OSError):
            with contextlib.suppress(Exception):
                await ws.close()
            ws, state = await connect_seat(run, seat, timeout)
            seat.reconnected = time.perf_counter()


def choose(state: dict[str, Any], rng: random.Random) -> str:
    """A level-1 person's action: a random legal one, but ``66`` (the claim that the deal is won) only when
    the seat has 66 points, and then at once (random claims would end most deals after a few actions)."""
    legal = list(state["legal"])
    if "66" in legal and state["you"]["points"] >= 66:
        return "66"
    chosen: str = rng.choice([a for a in legal if a != "66"] or legal)
    return chosen


async def killer(run: Run, processes: list[subprocess.Popen[bytes]], seconds: float, clients: list[Any]) -> None:
    """``SIGKILL`` the last process ``seconds`` after the first action (unless every client is done)."""
    while not run.first or time.perf_counter() < run.first + seconds:
        if all(client.done() for client in clients):
            return
        await asyncio.sleep(0.02)
    run.alive[-1] = False
    processes[-1].send_signal(signal.SIGKILL)
    run.killed = time.perf_counter()
    processes[-1].wait()


async def play(
    args: argparse.Namespace,
    bases: list[str],
    processes: list[subprocess.Popen[bytes]],
    kill: bool,
    db_pid: int | None,
    sticky: bool = False,
) -> tuple[Run, list[Seat], dict[str, float | None]]:
    """Create the matches (spread over the processes), then play them all; the CPU of the play. ``sticky``: both
    seats of a match on one process (as a proxy routing by the match's id would), not one on each."""
    run = Run(bases, [True] * len(bases))
    rng = random.Random(args.seed)
    clients = [httpx.AsyncClient(base_url=b, timeout=60, limits=httpx.Limits(max_connections=20)) for b in bases]
    try:

        async def post(client: httpx.AsyncClient, path: str, body: dict[str, Any]) -> httpx.Response:
            """POST, tried again on a connection lost (a kept-alive one the server closed as it was reused)."""
            for attempt in range(3):
                try:
                    response = await client.post(path, json=body)
                    return response.raise_for_status()
                except httpx.TransportError:
                    if attempt == 2:
                        raise
            raise AssertionError("unreachable")

        async def create(i: int) -> list[Seat]:
            host = i % len(bases)
            guest = host if sticky else (i + 1) % len(bases)
            body = {"target": args.target, "rules": "seed66", "name": f"host {i}", "opponent": "friend"}
            data = (await post(clients[host], "/api/matches", body)).json()
            joined = await post(clients[guest], "/api/join", {"code": data["invite"]["code"], "name": f"guest {i}"})
            return [Seat(data["match_id"], data["token"], host), Seat(data["match_id"], joined.json()["token"], guest)]

        seats = [s for pair in await asyncio.gather(*(create(i) for i in range(args.matches))) for s in pair]
    finally:
        for client in clients:
            await client.aclose()
    pacers = {s.match_id: Pacer(1 / args.think, random.Random(rng.getrandbits(32))) for s in seats}
    pids = [p.pid for p in processes]
    before = {pid: _cpu_times(pid) for pid in pids}
    db_before = db_cpu(db_pid)
    own_before = time.process_time()
    tasks = [
        asyncio.ensure_future(play_seat(run, s, rng.getrandbits(32), pacers[s.match_id], args.timeout)) for s in seats
    ]
    killing = [killer(run, processes, args.kill_after * args.think, tasks)] if kill else []
    results = await asyncio.gather(*tasks, *killing, return_exceptions=True)
    cpu = 0.0
    for pid in pids:
        after = _cpu_times(pid) if run.alive[pids.index(pid)] else None
        start = before[pid]
        if after is None or start is None:  # killed: its CPU until the kill is not counted
            continue
        cpu += sum(after) - sum(start)
    db_after = db_cpu(db_pid)
    own = time.process_time() - own_before
    for result in results:
        if isinstance(result, BaseException):
            run.errors.append(f"client failed: {result!r}")
    db = db_after - db_before if db_after is not None and db_before is not None else None
    return run, seats, {"server": cpu, "db": db, "clients": own}


def db_cpu(pid: int | None) -> float | None:
    """CPU seconds of PostgreSQL's server: the postmaster, its live children, and its ended children."""
    if pid is None:
        return None
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return None
    ticks = os.sysconf("SC_CLK_TCK")
    total = sum(int(fields[k]) for k in (11, 12, 13, 14)) / ticks  # utime, stime, cutime, cstime
    for child in children:
        times = _cpu_times(int(child))
        total += sum(times) if times is not None else 0.0
    return total


def check(database: str, bases: list[str], alive: list[bool], seats: list[Seat]) -> tuple[int, int, list[str]]:
    """(actions lost or doubled, states unlike the database's or a live process's, what differed)."""
    store = Store(database, migrate=False)
    lost = mismatches = 0
    notes: list[str] = []
    live = [b for b, a in zip(bases, alive, strict=True) if a]
    try:
        with httpx.Client(timeout=60) as http:
            for seat in seats:
                match = store.load(seat.match_id)
                assert match is not None
                held = [(deal.number, token) for deal in match.deals for s, token in deal.actions if s == seat.number]
                if held != seat.stored:
                    lost += max(len(held), len(seat.stored)) - sum(
                        1 for a, b in zip(held, seat.stored, strict=False) if a == b
                    )
                    notes.append(f"{seat.match_id} seat {seat.number}: stored {len(held)}, answered {len(seat.stored)}")
                if seat.number == 1:
                    lost += abs(len(match.deals) - 1 - seat.nexts)
                state = seat.state
                history = [(e["seat"], e["action"]) for e in state["deal"]["history"]] if state.get("deal") else []
                shown = [(s, t) for s, t in match.deals[-1].actions if t != "pass" or s == seat.number]
                same = (
                    state.get("version") == match.row.version
                    and state.get("status") == match.row.status
                    and history == shown
                )
                answer = http.get(
                    f"{live[0]}/api/matches/{seat.match_id}", headers={"Authorization": f"Bearer {seat.token}"}
                )
                answer.raise_for_status()
                if not same or comparable(answer.json()) != comparable(state):
                    mismatches += 1
                    notes.append(f"{seat.match_id} seat {seat.number}: its state differs from the database's")
    finally:
        store.close()
    return lost, mismatches, notes


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what two readers may see differently (:data:`VOLATILE`), the opponent's counts kept."""
    out = {k: v for k, v in state.items() if k not in VOLATILE}
    opponent = state.get("opponent")
    if opponent:
        out["opponent"] = {k: v for k, v in opponent.items() if k != "connected"}
    return out


def run_once(args: argparse.Namespace, cluster: Cluster | None, setup: str, kill: bool = False) -> dict[str, Any]:
    """One run: ``setup`` is ``sqlite``, ``pg1``, ``pg2`` or ``pg2s``; ``kill``: the last process killed midway."""
    count = 1 if setup in ("sqlite", "pg1") else args.processes
    with tempfile.TemporaryDirectory(prefix="sixtysix-bench-scale-") as folder:
        if setup == "sqlite":
            database = str(Path(folder) / "bench.sqlite3")
        else:
            assert cluster is not None
            database = cluster.create_database()
        Store(database).close()  # the schema made once, before the processes start
        profiles = [Path(args.profile) / f"{setup}-{n}.prof" if args.profile else None for n in range(count)]
        started = [_start_server(database, profile=profile) for profile in profiles]
        processes, bases = [p for p, _ in started], [b for _, b in started]
        try:
            db_pid = postmaster(cluster) if setup != "sqlite" else None
            wall = time.perf_counter()
            run, seats, cpu = asyncio.run(play(args, bases, processes, kill, db_pid, sticky=setup == "pg2s"))
            wall = time.perf_counter() - wall
            lost, mismatches, notes = check(database, bases, run.alive, seats)
        finally:
            for process in processes:
                if process.poll() is None:  # SIGINT under cProfile: uvicorn raises SIGTERM again once stopped
                    process.send_signal(signal.SIGINT if args.profile else signal.SIGTERM)
            for process in processes:
                with contextlib.suppress(subprocess.TimeoutExpired):
                    process.wait(15)
                if process.poll() is None:
                    process.kill()
            if cluster is not None and setup != "sqlite":
                cluster.drop_database(database)
    return figures(args, setup, kill, run, seats, cpu, lost, mismatches, notes, wall)


def postmaster(cluster: Cluster | None) -> int | None:
    """The process id of a cluster of our own's postmaster (``None`` for a server of ``--database``)."""
    if cluster is None or cluster.folder is None:
        return None
    return int((cluster.folder / "data" / "postmaster.pid").read_text().split()[0])


def figures(
    args: argparse.Namespace,
    setup: str,
    kill: bool,
    run: Run,
    seats: list[Seat],
    cpu: dict[str, float | None],
    lost: int,
    mismatches: int,
    notes: list[str],
    wall: float,
) -> dict[str, Any]:
    """The figures of one run (the module's docstring says what each means)."""
    answered = len(run.latencies) + run.in_doubt_stored
    span = (run.last - run.first) or wall
    back = [s.reconnected for s in seats if s.reconnected is not None]

    def ms(share: float) -> float:
        return round(percentile(run.latencies, share) * 1000, 2)

    def per_action(seconds: float | None) -> float | None:
        return round(seconds * 1000 / answered, 3) if seconds is not None and answered else None

    return {
        "setup": setup,
        "kill": kill,
        "processes": 1 if setup in ("sqlite", "pg1") else args.processes,
        "matches": args.matches,
        "target": args.target,
        "think_seconds": [round(args.think * 0.5, 3), round(args.think * 1.5, 3)],
        "finished": sum(1 for s in seats if s.state.get("status") == "over") // 2,
        "actions": answered,
        "seconds": round(span, 1),
        "actions_per_second": round(answered / span, 1) if span else None,
        "latency_ms": {"p50": ms(0.5), "p95": ms(0.95), "p99": ms(0.99), "max": ms(1.0)},
        "refused_stale": run.refused,
        "in_doubt": run.in_doubt,
        "in_doubt_stored": run.in_doubt_stored,
        "lost": lost,
        "state_mismatches": mismatches,
        "reconnected": len(back),
        "back_within_seconds": round(max(back) - run.killed, 2) if back and run.killed is not None else None,
        "server_cpu_ms_per_action": per_action(cpu["server"]),
        "db_cpu_ms_per_action": per_action(cpu["db"]),
        "clients_cpu_ms_per_action": per_action(cpu["clients"]),
        "clients_cores": round(cpu["clients"] / span, 2) if cpu["clients"] is not None and span else None,
        "errors": len(run.errors),
        "error_samples": run.errors[:5],
        "notes": notes[:5],
        "load": round(os.getloadavg()[0], 2),
    }


def line(result: dict[str, Any]) -> str:
    """One run in one line, for the terminal."""
    lat = result["latency_ms"]
    kill = (
        f"; killed one: {result['reconnected']} clients back within {result['back_within_seconds']} s, "
        f"{result['in_doubt']} in doubt ({result['in_doubt_stored']} stored)"
        if result["kill"]
        else ""
    )
    return (
        f"{result['setup']}{' kill' if result['kill'] else ''}: {result['matches']} matches "
        f"({result['finished']} over), {result['actions']} actions in {result['seconds']} s "
        f"({result['actions_per_second']}/s); latency p50 {lat['p50']} p95 {lat['p95']} p99 {lat['p99']} "
        f"max {lat['max']} ms; lost {result['lost']}, states unlike {result['state_mismatches']}, "
        f"errors {result['errors']}; server CPU {result['server_cpu_ms_per_action']} ms/action, "
        f"database {result['db_cpu_ms_per_action']} ms/action, clients {result['clients_cpu_ms_per_action']} "
        f"ms/action ({result['clients_cores']} of a core){kill}; load {result['load']}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.scale", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (default 200)")
    parser.add_argument("--target", type=int, default=1, help="game points per match (default 1)")
    parser.add_argument("--processes", type=int, default=2, help="server processes on PostgreSQL (default 2)")
    parser.add_argument(
        "--think", type=float, default=2.0, help="mean thinking seconds per action, 0.5-1.5 times it (default 2)"
    )
    parser.add_argument(
        "--kill-after",
        type=float,
        default=15.0,
        help="kill: after this many thinking times from the first action (default 15: about mid-deal)",
    )
    parser.add_argument("--rounds", type=int, default=3, help="cost: rounds of sqlite, pg1, pg2 (default 3)")
    parser.add_argument(
        "--setups", default="sqlite,pg1,pg2", help="cost: the set-ups, in turn (default sqlite,pg1,pg2; also pg2s)"
    )
    parser.add_argument("--only", default="scale,kill,cost,notify", help="scenarios, comma-separated (default all)")
    parser.add_argument("--notify-seconds", type=float, default=8.0, help="notify: seconds per pgbench run (default 8)")
    parser.add_argument(
        "--profile", metavar="DIR", help="run the servers under cProfile, their profiles in DIR (SETUP-N.prof)"
    )
    parser.add_argument("--quick", action="store_true", help="the make bench setting: --think 1 --rounds 1")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices (default 1)")
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for any answer (default 60)")
    parser.add_argument("--database", help="a PostgreSQL maintenance URL to use instead of a cluster of its own")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON (- : on stdout)")
    args = parser.parse_args(argv)
    if args.quick:
        args.think, args.rounds = 1.0, 1
    only = set(args.only.split(","))
    if only - {"scale", "kill", "cost", "notify"} or args.think <= 0 or args.processes < 2:
        parser.error("--only takes scale, kill, cost, notify; --think must be positive; --processes at least 2")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the cluster stopped in ``finally`` below
    bin_dir = binaries()
    if args.database:
        cluster = Cluster(args.database)
    elif bin_dir is not None:
        cluster = Cluster.start(bin_dir)
    else:
        parser.error("PostgreSQL is not installed (Debian's postgresql package), nor is --database given")
    results: list[dict[str, Any]] = []

    def report(result: dict[str, Any]) -> None:
        results.append(result)
        print(line(result), file=sys.stderr, flush=True)

    try:
        if "scale" in only:
            report(run_once(args, cluster, "pg2"))
        if "kill" in only:
            report(run_once(args, cluster, "pg2", kill=True))
        cost: list[dict[str, Any]] = []
        if "cost" in only:
            for _ in range(args.rounds):
                for setup in args.setups.split(","):
                    report(run_once(args, cluster, setup))
                    cost.append(results[-1])
        notify = None
        if "notify" in only and cluster.bin_dir is not None:
            notify = notify_ceiling(cluster, args.notify_seconds, 8)
            print(f"notify: {json.dumps(notify)}", file=sys.stderr, flush=True)
    finally:
        cluster.stop()
    summary = {"runs": results, "cost": cost_summary(cost) if cost else None, "notify": notify}
    if summary["cost"]:
        print(f"cost: {json.dumps(summary['cost'])}", file=sys.stderr)
    if args.json:
        text = json.dumps(summary, indent=2) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(text, encoding="utf-8")
    bad = [r for r in results if r["lost"] or r["state_mismatches"] or r["errors"]]
    return 1 if bad else 0


NOTIFY_SCRIPTS = {
    "update": "\\set id random(1, 1000)\nBEGIN;\nUPDATE counters SET n = n + 1 WHERE id = :id;\n"
    "SELECT :id::text;\nCOMMIT;\n",
    "update_notify": "\\set id random(1, 1000)\nBEGIN;\nUPDATE counters SET n = n + 1 WHERE id = :id;\n"
    "SELECT pg_notify('bench', :id::text);\nCOMMIT;\n",
}


def notify_ceiling(cluster: Cluster, seconds: float, clients: int) -> dict[str, Any]:
    """Commits a second of a one-row update with and without a ``NOTIFY`` in its transaction (``pgbench``,
    ``clients`` connections), with the cluster's ``fsync`` off (as the other runs) and on (a real disk's flush)."""
    assert cluster.bin_dir is not None
    database = cluster.create_database()
    url = make_url(database)
    host = str(url.query["host"])
    figures: dict[str, Any] = {"clients": clients, "seconds": seconds}
    try:
        with psycopg.connect(database, autocommit=True) as connection:
            connection.execute("CREATE TABLE counters (id integer PRIMARY KEY, n integer NOT NULL)")
            connection.execute("INSERT INTO counters SELECT i, 0 FROM generate_series(1, 1000) AS i")
        with tempfile.TemporaryDirectory(prefix="sixtysix-bench-notify-") as folder:
            for fsync in ("off", "on"):
                with psycopg.connect(cluster.url, autocommit=True) as connection:
                    connection.execute(f"ALTER SYSTEM SET fsync = {fsync}")
                    connection.execute("SELECT pg_reload_conf()")
                for name, text in NOTIFY_SCRIPTS.items():
                    script = Path(folder) / f"{name}.sql"
                    script.write_text(text, encoding="utf-8")
                    command = [str(cluster.bin_dir / "pgbench"), "-n", "-h", host, "-U", "postgres", "-c", str(clients)]
                    command += ["-j", "2", "-T", str(int(seconds)), "-f", str(script), str(url.database)]
                    output = subprocess.run(command, check=True, capture_output=True, text=True).stdout
                    found = re.search(r"tps = ([0-9.]+)", output)
                    figures[f"{name}_fsync_{fsync}_tps"] = round(float(found.group(1))) if found else None
    finally:
        with psycopg.connect(cluster.url, autocommit=True) as connection:
            connection.execute("ALTER SYSTEM RESET fsync")
            connection.execute("SELECT pg_reload_conf()")
        cluster.drop_database(database)
    return figures


def cost_summary(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Medians of the CPU per action by set-up, and of each round's ratios to ``pg1`` (runs one after the other)."""
    by: dict[str, list[dict[str, Any]]] = {}
    for run in runs:
        by.setdefault(run["setup"], []).append(run)

    def cpu(run: dict[str, Any], with_db: bool = False) -> float:
        return float(run["server_cpu_ms_per_action"]) + (float(run["db_cpu_ms_per_action"] or 0) if with_db else 0)

    summary: dict[str, Any] = {
        "server_ms_per_action": {k: statistics.median(cpu(r) for r in v) for k, v in by.items()},
        "db_ms_per_action": {
            k: statistics.median(float(r["db_cpu_ms_per_action"]) for r in v)
            for k, v in by.items()
            if k != "sqlite" and all(r["db_cpu_ms_per_action"] is not None for r in v)
        },
    }
    if "pg1" not in by:
        return summary
    for setup, mine in by.items():
        if setup == "pg1":
            continue
        pairs = list(zip(mine, by["pg1"], strict=False))
        if setup == "sqlite":  # PostgreSQL over SQLite: pg1 / sqlite, the server's CPU, and with the database's
            summary["pg1_over_sqlite"] = round(statistics.median(cpu(b) / cpu(a) for a, b in pairs), 3)
            summary["pg1_with_db_over_sqlite"] = round(statistics.median(cpu(b, True) / cpu(a) for a, b in pairs), 3)
            summary["pg1_over_sqlite_by_round"] = [round(cpu(b) / cpu(a), 3) for a, b in pairs]
        else:
            summary[f"{setup}_over_pg1"] = round(statistics.median(cpu(a) / cpu(b) for a, b in pairs), 3)
            summary[f"{setup}_over_pg1_with_db"] = round(
                statistics.median(cpu(a, True) / cpu(b, True) for a, b in pairs), 3
            )
            summary[f"{setup}_over_pg1_by_round"] = [round(cpu(a) / cpu(b), 3) for a, b in pairs]
    return summary


if __name__ == "__main__":
    sys.exit(main())
