"""A deal's review made while it is played (``Limits.review_ahead``): each decision is analysed after the next
action of a person, and the review at the deal's end takes those analyses; it is the review made at the end."""

from __future__ import annotations

import dataclasses
import random
import time
from collections.abc import Callable

from sixtysix.web.limits import Limits
from sixtysix.web.review import review_deal

from .conftest import Api, Seat, ServerThread, both_databases, my_turn, pick


@both_databases
def test_a_review_analysed_while_the_deal_is_played_is_the_review_made_at_its_end(
    make_server: Callable[..., ServerThread],
) -> None:
    server = make_server(seed=4, limits=dataclasses.replace(Limits.off(), review_ahead=True))
    advisor = server.service.advisor
    assert advisor.ahead_executor is not None
    api = Api(server.base)
    created = api.create(level=2)
    match_id, token = created["match_id"], created["token"]
    seat = Seat(server.base, match_id, token)
    rng = random.Random(5)
    while seat.wait(my_turn)["deal"]["outcome"] is None:
        seat.act(pick(seat.state, rng, claims=False), seat.state["version"])
    ahead = [key for key in advisor.ahead if key[:2] == (match_id, 1)]
    assert ahead, "no decision was analysed while the deal was played"
    review = api.request("GET", f"/api/matches/{match_id}/deals/1/review", token)
    assert review.status_code == 200, review.text
    decisions = review.json()["decisions"]
    assert len(decisions) > len(ahead)  # the last decisions are the review's own
    assert not [key for key in advisor.ahead if key[:2] == (match_id, 1)]  # every analysis ahead was taken
    deal = server.service.games[match_id].match.deals[0]
    at_the_end = review_deal(deal.rules, deal.dealer, deal.deck, deal.history, None, 2)["decisions"]
    assert isinstance(at_the_end, list)
    assert [{key: d[key] for key in s} for d, s in zip(decisions, at_the_end, strict=True)] == at_the_end
    seat.close()
    api.close()


def test_no_review_is_analysed_ahead_unless_the_server_says_so(make_server: Callable[..., ServerThread]) -> None:
    server = make_server(seed=4)
    assert server.service.advisor.ahead_executor is None
    api = Api(server.base)
    created = api.create(level=2)
    seat = Seat(server.base, created["match_id"], created["token"])
    seat.act(pick(seat.wait(my_turn), random.Random(1), claims=False), seat.state["version"])
    assert not server.service.advisor.ahead
    seat.close()
    api.close()


def test_a_server_told_to_starts_its_analysis_processes_before_the_first_hint(
    make_server: Callable[..., ServerThread],
) -> None:
    server = make_server(seed=4, limits=dataclasses.replace(Limits.off(), warm_analysis=True, review_ahead=True))
    advisor = server.service.advisor
    deadline = time.monotonic() + 60
    pools = (advisor.executor, advisor.ahead_executor)
    while sum(len(getattr(pool, "_processes", None) or {}) for pool in pools) < 3:
        assert time.monotonic() < deadline, "the analysis processes did not start"
        time.sleep(0.05)
    assert advisor.analyses == 0  # started before any hint or review was asked
