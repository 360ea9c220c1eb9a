"""The web app's store: WAL checkpoints in a thread of their own, never inside a commit."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from sixtysix.web.store import Change, MatchRow, SeatRow, Store

HOUR = 3600.0
"""A checkpoint period no test waits for: the tests checkpoint by hand."""


@contextlib.contextmanager
def store_with_actions(path: Path, actions: int) -> Iterator[Store]:
    """A store on ``path`` holding one match with ``actions`` actions, each committed on its own; closed after."""
    store = Store(path, checkpoint_seconds=HOUR)
    try:
        row = MatchRow("m1", 1.0, 1.0, "seed66", {}, 7, 2, "friend", True, 0, "playing")
        store.create_match(row, [SeatRow(1, "Ann", "human", None, "h1"), SeatRow(2, "Bob", "human", None, "h2")])
        store.commit(Change("m1", 1, "playing", (0, 0), None, 1, new_deals=[(1, 2, "Ah Kh")]))
        for seq in range(1, actions + 1):
            store.commit(Change("m1", 1 + seq, "playing", (0, 0), None, 1, actions=[(1, seq, 1 + seq % 2, "Ah")]))
        yield store
    finally:
        store.close()


def actions_in_database_file(path: Path) -> int:
    """Actions in the database file itself (``immutable``: the WAL file is not read; nor is the
    schema until a checkpoint has copied it)."""
    db = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
    try:
        if not db.execute("SELECT 1 FROM sqlite_master WHERE name = 'actions'").fetchall():
            return 0
        return int(db.execute("SELECT COUNT(*) FROM actions").fetchone()[0])
    finally:
        db.close()


def test_a_commit_never_checkpoints(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    with store_with_actions(path, 3000) as store:  # several times SQLite's own checkpoint size (1,000 pages)
        with store.transaction() as db:
            assert db.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar_one() == 0
        assert store.action_count("m1") == 3000  # committed: in the WAL, which every connection reads
        assert actions_in_database_file(path) == 0


def test_the_checkpointer_copies_the_wal_into_the_database_file(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    with store_with_actions(path, 500) as store:
        assert store.checkpointer is not None
        store.checkpointer.checkpoint()
        assert actions_in_database_file(path) == 500


def test_the_checkpoint_thread_checkpoints_on_its_own_and_stops_with_the_store(tmp_path: Path) -> None:
    path = tmp_path / "web.sqlite3"
    with store_with_actions(path, 50):
        fast = Store(path, checkpoint_seconds=0.05)  # a second store's thread on the same file
        assert fast.checkpointer is not None
        thread = fast.checkpointer.thread
        try:
            assert thread.is_alive()
            for _ in range(100):
                # why: the file is read as it stands, so a read while a checkpoint writes it may find it torn
                with contextlib.suppress(sqlite3.DatabaseError):
                    if actions_in_database_file(path) == 50:
                        break
                thread.join(0.05)
        finally:
            fast.close()
        assert not thread.is_alive()
        assert actions_in_database_file(path) == 50  # no checkpoint writes it now


def test_a_store_in_memory_has_no_checkpointer() -> None:
    store = Store(":memory:")
    try:
        assert store.checkpointer is None
    finally:
        store.close()
