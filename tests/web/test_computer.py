"""Against the computer through the API: a whole deal over HTTP, a whole match over the
WebSocket, the levels, hints, the review, the record, history and statistics."""

from __future__ import annotations

import random
import threading
import time
from typing import Any

import pytest

from sixtysix.core.record import replay

from .conftest import Api, Seat, ServerThread, both_databases, my_turn, pick, stored


def wait_http(api: Api, match_id: str, token: str, timeout: float = 60) -> dict[str, Any]:
    """Poll the state until this seat has something to do (or the match is over)."""
    deadline = time.monotonic() + timeout
    while True:
        state = api.state(match_id, token)
        if my_turn(state):
            return state
        assert time.monotonic() < deadline, state
        time.sleep(0.01)


def test_meta(api: Api) -> None:
    meta = api.request("GET", "/api/meta").json()
    assert meta["api"] == 1
    assert set(meta["presets"]) == {"seed66", "pagat66", "schnapsen", "vu_schnapsen", "vu_schnapsen24"} | {
        "three66",
        "four66",
    }
    assert [meta["presets"][p]["players"] for p in ("seed66", "three66", "four66")] == [2, 3, 4]
    assert meta["presets"]["three66"]["levels"] == [1, 2, 3, 4, 5]
    assert 1 in meta["presets"]["four66"]["levels"]
    assert [lv["level"] for lv in meta["levels"]] == [1, 2, 3, 4, 5]
    assert meta["options"]["tie_rule"] == ["carry_one", "void"]


def test_a_whole_deal_over_http(api: Api) -> None:
    created = api.create(opponent="computer", level=3, name="Alice", rules="seed66")
    match_id, token, seat = created["match_id"], created["token"], created["seat"]
    assert seat == 1 and created["invite"] is None
    state = created["state"]
    assert state["status"] == "playing" and state["deal"]["number"] == 1
    assert state["you"]["name"] == "Alice" and state["opponent"]["name"] == "Computer (level 3)"
    assert state["deal"]["to_act"] == 1 and state["legal"]
    rng = random.Random(5)
    actions = 0
    while state["deal"]["outcome"] is None:
        action = pick(state, rng, claims=False)
        response = api.act(match_id, token, {"action": action, "version": state["version"]})
        assert response.status_code == 200, response.text
        answer = response.json()
        assert answer["ok"] and answer["version"] > state["version"]
        actions += 1
        state = wait_http(api, match_id, token)
    outcome = state["deal"]["outcome"]
    assert outcome["termination"] in {"claim", "false_claim", "played_out", "closer_failed", "tie"}
    assert outcome["explanation"] and outcome["headline"]
    assert state["deal"]["stage"] == "over" and state["deal"]["to_act"] is None
    assert state["legal"] == ["next"]
    assert actions >= 3
    # both totals are public once the deal is over
    assert len(outcome["points"]) == 2
    # the next deal
    response = api.act(match_id, token, {"action": "next"})
    assert response.status_code == 200, response.text
    state = wait_http(api, match_id, token)
    assert state["deal"]["number"] == 2 and state["deal"]["dealer"] == 1
    assert state["previous_deal"]["number"] == 1
    assert state["previous_deal"]["outcome"]["termination"] == outcome["termination"]


@both_databases
def test_a_whole_match_over_the_websocket(server: ServerThread, api: Api) -> None:
    created = api.create(level=1, name="Ann", target=5)
    seat = Seat(server.base, created["match_id"], created["token"])
    rng = random.Random(11)
    deals = 0
    while seat.state["status"] != "over":
        seat.wait(my_turn)
        if seat.state["status"] == "over":
            break
        state = seat.state
        action = pick(state, rng)
        if action == "next":
            deals += 1
        answer = seat.act(action, state["version"])
        assert stored(answer), answer
    final = seat.state
    assert final["match"]["over"] and final["match"]["winner"] in (1, 2)
    assert max(final["match"]["score"]) >= 5
    assert final["legal"] == []
    # the record replays to the same result
    record = api.request("GET", f"/api/matches/{created['match_id']}/record", created["token"])
    assert record.status_code == 200
    assert "attachment" in record.headers["content-disposition"]
    result = replay(record.text)
    assert list(result.match.score) == final["match"]["score"]
    assert result.match.winner == final["match"]["winner"]
    assert '[Seat1 "Ann"]' in record.text and "[Result" in record.text
    # the download link form
    link = api.request("GET", f"/api/matches/{created['match_id']}/record?token={created['token']}")
    assert link.text == record.text
    # history and statistics
    history = api.request("POST", "/api/history", json={"tokens": [created["token"], "nonsense"]}).json()
    assert history["unknown"] == 1
    (entry,) = history["matches"]
    assert entry["match_id"] == created["match_id"] and entry["status"] == "over"
    assert entry["won"] == (final["match"]["winner"] == 1)
    stats = history["stats"]
    assert stats["matches"]["played"] == 1
    assert stats["deals"]["played"] == final["match"]["deals"]
    assert stats["deals"]["won"] + stats["deals"]["lost"] + stats["deals"]["tied"] == stats["deals"]["played"]
    won = sum(r["game_points"] for r in final["match"]["results"] if r["winner"] == 1)
    lost = sum(r["game_points"] for r in final["match"]["results"] if r["winner"] == 2)
    assert stats["game_points"]["won"] == won and stats["game_points"]["lost"] == lost
    seat.close()


