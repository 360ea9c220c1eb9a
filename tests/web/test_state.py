"""The game facts of the seat state over the API are the engine's (issue 11, bug 2).

With the legal option ``nine_points=1`` a nine counts one card point: every completed trick
the server sends (leader, cards, winner, points) is checked, version by version, against the
engine replaying the match from the database, and its points against the card values of
these rules. The page only shows what it is sent (tests/web_static/rules.test.mjs).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from present.test_state import Tricks
from sixtysix.core.actions import Action
from sixtysix.core.match import AnyMatch

from .conftest import Api, Seat, ServerThread, my_turn, pick, stored, stored_versions
from .test_hidden import states_in

NINE_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 1}
"""Card points with nine_points=1 (rules.md): the test's own table, the oracle of the server's."""


def tricks_by_version(db: Path, match_id: str) -> dict[int, list[dict[str, Any]]]:
    """For every version of the match: the completed tricks of its current deal, as the engine played them."""
    out: dict[int, list[dict[str, Any]]] = {}
    watched: dict[int, Tricks] = {}  # by deal number

    def apply(match: AnyMatch, action: Action, seat: int) -> None:
        watched.setdefault(len(match.deals), Tricks(match)).apply(action, seat)

    for version, match in stored_versions(db, match_id, apply):
        out[version] = list(watched.get(len(match.deals), Tricks(match)).done)
    return out


def test_with_nine_points_every_trick_is_the_engines(server: ServerThread, api: Api) -> None:
    rng = random.Random(12)
    nines = checked = 0
    for number in range(8):  # matches until enough states are checked (however the seeded deals fall)
        if checked > 50 and nines > 10:
            break
        created = api.create(level=1 + number % 3, options={"nine_points": 1}, target=2, seat=1 + number % 2)
        assert created["state"]["rules"]["options"] == {"nine_points": "1"}  # as record Option text
        seat = Seat(server.base, created["match_id"], created["token"])
        while seat.wait(my_turn)["status"] != "over":
            state = seat.state
            assert stored(seat.act(pick(state, rng), state["version"]))
        oracle = tricks_by_version(server.db, created["match_id"])
        for message in [*seat.messages, *(m for _, m in api.seen)]:
            for state in states_in(message):
                if state["deal"] is None:
                    continue
                tricks = state["deal"]["tricks"]
                assert tricks == oracle[state["version"]], state["version"]
                for trick in tricks:
                    assert trick["points"] == sum(NINE_POINTS[c["card"][0]] for c in trick["cards"])
                    nines += any(c["card"][0] == "9" for c in trick["cards"])
                assert state["deal"]["last_trick"] == (tricks[-1] if tricks else None)
                checked += 1
        api.seen.clear()
        seat.close()
    assert checked > 50 and nines > 10, (checked, nines)


def test_the_state_has_one_shape_for_every_table_size(server: ServerThread, api: Api) -> None:
    keys = {}
    for preset in ("seed66", "three66", "four66"):
        state = api.create(rules=preset, level=1)["state"]
        keys[preset] = (sorted(state), sorted(state["deal"]))
        assert [s["seat"] for s in state["seats"]] == list(range(1, state["players"] + 1))
        assert state["deal"]["tricks"] == [] and state["deal"]["tricks_played"] == 0
    assert keys["seed66"] == keys["three66"] == keys["four66"]
