"""Every explanation of a deal's score is words for the engine's one decision (its ``Scoring``).

Over many random finished deals of every preset (claims, false claims, closes, ties), the
reasons the terminal's and the web page's explanations word are exactly the reasons the scorer
gave (rules.md §2.11, §4, R-CLAIM-1, R-CLOSE-4 to R-CLOSE-6, R-SCORE-4, R-4P-7), and those
reasons agree with the game points it gave.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW
from sixtysix.core.facts import DEAL_TARGET, GAME_POINT_SCALE
from sixtysix.core.game import score_deal
from sixtysix.core.outcome import WIN_SCALE_REASONS, Outcome, Reason, Scoring
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import PRESETS
from sixtysix.core.table import AnyDeal
from sixtysix.present.describe import Line, Names, scoring_lines
from sixtysix.present.outcome import SIDE_SCALES, deal_lines, side_explanations
from sixtysix.present.words import LANGUAGES, say

HOW = frozenset(
    (
        Reason.CLAIM, Reason.CLOSER_CLAIM, Reason.CLOSER_PLAYED_OUT, Reason.BEATEN_CLOSER, Reason.FALSE_CLAIM,
        Reason.FALSE_CLAIM_FAILED_CLOSE, Reason.FAILED_CLOSE, Reason.NEVER_CLAIMED, Reason.LAST_TRICK,
        Reason.LAST_TRICK_TARGET, Reason.PLAYED_OUT, Reason.TIE, Reason.TEN_OF_TRUMPS, Reason.FORFEIT,
    )
)  # fmt: skip
"""The reasons that say how a deal was decided: every scoring has exactly one, first."""

VARIANTS = {
    **PRESETS,
    "doubled_hoyle": PRESETS["seed66"].replace(closed_deal_double=True, failed_close_points="hoyle1895"),
    "flat_beaten": PRESETS["seed66"].replace(beaten_closer_points="flat_two", false_claim_points="two_or_three"),
    "strict_always_three": PRESETS["seed66"].replace(strict_claims=True, failed_close_points="always_three"),
    "ten_of_trumps": PRESETS["four66"].replace(ten_of_trumps_bonus=True, four_player_scale="loser_under_33"),
}
"""Every preset, and options that reach the rarer reasons."""


def finished_deals(rules: Rules, count: int, seed: str) -> Iterator[AnyDeal]:
    """``count`` deals played to their end by random legal actions (now and then a false claim or a close)."""
    rng = random.Random(seed)
    for _ in range(count):
        deal = create_match(rules).new_deal(seed=rng.getrandbits(32))
        if isinstance(deal, FourHandedDeal) and rules.ten_of_trumps_bonus and rng.random() < 0.3:  # the ten may end it
            deal.match_score = (rules.match_target - 1, rules.match_target - 1)
        while not deal.is_over:
            seat = deal.seat_to_ask
            assert seat is not None
            legal = deal.legal_actions(seat)
            careful = [a for a in legal if a not in (CLAIM, CLOSE, CLOSE_BEFORE_DRAW)] or legal
            if CLAIM in legal and max(deal.scores()) >= DEAL_TARGET:
                careful = [CLAIM]
            deal.apply(rng.choice(legal if rng.random() < 0.08 else careful), seat)
        yield deal


def tagged(lines: list[Line]) -> list[Reason]:
    """The reasons a list of explained sentences words, in order."""
    return [reason for reasons, _ in lines for reason in reasons]


def check_scoring(outcome: Outcome, rules: Rules, closer: int) -> None:
    """The reasons agree with the game points the engine gave."""
    reasons = outcome.reasons
    assert reasons and reasons[0] in HOW and not HOW & set(reasons[1:]), reasons
    assert len(set(reasons)) == len(reasons)
    steps = [step for step, reason in WIN_SCALE_REASONS.items() if reason in reasons]
    assert len(steps) <= 1
    if steps and Reason.HUNDRED not in reasons:
        assert outcome.base_points == GAME_POINT_SCALE[steps[0] - 1]
    doubled = Reason.DOUBLED in reasons
    assert doubled == bool(outcome.winner and closer and rules.closed_deal_double)
    assert outcome.game_points == (0 if outcome.winner is None else outcome.base_points * (2 if doubled else 1))


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_explanation_words_exactly_the_engines_reasons(name: str) -> None:
    rules = VARIANTS[name]
    seen_reasons: set[Reason] = set()
    for deal in finished_deals(rules, 300, name):
        public = deal.spectator_view()
        outcome = public.outcome
        assert outcome is not None
        check_scoring(outcome, rules, public.closer)
        seen_reasons.update(outcome.reasons)
        if rules.players == 4:
            words = side_explanations(public)
            assert words["en"] == [outcome.reason]
            if outcome.reasons[0] == Reason.PLAYED_OUT:
                scale = outcome.reasons[1].value
                for lang in ("de", "fr"):
                    key, number = SIDE_SCALES[scale]
                    assert say(key, lang, points=number) in words[lang][0]
            continue
        for seat in public.active:
            english = scoring_lines(public, Names(human=seat))
            assert sorted(tagged(english), key=str) == sorted(outcome.reasons, key=str), (name, english)
            for lang in ("de", "fr"):  # the same sentences from the catalogue, in the player's language
                said = scoring_lines(public, Names(human=seat, lang=lang))
                assert tagged(said) == tagged(english), (name, lang, said)
                assert all(text != english_text for (_, text), (_, english_text) in zip(said, english, strict=True))
            for lang in LANGUAGES:
                lines = deal_lines(public, Names(human=seat, lang=lang))
                assert sorted(tagged(lines), key=str) == sorted(outcome.reasons, key=str), (name, lang, lines)
                assert all(text and "{" not in text for _, text in lines)
    assert len(seen_reasons) >= 3, seen_reasons  # the random deals reach several ways to end


def test_the_scorer_returns_one_frozen_scoring_value() -> None:
    """R-CLOSE-5: the closer's opponent claims first; he had no trick at the close: 3 game points, and why."""
    rules = PRESETS["seed66"]
    scoring = score_deal(rules, [0, 40, 70], [0, 3, 3], closer=1, close_score=0, close_tricks=0, claimant=2)
    assert isinstance(scoring, Scoring)
    assert (scoring.winner, scoring.game_points, scoring.codes) == (2, 3, ["beaten_closer", "no_trick_at_close"])
    with pytest.raises(AttributeError):
        scoring.game_points = 1  # type: ignore[misc]
    flat = score_deal(rules.replace(beaten_closer_points="flat_two"), [0, 40, 70], [0, 3, 3], 1, 0, 0, claimant=2)
    assert (flat.game_points, flat.codes) == (2, ["beaten_closer", "flat"])
    assert replace(flat, reason="").reasons == flat.reasons
