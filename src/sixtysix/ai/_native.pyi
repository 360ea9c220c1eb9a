"""Types of the native search core (the C extension built from ``native/``; see :mod:`sixtysix.ai.native`).

A position is a tuple in the order of ``POS_FIELDS``: hand1, hand2 (card masks),
stock (bytes, the face-down stock top first), stock_pos, face_up (-1 once drawn),
trump (suit), score1, score2, pending1, pending2, tricks1, tricks2, stage,
leader, led (-1 unless a card was led), marriage_suit, closer, close_score,
close_tricks, window. A result is (termination 1-5, winner or 0, game points,
claimant or 0, score1, score2, tricks1, tricks2).
"""

from collections.abc import Sequence
from typing import Any

Position = tuple[Any, ...]
Result = tuple[int, int, int, int, int, int, int, int]

RULE_FIELDS: tuple[tuple[str, tuple[Any, ...]], ...]
POS_FIELDS: tuple[str, ...]
ABI: int
SANITIZERS: str

class Core:
    nodes: int
    engine_nodes: int
    def __init__(self, rules: tuple[int, ...], facts: tuple[Any, ...], table_bits: int = 15) -> None: ...
    def new_session(self) -> int: ...
    def value(self, pos: Position, session: int) -> int: ...
    def window(self, pos: Position, session: int, alpha: int, beta: int) -> int: ...
    def test(self, pos: Position, session: int, seat: int, threshold: int) -> bool: ...
    def action_values(self, pos: Position, session: int, actions: Sequence[int], seat: int) -> list[int]: ...
    def worlds_action_values(
        self, worlds: Sequence[Position], session: int, actions: Sequence[int], seat: int
    ) -> list[list[int]]: ...
    def legal(self, pos: Position, seat: int = 0) -> list[int]: ...
    def apply(self, pos: Position, action: int, seat: int = 0) -> tuple[Position, Result | None]: ...
    def perft(self, pos: Position, depth: int) -> int: ...
    def playout(self, pos: Position, seed: int, policy: int) -> tuple[list[tuple[int, int]], Result]: ...
    def playout_values(self, pos: Position, count: int, seed: int, policy: int) -> list[int]: ...
    def playouts(self, deals: int, seed: int, policy: int) -> int: ...
    def sample_worlds(
        self, pos: Position, seat: int, known: int, forbidden: int, count: int, seed: int
    ) -> list[Position]: ...
    def ismcts(
        self,
        pos: Position,
        session: int,
        seat: int,
        known: int,
        forbidden: int,
        soft: Sequence[tuple[int, float]],
        iterations: int,
        min_iterations: int,
        seconds: float,
        seed: int,
        policy: int,
        exploration: float,
        clairvoyant: bool,
        leaf: int = 0,
        prune: bool = False,
        chance: bool = False,
        play: tuple[int, bool, float, int, tuple[Any, ...], tuple[float, ...]] | None = None,
        keyed: bool = False,
    ) -> tuple[list[tuple[int, int, float]], int, int]: ...
    def play_weight(
        self, known: int, hand: int, play: tuple[int, bool, float, int, tuple[Any, ...], tuple[float, ...]]
    ) -> float: ...
    def set_model(self, hidden: int, weights: Sequence[float]) -> None: ...
    def model_value(self, pos: Position) -> float: ...
    def value_features(self, pos: Position) -> list[float]: ...
    def counter_choose(self, view: tuple[Any, ...], params: tuple[float, ...], rng: bytearray | None = None) -> int: ...
    def rollout_values(
        self,
        pos: Position,
        session: int,
        facts: tuple[int, int, int, int],
        actions: Sequence[int],
        seat: int,
        params: tuple[float, ...],
        rng1: bytearray | None,
        rng2: bytearray | None,
        solve_from: int = -1,
    ) -> list[int]: ...
