"""The Puzzles page's API (docs/web-api.md, "Puzzles"): the server sends the player's view and
the legal actions, never the solution before the answer; it judges the answer and keeps the
browser's rating and streaks in its database."""

from __future__ import annotations

import datetime

from sixtysix.ai.puzzles import daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.core.cards import CARD_NAMES, cards_of

from .conftest import Api


def test_a_puzzle_shows_the_players_view_and_its_legal_actions_but_not_the_solution(api: Api) -> None:
    puzzle = puzzle_by_id(3)
    response = api.request("GET", "/api/puzzles/3")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    shown = response.json()["puzzle"]
    assert shown["id"] == 3 and shown["seat"] == puzzle.seat
    assert sorted(action["token"] for action in shown["legal"]) == sorted(puzzle.values)
    deal = puzzle.deal()
    assert sorted(shown["hand"]) == sorted(str(card) for card in _cards(deal.hands[puzzle.seat]))
    assert sorted(shown["opponent"]) == sorted(str(card) for card in _cards(deal.hands[3 - puzzle.seat]))
    text = response.text
    assert '"solution"' not in text and '"values"' not in text and '"line"' not in text


def test_the_daily_puzzle_is_the_same_for_everyone_on_the_same_day(api: Api) -> None:
    first = api.request("GET", "/api/puzzles/daily").json()
    second = api.request("GET", "/api/puzzles/daily").json()
    day = datetime.date.fromisoformat(first["daily"])
    assert first["puzzle"]["id"] == second["puzzle"]["id"] == daily_puzzle(day).id


def test_an_answer_is_judged_and_moves_the_solvers_rating_once(api: Api) -> None:
    created = api.request("POST", "/api/puzzles/solver")
    assert created.status_code == 201
    token = created.json()["token"]
    puzzle = puzzle_by_id(5)
    wrong = next(token_ for token_ in puzzle.values if token_ != puzzle.solution.token)
    judged = api.request("POST", "/api/puzzles/5/answer", token, json={"action": wrong}).json()
    assert judged["correct"] is False and judged["solution"] == puzzle.solution.token
    assert judged["values"][0] == {"token": puzzle.solution.token, "value": puzzle.best_value}
    assert judged["change"] < 0 and judged["skill"]["attempts"] == 1 and judged["skill"]["streak"] == 0
    # why, in every language, with the exact values of the solution and of the move played
    assert set(judged["explanation"]) == {"en", "de", "fr"}
    for text in judged["explanation"].values():
        assert f"{puzzle.best_value:+.2f}" in text and f"{puzzle.values[wrong]:+.2f}" in text
    again = api.request("POST", "/api/puzzles/5/answer", token, json={"action": puzzle.solution.token}).json()
    assert again["correct"] is True and again["change"] == 0  # a puzzle seen before is practice
    assert again["skill"]["streak"] == 1 and again["skill"]["attempts"] == 1
    me = api.request("GET", "/api/puzzles/me", token).json()
    assert me["skill"] == again["skill"] and me["count"] == len(load_puzzles())


def test_solving_the_daily_puzzle_starts_a_daily_streak(api: Api) -> None:
    token = api.request("POST", "/api/puzzles/solver").json()["token"]
    daily = api.request("GET", "/api/puzzles/daily").json()
    puzzle = puzzle_by_id(daily["puzzle"]["id"])
    body = {"action": puzzle.solution.token, "daily": True}
    judged = api.request("POST", f"/api/puzzles/{puzzle.id}/answer", token, json=body).json()
    assert judged["correct"] and judged["skill"]["daily_streak"] == 1
    assert judged["skill"]["last_daily"] == daily["daily"]


def test_the_next_puzzle_for_a_solver_is_one_not_yet_attempted(api: Api) -> None:
    token = api.request("POST", "/api/puzzles/solver").json()["token"]
    first = api.request("GET", "/api/puzzles/next", token).json()["puzzle"]
    puzzle = puzzle_by_id(first["id"])
    api.request("POST", f"/api/puzzles/{puzzle.id}/answer", token, json={"action": puzzle.solution.token})
    for _ in range(5):
        assert api.request("GET", "/api/puzzles/next", token).json()["puzzle"]["id"] != puzzle.id


def test_bad_answers_and_tokens_are_refused_and_change_nothing(api: Api) -> None:
    token = api.request("POST", "/api/puzzles/solver").json()["token"]
    puzzle = puzzle_by_id(2)
    illegal = next(card for card in ("Ac", "Ad", "Ah", "As", "9c", "Jd") if card not in puzzle.values)
    cases = [
        (api.request("POST", "/api/puzzles/2/answer", token, json={"action": illegal}), 409, "illegal_action"),
        (api.request("POST", "/api/puzzles/2/answer", token, json={"action": "Zz"}), 400, "malformed"),
        (api.request("POST", "/api/puzzles/2/answer", token, content=b"[1]"), 400, "malformed"),
        (api.request("POST", "/api/puzzles/999999/answer", token, json={"action": "Ah"}), 404, "not_found"),
        (api.request("GET", "/api/puzzles/me"), 401, "unauthorized"),
        (api.request("GET", "/api/puzzles/me", "no-such-token"), 403, "wrong_token"),
    ]
    for response, status, code in cases:
        assert response.status_code == status and response.json()["error"]["code"] == code, response.text
    assert api.request("GET", "/api/puzzles/me", token).json()["skill"]["attempts"] == 0


def _cards(mask: int) -> list[str]:
    return [CARD_NAMES[card] for card in cards_of(mask)]
