"""The native card counter (``native/counter.c``) chooses as the Python one, and its rollouts give the same values.

Decisions come from deals played by two counters with random actions mixed in (every
stage, the talon open, closed and exhausted), under every two-player preset, every other
value of each option and random mixtures. Without noise (``CountingPlayer(jitter=False)``)
ties break by the first legal action in both; with it the native counter draws from a copy
of the Python player's generator, so the choice and the generator's state afterwards are
the same too. The rollouts of sampled worlds (every legal action, a close included, played
on to the exhausted talon and solved) give the values of the Python
:class:`~sixtysix.ai.rollout.Rollouts` and leave the counters' generators where it does.
"""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest
from native_cases import count, option_sets, require_native, rules_of, set_id

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai import native
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.rollout import CounterModel, Rollouts
from sixtysix.ai.sampling import sample_world
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.facts import DEAL_TARGET
from sixtysix.core.game import shuffled_deck

CASES = option_sets()


def decisions(rules: Rules, seed: int, how_many: int) -> list[PlayerView]:
    """The views of ``how_many`` decisions of deals played by counters, some actions at random."""
    rng = random.Random(seed)
    players = {1: CountingPlayer(seed), 2: CountingPlayer(seed + 1)}
    views: list[PlayerView] = []
    while len(views) < how_many:
        deal = Deal(shuffled_deck(rules, rng), rng.choice((1, 2)), rules)
        randomness = rng.choice((0.0, 0.2, 0.5))
        while deal.outcome is None and len(views) < how_many:
            seat = deal.seat_to_ask
            assert seat is not None
            view = deal.view(seat)
            views.append(view)
            actions = [a for a in view.legal if a != CLAIM or view.score >= DEAL_TARGET]
            action = rng.choice(actions) if rng.random() < randomness else players[seat].choose(view)
            deal.apply(action, seat)
    return views


def _native_choice(rules: Rules, view: PlayerView, counter: CountingPlayer, rng: bytearray | None) -> Action | None:
    choice = native.counter_choose(rules, view, counter.native_params(rules), rng)
    assert choice is not None, "the native core refused these rules"
    return choice


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_without_noise_the_native_counter_chooses_the_python_counters_action(
    case: tuple[str, str, dict[str, Any]],
) -> None:
    require_native()
    rules = rules_of(case)
    counter = CountingPlayer(0, jitter=False)
    for i, view in enumerate(decisions(rules, seed=21, how_many=count(300, 0.1))):
        expected = counter.choose(view)
        assert _native_choice(rules, view, counter, None) == expected, f"decision {i}: {view.describe()}"


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_with_noise_the_native_counter_draws_the_python_counters_noise(case: tuple[str, str, dict[str, Any]]) -> None:
    require_native()
    rules = rules_of(case)
    counter = CountingPlayer(5)
    for i, view in enumerate(decisions(rules, seed=22, how_many=count(150, 0.05))):
        state = native.rng_state(counter.rng)
        choice = _native_choice(rules, view, counter, state)
        assert choice == counter.choose(view), f"decision {i}: {view.describe()}"
        assert state == native.rng_state(counter.rng), f"decision {i}: the generators drew differently"


def _python_only(rollouts: Rollouts) -> Rollouts:
    """``rollouts`` made to play every world on in Python."""
    rollouts._native_values = lambda *args: None  # type: ignore[method-assign]
    return rollouts


@pytest.mark.parametrize("case", CASES, ids=set_id)
def test_native_rollouts_give_the_python_rollouts_values(case: tuple[str, str, dict[str, Any]]) -> None:
    require_native()
    rules = rules_of(case)
    rng = random.Random(23)
    fast, slow = Rollouts(rules, seed=3), _python_only(Rollouts(rules, seed=3))
    fast_solver, slow_solver = Solver(rules), Solver(rules)
    views = [v for v in decisions(rules, seed=23, how_many=count(200, 0.05)) if not v.phase2 and len(v.legal) > 1]
    assert views
    for i, view in enumerate(views[: count(40, 0.02)]):
        world = sample_world(view, rng)
        actions = list(view.legal)
        expected = slow.action_values(slow_solver, world.copy(), actions, view.seat)
        assert fast.action_values(fast_solver, world, actions, view.seat) == expected, f"world {i}: {view.describe()}"
    for seat in (1, 2):
        assert native.rng_state(fast.players[seat].rng) == native.rng_state(slow.players[seat].rng)


@pytest.mark.parametrize("preset", ["seed66", "schnapsen"])
@pytest.mark.parametrize("solve_from", [0, 2, 4])
def test_rollouts_solved_from_a_short_or_closed_talon_give_the_same_values_in_both_cores(
    preset: str, solve_from: int
) -> None:
    """The analysis's rollouts (``solve_from``): the counters stop once the talon is closed or that short, and the
    exact value is the world's from there, in C as in Python."""
    require_native()
    rules = Rules.preset(preset)
    rng = random.Random(25 + solve_from)
    fast = Rollouts(rules, seed=5, solve_from=solve_from)
    slow = _python_only(Rollouts(rules, seed=5, solve_from=solve_from))
    solver = Solver(rules)
    views = [v for v in decisions(rules, seed=25, how_many=count(120, 0.05)) if not v.phase2 and len(v.legal) > 1]
    assert views
    for i, view in enumerate(views[: count(40, 0.05)]):
        world = sample_world(view, rng)
        expected = slow.action_values(solver, world.copy(), list(view.legal), view.seat)
        assert fast.action_values(solver, world, list(view.legal), view.seat) == expected, f"world {i}"
    for seat in (1, 2):
        assert native.rng_state(fast.players[seat].rng) == native.rng_state(slow.players[seat].rng)


