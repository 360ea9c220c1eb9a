"""The server's log lines: plain text, or one JSON object each (``sixtysix serve --log-format json``).

:func:`setup_logs` puts one handler on the root logger (standard error) before the app is built;
:func:`format_uvicorn_logs` gives uvicorn's own handlers (its server lines and its access log)
the same format once uvicorn has configured them. A JSON line holds ``time`` (UTC, ISO 8601),
``level``, ``logger``, ``message``, then ``request_id`` and ``match_id`` where the line was
written while a request or a match socket's start was served (:data:`request_id`, :data:`match_id`:
:class:`sixtysix.web.middleware.RequestIds` sets them), and
``exception`` with a traceback::

    {"time": "2026-12-06T18:02:11.382Z", "level": "INFO", "logger": "uvicorn.access",
     "message": "127.0.0.1:51122 - \\"POST /api/matches/k3v… /actions HTTP/1.1\\" 200",
     "request_id": "5f0c6e1d2a4b9e77", "match_id": "k3v…"}

No secret reaches a line (:mod:`sixtysix.web.logs`): the secret filter rewrites every record
before a handler formats it, on the loggers the records start from and on the handler itself,
and a traceback is redacted as well.

>>> import logging
>>> record = logging.LogRecord("sixtysix.web", logging.INFO, "x.py", 1, "match %s ended", ("m1",), None)
>>> record.created = 0.0
>>> JsonFormatter().format(record)
'{"time": "1970-01-01T00:00:00.000Z", "level": "INFO", "logger": "sixtysix.web", "message": "match m1 ended"}'
"""

from __future__ import annotations

import contextvars
import json
import logging
import sys
import time

from sixtysix.web.logs import FILTER, redact

FORMATS = ("text", "json")
TEXT_FORMAT = "%(levelname)s: %(name)s: %(message)s"
UVICORN_LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access")
"""The loggers uvicorn gives handlers of its own (``uvicorn.Config`` sets them up)."""

request_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("sixtysix_request_id", default=None)
"""The id of the request or WebSocket being served (set by :class:`sixtysix.web.middleware.RequestIds`)."""
match_id: contextvars.ContextVar[str | None] = contextvars.ContextVar("sixtysix_match_id", default=None)
"""The match the request's path names, if any (set by :class:`sixtysix.web.middleware.RequestIds`)."""


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time, level, logger, message, the request's and match's ids, the traceback."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, object] = {
            "time": _utc(record.created),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        request, match = request_id.get(), match_id.get()
        if request is not None:
            entry["request_id"] = request
        if match is not None:
            entry["match_id"] = match
        if record.exc_info:
            entry["exception"] = redact(self.formatException(record.exc_info))
        if record.stack_info:
            entry["stack"] = redact(self.formatStack(record.stack_info))
        return json.dumps(entry, ensure_ascii=False, default=str)


def _utc(created: float) -> str:
    seconds = int(created)
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(seconds)) + f".{int((created - seconds) * 1000):03d}Z"


def formatter(form: str) -> logging.Formatter:
    """The formatter of ``form`` (:data:`FORMATS`)."""
    if form == "json":
        return JsonFormatter()
    return logging.Formatter(TEXT_FORMAT)


def setup_logs(level: str, form: str = "text") -> None:
    """One handler on the root logger, on standard error, in ``form``, at ``level`` (``info``, ``debug``, …)."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter(form))
    handler.addFilter(FILTER)
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level.upper())


def format_uvicorn_logs(form: str) -> None:
    """Give uvicorn's handlers ``form`` and the secret filter (call it after ``uvicorn.Config`` set them up)."""
    for name in UVICORN_LOGGERS:
        for handler in logging.getLogger(name).handlers:
            if form == "json":
                handler.setFormatter(JsonFormatter())
            if FILTER not in handler.filters:
                handler.addFilter(FILTER)
