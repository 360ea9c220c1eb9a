"""The web app's database: matches, seats, deals, every action, reviews; on SQLite or PostgreSQL.

The queries are SQLAlchemy Core on the tables of :mod:`sixtysix.web.schema`, the same for
both databases. One :class:`Store` per
server process, used from its event loop thread (and, guarded by a lock, from worker
threads). Every change of a match is one transaction that also sets the match's new
``version``, and only if the database still holds the version the change was made on: two
connections racing on one match never both store (:meth:`Store.commit`). The server commits
before it acknowledges or broadcasts the change, so that a restarted server rebuilds every
match exactly by replaying its deals and actions (``draw`` and ``pass`` included).

Seat tokens are stored as SHA-256 hashes only. Invitation codes are stored as hashes too:
the code is shown once, when the match is created (the columns ``invite_code`` and
``invites.code`` hold a plain code only in a match stored by an older server; ``rematches.code``
holds the invitation's hash).

**The engine.** One SQLAlchemy engine per server process (:func:`engine_for`), on either of two databases:

* **SQLite** (the default, embedded, no service): a file path or ``sqlite:///PATH``. Every
  transaction is ``BEGIN IMMEDIATE``, so writers queue in the database; the file is in WAL
  mode with ``synchronous=NORMAL`` (a committed transaction survives a crash of the process)
  and is checkpointed by a thread of its own (:class:`Checkpointer`).
* **PostgreSQL**: ``postgresql://…`` (``postgres://`` too), spoken to with psycopg 3
  (``postgresql+psycopg://``).

:func:`upgrade` runs the Alembic migrations (:mod:`sixtysix.web.migrations`) to the newest
revision; a SQLite file made before there were migrations is given the columns it lacks and
stamped with the first revision first. ``sixtysix serve`` upgrades at its start, and
``sixtysix db upgrade`` does it alone.

>>> database_url("games/web.sqlite3").endswith("/games/web.sqlite3")
True
>>> database_url("postgresql://ann@db.example.org/sixtysix")
'postgresql+psycopg://ann@db.example.org/sixtysix'
>>> database_url(":memory:")
'sqlite://'

>>> store = Store(":memory:")
>>> row = MatchRow("m1", 1.0, 1.0, "seed66", {}, 7, 2, "computer", True, 0, "playing")
>>> seats = [SeatRow(1, "Ann", "human", None, token_hash("t1")), SeatRow(2, "CPU", "computer", 3, None)]
>>> store.create_match(row, seats)
>>> store.seat_for_token(token_hash("t1"))
('m1', 1)
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import (
    Connection,
    Engine,
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    or_,
    select,
    update,
)
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.pool import StaticPool

from sixtysix.core.fairness import DealSeeds
from sixtysix.web import schema
from sixtysix.web.notify import CHANNEL, PRESENCE_CHANNEL, payload

log = logging.getLogger("sixtysix.web")

MIGRATIONS = Path(__file__).parent / "migrations"
FIRST_REVISION = "0001"
"""The revision of the schema the web app had before it had migrations."""
UPGRADE_LOCK = 660066
"""The PostgreSQL advisory lock held while migrating: two processes starting at once migrate one after the other."""

LEGACY_COLUMNS = {
    "matches": (
        "score3 INTEGER NOT NULL DEFAULT 0",
        "fairness_secret TEXT",
        "forfeit INTEGER",
        "forfeit_claimant INTEGER",
    ),
    "deals": ("commitment TEXT", "server_seed TEXT", "client_seeds TEXT"),
    "seats": ("client_seed TEXT NOT NULL DEFAULT ''",),
}
"""The columns SQLite files of the web app's first versions lack (they were added without migrations)."""
LEGACY_PUZZLES = """CREATE TABLE IF NOT EXISTS puzzle_solvers (
    token_hash TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, skill TEXT NOT NULL)"""


def token_hash(token: str) -> str:
    """The stored form of a seat token or an invitation code."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class MatchRow:
    id: str
    created: float
    updated: float
    preset: str
    options: dict[str, str]
    target: int
    first_dealer: int
    kind: str
    hints: bool
    version: int
    status: str
    invite_hash: str | None = None
    invite_code: str | None = None
    invite_used: bool = False
    invite_seat: int | None = None
    score: tuple[int, ...] = (0, 0, 0)
    """Game points of seats 1-3 (two-player and four-handed matches use the first two)."""
    winner: int | None = None
    deals: int = 0
    fairness_secret: str | None = None
    """The secret each deal's server seed comes from (docs/fairness.md); ``None`` in an older database."""
    forfeit: int | None = None
    """The seat that forfeited the match (its move clock ran out and it was gone: ``claim_match``), else ``None``."""
    forfeit_claimant: int | None = None
    """The seat that claimed the match from it."""
    spectators: bool = False
    """Anyone may watch the match (:mod:`sixtysix.web.watch`)."""
    spectator_delay: int = 0
    """How many actions behind the live match its spectators are shown it."""


@dataclass
class InviteRow:
    """The invitation to one open seat of a three- or four-handed match."""

    seat: int
    host: int
    code_hash: str
    code: str | None
    used: bool = False


