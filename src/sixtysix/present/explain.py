"""An explanation in words: the facts of :mod:`sixtysix.ai.explain` as one or two sentences (en, de, fr).

The first sentence compares the two actions by the share of the sampled deals each
wins (or, where they win as often, by their game points); the second gives the
reasons, joined by a semicolon. Every number in them is a field of a fact: nothing is
added here but words. :func:`advice` is the one call for a front end or a puzzle.

>>> import textwrap
>>> from sixtysix.ai.explain import Explanation, LastTrick, PointsNeeded, WinShare
>>> from sixtysix.core.actions import Action
>>> a, k = Action.parse("Ad"), Action.parse("Kd")
>>> facts = (WinShare(a, 35, 40, 0.9), WinShare(k, 20, 40, 0.1), LastTrick(5, 12), PointsNeeded(51, 15))
>>> explanation = Explanation(1, a, k, facts)
>>> print(textwrap.fill(explanation_text(explanation, symbols=False), 100))
Better Ad than Kd: Ad wins in 35 of 40 deals consistent with what you have seen, Kd in 20. Ad takes
the last trick and its 10 points in 5 of 12 deals played on, Kd loses it; you need 15 more points.
>>> print(textwrap.fill(explanation_text(explanation, "de"), 100))
Besser A♦ als K♦: A♦ gewinnt in 35 von 40 Spielen, die zu dem passen, was du gesehen hast, K♦ in
20. A♦ macht in 5 von 12 weitergespielten Spielen den letzten Stich und seine 10 Punkte, K♦ verliert
ihn; dir fehlen noch 15 Punkte.
"""

from __future__ import annotations

from sixtysix.ai.analysis import HINT_BUDGET, Analysis, Annotation, Budget, analyze, analyze_record
from sixtysix.ai.explain import (
    AtLeastAsGood,
    CanClaim,
    ClaimAfter,
    ClosedScore,
    CloseNow,
    Declare,
    Exchange,
    Explanation,
    Fact,
    FalseClaim,
    Forfeit,
    HisMarriage,
    LastTrick,
    OpponentVoid,
    OwnMarriage,
    PointsNeeded,
    TakenBy,
    TopCards,
    TrumpHeld,
    WinShare,
    explain,
)
from sixtysix.core.actions import (
    CLAIM,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    PASS,
    Action,
    marriage_suit,
)
from sixtysix.core.cards import Card, suit_of
from sixtysix.core.facts import marriage_value
from sixtysix.core.game import Deal
from sixtysix.core.match import Match
from sixtysix.core.record import Record
from sixtysix.core.view import PlayerView
from sixtysix.present import voice
from sixtysix.present.describe import card_label, decimal_text, value_text
from sixtysix.present.words import LANGUAGES, language, say, singular

ACTION_WORDS = {
    CLAIM: {"en": "claiming 66", "de": "66 ansagen", "fr": "annoncer 66"},
    CLOSE: {"en": "closing", "de": "Zudrehen", "fr": "fermer"},
    CLOSE_BEFORE_DRAW: {
        "en": "closing before the draw",
        "de": "Zudrehen vor dem Ziehen",
        "fr": "fermer avant la pioche",
    },
    DRAW: {"en": "drawing", "de": "Ziehen", "fr": "piocher"},
    EXCHANGE: {"en": "exchanging", "de": "Austauschen", "fr": "échanger"},
    PASS: {"en": "not exchanging", "de": "nicht Austauschen", "fr": "ne pas échanger"},
}

MARRIAGE_WORDS = {"en": "{points} in {suit}", "de": "{points} in {suit}", "fr": "{points} à {suit}"}

