"""The host side of 66P: an external program as a :class:`~sixtysix.players.player.Player`.

:class:`ProtocolPlayer` runs a bot command as a child process and answers each
``choose(view)`` by sending the view as one ``go`` line and reading the bot's
``bestmove``. It starts the bot lazily (at the first deal), does the handshake
(``66p 1`` … ``66pok``, the options, ``isready`` … ``readyok``), and tells it
of each match and deal. :class:`PartnershipProtocolPlayer` does the same for
the four-handed game, as a ``Player[PartnershipView]``
(``66p 2`` … ``66pok 2``; each ``go`` holds the seat's four-handed view).

Whatever the bot does, the host does not crash: an illegal or malformed
answer, no answer within ``time_limit`` + ``grace``, garbage (a line that is
not UTF-8 text, holds a NUL byte, is longer than 64 KiB, or too many lines
for one decision) or the end of the bot's output all raise
:class:`~sixtysix.protocol.host.BotFailure`, which
:func:`~sixtysix.protocol.host.run_deal` turns into a forfeited deal. The
failed process is killed, and the next deal starts a new one.

A bot that fails to start three times in a row (:data:`MAX_START_FAILURES`) is
disqualified (:class:`StartFailures`): it is not started again, and each deal it
would play is forfeited at once.

Its standard error is read too (so the bot never blocks on it); the last
lines are quoted when it crashes.
"""

from __future__ import annotations

import collections
import contextlib
import logging
import os
import selectors
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Callable, Mapping, Sequence
from typing import IO, Self, TypeVar

from sixtysix.core.actions import Action
from sixtysix.core.errors import InvalidNameError
from sixtysix.core.record import check_player_name
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import PartnershipPlayer, Player
from sixtysix.protocol.host import BotFailure
from sixtysix.protocol.messages import (
    FOUR_HANDED_VERSION,
    MAX_LINE,
    SEATS_OF_VERSION,
    BotOption,
    ProtocolError,
    encode_go,
    encode_hello,
    encode_newdeal,
    encode_newmatch,
    encode_setoption,
    parse_bestmove,
    session_version,
)

logger = logging.getLogger(__name__)

MAX_LINES_PER_ANSWER = 10_000
"""More lines than this before one answer is a flood: garbage."""

MAX_START_FAILURES = 3
"""A bot that fails to start this many times in a row is disqualified (:class:`StartFailures`)."""

Log = Callable[[str, str], None]
"""``log(direction, line)``: ``">"`` for a line sent to the bot, ``"<"`` for one it wrote."""

_T = TypeVar("_T")
_Event = tuple[str, str]  # ("line", text) | ("garbage", why) | ("eof", "")


