"""Two ``sixtysix serve`` processes on one real PostgreSQL database: the two seats of one match on
different processes see each other's moves (LISTEN/NOTIFY, docs/deploy.md), every action stored once;
one of them killed with ``kill -9`` loses nothing, and its computer moves are made by the other, once."""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from typing import Any

import pytest

from sixtysix.web.store import Store

from .conftest import Api, Seat, ServerProcess, my_turn, pick, stored


def at_least(version: int) -> Callable[[dict[str, Any]], bool]:
    """Whether a state is at ``version`` or later."""
    return lambda state: int(state["version"]) >= version


@pytest.mark.slow
def test_a_friend_match_with_one_seat_on_each_of_two_server_processes(postgres_url: str) -> None:
    first = ServerProcess(postgres_url)
    second = ServerProcess(postgres_url)
    apis = [Api(first.base), Api(second.base)]
    seats: dict[int, Seat] = {}
    try:
        created = apis[0].create(opponent="friend", name="Alice")
        match_id, alice_token = str(created["match_id"]), str(created["token"])
        alice = seats[1] = Seat(first.base, match_id, alice_token)
        assert alice.state["status"] == "waiting"
        joined = apis[1].join(created["invite"]["code"], "Bob").json()  # through the other process
        alice.wait(lambda s: s["status"] == "playing" and s["opponent"]["name"] == "Bob")
        bob = seats[2] = Seat(second.base, match_id, str(joined["token"]))
        assert bob.state["version"] == alice.state["version"]
        rng = random.Random(6)
        moves = 0
        while alice.state["deal"]["outcome"] is None:
            for number, me in seats.items():
                if not me.state["legal"] or me.state["deal"]["outcome"] is not None:
                    continue
                answer = me.act(pick(me.state, rng, claims=False), me.state["version"])
                assert stored(answer), answer
                version = answer["state"]["version"]
                seats[3 - number].wait(at_least(version))  # pushed by the other process
                moves += 1
                break
        assert moves > 5
        for key in ("winner", "points", "termination"):
            assert alice.state["deal"]["outcome"][key] == bob.state["deal"]["outcome"][key]
        history = history_of(alice.state)
        answer = bob.act("next")  # the next deal, started on the second process, reaches the first
        assert stored(answer) and answer["state"]["deal"]["number"] == 2
        alice.wait(lambda s: s["deal"]["number"] == 2 and s["version"] == answer["state"]["version"])
        # both processes answer with the database's state
        assert apis[0].state(match_id, alice_token)["version"] == apis[1].state(match_id, alice_token)["version"]
        store = Store(postgres_url, migrate=False)
        try:
            match = store.load(match_id)
            assert match is not None and match.row.version == alice.state["version"]
            assert seen_by(1, match.deals[0].actions) == history  # each once, in order
        finally:
            store.close()
    finally:
        for seat in seats.values():
            seat.close()
        for api in apis:
            api.close()
        first.stop()
        second.stop()


def holder_pid(store: Store, match_id: str) -> int:
    """The process id of the server process that holds the match's lease (holder ``host:pid:random``)."""
    holder, _ = store.leases()[match_id]
    return int(holder.split(":")[1])


def stored_actions(store: Store, match_id: str) -> list[tuple[int, str]]:
    """(seat, token) of every stored action of the match's current deal, in order."""
    match = store.load(match_id)
    assert match is not None
    return match.deals[-1].actions


def history_of(state: dict[str, Any]) -> list[tuple[int, str]]:
    """(seat, token) of every action of the state's current deal that the seat is shown."""
    return [(entry["seat"], entry["action"]) for entry in state["deal"]["history"]]


