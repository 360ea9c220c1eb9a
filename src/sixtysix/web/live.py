"""Publish and subscribe: the open WebSockets of a match, by seat, and what is pushed to them: whole states or patches.

Each open WebSocket is a :class:`Subscriber`: its messages (JSON, UTF-8 bytes) go straight to
the socket (``deliver``, when the server gives the app a direct link to it,
:mod:`sixtysix.web.server`) or wait in a queue for a writer task. A match's
:class:`Audience` holds its subscribers by seat; after every change :meth:`Audience.broadcast`
sends each socket its own seat's state (never another seat's): the whole state, or to a
socket that asked for patches, what changed since the state it last received
(:func:`diff`, below). :meth:`Audience.presence` tells everybody who is connected.

>>> audience = Audience((1, 2))
>>> sub = Subscriber()
>>> audience.add(1, sub), audience.connected()
(True, {1: True, 2: False})
>>> audience.broadcast(lambda seat: {"seat": seat, "version": 4})
>>> sub.queue.get_nowait()
b'{"type":"state","state":{"seat":1,"version":4}}'
>>> patching = Subscriber(patches=True)
>>> patching.send_state({"seat": 1, "version": 4})
>>> _ = audience.add(1, patching)
>>> audience.broadcast(lambda seat: {"seat": seat, "version": 5})
>>> patching.queue.get_nowait(), patching.queue.get_nowait()
(b'{"type":"state","state":{"seat":1,"version":4}}', b'{"type":"patch","from":4,"patch":{"version":5}}')

**State patches**: what changed in a seat's state since the state a socket last received.

After every change of a match, a socket that asked for patches (docs/web-api.md, "WebSocket")
gets a ``patch`` message instead of the whole new state: :func:`diff` of the state it last
received and the new one. The page applies it with the same rules (``js/patch.js``) and has
the new state, equal to the one the server built; the page still learns nothing it could not
read from that state, and computes no game fact.

A patch is a JSON object, applied to an object (the state, or an object inside it):

* each key of the patch sets that key of the object to the patch's value, except that
* a value that is an object, where the object's value is an object too, is a patch of it,
  applied in turn (so an object never replaces an object: its changed keys do);
* ``{"$append": [...]}``, where the object's value is a list, adds those items at its end;
* ``"$del": [keys]`` removes those keys.

>>> old = {"version": 3, "deal": {"talon": 8, "history": ["a"], "trick": ["Ah"]}, "you": {"claim_holds": None}}
>>> new = {"version": 4, "deal": {"talon": 8, "history": ["a", "b"], "trick": []}, "you": {}}
>>> patch = diff(old, new)
>>> patch
{'version': 4, 'deal': {'history': {'$append': ['b']}, 'trick': []}, 'you': {'$del': ['claim_holds']}}
>>> apply(old, patch) == new
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterable
from typing import Any, Protocol

import orjson

APPEND = "$append"
"""The key of a patch value that adds items at the end of a list."""
DELETE = "$del"
"""The key of a patch whose value lists the keys to remove."""

SLOW_CLIENT_MESSAGES = 256
"""Without a direct link: a socket with this many messages waiting for its writer is dropped
(its client does not read them; see :data:`sixtysix.web.server.SLOW_CLIENT_BYTES`)."""

DIRECT = "sixtysix.direct"
"""The ASGI scope extension under which the server offers a WebSocket's :class:`DirectLink`."""


class DirectLink(Protocol):
    """A direct link to an open WebSocket (:class:`sixtysix.web.server.MatchSocketProtocol`): messages
    are sent and handled as they come, without the ASGI queue, a task or a framework between."""

    def write_text(self, message: bytes) -> None:
        """Send one text message (UTF-8 JSON) now; nothing if the socket is closing."""

    def attach(self, handle: Callable[[str], None]) -> None:
        """From now on (messages already received first) call ``handle`` with each text message received."""


