"""A change stored by one server process reaches the other in its notification (sixtysix.web.notify): the other
replays it on the match it holds, with no query; a notification without its change (too long for PostgreSQL) or
out of order reads what changed since the process's version, one that does not replay reads the whole match,
and every seat's state is the database's."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import psycopg
import pytest

from sixtysix.web import notify
from sixtysix.web.matches import Matches
from sixtysix.web.store import Change, Store, change_detail

from .conftest import Api, Seat, ServerThread, pick, stored, wait_until
from .test_processes import at_least

VOLATILE = ("clock", "seats", "opponent")
"""Who is connected and the move clock's ``now``: not the match's state as stored."""


def as_stored(url: str, match_id: str, seat: int) -> dict[str, Any]:
    """The seat's state rebuilt from the database alone (no server process's memory)."""
    store = Store(url, migrate=False)
    try:
        return comparable(Matches(store, random.Random(0), 0.05).get(match_id).state(seat))
    finally:
        store.close()


def comparable(state: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in state.items() if k not in VOLATILE}


class AcrossTwo:
    """A friends' match created on server ``a`` and joined through ``b``, seat 1's socket on ``a`` and seat 2's
    on ``b``: each change one process stores reaches the other by its notification."""

    def __init__(self, url: str, make_server: Callable[..., ServerThread]) -> None:
        self.url = url
        self.a, self.b = make_server(url), make_server(url)
        self.apis = [Api(self.a.base), Api(self.b.base)]
        created = self.apis[0].create(opponent="friend", name="Ann")
        self.match_id = str(created["match_id"])
        joined = self.apis[1].join(created["invite"]["code"], "Bob").json()
        self.tokens = {1: str(created["token"]), 2: str(joined["token"])}
        self.seats = {1: Seat(self.a.base, self.match_id, self.tokens[1])}
        self.seats[1].wait(lambda s: s["status"] == "playing")
        self.seats[2] = Seat(self.b.base, self.match_id, self.tokens[2])
        self.rng = random.Random(28)

    def game(self, server: ServerThread) -> Any:
        return server.service.games[self.match_id]

    def move(self) -> tuple[int, int]:
        """The seat to act acts on its process; (that seat, the version) once the other seat's socket has it."""
        for number, me in self.seats.items():
            if me.state["legal"]:
                answer = me.act(pick(me.state, self.rng, claims=False), me.state["version"])
                assert stored(answer), answer
                version = int(answer["state"]["version"])
                self.seats[3 - number].wait(at_least(version))
                return number, version
        raise AssertionError("no seat may act")

    def states_as_stored(self) -> bool:
        """Whether each seat's state, as both processes answer it, is the one rebuilt from the database."""
        return all(
            comparable(api.state(self.match_id, self.tokens[seat])) == as_stored(self.url, self.match_id, seat)
            for seat in (1, 2)
            for api in self.apis
        )

    def close(self) -> None:
        for seat in self.seats.values():
            seat.close()
        for api in self.apis:
            api.close()


@pytest.fixture
def two(postgres_url: str, make_server: Callable[..., ServerThread]) -> Iterator[AcrossTwo]:
    across = AcrossTwo(postgres_url, make_server)
    yield across
    across.close()


def send(url: str, text: str) -> None:
    """A notification on the changes' channel, as a server process's commit sends one."""
    with psycopg.connect(url, autocommit=True) as connection:
        connection.execute("SELECT pg_notify(%s, %s)", (notify.CHANNEL, text))


def test_a_change_stored_by_one_server_process_is_replayed_on_the_other_without_reading_the_match(
    two: AcrossTwo,
) -> None:
    rebuilt = {server: server.service.matches.rebuilt for server in (two.a, two.b)}
    replayed = {server: server.service.matches.replayed for server in (two.a, two.b)}
    moves = {1: 0, 2: 0}
    while two.seats[1].state["deal"]["number"] < 2:  # a whole deal, then the next one dealt
        seat, _ = two.move()
        moves[seat] += 1
    assert min(moves.values()) > 3
    for server, other_seat in ((two.a, 2), (two.b, 1)):
        assert server.service.matches.rebuilt == rebuilt[server]  # never read again
        assert server.service.matches.replayed - replayed[server] >= moves[other_seat]
    assert two.game(two.a).version == two.game(two.b).version == two.seats[1].state["version"]
    assert two.states_as_stored()


