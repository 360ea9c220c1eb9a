"""The English words of a finished deal (sixtysix.present.outcome): a claim is named with its card
points, as the German and French pages word it from the same numbers."""

from __future__ import annotations

import random

from sixtysix import Rules, create_match
from sixtysix.present.outcome import outcome_json
from sixtysix.present.table import PublicMatch


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