class Subscriber:
    """One open WebSocket: messages go to ``deliver`` at once, or else wait in :attr:`queue` for a writer task.

    ``patches``: the socket asked for patches (after a first whole state) rather than whole states.
    A queue holds at most :data:`SLOW_CLIENT_MESSAGES`: then the subscriber is :attr:`dropped`, its
    queue emptied and ended, and ``on_drop`` called (to close the socket).

    >>> sub = Subscriber()
    >>> for n in range(SLOW_CLIENT_MESSAGES + 5):
    ...     sub.send(b"{}")
    >>> sub.dropped, sub.queue.qsize(), sub.queue.get_nowait()
    (True, 1, None)
    """

    def __init__(self, deliver: Callable[[bytes], None] | None = None, *, patches: bool = False) -> None:
        self.queue: asyncio.Queue[bytes | None] | None = None
        if deliver is None:
            self.queue = asyncio.Queue()
            deliver = self._enqueue
        self.deliver = deliver
        self.patches = patches
        self.on_drop: Callable[[], None] | None = None
        """What closes the socket once it is dropped (its writer task's owner sets it)."""
        self.dropped = False
        """Its client read too little: nothing more is sent (:data:`SLOW_CLIENT_MESSAGES`)."""
        self.base: dict[str, Any] | None = None
        """The state this socket last received (whole or patched): the next patch's starting point."""

    def send(self, message: bytes) -> None:
        self.deliver(message)

    def _enqueue(self, message: bytes) -> None:
        assert self.queue is not None
        if self.dropped:
            return
        if self.queue.qsize() < SLOW_CLIENT_MESSAGES:
            self.queue.put_nowait(message)
            return
        self.dropped = True
        while not self.queue.empty():
            self.queue.get_nowait()
        self.queue.put_nowait(None)
        if self.on_drop is not None:
            self.on_drop()

    def send_state(self, state: dict[str, Any], reply_to: object = None) -> None:
        """The whole state (on connecting, or asked for); the next patch starts from it."""
        self.base = state
        self.send(state_message(state, reply_to))

    def close(self) -> None:
        """End the writer task (a socket with a direct link is closed by the server itself)."""
        if self.queue is not None:
            self.queue.put_nowait(None)


def state_message(state: dict[str, Any], reply_to: object = None) -> bytes:
    """A ``state`` message, answering the client's message ``reply_to`` if given."""
    text = orjson.dumps({"type": "state", "state": state})
    return answer(text, reply_to) if reply_to is not None else text


def patch_message(base: dict[str, Any], state: dict[str, Any]) -> bytes:
    """A ``patch`` message: what turns ``base`` (at version ``from``) into ``state``."""
    return orjson.dumps({"type": "patch", "from": base.get("version"), "patch": diff(base, state)})


def message(kind: str, **fields: object) -> bytes:
    """Any other message, as JSON.

    >>> message("pong", reply_to="c8")
    b'{"type":"pong","reply_to":"c8"}'
    """
    return orjson.dumps({"type": kind, **fields})


def answer(encoded: bytes, reply_to: object) -> bytes:
    """The JSON object ``encoded`` with ``reply_to`` added (its last key), without encoding it again.

    >>> answer(state_message({"version": 3}), "7")
    b'{"type":"state","state":{"version":3},"reply_to":"7"}'
    """
    return encoded[:-1] + b',"reply_to":' + orjson.dumps(reply_to) + b"}"


