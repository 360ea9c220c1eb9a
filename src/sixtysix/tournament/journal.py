"""The results journal that makes a tournament resumable.

``journal.jsonl`` in the output folder holds one JSON object per line: first the
tournament's settings, then the players (their specs, declared once), then one line per
finished game, appended and flushed as soon as the game is over (after its record is
written). A run that starts with an existing journal checks that it belongs to the same
tournament, reads the finished games and plays only the others: a game is counted once
its line is complete, and a line cut short by a killed process is dropped (and the game
played again). The same tournament may grow: more boards (``--deals``), more players.

While a run uses the journal it holds an exclusive lock on it, so two runs cannot
write the same tournament at once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from types import TracebackType
from typing import IO, Any

from sixtysix.tournament.play import GameResult

JOURNAL_NAME = "journal.jsonl"
FORMAT = "sixtysix-tournament-journal 1"


class JournalError(ValueError):
    """A journal that belongs to another tournament, is damaged, or is in use."""


class Journal:
    """The journal at ``path`` for the tournament ``settings`` with ``players`` (name -> spec text)."""

    def __init__(self, path: Path, settings: Mapping[str, Any], players: Mapping[str, str]) -> None:
        self.path = path
        self.settings = dict(settings)
        self.players = dict(players)
        self.finished: dict[str, GameResult] = {}
        """Finished games by key text (the first line of each key counts)."""
        self._file: IO[bytes] | None = None

    def __enter__(self) -> Journal:
        self.open()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, traceback: TracebackType | None
    ) -> None:
        self.close()

    def open(self) -> dict[str, GameResult]:
        """Create the journal, or read and check the existing one; return the finished games."""
        self.path.parent.mkdir(parents=True, exist_ok=True)
        handle = open(self.path, "a+b")  # noqa: SIM115 - held open until close()
        try:
            _lock(handle, self.path)
            handle.seek(0)
            data = handle.read()
            complete = data[: data.rfind(b"\n") + 1]
            if len(complete) != len(data):  # a line cut short by a kill: drop it
                handle.truncate(len(complete))
            self._file = handle
            declared = self._read(complete) if complete else {}
            if not complete:
                self._write({"format": FORMAT, "settings": self.settings})
            new = {name: spec for name, spec in self.players.items() if name not in declared}
            if new:
                self._write({"players": new})
        except BaseException:
            self._file = None
            handle.close()
            raise
        return self.finished

    def _read(self, data: bytes) -> dict[str, str]:
        declared: dict[str, str] = {}
        for number, line in enumerate(data.decode("utf-8").splitlines(), start=1):
            try:
                entry = json.loads(line)
            except json.JSONDecodeError as error:
                raise JournalError(f"{self.path}, line {number}: not JSON ({error})") from None
            if number == 1:
                self._check_settings(entry)
            elif "game" in entry:
                result = GameResult.from_json(entry["game"])
                self.finished.setdefault(result.key.text, result)
            elif "players" in entry:
                for name, spec in entry["players"].items():
                    if name in self.players and self.players[name] != spec:
                        raise JournalError(
                            f"{self.path} is a tournament where {name} is {spec!r}, not {self.players[name]!r}; "
                            "give that player another name, or use another --out folder"
                        )
                    declared[name] = spec
        return declared

    def _check_settings(self, entry: Mapping[str, Any]) -> None:
        if entry.get("format") != FORMAT:
            raise JournalError(f"{self.path} is not a sixtysix tournament journal ({FORMAT})")
        theirs = entry.get("settings", {})
        differences = [
            f"{name} {theirs.get(name)!r} there, {value!r} here"
            for name, value in self.settings.items()
            if theirs.get(name) != value
        ]
        if differences:
            raise JournalError(
                f"{self.path} belongs to another tournament ({'; '.join(differences)}): "
                "use another --out folder, or delete it to start over"
            )

    def append(self, result: GameResult) -> None:
        """Record a finished game (one line, flushed)."""
        self._write({"game": result.to_json()})
        self.finished.setdefault(result.key.text, result)

    def _write(self, entry: Mapping[str, Any]) -> None:
        if self._file is None:
            raise JournalError("the journal is not open")
        self._file.write(json.dumps(entry, separators=(",", ":")).encode("utf-8") + b"\n")
        self._file.flush()

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None


def _lock(handle: IO[bytes], path: Path) -> None:
    try:
        import fcntl
    except ImportError:  # not POSIX: no lock
        return
    try:
        fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise JournalError(f"another run is using {path} right now") from None


def read_journal(path: Path) -> list[GameResult]:
    """The finished games of a journal, in file order (without checking or locking it)."""
    results = []
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.endswith("\n"):
            entry = json.loads(line)
            if "game" in entry:
                results.append(GameResult.from_json(entry["game"]))
    return results
