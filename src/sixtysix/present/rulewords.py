"""The words of the rule book in English, German and French: headings, option names, the text around them.

The rule book's text (:mod:`sixtysix.present.rulebook`) is English; these are the words a
game's rules show in the reader's language.

>>> option_label("tie_rule", "de"), option_label("tie_rule", "xx")
('Gleichstand', 'A tie')
>>> word("title", "fr", name="Schnapsen")
'Les règles du 66 : Schnapsen'
"""

from __future__ import annotations

HEADINGS: dict[str, dict[str, str]] = {
    "": {"de": "Die Regeln von 66", "fr": "Les règles du 66"},
    "1": {"de": "Über dieses Buch", "fr": "À propos de ce livre"},
    "1.1": {"de": "Begriffe", "fr": "Vocabulaire"},
    "1.2": {"de": "Wie man es liest", "fr": "Comment le lire"},
    "2": {"de": "66 zu zweit", "fr": "Le 66 à deux"},
    "2.1": {"de": "Karten und Werte", "fr": "Cartes et valeurs"},
    "2.2": {"de": "Das Geben", "fr": "La donne"},
    "2.3": {"de": "Stiche bei offenem Talon", "fr": "Les levées tant que le talon est ouvert"},
    "2.4": {"de": "Ziehen", "fr": "La pioche"},
    "2.5": {"de": "Der Austausch des Atout-Neuners", "fr": "L'échange du neuf d'atout"},
    "2.6": {"de": "Melden (Paare)", "fr": "Les mariages"},
    "2.7": {"de": "Zweite Phase: Farb- und Stichzwang", "fr": "Deuxième phase : les règles strictes"},
    "2.8": {"de": "Der letzte Stich", "fr": "La dernière levée"},
    "2.9": {"de": "Zudrehen", "fr": "La clôture du talon"},
    "2.10": {"de": "66 ansagen", "fr": "Annoncer 66"},
    "2.11": {"de": "Die Wertung: Schneider, Schwarz, Gleichstand", "fr": "Le décompte : schneider, schwarz, égalité"},
    "2.12": {"de": "Die Partie", "fr": "La manche"},
    "2.13": {"de": "Der Ablauf eines Zuges", "fr": "L'ordre d'un tour"},
    "3": {"de": "Optionen: die offenen Fragen", "fr": "Options : les questions ouvertes"},
    "3.1": {"de": "Die Optionen und die Voreinstellungen", "fr": "Les options et les variantes"},
    "3.2": {"de": "Kartenspiel, Tisch und Anzeige", "fr": "Le jeu de cartes, la table et l'affichage"},
    "4": {"de": "Schnapsen", "fr": "Le Schnapsen"},
    "4.1": {"de": "Was Schnapsen von 66 unterscheidet", "fr": "Ce qui distingue le Schnapsen du 66"},
    "4.2": {"de": "Weiches Schnapsen", "fr": "Le Schnapsen « doux »"},
    "4.3": {"de": "Die Bot-Plattform der VU Amsterdam", "fr": "La plateforme de bots de la VU Amsterdam"},
    "5": {"de": "Zu dritt und zu viert", "fr": "À trois et à quatre"},
    "5.1": {"de": "66 zu dritt", "fr": "Le 66 à trois"},
    "5.2": {"de": "66 zu viert mit Partnern", "fr": "Le 66 à quatre en équipes"},
    "6": {"de": "Beispiele", "fr": "Exemples"},
    "6.1": {"de": "Karten, Geben, Stiche", "fr": "Cartes, donne, levées"},
    "6.2": {"de": "Zweite Phase", "fr": "Deuxième phase"},
    "6.3": {"de": "Melden", "fr": "Mariages"},
    "6.4": {"de": "Austauschen", "fr": "L'échange"},
    "6.5": {"de": "Zudrehen", "fr": "La clôture"},
    "6.6": {"de": "Ansagen und Spielende", "fr": "Annonces et fin de donne"},
    "6.7": {"de": "Partie und Geben", "fr": "La manche et la donne"},
    "6.8": {"de": "Schnapsen", "fr": "Le Schnapsen"},
    "6.9": {"de": "Zu dritt und zu viert", "fr": "À trois et à quatre"},
}
"""German and French headings of the rule book, by section number (``""`` is the title)."""

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
    "title": {"en": "The rules of 66: {name}", "de": "Die Regeln von 66: {name}", "fr": "Les règles du 66 : {name}"},
    "options": {
        "en": "The options of this game",
        "de": "Die Optionen dieses Spiels",
        "fr": "Les options de cette partie",
    },
    "option": {"en": "option", "de": "Option", "fr": "option"},
    "value": {"en": "value", "de": "Wert", "fr": "valeur"},
    "default": {"en": "default", "de": "Standard", "fr": "par défaut"},
    "words": {"en": "in words", "de": "Bezeichnung", "fr": "intitulé"},
    "legend": {
        "en": "* differs from the default game (seed66); + set for this game, differs from the preset {preset}.",
        "de": "* weicht vom Standardspiel (seed66) ab; + für dieses Spiel gesetzt, weicht von der Voreinstellung "
        "{preset} ab.",
        "fr": "* diffère du jeu par défaut (seed66) ; + choisi pour cette partie, diffère de la variante {preset}.",
    },
    "english": {
        "en": "",
        "de": "Der Regeltext liegt nur auf Englisch vor; übersetzt sind die Überschriften, die Namen der Optionen "
        "und die Beschreibung des Spiels.",
        "fr": "Le texte des règles n'existe qu'en anglais ; les titres, les noms des options et la description du "
        "jeu sont traduits.",
    },
}
"""The words of a game's rules around the book's text."""


def word(key: str, lang: str, **values: str) -> str:
    """One of :data:`WORDS` in ``lang`` (English when the language has none)."""
    texts = WORDS[key]
    return (texts.get(lang) or texts["en"]).format(**values)


def option_label(name: str, lang: str = "en") -> str:
    """The option's name in words.

    >>> option_label("tie_rule", "de")
    'Gleichstand'
    """
    labels = OPTION_LABELS.get(name, {})
    return labels.get(lang) or labels.get("en") or name
