"""The words of the rule book in English, German and French: option names and values, the text around them.

The rule book's text is written once in each language (``rulebook.md``, ``rulebook.de.md``,
``rulebook.fr.md``, read by :mod:`sixtysix.present.rulebook`); these are the words a game's
rules put in place of the code's names, so that no player reads an internal option name.

>>> option_label("tie_rule", "de"), option_label("tie_rule", "xx")
('Gleichstand', 'A tie')
>>> value_words("nine_exchange_rule", "leader_any", "fr")
'celui qui entame, même sans pli'
>>> value_words("close_allowed", True, "de"), value_words("deck", 20, "fr")
('ja', '20')
>>> word("title", "fr", name="Schnapsen")
'Les règles du 66\u00a0: Schnapsen'
"""

from __future__ import annotations

OPTION_LABELS: dict[str, dict[str, str]] = {
    "players": {"en": "Players", "de": "Spieler", "fr": "Joueurs"},
    "deck": {"en": "Cards in the pack", "de": "Karten im Spiel", "fr": "Cartes du jeu"},
    "hand_size": {"en": "Cards in a hand", "de": "Karten auf der Hand", "fr": "Cartes en main"},
    "nine_points": {"en": "Points of a nine", "de": "Punkte eines Neuners", "fr": "Points d'un neuf"},
    "exchange_rank": {"en": "Card of the exchange", "de": "Austauschkarte", "fr": "Carte d'échange"},
    "nine_exchange_rule": {"en": "Who may exchange", "de": "Wer austauschen darf", "fr": "Qui peut échanger"},
    "first_lead_exchange": {
        "en": "Exchange on the first lead",
        "de": "Austauschen beim ersten Ausspiel",
        "fr": "Échange à la première entame",
    },
    "exchange_on_close": {
        "en": "Exchange at the close",
        "de": "Austauschen beim Zudrehen",
        "fr": "Échange à la clôture",
    },
    "exchange_min_talon": {
        "en": "Smallest talon for an exchange",
        "de": "Kleinster Talon zum Austauschen",
        "fr": "Talon minimal pour l'échange",
    },
    "first_lead_marriage": {
        "en": "Marriage on the first lead",
        "de": "Melden beim ersten Ausspiel",
        "fr": "Mariage à la première entame",
    },
    "marriage_in_phase2": {
        "en": "Marriages in phase two",
        "de": "Melden in der zweiten Phase",
        "fr": "Mariages en deuxième phase",
    },
    "marriage_credit": {"en": "When a marriage counts", "de": "Wann ein Paar zählt", "fr": "Quand un mariage compte"},
    "marriage_claim_without_lead": {
        "en": "Claim after a marriage without leading",
        "de": "Nach dem Melden ansagen ohne auszuspielen",
        "fr": "Annoncer après un mariage sans jouer",
    },
    "marriage_lead_card": {
        "en": "Card led with a marriage",
        "de": "Ausgespielte Karte beim Melden",
        "fr": "Carte jouée avec un mariage",
    },
    "close_allowed": {"en": "Closing allowed", "de": "Zudrehen erlaubt", "fr": "Clôture permise"},
    "first_lead_close": {
        "en": "Close on the first lead",
        "de": "Zudrehen beim ersten Ausspiel",
        "fr": "Clôture à la première entame",
    },
    "close_before_draw": {
        "en": "Close before the draw",
        "de": "Zudrehen vor dem Ziehen",
        "fr": "Clôture avant la pioche",
    },
    "close_min_talon": {
        "en": "Smallest talon for a close",
        "de": "Kleinster Talon zum Zudrehen",
        "fr": "Talon minimal pour la clôture",
    },
    "closer_win_basis": {
        "en": "The closer's win is measured",
        "de": "Wertung eines gelungenen Zudrehens",
        "fr": "Mesure du gain de celui qui clôt",
    },
    "failed_close_points": {
        "en": "Points of a failed close",
        "de": "Punkte bei misslungenem Zudrehen",
        "fr": "Points d'une clôture manquée",
    },
    "beaten_closer_points": {
        "en": "Points against a beaten closer",
        "de": "Punkte gegen einen überholten Zudreher",
        "fr": "Points contre celui qui a clos et se fait devancer",
    },
    "closer_false_claim": {
        "en": "The closer's wrong claim",
        "de": "Falsche Ansage des Zudrehers",
        "fr": "Fausse annonce de celui qui a clos",
    },
    "false_claim_points": {
        "en": "Points of a wrong claim",
        "de": "Punkte bei falscher Ansage",
        "fr": "Points d'une fausse annonce",
    },
    "auto_claim": {"en": "Claim automatically", "de": "Automatisch ansagen", "fr": "Annonce automatique"},
    "strict_claims": {
        "en": "A closer must claim",
        "de": "Der Zudreher muss ansagen",
        "fr": "Celui qui clôt doit annoncer",
    },
    "must_head_trick": {"en": "Must head the trick", "de": "Stichzwang", "fr": "Obligation de monter"},
    "must_trump_when_void": {"en": "Must trump when void", "de": "Trumpfzwang", "fr": "Obligation de couper"},
    "last_trick_rule": {"en": "The last trick", "de": "Der letzte Stich", "fr": "La dernière levée"},
    "tie_rule": {"en": "A tie", "de": "Gleichstand", "fr": "Égalité"},
    "next_dealer": {"en": "Who deals next", "de": "Wer als Nächster gibt", "fr": "Qui donne ensuite"},
    "match_target": {"en": "Game points to win", "de": "Punkte zum Sieg", "fr": "Points pour gagner"},
    "may_review_tricks": {"en": "Looking at tricks", "de": "Stiche ansehen", "fr": "Regarder les levées"},
    "closed_deal_double": {
        "en": "A closed deal counts double",
        "de": "Zugedrehtes Spiel zählt doppelt",
        "fr": "Donne close comptée double",
    },
    "three_player_form": {"en": "Three-handed form", "de": "Form zu dritt", "fr": "Forme à trois"},
    "three_player_play_for_loser": {
        "en": "Play on for the loser",
        "de": "Um den Verlierer weiterspielen",
        "fr": "Continuer pour désigner le perdant",
    },
    "four_player_undertrump_required": {
        "en": "Must trump under",
        "de": "Unterstechen ist Pflicht",
        "fr": "Obligation de sous-couper",
    },
    "four_player_marriages": {
        "en": "Marriages in the four-handed game",
        "de": "Melden zu viert",
        "fr": "Mariages à quatre",
    },
    "four_player_scale": {"en": "The four-handed scale", "de": "Wertung zu viert", "fr": "Barème à quatre"},
    "ten_of_trumps_bonus": {
        "en": "Bonus for the ten of trumps",
        "de": "Bonus für die Trumpf-Zehn",
        "fr": "Prime du dix d'atout",
    },
}
"""Every option of :data:`~sixtysix.core.rules.CHOICES` in words, by language."""

