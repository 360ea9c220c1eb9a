"""How ``sixtysix serve`` runs under uvicorn (sixtysix.web.server): the installed uvicorn is one the
match sockets' direct path was tested with, so it starts without a warning, and a match socket's
messages really go through the direct path."""

from __future__ import annotations

import logging
from collections.abc import Callable

import pytest
import uvicorn

from sixtysix.web.server import DIRECT_PATH_UVICORN, MatchSocketProtocol, uvicorn_config

from .conftest import Api, Seat, ServerThread, stored


def test_the_installed_uvicorn_takes_the_direct_path_without_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    assert uvicorn.__version__.startswith(DIRECT_PATH_UVICORN)  # else pyproject.toml's bound let another in
    with caplog.at_level(logging.WARNING, logger="sixtysix.web"):
        config = uvicorn_config(object())
    assert config.ws is MatchSocketProtocol
    assert not [record for record in caplog.records if record.levelno >= logging.WARNING]


def test_a_match_socket_plays_through_the_direct_path(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=7)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Ann")
    joined = api.join(created["invite"]["code"], "Bob").json()
    match_id, tokens = created["match_id"], {1: created["token"], 2: joined["token"]}
    seats = {seat: Seat(server.base, match_id, token) for seat, token in tokens.items()}
    state = api.state(match_id, tokens[1])
    mover = next(seat for seat in (1, 2) if api.state(match_id, tokens[seat])["legal"])
    legal = api.state(match_id, tokens[mover])["legal"]
    answer = seats[mover].act(next(action for action in legal if action != "66"), version=state["version"])
    assert stored(answer), answer
    other = seats[3 - mover].wait(lambda s: s["version"] > state["version"])
    assert other["version"] == api.state(match_id, tokens[1])["version"]
    # both sockets are uvicorn's protocol with the direct link attached: their messages skipped ASGI
    sockets = [c for c in server.server.server_state.connections if isinstance(c, MatchSocketProtocol)]
    assert len(sockets) == 2 and all(socket.handler is not None for socket in sockets)
    for seat in seats.values():
        seat.close()
    api.close()