class _Process:
    """One run of the bot: the child process, and its output split into lines.

    The standard output is read in this thread, with a selector (no thread hand-off on the
    hot path); the standard error by a daemon thread that keeps its last lines.
    """

    def __init__(self, command: Sequence[str], cwd: str | None, env: Mapping[str, str] | None) -> None:
        self.popen = subprocess.Popen(
            list(command),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            cwd=cwd,
            env=dict(env) if env is not None else None,
            start_new_session=True,  # its own process group, so that a kill reaches its children
        )
        self._finalizer = weakref.finalize(self, _kill, self.popen)
        assert self.popen.stdout is not None and self.popen.stderr is not None
        self._stdout = self.popen.stdout.fileno()
        os.set_blocking(self._stdout, False)
        self._selector = selectors.DefaultSelector()
        self._selector.register(self._stdout, selectors.EVENT_READ)
        self._buffer = b""
        assert self.popen.stdin is not None
        self._stdin = self.popen.stdin.fileno()
        os.set_blocking(self._stdin, False)
        self._writable = selectors.DefaultSelector()
        self._writable.register(self._stdin, selectors.EVENT_WRITE)
        self._events: collections.deque[_Event] = collections.deque()
        self._ended = False
        self.stderr_tail: collections.deque[str] = collections.deque(maxlen=5)
        # The thread holds the stream and the deque, not this object, so that it can be collected
        # (and its finalizer kill the bot) while the thread waits.
        self._stderr_thread = threading.Thread(
            target=_read_stderr, args=(self.popen.stderr, self.stderr_tail), daemon=True
        )
        self._stderr_thread.start()

    def next_event(self, timeout: float) -> _Event | None:
        """The next line (or garbage, or the end of the output) within ``timeout`` seconds; ``None`` if none."""
        deadline = time.monotonic() + timeout
        while not self._events:
            if self._ended:
                return ("eof", "")
            remaining = max(0.0, deadline - time.monotonic())
            if not self._selector.select(remaining):
                if remaining <= 0:
                    return None
                continue
            try:
                chunk = os.read(self._stdout, 1 << 16)
            except BlockingIOError:
                continue
            except OSError:
                chunk = b""
            self._take(chunk)
        return self._events.popleft()

    def _take(self, chunk: bytes) -> None:
        if not chunk:  # the end of the output; a last line without a line feed still counts
            self._ended = True
            if self._buffer:
                self._events.append(_event(self._buffer))
            self._buffer = b""
            return
        *lines, self._buffer = (self._buffer + chunk).split(b"\n")
        for raw in lines:
            event = _event(raw)
            self._events.append(event)
            if event[0] == "garbage":
                self._ended = True  # nothing after garbage is read
                return
        if len(self._buffer) > MAX_LINE:
            self._events.append(_event(self._buffer))
            self._ended = True

    def write(self, line: str, timeout: float) -> bool:
        """Write a line; ``False`` if the bot does not take it within ``timeout`` (it does not read)."""
        data = memoryview(line.encode("utf-8") + b"\n")
        deadline = time.monotonic() + timeout
        while data:
            try:
                data = data[os.write(self._stdin, data) :]
            except BlockingIOError:
                remaining = deadline - time.monotonic()
                if remaining <= 0 or not self._writable.select(remaining):
                    return False
        return True

    def kill(self) -> None:
        self._finalizer()
        self._selector.close()
        self._writable.close()

    def exit_status(self, wait: float) -> int | None:
        try:
            return self.popen.wait(wait)
        except subprocess.TimeoutExpired:
            return None

    def last_words(self) -> str:
        """The last line the bot wrote to its standard error, once it is gone."""
        self._stderr_thread.join(0.2)
        return self.stderr_tail[-1] if self.stderr_tail else ""


def _event(raw: bytes) -> _Event:
    problem = _garbage(raw)
    return ("garbage", problem) if problem else ("line", raw.decode("utf-8").rstrip("\r"))


def _read_stderr(stream: IO[bytes], tail: collections.deque[str]) -> None:
    try:
        for raw in iter(lambda: stream.readline(MAX_LINE), b""):
            text = raw.decode("utf-8", "replace").strip()
            if text:
                tail.append(text[:200])
    except (OSError, ValueError):
        pass
    stream.close()


def _garbage(raw: bytes) -> str:
    """Why a raw output line is garbage, or ``""`` if it is text."""
    line = raw.rstrip(b"\r\n")
    if len(line) > MAX_LINE:
        return f"a line longer than {MAX_LINE} bytes"
    if b"\0" in line:
        return f"a NUL byte in {line[:40]!r}"
    try:
        line.decode("utf-8")
    except UnicodeDecodeError:
        return f"not UTF-8 text: {line[:40]!r}"
    return ""


