"""Searches that keep tables between calls answer exactly as fresh ones (property tests).

A player keeps its solver for a whole match, so one :class:`Solver` searches deals
with other trumps, closers and close scores one after the other, and a player may be
handed deals of other rules. Whatever a search keeps (transposition tables, memos,
solvers by settings) must never change a value: over thousands of seeded random
positions of every preset and option set (after a close with ``C``, with ``CB`` and
after the talon is exhausted, and a few with the talon open), a search reused across
deals, each time right after the same hands under another trump or another close,
gives exactly the values of a fresh one. The same for the four-handed solver and the
players and analyses built on these searches.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from typing import Any

import pytest

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.analysis import Budget, analyze
from sixtysix.ai.evaluation import heuristic_value
from sixtysix.ai.partnership.search import PimcPartnershipPlayer
from sixtysix.ai.partnership.solver import PartnershipSolver, Position
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW
from sixtysix.core.cards import BIT
from sixtysix.core.game import BEFORE_DRAW, LEAD, OVER, shuffled_deck
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.view import PartnershipView

RULE_SETS: list[tuple[str, dict[str, Any]]] = [
    ("seed66", {}),
    ("pagat66", {}),
    ("schnapsen", {}),
    ("three66", {}),
    ("seed66", {"closer_win_basis": "at_end", "false_claim_points": "two_or_three", "nine_points": 1}),
    ("seed66", {"failed_close_points": "hoyle1895", "closed_deal_double": True, "marriage_in_phase2": True}),
    ("seed66", {"must_head_trick": False, "must_trump_when_void": False, "auto_claim": True}),
    ("pagat66", {"last_trick_rule": "wins_deal_one_point", "failed_close_points": "always_three"}),
    ("schnapsen", {"marriage_credit": "next_trick_won", "marriage_lead_card": "king", "closed_deal_double": True}),
    ("schnapsen", {"marriage_claim_without_lead": False, "closer_false_claim": "false_claim"}),
]
ENDINGS = ("C", "CB", "exhausted")


def rules_of(preset: str, options: dict[str, Any]) -> Rules:
    return Rules.preset(preset).replace(**options)


# -- two-player positions --------------------------------------------------------------


def _step(deal: Deal, rng: random.Random, ending: str, close_after: int) -> None:
    """One random legal action that never claims; closes as ``ending`` says once ``close_after`` tricks are played."""
    seat = deal.window or deal.to_act
    assert seat is not None
    actions = deal.legal_actions(seat)
    wanted = {"C": CLOSE, "CB": CLOSE_BEFORE_DRAW}.get(ending)
    if wanted in actions and deal.trick_count >= close_after and not deal.window:
        deal.apply(wanted, seat)
        return
    choices = [a for a in actions if a not in (CLAIM, CLOSE, CLOSE_BEFORE_DRAW)] or actions
    deal.apply(rng.choice(choices), seat)


def phase2_position(rules: Rules, rng: random.Random) -> Deal | None:
    """A position after a close (``C`` or ``CB``) or the talon's exhaustion, 1 to all cards in hand.

    Mostly at the lead of a trick; now and then with the lead played or before the draw.
    """
    deal = Deal(shuffled_deck(rules, rng), rng.choice((1, 2)), rules)
    ending = rng.choice(ENDINGS if rules.close_before_draw else ("C", "exhausted"))
    close_after = rng.randrange(rules.talon_size // 2)
    while not deal.phase2 and deal.stage != OVER:
        _step(deal, rng, ending, close_after)
    cards = rng.randint(1, deal.hands[deal.leader].bit_count()) if deal.stage != OVER else 0
    while deal.stage != OVER and (deal.hands[deal.leader].bit_count() > cards or deal.stage != LEAD):
        if deal.stage != LEAD and deal.hands[deal.leader].bit_count() == cards and rng.random() < 0.1:
            break  # a position inside a trick
        _step(deal, rng, "exhausted", 0)
    return None if deal.outcome is not None else deal


def open_talon_position(rules: Rules, rng: random.Random, talon: int) -> Deal | None:
    """A decision with ``talon`` cards left in the open talon (at a lead or before a draw)."""
    deal = Deal(shuffled_deck(rules, rng), rng.choice((1, 2)), rules)
    while deal.stage != OVER and not (deal.talon_size == talon and deal.stage in (LEAD, BEFORE_DRAW)):
        if deal.phase2:
            return None
        _step(deal, rng, "never", 99)
    return None if deal.outcome is not None else deal


def rebuilt(
    deal: Deal, *, trump: int | None = None, close: tuple[int, int, int] | None = None, consistent: bool = False
) -> Deal:
    """The same play state under another trump suit and/or another close (closer, score, tricks).

    A puzzle position for the solver: the same hands, whatever the trump card. With
    ``consistent`` the old and the new trump card change places everywhere, so that the
    position is one of a real deal (what the players' views need; the hands stay the same
    when the trump card has been played).
    """
    suit = deal.trump if trump is None else trump
    closer, close_score, close_tricks = (deal.closer, deal.close_score, deal.close_tricks) if close is None else close
    new_card = suit * 8 + (deal.trump_card & 7)
    swap = BIT[deal.trump_card] | BIT[new_card] if consistent else 0

    def card(c: int) -> int:
        return c ^ deal.trump_card ^ new_card if BIT[c] & swap else c

    def mask(m: int) -> int:
        return m ^ swap if m & swap and (m & swap) != swap else m

    exhausted = not closer and not consistent
    return Deal.from_position(
        deal.rules,
        dealer=deal.dealer,
        trump_card=new_card,
        hands=(mask(deal.hands[1]), mask(deal.hands[2])),
        stock=() if exhausted else [card(c) for c in deal.stock[deal.stock_pos :]],
        face_up=None if exhausted or deal.face_up < 0 else card(deal.face_up),
        won=(mask(deal.won[1]), mask(deal.won[2])),
        scores=(deal.score[1], deal.score[2]),
        pending=(deal.pending[1], deal.pending[2]),
        tricks=(deal.tricks[1], deal.tricks[2]),
        stage=deal.stage,
        leader=deal.leader,
        led=None if deal.led < 0 else card(deal.led),
        marriage_suit=deal.marriage_suit,
        closer=closer,
        close_score=close_score,
        close_tricks=close_tricks,
        window=deal.window,
        known=(mask(deal.known[1]), mask(deal.known[2])),
    )


def twins(deal: Deal, rng: random.Random) -> list[Deal]:
    """The deal's hands under each other trump, and under another close: what could share its table entries."""
    out = [rebuilt(deal, trump=suit) for suit in range(4) if suit != deal.trump]
    closer = rng.choice([c for c in (0, 1, 2) if c != deal.closer])
    other = 3 - closer
    close = (closer, rng.randint(0, deal.score[other]), rng.randint(0, deal.tricks[other])) if closer else (0, 0, 0)
    out.append(rebuilt(deal, close=close))
    rng.shuffle(out)
    return out