@dataclass
class SeatRow:
    seat: int
    name: str
    kind: str
    level: int | None
    token_hash: str | None
    client_seed: str = ""
    """The client seed the seat's browser sent (docs/fairness.md); ``""`` for none."""


@dataclass
class DealRow:
    number: int
    dealer: int
    deck: tuple[str, ...]
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: dict[str, object] | None = None
    seeds: DealSeeds | None = None
    """The deal's committed seeds (``None`` for a deal stored before deals were committed)."""


@dataclass
class StoredMatch:
    """Everything stored about one match."""

    row: MatchRow
    seats: dict[int, SeatRow]
    deals: list[DealRow]
    invites: dict[int, InviteRow] = field(default_factory=dict)


@dataclass
class Change:
    """One transaction: the match's new version and summary, new deals, new actions, results."""

    match_id: str
    version: int
    status: str
    score: tuple[int, ...]
    winner: int | None
    deals: int
    new_deals: list[tuple[int, int, str]] = field(default_factory=list)
    """(number, dealer, deck text)"""
    deal_seeds: list[tuple[int, DealSeeds]] = field(default_factory=list)
    """(number, the seeds of that new deal, the server seed included)"""
    actions: list[tuple[int, int, int, str]] = field(default_factory=list)
    """(deal, seq, seat, token)"""
    results: list[tuple[int, dict[str, object]]] = field(default_factory=list)
    """(deal number, result columns)"""
    seat_update: tuple[int, str, str] | None = None
    """(seat, name, token hash) for a join"""
    seed_update: tuple[int, str] | None = None
    """(seat, client seed): a seat's new client seed, sent with a join or a ``next``."""
    invite_used: bool = False
    invite_seat_used: int | None = None
    """Three- and four-handed: the seat whose invitation this join used."""
    match_forfeit: tuple[int, int] | None = None
    """(the seat that forfeited the match, the seat that claimed it): the match ends so."""
    base: int | None = None
    """The match's version the change was made on: stored only if the database still holds that version
    (``None``: not checked)."""


def change_detail(change: Change, updated: float) -> str:
    """A change as the detail of its notification (:mod:`sixtysix.web.notify`): JSON of what another server
    process needs to replay it on its copy of the match (the results are not sent: the replay makes them).
    ``""`` for a change made on no known version (``base`` ``None``), which is read from the database."""
    if change.base is None:
        return ""
    seeds = [[n, s.commitment, list(s.client_seeds), s.server_seed] for n, s in change.deal_seeds]
    return json.dumps(
        [
            change.base,
            updated,
            change.status,
            list(change.score),
            change.winner,
            change.deals,
            change.new_deals,
            seeds,
            change.actions,
            change.seat_update,
            change.seed_update,
            change.invite_used,
            change.invite_seat_used,
            change.match_forfeit,
        ],
        separators=(",", ":"),
    )


def change_of_detail(match_id: str, version: int, detail: str) -> tuple[Change, float] | None:
    """The change (and the time it was stored) of a notification's detail; ``None`` for none or one unreadable.

    >>> change = Change("m1", 9, "playing", (0, 0), None, 1, actions=[(1, 4, 2, "T-H")], base=8)
    >>> change_of_detail("m1", 9, change_detail(change, 5.0)) == (change, 5.0)
    True
    >>> change_of_detail("m1", 9, ""), change_of_detail("m1", 9, "[1, 2]")
    (None, None)
    """
    try:
        (base, updated, status, score, winner, deals, new_deals, seeds, actions, seat_update, seed_update,
         invite_used, invite_seat_used, match_forfeit) = json.loads(detail)  # fmt: skip
        return Change(
            match_id,
            version,
            str(status),
            tuple(int(p) for p in score),
            winner,
            int(deals),
            new_deals=[(int(n), int(dealer), str(deck)) for n, dealer, deck in new_deals],
            deal_seeds=[(int(n), DealSeeds(c, tuple(clients), server)) for n, c, clients, server in seeds],
            actions=[(int(d), int(q), int(seat), str(token)) for d, q, seat, token in actions],
            seat_update=None if seat_update is None else (int(seat_update[0]), str(seat_update[1]), seat_update[2]),
            seed_update=None if seed_update is None else (int(seed_update[0]), str(seed_update[1])),
            invite_used=bool(invite_used),
            invite_seat_used=invite_seat_used,
            match_forfeit=None if match_forfeit is None else (int(match_forfeit[0]), int(match_forfeit[1])),
            base=int(base),
        ), float(updated)
    except (ValueError, TypeError):  # why: an empty or foreign detail: the match is read from the database
        return None


RESULT_COLUMNS = (
    "termination",
    "winner",
    "game_points",
    "credited",
    "closer",
    "claimant",
    "win_kind",
    "points1",
    "points2",
    "tricks1",
    "tricks2",
)


MATCH_COLUMNS = (
    "id",
    "created",
    "updated",
    "preset",
    "options",
    "target",
    "first_dealer",
    "kind",
    "hints",
    "version",
    "status",
    "invite_hash",
    "invite_code",
    "invite_used",
    "invite_seat",
    "score1",
    "score2",
    "score3",
    "winner",
    "deals",
    "fairness_secret",
    "forfeit",
    "forfeit_claimant",
    "spectators",
    "spectator_delay",
)
"""The columns of the ``matches`` table that make a :class:`MatchRow`."""

