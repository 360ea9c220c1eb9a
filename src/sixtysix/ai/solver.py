"""Exact search of 66 positions where the place of every card is known.

The value of a position is the game points the deal will give, with both
sides playing perfectly: positive when seat 1 wins. Phase 2 (talon closed or
exhausted) is the hot loop and is searched on plain ints, one trick per node,
with alpha-beta and a transposition table; everything else (phase 1 with a
known talon order, marriages, exchanges, closing) is searched through the
engine itself, so no rule is written twice. Claims are taken as soon as they
are correct: a claim's value can only fall later (the opponent's points and
tricks only grow), so claiming at once is best, except for the closer's
opponent where a failed close costs more than a beaten one (``_patient_seat``:
he may rather let the closer fail). Wrong claims are searched too where the
rules make one pay (a closer's opponent who had no trick at the close loses 3
if the closer wins, but only 2 by claiming wrongly himself). A seat that may
exchange out of turn (the window) chooses: exchanging or passing is a node of its
own before the seat to act moves (declining can be better by up to 2 game points).

>>> from sixtysix import Deal, Rules
>>> from sixtysix.ai.solver import Solver
>>> deal = Deal.shuffled(seed=3)
>>> while not deal.phase2:              # play into phase 2: both lead their first card
...     deal.apply_unchecked(deal._legal_ids(deal.to_act)[0])
>>> solver = Solver(deal.rules)
>>> value = solver.value(deal)           # game points for seat 1, perfect play
>>> -3 <= value <= 3
True
"""

from __future__ import annotations

import contextlib
import math
from collections.abc import Callable
from typing import Any, TypeVar

from sixtysix.ai.native import NativeSearch
from sixtysix.core.actions import CLAIM, DRAW, EXCHANGE, PASS, Action
from sixtysix.core.cards import BIT, KING, QUEEN, cards_of
from sixtysix.core.facts import BEATERS, DEAL_TARGET, follow_mask, last_trick_bonus, marriage_points
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, LEAD, Deal, score_deal
from sixtysix.core.rules import Rules

INF = 100
_Table = dict[tuple[int, ...], tuple[int, int]]
_Memo = dict[tuple[int, ...], int]
_Context = tuple[int, int, int, int]
_EXACT, _LOWER, _UPPER = 0, 1, 2
_T = TypeVar("_T")


