"""A deal's score explained in the player's language: the sentences of
:func:`~sixtysix.present.describe.scoring_sentences` and the engine's reason said by
:func:`~sixtysix.present.describe.humanize` come from the catalogue (``tui.scoring.*``, ``tui.reason.*``),
German with "du", French with its no-break spaces, and English as it always read."""

from __future__ import annotations

import random

import pytest

from sixtysix import Deal
from sixtysix.core.actions import CLAIM
from sixtysix.core.facts import DEAL_TARGET
from sixtysix.core.forfeit import forfeit_deal
from sixtysix.core.rules import PRESETS
from sixtysix.present.describe import REASONS, Names, humanize, plain, scoring_sentences

NBSP = "\u00a0"


def first_legal_deal() -> Deal:
    """Seed 1 played by the first legal action: seat 2 closes and fails, seat 1 had no trick at the close."""
    deal = Deal.shuffled(seed=1)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    return deal


FAILED_CLOSE = {
    "en": "Computer closed the talon and did not make 66, so you score 3 game points: "
    "you had no trick when it was closed.",
    "de": "Computer hat zugedreht und 66 nicht erreicht, also bekommst du 3 Punkte: "
    "du hattest beim Zudrehen keinen Stich.",
    "fr": f"Ordinateur a clos le talon sans atteindre 66, donc vous marquez 3 points{NBSP}: "
    "vous n'aviez aucun pli à la clôture.",
}


@pytest.mark.parametrize("lang", sorted(FAILED_CLOSE))
def test_a_failed_close_is_explained_in_the_players_language(lang: str) -> None:
    deal = first_legal_deal()
    said = [plain(line) for line in scoring_sentences(deal.spectator_view(), Names(human=1, lang=lang))]
    assert said == [FAILED_CLOSE[lang]]


def test_the_engines_reason_is_said_in_the_players_language() -> None:
    names = {lang: Names(human=1, computer="Anna", lang=lang) for lang in ("en", "de", "fr")}
    reason = "played out: seat 2 made 70, seat 1 50"
    assert humanize(reason, names["en"]) == "Played out: Anna made 70, you 50"
    assert humanize(reason, names["de"]) == "Ausgespielt: Anna hat 70 gemacht, du 50"
    assert humanize(reason, names["fr"]) == f"Donne jouée jusqu'au bout{NBSP}: Anna a fait 70, vous 50"
    assert humanize("seat 1 closed but did not claim 66 (made 50)", names["de"]) == (
        "Du hast zugedreht, aber nicht 66 angesagt (50 gemacht)"
    )


def engine_reasons() -> set[str]:
    """The reasons the two-player engine gives over random deals of every two-player preset and scoring
    option (now and then a claim, a close, a forfeit)."""
    variants = [rules for rules in PRESETS.values() if rules.players == 2]
    base = PRESETS["seed66"]
    variants += [
        base.replace(strict_claims=True, failed_close_points="always_three"),
        base.replace(closed_deal_double=True, failed_close_points="hoyle1895"),
        base.replace(beaten_closer_points="flat_two", false_claim_points="two_or_three"),
        base.replace(last_trick_rule="wins_deal_one_point"),
        base.replace(tie_rule="carry_one"),
    ]
    found = set()
    for number, rules in enumerate(variants):
        rng = random.Random(number)
        for seed in range(120):
            deal = Deal.shuffled(seed=seed, dealer=seed % 2 + 1, rules=rules)
            while not deal.is_over:
                legal = deal.legal_actions()
                seat = deal.to_act or 1
                if CLAIM in legal and (deal.scores()[seat - 1] >= DEAL_TARGET or rng.random() < 0.05):
                    deal.apply(CLAIM)
                    continue
                careful = [a for a in legal if a != CLAIM and (str(a) not in ("C", "CB") or rng.random() < 0.2)]
                deal.apply(rng.choice(careful or legal))
                if seed % 40 == 7 and not deal.is_over and len(deal.completed_tricks()) == 2:
                    forfeit_deal(deal, seat, "timeout: the move clock ran out")
            assert deal.outcome is not None
            found.add(deal.outcome.reason)
    return found


def test_every_reason_the_engine_gives_has_its_sentence_in_the_catalogue() -> None:
    """No reason falls back to the engine's English: each is matched, so said from ``tui.reason.*``."""
    reasons = engine_reasons()
    kinds = {key for reason in reasons for pattern, key in REASONS if pattern.match(reason)}
    assert len(kinds) >= 8, kinds  # the random deals reach most ways to end
    unmatched = sorted(reason for reason in reasons if not any(pattern.match(reason) for pattern, _ in REASONS))
    assert unmatched == []
    for reason in sorted(reasons)[:200]:
        english = humanize(reason, Names(human=1))
        assert humanize(reason, Names(human=1, lang="de")) != english, reason
