"""The computer's reply time while a client floods the server with hint requests.

Run from the repository root (``make bench`` runs ``--quick``)::

    python -m bench.web_hints --quick        # 30 moves without, 30 with the flood (~1-2 min)
    python -m bench.web_hints                # 80 moves each
    python -m bench.web_hints --level 5 --flooders 40 --json out/bench-web-hints.json

One ``sixtysix serve`` process (a child of this one, on 127.0.0.1 and a free port, a fresh
SQLite database, no rate limit, so that every hint request reaches the analysis queue)
serves a measured match against the computer at ``--level`` (default 4: it thinks in the
computer's threads, which hints once shared). A client plays it over its WebSocket with random
legal moves and times each **reply**: from sending its action to the state in which the
computer has answered and it is the client's turn again.

It does so twice: alone, then while ``--flooders`` clients (in a process of their own, so
that they do not slow the measuring client) each play a match of their own against the
level-1 computer, asking for a hint before every move (a new position each time, so that no
cache answers it) and asking again 0.2 s after any refusal (503 when the analysis queue is
full), ignoring ``Retry-After`` as an abusive client would.

``--ask state`` is the control: the same clients ask for their state instead, 0.2 s apart,
as often as the hint flood's refused clients ask again; what it adds to the reply is the cost
of answering requests at all, not of analysing.

Figures: the reply's median and 95th percentile (ms) without and with the flood, their
ratios (flood / alone), and the hints answered and refused during the flood.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import multiprocessing
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from bench.web import _start_server, percentile


class Hints:
    """What the flooders got (counted across processes)."""

    def __init__(self, context: Any) -> None:
        self.answered = context.Value("i", 0)
        self.refused = context.Value("i", 0)
        self.stop = context.Event()


async def receive_state(ws: ClientConnection) -> dict[str, Any]:
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "state":
            state: dict[str, Any] = message["state"]
            return state


async def measured_replies(base: str, http: httpx.AsyncClient, level: int, moves: int, seed: int) -> list[float]:
    """Play ``moves`` random moves against the computer at ``level``; the seconds of each reply."""
    rng = random.Random(seed)
    replies: list[float] = []
    while len(replies) < moves:
        created = (await http.post("/api/matches", json={"level": level, "target": 7})).json()
        url = base.replace("http://", "ws://") + f"/ws/matches/{created['match_id']}"
        async with connect(url, max_size=2**20) as ws:
            await ws.send(json.dumps({"type": "auth", "token": created["token"]}))
            state = await receive_state(ws)
            while len(replies) < moves and state["status"] != "over":
                while not state["legal"]:
                    state = await receive_state(ws)
                if state["status"] == "over":
                    break
                action = "next" if "next" in state["legal"] else rng.choice(state["legal"])
                version = state["version"]
                sent = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "action": action, "version": version}))
                state = await receive_state(ws)
                while not state["legal"] and state["status"] != "over":
                    state = await receive_state(ws)
                if action != "next" and state["version"] > version + 1:  # the computer moved in between
                    replies.append(time.perf_counter() - sent)
    return replies


async def flooder(http: httpx.AsyncClient, hints: Hints, seed: int, ask: str = "hint") -> None:
    """Ask for a hint before every move of a match against level 1, again and again.

    ``ask="state"`` (the control): ask for the state instead, 0.2 s apart, and never move.
    """
    rng = random.Random(seed)
    while not hints.stop.is_set():
        created = (await http.post("/api/matches", json={"level": 1, "target": 7})).json()
        match_id, headers = created["match_id"], {"Authorization": f"Bearer {created['token']}"}
        state = created["state"]
        while not hints.stop.is_set() and state["status"] != "over":
            if not state["legal"]:
                await asyncio.sleep(0.1)
                state = (await http.get(f"/api/matches/{match_id}", headers=headers)).json()
                continue
            if state["legal"] != ["next"]:
                path = f"/api/matches/{match_id}" + ("/hint" if ask == "hint" else "")
                hint = await http.get(path, headers=headers)
                counter = hints.answered if hint.status_code == 200 else hints.refused
                with counter.get_lock():
                    counter.value += 1
                if hint.status_code != 200 or ask != "hint":
                    await asyncio.sleep(0.2)
                    continue
            action = "next" if "next" in state["legal"] else rng.choice(state["legal"])
            answer = await http.post(f"/api/matches/{match_id}/actions", headers=headers, json={"action": action})
            state = answer.json().get("state", state) if answer.status_code == 200 else state


def flood(base: str, hints: Hints, flooders: int, seed: int, ask: str) -> None:
    """The flooders, on an event loop of their own (run in a child process)."""

    async def all_of_them() -> None:
        async with httpx.AsyncClient(base_url=base, timeout=120, limits=httpx.Limits(max_connections=100)) as http:
            clients = (flooder(http, hints, seed + i, ask) for i in range(flooders))
            await asyncio.gather(*clients, return_exceptions=True)

    asyncio.run(all_of_them())


async def run(base: str, args: argparse.Namespace) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=httpx.Limits(max_connections=100)) as http:
        await measured_replies(base, http, args.level, 3, args.seed + 99)  # warm up: imports, first analysis process
        alone = await measured_replies(base, http, args.level, args.moves, args.seed)
        context = multiprocessing.get_context("spawn")
        hints = Hints(context)
        flooding = context.Process(target=flood, args=(base, hints, args.flooders, args.seed, args.ask), daemon=True)
        flooding.start()
        try:
            await asyncio.sleep(3.0)  # the flooders start and the queue fills
            answered_before = hints.answered.value
            flooded = await measured_replies(base, http, args.level, args.moves, args.seed)
            answered = hints.answered.value - answered_before
        finally:
            hints.stop.set()
            flooding.terminate()  # its requests in flight need no answer
            flooding.join(30)
    return summary(alone, flooded, answered, hints.refused.value, args)


def summary(
    alone: list[float], flooded: list[float], answered: int, refused: int, args: argparse.Namespace
) -> dict[str, Any]:
    def ms(values: list[float], share: float) -> float:
        return round(percentile(values, share) * 1000, 1)

    figures: dict[str, Any] = {
        "level": args.level,
        "moves": args.moves,
        "flooders": args.flooders,
        "ask": args.ask,
        "alone_ms": {"p50": ms(alone, 0.5), "p95": ms(alone, 0.95)},
        "flood_ms": {"p50": ms(flooded, 0.5), "p95": ms(flooded, 0.95)},
        "hints_answered_during_flood": answered,
        "hints_refused": refused,
    }
    figures["ratio"] = {
        key: round(figures["flood_ms"][key] / figures["alone_ms"][key], 2) if figures["alone_ms"][key] else None
        for key in ("p50", "p95")
    }
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.web_hints", description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", type=int, default=4, help="the measured computer's level (default 4)")
    parser.add_argument("--moves", type=int, default=80, help="measured replies in each phase (default 80)")
    parser.add_argument("--flooders", type=int, default=20, help="clients asking for hints (default 20)")
    parser.add_argument(
        "--ask",
        choices=("hint", "state"),
        default="hint",
        help="what the flooders ask for: hints (default), or the state (the control: requests without analysis)",
    )
    parser.add_argument("--quick", action="store_true", help="the make bench setting: --moves 30")
    parser.add_argument("--think", default="0.5", help="the server's --think (level 5's seconds a move)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON")
    args = parser.parse_args(argv)
    if args.quick:
        args.moves = 30
    with tempfile.TemporaryDirectory(prefix="sixtysix-bench-hints-") as folder:
        server, base = _start_server(Path(folder) / "bench.sqlite3", "--think", args.think)
        try:
            figures = asyncio.run(run(base, args))
        finally:
            server.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.wait(15)
            if server.poll() is None:
                server.kill()
    alone, flood, ratio = figures["alone_ms"], figures["flood_ms"], figures["ratio"]
    print(f"web hints: the level-{args.level} computer's reply, {args.moves} moves alone and {args.moves} flooded")
    print(f"  alone:   p50 {alone['p50']} ms, p95 {alone['p95']} ms")
    print(
        f"  flooded: p50 {flood['p50']} ms, p95 {flood['p95']} ms ({args.flooders} clients asking for {args.ask}s: "
        f"{figures['hints_answered_during_flood']} answered, {figures['hints_refused']} refused)"
    )
    print(f"  ratio flooded/alone: p50 {ratio['p50']}, p95 {ratio['p95']}")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