def real_twins(deal: Deal, rng: random.Random) -> list[Deal]:
    """The deal under two other trumps, the two trump cards swapped: deals a player could meet."""
    others = [suit for suit in range(4) if suit != deal.trump]
    return [rebuilt(deal, trump=suit, consistent=True) for suit in rng.sample(others, 2)]


def positions(rules: Rules, seed: str, count: int) -> Iterator[Deal]:
    rng = random.Random(seed)
    made = 0
    while made < count:
        deal = phase2_position(rules, rng)
        if deal is not None:
            made += 1
            yield deal


# -- the two-player solver ----------------------------------------------------------------


def test_a_solver_that_solved_the_same_hands_under_another_trump_gives_the_fresh_value() -> None:
    """Issue 11, bug 1: 3 against 3, each solved right after the same hands under another trump."""
    for preset in ("seed66", "schnapsen"):
        rules = Rules.preset(preset)
        rng = random.Random(f"bug1/{preset}")
        differ = checked = 0
        while checked < 300:
            deal = phase2_position(rules, rng)
            if deal is None or deal.stage != LEAD or deal.hands[1].bit_count() != 3:
                continue
            solver = Solver(rules)
            solver.value(rebuilt(deal, trump=rng.choice([s for s in range(4) if s != deal.trump])))
            differ += solver.value(deal) != Solver(rules).value(deal)
            checked += 1
        assert differ == 0, f"{preset}: {differ} of {checked} values differ from a fresh solver's"


