"""How many of the web package's modules one player's action crosses (docs/web.md, "The path of an action").

The measure: every Python function of ``sixtysix.web`` that runs while the server handles one
person's card, over HTTP (``POST .../actions``) and over the WebSocket, recorded by a profile
hook in the server's thread (:func:`threading.setprofile`; every dependency of the routers is
``async``, so nothing of a request runs in another thread), counted by module. The action is a
card played between two people, so that no computer moves in between; the other seat's socket
gets the new state, so the broadcast is counted too. The core and ``present`` modules an action
needs (the engine, the seat state) are printed, not counted: they are the game, not the web
service. The bounds are the counts of today: a change that adds a module to the path fails here
and says which (issue 28 asked for about 8; docs/web.md says what is left).
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from types import FrameType
from typing import Any

import pytest

from .conftest import Api, Seat, ServerThread, my_turn

MOST_OVER_HTTP = 11
"""The most ``sixtysix.web`` modules a card played over HTTP may cross: the direct path of the socket written
to, the request's middleware, the router, its dependencies and models, the service (the token's seat), the
action (``play``), the store, the matches in memory, the broadcast and the review's work ahead (14 before
``database`` went into ``store``, ``patch`` into ``live`` and ``game`` into ``matches``; 20 before the
middleware, a match's moves and the computer's seats were each one module)."""
MOST_OVER_THE_SOCKET = 8
"""The most ``sixtysix.web`` modules a card played over the WebSocket may cross: the same from the action on,
without the middleware's ASGI part, the dependencies, the models and the service (12 before the three merges
and before the action's rate limit, metrics and follow-ups went from ``service`` to ``play.Actions``; 16
before that, 17 before the routers)."""


class Modules:
    """The ``sixtysix`` modules whose functions run in the threads started after :meth:`install`, while on."""

    def __init__(self) -> None:
        self.on = False
        self.seen: set[str] = set()

    def profile(self, frame: FrameType, event: str, arg: object) -> None:
        if self.on and event == "call":
            name = frame.f_globals.get("__name__", "")
            if name.startswith("sixtysix."):
                self.seen.add(name)

    def install(self) -> None:
        threading.setprofile(self.profile)

    def uninstall(self) -> None:
        threading.setprofile(None)

    def during(self, work: Callable[[], Any], label: str) -> set[str]:
        """The ``sixtysix.web`` modules ``work`` crosses (all ``sixtysix`` modules printed, for docs/web.md)."""
        self.seen = set()
        self.on = True
        try:
            work()
        finally:
            self.on = False
        web = {name for name in self.seen if name.startswith("sixtysix.web.")}
        others = sorted(self.seen - web)
        print(f"{label}: {len(web)} web modules {sorted(web)}; {len(others)} others {others}", file=sys.stderr)
        return web


@pytest.fixture
def traced(make_server: Callable[..., ServerThread]) -> Iterator[tuple[ServerThread, Modules]]:
    modules = Modules()
    modules.install()  # the server's thread starts under the hook
    try:
        server = make_server(seed=1)
    finally:
        modules.uninstall()
    yield server, modules


def _friends_match(api: Api) -> tuple[str, dict[int, str]]:
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"])
    assert joined.status_code == 201, joined.text
    return created["match_id"], {1: created["token"], 2: joined.json()["token"]}


def _card(state: dict[str, Any]) -> str:
    token: str = next(a for a in state["legal"] if len(a) == 2)
    return token


def test_a_card_played_over_http_crosses_no_more_web_modules_than_counted(traced: tuple[ServerThread, Modules]) -> None:
    server, modules = traced
    api = Api(server.base)
    match_id, tokens = _friends_match(api)
    seat = next(s for s, token in tokens.items() if my_turn(api.state(match_id, token)))
    state = api.state(match_id, tokens[seat])
    watcher = Seat(server.base, match_id, tokens[3 - seat])  # the broadcast is part of the action
    answers: list[int] = []

    def play() -> None:
        answers.append(api.act(match_id, tokens[seat], {"action": _card(state)}).status_code)
        watcher.wait(lambda s: s["version"] > state["version"])

    crossed = modules.during(play, "POST action")
    assert answers == [200]
    assert "sixtysix.web.routers.matches" in crossed and "sixtysix.web.play" in crossed  # the hook saw it
    assert len(crossed) <= MOST_OVER_HTTP, sorted(crossed)
    watcher.close()
    api.close()


def test_a_card_played_over_the_websocket_crosses_no_more_web_modules_than_counted(
    traced: tuple[ServerThread, Modules],
) -> None:
    server, modules = traced
    api = Api(server.base)
    match_id, tokens = _friends_match(api)
    seat = next(s for s, token in tokens.items() if my_turn(api.state(match_id, token)))
    player = Seat(server.base, match_id, tokens[seat])
    watcher = Seat(server.base, match_id, tokens[3 - seat])
    answers: list[dict[str, Any]] = []

    def play() -> None:
        answers.append(player.act(_card(player.state)))
        watcher.wait(lambda s: s["version"] >= player.state["version"])

    crossed = modules.during(play, "WebSocket action")
    assert answers[0]["type"] in ("state", "patch"), answers
    assert "sixtysix.web.routers.sockets" in crossed and "sixtysix.web.play" in crossed  # the hook saw it
    assert len(crossed) <= MOST_OVER_THE_SOCKET, sorted(crossed)
    player.close()
    watcher.close()
    api.close()