@pytest.mark.parametrize("level", [2, 3, 4, 5])
def test_every_level_plays(server: ServerThread, api: Api, level: int) -> None:
    created = api.create(level=level, rules="schnapsen", seat=2)
    assert created["seat"] == 2
    seat = Seat(server.base, created["match_id"], created["token"])
    rng = random.Random(level)
    seat.wait(my_turn)  # the computer leads the first deal
    assert seat.state["deal"]["history"], "the computer (seat 1) should have led"
    while seat.state["deal"]["outcome"] is None:
        answer = seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
        assert stored(answer), answer
        seat.wait(my_turn)
    seat.close()


def test_hint(server: ServerThread, api: Api) -> None:
    created = api.create(level=1)
    match_id, token = created["match_id"], created["token"]
    state = created["state"]
    hint = api.request("GET", f"/api/matches/{match_id}/hint", token)
    assert hint.status_code == 200, hint.text
    data = hint.json()
    assert data["version"] == state["version"]
    assert data["best"] in state["legal"]
    assert {a["action"] for a in data["actions"]} == set(state["legal"])
    assert all(-3.5 <= a["value"] <= 3.5 and 0 <= a["win_chance"] <= 1 for a in data["actions"])
    # every value with its standard error, and the loss against the best with its own
    assert all(a["se"] >= 0 and a["loss"] >= 0 and a["loss_se"] >= 0 for a in data["actions"])
    assert data["actions"][0]["action"] == data["best"] and data["actions"][0]["loss"] == 0
    # why the best action is better, in each language
    assert set(data["explanation"]) == {"en", "de", "fr"} and all(data["explanation"].values())
    # not at the computer's decision
    api.act(match_id, token, {"action": next(a for a in state["legal"] if len(a) == 2 and a != "66")})
    refused = api.request("GET", f"/api/matches/{match_id}/hint", token)
    if refused.status_code != 200:  # the computer may already have answered
        assert refused.json()["error"]["code"] == "not_your_turn"


def test_no_hints_between_friends(api: Api) -> None:
    created = api.create(opponent="friend")
    assert api.join(created["invite"]["code"]).status_code == 201
    refused = api.request("GET", f"/api/matches/{created['match_id']}/hint", created["token"])
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_available"