@pytest.mark.parametrize(("preset", "options"), RULE_SETS)
def test_a_solver_reused_across_deals_gives_the_values_of_a_fresh_one(preset: str, options: dict[str, Any]) -> None:
    rules = rules_of(preset, options)
    rng = random.Random(f"twins/{preset}/{options}")
    reused = Solver(rules)
    kinds = set()
    for number, deal in enumerate(positions(rules, f"reuse/{preset}/{options}", 300)):
        kinds.add("closed" if deal.closer else "exhausted")
        for twin in twins(deal, rng):
            reused.value(twin)
        assert reused.value(deal) == Solver(rules).value(deal), deal.history
        if number % 10 == 0:
            assert reused.action_values(deal) == Solver(rules).action_values(deal), deal.history
    assert kinds == {"closed", "exhausted"}


@pytest.mark.parametrize(("preset", "options"), RULE_SETS[:4])
def test_a_reused_solver_searches_open_talons_as_a_fresh_one(preset: str, options: dict[str, Any]) -> None:
    """Depth-limited searches with the heuristic at the leaves, and exact ones from the last open talon."""
    rules = rules_of(preset, options)
    rng = random.Random(f"open/{preset}")
    reused = Solver(rules, evaluate=heuristic_value)
    checked = 0
    while checked < 12:
        exact = checked % 3 == 0
        talon = rules.close_min_talon if exact else rng.choice(range(4, rules.talon_size + 1, 2))
        deal = open_talon_position(rules, rng, talon)
        if deal is None:
            continue
        depth = None if exact else 2
        for twin in real_twins(deal, rng):
            reused.action_values(twin, depth)
        assert reused.action_values(deal, depth) == Solver(rules, heuristic_value).action_values(deal, depth)
        checked += 1


def test_a_solver_refuses_a_deal_of_other_rules_and_stays_correct() -> None:
    seed66, schnapsen = Rules.preset("seed66"), Rules.preset("schnapsen")
    solver = Solver(seed66)
    other = next(positions(schnapsen, "other rules", 1))
    with pytest.raises(ValueError, match="other rules"):
        solver.value(other)
    with pytest.raises(ValueError, match="other rules"):
        solver.action_values(other)
    for deal in positions(seed66, "after a refusal", 20):
        assert solver.value(deal) == Solver(seed66).value(deal)
    assert Solver(seed66.replace()).value(deal) == solver.value(deal)  # equal rules are the same rules


# -- the players and the analysis that keep a solver ----------------------------------------


def test_a_pimc_player_reused_across_deals_and_rules_values_actions_as_a_fresh_one() -> None:
    """Closed or exhausted talons: every world is solved exactly, so only the worlds (seeded) and the search count."""
    reused = PimcPlayer(seed=0, samples=3)
    rng = random.Random("pimc")
    checked = 0
    for preset, options in RULE_SETS:
        rules = rules_of(preset, options)
        for deal in positions(rules, f"pimc/{preset}/{options}", 4):
            seat = deal.window or deal.to_act
            assert seat is not None
            for twin in real_twins(deal, rng):
                twin_seat = twin.window or twin.to_act
                assert twin_seat is not None
                reused.world_action_values(PlayerView.of(twin, twin_seat))
            fresh = PimcPlayer(seed=0, samples=3)
            reused.rng, fresh.rng = random.Random(checked), random.Random(checked)
            view = PlayerView.of(deal, seat)
            assert reused.world_action_values(view) == fresh.world_action_values(view)
            checked += 1
    assert checked == 4 * len(RULE_SETS)


def test_an_analysis_after_other_analyses_gives_the_same_figures() -> None:
    rules = Rules.preset("schnapsen")
    rng = random.Random("analysis")
    budget = Budget(worlds=3, seed=5)
    for deal in positions(rules, "analysis", 6):
        seat = deal.window or deal.to_act
        assert seat is not None
        view = PlayerView.of(deal, seat)
        first = analyze(view, budget)
        for twin in real_twins(deal, rng):
            twin_seat = twin.window or twin.to_act
            assert twin_seat is not None
            analyze(PlayerView.of(twin, twin_seat), budget)
        again = analyze(view, budget)
        assert [(a.action, a.value, a.win_chance) for a in again.actions] == [
            (a.action, a.value, a.win_chance) for a in first.actions
        ]