TEMPLATES: dict[str, dict[str, str]] = {
    "head": {
        "en": "Better {best} than {other}: {best} wins in {wins} of {worlds} deals consistent with what you have seen, "
        "{other} in {other_wins}.",
        "de": "Besser {best} als {other}: {best} gewinnt in {wins} von {worlds} Spielen, die zu dem passen, "
        "was du gesehen hast, {other} in {other_wins}.",
        "fr": "Mieux vaut {best} que {other} : {best} gagne dans {wins} des {worlds} donnes compatibles avec ce que "
        "vous avez vu, {other} dans {other_wins}.",
    },
    "head.points": {
        "en": "Better {best} than {other}: over {worlds} deals consistent with what you have seen {best} brings "
        "{points} game points a deal, {other} {other_points}.",
        "de": "Besser {best} als {other}: über {worlds} Spiele, die zu dem passen, was du gesehen hast, bringt "
        "{best} {points} Spielpunkte je Spiel, {other} {other_points}.",
        "fr": "Mieux vaut {best} que {other} : sur {worlds} donnes compatibles avec ce que vous avez vu, {best} "
        "rapporte {points} points de partie par donne, {other} {other_points}.",
    },
    "close": {
        "en": "{best} is about as good as {other}: {best} wins in {wins} of {worlds} deals consistent with what you "
        "have seen, {other} in {other_wins}.",
        "de": "{best} ist fast so gut wie {other}: {best} gewinnt in {wins} von {worlds} Spielen, die zu dem "
        "passen, was du gesehen hast, {other} in {other_wins}.",
        "fr": "{best} vaut presque {other} : {best} gagne dans {wins} des {worlds} donnes compatibles avec "
        "ce que vous avez vu, {other} dans {other_wins}.",
    },
    "close.points": {
        "en": "{best} is about as good as {other}: over {worlds} deals consistent with what you have seen {best} "
        "brings {points} game points a deal, {other} {other_points}.",
        "de": "{best} ist fast so gut wie {other}: über {worlds} Spiele, die zu dem passen, was du gesehen hast, "
        "bringt {best} {points} Spielpunkte je Spiel, {other} {other_points}.",
        "fr": "{best} vaut presque {other} : sur {worlds} donnes compatibles avec ce que vous avez vu, {best} "
        "rapporte {points} points de partie par donne, {other} {other_points}.",
    },
    "every": {
        "en": "In every one of the {worlds} deals consistent with what you have seen, {best} does at least as well "
        "as {other}: {best} wins in {wins} of them, {other} in {other_wins}; on average {best} brings {points} "
        "game points a deal, {other} {other_points}.",
        "de": "In jedem der {worlds} Spiele, die zu dem passen, was du gesehen hast, ist {best} mindestens so gut "
        "wie {other}: {best} gewinnt in {wins} davon, {other} in {other_wins}; im Schnitt bringt {best} "
        "{points} Spielpunkte je Spiel, {other} {other_points}.",
        "fr": "Dans chacune des {worlds} donnes compatibles avec ce que vous avez vu, {best} fait au moins aussi "
        "bien que {other} : {best} gagne dans {wins} d'entre elles, {other} dans {other_wins} ; en moyenne "
        "{best} rapporte {points} points de partie par donne, {other} {other_points}.",
    },
    "most": {
        "en": "{best} does at least as well as {other} in {count} of the {worlds} deals consistent with what you "
        "have seen: {best} wins in {wins} of them, {other} in {other_wins}; on average {best} brings {points} "
        "game points a deal, {other} {other_points}.",
        "de": "{best} ist in {count} der {worlds} Spiele, die zu dem passen, was du gesehen hast, mindestens so "
        "gut wie {other}: {best} gewinnt in {wins} davon, {other} in {other_wins}; im Schnitt bringt {best} "
        "{points} Spielpunkte je Spiel, {other} {other_points}.",
        "fr": "{best} fait au moins aussi bien que {other} dans {count} des {worlds} donnes compatibles avec ce "
        "que vous avez vu : {best} gagne dans {wins} d'entre elles, {other} dans {other_wins} ; en moyenne "
        "{best} rapporte {points} points de partie par donne, {other} {other_points}.",
    },
    "exact": {
        "en": "Every card is known: {best} brings {points} game points, {other} {other_points}.",
        "de": "Alle Karten sind bekannt: {best} bringt {points} Spielpunkte, {other} {other_points}.",
        "fr": "Toutes les cartes sont connues : {best} rapporte {points} points de partie, {other} {other_points}.",
    },
    "exact.close": {
        "en": "Every card is known: {best} and {other} both bring {points} game points.",
        "de": "Alle Karten sind bekannt: {best} und {other} bringen beide {points} Spielpunkte.",
        "fr": "Toutes les cartes sont connues : {best} et {other} rapportent tous deux {points} points de partie.",
    },
    "alone": {"en": "Best: {best}.", "de": "Am besten: {best}.", "fr": "Le meilleur : {best}."},
    "CanClaim": {
        "en": "you have {points} points: claim now",
        "de": "du hast {points} Punkte: sag jetzt an",
        "fr": "vous avez {points} points : annoncez maintenant",
    },
    "FalseClaim": {
        "en": "a claim needs 66 counted points and you have {points}",
        "de": "eine Ansage braucht 66 gezählte Punkte, du hast {points}",
        "fr": "une annonce exige 66 points comptés, vous en avez {points}",
    },
    "FalseClaim.pending": {
        "en": " (your {pending} marriage points count only once you win a trick)",
        "de": " (deine {pending} Meldepunkte zählen erst mit deinem ersten Stich)",
        "fr": " (vos {pending} points de mariage ne comptent qu'après votre premier pli)",
    },
    "PointsNeeded": {
        "en": "you need {needed} more points",
        "de": "dir fehlen noch {needed} Punkte",
        "fr": "il vous manque {needed} points",
    },
    "Declare": {
        "en": "declaring {marriage} scores {points} points now",
        "de": "{marriage} zu melden bringt jetzt {points} Punkte",
        "fr": "déclarer {marriage} rapporte {points} points maintenant",
    },
    "Declare.breaks": {
        "en": ", and {other} would split the pair",
        "de": ", und {other} würde das Paar trennen",
        "fr": ", et {other} séparerait le mariage",
    },
    "Forfeit": {
        "en": "closing would forfeit {marriage}, which you can declare now ({points} points): no marriages once "
        "the talon is closed",
        "de": "Zudrehen verschenkt {marriage}, das du jetzt melden kannst ({points} Punkte): nach dem Zudrehen "
        "wird nicht mehr gemeldet",
        "fr": "fermer ferait perdre {marriage}, que vous pouvez déclarer maintenant ({points} points) : plus de "
        "mariage une fois le talon fermé",
    },
    "Exchange": {
        "en": "the exchange gives you the {card} for the {nine}",
        "de": "der Austausch bringt dir {card} für {nine}",
        "fr": "l'échange vous donne le {card} contre le {nine}",
    },
    "TopCards": {
        "en": "your {cards} {are} the highest {suit} left",
        "de": "{your} {cards} {are} das höchste {suit}, das noch im Spiel ist",
        "fr": "votre {cards} {are} le plus haut {suit} qui reste",
    },
    "TopCards.out": {
        "en": "{out} {are_out} out: ",
        "de": "{out} {are_out} gefallen: ",
        "fr": "{out} {are_out} tombé : ",
    },
    "OpponentVoid": {
        "en": "he holds no {suit}: he did not follow {suit} in trick {trick}",
        "de": "er hat kein {suit}: er hat {suit} im {trick}. Stich nicht bedient",
        "fr": "il n'a plus de {suit} : il n'a pas fourni {suit} à la levée {trick}",
    },
    "HisMarriage.shown": {
        "en": ": he is known to hold the {card}",
        "de": ": er hat bekanntlich {card}",
        "fr": " : on sait qu'il a le {card}",
    },
    "TrumpHeld": {
        "en": "with {talon} cards left in the talon he holds a trump in {held} of {worlds} deals",
        "de": "bei {talon} Karten im Talon hat er in {held} von {worlds} Spielen ein Atout",
        "fr": "avec {talon} cartes au talon il tient un atout dans {held} donnes sur {worlds}",
    },
    "CloseNow": {
        "en": "you need {needed} more points",
        "de": "dir fehlen noch {needed} Punkte",
        "fr": "il vous manque {needed} points",
    },
    "CloseNow.top": {
        "en": " and hold {cards}, the highest cards left",
        "de": " und du hältst {cards}, die höchsten Karten im Spiel",
        "fr": " et vous tenez {cards}, les plus hautes cartes restantes",
    },
    "ClosedScore": {
        "en": "he has {points} points and {tricks}: if you close now and reach 66, he is scored as he stands, "
        "{game_points} game points (R-CLOSE-6)",
        "de": "er hat {points} Punkte und {tricks}: drehst du jetzt zu und kommst auf 66, zählt er, wie er jetzt "
        "steht: {game_points} Spielpunkte (R-CLOSE-6)",
        "fr": "il a {points} points et {tricks} : si vous fermez maintenant et faites 66, il est compté tel "
        "qu'il est, {game_points} points de partie (R-CLOSE-6)",
    },
    "LastTrick": {
        "en": "{best} takes the last trick and its 10 points{share}, {other} loses it",
        "de": "{best} macht{share} den letzten Stich und seine 10 Punkte, {other} verliert ihn",
        "fr": "{best} remporte la dernière levée et ses 10 points{share}, {other} la perd",
    },
    "HisMarriage": {
        "en": "after {other} he declares {marriage}{share}",
        "de": "nach {other} meldet er{share} {marriage}",
        "fr": "après {other} il déclare {marriage}{share}",
    },
    "OwnMarriage": {
        "en": "{best} lets you declare {marriage}{share}, {other} does not",
        "de": "mit {best} meldest du{share} {marriage}, mit {other} nicht",
        "fr": "{best} vous permet de déclarer {marriage}{share}, {other} non",
    },
    "TakenBy": {
        "en": "his {by} takes your {card}{share}, while {best} would win the trick",
        "de": "sein {by} schlägt dein {card}{share}, während {best} den Stich machen würde",
        "fr": "son {by} prend votre {card}{share}, alors que {best} ferait la levée",
    },
    "TakenBy.later": {
        "en": "after {other} his {by} takes your {card}{share}",
        "de": "nach {other} schlägt sein {by} dein {card}{share}",
        "fr": "après {other} son {by} prend votre {card}{share}",
    },
    "ClaimAfter": {
        "en": "the {card} takes the trick and brings you to 66{share}",
        "de": "{card} macht den Stich und bringt dich{share} auf 66",
        "fr": "le {card} fait la levée et vous mène à 66{share}",
    },
    "share": {
        "en": " in {count} of {worlds} deals played on",
        "de": " in {count} von {worlds} weitergespielten Spielen",
        "fr": " dans {count} des {worlds} donnes jouées",
    },
}
"""Every sentence part, by name (a fact's class name, or ``head``/``alone``) and language."""