def seen_by(seat: int, actions: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """The stored actions a seat's history shows: all but the other seats' ``pass`` decisions."""
    return [(s, token) for s, token in actions if token != "pass" or s == seat]


def sent_once_each(stored: list[tuple[int, str]], sent: list[tuple[int, str]]) -> bool:
    """Whether the stored actions are the sent ones, in order, each once, with only the decisions the server
    takes itself between them (the ``draw`` before a card sent instead of it, an exchange window's ``pass``)."""
    rest = iter(stored)
    for action in sent:
        for found in rest:
            if found == action:
                break
            if found[1] not in ("draw", "pass"):
                return False
        else:
            return False
    return all(found[1] in ("draw", "pass") for found in rest)


@pytest.mark.slow
def test_a_server_process_killed_mid_match_loses_nothing_and_the_other_carries_on(postgres_url: str) -> None:
    """``kill -9`` of one of two server processes: the socket of its friend match moves to the other
    process and both play on, every action stored once; the computer move it owned (it held the lease,
    and waits an hour before each move) is made by the survivor once the lease runs out, once."""
    lease = ["--lease-seconds", "1"]
    first = ServerProcess(postgres_url, options=[*lease, "--computer-delay", "3600"])
    second = ServerProcess(postgres_url, options=lease)
    apis = [Api(first.base), Api(second.base)]
    store = Store(postgres_url, migrate=False)
    seats: dict[int, Seat] = {}
    person: Seat | None = None
    try:
        created = apis[0].create(opponent="friend", name="Alice")
        match_id, alice_token = str(created["match_id"]), str(created["token"])
        joined = apis[1].join(created["invite"]["code"], "Bob").json()
        seats[1] = Seat(first.base, match_id, alice_token)
        seats[2] = Seat(second.base, match_id, str(joined["token"]))
        rng = random.Random(66)
        played: list[tuple[int, str]] = []

        def play(moves: int) -> None:
            """``moves`` actions (fewer if the deal ends), each answered as stored and pushed to the other seat."""
            for _ in range(moves):
                number = next((n for n, s in seats.items() if s.state["legal"]), None)
                if number is None or seats[number].state["deal"]["outcome"] is not None:
                    return
                me = seats[number]
                action = pick(me.state, rng, claims=False)
                answer = me.act(action, me.state["version"])
                assert stored(answer), answer
                played.append((number, action))
                version = answer["state"]["version"]
                seats[3 - number].wait(at_least(version))

        seats[1].wait(lambda s: s["status"] == "playing")
        play(6)  # (fewer should the deal end sooner)
        assert played
        # a computer match whose computer (seat 1, to lead) the first process is to move
        computer = apis[0].create(level=1, seat=2, name="Carol")
        computer_id, carol_token = str(computer["match_id"]), str(computer["token"])
        assert holder_pid(store, computer_id) == first.process.pid
        assert stored_actions(store, computer_id) == []

        first.kill()  # SIGKILL: no shutdown, its leases stay in the database until they run out
        killed = time.monotonic()
        seats[1].close()
        seats[1] = Seat(second.base, match_id, alice_token)  # Alice's page reconnects to the survivor
        assert seats[1].state["version"] == seats[2].state["version"]
        stored_now = stored_actions(store, match_id)
        assert sent_once_each(stored_now, played)
        assert all(history_of(seats[n].state) == seen_by(n, stored_now) for n in (1, 2))
        person = Seat(second.base, computer_id, carol_token)
        person.wait(my_turn)  # the computer led, on the survivor
        took_over = time.monotonic() - killed
        assert holder_pid(store, computer_id) == second.process.pid
        assert {seat for seat, _ in history_of(person.state)} == {1}  # its turn (a lead, an exchange before), once
        assert seen_by(2, stored_actions(store, computer_id)) == history_of(person.state)

        play(100)  # the friends play the deal to its end on one process
        assert seats[1].state["deal"]["outcome"] is not None
        assert sent_once_each(stored_actions(store, match_id), played)  # none lost, none twice
        assert all(history_of(seats[n].state) == seen_by(n, stored_actions(store, match_id)) for n in (1, 2))
        answer = seats[2].act("next")  # and on to the next deal
        assert stored(answer) and answer["state"]["deal"]["number"] == 2
        seats[1].wait(lambda s: s["deal"]["number"] == 2 and s["version"] == answer["state"]["version"])
        for _ in range(4):  # and Carol plays on against the survivor's computer (the next deal too)
            state = person.wait(my_turn)
            assert state["status"] != "over"
            assert stored(person.act(pick(state, rng, claims=False), state["version"]))
        person.wait(my_turn)  # the computer answered the last of them
        assert seen_by(2, stored_actions(store, computer_id)) == history_of(person.state)
        print(f"the survivor moved the dead process's computer {took_over:.2f} s after the kill (lease 1 s)")
    finally:
        for seat in seats.values():
            seat.close()
        if person is not None:
            person.close()
        for api in apis:
            api.close()
        store.close()
        first.stop()
        second.stop()


def presence_of(me: Seat, seat: int) -> bool:
    """Whether ``seat`` is connected as ``me``'s socket last heard (a ``presence`` message, else its state)."""
    for message in reversed(me.messages):
        if message["type"] == "presence":
            return bool(message["connected"][str(seat)])
    return bool(me.state["opponent"]["connected"])


def wait_presence(me: Seat, seat: int, connected: bool, timeout: float = 30) -> None:
    """Receive until ``me``'s socket hears that ``seat`` is (or is not) connected."""
    deadline = time.monotonic() + timeout
    while presence_of(me, seat) is not connected:
        left = deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError(f"seat {seat} never became connected={connected}: {me.messages[-3:]}")
        me.receive(timeout=left)


class FriendsOnTwoProcesses:
    """A match between friends on two ``sixtysix serve`` processes on one PostgreSQL, the move clock and the
    grace period half a second each, leases of 1 s; ``late`` is the seat whose clock runs, ``other`` its
    opponent. Used as a context: the sockets opened, the clients and the processes end with it."""

    def __init__(self, postgres_url: str) -> None:
        options = ["--move-time", "0.5", "--grace", "0.5", "--lease-seconds", "1"]
        self.processes = [ServerProcess(postgres_url, options=options) for _ in range(2)]
        self.apis = [Api(process.base) for process in self.processes]
        self.sockets: list[Seat] = []
        try:
            created = self.apis[0].create(opponent="friend", name="Ann")
            self.match_id = str(created["match_id"])
            joined = self.apis[1].join(created["invite"]["code"], "Bob").json()
            self.tokens = {1: str(created["token"]), 2: str(joined["token"])}
            self.late = int(self.apis[1].state(self.match_id, self.tokens[1])["clock"]["seat"])
        except BaseException:
            self.__exit__()
            raise
        self.other = 3 - self.late

    def socket(self, process: int, seat: int) -> Seat:
        """A socket of ``seat`` on process ``process`` (0 or 1)."""
        opened = Seat(self.processes[process].base, self.match_id, self.tokens[seat])
        self.sockets.append(opened)
        return opened

    def wait_until_claimable(self) -> None:
        """Until the clock and the grace period have run out (server time, as the state says)."""
        while True:
            clock = self.apis[1].state(self.match_id, self.tokens[self.other])["clock"]
            if clock["now"] >= clock["match_after"]:
                return
            time.sleep(0.05)

    def __enter__(self) -> FriendsOnTwoProcesses:
        return self

    def __exit__(self, *_: object) -> None:
        for socket in self.sockets:
            socket.close()
        for api in self.apis:
            api.close()
        for process in self.processes:
            process.stop()


@pytest.mark.slow
def test_a_seat_connected_to_one_server_process_is_connected_on_the_other_and_its_match_not_claimed(
    postgres_url: str,
) -> None:
    """Presence is shared (docs/deploy.md): the late seat's socket on the first process, its opponent's on the
    second. The opponent sees it come and go, may not claim the match while it is connected there, and may
    once it is gone (the move clock and the grace period short: half a second each)."""
    with FriendsOnTwoProcesses(postgres_url) as two:
        late, other = two.late, two.other
        bob = two.socket(1, other)
        assert presence_of(bob, late) is False  # nobody is connected for the late seat yet
        ann = two.socket(0, late)
        wait_presence(bob, late, True)  # the first process's socket, heard on the second one
        assert ann.state["opponent"]["connected"] is True  # and the other way round
        two.wait_until_claimable()
        refused = bob.act("claim_match")
        assert refused["type"] == "error" and refused["error"]["code"] == "too_early", refused
        assert f"seat {late} is connected" in refused["error"]["message"]
        ann.close()
        wait_presence(bob, late, False)
        answer = bob.act("claim_match")
        assert stored(answer), answer
        final = bob.wait(lambda s: s["status"] == "over")
        assert final["match"]["forfeited_by"] == late and final["match"]["winner"] == other


@pytest.mark.slow
def test_a_seat_whose_server_process_is_killed_is_seen_gone_by_its_opponent_once_its_presence_runs_out(
    postgres_url: str,
) -> None:
    """``kill -9`` of the process a seat's socket is on: nothing of it deletes the seat's ``presence`` row, which
    runs out after the lease period (1 s here); the opponent, on the other process, hears the seat gone at that
    process's next renewal, and may then claim the match (the move clock and the grace period half a second)."""
    with FriendsOnTwoProcesses(postgres_url) as two:
        late, other = two.late, two.other
        bob = two.socket(1, other)
        two.socket(0, late)
        wait_presence(bob, late, True)
        two.processes[0].kill()  # no socket closes cleanly there, no row is deleted
        killed = time.monotonic()
        wait_presence(bob, late, False)
        gone_after = time.monotonic() - killed
        assert gone_after < 10, gone_after  # the lease period and a renewal's third, on a loaded machine
        two.wait_until_claimable()
        answer = bob.act("claim_match")
        assert stored(answer), answer
        final = bob.wait(lambda s: s["status"] == "over")
        assert final["match"]["forfeited_by"] == late and final["match"]["winner"] == other
        print(f"the opponent heard the killed process's seat gone {gone_after:.2f} s after the kill (lease 1 s)")
