"""The Alembic migrations of the web app's database (``env.py``, ``versions/``).

:func:`sixtysix.web.store.upgrade` runs them at the server's start and ``sixtysix db
upgrade`` runs them by hand; docs/deploy.md says how to upgrade a database.
"""