COUNTED = {"tricks": {"en": ("trick", "tricks"), "de": ("Stich", "Stiche"), "fr": ("pli", "plis")}}
"""Words counted with a number: singular for one (French: below two)."""

PLURAL = {
    "are": {"en": ("is", "are"), "de": ("ist", "sind"), "fr": ("est", "sont")},
    "are_out": {"en": ("is", "are"), "de": ("ist", "sind"), "fr": ("est", "sont")},
    "your": {"en": ("your", "your"), "de": ("dein", "deine"), "fr": ("votre", "votre")},
}

CLEAR_WINS = 0.05
"""The first sentence compares the win counts when the best action wins in this share of the deals more, else
the game points a deal (closing may win as often as playing on, but more game points)."""


def action_text(action: Action, lang: str = "en", symbols: bool = True) -> str:
    """An action in words of ``lang``: a card by its label, a marriage as ``20 in hearts``, others as ``closing``.

    >>> action_text(Action.parse("C"), "de"), action_text(Action.parse("40h"), "fr"), action_text(Action.parse("Ah"))
    ('Zudrehen', '40 à cœur', 'A♥')
    """
    if action.is_card():
        return card_label(action, symbols, lang)
    if action.is_marriage():
        return marriage_text(action, lang)
    return ACTION_WORDS[int(action)][lang]


