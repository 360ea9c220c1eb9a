"""Puzzles in words (English, German, French) and as the JSON the web page draws: the question, the verdict, the line.

A puzzle is shown from the player's view only (:meth:`Deal.view <sixtysix.core.game.Deal.view>`).
After the talon is exhausted every card not in the player's hand and not yet played is in the
opponent's hand, so the page and the terminal show those cards as what the player can deduce
(:func:`opponent_cards`); after a close or with the talon open they show only the cards he is
known to hold (shown in a marriage, taken in an exchange) and how many are hidden, never the
deal's own record of his hand.

>>> from sixtysix.ai.puzzles import load_puzzles
>>> puzzle = load_puzzles()[0]
>>> plain(verdict(puzzle, puzzle.solution, symbols=False)).startswith("Right!")
True
>>> plain(verdict(puzzle, puzzle.solution, "de", symbols=False)).startswith("Richtig!")
True
>>> data = puzzle_json(puzzle)
>>> data["legal"][0]["token"] in puzzle.values, "solution" in data, sorted(data["question"])
(True, False, ['de', 'en', 'fr'])
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from sixtysix.ai.analysis import Analysis
from sixtysix.ai.puzzles import TALON_GONE, Puzzle, solve_worlds, world_analysis
from sixtysix.ai.sampling import consistent_worlds
from sixtysix.core.actions import Action
from sixtysix.core.cards import SUIT_CHARS, CardMask, parse_card
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Stage
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import (
    Names,
    action_markup,
    card_label,
    card_markup,
    decimal_text,
    describe_action,
    describe_action_choice,
    plain,
)
from sixtysix.present.explain import action_text, advice, explanations
from sixtysix.present.order import hand_order
from sixtysix.present.state import cards, marriages_json, rules_json, tricks_json
from sixtysix.present.voice import LEVELS, level_name
from sixtysix.present.words import LANGUAGES, language, say

PUZZLE_NAMES = Names(human=1, computer="Opponent")


def points_text(points: float, lang: str = "en") -> str:
    """``2 game points``, ``1 game point``, ``1.25 game points`` (a whole number without decimals).

    >>> points_text(1), points_text(2, "de"), points_text(1.5, "fr"), points_text(0.333)
    ('1 game point', '2 Spielpunkte', '1,50 point de partie', '0.33 game points')
    """
    number = f"{points:g}" if points == int(points) else decimal_text(points, lang)
    return say("puzzle.game_points", lang, n=number)


def value_words(points: float, lang: str = "en", average: bool = False) -> str:
    """``wins 2 game points``, ``loses 1 game point``, ``ties the deal``; with ``average``, a mean over the worlds.

    >>> value_words(2), value_words(-1), value_words(0)
    ('wins 2 game points', 'loses 1 game point', 'ties the deal')
    >>> value_words(1.25, "de", average=True), value_words(-0.4, average=True)
    ('gewinnt im Schnitt 1,25 Spielpunkte', 'loses 0.40 game points on average')
    """
    if points == 0:
        return say("puzzle.verb.even" if average else "puzzle.verb.ties", lang)
    verb = say("puzzle.verb.wins" if points > 0 else "puzzle.verb.loses", lang)
    return say("puzzle.average" if average else "puzzle.value", lang, verb=verb, points=points_text(abs(points), lang))


def names_for(puzzle: Puzzle, lang: str = "en") -> Names:
    """The puzzle's seat is "you", the other "Opponent" (``du`` and ``Gegner`` in German)."""
    return Names(human=puzzle.seat, computer="Opponent", lang=language(lang))


def view_of(puzzle: Puzzle) -> PlayerView:
    """What the player to act sees."""
    return puzzle.view()


def opponent_cards(view: PlayerView) -> CardMask:
    """The opponent's cards the player knows: his whole hand where only one world is consistent with the view
    (once the talon is exhausted he holds every card not in hand and not yet played), else the cards he is
    known to hold (shown in a marriage, taken in an exchange).

    >>> from sixtysix.ai.puzzles import load_puzzles
    >>> puzzle = next(p for p in load_puzzles() if p.kind == "talon_gone")
    >>> opponent_cards(view_of(puzzle)) == puzzle.deal().hands[3 - puzzle.seat]
    True
    """
    worlds = consistent_worlds(view)
    opponent, _ = next(worlds)
    return opponent if next(worlds, None) is None else view.opponent_known


def hidden_cards(view: PlayerView) -> int:
    """How many of the opponent's cards the player does not know."""
    return view.opponent_hand_size - opponent_cards(view).bit_count()


def kind_label(kind: str, lang: str = "en") -> str:
    """A kind of puzzle in a few words, for a title: ``talon closed``."""
    return say(f"puzzle.label.{kind}", lang)


def kind_text(puzzle: Puzzle, lang: str = "en") -> str:
    """What the player knows: ``The talon is closed: his hand is hidden; 15 deals are consistent with …``."""
    if puzzle.kind != TALON_GONE and puzzle.worlds == 1:
        return say("puzzle.kind.one", lang)
    return say(f"puzzle.kind.{puzzle.kind}", lang, worlds=puzzle.worlds, talon=view_of(puzzle).talon_size)


