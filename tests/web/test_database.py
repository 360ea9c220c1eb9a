"""The storage layer on both databases: the migrations, an old SQLite file adopted, a change stored once.

Every test with ``database`` runs on SQLite and on a real PostgreSQL (tests/web/postgres.py).
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from sqlalchemy import inspect

from sixtysix.web.schema import metadata
from sixtysix.web.store import (
    Change,
    Conflict,
    MatchRow,
    SeatRow,
    Store,
    current_revision,
    engine_for,
    head_revision,
    token_hash,
)

from .conftest import both_databases

OLD_SCHEMA = """
CREATE TABLE matches (
    id TEXT PRIMARY KEY, created REAL NOT NULL, updated REAL NOT NULL, preset TEXT NOT NULL,
    options TEXT NOT NULL, target INTEGER NOT NULL, first_dealer INTEGER NOT NULL, kind TEXT NOT NULL,
    hints INTEGER NOT NULL, version INTEGER NOT NULL, status TEXT NOT NULL, invite_hash TEXT UNIQUE,
    invite_code TEXT, invite_used INTEGER NOT NULL DEFAULT 0, invite_seat INTEGER,
    score1 INTEGER NOT NULL DEFAULT 0, score2 INTEGER NOT NULL DEFAULT 0, winner INTEGER,
    deals INTEGER NOT NULL DEFAULT 0);
CREATE TABLE seats (
    match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, name TEXT NOT NULL,
    kind TEXT NOT NULL, level INTEGER, token_hash TEXT UNIQUE, PRIMARY KEY (match_id, seat));
CREATE TABLE deals (
    match_id TEXT NOT NULL REFERENCES matches(id), number INTEGER NOT NULL, dealer INTEGER NOT NULL,
    deck TEXT NOT NULL, created REAL NOT NULL, termination TEXT, winner INTEGER, game_points INTEGER,
    credited INTEGER, closer INTEGER, claimant INTEGER, win_kind TEXT, points1 INTEGER, points2 INTEGER,
    tricks1 INTEGER, tricks2 INTEGER, PRIMARY KEY (match_id, number));
CREATE TABLE actions (
    match_id TEXT NOT NULL REFERENCES matches(id), deal INTEGER NOT NULL, seq INTEGER NOT NULL,
    seat INTEGER NOT NULL, action TEXT NOT NULL, created REAL NOT NULL, PRIMARY KEY (match_id, deal, seq));
CREATE TABLE rematches (
    match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, new_id TEXT NOT NULL, code TEXT,
    PRIMARY KEY (match_id, seat));
CREATE TABLE reviews (
    match_id TEXT NOT NULL REFERENCES matches(id), deal INTEGER NOT NULL, data TEXT NOT NULL,
    created REAL NOT NULL, PRIMARY KEY (match_id, deal));
CREATE TABLE invites (
    match_id TEXT NOT NULL REFERENCES matches(id), seat INTEGER NOT NULL, host INTEGER NOT NULL,
    code_hash TEXT NOT NULL UNIQUE, code TEXT, used INTEGER NOT NULL DEFAULT 0, PRIMARY KEY (match_id, seat));
CREATE INDEX matches_status ON matches(status);
INSERT INTO matches (id, created, updated, preset, options, target, first_dealer, kind, hints, version, status)
    VALUES ('old', 1.0, 1.0, 'seed66', '{}', 7, 2, 'friend', 1, 2, 'playing');
INSERT INTO seats VALUES ('old', 1, 'Ann', 'human', NULL, 'hash-of-ann');
INSERT INTO deals (match_id, number, dealer, deck, created) VALUES ('old', 1, 2, 'Ah Kh', 1.0);
"""
"""A database as the web app's first version made it, before the columns of the fairness and the forfeits."""


def friends_match(store: Store, match_id: str = "m1") -> None:
    """A new match between two people with its first deal (version 1)."""
    row = MatchRow(match_id, 1.0, 1.0, "seed66", {}, 7, 2, "friend", True, 0, "playing")
    seats = [SeatRow(1, "Ann", "human", None, token_hash(match_id + "1")), SeatRow(2, "Bob", "human", None, None)]
    store.create_match(row, seats)
    store.commit(Change(match_id, 1, "playing", (0, 0), None, 1, new_deals=[(1, 2, "Ah Kh")], base=0))


def action(store: Store, version: int, seat: int, token: str, match_id: str = "m1") -> Change:
    """The change of one action on the match at ``version`` (its action number ``version``)."""
    return Change(match_id, version + 1, "playing", (0, 0), None, 1, actions=[(1, version, seat, token)], base=version)


