"""Progress of a running tournament: a ``rich`` bar when ``rich`` is installed and the output is a
terminal (games done, games per second, time left), plain lines otherwise."""

from __future__ import annotations

import sys
import time
from typing import Any, Protocol, TextIO


class Progress(Protocol):
    """What the runner reports to."""

    def start(self, total: int, done: int) -> None:
        """``total`` games, ``done`` of them already finished (a resumed tournament)."""

    def advance(self, games: int = 1) -> None: ...

    def stop(self) -> None: ...


class NoProgress:
    """Reports nothing."""

    def start(self, total: int, done: int) -> None:
        pass

    def advance(self, games: int = 1) -> None:
        pass

    def stop(self) -> None:
        pass


class PlainProgress:
    """A line every ``every`` seconds (and at the end) on ``stream``."""

    def __init__(self, unit: str = "deals", stream: TextIO | None = None, every: float = 10.0) -> None:
        self.unit = unit
        self.stream = stream or sys.stderr
        self.every = every
        self.total = self.done = self.first = 0
        self.started = self.last = 0.0

    def start(self, total: int, done: int) -> None:
        self.total, self.done, self.first = total, done, done
        self.started = self.last = time.perf_counter()
        if done:
            print(f"resuming: {done}/{total} {self.unit} already played", file=self.stream, flush=True)

    def advance(self, games: int = 1) -> None:
        self.done += games
        now = time.perf_counter()
        if now - self.last >= self.every:
            self.last = now
            self._line(now)

    def _line(self, now: float) -> None:
        elapsed = now - self.started
        rate = (self.done - self.first) / elapsed if elapsed > 0 else 0.0
        left = f", {(self.total - self.done) / rate:.0f} s left" if rate > 0 and self.done < self.total else ""
        print(
            f"{self.done}/{self.total} {self.unit}, {rate:.1f} {self.unit}/s, {elapsed:.0f} s{left}",
            file=self.stream,
            flush=True,
        )

    def stop(self) -> None:
        if self.done > self.first:
            self._line(time.perf_counter())


class RichProgress:
    """A ``rich`` progress bar on standard error."""

    def __init__(self, unit: str = "deals", description: str = "tournament") -> None:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            ProgressColumn,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )
        from rich.progress import Progress as Bar
        from rich.text import Text

        class Rate(ProgressColumn):
            def render(self, task: Any) -> Text:
                speed = task.finished_speed or task.speed
                return Text(f"{speed:,.1f} {unit}/s" if speed else f"- {unit}/s", style="progress.data.speed")

        self.unit = unit
        self.description = description
        self.bar = Bar(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(unit),
            Rate(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            TextColumn("left"),
            console=Console(stderr=True),
            speed_estimate_period=60.0,
        )
        self.task: Any = None

    def start(self, total: int, done: int) -> None:
        self.bar.start()
        self.task = self.bar.add_task(self.description, total=total, completed=done)

    def advance(self, games: int = 1) -> None:
        self.bar.advance(self.task, games)

    def stop(self) -> None:
        self.bar.stop()


def make_progress(kind: str = "auto", unit: str = "deals") -> Progress:
    """``rich``, ``plain``, ``none`` or ``auto`` (a ``rich`` bar on a terminal, else plain lines)."""
    if kind == "none":
        return NoProgress()
    if kind in ("auto", "rich"):
        try:
            import rich  # noqa: F401
        except ImportError:
            if kind == "rich":
                raise
        else:
            if kind == "rich" or sys.stderr.isatty():
                return RichProgress(unit)
    return PlainProgress(unit)
