"""``sixtysix connect``: a 66P bot program playing people on a sixtysix site (docs/protocol.md, "Playing on a site").

:class:`Bridge` connects to the site's ``/ws/bot`` with a bot account's API token (WebSocket, JSON
messages: docs/web-api.md, "Bots"), accepts the challenges and seeks its :class:`Policy` takes, and
plays each match with the bot program as a :class:`~sixtysix.protocol.player.ProtocolPlayer`, exactly
as a tournament does: the server sends the seat's view (:func:`sixtysix.present.botview.view_from_json`),
the program is asked with ``go`` (:func:`sixtysix.protocol.host.ask`), and its answer goes back with the
match's version. A program that breaks the protocol (:class:`~sixtysix.protocol.host.BotFailure`) forfeits
the deal, is started afresh for the next one, and after three failures to start in a row is disqualified.

A network fault does not lose the match: the bridge connects again, after 1, 2, 4 … up to
:data:`MAX_BACKOFF` seconds (with a random part), the server sends the matches and the pending ``go``
again, and an answer already given to that ``go`` is sent again rather than asked anew. The server
takes a move once, for the version it was given for, so none is lost or taken twice.

Only the standard library and ``websockets`` are imported; nothing of the web server.
"""

from __future__ import annotations

import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO
from urllib.parse import urlsplit, urlunsplit

from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from sixtysix.core.rules import Rules
from sixtysix.present.botview import view_from_json
from sixtysix.present.words import say
from sixtysix.protocol.host import BotFailure, ask
from sixtysix.protocol.player import ProtocolPlayer, StartFailures

MAX_BACKOFF = 30.0
"""The longest wait between two attempts to connect (seconds)."""
REFUSED = {4401, 4403}
"""Close codes after which connecting again is pointless: the token is refused."""
REPLACED = 4409
"""The close code of a connection another one with the same token replaced."""
MARGIN = 1.0
"""Seconds kept from the move clock for the network: the program thinks at most the rest."""


@dataclass(frozen=True)
class Policy:
    """Which offers the bot accepts: presets (empty: any), targets (empty: any), rated or casual or both,
    challenges and/or open seeks, and how many matches it plays at once."""

    presets: frozenset[str] = frozenset()
    targets: frozenset[int] = frozenset()
    rated: str = "any"
    """``any``, ``rated`` or ``casual``."""
    seeks: bool = True
    challenges: bool = True
    max_matches: int = 1

    def takes(self, offer: dict[str, Any]) -> bool:
        """Whether an offer (a seek or challenge of the ``offers`` message) suits the bot.

        >>> policy = Policy(presets=frozenset({"seed66"}), rated="rated")
        >>> policy.takes({"rules": "seed66", "target": 7, "rated": True})
        True
        >>> policy.takes({"rules": "seed66", "target": 7, "rated": False})
        False
        >>> policy.takes({"rules": "schnapsen", "target": 7, "rated": True})
        False
        """
        if self.presets and offer.get("rules") not in self.presets:
            return False
        if self.targets and offer.get("target") not in self.targets:
            return False
        rated = bool(offer.get("rated"))
        return self.rated == "any" or rated == (self.rated == "rated")


@dataclass
class Seat:
    """One match the bot plays: its program, the deal it was last told of, its answers by version."""

    player: ProtocolPlayer
    seat: int
    deal: int = 0
    answers: dict[int, dict[str, Any]] = field(default_factory=dict)
    """What was sent for each ``go`` (by the match's version), sent again if the same ``go`` comes again."""


def socket_url(server: str) -> str:
    """The bot socket's URL of a site (``http`` → ``ws``, ``https`` → ``wss``).

    >>> socket_url("https://66.example.org"), socket_url("http://127.0.0.1:8066/")
    ('wss://66.example.org/ws/bot', 'ws://127.0.0.1:8066/ws/bot')
    """
    parts = urlsplit(server if "://" in server else f"http://{server}")
    scheme = {"https": "wss", "wss": "wss"}.get(parts.scheme, "ws")
    return urlunsplit((scheme, parts.netloc, parts.path.rstrip("/") + "/ws/bot", "", ""))


