"""Presence across server processes: whether a seat has a socket open on any process of the database.

On PostgreSQL the seats of one match may be connected to different processes. Each process
writes a row of the ``presence`` table (the match, the seat, the process as the leases name it,
until when) when a seat's first socket opens there, deletes it when its last one closes, and
renews all its rows with its leases (:meth:`sixtysix.web.service.Service.keep_leases`, one
statement). A row whose time has passed means the seat is gone from that process (it died). A
seat is *connected* when this process has a socket of it or another process has an unexpired
row (:attr:`sixtysix.web.live.Audience.elsewhere`); each write sends ``NOTIFY`` on
:data:`~sixtysix.web.notify.PRESENCE_CHANNEL`, so the other processes read the match's rows
again and tell their sockets at once; an expired row is noticed at their next renewal.
``claim_match`` reads the rows again before it judges a seat gone.

SQLite serves one process: no rows, a seat's presence is this process's sockets.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from sixtysix.web.live import Audience
from sixtysix.web.middleware import ServerTime
from sixtysix.web.store import Store

log = logging.getLogger("sixtysix.web")


class MatchInMemory(Protocol):
    """A match in memory as its presence needs it (:class:`sixtysix.web.matches.Game`, which holds the presence
    through :attr:`sixtysix.web.matches.Matches.presence`): its id and its open sockets."""

    @property
    def id(self) -> str: ...

    @property
    def audience(self) -> Audience: ...


class Presence:
    """This process's open seats in the ``presence`` table, and the other processes' (PostgreSQL)."""

    def __init__(self, store: Store, server_time: ServerTime, seconds: float, holder: str) -> None:
        self.store = store
        self.server_time = server_time
        self.seconds = seconds
        """How long a row holds unless renewed (the lease period)."""
        self.holder = holder

    @property
    def shared(self) -> bool:
        """Whether there are other processes to share presence with (not on SQLite)."""
        return not self.store.sqlite

    def changed(self, game: MatchInMemory, seat: int, connected: bool) -> None:
        """``seat``'s first socket opened here (``connected``) or its last one closed."""
        if not self.shared:
            return
        until = self.server_time.wall() + self.seconds if connected else None
        try:
            self.store.set_presence(self.holder, game.id, seat, until)
        except SQLAlchemyError:  # why: a row not written is written at the next renewal, or runs out
            log.warning("writing the presence of match %s seat %s failed", game.id, seat, exc_info=True)

    def renew(self, games: Iterable[MatchInMemory]) -> None:
        """Renew the rows of every seat with a socket here, and read the other processes' (expired ones gone)."""
        if not self.shared:
            return
        games = list(games)
        now = self.server_time.wall()
        mine = [(game.id, seat) for game in games for seat, subs in game.audience.by_seat.items() if subs]
        self.store.renew_presence(self.holder, mine, now, now + self.seconds)
        self.refresh([game for game in games if game.audience])

    def refresh(self, games: Sequence[MatchInMemory]) -> None:
        """Read the seats the other processes have open for ``games``; tell their sockets of any change."""
        if not self.shared or not games:
            return
        found = self.store.present_elsewhere(self.holder, [game.id for game in games], self.server_time.wall())
        for game in games:
            if game.audience.elsewhere != found[game.id]:
                game.audience.elsewhere = found[game.id]
                game.audience.presence()

    def clear(self) -> None:
        """This process stops: none of its seats is connected here any more."""
        if self.shared:
            self.store.clear_presence(self.holder)