SUMMARY_COLUMNS = tuple(
    c
    for c in MATCH_COLUMNS
    if c not in ("invite_hash", "invite_code", "invite_seat", "fairness_secret", "spectators", "spectator_delay")
)
"""The columns the history list reads (no invitation code or hash, no secret)."""


def match_row_of(columns: Sequence[str], row: Sequence[object]) -> MatchRow:
    """The :class:`MatchRow` of a ``matches`` row read as ``columns`` (left-out fields keep their defaults).

    >>> row = ("m1", 1.0, 2.0, "seed66", '{"a": "b"}', 7, 2, "friend", 1, 5, "over", 0, 3, 4, 0, 1, 2, 2, 1)
    >>> m = match_row_of(SUMMARY_COLUMNS, row)
    >>> m.options, m.hints, m.invite_used, m.score, m.invite_code, m.deals, m.forfeit
    ({'a': 'b'}, True, False, (3, 4, 0), None, 2, 2)
    """
    values: dict[str, Any] = dict(zip(columns, row, strict=True))
    score = (values.pop("score1"), values.pop("score2"), values.pop("score3"))
    values["options"] = json.loads(values["options"])
    values["hints"] = bool(values["hints"])
    values["invite_used"] = bool(values["invite_used"])
    if "spectators" in values:
        values["spectators"] = bool(values["spectators"])
    return MatchRow(score=score, **values)


class _SQL:
    """The statements of :meth:`Store.commit`, built once (building one costs more than running it)."""

    m, s, d, i = schema.matches, schema.seats, schema.deals, schema.invites
    this_match = m.c.id == bindparam("p_match")
    summary = ("version", "status", "score1", "score2", "score3", "winner", "deals", "updated")
    update_match_unchecked = update(m).where(this_match).values({c: bindparam(f"p_{c}") for c in summary})
    update_match = update_match_unchecked.where(m.c.version == bindparam("p_base"))
    notify = select(func.pg_notify(bindparam("p_channel"), bindparam("p_payload")))
    forfeit_match = (
        update(m).where(this_match).values(forfeit=bindparam("p_forfeit"), forfeit_claimant=bindparam("p_claimant"))
    )
    use_invitation = update(m).where(this_match).values(invite_used=1, invite_code=None)
    use_seat_invitation = (
        update(i).where(i.c.match_id == bindparam("p_match"), i.c.seat == bindparam("p_seat")).values(used=1, code=None)
    )
    this_seat = (s.c.match_id == bindparam("p_match")) & (s.c.seat == bindparam("p_seat"))
    take_seat = update(s).where(this_seat).values(name=bindparam("p_name"), token_hash=bindparam("p_token_hash"))
    seed_seat = update(s).where(this_seat).values(client_seed=bindparam("p_seed"))
    this_deal = (d.c.match_id == bindparam("p_match")) & (d.c.number == bindparam("p_number"))
    insert_deal = insert(d)
    seed_deal = (
        update(d)
        .where(this_deal)
        .values({c: bindparam(f"p_{c}") for c in ("commitment", "server_seed", "client_seeds")})
    )
    insert_action = insert(schema.actions)
    end_deal = update(d).where(this_deal).values({c: bindparam(f"p_{c}") for c in RESULT_COLUMNS})


class Conflict(Exception):
    """The match changed in another connection (another server process) since it was read: nothing was stored."""


