"""``GET /api/meta``: what a server offers: the rules presets (in words, by language), options and levels.

>>> info = meta()
>>> info["presets"]["seed66"]["players"], info["presets"]["seed66"]["names"]["de"]
(2, 'Sechsundsechzig (66)')
>>> sorted(info["presets"]) == sorted(PRESETS)
True
"""

from __future__ import annotations

from sixtysix.ai.levels import make_table_player
from sixtysix.core.facts import partner_of
from sixtysix.core.match import create_match
from sixtysix.core.rules import CHOICES, PRESETS, Rules
from sixtysix.present.presets import preset_description, presets_json
from sixtysix.present.state import API_VERSION
from sixtysix.present.table import is_duel
from sixtysix.present.words import LANGUAGES

LEVELS = {
    1: ("random", "a uniformly random legal action"),
    2: ("beginner", "rules of thumb; forgets which cards are out, rarely closes"),
    3: ("counter", "counts cards, closes and claims soundly"),
    4: ("pimc", "perfect-information Monte Carlo: samples the hidden cards, searches each world"),
    5: ("expert", "PIMC with inference from the opponent's play and a time budget"),
}


def levels_for(rules: Rules) -> list[int]:
    """The computer levels that play ``rules``' table size (1-5 where they all exist).

    >>> levels_for(Rules.preset("seed66"))
    [1, 2, 3, 4, 5]
    """
    found = []
    for level in LEVELS:
        try:
            make_table_player(level, rules, seed=0, time_limit=0.1)
        except (ValueError, KeyError, NotImplementedError):
            continue
        found.append(level)
    return found


def hints_for(rules: Rules) -> bool:
    """Whether hints are given under ``rules``: the analysis reads the two-player view that a seat
    of a deal of two seats has (two players; three-handed, the deal the seat plays).

    >>> [hints_for(Rules.preset(name)) for name in ("seed66", "three66", "four66")]
    [True, True, False]
    """
    return is_duel(rules)


def reviews_for(rules: Rules) -> bool:
    """Whether the finished deals of a match under ``rules`` can be reviewed.

    >>> [reviews_for(Rules.preset(name)) for name in ("seed66", "three66", "four66")]
    [True, False, False]
    """
    return rules.players == 2  # why: a review replays a two-player Match and its record (analyze_record)


def meta() -> dict[str, object]:
    """The ``GET /api/meta`` answer (docs/web-api.md)."""
    from sixtysix import __version__

    texts = presets_json()
    return {
        "api": API_VERSION,
        "version": __version__,
        "languages": list(LANGUAGES),
        "presets": {
            name: {
                "description": preset_description(name),
                **texts.get(name, {"names": {"en": name}, "descriptions": {"en": name}}),
                "target": rules.match_target,
                "deck": rules.deck,
                "players": rules.players,
                "partner": partner_of(1) if create_match(rules).scorer == "side" else None,
                "levels": levels_for(rules),
            }
            for name, rules in PRESETS.items()
        },
        "options": {name: [_text(v) for v in values] for name, values in CHOICES.items() if name != "match_target"},
        "levels": [{"level": lv, "name": name, "description": text} for lv, (name, text) in LEVELS.items()],
        "defaults": {"rules": "seed66", "level": 3, "target": 7},
    }


def _text(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)
