"""Which database the web app uses, how it connects, and bringing its schema up to date.

One SQLAlchemy engine per server process, on either of two databases:

* **SQLite** (the default, embedded, no service): a file path or ``sqlite:///PATH``. Every
  transaction is ``BEGIN IMMEDIATE``, so writers queue in the database; the file is in WAL
  mode with ``synchronous=NORMAL`` (a committed transaction survives a crash of the process)
  and is checkpointed by a thread of its own (:class:`sixtysix.web.store.Checkpointer`).
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
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect
from sqlalchemy.pool import StaticPool

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