def marriage_text(action: Action, lang: str = "en") -> str:
    """A marriage as ``20 in hearts`` (``20 in Herz``, ``20 à cœur``)."""
    suit = voice.suit_name(marriage_suit(action), lang)
    return MARRIAGE_WORDS[lang].format(points=marriage_value(action), suit=suit)


def explanation_text(explanation: Explanation, lang: str = "en", symbols: bool = True) -> str:
    """The explanation in one or two sentences (``lang``: ``en``, ``de`` or ``fr``; unknown: English)."""
    lang = language(lang)
    render = _Renderer(explanation, lang, symbols)
    facts = explanation.facts
    shares = [f for f in facts if isinstance(f, WinShare)]
    every = next((f for f in facts if isinstance(f, AtLeastAsGood)), None)
    reasons = [render.fact(f) for f in facts if not isinstance(f, WinShare | AtLeastAsGood)]
    if explanation.other is None or len(shares) < 2:
        head = render.template("alone", best=render.action(explanation.best))
    else:
        best, other = shares
        name = _head(explanation, best, other) if every is None else "every" if every.count == every.worlds else "most"
        head = render.template(
            name,
            best=render.action(best.action),
            other=render.action(other.action),
            wins=str(best.wins),
            worlds=str(best.worlds),
            other_wins=str(other.wins),
            points=decimal_text(best.points, lang, sign=True),
            other_points=decimal_text(other.points, lang, sign=True),
            count=str(every.count if every is not None else best.worlds),
        )
    head = _capital(head)
    if not reasons:
        return head
    separator = " ; " if lang == "fr" else "; "  # French sets a space before the semicolon
    return f"{head} {_capital(separator.join(reasons))}."


