"""The web app's SQLite database: matches, seats, deals, every action, reviews.

Standard library only. One :class:`Store` holds one connection, used from the server's
event loop thread (and, guarded by a lock, from worker threads). Every change of a match is
one transaction that also sets the match's new ``version``; the server commits it before it
acknowledges or broadcasts the change, so that a restarted server rebuilds every match
exactly by replaying its deals and actions (``draw`` and ``pass`` included).

Seat tokens are stored as SHA-256 hashes only. Invitation codes are stored as hashes too:
the code is shown once, when the match is created (the columns ``invite_code`` and
``invites.code`` hold a plain code only in a match stored by an older server; ``rematches.code``
holds the invitation's hash).

>>> store = Store(":memory:")
>>> row = MatchRow("m1", 1.0, 1.0, "seed66", {}, 7, 2, "computer", True, 0, "playing")
>>> seats = [SeatRow(1, "Ann", "human", None, token_hash("t1")), SeatRow(2, "CPU", "computer", 3, None)]
>>> store.create_match(row, seats)
>>> store.seat_for_token(token_hash("t1"))
('m1', 1)
"""

from __future__ import annotations

import hashlib
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sixtysix.core.fairness import DealSeeds

log = logging.getLogger("sixtysix.web")

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    updated REAL NOT NULL,
    preset TEXT NOT NULL,
    options TEXT NOT NULL,          -- JSON object of option texts (as record Option headers)
    target INTEGER NOT NULL,
    first_dealer INTEGER NOT NULL,
    kind TEXT NOT NULL,             -- 'computer' or 'friend'
    hints INTEGER NOT NULL,
    version INTEGER NOT NULL,
    status TEXT NOT NULL,           -- 'waiting', 'playing', 'over'
    invite_hash TEXT UNIQUE,
    invite_code TEXT,               -- NULL (an older server's plain code while unused)
    invite_used INTEGER NOT NULL DEFAULT 0,
    invite_seat INTEGER,
    score1 INTEGER NOT NULL DEFAULT 0,
    score2 INTEGER NOT NULL DEFAULT 0,
    score3 INTEGER NOT NULL DEFAULT 0,  -- three-handed: seat 3's game points
    winner INTEGER,
    deals INTEGER NOT NULL DEFAULT 0,
    fairness_secret TEXT,           -- the match's secret that each deal's server seed comes from (never shown)
    forfeit INTEGER,                -- the seat that forfeited the match (claim_match), else NULL
    forfeit_claimant INTEGER        -- the seat that claimed it
);
CREATE TABLE IF NOT EXISTS seats (
    match_id TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    kind TEXT NOT NULL,             -- 'human' or 'computer'
    level INTEGER,
    token_hash TEXT UNIQUE,
    client_seed TEXT NOT NULL DEFAULT '',  -- the seat's own client seed (docs/fairness.md), '' if none
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS deals (
    match_id TEXT NOT NULL REFERENCES matches(id),
    number INTEGER NOT NULL,        -- 1 = the first deal
    dealer INTEGER NOT NULL,
    deck TEXT NOT NULL,             -- card names, top first, blank-separated
    created REAL NOT NULL,
    -- the result, filled in when the deal ends
    termination TEXT,
    winner INTEGER,
    game_points INTEGER,
    credited INTEGER,
    closer INTEGER,
    claimant INTEGER,
    win_kind TEXT,
    points1 INTEGER, points2 INTEGER,
    tricks1 INTEGER, tricks2 INTEGER,
    -- the fairness of the deal (docs/fairness.md): shown, except the server seed until the deal ends
    commitment TEXT,
    server_seed TEXT,
    client_seeds TEXT,              -- JSON list, seat 1 first
    PRIMARY KEY (match_id, number)
);
CREATE TABLE IF NOT EXISTS actions (
    match_id TEXT NOT NULL REFERENCES matches(id),
    deal INTEGER NOT NULL,
    seq INTEGER NOT NULL,           -- 1 = the deal's first action
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,           -- the token: Ah, 20h, X, C, CB, 66, draw, pass
    created REAL NOT NULL,
    PRIMARY KEY (match_id, deal, seq)
);
CREATE TABLE IF NOT EXISTS rematches (  -- a finished match's rematch: one row per seat of the old match
    match_id TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    new_id TEXT NOT NULL,
    code TEXT,                      -- the hash of the seat's invitation to the rematch (NULL: the seat that asked)
    PRIMARY KEY (match_id, seat)
);
CREATE TABLE IF NOT EXISTS reviews (
    match_id TEXT NOT NULL REFERENCES matches(id),
    deal INTEGER NOT NULL,
    data TEXT NOT NULL,             -- JSON
    created REAL NOT NULL,
    PRIMARY KEY (match_id, deal)
);
CREATE TABLE IF NOT EXISTS invites (  -- three- and four-handed: one invitation per open seat
    match_id TEXT NOT NULL REFERENCES matches(id),
    seat INTEGER NOT NULL,
    host INTEGER NOT NULL,          -- the creator's seat: only it is shown the codes
    code_hash TEXT NOT NULL UNIQUE,
    code TEXT,                      -- NULL (an older server's plain code while unused)
    used INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX IF NOT EXISTS matches_status ON matches(status);
"""


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
)
"""The columns of the ``matches`` table that make a :class:`MatchRow`."""

SUMMARY_COLUMNS = tuple(
    c for c in MATCH_COLUMNS if c not in ("invite_hash", "invite_code", "invite_seat", "fairness_secret")
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
    return MatchRow(score=score, **values)


class Store:
    """The database. ``path`` may be ``":memory:"`` (for tests)."""

    def __init__(self, path: str | Path, synchronous: str = "NORMAL", checkpoint_seconds: float = 1.0) -> None:
        """``checkpoint_seconds``: how often the :class:`Checkpointer` copies the WAL into the database."""
        self.path = str(path)
        self.lock = threading.RLock()
        self.db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        # WAL with synchronous=NORMAL: a committed transaction survives a crash or kill of the
        # process (it is in the WAL file); only a power failure may lose the last ones.
        self.db.execute(f"PRAGMA synchronous={synchronous}")
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.execute("PRAGMA busy_timeout=5000")
        self.db.executescript(SCHEMA)
        self.checkpointer = Checkpointer(self.path, checkpoint_seconds) if self.path != ":memory:" else None
        if self.checkpointer is not None:
            # why: a checkpoint copies the WAL into the database and syncs both files; made by
            # a commit (every 1,000 pages), it held up every match for up to tens of ms
            self.db.execute("PRAGMA wal_autocheckpoint=0")
        added = (
            "score3 INTEGER NOT NULL DEFAULT 0",
            "fairness_secret TEXT",
            "forfeit INTEGER",
            "forfeit_claimant INTEGER",
        )
        self._add_columns("matches", added)
        self._add_columns("deals", ("commitment TEXT", "server_seed TEXT", "client_seeds TEXT"))
        self._add_columns("seats", ("client_seed TEXT NOT NULL DEFAULT ''",))

    def _add_columns(self, table: str, definitions: Sequence[str]) -> None:
        """Add the columns a database of an older version lacks."""
        columns = {row[1] for row in self.db.execute(f"PRAGMA table_info({table})")}
        for definition in definitions:
            if definition.split()[0] not in columns:
                self.db.execute(f"ALTER TABLE {table} ADD COLUMN {definition}")

    def close(self) -> None:
        if self.checkpointer is not None:
            self.checkpointer.stop()
        with self.lock:
            self.db.close()

    # -- writing ---------------------------------------------------------------------------

    def create_match(self, row: MatchRow, seats: Sequence[SeatRow], invites: Sequence[InviteRow] = ()) -> None:
        with self.lock, self._transaction():
            self.db.execute(
                "INSERT INTO matches (id, created, updated, preset, options, target, first_dealer, kind, hints, "
                "version, status, invite_hash, invite_code, invite_used, invite_seat, score1, score2, score3, winner, "
                "deals, fairness_secret) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    row.id,
                    row.created,
                    row.updated,
                    row.preset,
                    json.dumps(row.options, sort_keys=True),
                    row.target,
                    row.first_dealer,
                    row.kind,
                    int(row.hints),
                    row.version,
                    row.status,
                    row.invite_hash,
                    row.invite_code,
                    int(row.invite_used),
                    row.invite_seat,
                    row.score[0],
                    row.score[1],
                    row.score[2] if len(row.score) > 2 else 0,
                    row.winner,
                    row.deals,
                    row.fairness_secret,
                ),
            )
            self.db.executemany(
                "INSERT INTO seats (match_id, seat, name, kind, level, token_hash, client_seed) "
                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(row.id, s.seat, s.name, s.kind, s.level, s.token_hash, s.client_seed) for s in seats],
            )
            self.db.executemany(
                "INSERT INTO invites (match_id, seat, host, code_hash, code, used) VALUES (?, ?, ?, ?, ?, ?)",
                [(row.id, i.seat, i.host, i.code_hash, i.code, int(i.used)) for i in invites],
            )

    def commit(self, change: Change) -> float:
        """Store one change of a match in one transaction; the time stored as the match's ``updated``."""
        now = time.time()
        with self.lock, self._transaction():
            self.db.execute(
                "UPDATE matches SET version = ?, status = ?, score1 = ?, score2 = ?, score3 = ?, winner = ?, "
                "deals = ?, updated = ? WHERE id = ?",
                (
                    change.version,
                    change.status,
                    change.score[0],
                    change.score[1],
                    change.score[2] if len(change.score) > 2 else 0,
                    change.winner,
                    change.deals,
                    now,
                    change.match_id,
                ),
            )
            if change.match_forfeit is not None:
                self.db.execute(
                    "UPDATE matches SET forfeit = ?, forfeit_claimant = ? WHERE id = ?",
                    (*change.match_forfeit, change.match_id),
                )
            if change.invite_used:
                self.db.execute(
                    "UPDATE matches SET invite_used = 1, invite_code = NULL WHERE id = ?", (change.match_id,)
                )
            if change.invite_seat_used is not None:
                self.db.execute(
                    "UPDATE invites SET used = 1, code = NULL WHERE match_id = ? AND seat = ?",
                    (change.match_id, change.invite_seat_used),
                )
            if change.seat_update is not None:
                seat, name, hashed = change.seat_update
                self.db.execute(
                    "UPDATE seats SET name = ?, token_hash = ? WHERE match_id = ? AND seat = ?",
                    (name, hashed, change.match_id, seat),
                )
            if change.seed_update is not None:
                seat, seed = change.seed_update
                self.db.execute(
                    "UPDATE seats SET client_seed = ? WHERE match_id = ? AND seat = ?", (seed, change.match_id, seat)
                )
            if change.new_deals:
                self.db.executemany(
                    "INSERT INTO deals (match_id, number, dealer, deck, created) VALUES (?, ?, ?, ?, ?)",
                    [(change.match_id, n, d, deck, now) for n, d, deck in change.new_deals],
                )
            if change.deal_seeds:
                self.db.executemany(
                    "UPDATE deals SET commitment = ?, server_seed = ?, client_seeds = ? "
                    "WHERE match_id = ? AND number = ?",
                    [
                        (seeds.commitment, seeds.server_seed, json.dumps(seeds.client_seeds), change.match_id, number)
                        for number, seeds in change.deal_seeds
                    ],
                )
            if change.actions:
                self.db.executemany(
                    "INSERT INTO actions (match_id, deal, seq, seat, action, created) VALUES (?, ?, ?, ?, ?, ?)",
                    [(change.match_id, d, q, s, a, now) for d, q, s, a in change.actions],
                )
            for number, result in change.results:
                assignments = ", ".join(f"{c} = ?" for c in RESULT_COLUMNS)
                self.db.execute(
                    f"UPDATE deals SET {assignments} WHERE match_id = ? AND number = ?",
                    (*(result.get(c) for c in RESULT_COLUMNS), change.match_id, number),
                )
        return now

    def save_review(self, match_id: str, deal: int, data: dict[str, object]) -> None:
        with self.lock, self._transaction():
            self.db.execute(
                "INSERT OR REPLACE INTO reviews (match_id, deal, data, created) VALUES (?, ?, ?, ?)",
                (match_id, deal, json.dumps(data), time.time()),
            )

    # -- reading ---------------------------------------------------------------------------

    def seat_for_token(self, hashed: str) -> tuple[str, int] | None:
        with self.lock:
            row = self.db.execute("SELECT match_id, seat FROM seats WHERE token_hash = ?", (hashed,)).fetchone()
        return (str(row[0]), int(row[1])) if row else None

    def invitation(self, invite_hash: str) -> tuple[str, bool] | None:
        """(match id, used) of an invitation code's hash."""
        with self.lock:
            row = self.db.execute(
                "SELECT id, invite_used FROM matches WHERE invite_hash = ?", (invite_hash,)
            ).fetchone()
        return (str(row[0]), bool(row[1])) if row else None

    def seat_invitation(self, code_hash: str) -> tuple[str, int, bool] | None:
        """(match id, seat, used) of a three- or four-handed match's invitation code hash."""
        with self.lock:
            row = self.db.execute(
                "SELECT match_id, seat, used FROM invites WHERE code_hash = ?", (code_hash,)
            ).fetchone()
        return (str(row[0]), int(row[1]), bool(row[2])) if row else None

    def unfinished_ids(self) -> list[str]:
        with self.lock:
            rows = self.db.execute("SELECT id FROM matches WHERE status != 'over' ORDER BY created").fetchall()
        return [str(r[0]) for r in rows]

    def _match_and_seats(self, match_id: str, columns: Sequence[str]) -> tuple[MatchRow, dict[int, SeatRow]] | None:
        """The match row (read as ``columns``) and its seats; the caller holds the lock."""
        row = self.db.execute(f"SELECT {', '.join(columns)} FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        seats = self.db.execute(
            "SELECT seat, name, kind, level, token_hash, client_seed FROM seats WHERE match_id = ? ORDER BY seat",
            (match_id,),
        ).fetchall()
        return match_row_of(columns, row), {s[0]: SeatRow(*s) for s in seats}

    def load(self, match_id: str) -> StoredMatch | None:
        with self.lock:
            found = self._match_and_seats(match_id, MATCH_COLUMNS)
            if found is None:
                return None
            deals = self.db.execute(
                f"SELECT number, dealer, deck, commitment, server_seed, client_seeds, {', '.join(RESULT_COLUMNS)} "
                "FROM deals WHERE match_id = ? "
                "ORDER BY number",
                (match_id,),
            ).fetchall()
            actions = self.db.execute(
                "SELECT deal, seat, action FROM actions WHERE match_id = ? ORDER BY deal, seq", (match_id,)
            ).fetchall()
            invites = self.db.execute(
                "SELECT seat, host, code_hash, code, used FROM invites WHERE match_id = ? ORDER BY seat", (match_id,)
            ).fetchall()
        match_row, seats = found
        deal_rows = {}
        for d in deals:
            result = dict(zip(RESULT_COLUMNS, d[6:], strict=True)) if d[6] is not None else None
            seeds = DealSeeds(d[3], tuple(json.loads(d[5])), d[4]) if d[3] is not None else None
            deal_rows[d[0]] = DealRow(d[0], d[1], tuple(d[2].split()), [], result, seeds)
        for deal, seat, action in actions:
            deal_rows[deal].actions.append((seat, action))
        return StoredMatch(
            match_row,
            seats,
            [deal_rows[n] for n in sorted(deal_rows)],
            {i[0]: InviteRow(i[0], i[1], i[2], i[3], bool(i[4])) for i in invites},
        )

    def save_rematch(self, match_id: str, new_id: str, codes: dict[int, str | None]) -> None:
        """The rematch of finished match ``match_id``: its id and each old seat's invitation (or ``None``)."""
        with self.lock, self._transaction():
            self.db.executemany(
                "INSERT INTO rematches (match_id, seat, new_id, code) VALUES (?, ?, ?, ?)",
                [(match_id, seat, new_id, code) for seat, code in sorted(codes.items())],
            )

    def rematch_of(self, match_id: str) -> tuple[str | None, dict[int, str]]:
        """The rematch's id of a match (``None`` if nobody asked) and the seats' invitations to it."""
        with self.lock:
            query = "SELECT seat, new_id, code FROM rematches WHERE match_id = ?"
            rows = self.db.execute(query, (match_id,)).fetchall()
        if not rows:
            return None, {}
        return str(rows[0][1]), {int(seat): str(code) for seat, _, code in rows if code is not None}

    def load_review(self, match_id: str, deal: int) -> dict[str, object] | None:
        with self.lock:
            row = self.db.execute(
                "SELECT data FROM reviews WHERE match_id = ? AND deal = ?", (match_id, deal)
            ).fetchone()
        if row is None:
            return None
        data: dict[str, object] = json.loads(row[0])
        return data

    def seats_of_tokens(self, hashes: Iterable[str]) -> list[tuple[str, int]]:
        """(match id, seat) of every known token hash."""
        found = []
        with self.lock:
            for hashed in hashes:
                row = self.db.execute("SELECT match_id, seat FROM seats WHERE token_hash = ?", (hashed,)).fetchone()
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
        with self.lock:
            return self._match_and_seats(match_id, SUMMARY_COLUMNS)

    def deal_results(self, match_id: str) -> list[dict[str, object]]:
        """The result columns of every finished deal of a match, in order (with ``number``)."""
        with self.lock:
            rows = self.db.execute(
                f"SELECT number, {', '.join(RESULT_COLUMNS)} FROM deals WHERE match_id = ? "
                "AND termination IS NOT NULL ORDER BY number",
                (match_id,),
            ).fetchall()
        return [{"number": r[0], **dict(zip(RESULT_COLUMNS, r[1:], strict=True))} for r in rows]

    def action_count(self, match_id: str) -> int:
        with self.lock:
            row = self.db.execute("SELECT COUNT(*) FROM actions WHERE match_id = ?", (match_id,)).fetchone()
        return int(row[0])

    # -- helpers ---------------------------------------------------------------------------

    def _transaction(self) -> _Transaction:
        return _Transaction(self.db)


class Checkpointer:
    """Checkpoints of a WAL database in a thread of their own, on a connection of their own.

    Every ``period`` seconds a passive checkpoint copies the committed transactions from the
    WAL file into the database file (it never waits for, nor blocks, the server's writes), so
    that the WAL stays small. A commit is durable before that, once it is in the WAL.
    """

    def __init__(self, path: str, period: float = 1.0) -> None:
        self.db = sqlite3.connect(path, check_same_thread=False)
        self.period = period
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._run, name="sixtysix-checkpoint", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            while not self.stopping.wait(self.period):
                self.checkpoint()
        finally:
            self.db.close()

    def checkpoint(self) -> None:
        try:
            self.db.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchall()
        except sqlite3.Error:  # why: a busy or closing database is checkpointed next time
            log.warning("WAL checkpoint failed", exc_info=True)

    def stop(self) -> None:
        """End the thread (the last connection to close checkpoints the rest)."""
        self.stopping.set()
        self.thread.join()


class _Transaction:
    """``BEGIN IMMEDIATE`` … ``COMMIT`` (``ROLLBACK`` on an exception)."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self.db = db

    def __enter__(self) -> None:
        self.db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, traceback: object) -> None:
        if kind is None:
            self.db.execute("COMMIT")
        else:
            self.db.execute("ROLLBACK")