def test_rollouts_without_noise_give_the_same_values_in_both_cores() -> None:
    require_native()
    rules = Rules.preset("seed66")
    rng = random.Random(24)
    fast, slow = Rollouts(rules, jitter=False), _python_only(Rollouts(rules, jitter=False))
    solver = Solver(rules)
    for view in decisions(rules, seed=24, how_many=60):
        if view.phase2 or len(view.legal) < 2:
            continue
        world = sample_world(view, rng)
        expected = slow.action_values(solver, world.copy(), list(view.legal), view.seat)
        assert fast.action_values(solver, world, list(view.legal), view.seat) == expected


def test_a_world_with_a_history_is_played_on_in_python() -> None:
    rules = Rules.preset("seed66")
    deal = Deal.shuffled(seed=4, rules=rules)
    deal.apply(deal.legal_actions(deal.to_act)[0])  # a lead: the deal has a history now
    solver = Solver(rules)
    assert solver.rollout_values(deal, list(deal.view(deal.to_act).legal), deal.to_act, (), None) is None
    values = Rollouts(rules).action_values(solver, deal, list(deal.view(deal.to_act).legal), deal.to_act)
    assert all(-3 <= v <= 3 for v in values.values())


def test_the_native_counter_refuses_a_malformed_view_or_generator() -> None:
    require_native()
    rules = Rules.preset("seed66")
    core = native.core_for(rules)
    assert core is not None
    deal = Deal.shuffled(seed=6, rules=rules)
    view = native.counter_view(deal.view(deal.to_act))
    params = CountingPlayer().native_params(rules)
    with pytest.raises(ValueError, match="21 fields"):
        core.counter_choose(view[:-1], params)
    with pytest.raises(ValueError, match="legal actions"):
        core.counter_choose((*view[:-1], ()), params)
    with pytest.raises(ValueError, match="not in the pack"):
        core.counter_choose((*view[:10], 1 << 31, *view[11:]), params)
    with pytest.raises(ValueError, match="625 words"):
        core.counter_choose(view, params, bytearray(10))
    with pytest.raises(ValueError, match="tuple of 11"):
        core.counter_choose(view, params[:-1])
    session = core.new_session()
    pos, seat, actions = native.encode(deal), deal.to_act, [int(a) for a in deal.legal_actions(deal.to_act)]
    with pytest.raises(ValueError, match="trump card"):
        core.rollout_values(pos, session, ((deal.trump + 1) % 4 * 8, 0, 0, 0), actions, seat, params, None, None)
    with pytest.raises(ValueError, match="not legal"):
        core.rollout_values(pos, session, (deal.trump_card, 0, 0, 0), [43, 44], seat, params, None, None)


def test_mutated_views_and_worlds_never_crash_the_counter() -> None:
    """Random mutations of real views and worlds: each call answers a legal action (a value) or raises ValueError."""
    require_native()
    rules = Rules.preset("seed66")
    core = native.core_for(rules)
    assert core is not None
    session = core.new_session()
    params = CountingPlayer().native_params(rules)
    rng = random.Random(25)
    views = [v for v in decisions(rules, seed=25, how_many=200) if len(v.legal) > 1]
    answered = 0
    for _ in range(count(1500, 0.2)):
        view = rng.choice(views)
        fields = list(native.counter_view(view))
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(fields) - 1)
            fields[at] = (
                fields[at] ^ (1 << rng.randrange(32))
                if at in (10, 11, 12, 13)
                else fields[at] + rng.choice((-2, -1, 1, 2))
            )
        with contextlib.suppress(ValueError):
            assert core.counter_choose(tuple(fields), params, native.rng_state(random.Random(1))) in range(46)
            answered += 1
        if view.phase2 or view.window:
            continue
        world = sample_world(view, rng)
        pos = list(native.encode(world))
        at = rng.choice((0, 1, 4, 6, 8, 10, 12, 13, 14, 16, 19))
        pos[at] = pos[at] ^ (1 << rng.randrange(32)) if at in (0, 1) else pos[at] + rng.choice((-1, 1))
        facts = (
            world.trump_card,
            world.known[1],
            world.known[2],
            (world.won[1] | world.won[2]) ^ (1 << rng.randrange(32)),
        )
        with contextlib.suppress(ValueError):
            values = core.rollout_values(
                tuple(pos), session, facts, [int(a) for a in view.legal], view.seat, params, None, None
            )
            assert all(-6 <= v <= 6 for v in values)
            answered += 1
    assert answered


def test_the_counter_stays_in_python_with_native_counter_off(monkeypatch: pytest.MonkeyPatch) -> None:
    require_native()
    rules = Rules.preset("seed66")
    deal = Deal.shuffled(seed=7, rules=rules)
    view = deal.view(deal.to_act)
    params = CountingPlayer().native_params(rules)
    monkeypatch.setenv(native.ENV_COUNTER, "0")
    native.counter_available.cache_clear()
    try:
        assert native.counter_choose(rules, view, params) is None
        assert Solver(rules).is_native
        rollouts = Rollouts(rules)
        assert (
            rollouts._native_values(Solver(rules), sample_world(view, random.Random(1)), list(view.legal), view.seat)
            is None
        )
    finally:
        monkeypatch.delenv(native.ENV_COUNTER)
        native.counter_available.cache_clear()
    assert native.counter_choose(rules, view, params) is not None


def test_the_counter_model_chooses_as_the_python_counter_decision_after_decision() -> None:
    """The sampler's model of the opponent: its generator carried across the native calls."""
    require_native()
    rules = Rules.preset("schnapsen")
    model, counter = CounterModel(9), CountingPlayer(9)
    for i, view in enumerate(decisions(rules, seed=26, how_many=count(300, 0.05))):
        assert model.choose(view) == counter.choose(view), f"decision {i}: {view.describe()}"
