"""Leases: of all the server processes on one database, exactly one drives a match's computer.

A match's computer moves (:class:`sixtysix.web.play.Scheduler`) only in the process that holds the
match's **lease**, a row of the ``leases`` table: the match, its holder (this process's name)
and until when it holds it. A process takes the lease when the computer is to act and the
lease is free (no row, or its time has passed, or its own), in one transaction of conditional
statements the database serializes (:meth:`~sixtysix.web.store.Store.take_lease`): two processes never
both hold one match. The holder renews all its leases every third of the period in one
transaction (:meth:`Leases.renew`) and gives one back when the match leaves its memory or ends,
and all of them when it stops. A process that dies (``kill -9``, a lost machine) renews
nothing: once its leases' time has passed, the next process that holds the match in memory,
or is asked for it, takes them over, and its computer moves.

The lease only chooses who drives; it is not what keeps a move from being stored twice. A
holder that was stalled past its lease may still finish a move it was thinking about: the
database stores a change only on the version it was made on (:meth:`~sixtysix.web.store.Store.commit`),
so of two moves made on one version exactly one is stored.

The move clock and the expiry of abandoned matches need no lease: nothing happens by itself
when they run out (a person claims, and a claim is a change like any other, stored once),
and both count from the match's last change as stored, the same in every process.

SQLite serves one process: every process on a SQLite file has the same name, so a server
restarted after a crash takes its matches back at once instead of waiting for the leases of
the dead one.
"""

from __future__ import annotations

import logging
import os
import secrets
import socket

from sqlalchemy.exc import SQLAlchemyError

from sixtysix.web.middleware import ServerTime
from sixtysix.web.store import Store

SQLITE_HOLDER = "sqlite"
"""The one holder of a SQLite file's leases."""

log = logging.getLogger("sixtysix.web")


def holder_name(store: Store) -> str:
    """This process's name as a holder: its machine, its process id and a random part (PostgreSQL)."""
    if store.sqlite:
        return SQLITE_HOLDER
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class Leases:
    """The leases this process holds, as it took or last renewed them (used from the event loop)."""

    def __init__(self, store: Store, server_time: ServerTime, seconds: float, holder: str | None = None) -> None:
        self.store = store
        self.server_time = server_time
        self.seconds = seconds
        """How long a lease holds unless renewed (:attr:`~sixtysix.web.limits.Limits.lease_seconds`)."""
        self.holder = holder or holder_name(store)
        self.held: dict[str, float] = {}
        """Match id -> until when this process holds it (server wall time)."""

    def holds(self, match_id: str) -> bool:
        """Whether this process holds the match's lease now (no database round trip)."""
        return self.held.get(match_id, 0.0) > self.server_time.wall()

    def take(self, match_id: str) -> bool:
        """Hold the match's lease (taken, or taken over from a holder whose time passed); whether this process does."""
        if self.holds(match_id):
            return True
        now = self.server_time.wall()
        until = now + self.seconds
        try:
            taken = self.store.take_lease(match_id, self.holder, now, until)
        except SQLAlchemyError:  # why: a database that does not answer now is asked again at the next renewal
            log.warning("taking the lease of match %s failed", match_id, exc_info=True)
            taken = False
        if taken:
            self.held[match_id] = until
        else:
            self.held.pop(match_id, None)
        return taken

    def free(self, match_ids: list[str]) -> list[str]:
        """Those of ``match_ids`` that no other process holds now (one query; they may be taken)."""
        if not match_ids:
            return []
        busy = self.store.held_elsewhere(self.holder, match_ids, self.server_time.wall())
        return [match_id for match_id in match_ids if match_id not in busy]

    def renew(self) -> None:
        """Renew every lease this process holds; those another process took meanwhile are dropped."""
        if not self.held:
            return
        now = self.server_time.wall()
        until = now + self.seconds
        kept = self.store.renew_leases(self.holder, now, until)
        self.held = {match_id: until for match_id in self.held if match_id in kept}

    def release(self, match_id: str) -> None:
        """Give the match's lease back (if held)."""
        if self.held.pop(match_id, None) is not None:
            try:
                self.store.release_leases(self.holder, [match_id])
            except SQLAlchemyError:  # why: a lease not given back runs out instead
                log.warning("giving back the lease of match %s failed", match_id, exc_info=True)

    def release_all(self) -> None:
        """Give every lease back (a server that stops: another process takes over at once)."""
        self.held.clear()
        self.store.release_leases(self.holder)
