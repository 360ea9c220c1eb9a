"""Property tests: thousands of seeded random deals and matches, invariants checked at every step.

Hypothesis draws the deal seeds, the dealers, the rule options and the generator of the
players' choices (``st.randoms``; a failing example is replayed exactly). Two policies play:

* ``wild``: any legal action, ``66`` included, so most deals end early with a claim;
* ``careful``: never claims ``66`` below 66 and rarely closes, so deals go long and reach
  phase 2, exhaustion and played-out endings (with the last-trick bonus and ties).

Both sometimes let the seat that is not on lead take his exchange window.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sixtysix import Deal, IllegalActionError, Match, MatchError, Rules, Stage, Termination
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, MARRIAGE_40, NUM_ACTIONS, PASS
from sixtysix.core.cards import BIT, mask_of

PRESET_NAMES = ("seed66", "pagat66", "schnapsen")

# Option overrides mixed into the presets (several may be combined; later ones win).
OPTION_SETS: tuple[dict[str, Any], ...] = (
    {"nine_exchange_rule": "trick_anytime"},
    {"exchange_on_close": True},
    {"auto_claim": True},
    {"marriage_in_phase2": True},
    {"strict_claims": True},
    {"closed_deal_double": True},
    {"close_min_talon": 4, "exchange_min_talon": 4},
    {"first_lead_exchange": True, "first_lead_close": False, "first_lead_marriage": False},
    {"marriage_lead_card": "king", "marriage_claim_without_lead": False},
    {"must_head_trick": False, "must_trump_when_void": False},
    {"last_trick_rule": "wins_deal_one_point"},
    {"false_claim_points": "two_or_three", "closer_false_claim": "false_claim"},
    {"closer_win_basis": "at_end", "beaten_closer_points": "flat_two", "failed_close_points": "hoyle1895"},
    {"failed_close_points": "always_three"},
    {"marriage_credit": "next_trick_won"},
    {"close_allowed": False},
    {"close_before_draw": False},
    {"nine_exchange_rule": "leader_with_trick"},
    {"nine_exchange_rule": "leader_any"},
    {"nine_points": 1},
    {"tie_rule": "void", "next_dealer": "loser"},
)
CLOSES = (CLOSE, CLOSE_BEFORE_DRAW)


def examples(n: int) -> settings:
    """Hypothesis settings for ``n`` examples, each a whole deal (or match): no deadline."""
    return settings(max_examples=n, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def make_rules(preset: str, option_indexes: list[int]) -> Rules:
    options: dict[str, Any] = {}
    for i in option_indexes:
        options.update(OPTION_SETS[i])
    return Rules.preset(preset).replace(**options)


presets = st.sampled_from(PRESET_NAMES).map(Rules.preset)
combos = st.builds(
    make_rules,
    st.sampled_from(PRESET_NAMES),
    st.lists(st.integers(0, len(OPTION_SETS) - 1), min_size=1, max_size=3),
)
seeds = st.integers(0, 2**32 - 1)
dealers = st.sampled_from((1, 2))
choosers = st.randoms(use_true_random=True)


# -- the players -------------------------------------------------------------------------


def choose(deal: Deal, rng: random.Random, careful: bool) -> tuple[int, int]:
    """A random (seat, action); the seat not on lead sometimes takes (or declines) his exchange window."""
    actor = deal.to_act
    assert actor is not None
    other = 3 - actor
    window = deal.legal_actions(other)
    if window and rng.random() < 0.6:
        return other, EXCHANGE if rng.random() < 0.7 else rng.choice(window)
    legal = deal.legal_actions()
    if careful:
        score = deal.score[actor]
        legal = [a for a in legal if a != CLAIM or score >= 66] or legal
        if rng.random() < 0.9:
            legal = [a for a in legal if a not in CLOSES] or legal
    return actor, rng.choice(legal)


# -- invariants ----------------------------------------------------------------------------


def points_of(deal: Deal, mask: int) -> int:
    points = deal.rules.points
    return sum(points[c] for c in range(32) if mask >> c & 1)


def snapshot(deal: Deal) -> dict[str, Any]:
    """Every slot of the deal, lists copied (the other values are immutable)."""
    return {
        name: (value[:] if isinstance(value, list) else value)
        for name in Deal.__slots__
        for value in [getattr(deal, name)]
    }


def places(deal: Deal) -> list[int]:
    """Where the cards are: hands, the stock not yet drawn, the face-up card, tricks, the led card."""
    return [
        deal.hands[1],
        deal.hands[2],
        mask_of(deal.stock[deal.stock_pos :]),
        BIT[deal.face_up] if deal.face_up >= 0 else 0,
        deal.won[1],
        deal.won[2],
        BIT[deal.led] if deal.led >= 0 else 0,
    ]


class Checker:
    """Checks one deal's invariants after every action, against the state before it."""

    def __init__(self, deal: Deal) -> None:
        self.prev: dict[str, Any] | None = None
        self.check(deal)

    def check(self, deal: Deal) -> None:
        rules = deal.rules
        pack = rules.pack

        # Every card of the pack is in exactly one place.
        where = places(deal)
        union = 0
        for mask in where:
            assert not union & mask, f"a card is in two places: {where}"
            union |= mask
        assert union == pack, "a card of the pack is nowhere"
        assert deal.talon_size == len(deal.stock) - deal.stock_pos + (deal.face_up >= 0)

        # Card points in tricks are the points of the cards played (the led card excepted).
        cards_played = [int(a) for _, a in deal.history if a < 32]
        in_tricks = cards_played[:-1] if deal.led >= 0 else cards_played
        assert deal.led < 0 or cards_played[-1] == deal.led
        assert len(in_tricks) == 2 * deal.trick_count
        assert mask_of(in_tricks) == deal.won[1] | deal.won[2]
        assert points_of(deal, deal.won[1]) + points_of(deal, deal.won[2]) == sum(rules.points[c] for c in in_tricks)
        assert deal.trick_count == deal.tricks[1] + deal.tricks[2]

        # A score is its tricks, its marriages (counted or pending) and the last-trick bonus.
        marriages = [0, 0, 0]
        for seat, action in deal.history:
            if action.is_marriage():
                marriages[seat] += 40 if action >= MARRIAGE_40 else 20
        last_trick = deal.is_over and not deal.hands[1] and not deal.hands[2]
        for seat in (1, 2):
            bonus = 10 if last_trick and not deal.closed and rules.last_trick_rule == "ten_points" else 0
            bonus = bonus if deal.leader == seat else 0
            total = points_of(deal, deal.won[seat]) + marriages[seat] + bonus
            assert deal.score[seat] + deal.pending[seat] == total
            if rules.marriage_credit == "seed":
                assert deal.pending[seat] == 0 or deal.tricks[seat] == 0

        # Hands: equal at every lead, full in phase 1; the leader one card short while the trick is open.
        n1, n2 = deal.hands[1].bit_count(), deal.hands[2].bit_count()
        if deal.stage in (Stage.LEAD, Stage.MARRIAGE, Stage.BEFORE_DRAW):
            assert n1 == n2
            if deal.stage == Stage.LEAD and not deal.phase2:
                assert n1 == rules.hand_size
        elif deal.stage == Stage.FOLLOW:
            leader, follower = deal.leader, 3 - deal.leader
            assert deal.hands[leader].bit_count() + 1 == deal.hands[follower].bit_count()

        # A legal action exists exactly while the deal is not over.
        if deal.is_over:
            assert deal.to_act is None and deal.outcome is not None
            assert deal.legal_actions() == deal.legal_actions(1) == deal.legal_actions(2) == []
            self.check_outcome(deal)
        else:
            assert deal.outcome is None and deal.to_act in (1, 2)
            assert deal.legal_actions(), f"no legal action in stage {deal.stage!r}"
            assert deal.legal_actions() == deal.legal_actions(deal.to_act)
            # The seat not on lead decides only in his exchange window (exchange, or decline it).
            window = deal.legal_actions(3 - deal.to_act)
            assert not window or (EXCHANGE in window and set(window) <= {EXCHANGE, PASS}), window

        assert deal.legal_actions(0) == deal.legal_actions(3) == []  # no such seats

        # Nothing public ever goes back.
        prev = self.prev
        if prev is not None:
            for seat in (1, 2):
                assert deal.score[seat] >= prev["score"][seat], "a score decreased"
                assert deal.tricks[seat] >= prev["tricks"][seat], "a trick count decreased"
                assert deal.won[seat] & prev["won"][seat] == prev["won"][seat], "a won card left the tricks"
            assert deal.talon_size <= prev["talon_size"]
            assert deal.history[:-1] == prev["history"] and len(deal.history) == len(prev["history"]) + 1
            if prev["closer"]:
                assert (deal.closer, deal.close_score, deal.close_tricks) == (
                    prev["closer"],
                    prev["close_score"],
                    prev["close_tricks"],
                )
            if prev["phase2"]:
                assert deal.phase2
            elif deal.closer:
                # Closing records the opponent's score and tricks as they stood.
                other = 3 - deal.closer
                assert (deal.close_score, deal.close_tricks) == (prev["score"][other], prev["tricks"][other])
        self.prev = {
            **snapshot(deal),
            "talon_size": deal.talon_size,
            "phase2": deal.phase2,
        }

    @staticmethod
    def check_outcome(deal: Deal) -> None:
        outcome = deal.outcome
        rules = deal.rules
        assert outcome is not None
        assert outcome.points == deal.scores() and outcome.tricks == deal.trick_counts()
        if outcome.winner is None:
            assert outcome.termination == Termination.TIE and outcome.game_points == 0
            assert deal.score[1] == deal.score[2] and rules.last_trick_rule == "ten_points"
        else:
            allowed = {1, 2, 3}
            if deal.closed and rules.closed_deal_double:
                allowed = {2, 4, 6}
            assert outcome.game_points in allowed, outcome
        played_out = not deal.hands[1] and not deal.hands[2]
        term = outcome.termination
        if term in (Termination.CLAIM, Termination.FALSE_CLAIM):
            claimant = outcome.claimant
            assert claimant is not None and claimant in (1, 2)
            if not rules.auto_claim:
                assert deal.history[-1] == (claimant, ACTIONS[CLAIM])
            if term == Termination.CLAIM:
                assert outcome.winner == claimant and deal.score[claimant] >= 66
            else:
                assert outcome.winner == 3 - claimant and deal.score[claimant] < 66
        else:
            assert played_out and outcome.claimant is None
            # closer_failed: the closer had fewer than 66 (with more, strict_claims makes him lose played_out)
            assert (term == Termination.CLOSER_FAILED) == (deal.closed and deal.score[deal.closer] < 66)
            beaten = deal.closed and outcome.winner != deal.closer
            assert beaten == (term == Termination.CLOSER_FAILED or (rules.strict_claims and deal.closed))
        if played_out:
            assert 2 * deal.trick_count + deal.talon_size == rules.deck
            if not deal.closed:
                # A played-out open deal: every card was played and all its points are in tricks.
                assert deal.talon_size == 0 and deal.trick_count == rules.deck // 2
                assert points_of(deal, deal.won[1] | deal.won[2]) == rules.total_points
                if rules.last_trick_rule == "ten_points" and outcome.winner is not None:
                    loser = 3 - outcome.winner
                    assert deal.score[outcome.winner] > deal.score[loser]
                elif rules.last_trick_rule == "wins_deal_one_point":
                    assert outcome.winner == deal.leader and outcome.game_points == 1  # the last trick decides