def _kill(popen: subprocess.Popen[bytes]) -> None:
    if popen.poll() is None:
        try:
            os.killpg(popen.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            popen.kill()
        with contextlib.suppress(subprocess.TimeoutExpired):
            popen.wait(5)
    for stream in (popen.stdin, popen.stdout):  # the stderr thread closes the third at its end
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


class StartFailures:
    """A bot's failures to start in a row; after ``limit`` of them the bot is disqualified.

    To start is to run the program and finish the handshake (``66pok``, then ``readyok``).
    A bot that cannot be run, exits or fails the handshake each time would otherwise cost
    the start timeout (10 s) on every deal; once disqualified it is not started again, and
    every deal it would play is forfeited at once (``disqualified``). Players that run the
    same bot may share one (a tournament shares one per player, across seats and games).

    >>> failures = StartFailures(limit=2)
    >>> failures.failed(BotFailure("crash", "the bot exited (status 1)"))
    >>> failures.disqualified
    False
    >>> failures.failed(BotFailure("crash", "the bot exited (status 1)"))
    >>> failures.reason
    'failed to start 2 times in a row (last: crash: the bot exited (status 1))'
    """

    def __init__(self, limit: int = MAX_START_FAILURES) -> None:
        if limit < 1:
            raise ValueError("the limit of start failures must be at least 1")
        self.limit = limit
        self.in_a_row = 0
        self.reason: str | None = None
        """Why the bot is disqualified, or ``None`` while it is not."""

    @property
    def disqualified(self) -> bool:
        return self.reason is not None

    def disqualify(self, reason: str) -> None:
        """Disqualify the bot now (a tournament does when another process disqualified it)."""
        self.reason = reason

    def failed(self, failure: BotFailure) -> None:
        self.in_a_row += 1
        if self.in_a_row >= self.limit and self.reason is None:
            self.reason = f"failed to start {self.in_a_row} times in a row (last: {failure})"

    def started(self) -> None:
        self.in_a_row = 0

    def check(self) -> None:
        """Raise ``BotFailure("disqualified", …)`` if the bot is disqualified."""
        if self.reason is not None:
            raise BotFailure("disqualified", self.reason)


class _BotSession:
    """What both protocol players share: the bot process, the handshake, the questions and the failures.

    ``version`` is the protocol version the host offers (``66p V``) and needs.
    """

    version = 1

    def __init__(
        self,
        command: Sequence[str] | str,
        *,
        name: str | None = None,
        time_limit: float = 1.0,
        grace: float = 0.5,
        start_timeout: float = 10.0,
        options: Mapping[str, str] | None = None,
        log: Log | None = None,
        cwd: str | None = None,
        env: Mapping[str, str] | None = None,
        start_failures: StartFailures | None = None,
    ) -> None:
        self.command = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.command:
            raise ValueError("a bot command is needed")
        self.name = name or os.path.basename(self.command[0])
        self._fixed_name = name is not None
        self.time_limit = time_limit
        self.grace = grace
        self.start_timeout = start_timeout
        self.options = dict(options or {})
        self.log = log
        self.cwd = cwd
        self.env = env
        self.bot_name: str | None = None
        """The bot's ``id name`` (after the first start)."""
        self.name_refused: str | None = None
        """Why the bot's ``id name`` was not taken (a control or bidirectional character), else ``None``."""
        self.bot_author: str | None = None
        self.bot_options: list[BotOption] = []
        self.starts = 0
        """How many times the bot process was started (1 + restarts)."""
        self.failures: list[BotFailure] = []
        self.start_failures = start_failures or StartFailures()
        """Its failures to start in a row (shared with the players given the same one)."""
        self._process: _Process | None = None
        self._rules: Rules | None = None
        self._seat = 0
        self._deal_number = 0

    def _tell_match(self, rules: Rules, seat: int) -> None:
        """Remember the match; tell a running bot. Never raises: a failure shows at the next deal."""
        self._rules, self._seat, self._deal_number = rules, seat, 0
        if self._process is not None:
            try:
                self._send(encode_newmatch(rules, seat))
            except BotFailure as failure:
                self.failures.append(failure)
                self._stop()

    def _tell_deal(self, view: PlayerView | PartnershipView) -> None:
        if self._rules != view.rules or self._seat != view.seat:  # no new_match for this match
            self._tell_match(view.rules, view.seat)
        self._deal_number += 1
        self._guard(lambda: self._send(encode_newdeal(self._deal_number, view)))

    # -- life cycle ---------------------------------------------------------------------------

    def start(self) -> None:
        """Start the bot and do the handshake now (it is otherwise done at the first deal)."""
        self._guard(lambda: None)

    def close(self) -> None:
        """Ask the bot to quit, and kill it if it does not within a second."""
        process, self._process = self._process, None
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):
            process.write("quit", 0.1)
        process.exit_status(1.0)
        process.kill()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __getstate__(self) -> dict[str, object]:
        """Pickled without its process (to hand a configured player to a worker that starts its own)."""
        state = self.__dict__.copy()
        state["_process"] = None
        return state

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.popen.poll() is None

    # -- internals -----------------------------------------------------------------------------

    def _guard(self, step: Callable[[], _T]) -> _T:
        """Run ``step`` with a started bot; on failure record it, kill the bot and re-raise."""
        try:
            if self._process is None:
                self.start_failures.check()
                self._start()
            return step()
        except BotFailure as failure:
            self.failures.append(failure)
            self._stop()
            raise

    def _start(self) -> None:
        """Launch the bot; count a failure to start (or a success) in :attr:`start_failures`."""
        try:
            self._launch()
        except BotFailure as failure:
            self.start_failures.failed(failure)
            raise
        self.start_failures.started()

    def _launch(self) -> None:
        try:
            self._process = _Process(self.command, self.cwd, self.env)
        except OSError as error:
            raise BotFailure("crash", f"cannot start {shlex.join(self.command)}: {error}") from None
        self.starts += 1
        deadline = time.monotonic() + self.start_timeout
        self._send(encode_hello(self.version))
        self.bot_options = []
        while True:
            line = self._receive(deadline, "handshake")
            words = line.split()
            if words[:1] == ["66pok"]:
                spoken = words[1] if len(words) > 1 else "1"
                if spoken != str(self.version):
                    raise BotFailure("handshake", self._version_problem(spoken))
                break
            if words[:2] == ["id", "name"]:
                self.bot_name = self._checked_name(line.split(None, 2)[2] if len(words) > 2 else "")
                if not self._fixed_name and self.bot_name:
                    self.name = self.bot_name
            elif words[:2] == ["id", "author"]:
                self.bot_author = line.split(None, 2)[2] if len(words) > 2 else ""
            elif words[:1] == ["option"]:
                with contextlib.suppress(ProtocolError):  # an option the host cannot read, it will not set
                    self.bot_options.append(BotOption.parse(line))
        for option_name, value in self.options.items():
            self._send(encode_setoption(option_name, value))
        self._send("isready")
        while self._receive(deadline, "handshake").split()[:1] != ["readyok"]:
            pass
        if self._rules is not None:
            self._send(encode_newmatch(self._rules, self._seat))

    def _checked_name(self, name: str) -> str:
        """The bot's ``id name``, or ``""`` if it holds a control or bidirectional formatting character
        (it would show as something else in a record or on a screen): :attr:`name_refused` says why."""
        try:
            return check_player_name(name)
        except InvalidNameError as error:
            self.name_refused = f"the bot's id name {name!r} is refused: {error}"
            logger.warning("%s: %s", shlex.join(self.command), self.name_refused)
            return ""

    def _version_problem(self, spoken: str) -> str:
        if self.version == FOUR_HANDED_VERSION and spoken == "1":
            return f"the bot speaks 66P version 1, without the four-handed game (version {FOUR_HANDED_VERSION})"
        return f"the bot speaks 66P version {spoken}, the host {self.version}"

    def _ask(self, view: PlayerView | PartnershipView) -> Action:
        process = self._process
        assert process is not None
        while True:  # lines the bot wrote since the last answer cannot answer this question
            stale = process.next_event(0)
            if stale is None:
                break
            self._check_event(*stale)
        movetime = max(1, round(self.time_limit * 1000))
        started = time.monotonic()
        self._send(encode_go(view, max(1, self._deal_number), movetime))
        deadline = started + self.time_limit + self.grace
        lines = 0
        while True:
            line = self._receive(deadline, "timeout")
            if line.split()[:1] == ["bestmove"]:
                break
            lines += 1
            if lines > MAX_LINES_PER_ANSWER:
                raise BotFailure("garbage", f"more than {MAX_LINES_PER_ANSWER} lines without a bestmove")
        try:
            action = parse_bestmove(line)
        except ProtocolError as error:
            raise BotFailure("malformed", f"{line[:80]!r}: {error}") from None
        if action not in view.legal:
            legal = " ".join(a.token for a in view.legal)
            raise BotFailure("illegal", f"bestmove {action.token} is not legal; legal: {legal}")
        return action

    def _send(self, line: str) -> None:
        process = self._process
        assert process is not None
        if self.log is not None:
            self.log(">", line)
        try:
            taken = process.write(line, self.time_limit + self.grace)
        except (OSError, ValueError):
            raise BotFailure("crash", self._exit_detail(process)) from None
        if not taken:
            raise BotFailure("timeout", "the bot does not read its input")

    def _receive(self, deadline: float, on_timeout: str) -> str:
        """The next line of the bot, before ``deadline`` (``time.monotonic``)."""
        process = self._process
        assert process is not None
        event = process.next_event(deadline - time.monotonic())
        if event is None:
            waited = self.start_timeout if on_timeout == "handshake" else self.time_limit + self.grace
            what = "no 66pok/readyok" if on_timeout == "handshake" else "no bestmove"
            raise BotFailure(on_timeout, f"{what} within {waited:g} s")
        kind, text = event
        self._check_event(kind, text)
        if self.log is not None:
            self.log("<", text)
        return text

    def _check_event(self, kind: str, text: str) -> None:
        process = self._process
        assert process is not None
        if kind == "garbage":
            raise BotFailure("garbage", text)
        if kind == "eof":
            raise BotFailure("crash", self._exit_detail(process))

    def _exit_detail(self, process: _Process) -> str:
        status = process.exit_status(0.5)
        detail = "the bot closed its output" if status is None else f"the bot exited (status {status})"
        last_words = process.last_words()
        if last_words:
            detail += f"; stderr: {last_words}"
        return detail

    def _stop(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()


BotView = TypeVar("BotView", PlayerView, PartnershipView)
"""The views a bot process is asked about: one per protocol version."""


class _ProtocolBot(_BotSession, Player[BotView]):
    """A bot program as a :class:`~sixtysix.players.player.Player` of the views of its protocol version."""

    def new_match(self, rules: Rules, seat: int) -> None:
        """Remember the match; tell a running bot. Never raises: a failure shows at the next deal.

        At a table whose seats the protocol does not name (66P version 1 speaks the
        three-handed game as the inner two-player deal) the bot hears of the match with
        the first view of each deal instead, in the seats of that deal.
        """
        if len(rules.seats) == SEATS_OF_VERSION[self.version]:
            self._tell_match(rules, seat)

    def new_deal(self, view: BotView) -> None:
        self._tell_deal(view)

    def choose(self, view: BotView) -> Action:
        return self._guard(lambda: self._ask(view))


class ProtocolPlayer(_ProtocolBot[PlayerView]):
    """A bot program that speaks 66P, as a player of the two-player game (and the three-handed one).

    ``command`` is the program and its arguments (a string is split like a
    shell would). ``time_limit`` is the bot's time per decision in seconds
    (sent as ``go movetime``); the host waits ``grace`` seconds more before it
    gives up. ``start_timeout`` bounds the start and the handshake.
    ``options`` are sent as ``setoption`` after the handshake; ``log`` sees
    every line both ways. A bot that fails to start (to run, or to finish the
    handshake) :data:`MAX_START_FAILURES` times in a row is disqualified: it is not
    started again, and every later decision fails at once with
    ``BotFailure("disqualified", …)`` (``start_failures``: a :class:`StartFailures`
    shared with other players of the same bot). Use it as a context manager, or call :meth:`close`.
    It opens with ``66p 1``: its messages are exactly those of version 1.
    """


class PartnershipProtocolPlayer(_ProtocolBot[PartnershipView], PartnershipPlayer):
    """A bot program that speaks 66P version 2, as a player of the four-handed game.

    The same arguments, life cycle and failures as :class:`ProtocolPlayer`; it
    opens with ``66p 2`` and needs ``66pok 2`` (a version-1 bot fails the
    handshake), and each ``go`` holds the seat's
    :class:`~sixtysix.core.view.PartnershipView` (never the partner's hand). Play it
    with :func:`~sixtysix.protocol.host.run_deal`, where a failure forfeits the deal
    for the bot's side.
    """

    version = FOUR_HANDED_VERSION


PROTOCOL_PLAYERS: dict[int, type[ProtocolPlayer | PartnershipProtocolPlayer]] = {
    1: ProtocolPlayer,
    FOUR_HANDED_VERSION: PartnershipProtocolPlayer,
}
"""The protocol player of each version."""


def protocol_player_for(rules: Rules | None) -> type[ProtocolPlayer | PartnershipProtocolPlayer]:
    """The protocol player of the version a table of ``rules`` is spoken in (no rules: version 1).

    >>> protocol_player_for(Rules.preset("three66")).__name__, protocol_player_for(Rules.preset("four66")).__name__
    ('ProtocolPlayer', 'PartnershipProtocolPlayer')
    """
    return PROTOCOL_PLAYERS[session_version(rules) if rules is not None else 1]