def _other_card(explanation: Explanation) -> Action | None:
    """The other action, if it is a card (a trick it loses is named without "after")."""
    other = explanation.other
    return other if other is not None and other.is_card() else None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _head(explanation: Explanation, best: WinShare, other: WinShare) -> str:
    """The first sentence's form: every card known (one world), too close to tell, by wins, or by game points."""
    if best.worlds == 1:
        return "exact.close" if best.points == other.points else "exact"
    by_wins = best.wins - other.wins >= max(1.0, CLEAR_WINS * best.worlds)
    if explanation.close:
        return "close" if by_wins else "close.points"
    return "head" if by_wins else "head.points"


class _Renderer:
    """The words of one explanation in one language."""

    def __init__(self, explanation: Explanation, lang: str, symbols: bool) -> None:
        self.explanation = explanation
        self.lang = lang
        self.symbols = symbols

    def template(self, name: str, **values: str) -> str:
        return TEMPLATES[name][self.lang].format(**values)

    def card(self, card: Card) -> str:
        return card_label(card, self.symbols, self.lang)

    def cards(self, cards: tuple[Card, ...]) -> str:
        return " ".join(self.card(c) for c in cards)

    def action(self, action: Action) -> str:
        """A card by its label, a marriage as ``20 in hearts``, other actions in words."""
        return action_text(action, self.lang, self.symbols)

    def marriage(self, action: Action) -> str:
        return marriage_text(action, self.lang)

    def _suit(self, suit: int, count: int) -> str:
        """A suit's name, in English singular for one card (``the highest club left``)."""
        name = voice.suit_name(suit, self.lang)
        return name[:-1] if self.lang == "en" and count == 1 else name

    def plural(self, word: str, count: int) -> str:
        return PLURAL[word][self.lang][count > 1]

    def counted(self, word: str, count: int) -> str:
        """``1 trick``, ``2 Stiche``, ``0 pli``."""
        return f"{count} {COUNTED[word][self.lang][0 if singular(count, self.lang) else 1]}"

    def fact(self, fact: Fact) -> str:
        """One reason as a clause (no capital, no full stop)."""
        explanation = self.explanation
        best = self.action(explanation.best)
        other = self.action(explanation.other) if explanation.other is not None else ""
        name = type(fact).__name__
        if isinstance(fact, CanClaim):
            return self.template(name, points=str(fact.points))
        if isinstance(fact, FalseClaim):
            pending = self.template("FalseClaim.pending", pending=str(fact.pending)) if fact.pending else ""
            return self.template(name, points=str(fact.points)) + pending
        if isinstance(fact, PointsNeeded):
            return self.template(name, needed=str(fact.needed))
        if isinstance(fact, Declare):
            breaks = self.template("Declare.breaks", other=other) if fact.breaks else ""
            return self.template(name, marriage=self.marriage(fact.marriage), points=str(fact.points)) + breaks
        if isinstance(fact, Forfeit):
            return self.template(name, marriage=self.marriage(fact.marriage), points=str(fact.points))
        if isinstance(fact, Exchange):
            return self.template(name, card=self.card(fact.card), nine=self.card(fact.nine))
        if isinstance(fact, TopCards):
            return self._top_cards(fact)
        if isinstance(fact, OpponentVoid):
            return self.template(name, suit=voice.suit_name(fact.suit, self.lang), trick=str(fact.trick))
        if isinstance(fact, TrumpHeld):
            return self.template(name, talon=str(fact.talon), held=str(fact.held), worlds=str(fact.worlds))
        if isinstance(fact, ClosedScore):
            counts = {
                "points": str(fact.points),
                "tricks": self.counted("tricks", fact.tricks),
                "game_points": str(fact.game_points),
            }
            return self.template(name, **counts)
        if isinstance(fact, CloseNow):
            top = self.template("CloseNow.top", cards=self.cards(fact.top)) if fact.top else ""
            return self.template(name, needed=str(fact.needed)) + top
        return self._line_fact(fact, best, other)

    def _line_fact(self, fact: Fact, best: str, other: str) -> str:
        """A fact of the compared lines; ``in 5 of 12 deals played on`` unless every card is known (one deal)."""
        name = type(fact).__name__
        count, worlds = int(getattr(fact, "count", 0)), int(getattr(fact, "worlds", 0))
        share = "" if worlds == 1 else self.template("share", count=str(count), worlds=str(worlds))
        if isinstance(fact, LastTrick):
            return self.template(name, best=best, other=other, share=share)
        if isinstance(fact, HisMarriage | OwnMarriage):
            text = self.template(name, best=best, other=other, marriage=self.marriage(fact.marriage), share=share)
            shown = getattr(fact, "shown", None)
            return text + (self.template("HisMarriage.shown", card=self.card(shown)) if shown is not None else "")
        if isinstance(fact, TakenBy):
            form = name if fact.card == _other_card(self.explanation) else "TakenBy.later"
            return self.template(
                form, card=self.card(fact.card), by=self.card(fact.by), best=best, other=other, share=share
            )
        if isinstance(fact, ClaimAfter):
            return self.template(name, card=self.card(fact.card), share=share)
        raise TypeError(f"no words for {name}")

    def _top_cards(self, fact: TopCards) -> str:
        suit_words = {"en": ("trump", "trumps"), "de": ("Atout", "Atouts"), "fr": ("atout", "atouts")}
        count = len(fact.cards)
        suit = suit_words[self.lang][count > 1] if fact.trumps else self._suit(suit_of(fact.cards[0]), count)
        text = self.template(
            "TopCards",
            cards=self.cards(fact.cards),
            are=self.plural("are", count),
            your=self.plural("your", count),
            suit=suit,
        )
        if not fact.out:
            return text
        out = self.template("TopCards.out", out=self.cards(fact.out), are_out=self.plural("are_out", len(fact.out)))
        return out + text


