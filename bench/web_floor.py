"""The floor under the web benchmark: what a Python server pays per message with no game at all.

Run from the repository root::

    python -m bench.web_floor                 # 200 pairs of sockets, 40 s at one message a second a pair
    python -m bench.web_floor --json -        # the figures as JSON on stdout

The same traffic as ``python -m bench.web --pace 1`` (200 pairs of sockets, each pair sending
one message a second on average, jittered between half and one and a half seconds, every
message answered with one 150-byte message to the sender and one to the other socket of its
pair, as the game server answers an action with a state patch to each seat), against the
least a Python server can do with it: an asyncio protocol on uvloop (the event loop uvicorn
runs), raw TCP with one message a line, no WebSocket frames, no JSON, no game, no database.
The server runs in a child process pinned to one core, the clients in this process on the
other (as ``bench.web``; nothing is pinned on one core).

Figures: the server's user + system CPU per message (``/proc/PID/stat``) and of it the
kernel's (system) part. Everything the game server does per action (WebSocket frames, the
engine's check, the SQLite transaction, two seat states and patches) comes on top of this.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import socket
import sys
import time
from typing import Any, cast

REPLY = b"x" * 149 + b"\n"
"""What the server sends each socket of the pair per message: a state patch's size."""


def relay(port: int, core: int | None, ready: Any) -> None:
    """The relay server (a child process): each line received is answered to both sockets of its pair."""
    if core is not None:
        os.sched_setaffinity(0, {core})
    import uvloop

    pairs: dict[int, list[Relay]] = {}

    class Relay(asyncio.Protocol):
        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            self.transport = cast(asyncio.Transport, transport)  # uvloop's are not its subclasses
            self.buffer = b""
            self.pair: int | None = None

        def data_received(self, data: bytes) -> None:
            self.buffer += data
            while b"\n" in self.buffer:
                line, self.buffer = self.buffer.split(b"\n", 1)
                if self.pair is None:  # the first line names the pair
                    self.pair = int(line)
                    pairs.setdefault(self.pair, []).append(self)
                    continue
                for member in pairs[self.pair]:
                    member.transport.write(REPLY)

    async def serve() -> None:
        await asyncio.get_running_loop().create_server(Relay, "127.0.0.1", port)
        ready.set()
        await asyncio.Event().wait()

    uvloop.run(serve())


def cpu_times(pid: int) -> tuple[float, float]:
    """User and system CPU seconds of a process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return int(fields[11]) / ticks, int(fields[12]) / ticks


async def clients(port: int, pairs: int, seconds: float, server_pid: int, seed: int) -> dict[str, Any]:
    """Open the sockets, send for ``seconds``, and return the server's CPU per message."""
    writers: dict[int, list[asyncio.StreamWriter]] = {}
    readers = []
    for pair in range(pairs):
        for _ in range(2):
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"{pair}\n".encode())
            writers.setdefault(pair, []).append(writer)
            readers.append(asyncio.create_task(_drain(reader)))
    await asyncio.sleep(1)  # every socket registered with its pair
    sent = 0

    async def pace(pair: int) -> None:
        nonlocal sent
        rng = random.Random(seed * 100_003 + pair)
        await asyncio.sleep(rng.random())
        end = time.monotonic() + seconds
        turn = 0
        while time.monotonic() < end:
            writers[pair][turn % 2].write(b"a\n")
            sent += 1
            turn += 1
            await asyncio.sleep(rng.uniform(0.5, 1.5))

    user, system = cpu_times(server_pid)
    await asyncio.gather(*(pace(pair) for pair in writers))
    await asyncio.sleep(0.5)  # the last answers
    user_after, system_after = cpu_times(server_pid)
    for task in readers:
        task.cancel()
    cpu = (user_after - user) + (system_after - system)
    return {
        "pairs": pairs,
        "sockets": 2 * pairs,
        "seconds": seconds,
        "messages": sent,
        "server_cpu_ms_per_message": round(cpu * 1000 / sent, 3) if sent else None,
        "server_cpu_system_ms_per_message": round((system_after - system) * 1000 / sent, 3) if sent else None,
    }


async def _drain(reader: asyncio.StreamReader) -> None:
    while await reader.readline():
        pass


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pairs", type=int, default=200, help="pairs of sockets (default 200)")
    parser.add_argument("--seconds", type=float, default=40.0, help="seconds of sending (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", metavar="PATH", help="also write the figures as JSON (- : only JSON, on stdout)")
    args = parser.parse_args(argv)
    cores = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    pinned = (cores[0], cores[1]) if len(cores) >= 2 else None
    port = _free_port()
    context = multiprocessing.get_context("spawn")
    ready = context.Event()
    server = context.Process(target=relay, args=(port, pinned[0] if pinned else None, ready), daemon=True)
    server.start()
    try:
        if not ready.wait(30):
            raise RuntimeError("the relay did not start")
        if pinned:
            os.sched_setaffinity(0, {pinned[1]})
        assert server.pid is not None
        figures = asyncio.run(clients(port, args.pairs, args.seconds, server.pid, args.seed))
    finally:
        server.terminate()
        server.join(10)
    figures["pinned"] = {"server": pinned[0], "clients": pinned[1]} if pinned else None
    if args.json:
        text = json.dumps(figures, indent=2)
        if args.json == "-":
            print(text)
            return 0
        with open(args.json, "w") as out:
            out.write(text + "\n")
    print(
        f"relay floor: {figures['messages']} messages from {figures['sockets']} sockets in {args.seconds:.0f} s; "
        f"server CPU {figures['server_cpu_ms_per_message']} ms per message "
        f"({figures['server_cpu_system_ms_per_message']} ms in the kernel)"
    )
    return 0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


if __name__ == "__main__":
    sys.exit(main())