class Bridge:
    """The bot program on the site: connects, accepts offers, plays matches, connects again after a fault."""

    def __init__(
        self,
        server: str,
        token: str,
        command: Sequence[str],
        policy: Policy,
        movetime: float = 5.0,
        games: int | None = None,
        lang: str = "en",
        out: TextIO = sys.stderr,
        player_factory: Callable[[Sequence[str], float, StartFailures], ProtocolPlayer] | None = None,
    ) -> None:
        self.url = socket_url(server)
        self.server = server
        self.token = token
        self.command = list(command)
        self.policy = policy
        self.movetime = movetime
        self.games = games
        """Stop after this many matches ended (``None``: run until stopped)."""
        self.lang = lang
        self.out = out
        self.start_failures = StartFailures()
        """The program's failures to start in a row, over every match (as a tournament shares them)."""
        self.make_player = player_factory or (
            lambda cmd, limit, failures: ProtocolPlayer(cmd, time_limit=limit, start_failures=failures)
        )
        self.seats: dict[str, Seat] = {}
        self.finished = 0
        self.asked: set[int] = set()
        """The offers accepted already (one attempt each)."""
        self.connections = 0
        """How many times it connected."""
        self.greeted = False
        """The server said ``hello`` on this connection (it was not refused)."""

    def say(self, key: str, **values: object) -> None:
        print(say(key, self.lang, **values), file=self.out, flush=True)

    # -- connecting ------------------------------------------------------------------------------

    def run(self) -> int:
        """Play until ``games`` matches ended (0), or the token is refused (2) or taken over (3)."""
        backoff = 1.0
        try:
            while not self.done:
                try:
                    with connect(
                        self.url,
                        additional_headers={"Authorization": f"Bearer {self.token}"},
                        open_timeout=10,
                        close_timeout=2,
                        max_size=1 << 20,
                    ) as socket:
                        self.connections += 1
                        self.greeted = False
                        code = self.session(socket)
                        if self.greeted:  # a connection the server took: the next fault waits from 1 s again
                            backoff = 1.0
                except InvalidStatus as error:
                    code, why = None, f"HTTP {error.response.status_code}"
                except (OSError, InvalidHandshake, TimeoutError) as error:
                    code, why = None, type(error).__name__
                else:
                    why = f"code {code}"
                if self.done:
                    break
                if code in REFUSED:
                    return 2
                if code == REPLACED:
                    self.say("connect.replaced")
                    return 3
                wait = min(MAX_BACKOFF, backoff) * (0.5 + random.random() / 2)
                self.say("connect.lost", why=why, seconds=f"{wait:.1f}")
                time.sleep(wait)
                backoff *= 2
        finally:
            for seat in self.seats.values():
                seat.player.close()
        return 0

    @property
    def done(self) -> bool:
        return self.games is not None and self.finished >= self.games

    def session(self, socket: ClientConnection) -> int | None:
        """Play over one connection until it closes; its close code."""
        try:
            while not self.done:
                self.receive(socket, json.loads(socket.recv()))
        except ConnectionClosed as closed:
            return closed.rcvd.code if closed.rcvd is not None else None
        return 1000

    # -- messages --------------------------------------------------------------------------------

    def receive(self, socket: ClientConnection, found: dict[str, Any]) -> None:
        kind = found.get("type")
        if kind == "hello":
            self.greeted = True
            self.say("connect.connected", server=self.server, name=found.get("name"))
            playing = found.get("matches") or []
            for match_id in [m for m in self.seats if m not in playing]:  # it ended while the bridge was away
                self.end({"match_id": match_id})
        elif kind == "error":
            error = found.get("error")
            if isinstance(error, dict) and error.get("code") in ("unauthorized", "rate_limited", "busy"):
                self.say("connect.refused", message=error.get("message"))
        elif kind == "offers":
            self.accept(socket, found)
        elif kind == "match":
            self.begin(found)
        elif kind == "go":
            self.decide(socket, found)
        elif kind == "deal_over":
            socket.send(json.dumps({"type": "next", "match_id": found["match_id"], "version": found["version"]}))
        elif kind == "match_over":
            self.end(found)

    def accept(self, socket: ClientConnection, offers: dict[str, Any]) -> None:
        """Accept the first offer the policy takes, while the bot plays fewer matches than it may."""
        if len(self.seats) >= self.policy.max_matches:
            return
        candidates = [(o, True) for o in offers.get("challenges", []) if self.policy.challenges]
        candidates += [(o, False) for o in offers.get("seeks", []) if self.policy.seeks]
        for offer, challenge in candidates:
            if offer.get("id") in self.asked or not self.policy.takes(offer):
                continue
            self.asked.add(offer["id"])
            socket.send(json.dumps({"type": "accept", "id": offer["id"], "challenge": challenge}))
            self.say("connect.accepted", id=offer["id"], name=offer.get("name"))
            return

    def begin(self, found: dict[str, Any]) -> None:
        match_id = str(found["match_id"])
        if match_id in self.seats:  # told again after a reconnection: the match goes on
            return
        rules = Rules.from_options(str(found["rules"]), dict(found.get("options") or {}))
        player = self.make_player(self.command, self.movetime, self.start_failures)
        player.new_match(rules, int(found["seat"]))
        self.seats[match_id] = Seat(player, int(found["seat"]))
        self.say("connect.match", match_id=match_id, opponent=found.get("opponent"), seat=found["seat"])

    def decide(self, socket: ClientConnection, found: dict[str, Any]) -> None:
        """Answer a ``go``: the program's move, or a forfeit if it failed (a ``go`` seen before: its answer)."""
        seat = self.seats.get(str(found.get("match_id")))
        version = found.get("version")
        if seat is None or not isinstance(version, int) or not isinstance(found.get("view"), dict):
            return
        answer = seat.answers.get(version)
        if answer is None:
            try:
                answer = self.answer(seat, found, version)
            except ValueError as error:  # a view this bridge cannot read (a newer server's): asked again later
                self.say("connect.refused", message=str(error))
                return
            seat.answers = {version: answer}  # only the last is ever asked again
        socket.send(json.dumps(answer))

    def answer(self, seat: Seat, found: dict[str, Any], version: int) -> dict[str, Any]:
        view, deal = view_from_json(found["view"])
        reply: dict[str, Any] = {"match_id": found["match_id"], "version": version}
        try:
            if deal != seat.deal:
                seat.deal = deal
                seat.player.new_deal(view)
            seat.player.time_limit = self.time_limit(found.get("clock"))
            action = ask(seat.player, view)
        except BotFailure as failure:
            self.say("connect.forfeit", reason=str(failure))
            return {**reply, "type": "forfeit", "reason": str(failure)[:200]}
        return {**reply, "type": "move", "action": action.token}

    def time_limit(self, clock: object) -> float:
        """The program's time for this decision: ``movetime``, less if the move clock leaves less."""
        if not isinstance(clock, dict):
            return self.movetime
        left = float(clock.get("deadline", 0)) - float(clock.get("now", 0)) - MARGIN
        return max(0.1, min(self.movetime, left))

    def end(self, found: dict[str, Any]) -> None:
        seat = self.seats.pop(str(found.get("match_id")), None)
        if seat is None:
            return
        seat.player.close()
        self.finished += 1
        score = "–".join(str(n) for n in found.get("score", []))
        self.say("connect.match_over", match_id=found.get("match_id"), score=score)
