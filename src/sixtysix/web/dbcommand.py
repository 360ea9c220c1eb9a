"""``sixtysix db``: the web app's database schema, by hand (registered by :mod:`sixtysix.cli`).

``sixtysix db upgrade --database PATH|URL`` migrates the schema to the newest revision (what
``sixtysix serve`` does at its start), ``sixtysix db current`` prints the revision a database
is at and the newest one. Only the standard library is imported until the command runs.
"""

from __future__ import annotations

import argparse
import sys

DESCRIPTION = """\
The schema of the web app's database (SQLite file or PostgreSQL URL), migrated with Alembic.

`sixtysix serve` upgrades the schema when it starts; `sixtysix db upgrade` does it alone, for
example before starting several server processes on a new version. docs/deploy.md."""


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add ``db`` with its actions ``upgrade`` and ``current`` to the ``sixtysix`` subcommands."""
    db = commands.add_parser(
        "db",
        help="upgrade the web app's database schema, or show its revision",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    db.add_argument("action", choices=("upgrade", "current"), help="upgrade: to the newest revision; current: show it")
    db.add_argument(
        "--database",
        "--db",
        dest="db",
        default="sixtysix.sqlite3",
        metavar="PATH|URL",
        help="the SQLite database file or a PostgreSQL URL (default: sixtysix.sqlite3 in the current folder)",
    )
    db.set_defaults(handler=_db_command)


def _db_command(args: argparse.Namespace) -> int:
    try:
        from sixtysix.web.store import current_revision, engine_for, head_revision, upgrade
    except ModuleNotFoundError as error:
        print(
            f"sixtysix db needs the web extra ({error.name} is missing): pip install 'sixtysix[web]'", file=sys.stderr
        )
        return 1
    engine = engine_for(args.db)
    try:
        if args.action == "upgrade":
            upgrade(engine)
        print(f"revision {current_revision(engine) or 'none'} (newest {head_revision()})")
    finally:
        engine.dispose()
    return 0