def check_illegal(deal: Deal, rng: random.Random) -> None:
    """An illegal (seat, action) raises IllegalActionError and leaves every slot unchanged."""
    seat = rng.choice((None, 1, 2, None, 1, 2, 0, 3))  # now and then a seat that does not exist
    legal = set(deal.legal_actions(seat))
    illegal = [a for a in range(NUM_ACTIONS) if a not in legal]
    action = rng.choice(illegal)
    before = snapshot(deal)
    with pytest.raises(IllegalActionError) as info:
        deal.apply(ACTIONS[action], seat)
    assert str(info.value).startswith(str(ACTIONS[action]) + ": ")
    assert snapshot(deal) == before
    assert not deal.is_legal(action, seat)


def check_copy(deal: Deal, rng: random.Random) -> None:
    """A copy equals the deal, and playing on the copy leaves the deal as it was."""
    before = snapshot(deal)
    twin = deal.copy()
    assert snapshot(twin) == before
    if not twin.is_over:
        twin.apply(rng.choice(twin.legal_actions()))
    assert snapshot(deal) == before


def play(deal: Deal, rng: random.Random, careful: bool, illegal_rate: float = 0.3) -> Deal:
    """Play a deal to its end with every invariant checked after every action."""
    checker = Checker(deal)
    while not deal.is_over:
        if rng.random() < illegal_rate:
            check_illegal(deal, rng)
        if rng.random() < 0.05:
            check_copy(deal, rng)
        seat, action = choose(deal, rng, careful)
        if seat == deal.to_act and rng.random() < 0.5:
            deal.apply(action)  # the seat defaults to the seat to act
        else:
            deal.apply(action, seat)
        checker.check(deal)
    check_illegal(deal, rng)
    return deal


