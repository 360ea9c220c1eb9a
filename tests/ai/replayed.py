"""Lines of play of an explanation replayed on the engine, move by move with its checks: who takes each trick,
read from the won cards (shared by the tests of the explanations)."""

from __future__ import annotations

from sixtysix.ai.explain import Line, LinePair
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.view import PlayerView


class Replayed:
    """A line replayed on the engine: each trick (two cards, the seat whose won cards gained them), marriages."""

    def __init__(self) -> None:
        self.tricks: list[tuple[int, int, int]] = []
        self.declared: dict[int, set[Action]] = {1: set(), 2: set()}
        self.last = 0
        self.claimed_after_first = False
        self.closed = False
        self.score_after_first = 0
        """The seat's counted points right after the first trick, for the seat that took it."""
        self.winner: int | None = None
        """The seat that won the deal on the engine (``None``: not ended)."""


def replay_line(view: PlayerView, pair: LinePair, line: Line) -> Replayed:
    """``line`` played in ``pair``'s world (raises where the engine refuses a move)."""
    world = pair.sample.world(view)
    result = Replayed()
    played_since_first = False
    for seat, action in line.actions:
        if action.is_marriage():
            result.declared[seat].add(action)
        if action == CLAIM and len(result.tricks) == 1 and not played_since_first and result.tricks[0][2] == seat:
            result.claimed_after_first = True
        before = (world.won[1], world.won[2])
        led = world.led
        world.apply(action, seat)
        if result.tricks and (action.is_card() or action.is_marriage()):
            played_since_first = True
        gained = [s for s in (1, 2) if world.won[s] != before[s - 1]]
        if gained:
            result.tricks.append((led, int(action), gained[0]))
            if len(result.tricks) == 1:
                result.score_after_first = world.score[gained[0]]
            if not world.hands[1] and not world.hands[2]:
                result.last = gained[0]
    result.closed = world.closed
    result.winner = world.outcome.winner if world.outcome is not None else None
    return result


def first_changed(best: Replayed, other: Replayed, me: int) -> set[int]:
    """The two cards of the other line's first trick that goes to him where the best line's trick of the same
    number goes to the seat (empty: none)."""
    for mine, theirs in zip(best.tricks, other.tricks, strict=False):
        if mine[2] == me and theirs[2] != me:
            return {theirs[0], theirs[1]}
    return set()
