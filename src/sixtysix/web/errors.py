"""The web app's refusals: every refused request is a :class:`WebError` (docs/web-api.md, "Errors").

The HTTP layer (:mod:`sixtysix.web.app`) turns one into a JSON error object with its
status; the WebSocket sends it as a message of type ``error``. Its ``code`` is stable (a
program switches on it), its ``message`` the English sentence, and ``messages`` the same in
every language (:mod:`sixtysix.web.messages`): a page shows the one of its language.

>>> from sixtysix.web.messages import sentence
>>> error = malformed(sentence("server.whole_number", key="seat", low=1, high=4)).to_json()["error"]
>>> error["code"], error["message"], error["messages"]["de"]
('malformed', 'seat must be a whole number from 1 to 4', 'seat muss eine ganze Zahl von 1 bis 4 sein')
"""

from __future__ import annotations

from sixtysix.web.messages import Message


class WebError(Exception):
    """A refused request: HTTP status, error code and message (a sentence of :mod:`sixtysix.web.messages`)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: Message,
        headers: dict[str, str] | None = None,
        detail: str | None = None,
    ) -> None:
        super().__init__(message.text())
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers or {}
        """Headers of the answer (``Retry-After`` of a 429 or 503)."""
        self.detail = detail
        """The engine's technical reason in English (an invalid record's fault), which the other languages'
        sentences leave out; ``None`` when the message says it all."""

    def to_json(self) -> dict[str, object]:
        error: dict[str, object] = {
            "code": self.code,
            "message": self.message.text(),
            "messages": self.message.texts(),
            "status": self.status,
        }
        if self.detail is not None:
            error["detail"] = self.detail
        return {"error": error}


def malformed(message: Message, detail: str | None = None) -> WebError:
    """400: the request cannot be read (``detail``: the engine's English reason, see :attr:`WebError.detail`)."""
    return WebError(400, "malformed", message, detail=detail)


def not_your_turn(message: Message) -> WebError:
    """409: the action may be fine, but not from this seat now."""
    return WebError(409, "not_your_turn", message)


def not_available(message: Message) -> WebError:
    """409: the feature (hint, review, record) does not exist for this match or moment."""
    return WebError(409, "not_available", message)


def not_found(message: Message) -> WebError:
    """404: no such match, deal or invitation."""
    return WebError(404, "not_found", message)
