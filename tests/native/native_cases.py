"""Rule sets, random positions and helpers for the differential tests of the native search core.

The counts are modest by default (the whole directory runs in a few tens of
seconds); ``SIXTYSIX_NATIVE_POSITIONS=10000`` (``make check-native``) runs that
many random positions per rule set for the values, and a share of it for the
costlier checks (see ``count``).
"""

from __future__ import annotations

import os
import random
from typing import Any

import pytest

from sixtysix import Deal, Rules
from sixtysix.ai import native
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, PASS
from sixtysix.core.errors import RulesError
from sixtysix.core.game import OVER, shuffled_deck
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import CHOICES, PRESETS

FULL = int(os.environ.get("SIXTYSIX_NATIVE_POSITIONS", "0") or 0)


def count(default: int, share: float = 1.0) -> int:
    """``default``; with ``SIXTYSIX_NATIVE_POSITIONS=N``, ``share`` of N if that is more.

    The values of random positions take all of N; the costlier checks (whole deals
    in Python, step-by-step replays) a share of it.
    """
    return max(default, int(FULL * share)) if FULL else default


def require_native() -> Any:
    """The extension module; the test is skipped without it (fails if ``SIXTYSIX_NATIVE=1``)."""
    module = native.extension()
    if module is None:
        if os.environ.get(native.ENV, "").strip() in ("1", "yes", "true", "on"):
            pytest.fail("SIXTYSIX_NATIVE=1 but the native core is not loaded")
        pytest.skip("the native search core is not built")
    return module


def native_search(rules: Rules) -> native.NativeSearch:
    """The native search for ``rules`` (the test is skipped without the native core)."""
    require_native()
    search = native.NativeSearch.create(rules)
    assert search is not None, "the native core refused these rules"
    return search


# Option values that only come together: the 20-card pack has hands of 5 and the jack exchange.
_TOGETHER: dict[tuple[str, Any], dict[str, Any]] = {
    ("deck", 20): {"deck": 20, "hand_size": 5, "exchange_rank": "J"},
}


def option_sets() -> list[tuple[str, str, dict[str, Any]]]:
    """(label, preset, options): the presets, every other value of every option that can change a
    value (from seed66), and eight seeded random mixtures of all of them."""
    sets = [(p, p, {}) for p, rules in PRESETS.items() if rules.players in (2, 3)]  # vu_schnapsen24 too
    base = Rules.preset("seed66")
    names = [name for name in CHOICES if name not in native.IGNORED_OPTIONS]
    for name in names:
        for value in CHOICES[name]:
            options = _TOGETHER.get((name, value), {name: value})
            if value != getattr(base, name) and _playable(options):
                sets.append((f"{name}={value}", "seed66", options))
    rng = random.Random(66)
    mixtures = 0
    while mixtures < 8:
        mixture: dict[str, Any] = {name: rng.choice(CHOICES[name]) for name in names}
        if mixture["deck"] == 20:
            mixture |= {"hand_size": 5, "exchange_rank": "J"}
        if _playable(mixture):
            mixtures += 1
            sets.append((f"mixture{mixtures}", "seed66", mixture))
    return sets


def _playable(options: dict[str, Any]) -> bool:
    """Whether these options make two-player rules (32 cards and hands of 8 are four-handed only)."""
    try:
        Rules.preset("seed66").replace(**options)
    except RulesError:
        return False
    return True


def set_id(case: tuple[str, str, dict[str, Any]]) -> str:
    return case[0]


def rules_of(case: tuple[str, str, dict[str, Any]]) -> Rules:
    _, preset, options = case
    return Rules.preset(preset).replace(**options)


def random_position(rules: Rules, rng: random.Random) -> Deal | None:
    """A deal played at random (correct claims only, closing now and then, the exchange window
    taken or passed at random) to a random point once at most ``talon`` cards are left in the
    talon, or it is closed; any stage. ``None`` if the deal ended first."""
    deal = Deal(shuffled_deck(rules, rng), rng.choice((1, 2)), rules)
    talon = rng.choice((0, 2, 4))
    close_chance = rng.choice((0.0, 0.1, 0.3))
    extra = rng.randrange(0, 8)
    while deal.stage != OVER:
        if deal.phase2 or deal.talon_size <= talon:
            if extra == 0:
                break
            extra -= 1
        seat = deal.to_act
        assert seat is not None
        actions = [a for a in deal.legal_actions(seat) if a != CLAIM or deal.score[seat] >= 66]
        if rng.random() >= close_chance:
            actions = [a for a in actions if a not in (CLOSE, CLOSE_BEFORE_DRAW)] or actions
        deal.apply(rng.choice(actions), seat)
        if deal.window and rng.random() < 0.5:
            deal.apply(rng.choice((EXCHANGE, PASS)), deal.window)
    return None if deal.stage == OVER else deal


def positions(rules: Rules, seed: int, how_many: int) -> list[Deal]:
    rng = random.Random(seed)
    found: list[Deal] = []
    while len(found) < how_many:
        deal = random_position(rules, rng)
        if deal is not None:
            found.append(deal)
    return found


def decode(pos: tuple[Any, ...], rules: Rules) -> Deal:
    """A native position tuple as an engine deal (for comparisons; no history, no deck)."""
    h1, h2, stock, stock_pos, face_up, trump, s1, s2, p1, p2, t1, t2 = pos[:12]
    stage, leader, led, marriage_suit, closer, close_score, close_tricks, window = pos[12:]
    return Deal.from_position(
        rules,
        dealer=2,
        trump_card=trump * 8,
        hands=(h1, h2),
        stock=list(stock[stock_pos:]),
        face_up=None if face_up < 0 else face_up,
        won=(0, 0),
        scores=(s1, s2),
        pending=(p1, p2),
        tricks=(t1, t2),
        stage=Stage(stage),
        leader=leader,
        led=None if led < 0 else led,
        marriage_suit=marriage_suit,
        closer=closer,
        close_score=close_score,
        close_tricks=close_tricks,
        window=window,
    )


def minimax(deal: Deal) -> int:
    """Value for seat 1 by brute force over every legal action (the window seat always exchanges)."""
    if deal.outcome is not None:
        outcome = deal.outcome
        if outcome.winner is None:
            return 0
        return outcome.game_points if outcome.winner == 1 else -outcome.game_points
    seat = deal.to_act
    assert seat is not None
    values = []
    for action in deal.legal_actions(seat):
        child = deal.copy()
        child.apply(action, seat)
        if child.window:
            child.apply(EXCHANGE, child.window)
        values.append(minimax(child))
    return max(values) if seat == 1 else min(values)
