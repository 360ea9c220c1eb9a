"""Many server processes on one PostgreSQL database: each change of a match is published to all of them.

PostgreSQL's own ``LISTEN``/``NOTIFY`` is the publish/subscribe service: no other service to
run. :meth:`sixtysix.web.store.Store.commit` sends ``NOTIFY sixtysix_changes, 'MATCH VERSION DETAIL'``
in the transaction of every change, so the notification goes out when (and only if) the change
is committed. Every server process listens on the channel with a :class:`Listener` (a thread
with a connection of its own); a process that holds the match in memory at an older version
brings it up to date and sends each of its sockets its seat's new state
(:meth:`sixtysix.web.service.Service.changed_elsewhere`). The payload carries the change itself
after the match and its version (``MATCH VERSION DETAIL``, the detail the JSON of
:func:`sixtysix.web.store.change_detail`): a process holding the match at the change's base
version replays it on its copy, with no query. A process at another version, or a payload
without its detail (a change too long for PostgreSQL's 8,000 bytes), reads what changed from
the database: it stays the one source of every state.

SQLite has one server process, and no listener.

A seat whose socket opens or closes on a process is announced on :data:`PRESENCE_CHANNEL`
(:mod:`sixtysix.web.presence`). The analysis queue (:mod:`sixtysix.web.jobs`) has a channel of
its own, :data:`JOBS_CHANNEL`: a worker that finishes a job sends its id, and the server waiting
for it answers at once. And one for queued jobs, :data:`QUEUED_CHANNEL`: a server that queues a
job (or a worker that gives one back) sends its id, and the workers waiting for work look at the
queue at once.
And one for the lobby, :data:`LOBBY_CHANNEL`: every change of the seeks and challenges sends the
lobby's new version (:mod:`sixtysix.web.lobby`), and each process pushes the lists to its lobby
sockets (:mod:`sixtysix.web.lobby_live`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

from sqlalchemy import Engine

log = logging.getLogger("sixtysix.web")

CHANNEL = "sixtysix_changes"
"""The channel of every match's changes (one channel: a process listens once, whatever it holds)."""
JOBS_CHANNEL = "sixtysix_jobs"
"""The channel of the analysis queue's finished jobs (payload: the job's id)."""
PRESENCE_CHANNEL = "sixtysix_presence"
"""The channel of the seats that came or went on a process (payload: the match's id and the process's name;
:mod:`sixtysix.web.presence`)."""
QUEUED_CHANNEL = "sixtysix_queued"
"""The channel of the analysis queue's newly queued jobs (payload: the job's id): the workers listen."""
LOBBY_CHANNEL = "sixtysix_lobby"
"""The channel of the lobby's changes (payload: the lobby's new version; :mod:`sixtysix.web.lobby_live`)."""
RECONNECT_SECONDS = 1.0
"""How long a listener whose connection broke waits before it connects again."""


MAX_PAYLOAD_BYTES = 7999
"""The longest payload PostgreSQL sends (it refuses one of 8,000 bytes or more)."""


def payload(match_id: str, version: int, detail: str = "") -> str:
    """The text of one change's notification: with ``detail`` if it fits in :data:`MAX_PAYLOAD_BYTES`.

    >>> payload("m1", 7), payload("m1", 7, "[1]"), payload("m1", 7, "x" * 8000)
    ('m1 7', 'm1 7 [1]', 'm1 7')
    """
    text = f"{match_id} {version}"
    if detail and len(text) + 1 + len(detail.encode("utf-8")) <= MAX_PAYLOAD_BYTES:
        return f"{text} {detail}"
    return text


def parse_job(text: str) -> tuple[int] | None:
    """The job of a notification on :data:`JOBS_CHANNEL` (``None`` for anything else).

    >>> parse_job("12"), parse_job("m1 7")
    ((12,), None)
    """
    return (int(text),) if text.isdigit() else None


def parse_match(text: str) -> tuple[str, str] | None:
    """The match and the process (``""`` if not given) of a notification on :data:`PRESENCE_CHANNEL`
    (``MATCH HOLDER``; ``None`` for an empty one).

    >>> parse_match("m1 host:7:ab"), parse_match("m1"), parse_match("")
    (('m1', 'host:7:ab'), ('m1', ''), None)
    """
    match_id, _, holder = text.partition(" ")
    return (match_id, holder) if match_id else None


def parse(text: str) -> tuple[str, int, str] | None:
    """The match, version and detail (``""`` for none) of a notification's text (``None`` for anything else).

    >>> parse("m1 7"), parse("m1 7 [1, 2]"), parse("garbage")
    (('m1', 7, ''), ('m1', 7, '[1, 2]'), None)
    """
    match_id, _, rest = text.partition(" ")
    version, _, detail = rest.partition(" ")
    return (match_id, int(version), detail) if match_id and version.isdigit() else None


class Listener:
    """A thread that listens on :data:`CHANNEL` and calls ``changed(match_id, version, detail)`` for each change
    (or on ``channel``, with the values ``parse_payload`` reads).

    ``changed`` is called in the listener's thread: it must hand the work over (the service
    passes it to its event loop). A broken connection is made again; the changes published
    meanwhile are missed, so ``reconnected()`` is called then (the service reloads what it holds).
    """

    def __init__(
        self,
        engine: Engine,
        changed: Callable[..., object],
        reconnected: Callable[[], object] | None = None,
        channel: str = CHANNEL,
        parse_payload: Callable[[str], tuple[object, ...] | None] = parse,
    ) -> None:
        self.conninfo = engine.url.set(drivername="postgresql").render_as_string(hide_password=False)
        self.changed = changed
        self.channel = channel
        self.parse_payload = parse_payload
        self.reconnected = reconnected
        self.stopping = threading.Event()
        self.listening = threading.Event()
        """Set once the first ``LISTEN`` is in place (the tests wait for it)."""
        self.thread = threading.Thread(target=self._run, name="sixtysix-listen", daemon=True)

    def start(self) -> Listener:
        self.thread.start()
        return self

    def _run(self) -> None:
        import psycopg  # why: only a process on PostgreSQL needs the driver itself

        first = True
        while not self.stopping.is_set():
            try:
                with psycopg.connect(self.conninfo, autocommit=True) as connection:
                    connection.execute(f"LISTEN {self.channel}")
                    self.listening.set()
                    if not first and self.reconnected is not None:
                        self.reconnected()
                    first = False
                    while not self.stopping.is_set():
                        for notification in connection.notifies(timeout=0.5):
                            found = self.parse_payload(notification.payload)
                            if found is not None:
                                self.changed(*found)
            except psycopg.Error:
                log.warning("listening for changes failed; connecting again", exc_info=True)
                self.stopping.wait(RECONNECT_SECONDS)

    def stop(self) -> None:
        """End the thread (within half a second)."""
        self.stopping.set()
        self.thread.join(5)