class Store:
    """The database: a SQLite file (``":memory:"`` for tests) or a PostgreSQL URL (:func:`engine_for`).

    The schema is migrated to the newest revision when the store opens (``migrate=False``:
    it must be already). Every method runs in one transaction of its own, on the store's
    connection; the lock keeps the threads of one process from interleaving theirs.
    """

    def __init__(
        self, database: str | Path, synchronous: str = "NORMAL", checkpoint_seconds: float = 1.0, migrate: bool = True
    ) -> None:
        """``checkpoint_seconds``: how often the :class:`Checkpointer` copies a SQLite WAL into the database."""
        self.path = str(database)
        self.lock = threading.RLock()
        self.engine = engine_for(database, synchronous)
        if migrate:
            upgrade(self.engine)
        self.sqlite = is_sqlite(self.engine)
        file = self.sqlite and self.engine.url.database not in (None, "", ":memory:")
        self.checkpointer = Checkpointer(self.engine, checkpoint_seconds) if file else None
        self.on_end: list[Callable[[Connection, str, int | None], None]] = []
        """Called in the transaction of every change that leaves a match over, with the match's id and winner
        (:mod:`sixtysix.web.ratings` rates it there: exactly once, with the end, or not at all)."""
        self.connection = self.engine.connect()
        """The store's one connection, for one transaction at a time (taking one from the pool each
        time cost more than a commit)."""

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
        with self.lock:
            self.connection.close()
            self.engine.dispose()

    @contextlib.contextmanager
    def transaction(self) -> Iterator[Connection]:
        """One transaction (``BEGIN IMMEDIATE`` on SQLite), committed at the end, rolled back on an exception."""
        with self.lock, self.connection.begin():
            yield self.connection

    @contextlib.contextmanager
    def snapshot(self) -> Iterator[Connection]:
        """One transaction whose reads all see the database at one moment (PostgreSQL: ``REPEATABLE READ``;
        SQLite's transactions always do), so that a match is never read half before and half after a change."""
        if self.sqlite:
            with self.transaction() as connection:
                yield connection
            return
        with self.lock, self.engine.connect() as connection:
            connection.execution_options(isolation_level="REPEATABLE READ")
            with connection.begin():
                yield connection

    def ping(self) -> None:
        """Ask the database for ``SELECT 1`` on the store's own connection; raises what the database raises."""
        with self.lock:
            self.connection.exec_driver_sql("SELECT 1").fetchone()
            self.connection.rollback()  # why: the store's connection holds no transaction between changes

    # -- writing ---------------------------------------------------------------------------

    def create_match(self, row: MatchRow, seats: Sequence[SeatRow], invites: Sequence[InviteRow] = ()) -> None:
        values = {
            "id": row.id,
            "created": row.created,
            "updated": row.updated,
            "preset": row.preset,
            "options": json.dumps(row.options, sort_keys=True),
            "target": row.target,
            "first_dealer": row.first_dealer,
            "kind": row.kind,
            "hints": int(row.hints),
            "version": row.version,
            "status": row.status,
            "invite_hash": row.invite_hash,
            "invite_code": row.invite_code,
            "invite_used": int(row.invite_used),
            "invite_seat": row.invite_seat,
            "score1": row.score[0],
            "score2": row.score[1],
            "score3": row.score[2] if len(row.score) > 2 else 0,
            "winner": row.winner,
            "deals": row.deals,
            "fairness_secret": row.fairness_secret,
            "spectators": int(row.spectators),
            "spectator_delay": row.spectator_delay,
        }
        with self.transaction() as db:
            db.execute(insert(schema.matches), values)
            db.execute(
                insert(schema.seats),
                [
                    {
                        "match_id": row.id,
                        "seat": s.seat,
                        "name": s.name,
                        "kind": s.kind,
                        "level": s.level,
                        "token_hash": s.token_hash,
                        "client_seed": s.client_seed,
                    }
                    for s in seats
                ],
            )
            if invites:
                db.execute(
                    insert(schema.invites),
                    [
                        {
                            "match_id": row.id,
                            "seat": i.seat,
                            "host": i.host,
                            "code_hash": i.code_hash,
                            "code": i.code,
                            "used": int(i.used),
                        }
                        for i in invites
                    ],
                )

    def commit(self, change: Change) -> float:
        """Store one change of a match in one transaction; the time stored as the match's ``updated``.

        The database serializes the changes of a match: the match's row is updated only if its
        version is still the one the change started from (``change.base``), and an action is
        stored once at most (the key of ``actions`` is the match, the deal and the action's
        number). A change that lost a race to another connection raises :class:`Conflict`
        and stores nothing.
        """
        now = time.time()
        match_id = change.match_id
        key = {"p_match": match_id}
        score = (*change.score, 0)[:3]  # seat 3's column is 0 outside three-handed matches
        with self.transaction() as db:
            found = {"p_base": change.base} if change.base is not None else {}
            updated = db.execute(
                _SQL.update_match if change.base is not None else _SQL.update_match_unchecked,
                {
                    **key,
                    **found,
                    "p_version": change.version,
                    "p_status": change.status,
                    "p_score1": score[0],
                    "p_score2": score[1],
                    "p_score3": score[2],
                    "p_winner": change.winner,
                    "p_deals": change.deals,
                    "p_updated": now,
                },
            )
            if updated.rowcount != 1:
                raise Conflict(f"match {match_id} is no longer at version {change.base}")
            if not self.sqlite:  # the other server processes: sent when the transaction commits
                text = payload(match_id, change.version, change_detail(change, now))
                db.execute(_SQL.notify, {"p_channel": CHANNEL, "p_payload": text})
            if change.match_forfeit is not None:
                forfeit, claimant = change.match_forfeit
                db.execute(_SQL.forfeit_match, {**key, "p_forfeit": forfeit, "p_claimant": claimant})
            if change.invite_used:
                db.execute(_SQL.use_invitation, key)
            if change.invite_seat_used is not None:
                db.execute(_SQL.use_seat_invitation, {**key, "p_seat": change.invite_seat_used})
            if change.seat_update is not None:
                seat, name, hashed = change.seat_update
                db.execute(_SQL.take_seat, {**key, "p_seat": seat, "p_name": name, "p_token_hash": hashed})
            if change.seed_update is not None:
                seat, seed = change.seed_update
                db.execute(_SQL.seed_seat, {**key, "p_seat": seat, "p_seed": seed})
            if change.new_deals:
                db.execute(
                    _SQL.insert_deal,
                    [
                        {"match_id": match_id, "number": n, "dealer": dealer, "deck": deck, "created": now}
                        for n, dealer, deck in change.new_deals
                    ],
                )
            for number, seeds in change.deal_seeds:
                values = {"p_commitment": seeds.commitment, "p_server_seed": seeds.server_seed}
                db.execute(
                    _SQL.seed_deal,
                    {**key, "p_number": number, **values, "p_client_seeds": json.dumps(seeds.client_seeds)},
                )
            if change.actions:
                db.execute(
                    _SQL.insert_action,
                    [
                        {"match_id": match_id, "deal": deal, "seq": seq, "seat": seat, "action": token, "created": now}
                        for deal, seq, seat, token in change.actions
                    ],
                )
            for number, result in change.results:
                db.execute(
                    _SQL.end_deal, {**key, "p_number": number, **{f"p_{c}": result.get(c) for c in RESULT_COLUMNS}}
                )
            if change.status == "over":
                for ended in self.on_end:
                    ended(db, match_id, change.winner)
        return now

    def save_review(self, match_id: str, deal: int, data: dict[str, object]) -> None:
        values = {"match_id": match_id, "deal": deal, "data": json.dumps(data), "created": time.time()}
        with self.transaction() as db:
            upsert = (sqlite_insert if self.sqlite else postgresql_insert)(schema.reviews).values(values)
            db.execute(
                upsert.on_conflict_do_update(
                    index_elements=["match_id", "deal"], set_={"data": values["data"], "created": values["created"]}
                )
            )

    def save_rematch(self, match_id: str, new_id: str, codes: dict[int, str | None]) -> None:
        """The rematch of finished match ``match_id``: its id and each old seat's invitation (or ``None``)."""
        with self.transaction() as db:
            db.execute(
                insert(schema.rematches),
                [
                    {"match_id": match_id, "seat": seat, "new_id": new_id, "code": code}
                    for seat, code in sorted(codes.items())
                ],
            )

    # -- leases (sixtysix.web.leases) ----------------------------------------------------------

    def take_lease(self, match_id: str, holder: str, now: float, until: float) -> bool:
        """Hold match ``match_id`` for ``holder`` until ``until``, if nobody else holds it at ``now``; whether it does.

        One transaction of two conditional statements, the same on both databases: the row is
        taken over if it is ``holder``'s or its time has passed, else made if there is none. Two
        processes racing for one match never both succeed: the database locks the row (or the
        key) and checks the condition again on what the other committed.
        """
        lease = schema.leases
        with self.transaction() as db:
            free = or_(lease.c.holder == holder, lease.c.expires <= now)
            taken = db.execute(
                update(lease).where(lease.c.match_id == match_id, free).values(holder=holder, expires=until)
            )
            if taken.rowcount == 1:
                return True
            values = {"match_id": match_id, "holder": holder, "expires": until}
            made = db.execute(
                (sqlite_insert if self.sqlite else postgresql_insert)(lease)
                .values(values)
                .on_conflict_do_nothing(index_elements=["match_id"])
                .returning(lease.c.match_id)  # why: psycopg counts no rows of an INSERT (rowcount -1)
            )
            return made.first() is not None

    def renew_leases(self, holder: str, now: float, until: float) -> set[str]:
        """Hold every match ``holder`` still holds until ``until``; those matches. Leases whose time
        has passed at ``now`` are removed (they are free: :meth:`take_lease` takes them over anyway)."""
        lease = schema.leases
        with self.transaction() as db:
            db.execute(update(lease).where(lease.c.holder == holder).values(expires=until))
            db.execute(delete(lease).where(lease.c.expires <= now))
            rows = db.execute(select(lease.c.match_id).where(lease.c.holder == holder)).all()
        return {str(r[0]) for r in rows}

    def held_elsewhere(self, holder: str, match_ids: Sequence[str], now: float) -> set[str]:
        """Which of ``match_ids`` another holder than ``holder`` holds at ``now`` (one query for many matches)."""
        lease = schema.leases
        with self.transaction() as db:
            rows = db.execute(
                select(lease.c.match_id).where(
                    lease.c.match_id.in_(match_ids), lease.c.holder != holder, lease.c.expires > now
                )
            ).all()
        return {str(r[0]) for r in rows}

    def release_leases(self, holder: str, match_ids: Sequence[str] | None = None) -> None:
        """Give up ``holder``'s leases of ``match_ids`` (``None``: all of them)."""
        lease = schema.leases
        statement = delete(lease).where(lease.c.holder == holder)
        if match_ids is not None:
            statement = statement.where(lease.c.match_id.in_(match_ids))
        with self.transaction() as db:
            db.execute(statement)

    def leases(self) -> dict[str, tuple[str, float]]:
        """Every lease: match id -> (holder, expires)."""
        lease = schema.leases
        with self.transaction() as db:
            rows = db.execute(select(lease.c.match_id, lease.c.holder, lease.c.expires)).all()
        return {str(r[0]): (str(r[1]), float(r[2])) for r in rows}

    # -- presence (sixtysix.web.presence) -------------------------------------------------------

    def set_presence(self, holder: str, match_id: str, seat: int, until: float | None) -> None:
        """``holder`` has a socket of ``seat`` open until ``until`` (renewed), or none (``None``); the other
        processes are told (``NOTIFY`` on :data:`~sixtysix.web.notify.PRESENCE_CHANNEL`, at the commit)."""
        p = schema.presence
        with self.transaction() as db:
            if until is None:
                db.execute(delete(p).where(p.c.match_id == match_id, p.c.seat == seat, p.c.holder == holder))
            else:
                self._upsert_presence(db, holder, [(match_id, seat)], until)
            db.execute(_SQL.notify, {"p_channel": PRESENCE_CHANNEL, "p_payload": f"{match_id} {holder}"})

    def _upsert_presence(self, db: Connection, holder: str, seats: Sequence[tuple[str, int]], until: float) -> None:
        p = schema.presence
        statement = postgresql_insert(p)
        db.execute(
            statement.on_conflict_do_update(index_elements=["match_id", "seat", "holder"], set_={"expires": until}),
            [{"match_id": m, "seat": s, "holder": holder, "expires": until} for m, s in seats],
        )

    def renew_presence(self, holder: str, seats: Sequence[tuple[str, int]], now: float, until: float) -> None:
        """``holder``'s open seats hold until ``until`` (one statement for all of them; a row removed meanwhile
        is made again); every row whose time has passed at ``now`` is removed (its process is gone)."""
        p = schema.presence
        with self.transaction() as db:
            db.execute(delete(p).where(p.c.expires <= now))
            if seats:
                self._upsert_presence(db, holder, seats, until)

    def present_elsewhere(self, holder: str, match_ids: Sequence[str], now: float) -> dict[str, set[int]]:
        """The seats of ``match_ids`` another process than ``holder`` has a socket of at ``now`` (one query)."""
        p = schema.presence
        found: dict[str, set[int]] = {match_id: set() for match_id in match_ids}
        if not match_ids:
            return found
        with self.transaction() as db:
            rows = db.execute(
                select(p.c.match_id, p.c.seat).where(
                    p.c.match_id.in_(match_ids), p.c.holder != holder, p.c.expires > now
                )
            ).all()
        for match_id, seat in rows:
            found[str(match_id)].add(int(seat))
        return found

    def clear_presence(self, holder: str) -> None:
        """``holder`` has no socket open any more (a server that stops); the other processes are told."""
        p = schema.presence
        with self.transaction() as db:
            rows = db.execute(delete(p).where(p.c.holder == holder).returning(p.c.match_id)).all()
            for match_id in sorted({str(r[0]) for r in rows}):
                db.execute(_SQL.notify, {"p_channel": PRESENCE_CHANNEL, "p_payload": f"{match_id} {holder}"})

    # -- reading ---------------------------------------------------------------------------

    def seat_for_token(self, hashed: str) -> tuple[str, int] | None:
        s = schema.seats
        with self.transaction() as db:
            row = db.execute(select(s.c.match_id, s.c.seat).where(s.c.token_hash == hashed)).first()
        return (str(row[0]), int(row[1])) if row else None

    def invitation(self, invite_hash: str) -> tuple[str, bool] | None:
        """(match id, used) of an invitation code's hash."""
        m = schema.matches
        with self.transaction() as db:
            row = db.execute(select(m.c.id, m.c.invite_used).where(m.c.invite_hash == invite_hash)).first()
        return (str(row[0]), bool(row[1])) if row else None

    def seat_invitation(self, code_hash: str) -> tuple[str, int, bool] | None:
        """(match id, seat, used) of a three- or four-handed match's invitation code hash."""
        i = schema.invites
        with self.transaction() as db:
            row = db.execute(select(i.c.match_id, i.c.seat, i.c.used).where(i.c.code_hash == code_hash)).first()
        return (str(row[0]), int(row[1]), bool(row[2])) if row else None

    def live_matches(self, since: float, limit: int) -> list[tuple[MatchRow, dict[int, SeatRow]]]:
        """The watchable matches being played that changed at ``since`` or later, the newest ``limit``
        first, with their seats (no token hash)."""
        m, s = schema.matches, schema.seats
        columns: tuple[str, ...] = ("id", "created", "updated", "preset", "options", "target", "first_dealer")
        columns += ("kind", "hints", "version", "status", "invite_used", "score1", "score2", "score3", "deals")
        columns += ("spectator_delay",)
        with self.transaction() as db:
            rows = db.execute(
                select(*(m.c[c] for c in columns))
                .where(m.c.spectators == 1, m.c.status == "playing", m.c.updated >= since)
                .order_by(m.c.created.desc(), m.c.id)
                .limit(limit)
            ).all()
            ids = [r[0] for r in rows]
            seats = db.execute(
                select(s.c.match_id, s.c.seat, s.c.name, s.c.kind, s.c.level).where(s.c.match_id.in_(ids))
            ).all() if ids else []  # fmt: skip
        by_match: dict[str, dict[int, SeatRow]] = {match_id: {} for match_id in ids}
        for match_id, seat, name, kind, level in seats:
            by_match[match_id][int(seat)] = SeatRow(int(seat), name, kind, level, None)
        return [(match_row_of(columns, tuple(r)), by_match[r[0]]) for r in rows]

    def unfinished_ids(self) -> list[str]:
        m = schema.matches
        with self.transaction() as db:
            rows = db.execute(select(m.c.id).where(m.c.status != "over").order_by(m.c.created)).all()
        return [str(r[0]) for r in rows]

    def _match_and_seats(
        self, db: Connection, match_id: str, columns: Sequence[str]
    ) -> tuple[MatchRow, dict[int, SeatRow]] | None:
        """The match row (read as ``columns``) and its seats."""
        m, s = schema.matches, schema.seats
        row = db.execute(select(*(m.c[c] for c in columns)).where(m.c.id == match_id)).first()
        if row is None:
            return None
        seats = db.execute(
            select(s.c.seat, s.c.name, s.c.kind, s.c.level, s.c.token_hash, s.c.client_seed)
            .where(s.c.match_id == match_id)
            .order_by(s.c.seat)
        ).all()
        return match_row_of(columns, tuple(row)), {int(r[0]): SeatRow(*r) for r in seats}

    def load(self, match_id: str, since: tuple[int, int] | None = None) -> StoredMatch | None:
        """Everything stored about a match; ``since`` (deal, seq): only the deals from that deal on, and of that
        deal only the actions after that one (what a process holding the match up to there has not seen)."""
        d, a, i = schema.deals, schema.actions, schema.invites
        first, seq = since or (0, 0)
        later = or_(a.c.deal > first, (a.c.deal == first) & (a.c.seq > seq)) if since else a.c.deal.is_not(None)
        with self.snapshot() as db:
            found = self._match_and_seats(db, match_id, MATCH_COLUMNS)
            if found is None:
                return None
            deals = db.execute(
                select(
                    d.c.number, d.c.dealer, d.c.deck, d.c.commitment, d.c.server_seed, d.c.client_seeds,
                    *(d.c[c] for c in RESULT_COLUMNS),
                )
                .where(d.c.match_id == match_id, d.c.number >= first)
                .order_by(d.c.number)
            ).all()  # fmt: skip
            actions = db.execute(
                select(a.c.deal, a.c.seat, a.c.action)
                .where(a.c.match_id == match_id, later)
                .order_by(a.c.deal, a.c.seq)
            ).all()
            invites = db.execute(
                select(i.c.seat, i.c.host, i.c.code_hash, i.c.code, i.c.used)
                .where(i.c.match_id == match_id)
                .order_by(i.c.seat)
            ).all()
        match_row, seats = found
        deal_rows = {}
        for r in deals:
            result = dict(zip(RESULT_COLUMNS, r[6:], strict=True)) if r[6] is not None else None
            seeds = DealSeeds(r[3], tuple(json.loads(r[5])), r[4]) if r[3] is not None else None
            deal_rows[r[0]] = DealRow(r[0], r[1], tuple(r[2].split()), [], result, seeds)
        for deal, seat, action in actions:
            deal_rows[deal].actions.append((seat, action))
        return StoredMatch(
            match_row,
            seats,
            [deal_rows[n] for n in sorted(deal_rows)],
            {r[0]: InviteRow(r[0], r[1], r[2], r[3], bool(r[4])) for r in invites},
        )

    def rematch_of(self, match_id: str) -> tuple[str | None, dict[int, str]]:
        """The rematch's id of a match (``None`` if nobody asked) and the seats' invitations to it."""
        r = schema.rematches
        with self.transaction() as db:
            rows = db.execute(select(r.c.seat, r.c.new_id, r.c.code).where(r.c.match_id == match_id)).all()
        if not rows:
            return None, {}
        return str(rows[0][1]), {int(seat): str(code) for seat, _, code in rows if code is not None}

    def load_review(self, match_id: str, deal: int) -> dict[str, object] | None:
        r = schema.reviews
        with self.transaction() as db:
            row = db.execute(select(r.c.data).where(r.c.match_id == match_id, r.c.deal == deal)).first()
        if row is None:
            return None
        data: dict[str, object] = json.loads(row[0])
        return data

    def seats_of_tokens(self, hashes: Iterable[str]) -> list[tuple[str, int]]:
        """(match id, seat) of every known token hash."""
        found = []
        s = schema.seats
        with self.transaction() as db:
            for hashed in hashes:
                row = db.execute(select(s.c.match_id, s.c.seat).where(s.c.token_hash == hashed)).first()
                if row is not None:
                    found.append((str(row[0]), int(row[1])))
        return found

    def summaries(self, match_ids: Sequence[str]) -> dict[str, tuple[MatchRow, dict[int, SeatRow]]]:
        """Match rows and seats, for the history list (without deals or actions)."""
        out = {}
        for match_id in dict.fromkeys(match_ids):
            stored = self.load_summary(match_id)
            if stored is not None:
                out[match_id] = stored
        return out

    def load_summary(self, match_id: str) -> tuple[MatchRow, dict[int, SeatRow]] | None:
        with self.transaction() as db:
            return self._match_and_seats(db, match_id, SUMMARY_COLUMNS)

    def deal_results(self, match_id: str) -> list[dict[str, object]]:
        """The result columns of every finished deal of a match, in order (with ``number``)."""
        d = schema.deals
        with self.transaction() as db:
            rows = db.execute(
                select(d.c.number, *(d.c[c] for c in RESULT_COLUMNS))
                .where(d.c.match_id == match_id, d.c.termination.is_not(None))
                .order_by(d.c.number)
            ).all()
        return [{"number": r[0], **dict(zip(RESULT_COLUMNS, r[1:], strict=True))} for r in rows]

    def action_count(self, match_id: str) -> int:
        a = schema.actions
        with self.transaction() as db:
            count = db.execute(select(func.count()).select_from(a).where(a.c.match_id == match_id)).scalar_one()
        return int(count)


