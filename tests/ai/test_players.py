"""The computer players of every level play whole deals legally, never claim falsely, and
claim when they should; the rule-based levels are ordered by strength.

Every deal goes through :func:`play_deal`, which raises on any illegal action. A wrapper
around each player checks each decision: a claim only with 66 or more (every level but
the random one) and, for levels 2-5, a claim whenever the own score is 66 or more and a
claim is legal. The strength test plays duplicate deals (the same deck twice, seats
swapped) with fixed seeds, so it is deterministic.
"""

from __future__ import annotations

import random
import statistics

import pytest

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.heuristic import BeginnerPlayer, CountingPlayer
from sixtysix.ai.levels import make_player
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.errors import RulesError
from sixtysix.core.game import shuffled_deck
from sixtysix.core.outcome import Outcome, Termination
from sixtysix.core.rules import CHOICES
from sixtysix.players.base import Player, play_deal

PRESETS = ("seed66", "pagat66", "schnapsen")
DEALS = {1: 2000, 2: 2000, 3: 2000, 4: 50, 5: 15}
"""Deals per level and preset (the search levels are slow even on tiny budgets)."""


def small_player(level: int, seed: int) -> Player:
    """The player of ``level`` with a small budget for the search levels."""
    if level == 4:
        return PimcPlayer(seed, samples=2, depth=2)
    if level == 5:
        return make_player(5, seed, time_limit=0.01)
    return make_player(level, seed)


class Checked(Player):
    """Passes every decision to ``inner`` and checks its claims."""

    def __init__(self, inner: Player, level: int) -> None:
        self.inner = inner
        self.level = level
        self.name = inner.name
        self.claims = 0
        self.claim_chances = 0

    def new_match(self, rules: Rules, seat: int) -> None:
        self.inner.new_match(rules, seat)

    def new_deal(self, view: PlayerView) -> None:
        self.inner.new_deal(view)

    def choose(self, view: PlayerView) -> Action:
        action = self.inner.choose(view)
        if self.level >= 2:
            if action == CLAIM:
                assert view.score >= 66, f"{self.name} claimed with {view.score}: {view.describe()}"
                self.claims += 1
            if CLAIM in view.legal and view.score >= 66:
                self.claim_chances += 1
                assert action == CLAIM, f"{self.name} did not claim with {view.score}: {view.describe()}"
        return action


def check_outcome(outcome: Outcome, level: int) -> None:
    if level < 2:
        return
    assert outcome.termination != Termination.FALSE_CLAIM, outcome.reason
    if outcome.claimant is not None:
        assert outcome.points[outcome.claimant - 1] >= 66, outcome.reason


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_whole_deals_are_legal_and_claims_correct(level: int, preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(f"{level}-{preset}")
    players = {seat: Checked(small_player(level, seed=seat), level) for seat in (1, 2)}
    terminations: set[Termination] = set()
    for _ in range(DEALS[level]):
        deal = Deal.shuffled(seed=rng.getrandbits(32), dealer=rng.choice((1, 2)), rules=rules)
        outcome = play_deal(deal, players)  # raises on an illegal action
        check_outcome(outcome, level)
        terminations.add(outcome.termination)
        assert deal.is_over
    if level >= 2:
        # With so many deals both seats must have reached 66 on lead, and claimed.
        assert all(p.claim_chances > 0 for p in players.values())
        assert all(p.claims == p.claim_chances for p in players.values())
        assert Termination.CLAIM in terminations


def random_rules(rng: random.Random) -> Rules:
    """A preset with about a third of its options changed at random (deck and hand size kept)."""
    while True:
        options = {
            name: rng.choice(values)
            for name, values in CHOICES.items()
            if values and name not in ("deck", "hand_size") and rng.random() < 0.3
        }
        try:
            return Rules.preset(rng.choice(PRESETS)).replace(**options)
        except RulesError:  # e.g. a nine to exchange in the 20-card pack
            continue


@pytest.mark.parametrize("level", [2, 3])
def test_rule_based_players_handle_any_options(level: int) -> None:
    rng = random.Random(level)
    for _ in range(500):
        rules = random_rules(rng)
        players = {seat: Checked(small_player(level, seed=seat), level) for seat in (1, 2)}
        deal = Deal.shuffled(seed=rng.getrandbits(32), dealer=rng.choice((1, 2)), rules=rules)
        check_outcome(play_deal(deal, players), level)


def signed_points(outcome: Outcome, seat: int) -> int:
    if outcome.winner is None:
        return 0
    return outcome.game_points if outcome.winner == seat else -outcome.game_points


def duplicate_mean(strong: int, weak: int, preset: str, pairs: int, seed: int) -> float:
    """Mean game points per deal of level ``strong`` against level ``weak`` over duplicate deals."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    results = []
    for i in range(pairs):
        deck = shuffled_deck(rules, rng.getrandbits(32))
        for seat in (1, 2):
            players = {seat: small_player(strong, seed + i), 3 - seat: small_player(weak, seed - i)}
            outcome = play_deal(Deal(deck, dealer=1 + i % 2, rules=rules), players)
            results.append(signed_points(outcome, seat))
    return statistics.mean(results)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(("strong", "weak"), [(2, 1), (3, 2)])
def test_strength_order(strong: int, weak: int, preset: str) -> None:
    mean = duplicate_mean(strong, weak, preset, pairs=300, seed=20240)
    assert mean > 0.2, f"level {strong} vs level {weak} ({preset}): {mean:+.3f} game points per deal"


def test_players_are_deterministic_for_a_seed() -> None:
    rules = Rules.preset("seed66")
    for cls in (BeginnerPlayer, CountingPlayer):
        histories = []
        for _ in range(2):
            deal = Deal.shuffled(seed=11, rules=rules)
            play_deal(deal, {1: cls(seed=5), 2: cls(seed=6)})
            histories.append(deal.history)
        assert histories[0] == histories[1]


def test_names_and_levels() -> None:
    assert make_player(2).name == "beginner" and isinstance(make_player(2), BeginnerPlayer)
    assert make_player(3).name == "counter" and isinstance(make_player(3), CountingPlayer)