WORDS: dict[str, dict[str, str]] = {
    "title": {
        "en": "The rules of 66: {name}",
        "de": "Die Regeln von 66: {name}",
        "fr": "Les règles du 66\u00a0: {name}",
    },
    "options": {
        "en": "The options of this game",
        "de": "Die Optionen dieses Spiels",
        "fr": "Les options de cette partie",
    },
    "option": {"en": "option", "de": "Option", "fr": "option"},
    "values": {"en": "values", "de": "Werte", "fr": "valeurs"},
    "value": {"en": "value", "de": "Wert", "fr": "valeur"},
    "default": {"en": "default", "de": "Standard", "fr": "par défaut"},
    "presets": {"en": "The presets:", "de": "Die Voreinstellungen:", "fr": "Les variantes\u00a0:"},
    "legend": {
        "en": "* differs from the default game, {default}; + set for this game, differs from the preset, {preset}.",
        "de": "* weicht vom Standardspiel ab, {default}; + für dieses Spiel gesetzt, weicht von der Voreinstellung "
        "ab, {preset}.",
        "fr": "* diffère du jeu par défaut, {default}\u202f; + choisi pour cette partie, diffère de la variante, "
        "{preset}.",
    },
    "quoted": {"en": "\u201c{text}\u201d", "de": "\u201e{text}\u201c", "fr": "«\u00a0{text}\u00a0»"},
    "setting": {"en": "{label}: {value}", "de": "{label}: {value}", "fr": "{label}\u00a0: {value}"},
}
"""The words of a game's rules around the book's text (``quoted`` and ``setting`` name an option in a rule)."""

