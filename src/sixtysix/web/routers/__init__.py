"""The web app's routers, one per area (docs/web-api.md): each an :class:`fastapi.APIRouter` that
:func:`sixtysix.web.app.create_app` includes, its needs declared as dependencies (:mod:`sixtysix.web.deps`).

* :mod:`~sixtysix.web.routers.matches`: creating, joining, the state, actions, rematches, records.
* :mod:`~sixtysix.web.routers.advice`: hints and reviews.
* :mod:`~sixtysix.web.routers.puzzles`: the Puzzles page.
* :mod:`~sixtysix.web.routers.site`: the lobby's meta, the page's words, the rules, the operator's
  health and metrics, the OpenAPI schema.
* :mod:`~sixtysix.web.routers.sockets`: a match's WebSocket.
"""
