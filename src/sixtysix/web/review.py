"""Hints and post-deal reviews: the computer's analysis, in worker threads, for one seat.

A hint analyses the asking seat's own view of a decision it has now. A review analyses
every decision with a choice of both seats in one finished two-player deal
(:func:`sixtysix.ai.analysis.analyze_record`); that analysis does not depend on who asks
and is stored. :func:`reviewed` adds what depends on the asking seat: the chart from its
side, the outcome in its words, and the facts the page shows with it (the hands as dealt,
the trick of each action), all read from the engine.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from concurrent.futures import Executor
from typing import Any

from sixtysix.ai import analysis
from sixtysix.ai.analysis import (
    BLUNDER,
    CONFIDENCE_Z,
    INACCURACY,
    MISTAKE,
    ActionValue,
    Annotation,
    Budget,
    analyze_record,
    summarize,
)
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, Card
from sixtysix.core.game import Deal
from sixtysix.core.match import AnyMatch, Match
from sixtysix.core.record import Record
from sixtysix.core.rules import Rules
from sixtysix.core.table import Table
from sixtysix.core.view import PlayerView
from sixtysix.present.explain import explanations
from sixtysix.present.outcome import outcome_json
from sixtysix.present.state import cards
from sixtysix.present.table import PublicMatch
from sixtysix.web.errors import not_available, not_found, not_your_turn
from sixtysix.web.game import Game
from sixtysix.web.meta import hints_for, reviews_for
from sixtysix.web.store import Store


class Advisor:
    """The hints and reviews of every match of one server."""

    def __init__(
        self,
        store: Store,
        executor: Executor,
        *,
        hint_budget: Any = None,
        review_seconds: float | None = None,
        review_worlds: int | None = None,
    ) -> None:
        self.store = store
        self.executor = executor
        self.hint_budget = hint_budget
        """A :class:`~sixtysix.ai.analysis.Budget` for hints (default: the analysis's own)."""
        self.review_seconds = review_seconds
        self.review_worlds = review_worlds
        self.reviews: dict[tuple[str, int], asyncio.Future[dict[str, object]]] = {}
        """Reviews being computed, so that a second request waits for the first."""

    async def hint(self, game: Game, seat: int) -> dict[str, object]:
        """``GET .../hint``: the analysis of the seat's decision now (cached per version)."""
        if not game.hints:
            raise not_available("hints are off in this match")
        if not hints_for(game.match.rules):
            raise not_available("hints are for the two-player deal only")
        deal = game.match.current
        if game.status != "playing" or deal is None or deal.is_over or not deal.legal_actions(seat):
            raise not_your_turn("hints are given at your own decisions only")
        cached = game.hint_cache.get(seat)
        if cached is not None and cached[0] == game.version:
            return cached[1]
        view = game.view(seat)
        assert isinstance(view, PlayerView)  # why: narrows the type; hints_for(rules) is where seats get these views
        version = game.version
        loop = asyncio.get_running_loop()
        budget = self.hint_budget
        if budget is not None:
            result = await loop.run_in_executor(self.executor, lambda: analysis.analyze(view, budget))
        else:
            result = await loop.run_in_executor(self.executor, lambda: analysis.hint(view, seed=None))
        texts = await loop.run_in_executor(self.executor, lambda: explanations(view, result))
        data = result.to_json()
        answer: dict[str, object] = {"version": version, **{k: data[k] for k in HINT_KEYS}, "explanation": texts}
        game.hint_cache[seat] = (version, answer)
        return answer

    async def review(self, game: Game, seat: int, number: int) -> dict[str, object]:
        """``GET .../deals/{number}/review``: the stored analysis, computed on first demand."""
        match = game.match
        if not reviews_for(match.rules):
            raise not_available("reviews are for two-player matches only")
        if not 1 <= number <= len(match.deals):
            raise not_found(f"no deal {number} in this match")
        deal = match.deals[number - 1]
        if deal.outcome is None:
            raise not_available(f"deal {number} has not ended")
        data = self.store.load_review(game.id, number)
        if data is None:
            data = await self._analysis(game.id, number, deal)
        return reviewed(data, game.public(), match, number, seat)

    async def _analysis(self, match_id: str, number: int, deal: Table) -> dict[str, object]:
        key = (match_id, number)
        future = self.reviews.get(key)
        if future is not None:
            return await future
        rules, seconds, worlds, history = deal.rules, self.review_seconds, self.review_worlds, tuple(deal.history)
        loop = asyncio.get_running_loop()
        future = loop.run_in_executor(
            self.executor, lambda: review_deal(rules, deal.dealer, deal.deck, history, seconds, worlds)
        )
        self.reviews[key] = future
        try:
            data = await future
            self.store.save_review(match_id, number, data)
        finally:
            self.reviews.pop(key, None)
        return data


HINT_KEYS = ("best", "worlds", "exact", "seconds", "actions")
"""The analysis's keys a hint sends; it adds ``explanation``: why the best action is better, by language."""


def review_deal(
    rules: Rules,
    dealer: int,
    deck: Sequence[Card],
    history: Sequence[tuple[int, Action]],
    seconds: float | None = None,
    worlds: int | None = None,
) -> dict[str, object]:
    """The analysis of one finished deal (both seats), as stored (``seconds``, ``worlds``: the
    budget per decision; neither: the analysis's default)."""
    budget = Budget(seconds=seconds, worlds=worlds, seed=0)
    match = Match(rules, dealer)
    deal = match.new_deal(deck, dealer=dealer)
    for seat, action in history:
        deal.apply(action, seat)
    notes = analyze_record(Record.from_match(match), (1, 2), budget)
    summary = {
        str(seat): {
            "decisions": s.decisions,
            "inaccuracies": s.inaccuracies,
            "mistakes": s.mistakes,
            "blunders": s.blunders,
            "uncertain": s.uncertain,
            "average_loss": round(s.average_loss, 4),
        }
        for seat, s in summarize(notes).items()
    }
    return {
        "budget": budget.describe(),
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER, "z": CONFIDENCE_Z},
        "dealer": dealer,
        "deck": [CARD_NAMES[c] for c in deck],
        "actions": [{"seat": s, "action": str(a)} for s, a in history],
        "decisions": [_decision(index, note) for index, note in enumerate(notes, start=1)],
        "summary": summary,
    }


