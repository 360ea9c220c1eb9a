"""Web app load: many concurrent matches of level-1 clients over real WebSockets.

Run from the repository root (``make bench`` runs ``--quick``)::

    python -m bench.web --quick                      # 200 matches to 3 game points, 400 sockets (~1 min)
    python -m bench.web                              # 200 matches to 7 game points
    python -m bench.web --matches 500 --target 7 --json out/bench-web.json
    python -m bench.web --mode computer              # one socket per match, against the server's level 1
    python -m bench.web --pace 1 --json -            # people's pace: 1 action/s per match; JSON on stdout

One ``sixtysix serve`` process (a child of this one, on 127.0.0.1 and a free port, with a
fresh SQLite database in a temporary folder and ``--no-rate-limits``) serves every match;
the clients run in this process, on one asyncio event loop, with the ``websockets`` client.
On a machine with two cores or more the server is pinned to one core and this process to
another (``os.sched_setaffinity``; the figures say which), so that the clients do not take
the server's CPU; on one core nothing is pinned (``pinned`` is ``null``).

Modes
-----
``friends`` (default)
    Each match is created over HTTP as a match between friends and joined with its
    invitation; each of its two seats is a client with its own WebSocket (2 sockets per
    match). Both seats are played by clients, so every action crosses the network.
``computer``
    Each match is against the server's level-1 computer; one client and one socket per
    match (the computer's moves are made and pushed by the server).

A client is a level-1 player: at each of its decisions it sends a uniformly random legal
action with the state's ``version`` and an ``id``, and waits for the answer to it: the state
(or, as the page asks for them, the patch of it) with ``reply_to`` equal to its ``id`` (the
action is stored) or an error. ``--whole-states``: the clients ask for whole states, not patches. After a deal the
client in seat 1 sends ``next`` (the other waits for the new deal). Every match is played
to its end.

Pace
----
By default every client acts as soon as it may (a flood: the latency is mostly waiting in
line). With ``--pace R`` each match acts ``R`` times per second on average, as people at a
table do (``--pace 1``: one action per second per match, of all its seats): before each
action a client waits for its match's next slot; the gaps between slots are uniformly
random between half and one and a half times ``1/R``, and each match's first slot is
random within the first gap, so that the matches do not act in lockstep.

Figures
-------
actions/s
    Answered actions (of all clients) per second of wall time, from the first action sent
    to the last answer.
latency p50/p95/p99
    Time from sending an action to receiving its answer, over every action (milliseconds,
    nearest rank).
server CPU per action
    User + system CPU time of the server process (``/proc/PID/stat``) from the end of the
    matches' creation to the last answer (sockets opened, every action, every push), divided
    by the answered actions (milliseconds); of it, the system time (the kernel's work in the
    server's system calls: reading and writing the sockets, the database's writes) is also
    given on its own.
bytes received per action
    The bytes of every message the clients received (payloads as UTF-8), divided by the
    answered actions (both seats' messages count).
errors
    Error answers (there should be none: clients only send legal actions at their turn).
lost
    Actions answered as stored that the database does not hold, plus actions never
    answered, plus stored actions no client sent (compared per match after the run).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from sixtysix.web import live


@dataclass
class Totals:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    unanswered: int = 0
    acked: dict[tuple[str, int], int] = field(default_factory=dict)
    """Per (match, seat): actions answered as stored (``next`` not included: it stores a deal)."""
    refused: list[str] = field(default_factory=list)
    """Stale decisions refused as the API says (both seats acted at once in an exchange window)."""
    nexts: dict[str, int] = field(default_factory=dict)
    first: float = 0.0
    last: float = 0.0
    cpu: float | None = None
    cpu_system: float | None = None
    """Of :attr:`cpu`, the time in the kernel (system calls: sockets, the database's writes)."""
    """The server's CPU seconds while the matches were played (``None``: not measured)."""
    received: int = 0
    """Bytes of the messages the clients received (payloads, UTF-8; frame headers not counted)."""


class Pacer:
    """One match's pace: its actions (of all its seats) ``1/rate`` seconds apart on average, jittered.

    >>> pacer = Pacer(20.0, random.Random(1))
    >>> asyncio.run(pacer.wait())  # the first slot: within the first gap (0.05 s)
    >>> pacer.slot - time.perf_counter() <= 0.075  # the next one: 0.5-1.5 gaps after it
    True
    """

    def __init__(self, rate: float, rng: random.Random) -> None:
        self.gap = 1.0 / rate
        self.rng = rng
        self.slot = 0.0
        """When the next action may be sent (``time.perf_counter``); 0 until the first action."""

    async def wait(self) -> None:
        """Wait for the match's next slot and book the one after it."""
        now = time.perf_counter()
        if not self.slot:
            self.slot = now + self.rng.uniform(0.0, self.gap)
        slot = max(self.slot, now)
        self.slot = slot + self.gap * self.rng.uniform(0.5, 1.5)
        await asyncio.sleep(slot - now)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


async def play_seat(
    base: str,
    match_id: str,
    token: str,
    seed: int,
    totals: Totals,
    timeout: float,
    compression: bool = True,
    pacer: Pacer | None = None,
    patches: bool = True,
) -> None:
    """One level-1 client: play its seat until the match is over (with ``patches``, as the page: the
    server sends what changed, applied here to the state)."""
    rng = random.Random(seed)
    url = base.replace("http://", "ws://") + f"/ws/matches/{match_id}"
    counter = 0
    options: dict[str, Any] = {} if compression else {"compression": None}
    async with connect(url, max_size=2**20, open_timeout=60, ping_interval=None, **options) as ws:
        await ws.send(json.dumps({"type": "auth", "token": token, "patches": patches}))
        state: dict[str, Any] = {}
        while True:
            if not state or not state["legal"]:
                if state and state["status"] == "over":
                    return
                try:
                    message = json.loads(await _receive(ws, timeout, totals))
                except TimeoutError:
                    totals.errors.append(f"no state for {timeout} s (match {match_id})")
                    return
                state = _updated(state, message)
                continue
            if state["legal"] == ["next"] and state["seat"] != 1:
                state = {**state, "legal": []}  # the host starts the next deal; wait for it
                continue
            action = rng.choice(state["legal"])
            if pacer is not None:
                await pacer.wait()
            counter += 1
            ident = f"{counter}"
            sent = time.perf_counter()
            if not totals.first:
                totals.first = sent
            await ws.send(json.dumps({"type": "action", "action": action, "version": state["version"], "id": ident}))
            while True:
                try:
                    answer = json.loads(await _receive(ws, timeout, totals))
                except TimeoutError:
                    totals.unanswered += 1
                    return
                state = _updated(state, answer)
                if answer.get("reply_to") == ident:
                    break
            now = time.perf_counter()
            totals.last = now
            if answer["type"] == "error":
                error = answer["error"]
                # the other seat may have moved first (an exchange window): a stale version is
                # the server refusing correctly; the client looks at the new state and goes on
                if error["code"] == "stale_version":
                    totals.refused.append(action)
                else:
                    totals.errors.append(f"{action}: {error['code']}: {error['message']}")
                continue
            totals.latencies.append(now - sent)
            if action == "next":
                totals.nexts[match_id] = totals.nexts.get(match_id, 0) + 1
            else:
                key = (match_id, state["seat"])
                totals.acked[key] = totals.acked.get(key, 0) + 1


async def run(args: argparse.Namespace, base: str, server_pid: int | None = None) -> tuple[Totals, list[str], float]:
    """Create the matches, then play them all; ``totals.cpu`` is the server's CPU during the play."""
    totals = Totals()
    rng = random.Random(args.seed)
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:

        async def create(i: int) -> list[tuple[str, str]]:
            body = {"target": args.target, "rules": args.rules, "name": f"client {i}"}
            if args.mode == "computer":
                response = await http.post("/api/matches", json={**body, "opponent": "computer", "level": 1})
                response.raise_for_status()
                data = response.json()
                return [(data["match_id"], data["token"])]
            response = await http.post("/api/matches", json={**body, "opponent": "friend"})
            response.raise_for_status()
            data = response.json()
            joined = await http.post("/api/join", json={"code": data["invite"]["code"], "name": f"guest {i}"})
            joined.raise_for_status()
            return [(data["match_id"], data["token"]), (data["match_id"], joined.json()["token"])]

        seats = [seat for group in await asyncio.gather(*(create(i) for i in range(args.matches))) for seat in group]
    match_ids = list(dict.fromkeys(m for m, _ in seats))
    print(f"{len(match_ids)} matches created, {len(seats)} sockets; playing...", file=sys.stderr, flush=True)
    pacers = {m: Pacer(args.pace, random.Random(rng.getrandbits(32))) for m in match_ids} if args.pace else {}
    cpu_before = _cpu_times(server_pid) if server_pid is not None else None
    started = time.perf_counter()
    results = await asyncio.gather(
        *(
            play_seat(
                base, m, t, rng.getrandbits(32), totals, args.timeout, args.compression, pacers.get(m), args.patches
            )
            for m, t in seats
        ),
        return_exceptions=True,
    )
    elapsed = time.perf_counter() - started
    cpu_after = _cpu_times(server_pid) if server_pid is not None else None
    if cpu_before is not None and cpu_after is not None:
        totals.cpu = sum(cpu_after) - sum(cpu_before)
        totals.cpu_system = cpu_after[1] - cpu_before[1]
    for result in results:
        if isinstance(result, BaseException):
            totals.errors.append(f"client failed: {result!r}")
    return totals, match_ids, elapsed


async def _receive(ws: Any, timeout: float, totals: Totals) -> str:
    """The next message of ``ws`` (its bytes counted), or ``TimeoutError``."""
    text: str = await asyncio.wait_for(ws.recv(), timeout)
    totals.received += len(text.encode())
    return text


def _updated(state: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The state after ``message``: a new whole state, a patch applied, or unchanged."""
    if message["type"] == "state":
        new: dict[str, Any] = message["state"]
        return new
    if message["type"] == "patch":
        if message["from"] != state.get("version"):
            raise RuntimeError(f"a patch from version {message['from']} to a state at {state.get('version')}")
        return live.apply(state, message["patch"])
    return state


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(share * len(ordered) + 0.5)))
    return ordered[rank - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web", description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=200, help="concurrent matches (default 200)")
    parser.add_argument("--target", type=int, default=7, help="game points per match (default 7)")
    parser.add_argument("--quick", action="store_true", help="the make bench setting: --target 3")
    parser.add_argument("--mode", choices=("friends", "computer"), default="friends")
    parser.add_argument("--rules", default="seed66", help="rules preset (default seed66)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the clients' choices (default 1)")
    parser.add_argument(
        "--pace", type=float, metavar="R", help="actions per second per match, jittered (default: as fast as answered)"
    )
    parser.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for any answer (default 60)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON (- : only JSON, on stdout)")
    parser.add_argument(
        "--no-compression",
        dest="compression",
        action="store_false",
        help="no permessage-deflate (browsers ask for it, so the default does too)",
    )
    parser.add_argument(
        "--whole-states",
        dest="patches",
        action="store_false",
        help="ask for the whole state after every change, not patches (the page asks for patches)",
    )
    parser.add_argument("--url", help="use this running server instead of starting one (give its --db too)")
    parser.add_argument("--db", help="the database of the server given by --url")
    args = parser.parse_args(argv)
    if args.quick:
        args.target = 3
    if args.pace is not None and not args.pace > 0:
        parser.error("--pace must be positive")
    pinned = None
    if args.url:
        if not args.db:
            parser.error("--url needs --db")
        totals, match_ids, elapsed = asyncio.run(run(args, args.url.rstrip("/")))
        stored, deals, finished = _stored(Path(args.db), match_ids)
    else:
        with tempfile.TemporaryDirectory(prefix="sixtysix-bench-web-") as folder:
            db = Path(folder) / "bench.sqlite3"
            pinned = _cores()
            server, base = _start_server(db, core=pinned[0] if pinned else None)
            try:
                if pinned:
                    os.sched_setaffinity(0, {pinned[1]})
                totals, match_ids, elapsed = asyncio.run(run(args, base, server.pid))
            finally:
                server.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    server.wait(15)
                if server.poll() is None:
                    server.kill()
            stored, deals, finished = _stored(db, match_ids)
    figures = _figures(args, totals, match_ids, elapsed, stored, deals, finished)
    figures["pinned"] = {"server": pinned[0], "clients": pinned[1]} if pinned else None
    if args.json != "-":
        _print(figures, totals.errors)
    if args.json:
        text = json.dumps(figures, indent=2) + "\n"
        if args.json == "-":
            sys.stdout.write(text)
        else:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(text, encoding="utf-8")
    ok = not totals.errors and figures["lost"] == 0 and finished == len(match_ids)
    return 0 if ok else 1


def _figures(
    args: argparse.Namespace,
    totals: Totals,
    match_ids: list[str],
    elapsed: float,
    stored: dict[tuple[str, int], int],
    deals: dict[str, int],
    finished: int,
) -> dict[str, Any]:
    """The run's figures (the module's docstring says what each means)."""
    friends = args.mode == "friends"
    lost = totals.unanswered
    for match_id in match_ids:
        for seat in (1, 2) if friends else (1,):
            lost += abs(stored.get((match_id, seat), 0) - totals.acked.get((match_id, seat), 0))
        lost += abs(deals.get(match_id, 0) - 1 - totals.nexts.get(match_id, 0)) if friends else 0
    answered = len(totals.latencies)
    span = (totals.last - totals.first) or elapsed

    def ms(share: float) -> float:
        return round(percentile(totals.latencies, share) * 1000, 2)

    return {
        "mode": args.mode,
        "pace": args.pace,
        "patches": args.patches,
        "matches": len(match_ids),
        "sockets": len(match_ids) * (2 if friends else 1),
        "target": args.target,
        "finished": finished,
        "deals": sum(deals.values()),
        "actions": answered,
        "stored_actions": sum(n for (m, s), n in stored.items() if friends or s == 1),
        "refused_stale": len(totals.refused),
        "seconds": round(span, 3),
        "actions_per_second": round(answered / span, 1) if span else 0.0,
        "latency_ms": {
            "p50": ms(0.50),
            "p95": ms(0.95),
            "p99": ms(0.99),
            "max": round(max(totals.latencies, default=0.0) * 1000, 2),
        },
        "server_cpu_seconds": round(totals.cpu, 2) if totals.cpu is not None else None,
        "server_cpu_ms_per_action": round(totals.cpu * 1000 / answered, 3)
        if totals.cpu is not None and answered
        else None,
        "server_cpu_system_ms_per_action": round(totals.cpu_system * 1000 / answered, 3)
        if totals.cpu_system is not None and answered
        else None,
        "bytes_received_per_action": round(totals.received / answered) if answered else None,
        "errors": len(totals.errors),
        "lost": lost,
    }


def _print(figures: dict[str, Any], errors: list[str]) -> None:
    lat = figures["latency_ms"]
    pace = f", {figures['pace']} actions/s per match" if figures["pace"] else ""
    pinned = figures["pinned"]
    where = f"server on CPU {pinned['server']}, clients on CPU {pinned['clients']}" if pinned else "not pinned"
    print(
        f"web: {figures['matches']} matches ({figures['mode']}{pace}, {figures['sockets']} WebSockets, "
        f"to {figures['target']}), {figures['finished']} finished, {figures['deals']} deals; {where}"
    )
    print(
        f"  {figures['actions']} actions in {figures['seconds']:.1f} s: {figures['actions_per_second']} actions/s; "
        f"latency p50 {lat['p50']} ms, p95 {lat['p95']} ms, p99 {lat['p99']} ms (max {lat['max']} ms)"
    )
    print(
        f"  server CPU {figures['server_cpu_seconds']} s, {figures['server_cpu_ms_per_action']} ms per action "
        f"({figures['server_cpu_system_ms_per_action']} ms in the kernel); "
        f"{figures['bytes_received_per_action']} bytes received per action; "
        f"errors {figures['errors']}; lost actions {figures['lost']}; "
        f"stale decisions refused {figures['refused_stale']}"
    )
    for error in errors[:10]:
        print(f"  error: {error}")


def _cores() -> tuple[int, int] | None:
    """(server's core, clients' core): two of this process's cores; ``None`` with one core or off Linux."""
    try:
        cores = sorted(os.sched_getaffinity(0))
    except AttributeError:  # why: not Linux; nothing is pinned
        return None
    return (cores[0], cores[1]) if len(cores) >= 2 else None


def _start_server(
    db: Path | str, *options: str, core: int | None = None, profile: Path | None = None
) -> tuple[subprocess.Popen[bytes], str]:
    """``sixtysix serve`` (with ``options``, no rate limit, pinned to ``core`` if given; under cProfile, its
    profile written to ``profile`` when it stops, if given) on a free port of 127.0.0.1, once it answers."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    profiler = ["-m", "cProfile", "-o", str(profile)] if profile is not None else []
    command = [sys.executable, *profiler, "-m", "sixtysix.cli", "serve", "--port", str(port), "--db", str(db)]
    command.append("--no-rate-limits")
    server = subprocess.Popen(
        [*command, "--log-level", "warning", *options],
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
        preexec_fn=(lambda: os.sched_setaffinity(0, {core})) if core is not None else None,
    )
    deadline = time.monotonic() + 120  # only ends a hang: a loaded machine may take over 20 s to start it
    while True:
        try:
            httpx.get(f"{base}/api/meta", timeout=1).raise_for_status()
            return server, base
        except httpx.HTTPError:
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                raise RuntimeError("the server did not start") from None
            time.sleep(0.05)


def _stored(db: Path, match_ids: list[str]) -> tuple[dict[tuple[str, int], int], dict[str, int], int]:
    """Actions stored per (match, seat), deals per match, and how many matches are over."""
    connection = sqlite3.connect(db)
    try:
        query = "SELECT match_id, seat, COUNT(*) FROM actions GROUP BY match_id, seat"
        actions = {(m, s): n for m, s, n in connection.execute(query).fetchall()}
        deals = dict(connection.execute("SELECT match_id, COUNT(*) FROM deals GROUP BY match_id").fetchall())
        over = connection.execute("SELECT COUNT(*) FROM matches WHERE status = 'over'").fetchone()[0]
    finally:
        connection.close()
    return actions, {m: deals.get(m, 0) for m in match_ids}, int(over)


def _cpu_times(pid: int) -> tuple[float, float] | None:
    """The user and system CPU time of a process in seconds (Linux /proc), or ``None``."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        ticks = os.sysconf("SC_CLK_TCK")
        return int(fields[11]) / ticks, int(fields[12]) / ticks
    except (OSError, ValueError, IndexError):
        return None


if __name__ == "__main__":
    sys.exit(main())