@both_databases
def test_the_migrations_make_the_schema_the_queries_are_written_against(database: str) -> None:
    store = Store(database)
    try:
        assert current_revision(store.engine) == head_revision()
        with store.engine.connect() as connection:
            assert compare_metadata(MigrationContext.configure(connection), metadata) == []
    finally:
        store.close()


@both_databases
def test_a_match_and_its_actions_survive_closing_the_store(database: str) -> None:
    store = Store(database)
    friends_match(store)
    for version, token in enumerate(("Ah", "Kh", "draw"), start=1):
        store.commit(action(store, version, 1 + version % 2, token))
    store.save_review("m1", 1, {"seat": 1})
    store.save_review("m1", 1, {"seat": 2})  # a review asked again replaces the first
    store.close()
    again = Store(database)
    try:
        stored = again.load("m1")
        assert stored is not None and stored.row.version == 4
        assert stored.deals[0].actions == [(2, "Ah"), (1, "Kh"), (2, "draw")]
        assert again.seat_for_token(token_hash("m11")) == ("m1", 1)
        assert again.load_review("m1", 1) == {"seat": 2}
    finally:
        again.close()


@both_databases
def test_a_change_made_on_an_older_version_is_refused_and_stores_nothing(database: str) -> None:
    first, second = Store(database), Store(database)  # two connections, as two server processes
    try:
        friends_match(first)
        assert second.load("m1") is not None
        first.commit(action(first, 1, 2, "Ah"))
        with pytest.raises(Conflict):
            second.commit(action(second, 1, 2, "Kh"))  # made on version 1, which is gone
        stored = second.load("m1")
        assert stored is not None and stored.row.version == 2
        assert stored.deals[0].actions == [(2, "Ah")]
    finally:
        first.close()
        second.close()


@both_databases
def test_two_connections_racing_on_one_match_store_every_action_once(database: str) -> None:
    """Two threads, each with a store of its own, append actions to one match as fast as they can:
    each reads the version, stores an action on it, and reads again when it lost the race."""
    stores = [Store(database), Store(database)]
    friends_match(stores[0])
    each = 40
    barrier = threading.Barrier(2)
    won: dict[int, list[int]] = {0: [], 1: []}
    lost = [0, 0]

    def play(number: int) -> None:
        store = stores[number]
        barrier.wait()
        while len(won[number]) < each:
            stored = store.load("m1")
            assert stored is not None
            version = stored.row.version
            try:
                store.commit(action(store, version, number + 1, f"t{number}"))
            except Conflict:
                lost[number] += 1
            else:
                won[number].append(version)

    threads = [threading.Thread(target=play, args=(n,)) for n in (0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    try:
        stored = stores[0].load("m1")
        assert stored is not None
        assert stored.row.version == 1 + 2 * each
        assert len(stored.deals[0].actions) == 2 * each  # none lost, none doubled
        assert sorted(won[0] + won[1]) == list(range(1, 2 * each + 1))
        seats = [seat for seat, _ in stored.deals[0].actions]
        assert seats.count(1) == seats.count(2) == each
    finally:
        for store in stores:
            store.close()


def test_a_database_made_before_migrations_is_adopted_and_upgraded(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    with sqlite3.connect(path) as connection:
        connection.executescript(OLD_SCHEMA)
    store = Store(path)
    try:
        assert current_revision(store.engine) == head_revision()
        stored = store.load("old")
        assert stored is not None and stored.row.score == (0, 0, 0) and stored.row.forfeit is None
        assert stored.seats[1].client_seed == "" and stored.deals[0].seeds is None
        store.commit(action(store, 2, 1, "Ah", match_id="old"))  # and it takes new changes
        assert store.action_count("old") == 1
        with store.engine.connect() as connection:  # every column (SQLite's REAL is the FLOAT of the schema)
            found = inspect(connection)
            for table in metadata.sorted_tables:
                assert {c["name"] for c in found.get_columns(table.name)} == set(table.columns.keys())
    finally:
        store.close()


def test_sixtysix_db_upgrade_migrates_a_new_database(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    command = [sys.executable, "-m", "sixtysix.cli", "db", "upgrade", "--database", str(path)]
    result = subprocess.run(command, capture_output=True, text=True, check=True)
    assert result.stdout.strip() == f"revision {head_revision()} (newest {head_revision()})"
    engine = engine_for(path)
    try:
        assert current_revision(engine) == head_revision()
    finally:
        engine.dispose()
