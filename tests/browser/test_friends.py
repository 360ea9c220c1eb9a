"""Two people in two browser contexts, joined by an invitation link: a whole deal with live
updates on both pages, a third person refused at the same link, and neither page ever
holding a card its player may not see."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from .conftest import CARD, HiddenCheck, ServerThread, Table, require_browser, shot

if TYPE_CHECKING:
    from playwright.sync_api import Route

require_browser()


def test_a_deal_between_two_browsers_joined_by_an_invitation_link(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=66)
    host = open_table(f"{server.base}/?animations=0#/")
    form = host.page.locator("[data-testid=friend-form]")
    form.locator("[data-testid=name-input]").fill("Alice")
    form.locator("[data-testid=new-friend-match]").click()
    host.page.locator("[data-testid=waiting]").wait_for()
    assert host.snapshot()["status"] == "waiting"
    link = host.page.locator("[data-testid=invite-link]").input_value()
    assert re.fullmatch(re.escape(server.base) + r"/\?join=[\w-]+", link), link
    shot(host.page, "friend-invitation")
    # the server showed the code once and keeps its hash: the page keeps the link, across a reload
    host.page.reload()
    host.page.locator("[data-testid=invite-link]").wait_for()
    assert host.page.locator("[data-testid=invite-link]").input_value() == link
    match_id = host.match_id
    game = server.service.games[match_id]

    # the friend opens the link in another browser and takes the seat
    guest = open_table(link)
    assert "Alice" in guest.page.locator("[data-testid=join-text]").inner_text()
    guest.page.locator("[data-testid=name-input]").fill("Bob")
    guest.page.locator("[data-testid=join-button]").click()
    guest.page.wait_for_url(re.compile(r"#/match/"))
    assert guest.match_id == match_id
    joined = guest.wait(settled=False)
    # the host's page follows live, without a reload: the deal is dealt, Bob is online
    start = host.wait_version(joined["version"])
    assert start["status"] == "playing" and start["deal"] == 1 and len(start["hand"]) == 6
    assert host.page.locator("[data-testid=seat-name]").inner_text() == "Bob"
    assert guest.page.locator("[data-testid=seat-name]").inner_text() == "Alice"
    host.page.locator("[data-testid=presence][data-connected=true]").wait_for()
    guest.page.locator("[data-testid=presence][data-connected=true]").wait_for()
    assert not set(start["hand"]) & set(joined["hand"])
    assert start["faceUp"] == joined["faceUp"] and start["talon"] == joined["talon"] == 12

    # a third person opening the same link is refused; the match does not change
    version = game.version
    intruder = open_table(link)
    refusal = intruder.page.locator("[data-testid=join-error]")
    refusal.wait_for()
    assert "taken" in refusal.inner_text() or "used" in refusal.inner_text(), refusal.inner_text()
    assert intruder.page.locator("[data-testid=join-button]").count() == 0
    shot(intruder.page, "invitation-refused")
    assert game.version == version and game.seats[2].name == "Bob"

    # the deal, one click at a time by whoever is to act; the other page follows live
    seats = {1: host, 2: guest}
    rng = random.Random(4)
    pages: list[tuple[int, str]] = []
    states = {1: start, 2: guest.wait_version(start["version"])}
    moves = 0
    while states[1]["stage"] != "over":
        pages += [(seat, seats[seat].page.content()) for seat in (1, 2)]
        acting = [seat for seat in (1, 2) if states[seat]["turn"] == "me"]
        assert acting, states
        seat = rng.choice(acting)
        states[seat] = seats[seat].play(rng, settled=False)
        other = 3 - seat
        states[other] = seats[other].wait_version(states[seat]["version"])
        assert states[other]["version"] == states[seat]["version"] == seats[seat].version
        assert states[other]["stage"] == states[seat]["stage"]
        assert states[other]["talon"] == states[seat]["talon"] and states[other]["oppHand"] == len(states[seat]["hand"])
        # the card just played shows on the other page (on the table, or in the last trick)
        played = [c for c in states[seat]["trick"] if c.startswith(f"{seat}:")]
        if states[other]["stage"] != "over":
            assert set(played) <= set(states[other]["trick"]), (played, states[other]["trick"])
        moves += 1
        assert moves < 80
        if moves == 6:
            shot(host.page, "friends-host")
            shot(guest.page, "friends-guest")
    pages += [(seat, seats[seat].page.content()) for seat in (1, 2)]

    # both see the end of the deal and the same score, each from his side
    for seat in (1, 2):
        seats[seat].page.locator("[data-testid=deal-result]").wait_for()
    winner = {seats[s].page.locator("[data-testid=deal-result]").get_attribute("data-winner") for s in (1, 2)}
    assert len(winner) == 1
    a, b = states[1]["score"].split("-")
    assert states[2]["score"] == f"{b}-{a}"
    assert states[1]["score"] != "0-0" or game.match.carried == 1
    assert seats[1].page.locator("[data-testid=next-deal]").is_enabled()
    assert seats[2].page.locator("[data-testid=next-deal]").is_enabled()
    shot(guest.page, "friends-deal-end")

    # neither page nor any frame or API answer held a card hidden from its player
    check = HiddenCheck(server.db, match_id)
    assert sum(check.page(content, seat) for seat, content in pages) > 100
    for seat in (1, 2):
        assert check.frames(seats[seat].frames, seat) >= moves // 2
        assert check.answers(seats[seat].answers, seat) >= 1
    assert all(CARD.match(c) for c in states[1]["hand"] + states[2]["hand"])


def test_the_name_typed_on_an_invitation_stays_when_the_page_is_drawn_again(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """The invitation page is drawn again when its second answer arrives (whether the match is
    rated): a name typed meanwhile stays, with the focus (it was lost, and the seat joined as Guest)."""
    server = make_server(seed=5)
    host = open_table(f"{server.base}/?animations=0#/")
    form = host.page.locator("[data-testid=friend-form]")
    form.locator("[data-testid=name-input]").fill("Alice")
    form.locator("[data-testid=new-friend-match]").click()
    link = host.page.locator("[data-testid=invite-link]").input_value()
    game = server.service.games[host.match_id]

    guest = open_table(f"{server.base}/?animations=0#/")
    held: list[Route] = []
    guest.page.route("**/api/account/invitation", lambda route: held.append(route))
    with guest.page.expect_request("**/api/account/invitation"):
        guest.page.goto(link)
    guest.page.locator("[data-testid=join-text]").wait_for()
    name = guest.page.locator("[data-testid=name-input]")
    name.fill("Bob")
    assert len(held) == 1
    name.evaluate("(input) => { input.dataset.before = 'yes'; }")
    held[0].continue_()
    guest.page.locator("[data-testid=name-input]:not([data-before])").wait_for()  # the form drawn again
    assert name.input_value() == "Bob"
    assert guest.page.evaluate("() => document.activeElement.dataset.testid") == "name-input"
    guest.page.locator("[data-testid=join-button]").click()
    guest.page.wait_for_url(re.compile(r"#/match/"))
    assert game.seats[2].name == "Bob"
