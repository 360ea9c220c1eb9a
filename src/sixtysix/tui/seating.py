"""Who sits where: names, levels and the record headers of ``sixtysix play``.

Seats are numbered clockwise. The player's neighbours are called by where they sit:
``Left`` is the next seat clockwise (who plays after you), ``Right`` the one before,
and at a table of four ``Partner`` sits opposite.

>>> seat_names(4, human=2)
{2: 'You', 3: 'Left', 4: 'Partner', 1: 'Right'}
>>> seat_names(3, human=3)
{3: 'You', 1: 'Left', 2: 'Right'}
>>> seat_levels(4, human=1, level=3, levels=(2, 5))
Traceback (most recent call last):
...
ValueError: give one level for all computer seats, or 3 (Left, Partner, Right)
>>> seat_levels(4, human=1, level=3, levels=(2, 5, 4))
{2: 2, 3: 5, 4: 4}
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping

from sixtysix.ai.levels import make_table_player
from sixtysix.core.rules import Rules
from sixtysix.players.player import AnyPlayer
from sixtysix.present.words import say
from sixtysix.tui.console import Settings
from sixtysix.tui.screen import LEVEL_NAMES

WORDS = {3: ("Left", "Right"), 4: ("Left", "Partner", "Right")}
"""The names of the computer seats, clockwise from the player's left."""


def computer_seats(players: int, human: int) -> tuple[int, ...]:
    """The other seats, clockwise from the player's left."""
    return tuple((human + k - 1) % players + 1 for k in range(1, players))


def seat_names(players: int, human: int, lang: str = "en") -> dict[int, str]:
    """Every seat's name: ``You`` for the player, then ``Left`` (``Partner``) ``Right``, in ``lang``.

    >>> seat_names(3, human=1, lang="de")
    {1: 'Du', 2: 'Links', 3: 'Rechts'}
    """
    names = {human: say("tui.You", lang)}
    words = (say(f"tui.seat.{word.lower()}", lang) for word in WORDS[players])
    names.update(zip(computer_seats(players, human), words, strict=True))
    return names


def seat_levels(players: int, human: int, level: int, levels: tuple[int, ...] = ()) -> dict[int, int]:
    """The level of each computer seat: ``levels`` clockwise from the player's left, or
    one value (or ``level``) for all."""
    seats = computer_seats(players, human)
    if not levels:
        levels = (level,)
    if len(levels) == 1:
        levels = levels * len(seats)
    if len(levels) != len(seats):
        words = ", ".join(WORDS[players])
        raise ValueError(f"give one level for all computer seats, or {len(seats)} ({words})")
    return dict(zip(seats, levels, strict=True))


def computer_players(
    levels: Mapping[int, int],
    rules: Rules,
    seed: int,
    think: float,
    given: Mapping[int, AnyPlayer] | None = None,
) -> dict[int, AnyPlayer]:
    """The computer player of each seat of ``levels``: the ``given`` one, else a new one of its
    level for the table of ``rules`` (seeded ``seed`` + seat; ``think`` seconds a decision at level 5)."""
    players = dict(given) if given else {}
    for seat, level in levels.items():
        if seat not in players:
            players[seat] = make_table_player(level, rules, seed=seed + seat, time_limit=think)
    return players


def level_label(level: int) -> str:
    """``sixtysix level 3 (counter)``: a computer seat in a record."""
    return f"sixtysix level {level} ({LEVEL_NAMES.get(level, '?')})"


def levels_text(players: int, human: int, levels: dict[int, int]) -> str:
    """``3,5,5``: the ``Levels`` header (and ``--levels``), clockwise from the player's left."""
    return ",".join(str(levels[seat]) for seat in computer_seats(players, human))


def table_headers(
    players: int, human: int, name: str, levels: dict[int, int], seed: int | None, practice: bool
) -> list[tuple[str, str]]:
    """The free headers of a new three- or four-handed match's record."""
    headers = [("Event", "sixtysix play"), ("Date", datetime.date.today().strftime("%Y.%m.%d"))]
    for seat in range(1, players + 1):
        headers.append((f"Seat{seat}", name if seat == human else level_label(levels[seat])))
    headers += [("Human", str(human)), ("Levels", levels_text(players, human, levels))]
    if len(set(levels.values())) == 1:
        headers.append(("Level", str(next(iter(levels.values())))))
    if seed is not None:
        headers.append(("Seed", str(seed)))
    if practice:
        headers.append(("Practice", "true"))
    return headers


def merge_table_headers(
    headers: list[tuple[str, str]], players: int, human: int, levels: dict[int, int], seed: int | None
) -> list[tuple[str, str]]:
    """Resumed headers with the seats, ``Human``, ``Levels`` and ``Seed`` set to what is played now."""
    values = {f"Seat{seat}": level_label(level) for seat, level in levels.items()}
    values["Human"] = str(human)
    values["Levels"] = levels_text(players, human, levels)
    if len(set(levels.values())) == 1:
        values["Level"] = str(next(iter(levels.values())))
    if seed is not None:
        values["Seed"] = str(seed)
    kept = [(k, v) for k, v in headers if k != "Level" or "Level" in values]
    out = [(k, values.pop(k) if k in values else v) for k, v in kept]
    return out + list(values.items())


def play_headers(settings: Settings) -> list[tuple[str, str]]:
    """The free headers of a new two-player match's record."""
    computer = level_label(settings.level)
    seats = {settings.human: settings.name, 3 - settings.human: computer}
    headers = [
        ("Event", "sixtysix play"),
        ("Date", datetime.date.today().strftime("%Y.%m.%d")),
        ("Seat1", seats[1]),
        ("Seat2", seats[2]),
        ("Human", str(settings.human)),
        ("Level", str(settings.level)),
    ]
    if settings.seed is not None:
        headers.append(("Seed", str(settings.seed)))
    if settings.practice:
        headers.append(("Practice", "true"))
    return headers


def merge_headers(headers: list[tuple[str, str]], settings: Settings) -> list[tuple[str, str]]:
    """A two-player match's resumed headers with ``Human``, ``Level``, the computer's seat name,
    ``Seed`` and ``Practice`` set to what is played now."""
    computer = level_label(settings.level)
    values = {"Human": str(settings.human), "Level": str(settings.level), f"Seat{3 - settings.human}": computer}
    if settings.practice:
        values["Practice"] = "true"
    if settings.seed is not None:
        values["Seed"] = str(settings.seed)
    out = [(k, values.pop(k) if k in values else v) for k, v in headers]
    out += list(values.items())
    return out