def test_a_change_too_long_for_its_notification_is_read_from_the_database_from_where_the_process_was(
    two: AcrossTwo, monkeypatch: pytest.MonkeyPatch
) -> None:
    two.move()
    monkeypatch.setattr(notify, "MAX_PAYLOAD_BYTES", 10)  # no change fits: every notification is "MATCH VERSION"
    matches = (two.a.service.matches, two.b.service.matches)
    rebuilt, caught_up = sum(m.rebuilt for m in matches), sum(m.caught_up for m in matches)
    for _ in range(3):
        two.move()
    assert sum(m.caught_up for m in matches) == caught_up + 3  # each change read by the process that did not make it
    assert sum(m.rebuilt for m in matches) == rebuilt  # not the whole match
    assert two.states_as_stored()


def test_a_notification_out_of_order_or_not_replaying_reads_the_match_and_a_late_one_is_ignored(
    two: AcrossTwo,
) -> None:
    two.move()
    b = two.b.service.matches
    game = two.game(two.b)
    version = game.version
    seat_to_act = 1 if two.seats[1].state["legal"] else 2
    number, history = len(game.match.deals), len(game.match.current.history)
    card = two.seats[seat_to_act].state["legal"][0]

    def change(base: int, token: str) -> Change:
        step = (number, history + 1, seat_to_act, token)
        return Change(two.match_id, base + 1, "playing", (0, 0), None, number, actions=[step], base=base)

    rebuilt, replayed, caught_up = b.rebuilt, b.replayed, b.caught_up
    late = change(version - 1, card)  # already held: nothing to do
    send(two.url, notify.payload(two.match_id, late.version, change_detail(late, 1.0)))
    ahead = change(version + 1, card)  # after a change this process has not heard of: what changed is read
    send(two.url, notify.payload(two.match_id, ahead.version, change_detail(ahead, 1.0)))
    wait_until(lambda: b.caught_up == caught_up + 1)
    assert b.rebuilt == rebuilt and game.version == version  # nothing had changed
    illegal = change(version, "garbage")  # the next change, but not one the engine takes: the match is read
    send(two.url, notify.payload(two.match_id, illegal.version, change_detail(illegal, 1.0)))
    wait_until(lambda: b.rebuilt == rebuilt + 1)
    assert b.replayed == replayed and game.version == version and two.states_as_stored()
    while two.move()[0] != 1:  # the next real change made on the other process is replayed again
        pass
    wait_until(lambda: b.replayed > replayed)
    assert b.rebuilt == rebuilt + 1 and b.caught_up == caught_up + 1 and two.states_as_stored()


def cut_listeners(url: str, channel: str) -> int:
    """End every PostgreSQL connection that listens on ``channel`` (as a database restart or a network cut
    would), once each is gone: how many there were."""
    with psycopg.connect(url, autocommit=True) as connection:
        listening = "SELECT pid FROM pg_stat_activity WHERE query = %s"
        pids = [row[0] for row in connection.execute(listening, (f"LISTEN {channel}",)).fetchall()]
        for pid in pids:
            connection.execute("SELECT pg_terminate_backend(%s)", (pid,))
        alive = "SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(%s)"
        wait_until(lambda: connection.execute(alive, (pids,)).fetchone() == (0,))
    return len(pids)


def listening(url: str, channel: str) -> int:
    """How many PostgreSQL connections listen on ``channel``."""
    with psycopg.connect(url, autocommit=True) as connection:
        found = connection.execute("SELECT count(*) FROM pg_stat_activity WHERE query = %s", (f"LISTEN {channel}",))
        return int(found.fetchone()[0])


def test_a_change_made_while_the_other_process_was_not_listening_reaches_its_socket_once_it_listens_again(
    two: AcrossTwo, monkeypatch: pytest.MonkeyPatch
) -> None:
    two.move()
    monkeypatch.setattr(notify, "RECONNECT_SECONDS", 3.0)  # the change below is made well before they listen again
    matches = {server: server.service.matches for server in (two.a, two.b)}
    caught_up = {server: m.caught_up for server, m in matches.items()}
    replayed = {server: m.replayed for server, m in matches.items()}
    assert cut_listeners(two.url, notify.CHANNEL) == 2  # both processes' listeners
    seat, version = two.move()  # its notification reaches no one: the other seat gets it by the reconnection
    other = two.b if seat == 1 else two.a
    assert matches[other].replayed == replayed[other] and matches[other].caught_up == caught_up[other] + 1
    assert two.game(two.a).version == two.game(two.b).version == version
    wait_until(lambda: listening(two.url, notify.CHANNEL) == 2)
    two.move()  # both listening again: the next change is replayed from its notification
    wait_until(lambda: sum(m.replayed for m in matches.values()) > sum(replayed.values()))
    assert two.states_as_stored()
