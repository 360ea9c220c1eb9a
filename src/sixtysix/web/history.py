"""A browser's matches and statistics (``POST /api/history``), and the 66R record of a match.

A browser keeps its seat tokens; posting them lists its matches (newest first) and counts
its results from the stored deal results (:func:`statistics`: two-player matches, whose
win kinds, closes and claims it counts).
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any, cast

from sixtysix.core.facts import side_of
from sixtysix.core.match import create_match
from sixtysix.core.record import Record
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.web import fairness
from sixtysix.web.errors import malformed, not_available
from sixtysix.web.matches import Game, Matches
from sixtysix.web.messages import sentence
from sixtysix.web.meta import reviews_for
from sixtysix.web.store import MatchRow, SeatRow, Store, token_hash

MAX_TOKENS = 1000

FORFEIT_WHY = "its move clock ran out and it did not come back"
"""Why a seat forfeits the match in the web app (the record's ``Termination`` header)."""


def history(matches: Matches, body: dict[str, Any]) -> dict[str, object]:
    """The matches of the given seat tokens, newest first, and their statistics."""
    tokens = body.get("tokens")
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise malformed(sentence("server.tokens_list"))
    if len(tokens) > MAX_TOKENS:
        raise malformed(sentence("server.too_many_tokens", count=MAX_TOKENS))
    store = matches.store
    known = dict.fromkeys(t for t in tokens if t)
    found = store.seats_of_tokens(token_hash(t) for t in known)
    summaries = store.summaries([m for m, _ in found])
    listed = []
    two_player: list[tuple[str, int, str]] = []
    for match_id, seat in found:
        if match_id not in summaries:
            continue
        row, seats = summaries[match_id]
        entry = _entry(matches, row, seats, seat)
        listed.append(entry)
        if entry["players"] == 2:  # why: the statistics (win kinds, closes, claims) count two-player matches
            two_player.append((match_id, seat, row.status))
    listed.sort(key=lambda m: -float(str(m["updated"])))
    return {"matches": listed, "unknown": len(known) - len(found), "stats": statistics(store, two_player)}


def _entry(matches: Matches, row: MatchRow, seats: dict[int, SeatRow], seat: int) -> dict[str, object]:
    """One match of the list, from ``seat``'s side."""
    rules = Rules.from_options(row.preset, row.options) if row.preset in PRESETS else Rules.preset("seed66")
    blank = create_match(rules)  # how the match scores: by seat or by side, how many entries
    others = [seats[s] for s in sorted(seats) if s != seat]
    mine = side_of(seat) if blank.scorer == "side" else seat
    your_turn = False
    if row.status == "playing":
        match = matches.get(row.id).match
        deal = match.current
        your_turn = deal is not None and (bool(deal.legal_actions(seat)) or (deal.is_over and not match.is_over))
    return {
        "match_id": row.id,
        "seat": seat,
        "kind": row.kind,
        "level": others[0].level if len(others) == 1 else None,  # why: API 1 gives the level of a lone opponent
        "players": rules.players,
        "status": row.status,
        "rules": row.preset,
        "target": row.target,
        "names": [seats[s].name for s in sorted(seats)],
        "opponent": ", ".join(o.name for o in others),
        "opponents": [{"seat": o.seat, "name": o.name, "kind": o.kind, "level": o.level} for o in others],
        "score": list(row.score[: len(blank.score)]),
        "scorer": mine,
        "reviews": reviews_for(rules),
        "winner": row.winner,
        "won": None if row.winner is None else row.winner == mine,
        "forfeit": row.forfeit,  # the seat that forfeited the match (it left), else None
        "deals": row.deals,
        "your_turn": your_turn,
        "created": row.created,
        "updated": row.updated,
    }


def statistics(store: Store, seats: Sequence[tuple[str, int, str]]) -> dict[str, object]:
    """Results over the given (match id, seat, status) of one browser (docs/web-api.md)."""
    matches = {"played": 0, "won": 0, "lost": 0, "unfinished": 0, "won_by_forfeit": 0, "lost_by_forfeit": 0}
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
                row = summary[0]
                matches["played"] += 1
                matches["won" if row.winner == seat else "lost"] += 1
                if row.forfeit is not None:  # ended when a seat left: counted apart too
                    matches["lost_by_forfeit" if row.forfeit == seat else "won_by_forfeit"] += 1
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


def record_text(game: Game) -> str:
    """The 66R record of the match's finished deals, with their revealed seeds (docs/fairness.md)."""
    match = game.match
    finished = sum(1 for d in match.deals if d.outcome is not None)
    date = datetime.datetime.fromtimestamp(game.created).strftime("%Y.%m.%d")
    headers = [
        ("Event", f"sixtysix web, {'against the computer' if game.kind == 'computer' else 'between friends'}"),
        ("Site", "sixtysix serve"),
        ("Date", date),
        *((f"Seat{s}", game.seats[s].name) for s in match.seats),
    ]
    if match.is_over:
        headers.append(("Result", "-".join(str(p) for p in match.score)))
    if match.forfeited_by is not None:  # 66R has no word for it: a free header says it (docs/web.md)
        headers.append(("Termination", f"seat {match.forfeited_by} forfeited the match: {FORFEIT_WHY}"))
    headers += fairness.finished_headers(match, game.seeds, finished)
    try:
        record = Record.from_match(cast(Any, match), headers)
    except Exception as error:  # a record format without this table size
        raise not_available(sentence("server.no_record", size=game.size, error=error)) from None
    record.deals = record.deals[:finished]
    return record.text()