# -- the four-handed solver ----------------------------------------------------------------

FOUR_OPTIONS: list[dict[str, Any]] = [
    {},
    {"four_player_marriages": True},
    {"ten_of_trumps_bonus": True},
    {"four_player_undertrump_required": False, "four_player_scale": "loser_under_33"},
    {"four_player_marriages": True, "ten_of_trumps_bonus": True},
]


def four_handed_position(rules: Rules, rng: random.Random, tricks_left: int) -> FourHandedDeal | None:
    """A random four-handed position with ``tricks_left`` tricks to go (sometimes inside a trick)."""
    match_score = (rng.choice((0, 3, rules.match_target - 1)), rng.choice((0, 3, rules.match_target - 1)))
    deal = FourHandedDeal(shuffled_deck(rules, rng), rng.randint(1, 4), rules, match_score)
    actions = 4 * (8 - tricks_left) + rng.choice((0, 0, 0, 1, 2))
    for _ in range(actions):
        if deal.is_over:
            return None
        deal.apply(rng.choice(deal.legal_actions()))
    return None if deal.is_over else deal


def four_handed_twins(position: Position, rng: random.Random) -> list[Position]:
    """The same cards under another trump, another match score, or the ten of trumps taken by a side."""
    out = [dataclasses.replace(position, trump=suit, marriage_suit=-1) for suit in range(4) if suit != position.trump]
    scores = [(a, b) for a in (0, 5, 6) for b in (0, 5, 6) if (a, b) != position.match_score]
    out.append(dataclasses.replace(position, match_score=rng.choice(scores)))
    out.append(dataclasses.replace(position, ten_side=rng.choice([s for s in (0, 1, 2) if s != position.ten_side])))
    rng.shuffle(out)
    return out


@pytest.mark.parametrize("options", FOUR_OPTIONS)
def test_a_four_handed_solver_reused_across_deals_gives_the_values_of_a_fresh_one(options: dict[str, Any]) -> None:
    rules = Rules.preset("four66").replace(**options)
    rng = random.Random(f"four/{options}")
    settings = [(None, False), (None, True), (2, False), (1, True)]  # (max_tricks, fine)
    reused = {s: PartnershipSolver(rules, *s) for s in settings}
    checked = 0
    while checked < 160:
        max_tricks, fine = settings[checked % len(settings)]
        deal = four_handed_position(rules, rng, rng.randint(1, 4) if max_tricks is None else rng.randint(3, 8))
        if deal is None:
            continue
        position = Position.of_deal(deal)
        solver = reused[max_tricks, fine]
        for twin in four_handed_twins(position, rng):
            solver.value(twin)
        fresh = PartnershipSolver(rules, max_tricks, fine)
        assert solver.value(position) == fresh.value(position), deal.history
        assert solver.action_values(position) == PartnershipSolver(rules, max_tricks, fine).action_values(position)
        checked += 1


def test_a_four_handed_player_reused_across_deals_values_actions_as_a_fresh_one() -> None:
    """Each decision right after decisions of other deals (other trumps, match scores, rules)."""
    rng = random.Random("four-handed player")
    reused = PimcPartnershipPlayer(seed=0, samples=2, max_tricks=1, exact_tricks=3)
    checked = 0
    while checked < 24:
        views = []
        while len(views) < 3:
            rules = Rules.preset("four66").replace(**rng.choice(FOUR_OPTIONS))
            deal = four_handed_position(rules, rng, rng.randint(2, 6))
            if deal is not None and deal.to_act is not None:
                views.append(PartnershipView.of(deal, deal.to_act))
        *others, view = views
        for other in others:
            reused.action_means(other)
        fresh = PimcPartnershipPlayer(seed=0, samples=2, max_tricks=1, exact_tricks=3)
        reused.rng, fresh.rng = random.Random(checked), random.Random(checked)
        assert reused.action_means(view) == fresh.action_means(view)
        checked += 1