YES_NO: dict[bool, dict[str, str]] = {
    True: {"en": "yes", "de": "ja", "fr": "oui"},
    False: {"en": "no", "de": "nein", "fr": "non"},
}
"""A true or false option in words."""

_TWO_OR_THREE = {"en": "2, or 3 without a trick", "de": "2, oder 3 ohne Stich", "fr": "2, ou 3 sans pli"}
_ALWAYS_TWO = {"en": "always 2", "de": "immer 2", "fr": "toujours 2"}

VALUE_WORDS: dict[str, dict[str, dict[str, str]]] = {
    "exchange_rank": {
        "9": {"en": "the nine", "de": "der Neuner", "fr": "le neuf"},
        "J": {"en": "the jack", "de": "der Bube (Unter)", "fr": "le valet"},
    },
    "nine_exchange_rule": {
        "seed": {
            "en": "a player with a trick, after the draw",
            "de": "wer einen Stich hat, nach dem Ziehen",
            "fr": "un joueur qui a un pli, après la pioche",
        },
        "leader_with_trick": {
            "en": "the leader with a trick",
            "de": "der Ausspieler mit einem Stich",
            "fr": "celui qui entame, avec un pli",
        },
        "trick_anytime": {
            "en": "a player with a trick, at any time",
            "de": "wer einen Stich hat, jederzeit",
            "fr": "un joueur qui a un pli, à tout moment",
        },
        "leader_any": {
            "en": "the leader, no trick needed",
            "de": "der Ausspieler, auch ohne Stich",
            "fr": "celui qui entame, même sans pli",
        },
    },
    "marriage_credit": {
        "seed": {
            "en": "once its owner has a trick",
            "de": "sobald der Melder einen Stich hat",
            "fr": "dès que son auteur a un pli",
        },
        "next_trick_won": {
            "en": "with its owner's next trick",
            "de": "mit dem nächsten Stich des Melders",
            "fr": "avec le prochain pli de son auteur",
        },
    },
    "marriage_lead_card": {
        "either": {"en": "king or queen", "de": "König oder Dame", "fr": "le roi ou la dame"},
        "king": {"en": "the king", "de": "der König", "fr": "le roi"},
    },
    "closer_win_basis": {
        "at_close": {"en": "at the close", "de": "beim Zudrehen", "fr": "à la clôture"},
        "at_end": {"en": "at the end", "de": "am Ende", "fr": "à la fin"},
    },
    "failed_close_points": {
        "two_or_three": _TWO_OR_THREE,
        "hoyle1895": {
            "en": "3 without a trick, else 1 or 2 (Hoyle 1895)",
            "de": "3 ohne Stich, sonst 1 oder 2 (nach Hoyle 1895)",
            "fr": "3 sans pli, sinon 1 ou 2 (Hoyle 1895)",
        },
        "always_three": {"en": "always 3", "de": "immer 3", "fr": "toujours 3"},
    },
    "beaten_closer_points": {"two_or_three": _TWO_OR_THREE, "flat_two": _ALWAYS_TWO},
    "closer_false_claim": {
        "failed_close": {
            "en": "as a failed close",
            "de": "wie ein misslungenes Zudrehen",
            "fr": "comme une clôture manquée",
        },
        "false_claim": {"en": "as a wrong claim", "de": "wie eine falsche Ansage", "fr": "comme une fausse annonce"},
    },
    "false_claim_points": {"flat_two": _ALWAYS_TWO, "two_or_three": _TWO_OR_THREE},
    "last_trick_rule": {
        "ten_points": {"en": "10 points", "de": "10 Augen", "fr": "10 points"},
        "wins_deal_one_point": {
            "en": "wins the deal for 1 game point",
            "de": "gewinnt das Spiel mit 1 Punkt",
            "fr": "gagne la donne pour 1 point de partie",
        },
    },
    "tie_rule": {
        "carry_one": {
            "en": "1 point to the next deal's winner",
            "de": "1 Punkt an den Gewinner des nächsten Spiels",
            "fr": "1 point au gagnant de la donne suivante",
        },
        "void": {"en": "nothing carried", "de": "nichts wird übertragen", "fr": "rien n'est reporté"},
    },
    "next_dealer": {
        "alternate": {"en": "in turn", "de": "abwechselnd", "fr": "à tour de rôle"},
        "winner": {"en": "the winner", "de": "der Gewinner", "fr": "le gagnant"},
        "loser": {"en": "the loser", "de": "der Verlierer", "fr": "le perdant"},
    },
    "may_review_tricks": {
        "none": {"en": "never", "de": "nie", "fr": "jamais"},
        "own_only": {"en": "one's own tricks", "de": "die eigenen Stiche", "fr": "ses propres plis"},
        "own_and_first": {
            "en": "one's own tricks and the opponent's first",
            "de": "die eigenen Stiche und den ersten des Gegners",
            "fr": "ses plis et le premier pli de l'adversaire",
        },
    },
    "three_player_form": {
        "dealer_sits_out": {"en": "the dealer sits out", "de": "der Geber setzt aus", "fr": "le donneur ne joue pas"},
    },
    "four_player_scale": {
        "hundred": {"en": "2 with 100 points", "de": "2 mit 100 Augen", "fr": "2 avec 100 points"},
        "loser_under_33": {
            "en": "2 when the losers have under 33",
            "de": "2, wenn die Verlierer unter 33 haben",
            "fr": "2 quand les perdants ont moins de 33",
        },
    },
}
"""Every value of an option that is a word of the code (not a number, not true or false), in words."""


