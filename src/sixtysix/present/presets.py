"""The rules presets in words: a short name and a description, in English, German and French.

The one source of these texts: the web app sends them to the browser (``GET /api/meta``)
and the terminal game prints them. A preset that has no text here is named by its id.

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

from dataclasses import dataclass


@dataclass(frozen=True)
class PresetText:
    """A preset's name and description, by language."""

    names: dict[str, str]
    descriptions: dict[str, str]


PRESET_TEXTS: dict[str, PresetText] = {
    "seed66": PresetText(
        names={"en": "Sechsundsechzig (66)", "de": "Sechsundsechzig (66)", "fr": "Soixante-six (66)"},
        descriptions={
            "en": "24 cards, 6 each, after the founding French text. Exchange the trump nine, close the talon "
            "before or after drawing, claim 66. First to 7 game points.",
            "de": "24 Karten, je 6, nach dem französischen Gründungstext. Atout-Neuner austauschen, vor oder nach "
            "dem Ziehen zudrehen, 66 ansagen. Wer zuerst 7 Punkte hat, gewinnt.",
            "fr": "24 cartes, 6 chacun, d'après le texte français fondateur. Échange du neuf d'atout, clôture du "
            "talon avant ou après la pioche, annonce de 66. Le premier à 7 points de partie gagne.",
        },
    ),
    "pagat66": PresetText(
        names={"en": "66, pagat.com rules", "de": "66 nach pagat.com", "fr": "66, règles de pagat.com"},
        descriptions={
            "en": "As on pagat.com: exchange only on lead after a trick, a closed deal is scored at the end, "
            "ties count for nobody, the winner deals next.",
            "de": "Wie bei pagat.com: Austauschen nur in der Vorhand nach einem Stich, ein zugedrehtes Spiel wird "
            "am Ende gewertet, Gleichstand zählt nicht, der Gewinner gibt.",
            "fr": "Comme sur pagat.com : échange seulement en main après un pli, une donne close se compte à la "
            "fin, l'égalité ne compte pour personne, le gagnant donne.",
        },
    ),
    "schnapsen": PresetText(
        names={"en": "Schnapsen (20 cards)", "de": "Schnapsen (20 Karten)", "fr": "Schnapsen (20 cartes)"},
        descriptions={
            "en": "Austrian Schnapsen: 20 cards, 5 each, exchange the trump jack (Unter), close only after "
            "drawing, marriages even after closing, the last trick wins a played-out deal.",
            "de": "Österreichisches Schnapsen: 20 Karten, je 5, den Atout-Buben (Unter) austauschen, zudrehen nur "
            "nach dem Ziehen, Melden auch nach dem Zudrehen, der letzte Stich gewinnt ein ausgespieltes Spiel.",
            "fr": "Schnapsen autrichien : 20 cartes, 5 chacun, échange du valet d'atout (Unter), clôture "
            "seulement après la pioche, mariages même après la clôture, le dernier pli gagne une donne jouée "
            "jusqu'au bout.",
        },
    ),
    "vu_schnapsen": PresetText(
        names={
            "en": "Schnapsen, VU bot platform",
            "de": "Schnapsen, VU-Bot-Plattform",
            "fr": "Schnapsen, plateforme de bots de la VU",
        },
        descriptions={
            "en": "The rules of the Schnapsen platform of VU Amsterdam's course for game bots: 20 cards, 5 each, "
            "no closing, the deal ends by itself when a trick brings its winner to 66; a marriage plays its king "
            "and counts with the next trick won; the trump jack may be exchanged on any lead.",
            "de": "Die Regeln der Schnapsen-Plattform des Bot-Kurses der VU Amsterdam: 20 Karten, je 5, kein "
            "Zudrehen, das Spiel endet von selbst, sobald ein Stich seinen Gewinner auf 66 bringt; eine Ehe "
            "spielt den König aus und zählt mit dem nächsten gewonnenen Stich; der Atout-Bube kann bei jedem "
            "Ausspiel getauscht werden.",
            "fr": "Les règles de la plateforme de Schnapsen du cours de bots de la VU Amsterdam : 20 cartes, "
            "5 chacun, pas de clôture, la donne finit d'elle-même dès qu'un pli porte son gagnant à 66 ; un "
            "mariage joue le roi et compte avec le prochain pli gagné ; le valet d'atout s'échange à chaque "
            "entame.",
        },
    ),
    "vu_schnapsen24": PresetText(
        names={
            "en": "Schnapsen with nines, VU bot platform",
            "de": "Schnapsen mit Neunern, VU-Bot-Plattform",
            "fr": "Schnapsen avec les neuf, plateforme de bots de la VU",
        },
        descriptions={
            "en": "The 24-card engine of VU Amsterdam's Schnapsen platform: the VU rules with the four nines "
            "added, worth 1 point each; still 5 cards each (a talon of 14) and the jack exchange.",
            "de": "Die 24-Karten-Variante der Schnapsen-Plattform der VU Amsterdam: die VU-Regeln mit den vier "
            "Neunern, je 1 Punkt wert; weiter je 5 Karten (14 im Talon) und der Tausch mit dem Buben.",
            "fr": "La variante à 24 cartes de la plateforme de Schnapsen de la VU Amsterdam : les règles de la "
            "VU avec les quatre neuf, valant 1 point chacun ; toujours 5 cartes chacun (un talon de 14) et "
            "l'échange du valet.",
        },
    ),
    "three66": PresetText(
        names={"en": "Three-handed 66", "de": "66 zu dritt", "fr": "66 à trois"},
        descriptions={
            "en": "Three players: the dealer deals to the other two and sits out, they play a deal of "
            "Sechsundsechzig (the dealer's left leads); the dealer scores as much as the deal's winner, but "
            "never beyond one point short of the target. The deal passes to the left.",
            "de": "Drei Spieler: Der Geber teilt den beiden anderen aus und setzt aus, sie spielen ein Spiel "
            "Sechsundsechzig (der Linke des Gebers spielt aus); der Geber bekommt so viele Punkte wie der "
            "Gewinner, aber nie mehr als bis einen Punkt vor dem Ziel. Der Geber wechselt nach links.",
            "fr": "Trois joueurs : le donneur distribue aux deux autres et ne joue pas, ils jouent une donne de "
            "soixante-six (la gauche du donneur entame) ; le donneur marque autant que le gagnant, mais jamais "
            "au-delà d'un point avant le but. La donne passe à gauche.",
        },
    ),
    "four66": PresetText(
        names={"en": "Four-handed 66 (partners)", "de": "66 zu viert (Partner)", "fr": "66 à quatre (en équipes)"},
        descriptions={
            "en": "Four players in two partnerships, partners opposite: 32 cards, 8 each, follow suit and win the "
            "trick when you can, no talon, no marriages, 1, 2 or 3 game points.",
            "de": "Vier Spieler in zwei Partnerschaften, die Partner gegenüber: 32 Karten, je 8, Farbe bedienen "
            "und stechen, wenn möglich, kein Talon, kein Melden, 1, 2 oder 3 Punkte.",
            "fr": "Quatre joueurs en deux équipes, partenaires face à face : 32 cartes, 8 chacun, fournir et "
            "prendre la levée si possible, pas de talon, pas de mariages, 1, 2 ou 3 points.",
        },
    ),
}


def _text(texts: dict[str, str] | None, lang: str, fallback: str) -> str:
    if not texts:
        return fallback
    return texts.get(lang) or texts["en"]


def preset_name(preset: str, lang: str = "en") -> str:
    """The preset's short name in ``lang`` (English for a language without a text)."""
    found = PRESET_TEXTS.get(preset)
    return _text(found.names if found else None, lang, preset)


def preset_description(preset: str, lang: str = "en") -> str:
    """What the preset plays, in one or two sentences, in ``lang``."""
    found = PRESET_TEXTS.get(preset)
    return _text(found.descriptions if found else None, lang, preset)


def presets_json() -> dict[str, dict[str, dict[str, str]]]:
    """Every preset's names and descriptions by language, as the web app sends them."""
    return {
        preset: {"names": dict(text.names), "descriptions": dict(text.descriptions)}
        for preset, text in PRESET_TEXTS.items()
    }
