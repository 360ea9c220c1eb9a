"""The web app's refusals: every refused request is a :class:`WebError` (docs/web-api.md, "Errors").

The HTTP layer (:mod:`sixtysix.web.app`) turns one into a JSON error object with its
status; the WebSocket sends it as a message of type ``error``.

>>> malformed("seat must be a number").to_json()["error"]["code"]
'malformed'
"""

from __future__ import annotations


class WebError(Exception):
    """A refused request: HTTP status, error code and message."""

    def __init__(self, status: int, code: str, message: str, headers: dict[str, str] | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}
        """Headers of the answer (``Retry-After`` of a 429 or 503)."""

    def to_json(self) -> dict[str, object]:
        return {"error": {"code": self.code, "message": self.message, "status": self.status}}


def malformed(message: str) -> WebError:
    """400: the request cannot be read."""
    return WebError(400, "malformed", message)


def not_your_turn(message: str) -> WebError:
    """409: the action may be fine, but not from this seat now."""
    return WebError(409, "not_your_turn", message)


def not_available(message: str) -> WebError:
    """409: the feature (hint, review, record) does not exist for this match or moment."""
    return WebError(409, "not_available", message)


def not_found(message: str) -> WebError:
    """404: no such match, deal or invitation."""
    return WebError(404, "not_found", message)