def word(key: str, lang: str, **values: str) -> str:
    """One of :data:`WORDS` in ``lang`` (English when the language has none)."""
    texts = WORDS[key]
    return (texts.get(lang) or texts["en"]).format(**values)


def value_words(name: str, value: object, lang: str = "en") -> str:
    """An option's value in words: ``yes``/``no``, a number as it is, a word of the code from :data:`VALUE_WORDS`.

    >>> value_words("tie_rule", "void", "de"), value_words("match_target", 7)
    ('nichts wird übertragen', '7')
    """
    texts = YES_NO[value] if isinstance(value, bool) else VALUE_WORDS.get(name, {}).get(str(value), {})
    return texts.get(lang) or texts.get("en") or str(value)


def setting_words(name: str, value: object, lang: str = "en") -> str:
    """An option and its value in words, as a rule names them.

    >>> setting_words("tie_rule", "void", "de")
    '„Gleichstand: nichts wird übertragen“'
    """
    setting = word("setting", lang, label=option_label(name, lang), value=value_words(name, value, lang))
    return word("quoted", lang, text=setting)


def option_label(name: str, lang: str = "en") -> str:
    """The option's name in words.

    >>> option_label("tie_rule", "de")
    'Gleichstand'
    """
    labels = OPTION_LABELS.get(name, {})
    return labels.get(lang) or labels.get("en") or name