class Solver:
    """Perfect-information search for one set of rules.

    ``value(deal)`` returns the exact value for seat 1 when the deal is in phase 2;
    in phase 1 it searches ``depth`` more engine plies (actions) and then asks
    ``evaluate`` (exact when ``depth`` is ``None``: to the end of the deal).
    One solver may search any number of deals and worlds of its rules, one after
    the other: what it keeps between searches never changes a value, only the time.

    Exact searches run in the native core when it is built (:mod:`sixtysix.ai.native`;
    same values, 20 to 50 times faster); ``native=False`` keeps this one in Python. A
    position the native core refuses (an inconsistent puzzle: a card in two places) is
    searched in Python, as before.
    """

    def __init__(
        self, rules: Rules, evaluate: Callable[[Deal], float] | None = None, native: bool = True
    ) -> None:  # fmt: skip
        self.rules = rules
        self.evaluate = evaluate
        self.nodes = 0
        self._native = NativeSearch.create(rules) if native else None
        self._tables: dict[_Context, tuple[_Table, _Memo]] = {}
        self._context: _Context = (-1, 0, 0, 0)
        self._tt: _Table = {}
        self._claim_memo: _Memo = {}
        self._engine_tt: dict[tuple[int, ...], tuple[float, int, int, int]] = {}
        self._lead_cache: dict[int, list[tuple[int, int]]] = {}

    # -- public entry points ----------------------------------------------------

    def value(self, deal: Deal, depth: int | None = None) -> float:
        """The value of ``deal`` for seat 1 (game points, signed).

        Raises ``ValueError`` if ``deal`` is played under other rules than the solver's.
        """
        if self._native is not None and deal.outcome is None and (depth is None or deal.phase2):
            self._check_rules(deal)
            with contextlib.suppress(ValueError):  # a position it refuses is searched here
                return self._native_call(self._native.value, deal)
        self._start(deal)
        return self._search(deal, -INF, INF, depth)

    def action_values(
        self, deal: Deal, depth: int | None = None, actions: list[Action] | None = None, seat: int | None = None
    ) -> dict[Action, float]:
        """The value of every legal action (or of ``actions``) for the seat to act (positive = good for it).

        Exact when ``depth`` is ``None``, else ``depth`` plies and the evaluation.
        Raises ``ValueError`` if ``deal`` is played under other rules than the solver's.
        """
        seat = seat or deal.to_act
        if self._native is not None and deal.outcome is None and (depth is None or deal.phase2) and seat:
            self._check_rules(deal)
            chosen = deal.legal_actions(seat) if actions is None else actions
            with contextlib.suppress(ValueError):  # a position it refuses is searched here
                found = self._native_call(self._native.action_values, deal, chosen, seat)
                return dict(zip(chosen, found, strict=True))
        self._start(deal)
        sign = 1 if seat == 1 else -1
        values: dict[Action, float] = {}
        for action in deal.legal_actions(seat) if actions is None else actions:
            child = deal.copy()
            child.apply_unchecked(action, seat)
            values[action] = sign * self._search(child, -INF, INF, None if depth is None else depth - 1)
        return values

    def worlds_action_values(self, worlds: list[Deal], actions: list[Action], seat: int) -> list[list[int]]:
        """The exact value for ``seat`` of each of ``actions`` in each of ``worlds`` (deals of the solver's
        rules in play, the same decision in each): one call of the native core for them all when it is built.

        >>> from sixtysix import Deal
        >>> deal = Deal.shuffled(seed=3)
        >>> while not deal.phase2:
        ...     deal.apply_unchecked(deal._legal_ids(deal.to_act)[0])
        >>> solver = Solver(deal.rules)
        >>> actions = deal.legal_actions()[:2]
        >>> solver.worlds_action_values([deal], actions, deal.to_act) == [
        ...     [int(v) for v in solver.action_values(deal, None, actions).values()]]
        True
        """
        if self._native is not None and worlds and all(world.outcome is None for world in worlds):
            for world in worlds:
                self._check_rules(world)
            with contextlib.suppress(ValueError):  # a world it refuses: each is searched on its own below
                return self._native_call(self._native.worlds_action_values, worlds, actions, seat)
        return [[int(v) for v in self.action_values(world, None, actions, seat).values()] for world in worlds]

    @property
    def is_native(self) -> bool:
        """Whether this solver's exact searches run in the native core."""
        return self._native is not None

    def rollout_values(
        self,
        world: Deal,
        actions: list[Action],
        seat: int,
        params: tuple[float, ...],
        rngs: tuple[bytearray, bytearray] | None,
        solve_from: int | None = None,
    ) -> list[int] | None:
        """:meth:`NativeSearch.rollout_values <sixtysix.ai.native.NativeSearch.rollout_values>` with this
        solver's table: the card counter's rollouts of ``world`` in the native core, or ``None`` where they
        run in Python (the pure path, a world with a history, a position the core refuses)."""
        if self._native is None or world.history or world.outcome is not None:
            return None
        self._check_rules(world)
        try:
            return self._native_call(self._native.rollout_values, world, actions, seat, params, rngs, solve_from)
        except ValueError:  # a position it refuses: played on in Python
            return None

    def best_action(self, deal: Deal, depth: int | None = None) -> Action:
        values = self.action_values(deal, depth)
        return max(values, key=lambda a: values[a])

    def _native_call(self, method: Callable[..., _T], *args: Any) -> _T:
        """One search in the native core; ``nodes`` counts its nodes."""
        assert self._native is not None
        before = self._native.nodes
        result = method(*args)
        self.nodes = self._native.nodes - before
        return result

    def _check_rules(self, deal: Deal) -> None:
        if deal.rules is not self.rules and deal.rules != self.rules:
            raise ValueError("this solver is for other rules than the deal's: use a Solver(deal.rules)")

    def _start(self, deal: Deal) -> None:
        """Start a search of ``deal``.

        The phase-2 tables are kept between searches (within a memory bound): one table
        for each context (trump suit, closer, the closer's opponent's score and tricks at
        the close), which with the rules are everything a phase-2 value depends on
        besides its node key. The engine-level table depends on the stock order and is not kept.
        """
        self._check_rules(deal)
        self.nodes = 0
        self._engine_tt = {}
        if sum(len(tt) for tt, _ in self._tables.values()) > _MAX_TABLE:
            self._tables = {}
            self._lead_cache = {}
        self._prepare(deal)

    # -- engine-level search (any stage, any phase) --------------------------------

    def _prepare(self, deal: Deal) -> None:
        """Constants of the phase-2 search for this deal."""
        rules = self.rules
        self._trump = deal.trump
        self._points = rules.points
        self._closer = deal.closer
        self._close_score = deal.close_score
        self._close_tricks = deal.close_tricks
        self._bonus = last_trick_bonus(rules, closed=bool(deal.closer))
        self._false_claims = not rules.auto_claim
        self._schwarz_risk = bool(deal.closer) and deal.close_tricks == 0
        # The closer's own wrong claim can cost less than being beaten (Hoyle: 1 with 33 or more)
        # or than failing (2 where a failed close costs 3).
        self._closer_claims = deal.closer if _closer_claim_may_pay(rules) else 0
        self._patient = _patient_seat(rules, deal)
        # Phase-2 values depend on the trump suit, on who closed and on what his opponent
        # had then; the node key holds none of them: one table for each.
        self._context = context = _context(deal)
        tables = self._tables.get(context)
        if tables is None:
            tables = self._tables[context] = ({}, {})
        self._tt, self._claim_memo = tables

    def _search(self, deal: Deal, alpha: int | float, beta: int | float, depth: int | None) -> float:
        """Value for seat 1 of an engine position."""
        if deal.outcome is not None:
            outcome = deal.outcome
            if outcome.winner is None:
                return 0
            return outcome.game_points if outcome.winner == 1 else -outcome.game_points
        if deal.phase2 and deal.stage == LEAD and not deal.window:
            if self._native is not None:  # a phase-2 leaf of a depth-limited search
                with contextlib.suppress(ValueError):  # one it refuses (see value()) is searched here
                    before = self._native.nodes
                    leaf = self._native.window(deal, alpha, beta)
                    self.nodes += self._native.nodes - before
                    return leaf
            if self._context != _context(deal):  # a close within the search
                self._prepare(deal)
            return self._node(
                deal.hands[1], deal.hands[2], deal.score[1], deal.score[2],
                deal.tricks[1] > 0, deal.tricks[2] > 0, deal.pending[1], deal.pending[2],
                deal.leader, math.floor(alpha), math.ceil(beta),
            )  # fmt: skip
        window = deal.window  # the seat not on lead may exchange out of turn: it decides first
        if depth is not None and depth <= 0 and self.evaluate is not None and deal.stage in _QUIET and not window:
            return self.evaluate(deal)  # only between tricks: a half-played trick is not judged
        self.nodes += 1
        remaining = _EXACT_DEPTH if depth is None else depth
        key = _engine_key(deal)
        entry = None if _NO_TT else self._engine_tt.get(key)
        first = -1
        if entry is not None:
            value, flag, stored_depth, first = entry
            if stored_depth >= remaining:
                if flag == _EXACT:
                    return value
                if flag == _LOWER and value >= beta:
                    return value
                if flag == _UPPER and value <= alpha:
                    return value
        alpha0, beta0 = alpha, beta
        seat = window or deal.to_act
        actions = [EXCHANGE, PASS] if window else deal._legal_ids(seat) if seat is not None else []
        if CLAIM in actions and deal.score[seat] >= DEAL_TARGET and seat != _patient_seat(self.rules, deal):  # type: ignore[index]
            actions = [CLAIM]
        maximise = seat == 1
        best: float = -INF if maximise else INF
        best_action = -1
        next_depth = None if depth is None else depth - 1
        for action in _order(deal, actions, first):
            child = deal.copy()
            child._do(seat, action)  # type: ignore[arg-type]
            value = self._search(child, alpha, beta, next_depth)
            if maximise:
                if value > best:
                    best, best_action = value, action
                    alpha = max(alpha, best)
            elif value < best:
                best, best_action = value, action
                beta = min(beta, best)
            if alpha >= beta:
                break
        flag = _UPPER if best <= alpha0 else _LOWER if best >= beta0 else _EXACT
        self._engine_tt[key] = (best, flag, remaining, best_action)
        return best

    # -- phase-2 search on ints, one trick per node --------------------------------

    def _terminal(self, claimant: int, last_winner: int, s1: int, s2: int, t1: bool, t2: bool) -> int:
        key = (claimant, last_winner, s1, s2, t1, t2)
        value = self._claim_memo.get(key)
        if value is None:
            scoring = score_deal(
                self.rules, (0, s1, s2), (0, int(t1), int(t2)), self._closer,
                self._close_score, self._close_tricks, claimant, last_winner,
            )  # fmt: skip
            winner, points = scoring.winner, scoring.game_points
            value = 0 if winner is None else points if winner == 1 else -points
            self._claim_memo[key] = value
        return value

    def _node(
        self, h1: int, h2: int, s1: int, s2: int, t1: bool, t2: bool, p1: int, p2: int, leader: int,
        alpha: int, beta: int,
    ) -> int:  # fmt: skip
        """Value for seat 1 at the start of a phase-2 trick (``leader`` to lead)."""
        if (s1 if leader == 1 else s2) >= DEAL_TARGET and leader != self._patient:
            return self._terminal(leader, 0, s1, s2, t1, t2)
        self.nodes += 1
        key = (h1, h2, s1, s2, t1, t2, p1, p2, leader)
        entry = self._tt.get(key)
        if entry is not None:
            value, flag = entry
            if flag == _EXACT:
                return value
            if flag == _LOWER:
                if value >= beta:
                    return value
                alpha = max(alpha, value)
            else:
                if value <= alpha:
                    return value
                beta = min(beta, value)
        alpha0, beta0 = alpha, beta
        lead_hand, follow_hand = (h1, h2) if leader == 1 else (h2, h1)
        points = self._points
        trump = self._trump
        rules = self.rules
        maximise = leader == 1
        best = -INF if maximise else INF
        has_trick = t1 if leader == 1 else t2
        if self._false_claims and (
            self._schwarz_risk or not has_trick or leader == self._closer_claims or leader == self._patient
        ):
            # A wrong claim can pay where losing 3 is possible: the closer's opponent who had
            # no trick at the close loses 3 if the closer makes 66, but only 2 for a wrong claim.
            # (For the patient seat this is its correct claim, one option among the leads.)
            best = self._terminal(leader, 0, s1, s2, t1, t2)
            if (best >= beta) if maximise else (best <= alpha):
                return best
        for lead, bonus in self._leads(lead_hand, leader, s1, s2, t1, t2):
            if lead < 0:  # a marriage, then a claim (at once if it reaches 66)
                value = self._terminal(leader, 0, s1 + bonus * (leader == 1), s2 + bonus * (leader == 2), t1, t2)
            else:
                allowed = follow_mask(rules, follow_hand, lead, trump)  # the follower's obligations
                beaters = BEATERS[trump][lead]
                value = INF if maximise else -INF
                lead_bit = BIT[lead]
                for card in cards_of(allowed):
                    winner = 3 - leader if beaters & BIT[card] else leader
                    gain = points[card] + points[lead]
                    n1, n2 = (h1 ^ lead_bit, h2 ^ BIT[card]) if leader == 1 else (h1 ^ BIT[card], h2 ^ lead_bit)
                    m1 = bonus if leader == 1 else 0  # marriage points declared with this lead
                    m2 = bonus if leader == 2 else 0
                    c1, c2, q1, q2 = s1, s2, p1, p2
                    # A declared marriage counts at once for a player who has a trick, else waits.
                    if m1:
                        if t1 and rules.marriage_credit == "seed":
                            c1 += m1
                        else:
                            q1 += m1
                    if m2:
                        if t2 and rules.marriage_credit == "seed":
                            c2 += m2
                        else:
                            q2 += m2
                    if winner == 1:
                        c1 += gain + q1
                        q1 = 0
                        w1, w2 = True, t2
                    else:
                        c2 += gain + q2
                        q2 = 0
                        w1, w2 = t1, True
                    if not n1:  # last trick
                        if winner == 1:
                            c1 += self._bonus
                        else:
                            c2 += self._bonus
                        child = self._terminal(0, winner, c1, c2, w1, w2)
                    elif maximise:  # the follower (seat 2) looks for a value below both bounds
                        lo = alpha if alpha > best else best
                        child = self._node(n1, n2, c1, c2, w1, w2, q1, q2, winner, lo, beta if beta < value else value)
                    else:
                        lo = alpha if alpha > value else value
                        child = self._node(n1, n2, c1, c2, w1, w2, q1, q2, winner, lo, beta if beta < best else best)
                    if maximise:
                        if child < value:
                            value = child
                            if value <= alpha or value <= best:
                                break
                    elif child > value:
                        value = child
                        if value >= beta or value >= best:
                            break
            if maximise:
                if value > best:
                    best = value
                    if best >= beta:
                        break
            elif value < best:
                best = value
                if best <= alpha:
                    break
        if best <= alpha0:
            self._tt[key] = (best, _UPPER)
        elif best >= beta0:
            self._tt[key] = (best, _LOWER)
        else:
            self._tt[key] = (best, _EXACT)
        return best

    def _leads(self, hand: int, leader: int, s1: int, s2: int, t1: bool, t2: bool) -> list[tuple[int, int]]:
        """The leader's options as (card, marriage points); card -1 = marriage and claim."""
        rules = self.rules
        if not rules.marriage_in_phase2 or not (t1 or t2 or rules.first_lead_marriage):
            cached = self._lead_cache.get(hand)
            if cached is None:
                cached = self._lead_cache[hand] = [(card, 0) for card in _lead_order(hand, self._points)]
            return cached
        leads = [(card, 0) for card in _lead_order(hand, self._points)]
        if rules.marriage_in_phase2:
            for suit in range(4):
                king, queen = suit * 8 + KING, suit * 8 + QUEEN
                if hand & BIT[king] and hand & BIT[queen]:
                    value = marriage_points(suit == self._trump)
                    has_trick = t1 if leader == 1 else t2
                    score = s1 if leader == 1 else s2
                    counts = has_trick and rules.marriage_credit == "seed"
                    claims = counts and rules.marriage_claim_without_lead
                    if claims and score + value >= DEAL_TARGET and leader != self._patient:
                        return [(-1, value)]
                    if claims and (score + value >= DEAL_TARGET or leader == self._closer_claims):
                        leads.insert(0, (-1, value))  # 66 that may wait, or points that make a wrong claim cheaper
                    leads.insert(0, (king, value))
                    if rules.marriage_lead_card == "either":
                        leads.insert(1, (queen, value))
        return leads


