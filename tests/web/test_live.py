"""Pushing states: each seat's state built and encoded once per change, the sender's answered."""

from __future__ import annotations

import json

from sixtysix.web.live import Audience, Subscriber, answer, state_message


def messages(sub: Subscriber) -> list[dict[str, object]]:
    out = []
    while not sub.queue.empty():
        text = sub.queue.get_nowait()
        assert text is not None
        out.append(json.loads(text))
    return out


def test_the_sender_gets_its_state_as_the_answer_and_its_other_sockets_the_same_state() -> None:
    audience = Audience((1, 2))
    sender, other_tab, opponent = Subscriber(), Subscriber(), Subscriber()
    audience.add(1, sender), audience.add(1, other_tab), audience.add(2, opponent)
    built: list[int] = []

    def state_of(seat: int) -> dict[str, object]:
        built.append(seat)
        return {"seat": seat, "version": 7, "legal": ["Ah"] if seat == 1 else []}

    audience.broadcast(state_of, origin=sender, reply_to="a1")
    assert sorted(built) == [1, 2]  # once per seat, whatever the number of its sockets
    [answered] = messages(sender)
    [plain] = messages(other_tab)
    [theirs] = messages(opponent)
    assert answered == {"type": "state", "state": {"seat": 1, "version": 7, "legal": ["Ah"]}, "reply_to": "a1"}
    assert plain == {"type": "state", "state": answered["state"]}
    assert theirs == {"type": "state", "state": {"seat": 2, "version": 7, "legal": []}}


def test_an_answer_is_the_message_with_reply_to_as_json_gives_it() -> None:
    state = {"seat": 2, "name": 'Ann "the cat" \u00e9'}
    for reply_to in ("x", 12, 'q"uote'):
        expected = {"type": "state", "state": state, "reply_to": reply_to}
        assert json.loads(answer(state_message(state), reply_to)) == expected
        assert json.loads(state_message(state, reply_to)) == expected
