"""Post-deal reviews and player statistics for the web app (docs/web-api.md).

:func:`review_deal` analyses every decision with a choice of both seats in one finished
deal (:func:`sixtysix.ai.analysis.analyze_record`); its result does not depend on who asks
and is stored. :func:`present` adds what depends on the asking seat: the chart from that
seat's side and the outcome in its words. :func:`statistics` counts a browser's results
from the stored deal results.
"""

from __future__ import annotations

from collections.abc import Sequence

from sixtysix.ai.analysis import BLUNDER, INACCURACY, MISTAKE, Budget, analyze_record, summarize
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, Card
from sixtysix.core.match import Match
from sixtysix.core.record import Record
from sixtysix.core.rules import Rules
from sixtysix.web.state import PublicMatch, outcome_json
from sixtysix.web.store import Store


def review_deal(
    rules: Rules,
    dealer: int,
    deck: Sequence[Card],
    history: Sequence[tuple[int, Action]],
    seconds: float | None = 0.25,
    worlds: int | None = None,
) -> dict[str, object]:
    """The analysis of one finished deal (both seats), as stored."""
    budget = Budget(seconds=seconds, worlds=worlds, seed=0)
    match = Match(rules, dealer)
    deal = match.new_deal(deck, dealer=dealer)
    for seat, action in history:
        deal.apply(action, seat)
    record = Record.from_match(match)
    notes = analyze_record(record, (1, 2), budget)
    decisions = []
    for index, note in enumerate(notes, start=1):
        label = note.classification
        played = note.analysis[note.action]
        decisions.append(
            {
                "index": index,
                "position": note.position,
                "seat": note.seat,
                "action": str(note.action),
                "implicit": note.implicit,
                "best": str(note.best),
                "played_value": round(note.played_value, 4),
                "best_value": round(note.best_value, 4),
                "loss": round(note.loss, 4),
                "classification": label.value if label else None,
                "symbol": label.symbol if label else "",
                "win_chance": round(played.win_chance, 4),
                "alternatives": [
                    {"action": str(e.action), "value": round(e.value, 4), "win_chance": round(e.win_chance, 4)}
                    for e in note.analysis.actions
                ],
                "worlds": note.analysis.worlds,
                "exact": note.analysis.exact,
            }
        )
    summary = {
        str(seat): {
            "decisions": s.decisions,
            "inaccuracies": s.inaccuracies,
            "mistakes": s.mistakes,
            "blunders": s.blunders,
            "average_loss": round(s.average_loss, 4),
        }
        for seat, s in summarize(notes).items()
    }
    return {
        "budget": budget.describe(),
        "thresholds": {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "dealer": dealer,
        "deck": [CARD_NAMES[c] for c in deck],
        "actions": [{"seat": s, "action": str(a)} for s, a in history],
        "decisions": decisions,
        "summary": summary,
    }


def present(data: dict[str, object], public: PublicMatch, match: Match, number: int, seat: int) -> dict[str, object]:
    """The stored review of deal ``number`` as ``seat`` receives it."""
    decisions = data.get("decisions", [])
    assert isinstance(decisions, list)
    labels = [f"{d['seat']}:{d['action']}" for d in decisions]
    values = [d["played_value"] if d["seat"] == seat else -float(d["played_value"]) for d in decisions]
    return {
        "deal": number,
        "seat": seat,
        **data,
        "outcome": outcome_json(public, match, number, seat),
        "chart": {"seat": seat, "labels": labels, "values": [round(float(v), 4) for v in values]},
    }


def statistics(store: Store, seats: Sequence[tuple[str, int, str]]) -> dict[str, object]:
    """Results over the given (match id, seat, status) of one browser (docs/web-api.md)."""
    matches = {"played": 0, "won": 0, "lost": 0, "unfinished": 0}
    deals = {"played": 0, "won": 0, "lost": 0, "tied": 0}
    points_won = points_lost = 0
    schneider = {"given": 0, "taken": 0}
    schwarz = {"given": 0, "taken": 0}
    closes = {"made": 0, "succeeded": 0}
    claims = {"made": 0, "false": 0}
    for match_id, seat, status in seats:
        if status == "over":
            summary = store.load_summary(match_id)
            if summary is not None:
                matches["played"] += 1
                won = summary[0].winner == seat
                matches["won" if won else "lost"] += 1
        else:
            matches["unfinished"] += 1
        for result in store.deal_results(match_id):
            deals["played"] += 1
            winner = result["winner"]
            credited = int(str(result["credited"] or 0))
            kind = result["win_kind"]
            if winner is None:
                deals["tied"] += 1
            elif winner == seat:
                deals["won"] += 1
                points_won += credited
                if kind == "schneider":
                    schneider["given"] += 1
                elif kind == "schwarz":
                    schwarz["given"] += 1
            else:
                deals["lost"] += 1
                points_lost += credited
                if kind == "schneider":
                    schneider["taken"] += 1
                elif kind == "schwarz":
                    schwarz["taken"] += 1
            if result["closer"] == seat:
                closes["made"] += 1
                closes["succeeded"] += winner == seat
            if result["claimant"] == seat:
                claims["made"] += 1
                claims["false"] += result["termination"] == "false_claim"
    played = deals["played"]
    return {
        "matches": matches,
        "deals": deals,
        "game_points": {
            "won": points_won,
            "lost": points_lost,
            "per_deal": round((points_won - points_lost) / played, 3) if played else 0.0,
        },
        "schneider": schneider,
        "schwarz": schwarz,
        "closes": {**closes, "rate": round(closes["succeeded"] / closes["made"], 3) if closes["made"] else None},
        "claims": claims,
    }
