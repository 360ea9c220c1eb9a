"""The Puzzles page's API (docs/web-api.md, "Puzzles"): the server sends the player's view and
the legal actions, never the solution before the answer nor a card the player has not seen; it
judges the answer and keeps the browser's rating and streaks in its database."""

from __future__ import annotations

import datetime

from sixtysix.ai.puzzles import CLOSED, PHASE_ONE, TALON_GONE, daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.core.cards import CARD_NAMES, cards_of
from sixtysix.present.describe import decimal_text

from .conftest import Api


def _first(kind: str, hidden: bool = False) -> int:
    return next(p.id for p in load_puzzles() if p.kind == kind and (p.worlds > 1) == hidden)


def test_a_puzzle_shows_the_players_view_and_its_legal_actions_but_not_the_solution(api: Api) -> None:
    number = _first(TALON_GONE)
    puzzle = puzzle_by_id(number)
    response = api.request("GET", f"/api/puzzles/{number}")
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    shown = response.json()["puzzle"]
    assert shown["id"] == number and shown["seat"] == puzzle.seat and shown["kind"] == TALON_GONE
    assert sorted(action["token"] for action in shown["legal"]) == sorted(puzzle.values)
    deal = puzzle.deal()
    assert sorted(shown["hand"]) == sorted(str(card) for card in _cards(deal.hands[puzzle.seat]))
    assert sorted(shown["opponent"]) == sorted(str(card) for card in _cards(deal.hands[3 - puzzle.seat]))
    assert shown["hidden"] == 0 and shown["worlds"] == 1 and set(shown["question"]) == {"en", "de", "fr"}
    text = response.text
    assert '"solution"' not in text and '"values"' not in text and '"line"' not in text


def test_a_hidden_hand_is_not_sent_only_the_cards_he_showed_and_how_many_are_hidden(api: Api) -> None:
    for kind in (CLOSED, PHASE_ONE):
        puzzle = puzzle_by_id(_first(kind, hidden=True))
        shown = api.request("GET", f"/api/puzzles/{puzzle.id}").json()["puzzle"]
        deal = puzzle.deal()
        view = deal.view(puzzle.seat)
        assert shown["kind"] == kind and shown["worlds"] == puzzle.worlds > 1
        assert sorted(shown["opponent"]) == sorted(_cards(view.opponent_known))
        assert shown["hidden"] + len(shown["opponent"]) == view.opponent_hand_size
        assert shown["talon"] == {
            "size": view.talon_size,
            "closed": kind == CLOSED,
            "closer": None if kind != CLOSED else "you" if deal.closer == puzzle.seat else "opponent",
        }
        stock = sum(1 << c for c in deal.stock[deal.stock_pos :])
        hidden = (deal.hands[3 - puzzle.seat] & ~view.opponent_known) | stock
        text = api.request("GET", f"/api/puzzles/{puzzle.id}").text
        assert [card for card in _cards(hidden) if f'"{card}"' in text] == []
        assert f"{puzzle.worlds} deals are consistent" in shown["kind_text"]["en"]
        assert f"{puzzle.worlds} Spiele passen" in shown["kind_text"]["de"]
        assert f"{puzzle.worlds} donnes sont compatibles" in shown["kind_text"]["fr"]
        assert "best in every one of them" in shown["question"]["en"]
        assert "in jedem davon der beste" in shown["question"]["de"]


def test_the_verdict_and_why_come_in_every_language_over_every_world(api: Api) -> None:
    puzzle = puzzle_by_id(_first(CLOSED, hidden=True))
    wrong = next(token for token in puzzle.values if token != puzzle.solution.token)
    judged = api.request("POST", f"/api/puzzles/{puzzle.id}/answer", json={"action": wrong}).json()
    assert judged["correct"] is False and judged["worlds"] == puzzle.worlds and judged["kind"] == CLOSED
    assert judged["verdict"]["en"].startswith("Not this time:") and "on average" in judged["verdict"]["en"]
    assert judged["verdict"]["de"].startswith("Diesmal nicht:") and "im Schnitt" in judged["verdict"]["de"]
    assert judged["verdict"]["fr"].startswith("Pas cette fois") and "en moyenne" in judged["verdict"]["fr"]
    every = f"In every one of the {puzzle.worlds} deals consistent with what you have seen"
    assert every in judged["explanation"]["en"]
    assert f"In jedem der {puzzle.worlds} Spiele" in judged["explanation"]["de"]
    assert f"Dans chacune des {puzzle.worlds} donnes" in judged["explanation"]["fr"]


def test_the_daily_puzzle_is_the_same_for_everyone_on_the_same_day(api: Api) -> None:
    first = api.request("GET", "/api/puzzles/daily").json()
    second = api.request("GET", "/api/puzzles/daily").json()
    day = datetime.date.fromisoformat(first["daily"])
    assert first["puzzle"]["id"] == second["puzzle"]["id"] == daily_puzzle(day).id


def test_an_answer_is_judged_and_moves_the_solvers_rating_once(api: Api) -> None:
    created = api.request("POST", "/api/puzzles/solver")
    assert created.status_code == 201
    token = created.json()["token"]
    puzzle = puzzle_by_id(_first(TALON_GONE))
    number = puzzle.id
    wrong = next(token_ for token_ in puzzle.values if token_ != puzzle.solution.token)
    judged = api.request("POST", f"/api/puzzles/{number}/answer", token, json={"action": wrong}).json()
    assert judged["correct"] is False and judged["solution"] == puzzle.solution.token
    assert judged["values"][0] == {"token": puzzle.solution.token, "value": puzzle.best_value}
    assert judged["change"] < 0 and judged["skill"]["attempts"] == 1 and judged["skill"]["streak"] == 0
    # why, in every language, with the exact values of the solution and of the move played
    assert set(judged["explanation"]) == {"en", "de", "fr"}
    for lang, text in judged["explanation"].items():
        assert decimal_text(puzzle.best_value, lang, sign=True) in text
        assert decimal_text(puzzle.values[wrong], lang, sign=True) in text
    again = api.request("POST", f"/api/puzzles/{number}/answer", token, json={"action": puzzle.solution.token}).json()
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