# -- entry points for the front ends ----------------------------------------------------------


def advice(
    view: PlayerView,
    played: Action | None = None,
    lang: str = "en",
    symbols: bool = True,
    analysis: Analysis | None = None,
) -> str:
    """Why the best action of ``view``'s decision is better than ``played`` (or, without it, the runner-up), in words.

    The one call for a front end or a puzzle: ``analysis`` is the decision's analysis if one
    was made (with ``played`` as its played action, if any), else a hint's is made here
    (:func:`sixtysix.ai.analysis.hint`, half a CPU second; with ``played``, judged as the one played).
    """
    if analysis is None:
        analysis = analyze(view, HINT_BUDGET, played=played)
    return explanation_text(explain(view, analysis, played=played), lang, symbols)


def explanations(view: PlayerView, analysis: Analysis, played: Action | None = None) -> dict[str, str]:
    """:func:`advice` in every language, by language (what the web app sends: the page picks its language)."""
    explanation = explain(view, analysis, played=played)
    return {lang: explanation_text(explanation, lang) for lang in LANGUAGES}


def annotation_why(note: Annotation, lang: str = "en", symbols: bool = False) -> str:
    """The explanation of one analysed decision of a record (for ``sixtysix analyze``'s ``#   why:`` comments)."""
    if note.view is None:
        raise ValueError("the annotation has no view to explain it from")
    return advice(note.view, note.action, lang, symbols, note.analysis)


def deal_review(deal: Deal, seat: int, budget: Budget, lang: str = "en", symbols: bool = True) -> list[str]:
    """One line per inaccuracy, mistake or blunder of ``seat`` in the finished two-player ``deal``, each with why.

    Every decision of the seat with a choice is analysed with ``budget``
    (:func:`sixtysix.ai.analysis.analyze_record`): ``K♥ ? mistake (-0.47): Better A♥ than K♥: …``.
    """
    match = Match(deal.rules, deal.dealer)
    replayed = match.new_deal(deal.deck, dealer=deal.dealer)
    for who, action in deal.history:
        replayed.apply(action, who)
    lines = []
    for note in analyze_record(Record.from_match(match), (seat,), budget):
        fault = note.classification
        if fault is not None:
            played = card_label(note.action, symbols, lang) if note.action.is_card() else str(note.action)
            why = annotation_why(note, lang, symbols)
            word = say(f"tui.verdict.{fault.value}", lang)
            lines.append(f"{played} {fault.symbol} {word} ({value_text(-note.loss, lang=lang)}): {why}")
    return lines
