"""``sixtysix serve``: the web app (docs/web.md; its API in docs/web-api.md).

* :mod:`sixtysix.web.command` registers the ``serve`` subcommand (standard library only;
  FastAPI and uvicorn are imported when the command runs, so ``import sixtysix`` needs
  neither);
* :mod:`sixtysix.web.store` is the SQLite database (matches, seats, deals, every action);
* :mod:`sixtysix.web.state` builds the per-seat state object from a ``PlayerView``;
* :mod:`sixtysix.web.service` holds the matches: validation, persistence, the computer,
  live updates, hints, reviews, records and history;
* :mod:`sixtysix.web.review` is the post-deal review and the statistics;
* :mod:`sixtysix.web.app` is the ASGI app (FastAPI): :func:`sixtysix.web.app.create_app`;
* ``static/`` holds the page (HTML, CSS, JavaScript), served at ``/``.
"""
