"""No secret in any log: seat tokens, invitation codes, session cookies and passwords are cut out of every log line.

The page sends its seat token in headers and in the WebSocket's first message, never in a
URL (docs/web.md, "Security"), but uvicorn and the ``websockets`` library log what they see:
request lines with their query strings (access log, WebSocket lines at INFO), and at DEBUG
every request header and the start of every WebSocket frame. :class:`RedactSecrets` is a
logging filter that rewrites such a record before any handler sees it; :func:`protect_logs`
puts it on every logger those records start from (a logger's filters do not apply to
records that only pass through it, so each one needs its own).

>>> redact('127.0.0.1:5 - "GET /api/matches/m1/record?token=s3cret&lang=de HTTP/1.1" 200')
'127.0.0.1:5 - "GET /api/matches/m1/record?token=[redacted]&lang=[redacted] HTTP/1.1" 200'
>>> redact('"GET /api/invitations/Xy-12_ab HTTP/1.1" 200')
'"GET /api/invitations/[redacted] HTTP/1.1" 200'
>>> redact("< Authorization: Bearer abc.def")
'< Authorization: [redacted]'
>>> redact("< TEXT '{\\"type\\":\\"auth\\",\\"token\\":\\"abc\\"}' [30 bytes]")
'< TEXT [redacted] [30 bytes]'
>>> redact('{"name": "Ann", "password": "correct horse"}')
'{"name": "Ann", "password": "[redacted]"}'

"""

from __future__ import annotations

import logging
import re

REDACTED = "[redacted]"

PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    # every query value (?token=…, and the others: a log has no need of them)
    (re.compile(r"([?&][^=&\s\"'#]*=)[^&\s\"'#]*"), rf"\1{REDACTED}"),
    # the query string of an ASGI scope (uvicorn's TRACE level logs every scope)
    (re.compile(r"(['\"]query_string['\"]:\s*b?['\"])[^'\"]+"), rf"\1{REDACTED}"),
    # an invitation code in a path
    (re.compile(r"(/api/invitations/)[^/\s\"'?#]+"), rf"\1{REDACTED}"),
    # header lines of a request or response (the websockets library logs them at DEBUG)
    (
        re.compile(
            r"^([<>]\s*(?:authorization|proxy-authorization|cookie|set-cookie|sec-websocket-protocol):\s*).*$",
            re.I | re.M,
        ),
        rf"\1{REDACTED}",
    ),
    (re.compile(r"\bBearer\s+\S+", re.I), f"Bearer {REDACTED}"),
    # the payload of a WebSocket data frame (the first one carries the seat token)
    (re.compile(r"^((?:[<>] )?(?:TEXT|BINARY|CONT)) .*?(\[[^\]]*\])?$", re.M), rf"\1 {REDACTED} \2"),
    # a JSON field that names a secret
    (re.compile(r"(\"(?:token|code|invite_code|password|new_password)\"\s*:\s*\")[^\"]*"), rf"\1{REDACTED}"),
)

LOGGERS = (
    "",
    "uvicorn",
    "uvicorn.error",
    "uvicorn.access",
    "uvicorn.asgi",
    "websockets",
    "websockets.server",
    "websockets.protocol",
    "fastapi",
    "starlette",
    "sixtysix",
    "sixtysix.web",
)
"""The loggers the web app's records start from: the root, uvicorn's, websockets', the app's."""


def redact(text: str) -> str:
    """``text`` without any seat token or invitation code that a log line may hold."""
    for pattern, replacement in PATTERNS:
        text = pattern.sub(replacement, text)
    return text.rstrip() if text.endswith(" ") else text


class RedactSecrets(logging.Filter):
    """Rewrites a record with :func:`redact` (it never drops a record).

    Each argument is cleaned on its own (uvicorn's access formatter reads them by position);
    then, if the whole message still holds a secret (a header logged as name and value in
    two arguments), the message replaces format and arguments.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_clean(arg) for arg in record.args)
        elif isinstance(record.args, dict):
            record.args = {key: _clean(value) for key, value in record.args.items()}
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # a malformed call: logging reports it, without its arguments
            record.msg, record.args = redact(str(record.msg)), None
            return True
        cleaned = redact(message)
        if cleaned != message and record.name != "uvicorn.access":
            record.msg, record.args = cleaned, None
        return True


def _clean(value: object) -> object:
    """A log argument without secrets: numbers stay numbers (for ``%d``), the rest becomes redacted text."""
    if value is None or isinstance(value, int | float):
        return value
    return redact(str(value))


FILTER = RedactSecrets()


def protect_logs(names: tuple[str, ...] = LOGGERS) -> None:
    """Put :data:`FILTER` on every logger of ``names`` (once each; logging.config keeps it)."""
    for name in names:
        logger = logging.getLogger(name)
        if FILTER not in logger.filters:
            logger.addFilter(FILTER)
