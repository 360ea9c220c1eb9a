"""Puzzles in words and as the JSON the web page draws: the question, the verdict, the solution line.

A puzzle is shown from the player's view only (:meth:`Deal.view <sixtysix.core.game.Deal.view>`):
after the talon is exhausted every card not in the player's hand and not yet played is in the
opponent's hand, so the page and the terminal show those cards as what the player can deduce
(:func:`deduced_opponent_cards`), never the deal's own record of the opponent's hand.

>>> from sixtysix.ai.puzzles import load_puzzles
>>> puzzle = load_puzzles()[0]
>>> plain(verdict(puzzle, puzzle.solution, symbols=False)).startswith("Right!")
True
>>> data = puzzle_json(puzzle)
>>> data["legal"][0]["token"] in puzzle.values, "solution" in data
(True, False)
"""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.ai.analysis import HINT_BUDGET, analyze
from sixtysix.ai.puzzles import Puzzle
from sixtysix.core.actions import Action
from sixtysix.core.cards import SUIT_CHARS, CardMask
from sixtysix.core.game import FOLLOW
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import (
    Names,
    card_markup,
    describe_action,
    describe_action_choice,
    game_points_text,
    plain,
)
from sixtysix.present.explain import advice, explanations
from sixtysix.present.order import hand_order
from sixtysix.present.state import cards, marriages_json, rules_json, tricks_json

PUZZLE_NAMES = Names(human=1, computer="Opponent")


def names_for(puzzle: Puzzle) -> Names:
    """The puzzle's seat is "you", the other "Opponent"."""
    return Names(human=puzzle.seat, computer="Opponent")


def view_of(puzzle: Puzzle) -> PlayerView:
    """What the player to act sees."""
    return puzzle.deal().view(puzzle.seat)


def deduced_opponent_cards(view: PlayerView) -> CardMask:
    """The opponent's hand as the player deduces it: the talon is exhausted, so every card not in
    hand and not yet played is his.

    >>> from sixtysix.ai.puzzles import load_puzzles
    >>> puzzle = load_puzzles()[0]
    >>> deduced_opponent_cards(view_of(puzzle)) == puzzle.deal().hands[3 - puzzle.seat]
    True
    """
    return view.rules.pack & ~(view.hand | view.played)


def value_words(points: int) -> str:
    """``wins 2 game points``, ``loses 1 game point``, ``ties``.

    >>> value_words(2), value_words(-1), value_words(0)
    ('wins 2 game points', 'loses 1 game point', 'ties the deal')
    """
    if points > 0:
        return f"wins {game_points_text(points)}"
    if points < 0:
        return f"loses {game_points_text(-points)}"
    return "ties the deal"


def question(puzzle: Puzzle) -> str:
    """What the player is asked: ``You are to lead. Find the one move that wins 2 game points.``"""
    view = view_of(puzzle)
    turn = "to follow" if view.stage == FOLLOW else "to lead"
    best = puzzle.best_value
    others = max(value for token, value in puzzle.values.items() if token != puzzle.solution.token)
    if best > 0:
        goal = f"wins {game_points_text(best)}"
    elif best == 0:
        goal = "saves the deal (a tie)"
    else:
        goal = f"saves what can be saved: it loses only {game_points_text(-best)}"
    return f"You are {turn}. Find the one move that {goal}; the best other move {value_words(others)}."


def values_lines(puzzle: Puzzle, symbols: bool = True) -> list[str]:
    """Each legal action and what it gives with best play on both sides, best first."""
    ranked = sorted(puzzle.values.items(), key=lambda item: -item[1])
    deal = puzzle.deal()
    return [
        f"{describe_action_choice(Action.parse(token), deal, symbols)}: {value_words(value)}"
        + (" (the solution)" if token == puzzle.solution.token else "")
        for token, value in ranked
    ]


def line_lines(puzzle: Puzzle, symbols: bool = True) -> list[str]:
    """The solution line with best play on both sides, one sentence per action."""
    names = names_for(puzzle)
    return [describe_action(names, int(seat), Action.parse(action), symbols) for seat, action in _steps(puzzle)]


