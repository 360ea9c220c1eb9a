"""A client that never reads what the server sends is dropped; the server's memory does not grow for it."""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Callable
from typing import Any

import pytest

from sixtysix.web.server import MatchSocketProtocol

from .conftest import Api, Seat, ServerThread


def masked_text_frame(payload: bytes) -> bytes:
    """A client's text frame (masked, as RFC 6455 requires of clients), for a payload under 126 bytes."""
    assert len(payload) < 126
    mask = os.urandom(4)
    return bytes((0x81, 0x80 | len(payload))) + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def deaf_socket(server: ServerThread, match_id: str, token: str) -> socket.socket:
    """A WebSocket opened by hand with a tiny receive buffer, authenticated, that will never be read."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", server.port))
    key = base64.b64encode(os.urandom(16)).decode()
    sock.sendall(
        (
            f"GET /ws/matches/{match_id} HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        ).encode()
    )
    answer = b""
    while b"\r\n\r\n" not in answer:
        answer += sock.recv(1)  # byte by byte: nothing after the handshake is read
    assert answer.startswith(b"HTTP/1.1 101"), answer
    sock.sendall(masked_text_frame(json.dumps({"type": "auth", "token": token}).encode()))
    return sock


def closed_by_server(sock: socket.socket, timeout: float = 30) -> bool:
    """Whether the server ends the connection (read what it sent until the end, within ``timeout``)."""
    sock.settimeout(timeout)
    deadline = time.monotonic() + timeout
    try:
        while time.monotonic() < deadline:
            if not sock.recv(1 << 16):
                return True
    except (ConnectionResetError, BrokenPipeError):
        return True
    except TimeoutError:
        return False
    return False


def wait_for(condition: Callable[[], bool], timeout: float = 30) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


@pytest.mark.parametrize("direct", [True, False], ids=["direct path", "plain protocol"])
def test_a_client_that_reads_nothing_is_dropped_and_the_match_goes_on(
    make_server: Callable[..., ServerThread], monkeypatch: pytest.MonkeyPatch, direct: bool
) -> None:
    monkeypatch.setattr(MatchSocketProtocol, "slow_client_bytes", 64 * 1024)
    server = make_server(seed=1, direct=direct)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Alice")
    match_id = created["match_id"]
    guest = api.join(created["invite"]["code"], "Bob").json()
    deaf = deaf_socket(server, match_id, created["token"])
    game: Any = server.service.games[match_id]
    assert wait_for(lambda: bool(game.audience.by_seat[1]))
    ask = masked_text_frame(json.dumps({"type": "state"}).encode())
    # each asks for the whole state (about 2.5 KB): far more than the cap, never read
    sent = 0
    try:
        for _ in range(2000):
            deaf.sendall(ask)
            sent += 1
    except (ConnectionResetError, BrokenPipeError):
        pass  # dropped while still sending
    assert sent > 25, sent
    assert wait_for(lambda: not game.audience.by_seat[1]), "the deaf socket is still subscribed"
    assert closed_by_server(deaf)
    deaf.close()
    # the match goes on: the same seat connects again and gets the whole state, the other plays
    alice = Seat(server.base, match_id, created["token"])
    bob = Seat(server.base, match_id, guest["token"])
    assert alice.state["seat"] == 1 and bob.state["version"] == alice.state["version"]
    player = alice if alice.state["legal"] else bob
    answer = player.act(player.state["legal"][0])
    assert answer["type"] in ("state", "patch"), answer
    alice.close()
    bob.close()
    api.close()