# -- deals ---------------------------------------------------------------------------------


@pytest.mark.slow
@examples(2000)
@given(rules=presets, seed=seeds, dealer=dealers, rng=choosers)
def test_presets_random_play(rules: Rules, seed: int, dealer: int, rng: random.Random) -> None:
    play(Deal.shuffled(seed, dealer, rules), rng, careful=False)


@pytest.mark.slow
@examples(3000)
@given(rules=presets, seed=seeds, dealer=dealers, rng=choosers)
def test_presets_careful_play(rules: Rules, seed: int, dealer: int, rng: random.Random) -> None:
    play(Deal.shuffled(seed, dealer, rules), rng, careful=True)


@pytest.mark.slow
@examples(3000)
@given(rules=combos, seed=seeds, dealer=dealers, rng=choosers, careful=st.booleans())
def test_option_combinations(rules: Rules, seed: int, dealer: int, rng: random.Random, careful: bool) -> None:
    play(Deal.shuffled(seed, dealer, rules), rng, careful=careful)


def test_careful_play_reaches_every_ending() -> None:
    """The careful policy really reaches long deals: exhaustion, played-out endings, ties, closes."""
    seen: Counter[str] = Counter()
    for preset in PRESET_NAMES:
        rules = Rules.preset(preset)
        for seed in range(600):
            rng = random.Random(seed)
            deal = Deal.shuffled(seed, 1 + seed % 2, rules)
            exhausted = False
            while not deal.is_over:
                seat, action = choose(deal, rng, careful=True)
                if seat != deal.to_act:
                    seen["window exchange"] += 1
                deal.apply(action, seat)
                exhausted = exhausted or (deal.face_up < 0 and not deal.closed)
            assert deal.outcome is not None
            seen[f"{preset} {deal.outcome.termination.value}"] += 1
            seen["exhausted"] += exhausted
    for key in ("seed66", "pagat66", "schnapsen"):
        for term in ("claim", "played_out", "closer_failed"):
            assert seen[f"{key} {term}"] > 10, seen
        assert seen[f"{key} false_claim"] == 0
    assert seen["seed66 tie"] + seen["pagat66 tie"] > 0, seen
    assert seen["exhausted"] > 500 and seen["window exchange"] > 10, seen