def _patient_seat(rules: Rules, deal: Deal) -> int:
    """The seat that may do better than claim its 66 at once, or 0.

    A correct claim's value can only fall later (the opponent's points and tricks grow), except
    for the closer's opponent where a failed close costs the closer more than being beaten
    (``always_three``, or ``flat_two`` against an opponent without a trick at the close).
    """
    if not deal.closer or rules.auto_claim:
        return 0
    if deal.close_tricks:
        patient = rules.failed_close_points == "always_three"
    else:
        patient = rules.beaten_closer_points == "flat_two"
    return 3 - deal.closer if patient else 0


def _closer_claim_may_pay(rules: Rules) -> bool:
    """Whether a closer's wrong claim can cost less than playing on (Solver._node searches it then)."""
    if rules.closer_false_claim == "failed_close":
        return rules.failed_close_points == "hoyle1895"
    return rules.failed_close_points == "always_three"


def _lead_order(hand: int, points: tuple[int, ...]) -> list[int]:
    """Leads to try first: high cards first (they decide most tricks)."""
    return sorted(cards_of(hand), key=lambda c: -points[c])


def _order(deal: Deal, actions: list[int], first: int) -> list[int]:
    """Engine-level move ordering: the stored best first, then closing and marriages, the draw last."""
    if deal.stage == BEFORE_DRAW:
        ordered = [a for a in actions if a != DRAW] + ([DRAW] if DRAW in actions else [])
    elif deal.stage == FOLLOW:
        ordered = actions
    else:
        ordered = sorted(actions, key=lambda a: -a)
    if first in ordered:
        ordered.remove(first)
        ordered.insert(0, first)
    return ordered


_EXACT_DEPTH = 1_000
_MAX_TABLE = 1_000_000  # phase-2 positions kept between searches
_QUIET = (LEAD, BEFORE_DRAW)
_NO_TT = False


def _context(deal: Deal) -> _Context:
    """What a phase-2 value depends on besides the rules and its node key (see ``Solver._start``)."""
    return (deal.trump, deal.closer, deal.close_score, deal.close_tricks)


def _engine_key(deal: Deal) -> tuple[int, ...]:
    """Everything that decides the rest of a deal within one search: its world (trump suit,
    stock order) is fixed, so the key holds only what play changes (history aside)."""
    return (
        deal.hands[1], deal.hands[2], deal.stock_pos, deal.face_up, deal.score[1], deal.score[2],
        deal.pending[1], deal.pending[2], deal.tricks[1] > 0, deal.tricks[2] > 0, deal.stage, deal.leader,
        deal.led, deal.closer, deal.close_score, deal.close_tricks, deal.window, deal.marriage_suit,
        deal.trick_count == 0,
    )  # fmt: skip
