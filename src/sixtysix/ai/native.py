"""The bridge to the native search core, and the pure-Python fallback.

The native core (the C extension ``sixtysix.ai._native``, sources in ``native/``)
searches two-player deals with every card placed 20 to 50 times faster than
:mod:`sixtysix.ai.solver` does in Python, with the same values: the pure-Python
engine stays the reference and ``tests/native`` compares the two. The package is
built with it wherever a C compiler exists; where none does, or with
``SIXTYSIX_NATIVE=0`` in the environment, everything runs in pure Python
(:func:`core_for` returns ``None``; the first time it does so because the
extension is missing, it logs one warning). ``SIXTYSIX_NATIVE=1`` makes a
missing extension an error instead.

>>> from sixtysix import Deal, Rules
>>> deal = Deal.shuffled(seed=3)
>>> search = NativeSearch.create(deal.rules)
>>> search is None or search.value(deal) in range(-3, 4)
True

A position crosses into C as a tuple of ints (:func:`encode`, in the order of
``_native.POS_FIELDS``) and the rules as the index of each option's value in
the extension's own table ``_native.RULE_FIELDS`` (:func:`rules_flags`): an
option value the extension does not know sends those rules to the pure path.
The rule facts (card points, marriages, the last trick, the Schneider line) come
from :mod:`sixtysix.core.facts` (:func:`facts_of`): the C code has none of its own.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import logging
import math
import os
import random
from array import array
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import ModuleType
from typing import TYPE_CHECKING, Any

from sixtysix.ai.learned import LearnedValue
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.core.actions import ACTIONS, Action
from sixtysix.core.cards import BIT, Card, CardMask
from sixtysix.core.facts import LAST_TRICK_BONUS, SCHNEIDER, deal_target, game_point_scale, marriage_points
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Outcome, Termination
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView

if TYPE_CHECKING:
    from sixtysix.ai._native import Core, Position

_log = logging.getLogger(__name__)

ENV = "SIXTYSIX_NATIVE"
"""``0`` forces the pure-Python path, ``1`` requires the native core; unset: native when built."""
ENV_COUNTER = "SIXTYSIX_NATIVE_COUNTER"
"""``0`` plays the card counter (its rollouts, the analysis's sampling model) in Python even where the
native core is built: the same choices and values, slower (for benchmarks: ``bench.analysis --speed``)."""
ENV_LIBRARY = "SIXTYSIX_NATIVE_LIB"
"""A path to load the extension from instead (``make check-native``'s sanitizer build)."""

IGNORED_OPTIONS = frozenset(
    {
        "players",  # 2 or 3 (the three-handed deal is a two-player deal); 4 has its own search
        "tie_rule",
        "next_dealer",
        "match_target",
        "may_review_tricks",
        "three_player_form",
        "three_player_play_for_loser",
        "four_player_undertrump_required",
        "four_player_marriages",
        "four_player_scale",
        "ten_of_trumps_bonus",
    }
)
"""Options that never change the value of a two-player deal (match scoring, other table sizes)."""

POLICIES = ("random", "true-claims", "greedy")
LEAVES = ("playout", "model", "mix")
"""How a new node of the tree is valued: the playout (then the exact search), the learned value
(:mod:`sixtysix.ai.learned`) instead, or the mean of the two."""
"""Playout policies of the core: any legal action; the same without false claims; a quick heuristic."""

TABLE_BITS = 15
"""log2 of the buckets of a core's transposition table (2 entries of 32 bytes each: 2 MiB; measured on whole deals)."""

_ON, _OFF = ("1", "yes", "true", "on"), ("0", "no", "false", "off")


def _load() -> ModuleType | None:
    setting = os.environ.get(ENV, "").strip().lower()
    if setting in _OFF:
        return None
    try:
        return _import_extension()
    except ImportError as error:
        if setting in _ON:
            raise ImportError(f"{ENV}={setting} but the native search core cannot be loaded: {error}") from error
        _log.warning("sixtysix: native search core not built (%s); searching in pure Python", error)
        return None


def _import_extension() -> ModuleType:
    path = os.environ.get(ENV_LIBRARY)
    if not path:
        from sixtysix.ai import _native

        return _native
    loader = importlib.machinery.ExtensionFileLoader("sixtysix.ai._native", path)
    spec = importlib.util.spec_from_file_location("sixtysix.ai._native", path, loader=loader)
    if spec is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


@lru_cache(maxsize=1)
def extension() -> ModuleType | None:
    """The extension module, or ``None`` on the pure path (loaded once; logs why if it is missing)."""
    return _load()


def available() -> bool:
    """Whether searches run natively in this process."""
    return extension() is not None


def rules_flags(rules: Rules) -> tuple[int, ...] | None:
    """The rules as the extension takes them, or ``None`` if it cannot play them.

    >>> flags = rules_flags(Rules.preset("schnapsen"))
    >>> flags is None or len(flags) == 28
    True
    """
    module = extension()
    if module is None or rules.players not in (2, 3):
        return None
    flags = []
    for name, values in module.RULE_FIELDS:
        value = getattr(rules, name)
        if value not in values or type(value) is not type(values[0]):
            return None
        flags.append(values.index(value))
    return tuple(flags)


def core_for(rules: Rules) -> Core | None:
    """The native core of ``rules`` (one per set of rules and process), or ``None`` on the pure path."""
    last = _last_core
    if last and last[0][0] is rules:  # the usual case, without hashing every option of the rules
        return last[0][1]
    core = _core_for(rules)
    if core is not None:
        _last_core[:] = [(rules, core)]
    return core


_last_core: list[tuple[Rules, Core]] = []


def facts_of(rules: Rules) -> tuple[Any, ...]:
    """The rule facts the extension takes, from :mod:`sixtysix.core.facts` (one source): the card
    points (``Rules.points``, the facts' table), a marriage's points, the last trick's bonus, the
    Schneider line, the deal target and the game-point scale.

    >>> facts_of(Rules.preset("seed66"))[1:]
    (20, 40, 10, 33, 66, (1, 2, 3))
    """
    return (
        tuple(rules.points), marriage_points(False), marriage_points(True), LAST_TRICK_BONUS, SCHNEIDER,
        deal_target(rules), game_point_scale(rules),
    )  # fmt: skip


@lru_cache(maxsize=16)
def _core_for(rules: Rules) -> Core | None:
    flags = rules_flags(rules)
    module = extension()
    if flags is None or module is None:
        return None
    core: Core = module.Core(flags, facts_of(rules), TABLE_BITS)
    return core


def encode(deal: Deal) -> tuple[Any, ...]:
    """A deal in play as the extension's position tuple (``_native.POS_FIELDS``)."""
    score, pending, tricks = deal.score, deal.pending, deal.tricks
    return (
        deal.hands[1], deal.hands[2], bytes(deal.stock), deal.stock_pos, deal.face_up, deal.trump,
        score[1], score[2], pending[1], pending[2], tricks[1], tricks[2], int(deal.stage), deal.leader,
        deal.led, deal.marriage_suit, deal.closer, deal.close_score, deal.close_tricks, deal.window,
    )  # fmt: skip


_TERMINATIONS = (
    Termination.CLAIM,
    Termination.FALSE_CLAIM,
    Termination.PLAYED_OUT,
    Termination.CLOSER_FAILED,
    Termination.TIE,
)

ResultKey = tuple[Termination, int | None, int, tuple[int, int], tuple[int, int], int | None]
"""A deal's result without its words: termination, winner, game points, points, tricks, claimant."""


def outcome_of(result: tuple[int, ...] | None) -> ResultKey | None:
    """The extension's result tuple as a :data:`ResultKey` (``None`` while the deal goes on)."""
    if result is None:
        return None
    termination, winner, game_points, claimant, s1, s2, t1, t2 = result
    return (_TERMINATIONS[termination - 1], winner or None, game_points, (s1, s2), (t1, t2), claimant or None)


def result_key(outcome: Outcome | None) -> ResultKey | None:
    """An engine :class:`~sixtysix.core.outcome.Outcome` as a :data:`ResultKey`, to compare with :func:`outcome_of`."""
    if outcome is None:
        return None
    points, tricks = outcome.points, outcome.tricks
    return (
        outcome.termination, outcome.winner, outcome.game_points, (points[0], points[1]),
        (tricks[0], tricks[1]), outcome.claimant,
    )  # fmt: skip


@dataclass(frozen=True)
class TreeSettings:
    """How long and how an information-set tree search runs (:meth:`NativeSearch.tree_search`)."""

    seconds: float = 0.0
    """CPU seconds of the searching thread (0: no time limit)."""
    iterations: int = 0
    """At most this many iterations (0: no limit; one of the two limits must be set)."""
    min_iterations: int = 64
    policy: str = "greedy"
    """The playout policy from a new node to the end of phase one (:data:`POLICIES`)."""
    exploration: float = 1.0
    leaf: str = "playout"
    """How a new node in phase one is valued (:data:`LEAVES`)."""
    prune: bool = False
    """Stop once no action can overtake the most visited one in the iterations left (by the count, or by the time
    at the rate so far with a margin): the choice (:meth:`TreeResult.best`) is the one the whole budget would make,
    sooner; the other actions' figures rest on fewer iterations."""
    chance: bool = False
    """A card an action makes the searching seat draw is a chance node below the action's node: the action is
    chosen without knowing it (otherwise each card drawn is its own child, and the choice between a draw and a
    close before it, or between two follows, is made as if the stock's next card were seen)."""
    hand_keyed: bool = False
    """The opponent chooses at his nodes by statistics of his own, for the hand he holds in the iteration's world
    (once he has as many visits with it there as he has actions; until then by those pooled over his hands), so
    that in the search he plays his hand as one who sees it does, not the same way whatever he holds."""
    play_factor: float = 1.0
    """With the opponent's last card play given (:class:`PlayEvidence`): the chance to keep a world in which the card
    counter holding his hand then would have played another card (1: his card play is not read)."""


@dataclass(frozen=True)
class PlayEvidence:
    """The opponent's last card play, for the native card counter to weigh in each world (tree_search)."""

    card: Card
    drew: bool
    """Whether he has drawn a card since (then each of his cards we do not know may be it)."""
    pool: CardMask
    """The cards he had not seen then, his hand then among them."""
    view: tuple[Any, ...]
    """His view then as :func:`counter_view` gives it (its hand, unseen cards and legal actions are the world's)."""
    params: tuple[float, ...]
    """The card counter's constants (:meth:`~sixtysix.ai.heuristic.CountingPlayer.native_params`)."""

    def native(self, factor: float) -> tuple[int, bool, float, CardMask, tuple[Any, ...], tuple[float, ...]]:
        return (self.card, self.drew, factor, self.pool, self.view, self.params)


@dataclass(frozen=True)
class TreeResult:
    """The root of a tree search: each action's (visits, mean value for the searching seat)."""

    actions: dict[Action, tuple[int, float]]
    iterations: int
    nodes: int

    def best(self) -> Action:
        """The most visited action (ties: the higher mean)."""
        return max(self.actions, key=lambda a: self.actions[a])


class NativeSearch:
    """Exact search of one rule set's deals in the native core: the fast path of :class:`~sixtysix.ai.solver.Solver`.

    A fresh instance starts an empty phase-2 table (a session of the shared core), as a
    fresh ``Solver`` does; ``nodes`` counts the nodes of its searches.
    """

    __slots__ = ("core", "model", "nodes", "session")

    def __init__(self, core: Core) -> None:
        self.core = core
        self.session = core.new_session()
        self.nodes = 0
        self.model = False

    @classmethod
    def create(cls, rules: Rules) -> NativeSearch | None:
        """The native search for ``rules``, or ``None`` on the pure path."""
        core = core_for(rules)
        return None if core is None else cls(core)

    def _count(self, before: int) -> None:
        self.nodes += self.core.nodes - before

    def value(self, deal: Deal) -> int:
        """The exact value of ``deal`` (in play) for seat 1."""
        before = self.core.nodes
        value = self.core.value(encode(deal), self.session)
        self._count(before)
        return value

    def window(self, deal: Deal, alpha: float, beta: float) -> int:
        """Alpha-beta value for seat 1 (fail-soft): exact strictly between the bounds, else a bound."""
        lo, hi = max(-100, math.floor(alpha)), min(100, math.ceil(beta))
        if lo >= hi:  # an empty window: any bound is right, ask for the nearest
            lo, hi = hi - 1, hi
        before = self.core.nodes
        value = self.core.window(encode(deal), self.session, lo, hi)
        self._count(before)
        return value

    def action_values(self, deal: Deal, actions: list[Action], seat: int) -> list[int]:
        """The exact value for ``seat`` of each of ``actions`` (legal for it), as in ``Solver.action_values``."""
        before = self.core.nodes
        values = self.core.action_values(encode(deal), self.session, actions, seat)
        self._count(before)
        return values

    def worlds_action_values(
        self, worlds: Sequence[Deal | Position], actions: list[Action], seat: int
    ) -> list[list[int]]:
        """``action_values`` of every world (a deal, or a position of :meth:`sample_worlds`) in one call."""
        before = self.core.nodes
        positions = [_encoded(world) for world in worlds]
        values = self.core.worlds_action_values(positions, self.session, actions, seat)
        self._count(before)
        return values

    def sample_worlds(
        self, view: PlayerView, count: int, seed: int, forbidden: CardMask | None = None
    ) -> list[Position]:
        """``count`` worlds consistent with ``view`` as positions, drawn in C the way
        :func:`~sixtysix.ai.sampling.sample_world` draws them (the opponent's unknown cards uniformly
        among the unseen ones he is not proven to lack, the stock in a uniform order).

        >>> from sixtysix import Deal, PlayerView
        >>> deal = Deal.shuffled(seed=5)
        >>> search = NativeSearch.create(deal.rules)
        >>> view = PlayerView.of(deal, 1)
        >>> search is None or all(w[0] == deal.hands[1] for w in search.sample_worlds(view, 3, seed=1))
        True
        """
        if forbidden is None:
            forbidden = forbidden_cards(view)
        base = encode(sample_world(view, random.Random(seed), forbidden))
        return self.core.sample_worlds(base, view.seat, view.opponent_known, forbidden, count, seed)

    def tree_search(
        self,
        view: PlayerView,
        settings: TreeSettings,
        seed: int,
        forbidden: CardMask | None = None,
        soft: Sequence[tuple[CardMask, float]] = (),
        truth: Deal | None = None,
        talon_seen: bool = True,
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        """Information-set MCTS (``native/ismcts.c``) of the decision in ``view``: worlds drawn as
        :meth:`sample_worlds` draws them, each kept with the product of the ``soft`` factors
        (card mask, chance) whose cards the world's opponent holds. With ``truth`` (the deal
        itself) every iteration searches it instead: a clairvoyant search, for benchmarks;
        with ``talon_seen=False`` as well, only the opponent's hand is seen and the talon's
        order is drawn at every iteration (what perfect inference of his hand could reach).
        With ``play`` and ``settings.play_factor`` below 1, a world is also kept by how well the
        opponent's last card play fits it (``native/ismcts.c``'s play_weight).
        """
        if forbidden is None:
            forbidden = forbidden_cards(view)
        root = encode(truth if truth is not None else sample_world(view, random.Random(seed), forbidden))
        known = view.opponent_known if truth is None or talon_seen else truth.hands[view.opponent]
        leaf = LEAVES.index(settings.leaf)
        if leaf and not self.model:
            LearnedValue.load().install(self.core)
            self.model = True
        before = self.core.nodes
        stats, iterations, nodes = self.core.ismcts(
            root, self.session, view.seat, known, forbidden, list(soft)[:16],
            settings.iterations, settings.min_iterations, settings.seconds, seed,
            POLICIES.index(settings.policy), settings.exploration, truth is not None and talon_seen, leaf,
            settings.prune, settings.chance,
            None if play is None or settings.play_factor >= 1.0 else play.native(settings.play_factor),
            settings.hand_keyed,
        )  # fmt: skip
        self._count(before)
        sign = 1 if view.seat == 1 else -1
        visits = {ACTIONS[a]: (n, sign * total / n if n else 0.0) for a, n, total in stats}
        return TreeResult(visits, iterations, nodes)

    def play_weight(self, play: PlayEvidence, factor: float, known: CardMask, hand: CardMask) -> float:
        """The chance the tree search keeps a world whose opponent holds ``hand`` (of which we know
        ``known``) for the fit of his last card play ``play`` (``native/ismcts.c``'s play_weight)."""
        return self.core.play_weight(known, hand, play.native(factor))

    def rollout_values(
        self,
        world: Deal,
        actions: Sequence[Action],
        seat: int,
        params: tuple[float, ...],
        rngs: tuple[bytearray, bytearray] | None,
        solve_from: int | None = None,
    ) -> list[int]:
        """The value for ``seat`` of each of ``actions`` in ``world``, played on by the card counter in both
        seats while the talon is open (``native/counter.c``; :meth:`~sixtysix.ai.rollout.Rollouts.action_values`
        in Python) and then solved exactly; with ``solve_from``, solved exactly as soon as the talon is closed or
        holds at most that many cards. ``params``: the counter's constants
        (:meth:`~sixtysix.ai.heuristic.CountingPlayer.native_params`); ``rngs``: the two counters' generators
        (:func:`rng_state`, updated in place), ``None`` for counters without tie-break noise.
        The world's history must be empty (a sampled world): the counters read theirs from the rollout on.
        """
        led = BIT[world.led] if world.led >= 0 else 0
        facts = (world.trump_card, world.known[1], world.known[2], world.won[1] | world.won[2] | led)
        rng1, rng2 = rngs if rngs is not None else (None, None)
        before = self.core.nodes
        stop = -1 if solve_from is None else solve_from
        values = self.core.rollout_values(encode(world), self.session, facts, actions, seat, params, rng1, rng2, stop)
        self._count(before)
        return values

    def reaches(self, deal: Deal, seat: int, threshold: int = 1) -> bool:
        """Whether ``seat`` can force a value of at least ``threshold`` game points (1: it wins the deal).

        One null-window search: the "can I reach 66" test, far cheaper than the exact value.
        """
        before = self.core.nodes
        result = self.core.test(encode(deal), self.session, seat, threshold)
        self._count(before)
        return result


@lru_cache(maxsize=1)
def counter_available() -> bool:
    """Whether the card counter plays in the native core in this process (:data:`ENV_COUNTER`)."""
    return available() and os.environ.get(ENV_COUNTER, "").strip().lower() not in _OFF


def counter_view(view: PlayerView) -> tuple[Any, ...]:
    """A view as the native card counter reads it (``native/counter.c``'s CView): the public facts,
    the unseen cards, what the opponent's phase-2 play proved (read once the talon is closed) and
    the legal actions."""
    return (
        view.seat, int(view.stage), view.leader, -1 if view.led is None else view.led, view.marriage_suit,
        view.window, view.closer, -1 if view.face_up is None else view.face_up, view.trump, view.talon_size,
        view.hand, view.unseen, view.opponent_known, forbidden_cards(view) if view.closer else 0,
        view.score, view.pending, view.opponent_score, view.opponent_pending, view.tricks[view.seat - 1],
        view.opponent_hand_size, tuple(view.legal),
    )  # fmt: skip


def counter_choose(
    rules: Rules, view: PlayerView, params: tuple[float, ...], rng: bytearray | None = None
) -> Action | None:  # fmt: skip
    """The native card counter's choice in ``view`` (``None`` on the pure path, or :data:`ENV_COUNTER` off): what
    :meth:`~sixtysix.ai.heuristic.CountingPlayer.choose` chooses with the constants ``params``, its
    generator's state ``rng`` (:func:`rng_state`, updated in place; ``None``: no tie-break noise).

    >>> from sixtysix import Deal
    >>> from sixtysix.ai.heuristic import CountingPlayer
    >>> deal = Deal.shuffled(seed=5)
    >>> view = deal.view(deal.to_act)
    >>> counter = CountingPlayer(1, jitter=False)
    >>> choice = counter_choose(deal.rules, view, counter.native_params(deal.rules))
    >>> choice is None or choice == counter.choose(view)
    True
    """
    core = core_for(rules) if counter_available() else None
    if core is None:
        return None
    return ACTIONS[core.counter_choose(counter_view(view), params, rng)]


_WORDS = array("I")
assert _WORDS.itemsize == 4


def rng_state(rng: random.Random) -> bytearray:
    """The state of ``rng`` (the Mersenne Twister's 624 words and its index) as the native counter takes it."""
    return bytearray(array("I", rng.getstate()[1]).tobytes())


def set_rng_state(rng: random.Random, state: bytearray) -> None:
    """Put the state ``state`` (:func:`rng_state`, as the native counter left it) back into ``rng``."""
    version, _, gauss = rng.getstate()
    words = array("I")
    words.frombytes(bytes(state))
    rng.setstate((version, tuple(words), gauss))


__all__ = [
    "ENV",
    "ENV_COUNTER",
    "IGNORED_OPTIONS",
    "LEAVES",
    "POLICIES",
    "NativeSearch",
    "PlayEvidence",
    "TreeResult",
    "TreeSettings",
    "available",
    "core_for",
    "counter_available",
    "counter_choose",
    "counter_view",
    "encode",
    "extension",
    "facts_of",
    "outcome_of",
    "result_key",
    "rng_state",
    "rules_flags",
    "set_rng_state",
]


def _encoded(world: Deal | Position) -> Position:
    """A world as the native core takes it."""
    return encode(world) if isinstance(world, Deal) else world  # why: sample_worlds encodes its worlds already
