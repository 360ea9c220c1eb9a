"""Publish and subscribe: the open WebSockets of a match, by seat, and what is pushed to them.

Each open WebSocket is a :class:`Subscriber` whose writer task sends its queued messages
in order. A match's :class:`Audience` holds its subscribers by seat; after every change
:meth:`Audience.broadcast` sends each socket its own seat's state (never another seat's),
and :meth:`Audience.presence` tells everybody who is connected.

>>> audience = Audience((1, 2))
>>> sub = Subscriber()
>>> audience.add(1, sub), audience.connected()
(True, {1: True, 2: False})
>>> audience.broadcast(lambda seat: {"seat": seat})
>>> sub.queue.get_nowait()
'{"type":"state","state":{"seat":1}}'
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable, Iterable


class Subscriber:
    """One open WebSocket: messages (JSON text) wait in a queue for its writer task."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()

    def send(self, text: str) -> None:
        self.queue.put_nowait(text)

    def close(self) -> None:
        self.queue.put_nowait(None)


_STATE_ENCODER = json.JSONEncoder(separators=(",", ":"), check_circular=False)
"""Encodes seat states: trees of fresh dicts and lists (no cycle to look for, which costs a fifth
of the encoding)."""


def state_message(state: dict[str, object], reply_to: object = None) -> str:
    """A ``state`` message, answering the client's message ``reply_to`` if given."""
    text = _STATE_ENCODER.encode({"type": "state", "state": state})
    return answer(text, reply_to) if reply_to is not None else text


def answer(message: str, reply_to: object) -> str:
    """The JSON object ``message`` with ``reply_to`` added (its last key), without encoding it again.

    >>> answer(state_message({"version": 3}), "7")
    '{"type":"state","state":{"version":3},"reply_to":"7"}'
    """
    return f'{message[:-1]},"reply_to":{json.dumps(reply_to)}}}'


class Audience:
    """The subscribers of one match, by seat."""

    def __init__(self, seats: Iterable[int]) -> None:
        self.by_seat: dict[int, set[Subscriber]] = {seat: set() for seat in seats}

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
        return {seat: bool(subs) for seat, subs in self.by_seat.items()}

    def __bool__(self) -> bool:
        return any(self.by_seat.values())

    def broadcast(
        self,
        state_of: Callable[[int], dict[str, object]],
        origin: Subscriber | None = None,
        reply_to: object = None,
    ) -> None:
        """Send each open socket its seat's current state; ``origin``'s message is answered."""
        for seat, subs in self.by_seat.items():
            if not subs:
                continue
            text = state_message(state_of(seat))
            for sub in subs:
                sub.send(answer(text, reply_to) if sub is origin and reply_to is not None else text)

    def presence(self, skip: Subscriber | None = None) -> None:
        """Tell every socket (but ``skip``) which seats are connected."""
        text = json.dumps({"type": "presence", "connected": {str(s): v for s, v in self.connected().items()}})
        for subs in self.by_seat.values():
            for sub in subs:
                if sub is not skip:
                    sub.send(text)

    def close(self) -> None:
        """End every writer task (the server stops)."""
        for subs in self.by_seat.values():
            for sub in subs:
                sub.close()