# The engine: which database, how it connects, its migrations (the module's docstring, "The engine").


def database_url(database: str | Path) -> str:
    """The SQLAlchemy URL of a database given as a file path, ``:memory:`` or a URL."""
    text = str(database)
    if text == ":memory:":
        return "sqlite://"
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text.removeprefix(prefix)
    if "://" in text:
        return text
    return "sqlite:///" + str(Path(text).resolve())


def in_memory(database: str | Path) -> bool:
    """Whether ``database`` is an SQLite database in memory: this process's alone, no other reaches it.

    >>> in_memory(":memory:"), in_memory("sqlite:///:memory:"), in_memory("web.sqlite3")
    (True, True, False)
    """
    return database_url(database) in ("sqlite://", "sqlite:///:memory:")


def is_sqlite(engine: Engine) -> bool:
    return engine.dialect.name == "sqlite"


def engine_for(database: str | Path, synchronous: str = "NORMAL", checkpoints: bool = True) -> Engine:
    """A new engine on ``database`` (see :func:`database_url`).

    SQLite: ``synchronous`` is the PRAGMA of that name; ``checkpoints``: a file's WAL is
    checkpointed by the store's own thread, never by a commit (``wal_autocheckpoint=0``).
    """
    url = database_url(database)
    if not url.startswith("sqlite"):
        # no ping before each use (a round trip per transaction): a connection the server dropped fails
        # one transaction, and the pool then replaces every connection of its age
        return create_engine(url)
    memory = url == "sqlite://"
    options: dict[str, Any] = {"connect_args": {"check_same_thread": False}}
    if memory:
        options["poolclass"] = StaticPool  # one connection: one database in memory
    engine = create_engine(url, **options)

    @event.listens_for(engine, "connect")
    def prepare(connection: Any, record: object) -> None:
        connection.isolation_level = None  # the driver begins no transaction: "begin" below does
        cursor = connection.cursor()
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            if checkpoints:
                # why: a checkpoint copies the WAL into the database and syncs both files; made by
                # a commit (every 1,000 pages), it held up every match for up to tens of ms
                cursor.execute("PRAGMA wal_autocheckpoint=0")
        # WAL with synchronous=NORMAL: a committed transaction survives a crash or kill of the
        # process (it is in the WAL file); only a power failure may lose the last ones.
        cursor.execute(f"PRAGMA synchronous={synchronous}")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.close()

    @event.listens_for(engine, "begin")
    def begin(connection: Connection) -> None:
        # the write lock first: writers queue, none fails later (on the driver's own connection: the
        # cheapest way, this runs once per transaction)
        driver: Any = connection.connection.driver_connection
        driver.execute("BEGIN IMMEDIATE")

    return engine