# -- matches -------------------------------------------------------------------------------


def expected_dealer(rules: Rules, last: Deal) -> int:
    assert last.outcome is not None
    winner = last.outcome.winner
    if rules.next_dealer == "alternate":
        return 3 - last.dealer
    if winner is None:
        return last.dealer
    return winner if rules.next_dealer == "winner" else 3 - winner


@pytest.mark.slow
@examples(600)
@given(
    rules=st.one_of(presets, combos),
    target=st.sampled_from((1, 2, 3, 7, 11)),
    first_dealer=dealers,
    rng=choosers,
    careful=st.booleans(),
)
def test_match_ends_exactly_at_target(
    rules: Rules, target: int, first_dealer: int, rng: random.Random, careful: bool
) -> None:
    rules = rules.replace(match_target=target)
    match = Match(rules, first_dealer)
    score = [0, 0, 0]
    carried = 0
    last: Deal | None = None
    for _ in range(500):
        deal = match.new_deal(seed=rng.getrandbits(32))
        assert deal.dealer == (first_dealer if last is None else expected_dealer(rules, last))
        assert match.current is deal and not match.is_over
        while not deal.is_over:
            seat, action = choose(deal, rng, careful)
            match.apply(action, seat)
        outcome = deal.outcome
        assert outcome is not None
        if outcome.winner is None:
            carried += rules.tie_rule == "carry_one"
        else:
            score[outcome.winner] += outcome.game_points + carried
            carried = 0
        assert match.score == (score[1], score[2]) and match.carried == carried
        assert sum(r.game_points for r in match.results) == score[1] + score[2]
        last = deal
        if max(score) >= target:
            assert match.is_over and match.winner == outcome.winner
            assert score[match.winner] >= target and score[3 - match.winner] < target
            with pytest.raises(MatchError):
                match.new_deal(seed=0)
            assert len(match.deals) == len(match.results)
            return
        assert not match.is_over and match.winner is None
    pytest.fail("the match did not end in 500 deals")


def test_legal_actions_are_in_id_order() -> None:
    """``legal_actions`` lists ids in ascending order (marriages of 20 before the 40)."""
    rng = random.Random(5)
    for preset in ("seed66", "schnapsen"):
        rules = Rules.preset(preset)
        for _ in range(300):
            deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
            while not deal.is_over:
                legal = deal.legal_actions()
                assert legal == sorted(legal)
                deal.apply(rng.choice([a for a in legal if a != CLAIM] or legal))