def _turn(view: PlayerView, lang: str) -> str:
    stage = {Stage.FOLLOW: "follow", Stage.BEFORE_DRAW: "draw", Stage.MARRIAGE: "marriage"}.get(view.stage, "lead")
    return say(f"puzzle.turn.{stage}", lang)


def question(puzzle: Puzzle, lang: str = "en", with_kind: bool = True) -> str:
    """What the player is asked: ``You are to lead. Find the one move that wins 2 game points; …``; for a hidden
    hand, what is hidden and how many deals are consistent with the view first (:func:`kind_text`, unless
    ``with_kind`` is false: the web page shows it above)."""
    lang = language(lang)
    best = puzzle.best_value
    others = max(value for token, value in puzzle.values.items() if token != puzzle.solution.token)
    turn = _turn(view_of(puzzle), lang)
    if puzzle.hidden:
        ask = say("puzzle.find.every", lang, best=value_words(best, lang, True), others=value_words(others, lang, True))
        return f"{turn} {kind_text(puzzle, lang)} {ask}" if with_kind else f"{turn} {ask}"
    if best > 0:
        goal = say("puzzle.goal_verb", lang, points=points_text(best, lang))
    elif best == 0:
        goal = say("puzzle.goal.tie", lang)
    else:
        goal = say("puzzle.goal.loss", lang, points=points_text(-best, lang))
    return f"{turn} {say('puzzle.find', lang, goal=goal, others=value_words(others, lang))}"


def _value(puzzle: Puzzle, token: str, lang: str) -> str:
    return value_words(puzzle.values[token], lang, puzzle.hidden)


def values_lines(puzzle: Puzzle, symbols: bool = True, lang: str = "en") -> list[str]:
    """Each legal action and what it gives with best play on both sides (the mean over the worlds), best first."""
    deal = puzzle.deal()
    return [
        _choice(Action.parse(token), deal, symbols, lang)
        + (" : " if lang == "fr" else ": ")
        + _value(puzzle, token, lang)
        + (say("puzzle.the_solution", lang) if token == puzzle.solution.token else "")
        for token, _ in _ranked(puzzle)
    ]


_SOURCE = re.compile(r"^(\S+) (\w+) v (\w+), game (\d+): (?:found it|played (\S+))$")
"""A puzzle's source as the puzzle maker writes it: ``schnapsen pimc v expert, game 15: found it``."""


def source_text(puzzle: Puzzle, lang: str = "en", symbols: bool = True) -> str:
    """Where the puzzle comes from (the levels that played, the game, whether the player found the move),
    in ``lang``; a source of another form as it is.

    >>> from sixtysix.ai.puzzles import puzzle_by_id
    >>> puzzle = puzzle_by_id(9)
    >>> puzzle.source, source_text(puzzle, "de")
    ('schnapsen pimc v pimc, game 15: found it', 'schnapsen, PIMC gegen PIMC, Partie 15: gefunden')
    """
    found = _SOURCE.match(puzzle.source)
    if found is None or language(lang) == "en":
        return puzzle.source
    preset, first, second, game, played = found.groups()
    levels = {level_name(level): level_name(level, lang) for level in LEVELS}
    what = say("puzzle.source.found", lang)
    if played is not None:
        try:
            what = say("puzzle.source.played", lang, card=card_label(parse_card(played), symbols, lang))
        except ValueError:  # not a card token: the maker's words as they are
            what = say("puzzle.source.played", lang, card=played)
    a, b = levels.get(first, first), levels.get(second, second)
    return say("puzzle.source", lang, preset=preset, a=a, b=b, n=game, what=what)


def _choice(action: Action, deal: Deal | None, symbols: bool, lang: str) -> str:
    """An action for the list of values: the English description, or its name in ``lang``."""
    if language(lang) == "en":
        return describe_action_choice(action, deal, symbols)
    return action_text(action, lang, symbols)


def line_lines(puzzle: Puzzle, symbols: bool = True, lang: str = "en") -> list[str]:
    """The solution line with best play on both sides (in the deal as it was dealt), one sentence per action."""
    names = names_for(puzzle, lang)
    return [describe_action(names, int(seat), Action.parse(action), symbols) for seat, action in _steps(puzzle)]


def verdict(puzzle: Puzzle, answer: Action, lang: str = "en", symbols: bool = True) -> str:
    """``Right! …`` or ``Not this time: …``, with what the answer and the solution give (in ``lang``)."""
    solution = card_or_action(puzzle.solution, symbols, lang)
    value = _value(puzzle, puzzle.solution.token, lang)
    if answer == puzzle.solution:
        return say("puzzle.right", lang, solution=solution, value=value)
    if answer.token not in puzzle.values:
        return say("puzzle.illegal", lang, answer=card_or_action(answer, symbols, lang))
    given = _value(puzzle, answer.token, lang)
    return say(
        "puzzle.wrong", lang, answer=card_or_action(answer, symbols, lang), given=given, solution=solution, value=value
    )