def head_revision() -> str:
    """The newest revision of the migrations."""
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database is at (``None``: never migrated)."""
    with engine.connect() as connection:
        revision = MigrationContext.configure(connection).get_current_revision()
        connection.commit()
    return revision


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Migrate the database to ``revision``, in one transaction (a SQLite file of the first versions adopted first)."""
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({UPGRADE_LOCK})")
        tables = set(inspect(connection).get_table_names())
        config = alembic_config()
        config.attributes["connection"] = connection
        if "matches" in tables and "alembic_version" not in tables:
            log.info("adopting a database made before migrations: stamped %s", FIRST_REVISION)
            _adopt_legacy(connection)
            command.stamp(config, FIRST_REVISION)
        command.upgrade(config, revision)


def _adopt_legacy(connection: Connection) -> None:
    """Give a database of the first versions every column and table of the first revision."""
    for table, definitions in LEGACY_COLUMNS.items():
        columns = {c["name"] for c in inspect(connection).get_columns(table)}
        for definition in definitions:
            if definition.split()[0] not in columns:
                connection.exec_driver_sql(f"ALTER TABLE {table} ADD COLUMN {definition}")
    connection.exec_driver_sql(LEGACY_PUZZLES)


def alembic_config() -> Config:
    """Alembic's configuration: the migrations' folder (the connection is given by :func:`upgrade`)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


class Checkpointer:
    """Checkpoints of a SQLite WAL database in a thread of their own, on a connection of their own.

    Every ``period`` seconds a passive checkpoint copies the committed transactions from the
    WAL file into the database file (it never waits for, nor blocks, the server's writes), so
    that the WAL stays small. A commit is durable before that, once it is in the WAL.
    """

    def __init__(self, engine: Engine, period: float = 1.0) -> None:
        self.connection = engine.raw_connection()  # why: a PRAGMA outside any transaction
        self.period = period
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sixtysix-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while not self.stopping.wait(self.period):
                self.checkpoint()
        finally:
            self.connection.close()

    def checkpoint(self) -> None:
        cursor = self.connection.cursor()
        try:
            cursor.execute("PRAGMA wal_checkpoint(PASSIVE)")
            cursor.fetchall()
        except sqlite3.Error:  # why: a busy or closing database is checkpointed next time
            log.warning("WAL checkpoint failed", exc_info=True)
        finally:
            cursor.close()

    def stop(self) -> None:
        """End the thread (the last connection to close checkpoints the rest)."""
        self.stopping.set()
        self.thread.join()