def _decision(index: int, note: Annotation) -> dict[str, object]:
    """One analysed decision of a review: the move, its verdict and loss (± its standard error), every choice."""
    label = note.classification
    played = note.analysis[note.action]
    return {
        "index": index,
        "position": note.position,
        "seat": note.seat,
        "action": str(note.action),
        "implicit": note.implicit,
        "best": str(note.best),
        "played_value": round(note.played_value, 4),
        "played_se": round(played.se, 4),
        "played_margin": round(played.margin, 4),
        "best_value": round(note.best_value, 4),
        "loss": round(note.loss, 4),
        "loss_se": round(played.loss_se, 4),
        "loss_margin": round(played.loss_margin, 4),
        "loss_low": round(played.loss_low, 4),
        "loss_high": round(played.loss_high, 4),
        "verdict": note.verdict.value,
        "classification": label.value if label else None,
        "symbol": label.symbol if label else "",
        "win_chance": round(played.win_chance, 4),
        "alternatives": [_alternative(entry) for entry in note.analysis.actions],
        "worlds": note.analysis.worlds,
        "exact": note.analysis.exact,
        "explanation": _explanation(note),
    }


def _explanation(note: Annotation) -> dict[str, str] | None:
    """Why the best action beats the one played, by language, for an inaccuracy, mistake or blunder."""
    if note.classification is None or note.view is None:
        return None
    return explanations(note.view, note.analysis, note.action)


def _alternative(entry: ActionValue) -> dict[str, object]:
    return {
        "action": str(entry.action),
        "value": round(entry.value, 4),
        "se": round(entry.se, 4),
        "margin": round(entry.margin, 4),
        "win_chance": round(entry.win_chance, 4),
        "loss": round(entry.loss, 4),
        "loss_se": round(entry.loss_se, 4),
        "loss_margin": round(entry.loss_margin, 4),
    }


def reviewed(
    data: dict[str, object], public: PublicMatch, match: AnyMatch, number: int, seat: int
) -> dict[str, object]:
    """The stored review of deal ``number`` as ``seat`` receives it."""
    decisions = data.get("decisions", [])
    assert isinstance(decisions, list)
    deal = match.deals[number - 1]
    tricks = trick_numbers(deal)
    labels = [f"{d['seat']}:{d['action']}" for d in decisions]
    values = [d["played_value"] if d["seat"] == seat else -float(d["played_value"]) for d in decisions]
    return {
        "deal": number,
        "seat": seat,
        **data,
        "decisions": [{**d, "trick": _at(tricks, d.get("position"))} for d in decisions],
        "dealt": dealt(deal),
        "outcome": outcome_json(public, match, number, seat),
        "chart": {"seat": seat, "labels": labels, "values": [round(float(v), 4) for v in values]},
    }


def _at(numbers: list[int], position: object) -> int | None:
    """The trick of a decision's ``position`` (1-based) in the deal's record."""
    index = int(str(position or 1)) - 1
    return numbers[index] if 0 <= index < len(numbers) else None


def dealt(deal: Table) -> dict[str, object]:
    """The deal as it was dealt: both hands (in hand order), the trump card, the talon top first."""
    start = Deal(deal.deck, deal.dealer, deal.rules)
    return {
        "dealer": start.dealer,
        "hands": {str(s): cards(start.hands[s], start.trump) for s in (1, 2)},
        "trump_card": CARD_NAMES[start.trump_card],
        "talon": [CARD_NAMES[c] for c in start.stock],
    }


def trick_numbers(deal: Table) -> list[int]:
    """For each action of the deal's record (no ``draw``, no ``pass``): its trick (1 = first), as the engine counts.

    A decision's ``position`` counts the record's actions (an implicit decision has the
    position of the action that follows it).
    """
    replay = Deal(deal.deck, deal.dealer, deal.rules)
    numbers = []
    for seat, action in deal.history:
        if action.in_records():
            numbers.append(replay.trick_count + 1)
        replay.apply(action, seat)
    return numbers
