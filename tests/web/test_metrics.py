"""Prometheus metrics (docs/deploy.md, "Metrics"): real actions played against a real server, then the
increase of each counter read from ``GET /metrics`` in the text format, as Prometheus reads it."""

from __future__ import annotations

import re
from collections.abc import Callable

import httpx
from prometheus_client.parser import text_string_to_metric_families

from sixtysix.web.limits import Limits

from .conftest import Api, Seat, ServerThread, wait_until

CARD = re.compile(r"^[ATKQJ9][cdhs]$")


def scrape(server: ServerThread) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    """Every sample of ``/metrics``, by (name, labels)."""
    response = httpx.get(f"{server.base}/metrics")
    assert response.status_code == 200, response.text
    assert response.headers["content-type"].startswith("text/plain")
    return {
        (sample.name, frozenset(sample.labels.items())): sample.value
        for family in text_string_to_metric_families(response.text)
        for sample in family.samples
    }


def value(samples: dict[tuple[str, frozenset[tuple[str, str]]], float], name: str, **labels: str) -> float:
    return samples.get((name, frozenset(labels.items())), 0.0)


def friends(server: ServerThread, api: Api) -> tuple[str, dict[int, str]]:
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], "Bob").json()
    return created["match_id"], {1: created["token"], 2: joined["token"]}


def test_a_card_played_over_the_websocket_counts_one_action_of_kind_card(server: ServerThread, api: Api) -> None:
    match_id, tokens = friends(server, api)
    seats = {number: Seat(server.base, match_id, token) for number, token in tokens.items()}
    mover = next(seat for seat in seats.values() if seat.state["legal"])
    card = next(action for action in mover.state["legal"] if CARD.match(action))
    before = scrape(server)
    answer = mover.act(card, mover.state["version"])
    assert answer["type"] in ("state", "patch"), answer
    after = scrape(server)
    assert (
        value(after, "sixtysix_actions_total", kind="card") - value(before, "sixtysix_actions_total", kind="card") == 1
    )
    applied = {"outcome": "applied"}
    count = "sixtysix_action_seconds_count"
    assert value(after, count, **applied) - value(before, count, **applied) == 1
    assert value(after, "sixtysix_action_seconds_sum", **applied) > value(
        before, "sixtysix_action_seconds_sum", **applied
    )
    assert value(after, "sixtysix_websockets_open") == 2
    for seat in seats.values():
        seat.close()
    wait_until(lambda: value(scrape(server), "sixtysix_websockets_open") == 0)


def test_http_answers_are_counted_by_route_template_and_status(server: ServerThread, api: Api) -> None:
    match_id, tokens = friends(server, api)
    other_id, other_tokens = friends(server, api)
    for mid, seat_tokens in ((match_id, tokens), (other_id, other_tokens)):
        for token in seat_tokens.values():
            assert api.state(mid, token)["match_id"] == mid
    state = api.state(match_id, tokens[1])
    mover = 1 if state["legal"] else 2
    legal = api.state(match_id, tokens[mover])["legal"]
    stale = api.act(match_id, tokens[mover], {"action": legal[0], "version": 0})
    assert stale.status_code == 409
    assert api.act(match_id, tokens[mover], {"action": legal[0]}).status_code == 200
    assert api.request("GET", "/").status_code == 200
    assert api.request("GET", "/js/no-such-file.js").status_code == 404
    samples = scrape(server)
    requests = "sixtysix_http_requests_total"
    template = "/api/matches/{match_id}"
    assert value(samples, requests, method="GET", route=template, status="200") == 6
    assert value(samples, requests, method="POST", route=template + "/actions", status="409") == 1
    assert value(samples, requests, method="POST", route=template + "/actions", status="200") == 1
    assert value(samples, requests, method="GET", route="static", status="200") == 1
    assert value(samples, requests, method="GET", route="static", status="404") == 1
    assert value(samples, "sixtysix_http_request_seconds_count", method="GET", route=template) == 6
    assert value(samples, "sixtysix_action_seconds_count", outcome="stale_version") == 1
    assert not any(match_id in name or match_id in str(labels) for name, labels in samples)  # no raw path
    assert value(samples, "sixtysix_matches_in_memory") == 2
    assert value(samples, "sixtysix_analyses", kind="review") == value(samples, "sixtysix_analyses", kind="hint") == 0


def test_the_computer_s_moves_are_counted_too(server: ServerThread, api: Api) -> None:
    created = api.create(opponent="computer", level=1, target=1, name="Alice")
    seat = Seat(server.base, created["match_id"], created["token"])
    while seat.state["status"] != "over":
        if seat.state["legal"]:
            seat.act(seat.state["legal"][0], seat.state["version"])
        else:
            seat.receive()
    seat.close()
    samples = scrape(server)
    played = sum(
        value(samples, "sixtysix_actions_total", kind=kind)
        for kind in ("card", "marriage", "exchange", "close", "claim", "draw", "pass")
    )
    people = value(samples, "sixtysix_action_seconds_count", outcome="applied")
    assert value(samples, "sixtysix_actions_total", kind="deal") >= 1
    assert played > people >= 1  # the computer's actions are applied without a person's request


def test_metrics_are_refused_to_a_client_outside_the_allow_list(make_server: Callable[..., ServerThread]) -> None:
    closed = make_server(limits=Limits(rates={}, metrics_allow_ips=("10.0.0.0/8", "::1")))
    refused = httpx.get(f"{closed.base}/metrics")
    assert refused.status_code == 404 and refused.json()["error"]["code"] == "not_found"
    opened = make_server(limits=Limits(rates={}, metrics_allow_ips=("*",)))
    assert httpx.get(f"{opened.base}/metrics").status_code == 200


def test_a_made_up_method_or_path_adds_no_label_of_its_own(server: ServerThread) -> None:
    for path in ("/no/such/page", "/api/no/such/endpoint", "/another/made/up/page"):
        httpx.request("BREW", f"{server.base}{path}")
        httpx.get(f"{server.base}{path}")
    samples = scrape(server)
    labels = {(dict(labels).get("method"), dict(labels).get("route")) for name, labels in samples}
    assert not any(method == "BREW" or (route or "").startswith(("/no", "/another")) for method, route in labels)
    assert value(samples, "sixtysix_http_requests_total", method="GET", route="static", status="404") == 2
