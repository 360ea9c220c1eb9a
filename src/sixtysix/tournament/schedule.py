"""Who plays whom, on which cards: pairings, boards and the key of every game.

A tournament plays ``boards`` seeded deals (or whole matches) for every pairing of
players, each twice with the seats swapped: a *duplicate pair*. Board ``k`` is the
same for every pairing (as in duplicate bridge), and everything about it comes from
the master seed:

>>> seeds = board_seeds(1, 0)
>>> seeds == board_seeds(1, 0), seeds.dealer, board_seeds(1, 1).dealer
(True, 2, 1)

A game is fully determined by its :class:`GameKey`: the board, who sits in seat 1
and who in seat 2. The seat-1 player of a board always gets the board's seat-1 seed
(and likewise seat 2), so two copies of the same deterministic player on a board
play the two games of the pair identically, with opposite results.

>>> pairings(["A", "B", "C"], "round-robin")
[('A', 'B'), ('A', 'C'), ('B', 'C')]
>>> pairings(["A", "B", "C"], "gauntlet")
[('A', 'B'), ('A', 'C')]
>>> [key.text for key in schedule([("A", "B")], 2)]
['0/A/B', '0/B/A', '1/A/B', '1/B/A']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

FORMATS = ("round-robin", "gauntlet")
UNITS = ("deal", "match")


class ScheduleError(ValueError):
    """A tournament that cannot be scheduled."""


@dataclass(frozen=True, order=True)
class GameKey:
    """One game: board ``board`` with ``seat1`` in seat 1 and ``seat2`` in seat 2."""

    board: int
    seat1: str
    seat2: str

    @property
    def text(self) -> str:
        """``board/seat1/seat2``, the game's key in the journal."""
        return f"{self.board}/{self.seat1}/{self.seat2}"

    @classmethod
    def parse(cls, text: str) -> GameKey:
        board, seat1, seat2 = text.split("/")
        return cls(int(board), seat1, seat2)

    @property
    def swapped(self) -> GameKey:
        """The other game of the duplicate pair."""
        return GameKey(self.board, self.seat2, self.seat1)

    def seat_of(self, name: str) -> int:
        """1 or 2."""
        if name == self.seat1:
            return 1
        if name == self.seat2:
            return 2
        raise KeyError(name)


@dataclass(frozen=True)
class BoardSeeds:
    """Everything random about one board."""

    deck: int
    """Seed of the shuffle (``shuffled_deck(rules, deck)``); of the match's shuffles for whole matches."""
    seat1: int
    """Seed of the player in seat 1."""
    seat2: int
    dealer: int
    """Dealer of the deal (the first dealer of a match): seat 2 on even boards, seat 1 on odd ones."""


def board_seeds(master: int, board: int) -> BoardSeeds:
    """The seeds of board ``board`` of the tournament with master seed ``master``."""
    rng = random.Random(f"sixtysix-tournament:{master}:{board}")
    return BoardSeeds(rng.getrandbits(64), rng.getrandbits(32), rng.getrandbits(32), 2 - board % 2)


def pairings(names: Sequence[str], fmt: str) -> list[tuple[str, str]]:
    """The (A, B) pairings: every pair (``round-robin``), or the first against every other (``gauntlet``)."""
    if len(names) < 2:
        raise ScheduleError("a tournament needs at least two players")
    if len(set(names)) != len(names):
        raise ScheduleError("two players have the same name")
    if fmt == "round-robin":
        return [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    if fmt == "gauntlet":
        return [(names[0], other) for other in names[1:]]
    raise ScheduleError(f"no format {fmt!r} ({', '.join(FORMATS)})")


def schedule(pairs: Sequence[tuple[str, str]], boards: int) -> list[GameKey]:
    """Every game, board by board (so that a partial tournament is balanced), A in seat 1 first."""
    if boards < 1:
        raise ScheduleError("at least one board (deal or match) per pairing")
    return [key for board in range(boards) for a, b in pairs for key in (GameKey(board, a, b), GameKey(board, b, a))]
