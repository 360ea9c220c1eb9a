"""Alembic's environment: runs the migrations on the connection :func:`sixtysix.web.store.upgrade` passes.

Without one (writing a new revision, docs/deploy.md), it connects to the configuration's
``sqlalchemy.url`` itself.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from sixtysix.web.schema import metadata
from sixtysix.web.store import engine_for


def run(connection: Connection) -> None:
    """Run the pending migrations on ``connection``, in one transaction."""
    context.configure(
        connection=connection,
        target_metadata=metadata,
        render_as_batch=connection.dialect.name == "sqlite",  # SQLite alters a table by copying it
    )
    with context.begin_transaction():
        context.run_migrations()


def main() -> None:
    """Run on the connection given, or on a new one to the configuration's URL."""
    given = context.config.attributes.get("connection")
    if given is not None:
        run(given)
        return
    engine = engine_for(context.config.get_main_option("sqlalchemy.url") or "")
    with engine.connect() as connection:
        run(connection)
    engine.dispose()


if hasattr(context, "config"):  # run by Alembic; not when merely imported (pytest's doctest collection)
    main()
