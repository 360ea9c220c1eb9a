"""How ``sixtysix serve`` runs the app under uvicorn: one configuration, also used by the tests.

:func:`uvicorn_config` sets the WebSocket message limit and uvicorn's logging, then puts the
secret filter (:func:`sixtysix.web.logs.protect_logs`) on every logger, after uvicorn has
configured its own, so that no seat token or invitation code reaches a log at any level.
"""

from __future__ import annotations

from typing import Any

import uvicorn

from sixtysix.web.logs import protect_logs

WS_MAX_SIZE = 64 * 1024
"""The largest WebSocket message accepted (bytes): the API's messages are far smaller."""
GRACEFUL_SECONDS = 5
"""How long a stopping server waits for requests in flight (a hint or review may take far longer)."""


def uvicorn_config(
    app: Any, *, host: str = "127.0.0.1", port: int = 8066, log_level: str = "info", access_log: bool = False
) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: its loggers set up and protected."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        access_log=access_log,
        ws_max_size=WS_MAX_SIZE,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    protect_logs()
    return config
