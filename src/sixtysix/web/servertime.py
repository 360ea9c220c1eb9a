"""The server's two clocks in one object the tests can set: the time of day and the idle time.

The move clock, its claims and the expiry of an abandoned match read :meth:`ServerTime.wall`
(seconds since 1970, as the store records a match's last change); the eviction of idle matches
reads :meth:`ServerTime.monotonic`. Both run with the machine's clocks, ``offset`` seconds ahead:
a test moves them on with :meth:`ServerTime.advance` instead of sleeping until a clock runs out.

>>> clock = ServerTime()
>>> before = clock.wall()
>>> clock.advance(61)
>>> clock.wall() - before >= 61
True
"""

from __future__ import annotations

import time


class ServerTime:
    """The clocks one server reads (``create_app(server_time=...)``; default: the machine's)."""

    def __init__(self) -> None:
        self.offset = 0.0
        """Seconds the server's clocks run ahead of the machine's (only :meth:`advance` changes it)."""

    def wall(self) -> float:
        """The time of day, in seconds since 1970 (``time.time``, plus the offset)."""
        return time.time() + self.offset

    def monotonic(self) -> float:
        """A clock for durations that never goes back (``time.monotonic``, plus the offset)."""
        return time.monotonic() + self.offset

    def advance(self, seconds: float) -> None:
        """Move both clocks on by ``seconds`` (a test's way to let a clock run out at once)."""
        if seconds < 0:
            raise ValueError("the server's clocks never go back")
        self.offset += seconds