class Audience:
    """The subscribers of one match, by seat."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.by_seat: dict[int, set[Subscriber]] = {seat: set() for seat in seats}
        self.elsewhere: set[int] = set()
        """The seats with a socket open on another server process (:mod:`sixtysix.web.presence`)."""
        self.spectators: set[Subscriber] = set()
        """The sockets of people who watch the match (:mod:`sixtysix.web.watch`): they hold no seat."""

    def add(self, seat: int, sub: Subscriber) -> bool:
        """Subscribe; whether it is the seat's first open socket (then its presence changed)."""
        first = not self.by_seat[seat]
        self.by_seat[seat].add(sub)
        return first

    def remove(self, seat: int, sub: Subscriber) -> bool:
        """Unsubscribe; whether the seat has no open socket left (then its presence changed)."""
        self.by_seat[seat].discard(sub)
        return not self.by_seat[seat]

    def connected(self) -> dict[int, bool]:
        """Whether each seat has a socket open, here or on another server process."""
        return {seat: bool(subs) or seat in self.elsewhere for seat, subs in self.by_seat.items()}

    def __bool__(self) -> bool:
        return bool(self.spectators) or any(self.by_seat.values())

    def broadcast_spectators(self, state: dict[str, Any]) -> None:
        """Send every spectator the spectator state (the same for all), whole or as a patch."""
        _send_all(self.spectators, state)

    def broadcast(
        self,
        state_of: Callable[[int], dict[str, Any]],
        origin: Subscriber | None = None,
        reply_to: object = None,
    ) -> None:
        """Send each open socket its seat's current state (built once per seat with a socket), whole or
        as a patch (one per distinct starting point); ``origin``'s message is answered."""
        for seat, subs in self.by_seat.items():
            if subs:
                _send_all(subs, state_of(seat), origin, reply_to)

    def presence(self, skip: Subscriber | None = None) -> None:
        """Tell every socket (but ``skip``) which seats are connected."""
        text = message("presence", connected={str(s): v for s, v in self.connected().items()})
        for subs in (*self.by_seat.values(), self.spectators):
            for sub in subs:
                if sub is not skip:
                    sub.send(text)

    def close(self) -> None:
        """End every writer task (the server stops)."""
        for subs in (*self.by_seat.values(), self.spectators):
            for sub in subs:
                sub.close()


def _send_all(
    subs: Iterable[Subscriber], state: dict[str, Any], origin: Subscriber | None = None, reply_to: object = None
) -> None:
    """Send ``state`` to each of ``subs``: whole, or as a patch (one per distinct starting point)."""
    whole: bytes | None = None
    patches: list[tuple[dict[str, Any], bytes]] = []
    for sub in subs:
        base = sub.base
        if sub.patches and base is not None:
            encoded = next((m for b, m in patches if b is base), None)
            if encoded is None:
                encoded = patch_message(base, state)
                patches.append((base, encoded))
        else:
            encoded = whole = whole or state_message(state)
        sub.base = state
        sub.send(answer(encoded, reply_to) if sub is origin and reply_to is not None else encoded)


# State patches (the module's docstring, "State patches"); js/patch.js applies them the same way.


def diff(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The patch that turns ``old`` into ``new`` (empty if they are equal). Neither is changed.

    Parts that are the same object in both (the seat states share what did not change) cost
    one identity check.
    """
    patch: dict[str, Any] = {}
    kept = 0
    for key, value in new.items():
        before = old.get(key, _MISSING)
        if before is _MISSING:
            patch[key] = value
            continue
        kept += 1
        if before is value:
            continue
        kind = type(value)
        if kind is dict and type(before) is dict:
            inner = diff(before, value)
            if inner:
                patch[key] = inner
        elif kind is not type(before) or before != value:
            if kind is list and 0 < len(before) < len(value) and value[: len(before)] == before:
                patch[key] = {APPEND: value[len(before) :]}
            else:
                patch[key] = value
    if kept < len(old):
        patch[DELETE] = [key for key in old if key not in new]
    return patch


_MISSING = object()


def apply(state: dict[str, Any], patch: dict[str, Any]) -> dict[str, Any]:
    """The state ``patch`` makes of ``state``: a new object (``state`` is not changed; the parts
    the patch does not touch are shared)."""
    out = dict(state)
    for key, value in patch.items():
        if key == DELETE:
            for gone in value:
                out.pop(gone, None)
            continue
        before = out.get(key)
        if type(value) is dict and type(before) is list and APPEND in value:
            out[key] = before + value[APPEND]
        elif type(value) is dict and type(before) is dict:
            out[key] = apply(before, value)
        else:
            out[key] = value
    return out