def card_or_action(action: Action, symbols: bool = True, lang: str = "en") -> str:
    """A card as ``A♥`` (with its colour markup), another action in English as its token (``20h``, ``66``), else
    in words of ``lang`` (``Zudrehen``)."""
    if action.is_card():
        return card_markup(action, symbols, language(lang))
    return action_markup(action) if language(lang) == "en" else action_text(action, lang, symbols)


def puzzle_json(puzzle: Puzzle) -> dict[str, object]:
    """The puzzle as the web page draws it: the player's view and the legal actions, no solution.

    ``kind_text`` (what is hidden, how many deals are consistent with the view) and ``question`` are by
    language; ``opponent`` the cards the player knows he holds, ``hidden`` how many more he holds.
    """
    view = view_of(puzzle)
    rules = view.rules
    return {
        "id": puzzle.id,
        "kind": puzzle.kind,
        "worlds": puzzle.worlds,
        "grade": puzzle.grade,
        "rating": puzzle.rating,
        "rules": rules_json(rules),
        "seat": view.seat,
        "question": {lang: plain(question(puzzle, lang, with_kind=False)) for lang in LANGUAGES},
        "kind_text": {lang: kind_text(puzzle, lang) for lang in LANGUAGES},
        "trump": {"suit": SUIT_CHARS[view.trump], "card": cards(1 << view.trump_card)[0]},
        "talon": {"size": view.talon_size, "closed": bool(view.closer), "closer": _closer(view)},
        "face_up": None if view.face_up is None else cards(1 << view.face_up)[0],
        "hand": cards(view.hand, view.trump),
        "opponent": cards(opponent_cards(view), view.trump),
        "hidden": hidden_cards(view),
        "led": None if view.led is None else cards(1 << view.led)[0],
        "leader": view.leader,
        "points": {"you": view.score, "opponent": view.opponent_score},
        "pending": {"you": view.pending, "opponent": view.opponent_pending},
        "tricks": tricks_json(view.completed_tricks()),
        "marriages": marriages_json(view.history),
        "legal": [_legal_json(a) for a in _ordered(view)],
    }


def _legal_json(action: Action) -> dict[str, object]:
    """A legal action: its token, its English ``label`` and its ``labels`` in every language."""
    labels = {lang: plain(_choice(action, None, False, lang)) for lang in LANGUAGES}
    return {"token": action.token, "label": labels["en"], "labels": labels}


def _closer(view: PlayerView) -> str | None:
    """Who closed the talon: ``you``, ``opponent``, or ``None``."""
    return None if not view.closer else "you" if view.closer == view.seat else "opponent"


@functools.lru_cache(maxsize=32)
def _analysis(position: str, seat: int) -> Analysis:
    return world_analysis(solve_worlds(Deal.parse_text(position).view(seat)))


def puzzle_analysis(puzzle: Puzzle) -> Analysis:
    """The puzzle's decision valued in every world (:func:`~sixtysix.ai.puzzles.world_analysis`): what the
    explanation reads (the last few are kept, an answer and its explanation ask twice)."""
    return _analysis(puzzle.position, puzzle.seat)


def why(puzzle: Puzzle, answer: Action, lang: str = "en", symbols: bool = True) -> str:
    """Why the solution is better: than a wrong ``answer``, or, when it was found, than the next best move
    (:func:`sixtysix.present.explain.advice` from every world consistent with the view, solved exactly)."""
    return advice(view_of(puzzle), _compared(puzzle, answer), lang, symbols, puzzle_analysis(puzzle))


def _compared(puzzle: Puzzle, answer: Action) -> Action | None:
    return None if answer == puzzle.solution else answer


def answer_json(puzzle: Puzzle, answer: Action) -> dict[str, object]:
    """What the page shows after an answer: right or wrong (``verdict``, by language), the values, the solution
    line, and why (``explanation``: by language)."""
    view = view_of(puzzle)
    played = _compared(puzzle, answer)
    return {
        "explanation": explanations(view, puzzle_analysis(puzzle), played),
        "id": puzzle.id,
        "kind": puzzle.kind,
        "worlds": puzzle.worlds,
        "correct": answer == puzzle.solution,
        "verdict": {lang: plain(verdict(puzzle, answer, lang)) for lang in LANGUAGES},
        "solution": puzzle.solution.token,
        "values": [{"token": token, "value": value} for token, value in _ranked(puzzle)],
        "value_lines": [plain(line) for line in values_lines(puzzle, symbols=False)],
        "line": [plain(line) for line in line_lines(puzzle, symbols=False)],
        "line_tokens": [{"seat": int(seat), "token": token} for seat, token in _steps(puzzle)],
    }


def _steps(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The solution line as (seat, token) pairs."""
    return [(seat, token) for seat, token in (step.split(":", 1) for step in puzzle.line)]


def _ranked(puzzle: Puzzle) -> list[tuple[str, float]]:
    return sorted(puzzle.values.items(), key=lambda item: -item[1])


def _ordered(view: PlayerView) -> Sequence[Action]:
    """The legal actions in hand order (cards), then the others."""
    order = {card: place for place, card in enumerate(hand_order(view.hand, view.trump))}
    return sorted(view.legal, key=lambda a: (not a.is_card(), order.get(int(a), 0), int(a)))
