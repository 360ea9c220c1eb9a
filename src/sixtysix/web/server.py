"""How ``sixtysix serve`` runs the app under uvicorn: one configuration, also used by the tests.

:func:`uvicorn_config` sets the WebSocket protocol and message limit and uvicorn's logging,
then puts the secret filter (:func:`sixtysix.web.logs.protect_logs`) on every logger, after
uvicorn has configured its own, so that no seat token or invitation code reaches a log at
any level.

**The match sockets' direct path.** uvicorn hands every WebSocket message to the app through
an ASGI queue, a task switch and the framework's wrappers, and every message the app sends
back the same way; with hundreds of sockets and a message every second on each, that was
most of the server's CPU. :class:`MatchSocketProtocol` is uvicorn's own WebSocket protocol
(websockets' parser, the handshake, pings, closing) with one addition, offered to the app in
the ASGI scope (extension ``sixtysix.direct``, :class:`~sixtysix.web.live.DirectLink`): once
the app has accepted a socket and read its first message, it may :meth:`~MatchSocketProtocol.attach`
a handler, which is then called with each text message as it is parsed, and
:meth:`~MatchSocketProtocol.write_text` writes a text frame to the socket at once. The handshake,
the token, the close codes and everything else still go through ASGI. Messages are not
compressed (permessage-deflate is not offered): a change is sent as a patch of a few hundred
bytes (docs/web-api.md), where deflate cost more CPU than it saved bytes.
"""

from __future__ import annotations

import logging
import struct
from collections.abc import Callable
from typing import Any

import uvicorn
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode

from sixtysix.web.live import DIRECT
from sixtysix.web.logs import protect_logs

WS_MAX_SIZE = 64 * 1024
"""The largest WebSocket message accepted (bytes): the API's messages are far smaller."""
DIRECT_PATH_UVICORN = ("0.54.", "0.55.")
"""The uvicorn versions whose WebSocket protocol's inner state :class:`MatchSocketProtocol` was
written and tested against (pyproject.toml allows no other); under any other, sockets take
uvicorn's plain protocol (slower, the same messages) until the tests have been run against it
and it is added here and to pyproject.toml's bound."""
SLOW_CLIENT_BYTES = 1 << 20
"""A match socket whose messages waiting to be sent pass this many bytes is dropped: its client
does not read them (gone without closing, or never reading on purpose), and the server's memory
must not grow for it. A client that comes back connects again and gets the whole state."""
GRACEFUL_SECONDS = 5
"""How long a stopping server waits for requests in flight (a hint or review may take far longer)."""

log = logging.getLogger("sixtysix.web")


def text_frame(payload: bytes) -> bytes:
    """One unmasked, final WebSocket text frame (RFC 6455 5.2) carrying ``payload``.

    >>> text_frame(b"hi")
    b'\\x81\\x02hi'
    >>> len(text_frame(bytes(300))), text_frame(bytes(300))[:4]
    (304, b'\\x81~\\x01,')
    """
    size = len(payload)
    if size < 126:
        return bytes((0x81, size)) + payload
    if size < 1 << 16:
        return struct.pack("!BBH", 0x81, 126, size) + payload
    return struct.pack("!BBQ", 0x81, 127, size) + payload