def verdict(puzzle: Puzzle, answer: Action, symbols: bool = True) -> str:
    """``Right! …`` or ``Not this time: …``, with what the answer and the solution give."""
    solution = card_or_action(puzzle.solution, symbols)
    if answer == puzzle.solution:
        return f"Right! {solution} {value_words(puzzle.best_value)}."
    given = puzzle.values.get(answer.token)
    if given is None:
        return f"{card_or_action(answer, symbols)} is not a legal move here."
    return (
        f"Not this time: {card_or_action(answer, symbols)} {value_words(given)}; "
        f"{solution} {value_words(puzzle.best_value)}."
    )


def card_or_action(action: Action, symbols: bool = True) -> str:
    """A card as ``A♥``, another action as its token (``20h``, ``66``)."""
    return card_markup(action, symbols) if action.is_card() else str(action)


def puzzle_json(puzzle: Puzzle) -> dict[str, object]:
    """The puzzle as the web page draws it: the player's view and the legal actions, no solution."""
    view = view_of(puzzle)
    rules = view.rules
    return {
        "id": puzzle.id,
        "grade": puzzle.grade,
        "rating": puzzle.rating,
        "rules": rules_json(rules),
        "seat": view.seat,
        "question": plain(question(puzzle)),
        "trump": {"suit": SUIT_CHARS[view.trump], "card": cards(1 << view.trump_card)[0]},
        "hand": cards(view.hand, view.trump),
        "opponent": cards(deduced_opponent_cards(view), view.trump),
        "led": None if view.led is None else cards(1 << view.led)[0],
        "leader": view.leader,
        "points": {"you": view.score, "opponent": view.opponent_score},
        "pending": {"you": view.pending, "opponent": view.opponent_pending},
        "tricks": tricks_json(view.completed_tricks()),
        "marriages": marriages_json(view.history),
        "legal": [{"token": a.token, "label": plain(describe_action_choice(a, None, False))} for a in _ordered(view)],
    }


def why(puzzle: Puzzle, answer: Action, lang: str = "en", symbols: bool = True) -> str:
    """Why the solution is better: than a wrong ``answer``, or, when it was found, than the next best move
    (:func:`sixtysix.present.explain.advice`; the talon is gone, so the analysis is exact)."""
    return advice(view_of(puzzle), _compared(puzzle, answer), lang, symbols)


def _compared(puzzle: Puzzle, answer: Action) -> Action | None:
    return None if answer == puzzle.solution else answer


def answer_json(puzzle: Puzzle, answer: Action) -> dict[str, object]:
    """What the page shows after an answer: right or wrong, the values, the solution line, and why
    (``explanation``: by language)."""
    view = view_of(puzzle)
    played = _compared(puzzle, answer)
    return {
        "explanation": explanations(view, analyze(view, HINT_BUDGET, played=played), played),
        "id": puzzle.id,
        "correct": answer == puzzle.solution,
        "verdict": plain(verdict(puzzle, answer, symbols=False)),
        "solution": puzzle.solution.token,
        "values": [{"token": token, "value": value} for token, value in _ranked(puzzle)],
        "value_lines": [plain(line) for line in values_lines(puzzle, symbols=False)],
        "line": [plain(line) for line in line_lines(puzzle, symbols=False)],
        "line_tokens": [{"seat": int(seat), "token": token} for seat, token in _steps(puzzle)],
    }


def _steps(puzzle: Puzzle) -> list[tuple[str, str]]:
    """The solution line as (seat, token) pairs."""
    return [(seat, token) for seat, token in (step.split(":", 1) for step in puzzle.line)]


def _ranked(puzzle: Puzzle) -> list[tuple[str, int]]:
    return sorted(puzzle.values.items(), key=lambda item: -item[1])


def _ordered(view: PlayerView) -> Sequence[Action]:
    """The legal actions in hand order (cards), then the others."""
    order = {card: place for place, card in enumerate(hand_order(view.hand, view.trump))}
    return sorted(view.legal, key=lambda a: (not a.is_card(), order.get(int(a), 0), int(a)))
