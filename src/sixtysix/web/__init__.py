"""``sixtysix serve``: the web app (docs/web.md; its API in docs/web-api.md).

* :mod:`sixtysix.web.serve_command` registers the ``serve`` subcommand (standard library only;
  FastAPI and uvicorn are imported when the command runs, so ``import sixtysix`` needs
  neither);
* :mod:`sixtysix.web.app` is the ASGI app (FastAPI): :func:`sixtysix.web.app.create_app` assembles the
  routers of :mod:`sixtysix.web.routers` (one per area), whose dependencies (:mod:`sixtysix.web.deps`)
  give them the service, the database, the seat and the limits, and whose requests and answers are the
  Pydantic models of :mod:`sixtysix.web.models`;
* :mod:`sixtysix.web.service` is the facade the routers call, over the modules that hold and
  change the matches: :mod:`~sixtysix.web.seats` (tokens, creating, invitations, joining),
  :mod:`~sixtysix.web.play` (a person's action, the exchange window, the move
  clock's claims, the computer's turns, and every change stored, applied, broadcast),
  :mod:`~sixtysix.web.review` (hints and reviews), :mod:`~sixtysix.web.history` (a
  browser's matches, statistics, records), :mod:`~sixtysix.web.matches`
  (the matches in memory, the computer seats' decisions), :mod:`~sixtysix.web.live`
  (publish/subscribe), :mod:`~sixtysix.web.meta`, :mod:`~sixtysix.web.fields` and
  :mod:`~sixtysix.web.errors`;
* :mod:`sixtysix.web.store` is the SQLite database (matches, seats, deals, every action);
* the seat state itself is built by :mod:`sixtysix.present.state` (every table size);
* ``static/`` holds the page (HTML, CSS, JavaScript), served at ``/``: it holds no rule of
  the game.
"""
