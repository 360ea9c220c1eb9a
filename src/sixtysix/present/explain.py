"""An explanation in words: the facts of :mod:`sixtysix.ai.explain` as one or two sentences (en, de, fr).

The first sentence compares the two actions: where every deal consistent with the player's
view was listed and solved (an exhaustive analysis) by how many of those distinct deals each
wins and how often the best does at least as well; where the deals were sampled, by the share
of the sampled deals each wins (the analysis's win chance, as its table shows it) or by their
game points, never as a count of possible deals. The second gives the reasons, joined by a
semicolon. Every number in them is a field of a fact: nothing is added here but words.
:func:`advice` is the one call for a front end or a puzzle.

>>> import textwrap
>>> from sixtysix.ai.explain import Explanation, LastTrick, PointsNeeded, WinShare
>>> from sixtysix.core.actions import Action
>>> a, k = Action.parse("Ad"), Action.parse("Kd")
>>> shares = (WinShare(a, 35, 40, 0.9, percent=88), WinShare(k, 20, 40, 0.1, percent=50))
>>> explanation = Explanation(1, a, k, (*shares, LastTrick(5, 12), PointsNeeded(51, 15)))
>>> print(textwrap.fill(explanation_text(explanation, symbols=False), 100))
Better Ad than Kd: Ad wins in about 88% of the sampled deals consistent with what you have seen, Kd
in about 50%. After Ad you take the last trick and its 10 points in 5 of 12 deals played on, after
Kd he does; you need 15 more points.
>>> print(textwrap.fill(explanation_text(explanation, "de"), 100))
Besser A♦ als K♦: A♦ gewinnt in rund 88 % der ausgelosten Kartenverteilungen, die zu dem passen, was
du gesehen hast, K♦ in rund 50 %. Nach A♦ machst du in 5 von 12 weitergespielten Spielen den letzten
Stich und seine 10 Punkte, nach K♦ er; dir fehlen noch 15 Punkte.
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
    TrickNow,
    TrumpHeld,
    Turns,
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
from sixtysix.present.describe import card_label, value_text
from sixtysix.present.words import LANGUAGES, language, say

ACTION_KEYS = {
    CLAIM: "explain.action.claim",
    CLOSE: "explain.action.close",
    CLOSE_BEFORE_DRAW: "explain.action.close_before_draw",
    DRAW: "explain.action.draw",
    EXCHANGE: "explain.action.exchange",
    PASS: "explain.action.pass",
}
"""The catalogue's words for the actions that are neither a card nor a marriage (``closing``)."""

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
    return say(ACTION_KEYS[int(action)], lang)


def marriage_text(action: Action, lang: str = "en") -> str:
    """A marriage as ``20 in hearts`` (``20 in Herz``, ``20 à cœur``)."""
    suit = voice.suit_name(marriage_suit(action), lang)
    return say("explain.marriage", lang, points=marriage_value(action), suit=suit)


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
            percent=str(best.percent),
            other_percent=str(other.percent),
            points=value_text(best.points, lang=lang),
            other_points=value_text(other.points, lang=lang),
            count=str(every.count if every is not None else best.worlds),
        )
    head = _capital(head)
    if not reasons:
        return head
    separator = "\u202f; " if lang == "fr" else "; "  # French sets a narrow no-break space before the semicolon
    return f"{head} {_capital(separator.join(reasons))}."


def _other_card(explanation: Explanation) -> Action | None:
    """The other action, if it is a card (a trick it loses is named without "after")."""
    other = explanation.other
    return other if other is not None and other.is_card() else None


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def _head(explanation: Explanation, best: WinShare, other: WinShare) -> str:
    """The first sentence's form: every card known (one world), too close to tell, by wins, or by game points.
    Sampled worlds are worded as shares of sampled deals (the analysis's win chances), never as a count of deals."""
    if best.exact and best.worlds == 1:
        return "exact.close" if value_text(best.points) == value_text(other.points) else "exact"
    by_wins = best.percent - other.percent >= max(1.0, 100 * CLEAR_WINS)
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
        return say(f"explain.{name}", self.lang, **values)

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
        """A word that agrees with ``count`` (``is``/``are``), or ``{n} WORD`` (``1 trick``, ``0 pli``)."""
        return say(f"explain.{word}", self.lang, n=count)

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
            form = name if fact.now else "Declare.pending"
            return self.template(form, marriage=self.marriage(fact.marriage), points=str(fact.points)) + breaks
        if isinstance(fact, Forfeit):
            return self.template(name, marriage=self.marriage(fact.marriage), points=str(fact.points))
        if isinstance(fact, Exchange):
            return self.template(name, card=self.card(fact.card), nine=self.card(fact.nine))
        if isinstance(fact, TopCards):
            return self._top_cards(fact)
        if isinstance(fact, OpponentVoid):
            return self.template(name, suit=voice.suit_name(fact.suit, self.lang), trick=str(fact.trick))
        if isinstance(fact, TrumpHeld):
            form = name if fact.exact else "TrumpHeld.sampled"
            counts = {"held": str(fact.held), "worlds": str(fact.worlds), "percent": str(fact.percent)}
            return self.template(form, talon=str(fact.talon), **counts)
        if isinstance(fact, ClosedScore):
            counts = {
                "points": str(fact.points),
                "tricks": self.plural("tricks", fact.tricks),
                "game_points": str(fact.game_points),
            }
            return self.template(name, **counts)
        if isinstance(fact, TrickNow):
            points = {"points": str(fact.points), "other_points": str(fact.other_points)}
            return self.template(f"{name}.{fact.form}", best=best, other=other, led=self.card(fact.led), **points)
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
            form = name if fact.bonus else "LastTrick.plain"
            return self.template(form, best=best, other=other, share=share, bonus=str(fact.bonus))
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
        if isinstance(fact, Turns):
            return self.template(name, best=best, other=other, share=share)
        raise TypeError(f"no words for {name}")

    def _top_cards(self, fact: TopCards) -> str:
        count = len(fact.cards)
        suit = self.plural("trumps", count) if fact.trumps else self._suit(suit_of(fact.cards[0]), count)
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
    (:func:`sixtysix.ai.analysis.hint`, 0.45 CPU seconds; with ``played``, judged as the one played).
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
