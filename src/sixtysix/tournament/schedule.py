"""Who plays whom, on which cards: tables, boards and the key of every game.

A tournament plays ``boards`` seeded deals (or whole matches) at every *table* of
players, each in every *seating* of the table: a *duplicate unit*. Board ``k`` is the
same for every table (as in duplicate bridge), and everything about it comes from the
master seed:

>>> seeds = board_seeds(1, 0)
>>> seeds == board_seeds(1, 0), seeds.dealer, board_seeds(1, 1).dealer
(True, 2, 1)

Two players (and four-handed partnerships) meet in pairings, each board twice with the
seats (the sides) swapped: a *duplicate pair*. A three-handed table seats three players
and plays each board in every permutation of them (see :func:`tables` and
:func:`seatings`), so that every player holds every hand.

A game is fully determined by its :class:`GameKey`: the board and who sits at each
*position* (the seats of the two- and three-handed games, the sides of the four-handed
one). The player at a seat always gets the board's seed of that seat, so copies of the
same deterministic player on a board play the games of the unit identically, with
results that cancel.

>>> pairings(["A", "B", "C"], "round-robin")
[('A', 'B'), ('A', 'C'), ('B', 'C')]
>>> pairings(["A", "B", "C"], "gauntlet")
[('A', 'B'), ('A', 'C')]
>>> [key.text for key in schedule([("A", "B")], 2)]
['0/A/B', '0/B/A', '1/A/B', '1/B/A']
>>> tables(["A", "B"], "round-robin", players=3)
[('A', 'A', 'B'), ('A', 'B', 'B')]
>>> [key.text for key in schedule([("A", "A", "B")], 1)]
['0/A/A/B', '0/A/B/A', '0/B/A/A']
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from dataclasses import dataclass

FORMATS = ("round-robin", "gauntlet")
UNITS = ("deal", "match")

Table = tuple[str, ...]
"""The players of a table, one per position (in the order of the tournament's players)."""


@dataclass(frozen=True)
class TableFormat:
    """How a tournament plays at a table of one size, and the words its reports use for it.

    The one place that knows the table sizes: everything else asks :func:`table_format`.

    >>> two, three, four = (table_format(players) for players in (2, 3, 4))
    >>> [four.position_of(seat) for seat in (1, 2, 3, 4)], [four.member_of(seat) for seat in (1, 2, 3, 4)]
    ([1, 2, 1, 2], [0, 0, 1, 1])
    >>> [(f.unit_word, f.position_word, f.teams) for f in (two, three, four)]
    [('pairs', 'seat', False), ('units', 'seat', False), ('pairs', 'side', True)]
    """

    players: int
    """Seats at the table (``rules.players``)."""
    players_word: str
    """The number of seats in words: ``tables of three``."""
    positions: int
    """The positions of a game: the seats of the two- and three-handed games, the sides of the four-handed one."""
    position_word: str
    """What a position is called: ``seat`` or ``side``."""
    in_pairs: bool
    """Whether a board is played twice with the positions swapped (a duplicate pair), rather than in every seating
    of a table (a duplicate unit)."""

    @property
    def unit_word(self) -> str:
        """What the pairing table counts: duplicate ``pairs`` or ``units``."""
        return "pairs" if self.in_pairs else "units"

    @property
    def teams(self) -> bool:
        """Whether each player of a game takes a side of two seats (the four-handed game, where teams play)."""
        return self.positions < self.players

    def position_of(self, seat: int) -> int:
        """The position of table ``seat``: the seat itself, or its side in the four-handed game."""
        return (seat - 1) % self.positions + 1

    def member_of(self, seat: int) -> int:
        """Which member of a team (0: at the side's first seat, 1: opposite) plays at table ``seat``."""
        return (seat - 1) // self.positions


TABLE_FORMATS = {
    2: TableFormat(players=2, players_word="two", positions=2, position_word="seat", in_pairs=True),
    3: TableFormat(players=3, players_word="three", positions=3, position_word="seat", in_pairs=False),
    4: TableFormat(players=4, players_word="four", positions=2, position_word="side", in_pairs=True),
}
"""The format of a table of each size (``rules.players``)."""


def table_format(players: int) -> TableFormat:
    """The format of a table of ``players`` (see :class:`TableFormat`)."""
    return TABLE_FORMATS[players]


def position_of(seat: int, players: int) -> int:
    """The position of table ``seat`` at a table of ``players`` (its side in the four-handed game).

    >>> [position_of(seat, 4) for seat in (1, 2, 3, 4)], position_of(3, 3)
    ([1, 2, 1, 2], 3)
    """
    return table_format(players).position_of(seat)


class ScheduleError(ValueError):
    """A tournament that cannot be scheduled."""


@dataclass(frozen=True, order=True)
class GameKey:
    """One game: board ``board`` with ``seat1`` at position 1, ``seat2`` at 2 (and ``seat3`` at 3).

    Positions are the table's seats, except in the four-handed game, where they are the
    sides: ``seat1``'s two copies sit at seats 1 and 3, ``seat2``'s at seats 2 and 4.
    """

    board: int
    seat1: str
    seat2: str
    seat3: str = ""
    """The third seat of a three-handed game; empty otherwise."""

    @property
    def names(self) -> Table:
        """Who sits at each position."""
        return (self.seat1, self.seat2, self.seat3) if self.seat3 else (self.seat1, self.seat2)

    @property
    def text(self) -> str:
        """``board/seat1/seat2`` (``/seat3``), the game's key in the journal."""
        return "/".join((str(self.board), *self.names))

    @classmethod
    def parse(cls, text: str) -> GameKey:
        board, *names = text.split("/")
        if len(names) not in (2, 3):
            raise ValueError(f"not a game key: {text!r}")
        return cls(int(board), *names)

    @property
    def swapped(self) -> GameKey:
        """The other game of a duplicate pair (two positions)."""
        return GameKey(self.board, self.seat2, self.seat1)

    def seat_of(self, name: str) -> int:
        """The position of ``name`` (its first, if it sits at several)."""
        positions = self.positions_of(name)
        if not positions:
            raise KeyError(name)
        return positions[0]

    def positions_of(self, name: str) -> tuple[int, ...]:
        """Every position of ``name`` (several for copies of one player at a three-handed table)."""
        return tuple(position for position, seated in enumerate(self.names, start=1) if seated == name)


@dataclass(frozen=True)
class BoardSeeds:
    """Everything random about one board."""

    deck: int
    """Seed of the shuffle (``shuffled_deck(rules, deck)``); of the match's shuffles for whole matches."""
    seat1: int
    """Seed of the player in seat 1."""
    seat2: int
    dealer: int
    """Dealer of a two-player deal (the first dealer of a match): seat 2 on even boards, seat 1 on odd ones."""
    seat3: int = 0
    seat4: int = 0
    board: int = 0

    def seat(self, seat: int) -> int:
        """The seed of the player at table ``seat`` (1-4)."""
        return (self.seat1, self.seat2, self.seat3, self.seat4)[seat - 1]

    def first_dealer(self, players: int) -> int:
        """The dealer (of the first deal) at a table of ``players``: the seats in turn, the last one first.

        >>> [board_seeds(1, k).first_dealer(3) for k in range(4)], board_seeds(1, 5).first_dealer(4)
        ([3, 2, 1, 3], 3)
        >>> all(board_seeds(1, k).first_dealer(2) == board_seeds(1, k).dealer for k in range(4))
        True
        """
        return players - self.board % players


def board_seeds(master: int, board: int) -> BoardSeeds:
    """The seeds of board ``board`` of the tournament with master seed ``master``."""
    rng = random.Random(f"sixtysix-tournament:{master}:{board}")
    deck, seat1, seat2 = rng.getrandbits(64), rng.getrandbits(32), rng.getrandbits(32)
    seat3, seat4 = rng.getrandbits(32), rng.getrandbits(32)
    return BoardSeeds(deck, seat1, seat2, 2 - board % 2, seat3, seat4, board)


def pairings(names: Sequence[str], fmt: str) -> list[tuple[str, str]]:
    """The (A, B) pairings: every pair (``round-robin``), or the first against every other (``gauntlet``)."""
    _check_names(names)
    if fmt == "round-robin":
        return [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    if fmt == "gauntlet":
        return [(names[0], other) for other in names[1:]]
    raise ScheduleError(f"no format {fmt!r} ({', '.join(FORMATS)})")


def _check_names(names: Sequence[str]) -> None:
    if len(names) < 2:
        raise ScheduleError("a tournament needs at least two players")
    if len(set(names)) != len(names):
        raise ScheduleError("two players have the same name")


def tables(names: Sequence[str], fmt: str, players: int = 2) -> list[Table]:
    """The tables of a tournament at a table of ``players``.

    Two players, and four-handed partnerships (an entrant is a side of two copies of
    itself): the :func:`pairings`. Three-handed: every three players (``round-robin``), or
    the first with every two others (``gauntlet``); with only two players, the two tables
    where one of them sits twice: ``(A, A, B)`` and ``(A, B, B)``.

    >>> tables(["A", "B", "C", "D"], "gauntlet", players=3)
    [('A', 'B', 'C'), ('A', 'B', 'D'), ('A', 'C', 'D')]
    """
    if table_format(players).in_pairs:
        return [(a, b) for a, b in pairings(names, fmt)]
    _check_names(names)
    if fmt not in FORMATS:
        raise ScheduleError(f"no format {fmt!r} ({', '.join(FORMATS)})")
    if len(names) == 2:
        a, b = names
        return [(a, a, b), (a, b, b)]
    if fmt == "gauntlet":
        return [(names[0], *pair) for pair in itertools.combinations(names[1:], 2)]
    return list(itertools.combinations(names, 3))


def seatings(table: Table) -> list[Table]:
    """The seatings of a table a board is played in: both orders of a pair; every distinct permutation of three.

    >>> seatings(("A", "B"))
    [('A', 'B'), ('B', 'A')]
    >>> len(seatings(("A", "B", "C"))), seatings(("A", "B", "B"))
    (6, [('A', 'B', 'B'), ('B', 'A', 'B'), ('B', 'B', 'A')])
    """
    return list(dict.fromkeys(itertools.permutations(table)))


def table_pairs(table_list: Sequence[Table], names: Sequence[str]) -> list[tuple[str, str]]:
    """The pairs of different players sharing a table, each once, earlier player first, in the players' order.

    >>> table_pairs([("A", "A", "B"), ("A", "B", "B")], ["A", "B"])
    [('A', 'B')]
    """
    shared = {frozenset((a, b)) for table in table_list for a in table for b in table if a != b}
    return [(a, b) for i, a in enumerate(names) for b in names[i + 1 :] if frozenset((a, b)) in shared]


def schedule(table_list: Sequence[Table], boards: int) -> list[GameKey]:
    """Every game, board by board (so that a partial tournament is balanced), each table's seatings in order."""
    if boards < 1:
        raise ScheduleError("at least one board (deal or match) per pairing")
    return [
        GameKey(board, *seating)
        for board in range(boards)
        for table in table_list
        for seating in seatings(tuple(table))
    ]
