"""The words of a finished deal (sixtysix.present.outcome): a claim is named with its card points, as the
German and French pages word it from the same numbers; where partners score together the engine's reason
comes in every language."""

from __future__ import annotations

import dataclasses
import itertools
import random
import re

from sixtysix import Rules, create_match
from sixtysix.core.facts import partnership_game_points
from sixtysix.core.forfeit import forfeit_deal
from sixtysix.core.outcome import Outcome, Reason, Termination
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.present.outcome import SIDE_SCALES, outcome_json, side_explanations
from sixtysix.present.table import PublicMatch
from sixtysix.present.words import LANGUAGES, catalogue


def test_a_claim_is_named_with_its_card_points() -> None:
    public = PublicMatch("m1", 1, "playing", "computer", True, {1: ("Ann", "human", None), 2: ("CPU", "computer", 3)})
    found = 0
    for seed in range(40):
        match = create_match(Rules.preset("seed66"))
        deal = match.new_deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            actions = deal.legal_actions()
            claims = [a for a in actions if str(a) == "66"]
            plain = [a for a in actions if str(a) not in ("66", "C", "CB")] or actions  # no close, no wild claim
            deal.apply(claims[0] if claims and deal.scores()[deal.to_act - 1] >= 66 else rng.choice(plain))
        out = outcome_json(public, match, 1, 1)
        assert out is not None
        if out["termination"] != "claim":
            continue
        found += 1
        claimant = out["claimant"]
        who = "You" if claimant == 1 else "CPU"
        assert out["explanation"][0] == f"{who} claimed 66 with {out['points'][claimant - 1]} card points."
    assert found >= 3


# -- where partners score together (four-handed): the engine's reason in every language -----------------------

ENGLISH = re.compile(r"\b(side|made|each|won|short|forfeit|seat|tricks|more|under)\b")


def _four_handed_deal(seed: int, scale: str) -> FourHandedDeal:
    match = create_match(Rules.preset("four66").replace(four_player_scale=scale))
    deal = match.new_deal(seed=seed)
    assert isinstance(deal, FourHandedDeal)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    return deal


def test_a_four_handed_deal_played_out_is_explained_in_german_and_french_with_its_numbers() -> None:
    scales: set[str] = set()
    for seed, scale in itertools.product(range(12), ("hundred", "loser_under_33")):
        seen = _four_handed_deal(seed, scale).spectator_view()
        outcome = seen.outcome
        assert outcome is not None and outcome.winner is not None
        words = side_explanations(seen)
        assert words["en"] == [outcome.reason] and set(words) == set(LANGUAGES)
        won, lost = outcome.points[outcome.winner - 1], outcome.points[2 - outcome.winner]
        for lang in ("de", "fr"):
            (sentence,) = words[lang]
            assert f"{won} " in sentence and f" {lost} " in sentence and str(outcome.winner) in sentence, sentence
            assert not ENGLISH.search(sentence), sentence
        scales.add(outcome.reason.split("(")[1])
    assert len(scales) >= 3  # 66 or more, 100 or more, the losers under 33


def test_every_word_of_the_four_handed_scale_has_german_and_french() -> None:
    for scale in ("hundred", "loser_under_33"):
        rules = Rules.preset("four66").replace(four_player_scale=scale)
        for won, lost, tricks in ((130, 0, 0), (104, 26, 2), (90, 40, 3), (98, 32, 2)):
            how = partnership_game_points(rules, won, lost, tricks)[1]
            assert all(catalogue(lang)[SIDE_SCALES[how][0]] for lang in LANGUAGES), how


def test_a_four_handed_tie_ten_of_trumps_and_forfeit_are_worded_in_every_language() -> None:
    deal = _four_handed_deal(1, "hundred")
    seen = deal.spectator_view()
    assert seen.outcome is not None
    tie = Outcome(Termination.TIE, None, 0, (65, 65), (4, 4), reason="a tie at 65 each", reasons=(Reason.TIE,))
    ten = Outcome(
        Termination.TEN_OF_TRUMPS,
        2,
        1,
        (20, 30),
        (1, 2),
        reason="side 2 won the ten of trumps one point short",
        reasons=(Reason.TEN_OF_TRUMPS,),
    )
    assert side_explanations(dataclasses.replace(seen, outcome=tie))["de"] == ["Gleichstand mit je 65 Augen."]
    assert side_explanations(dataclasses.replace(seen, outcome=ten))["fr"] == [
        "L'équipe 2 a remporté le dix d'atout à un point du but."
    ]
    forfeited = create_match(Rules.preset("four66")).new_deal(seed=2)
    forfeit_deal(forfeited, 3, "timeout: the move clock ran out")
    words = side_explanations(forfeited.spectator_view())
    assert words["de"] == ["Platz 3 verliert das Spiel kampflos."] and words["en"][0].startswith("forfeit: seat 3")


def test_the_outcome_of_a_four_handed_deal_carries_the_explanations_and_of_a_duel_none() -> None:
    seats = {s: (f"P{s}", "human" if s == 1 else "computer", None if s == 1 else 1) for s in (1, 2, 3, 4)}
    public = PublicMatch("m1", 1, "playing", "computer", True, seats)
    match = create_match(Rules.preset("four66"))
    deal = match.new_deal(seed=5)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    out = outcome_json(public, match, 1, 1)
    assert out is not None and out["explanations"] == side_explanations(deal.spectator_view())
    duel = create_match(Rules.preset("seed66"))
    two = duel.new_deal(seed=5)
    while not two.is_over:
        two.apply(two.legal_actions()[0])
    two_public = PublicMatch("m2", 1, "playing", "computer", True, {1: ("A", "human", None), 2: ("B", "computer", 1)})
    answer = outcome_json(two_public, duel, 1, 1)
    assert answer is not None and answer["explanations"] is None
