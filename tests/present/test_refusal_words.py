"""Why a move is refused, in the player's language: the engines' refusals (``IllegalActionError``) said
through the one catalogue (``tui.refusal.*``, :func:`sixtysix.present.describe.refusal_words`), and the
page's card refusals (``refuse.*``, :mod:`sixtysix.present.refusals`). The terminal's own check of the
same sentences on screen is tests/tui/test_languages.py."""

from __future__ import annotations

import random
import re

import pytest

from sixtysix.core.actions import NUM_ACTIONS
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import Deal
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.present.describe import REFUSALS, Names, refusal_words
from sixtysix.present.words import catalogue, say

TABLES: dict[int, type[Deal] | type[ThreeHandedDeal] | type[FourHandedDeal]] = {
    2: Deal,
    3: ThreeHandedDeal,
    4: FourHandedDeal,
}


def said_card(lang: str) -> str:
    """The queen of hearts as the cards of ``lang`` show it."""
    return {"en": "Q♥", "de": "D♥", "fr": "D♥"}[lang]


def engine_refusals() -> set[str]:
    """Every refusal the engines give over seeded deals of every preset (and two variants), each seat
    trying every action at every step: the texts of their ``IllegalActionError``."""
    variants = [
        *PRESETS.values(),
        Rules().replace(first_lead_marriage=False),
        PRESETS["four66"].replace(four_player_marriages=True),
    ]
    found: set[str] = set()
    for rules in variants:
        for seed in range(4):
            rng = random.Random(seed)
            deal = TABLES[rules.players].shuffled(seed=seed, rules=rules)
            while True:
                for seat in range(1, rules.players + 1):
                    for action in range(NUM_ACTIONS):
                        try:
                            deal.verify(action, seat)
                        except IllegalActionError as error:
                            found.add(str(error))
                if deal.is_over:
                    break
                deal.apply(rng.choice(deal.legal_actions()))
    return found


def test_every_refusal_the_engines_give_has_its_sentence_in_the_catalogue() -> None:
    refusals = engine_refusals()
    assert len(refusals) > 200
    reasons = {re.sub(r"^[^\s:]+: ", "", text) for text in refusals}
    unknown = sorted(reason for reason in reasons if not any(pattern.match(reason) for pattern, _ in REFUSALS))
    assert unknown == []
    used = {key for reason in reasons for pattern, key in REFUSALS if pattern.match(reason)}
    assert len(used) >= len(REFUSALS) - 2  # the scan reaches (nearly) every sentence


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_every_refusal_is_said_in_german_and_french_without_an_english_word(lang: str) -> None:
    names = Names(human=1, lang=lang)
    said = {text: refusal_words(text, names) for text in sorted(engine_refusals())}
    english = {
        text: words for text, words in said.items() if re.search(r"\b(?:seat|the|must|you|not|is)\b", words, re.I)
    }
    assert english == {}
    assert refusal_words("Qh: seat 1 does not hold Qh", names) == say(
        "tui.refusal.not_held.you", lang, card=said_card(lang)
    )


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        ("en", "You do not hold Q♥"),
        ("de", "Du hast D♥ nicht"),
        ("fr", "Vous n'avez pas D♥"),
    ],
)
def test_a_card_not_held_is_refused_in_the_players_language_with_the_cards_of_that_language(
    lang: str, expected: str
) -> None:
    assert refusal_words("Qh: seat 1 does not hold Qh", Names(human=1, lang=lang)) == expected


def test_the_english_refusals_keep_their_words() -> None:
    names = Names(human=1)
    assert refusal_words("X: it is seat 2's turn, not seat 1's", names) == "It is Computer's turn, not yours"
    assert refusal_words("X: it is seat 1's turn, not seat 2's", names) == "It is your turn, not Computer's"
    assert refusal_words("Ah: the follower must play one of Kh Th", names) == "You must play one of K♥ 10♥"
    assert refusal_words("Kh: seat 2 does not hold Kh", names) == "Computer does not hold K♥"
    assert refusal_words("Ah: seat 1 must follow suit: one of Kh Th", names, False) == (
        "You must follow suit: one of Kh Th"
    )
    assert refusal_words("CB: CB is only possible right after winning a trick", names) == (
        "CB is only possible right after winning a trick"
    )
    # a refusal the catalogue does not know keeps the engine's English, its seats and cards named
    assert refusal_words("Ah: seat 2 frobs Ah", names) == "Computer frobs A♥"


def test_a_refusal_of_a_seat_at_a_table_of_three_names_that_seat() -> None:
    names = Names(human=3, others=((1, "Left"), (2, "Right")), lang="de")
    assert refusal_words("X: it is seat 1's turn, not seat 3's", names) == "Left ist am Zug, nicht du"
    assert refusal_words("Ah: seat 2 sits out this deal", names) == "Right setzt dieses Spiel aus"


def test_the_refusals_of_a_french_player_take_no_break_spaces_and_german_says_du() -> None:
    french = refusal_words("Ah: seat 1 must over-trump: one of Kh Th", Names(human=1, lang="fr"))
    assert french == "Vous devez surcouper (l'une de ces cartes\u00a0: R♥ 10♥)"
    german = [value for key, value in catalogue("de").items() if key.startswith("tui.refusal.")]
    assert len(german) == len([key for key in catalogue("en") if key.startswith("tui.refusal.")]) > 30
    assert not any(re.search(r"\b(?:Sie|Ihr|Ihnen)\b", text) for text in german if isinstance(text, str))