def test_review(server: ServerThread, api: Api) -> None:
    created = api.create(level=2)
    match_id, token = created["match_id"], created["token"]
    early = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token)
    assert early.status_code == 409 and early.json()["error"]["code"] == "not_available"
    missing = api.request("GET", f"/api/matches/{match_id}/deals/9/review", token)
    assert missing.status_code == 404
    seat = Seat(server.base, match_id, token)
    rng = random.Random(2)
    while seat.wait(my_turn)["deal"]["outcome"] is None:
        seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    review = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token)
    assert review.status_code == 200, review.text
    data = review.json()
    assert data["deal"] == 1 and data["seat"] == 1
    decisions = data["decisions"]
    assert decisions and {d["seat"] for d in decisions} <= {1, 2}
    assert len(data["chart"]["values"]) == len(decisions) == len(data["chart"]["labels"])
    for d, value in zip(decisions, data["chart"]["values"], strict=True):
        assert value == pytest.approx(d["played_value"] if d["seat"] == 1 else -d["played_value"], abs=1e-3)
        assert d["classification"] in (None, "inaccuracy", "mistake", "blunder")
        assert d["loss"] >= 0 and d["best"] in {a["action"] for a in d["alternatives"]}
        # the uncertainty: the loss's standard error and interval, a verdict that agrees with the classification
        assert d["verdict"] in ("good", "uncertain", "inaccuracy", "mistake", "blunder")
        assert d["classification"] == (None if d["verdict"] in ("good", "uncertain") else d["verdict"])
        assert d["loss_se"] >= 0 and d["loss_low"] <= d["loss"] + 1e-3 <= d["loss_high"] + 2e-3
        assert all(a["se"] >= 0 for a in d["alternatives"]) and d["played_se"] >= 0
        # what the page says: every best move (ties too), whether the move played is one, the kind of choice
        values = {a["action"]: a["value"] for a in d["alternatives"]}
        assert d["best"] in d["best_actions"] and set(d["best_actions"]) <= set(values)
        assert all(values[b] == pytest.approx(max(values.values()), abs=1e-4) for b in d["best_actions"])
        assert d["played_best"] == (d["action"] in d["best_actions"])
        # a draw is shown as the decision it is, close now or draw: only where closing was possible
        assert (d["choice"] == "close_or_draw") == ({"CB", "draw"} <= set(values))
        if d["action"] == "draw":
            assert d["choice"] == "close_or_draw" and "CB" in values
        # every fault says why, in each language; other decisions need no explanation
        assert (d["explanation"] is None) == (d["classification"] is None)
        assert d["explanation"] is None or set(d["explanation"]) == {"en", "de", "fr"}
    assert len(data["deck"]) == 24 and data["outcome"]["winner"] == seat.state["deal"]["outcome"]["winner"]
    assert set(data["summary"]) == {"1", "2"}
    assert all("uncertain" in summary for summary in data["summary"].values())
    assert data["thresholds"]["z"] == 2
    # stored: the second call answers the same at once
    again = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token).json()
    assert again["decisions"] == decisions
    # the computer's seat is not a token holder; the review for seat 1 only differs by perspective
    seat.close()


def test_options_and_targets(api: Api) -> None:
    created = api.create(rules="pagat66", options={"may_review_tricks": "own_only", "tie_rule": "carry_one"}, target=3)
    state = created["state"]
    assert state["rules"]["preset"] == "pagat66"
    assert state["rules"]["options"] == {"may_review_tricks": "own_only", "tie_rule": "carry_one"}
    assert state["rules"]["target"] == 3 and state["match"]["target"] == 3
    assert state["opponent"]["points"] == 0  # reviewable: the opponent's points are shown
    strict = api.create()["state"]
    assert strict["opponent"]["points"] is None and strict["opponent"]["pending"] is None


def test_a_review_in_progress_reports_its_decisions_and_faults(server: ServerThread, api: Api) -> None:
    """Waiting is shown, never blank: while a review runs, its progress (decisions done of the total, the faults
    found so far in the review's own form); once stored, ``ready``."""
    created = api.create(level=2)
    match_id, token = created["match_id"], created["token"]
    progress_path = f"/api/matches/{match_id}/deals/1/review/progress"
    seat = Seat(server.base, match_id, token)
    rng = random.Random(5)
    while seat.wait(my_turn)["deal"]["outcome"] is None:
        seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    before = api.request("GET", progress_path, token).json()
    assert before["ready"] is False and before["running"] is False
    answers: list[dict[str, Any]] = []
    thread = threading.Thread(
        target=lambda: answers.append(api.request("GET", f"/api/matches/{match_id}/deals/1/review", token).json())
    )
    thread.start()
    seen = []
    while thread.is_alive():
        report = api.request("GET", progress_path, token).json()
        if report["running"]:
            assert 0 <= report["done"] <= report["total"]
            assert all(f["classification"] in ("inaccuracy", "mistake", "blunder") for f in report["faults"])
            seen.append(report)
        time.sleep(0.05)
    thread.join()
    decisions = answers[0]["decisions"]
    assert all(report["total"] == len(decisions) for report in seen)
    faults = {d["index"]: d for d in decisions if d["classification"]}
    assert all(f["index"] in faults and f["action"] == faults[f["index"]]["action"] for r in seen for f in r["faults"])
    assert api.request("GET", progress_path, token).json()["ready"] is True
    seat.close()