class MatchSocketProtocol(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol (websockets, sans I/O) with a direct link for the app (the module's docstring).

    It builds on that class's inner state (its queue, ``frames``, ``read_paused``, ``close_sent``),
    as in uvicorn 0.54 and 0.55 (0.55 added a write-buffer event and the keepalive pings, which
    the direct path leaves to uvicorn: it writes to the transport and watches the buffer itself);
    the web tests run every socket through it (tests/web/test_server.py checks that they do).
    """

    handler: Callable[[str], None] | None = None
    slow_client_bytes = SLOW_CLIENT_BYTES

    def handle_connect(self, event: Any) -> None:
        super().handle_connect(event)
        scope = getattr(self, "scope", None)
        if scope is not None:  # the handshake is going on: the app's task starts after this
            scope["extensions"][DIRECT] = self

    def attach(self, handle: Callable[[str], None]) -> None:
        """Call ``handle`` with every text message from now on, first with those waiting for the app."""
        waiting = []
        while not self.queue.empty():
            waiting.append(self.queue.get_nowait())
        self.handler = handle
        for event in waiting:
            if event["type"] == "websocket.receive":
                text = event.get("text")
                self._deliver(text if text is not None else _text(event.get("bytes") or b""))
            else:
                self.queue.put_nowait(event)  # a disconnect: the app's receive() still gets it
        if self.read_paused:
            self.read_paused = False
            self.transport.resume_reading()

    def write_text(self, message: bytes) -> None:
        """Send one text message (UTF-8) now; nothing once the socket is closing.

        Should the messages waiting to be sent pass :attr:`slow_client_bytes`, the connection is
        dropped at once (their bytes with it): the app then sees the socket disconnect."""
        if self.close_sent or self.disconnected or self.transport.is_closing():
            return
        if self.conn.debug:  # as websockets logs the frames it sends (the log filter redacts them)
            self.conn.logger.debug("> %s", Frame(Opcode.TEXT, message))
        self.transport.write(text_frame(message))
        waiting = self.transport.get_write_buffer_size()
        if waiting > self.slow_client_bytes:
            log.info("a match socket's client read nothing of %d bytes: dropped", waiting)
            self.transport.abort()

    def send_receive_event_to_app(self) -> None:
        if self.handler is None:
            super().send_receive_event_to_app()
            return
        data = self.frames[0] if len(self.frames) == 1 else b"".join(self.frames)
        self.frames = []
        if self.close_sent:
            return
        if self.curr_msg_data_type == "bytes":
            self._deliver(_text(data))
            return
        try:
            text = data.decode()
        except UnicodeDecodeError:  # as uvicorn does: close with 1007 (invalid data)
            self.conn.send_close(1007)
            self.handle_parser_exception()
            return
        self._deliver(text)

    def _deliver(self, text: str) -> None:
        assert self.handler is not None
        try:
            self.handler(text)
        except Exception:  # why: the handler answers errors itself; this is a bug, not the client's
            log.exception("a WebSocket message failed")


def _text(data: bytes) -> str:
    """A binary message as text (the API's messages are JSON text; invalid UTF-8 reads as empty)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return ""


def socket_protocol(version: str = uvicorn.__version__) -> type[WebSocketsSansIOProtocol]:
    """The match sockets' protocol under uvicorn ``version``: the direct path where it was tested.

    >>> socket_protocol("0.54.0").__name__, socket_protocol("0.55.0").__name__, socket_protocol("9.0.0").__name__
    ('MatchSocketProtocol', 'MatchSocketProtocol', 'WebSocketsSansIOProtocol')
    """
    if version.startswith(DIRECT_PATH_UVICORN):
        return MatchSocketProtocol
    log.warning("uvicorn %s: match sockets without the direct path (tested with %s)", version, DIRECT_PATH_UVICORN)
    return WebSocketsSansIOProtocol


def uvicorn_config(
    app: Any,
    *,
    host: str = "127.0.0.1",
    port: int = 8066,
    log_level: str = "info",
    access_log: bool = False,
    forwarded_allow_ips: tuple[str, ...] = (),
) -> uvicorn.Config:
    """uvicorn's configuration for ``app``: the match sockets' protocol, its loggers set up and protected.

    ``forwarded_allow_ips``: the proxies (addresses or networks) whose ``X-Forwarded-For`` is believed;
    none by default, so that a client's address, and so its rate limits, is its connection's, whatever
    headers it sends (uvicorn's own default would believe any header sent from 127.0.0.1)."""
    config = uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        access_log=access_log,
        proxy_headers=bool(forwarded_allow_ips),
        forwarded_allow_ips=list(forwarded_allow_ips) or None,
        ws=socket_protocol(),
        ws_max_size=WS_MAX_SIZE,
        ws_per_message_deflate=False,
        timeout_graceful_shutdown=GRACEFUL_SECONDS,
    )
    protect_logs()
    return config
