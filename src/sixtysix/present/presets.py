"""The rules presets in words: a short name and a description, in English, German and French.

The texts are the catalogue's ``preset.name.ID`` and ``preset.description.ID``
(:mod:`sixtysix.present.words`): the web app sends them to the browser (``GET /api/meta``) and the
terminal game prints them. A preset that has no text is named by its id.

>>> preset_name("schnapsen", "de")
'Schnapsen (20 Karten)'
>>> preset_description("seed66").startswith("24 cards, 6 each")
True
>>> preset_name("no-such-preset")
'no-such-preset'
>>> sorted(presets_json()["four66"]["names"])
['de', 'en', 'fr']
"""

from __future__ import annotations

from sixtysix.present.words import LANGUAGES, catalogue, say

PRESETS = tuple(key.removeprefix("preset.name.") for key in catalogue("en") if key.startswith("preset.name."))
"""The presets that have words."""


def _text(kind: str, preset: str, lang: str) -> str:
    return say(f"preset.{kind}.{preset}", lang) if preset in PRESETS else preset


def preset_name(preset: str, lang: str = "en") -> str:
    """The preset's short name in ``lang`` (English for a language without a text)."""
    return _text("name", preset, lang)


def preset_description(preset: str, lang: str = "en") -> str:
    """What the preset plays, in one or two sentences, in ``lang``."""
    return _text("description", preset, lang)


def presets_json() -> dict[str, dict[str, dict[str, str]]]:
    """Every preset's names and descriptions by language, as the web app sends them."""
    return {
        preset: {
            "names": {lang: preset_name(preset, lang) for lang in LANGUAGES},
            "descriptions": {lang: preset_description(preset, lang) for lang in LANGUAGES},
        }
        for preset in PRESETS
    }
