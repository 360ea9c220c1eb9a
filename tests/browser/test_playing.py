"""What a first evening's play shows, in a real browser: a refused card says why, claims and
closing look secondary, the cards left at a deal's end, the names in the page's language, the
phone layouts, the move clock with its claim, the presence while the server is down, the turn
sound's switch, and the rematch."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable

from sixtysix.web.middleware import ServerTime
from web.conftest import Api, Seat

from .conftest import DESKTOP, PHONE, ServerThread, Table, require_browser, resize, shot, start_computer_match

require_browser()

IN_VIEW = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const box = e.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const top = document.elementFromPoint(x, y);
  return { inside: box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth,
           uncovered: Boolean(top && e.contains(top)) };
})"""


def in_view(table: Table, selector: str) -> list[dict[str, bool]]:
    found: list[dict[str, bool]] = table.page.evaluate(IN_VIEW, selector)
    assert found, f"nothing matches {selector}"
    return found


def seat_table(open_table: Callable[..., Table], server: ServerThread, match_id: str, token: str, seat: int) -> Table:
    """A browser on the table of ``seat`` of a match made over the API (its token in localStorage)."""
    table = open_table(f"{server.base}/?animations=0#/")
    seats = json.dumps({match_id: {"token": token, "seat": seat, "kind": "friend"}})
    table.page.evaluate(f"() => localStorage.setItem('sixtysix.seats', {json.dumps(seats)})")
    table.page.goto(f"{server.base}/?animations=0#/match/{match_id}")
    table.page.locator("[data-testid=table][data-status=playing]").wait_for()
    return table


def test_a_quick_claim_asks_first_and_the_deal_end_shows_every_card(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=21)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    page.locator("[data-testid=lobby]").wait_for()
    state = start_computer_match(table, level=1, target=1)
    # wait for the first lead of ours (the computer leads every other deal: play one card if needed)
    server_state = server.service.games[table.match_id].state(1)
    assert state["turn"] == "me"
    # the exchange is offered only to the one who holds the card to exchange
    assert ("X" in server_state["legal"]) == (page.locator("[data-testid=action][data-action=X]").count() == 1)
    if "66" not in server_state["legal"]:
        state = table.play(random.Random(1))
        server_state = server.service.games[table.match_id].state(1)
    assert "66" in server_state["legal"] and server_state["you"]["points"] < 66
    # legal but unlikely: the claim and the close do not glow like a recommendation
    claim = page.locator("[data-testid=action][data-action='66']")
    assert "minor" in (claim.get_attribute("class") or "")
    if "C" in server_state["legal"]:
        assert "minor" in (page.locator("[data-testid=action][data-action=C]").get_attribute("class") or "")
    shot(page, "ux-first-lead")
    # a claim under 66 asks first
    claim.click()
    confirm = page.locator("[data-testid=action][data-action='66'].confirm")
    confirm.wait_for()
    assert table.snapshot()["stage"] != "over"
    confirm.click()
    table.wait(state["version"])
    page.locator("[data-testid=deal-result]").wait_for()
    game = server.service.games[table.match_id]
    deal = game.match.current
    assert deal.outcome is not None and deal.outcome.termination.value == "false_claim"
    expected = server.service.games[table.match_id].state(1)["deal"]["revealed"]
    # the opponent's cards face up, and the talon that was left
    shown = page.locator("[data-testid=seat] [data-testid=revealed-card]").evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)"
    )
    assert shown == expected["hands"][0]["cards"] and len(shown) >= 5
    left = page.locator("[data-testid=talon-left-card]").evaluate_all("(cards) => cards.map((c) => c.dataset.card)")
    assert left == expected["talon"] and len(left) >= 10
    assert page.locator("[data-testid=seat] .opp-card:not(.revealed)").count() == 0  # no backs left
    shot(page, "ux-deal-end-desktop")
    # on a phone: the result, the cards left (with the trump card) and the own hand without scrolling
    resize(page, PHONE)
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"]
    assert all(c["inside"] for c in in_view(table, "[data-testid=hand-card]")), "the hand is below the fold"
    trump = f"[data-testid=talon-left-card][data-card='{server_state['deal']['face_up']}']"
    assert all(c["inside"] and c["uncovered"] for c in in_view(table, trump)), "the trump card is hidden"
    assert all(c["inside"] for c in in_view(table, "[data-testid=deal-headline]"))
    shot(page, "ux-deal-end-phone")
    # the review on a phone: no horizontal scroll
    page.locator("[data-testid=review-button]").click()
    page.locator("[data-testid=review-decision]").first.wait_for(timeout=120_000)
    widths = page.evaluate(
        """() => [document.documentElement.scrollWidth,
           ...[...document.querySelectorAll('.table-wrap')].map((w) => w.scrollWidth - w.clientWidth)]"""
    )
    assert widths[0] <= PHONE["width"] and all(extra <= 1 for extra in widths[1:]), widths
    shot(page, "ux-review-phone", full_page=True)
    page.set_viewport_size(DESKTOP)
    # the rematch: the same rules and computer level, a new table at once
    page.locator("[data-testid=back-to-table]").click()
    page.locator("[data-testid=connection][data-status=open]").wait_for()
    old = table.match_id
    page.locator("[data-testid=rematch]").click()
    page.wait_for_function(f"() => !location.hash.includes('{old}') && location.hash.startsWith('#/match/')")
    fresh = table.wait()
    assert fresh["deal"] == 1 and fresh["score"] == "0-0"
    assert server.service.games[table.match_id].match.rules.match_target == 1


def computer_table(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table], target: int
) -> tuple[ServerThread, Table]:
    """A server and a browser at the first decision of a match against the level-3 computer."""
    server = make_server(seed=5)
    table = open_table(f"{server.base}/?animations=0#/")
    table.page.locator("[data-testid=lobby]").wait_for()
    start_computer_match(table, level=3, target=target)
    return server, table


def test_after_winning_a_trick_the_decision_is_close_now_or_draw(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    # level 3 makes no false claim: the match lasts until we have won a trick with the talon open
    server, table = computer_table(make_server, open_table, target=21)
    table.play_until(random.Random(3), lambda s: "CB" in s["options"])
    server_state = server.service.games[table.match_id].state(1)
    assert "CB" in server_state["legal"] and "C" in server_state["after_draw"]  # closing after the draw is legal too
    buttons = table.page.locator("[data-testid=action]")
    actions = buttons.evaluate_all("(bs) => bs.map((b) => b.dataset.action)")
    # one close button (before the draw), secondary; closing after the draw comes with the next state
    assert "C" not in actions and actions.count("CB") == 1 and "draw" in actions, actions
    close = table.page.locator("[data-testid=action][data-action=CB]")
    assert "minor" in (close.get_attribute("class") or "")


BOTTOMS = """(selectors) => selectors.map((s) => {
  const e = document.querySelector(s);
  return e ? e.getBoundingClientRect().bottom : null;
})"""


def test_a_hint_on_a_desktop_leaves_the_hand_and_its_buttons_in_view(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    _, table = computer_table(make_server, open_table, target=7)
    page = table.page
    selectors = ["[data-testid=hand-card]", "[data-testid=actions]", "[data-testid=hint-result]"]
    before = page.evaluate(BOTTOMS, selectors)
    page.locator("[data-testid=hint-button]").click()
    page.locator("[data-testid=hint-result]:not([data-loading])").wait_for(timeout=60_000)
    after = page.evaluate(BOTTOMS, selectors)
    height = DESKTOP["height"]
    # the hand and the buttons do not move, and everything stays on the 1280x800 screen
    assert after[:2] == before[:2] and all(bottom <= height for bottom in after), (before, after)
    shot(page, "hint-desktop")


def test_the_names_of_the_computer_in_the_page_language(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=22)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    start_computer_match(table, level=3)
    assert page.locator("[data-testid=seat-name]").inner_text() == "Computer (level 3)"
    for lang, name in (("de", "Computer (Stufe 3)"), ("fr", "Ordinateur (niveau 3)")):
        page.locator("[data-testid=lang-switch]").select_option(lang)
        page.locator("[data-testid=seat-name]", has_text=name).wait_for()
        score = page.locator("[data-testid=tally-opp] .tally-name").inner_text()
        assert score.startswith(name), score
    page.locator("[data-testid=lang-switch]").select_option("en")


def test_a_refused_card_says_why_next_to_the_hand(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=23)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Ann", target=7)
    joined = api.join(created["invite"]["code"], "Bob").json()
    match_id = created["match_id"]
    table = seat_table(open_table, server, match_id, created["token"], 1)
    page = table.page
    bob = joined["token"]
    rng = random.Random(4)
    reasons: set[str] = set()
    for _ in range(60):
        state = api.state(match_id, created["token"])
        table.wait_version(state["version"])
        refusals = state["deal"]["refusals"]
        if refusals:
            card = sorted(refusals)[0]
            page.locator(f"[data-testid=hand-card][data-card='{card}']").click()
            note = page.locator("[data-testid=refusal]:not([hidden])")
            note.wait_for()
            assert note.get_attribute("data-card") == card
            assert note.get_attribute("data-reason") == refusals[card]["reason"]
            assert refusals[card]["text"] in note.inner_text()  # English: the server's words
            assert table.snapshot()["version"] == state["version"]  # the click changed nothing
            if refusals[card]["reason"] not in reasons and refusals[card]["reason"] != "wait":
                shot(page, "ux-refused-card")
            reasons.add(refusals[card]["reason"])
        if reasons - {"wait"}:
            break
        if state["deal"]["stage"] == "over":
            api.act(match_id, bob, {"action": "next"})
            continue
        bob_state = api.state(match_id, bob)
        if bob_state["legal"]:
            # Bob closes the talon when he can (the strict rules: follow suit and beat), else plays
            legal = bob_state["legal"]
            choice = "C" if "C" in legal else rng.choice([a for a in legal if a != "66"] or legal)
            api.act(match_id, bob, {"action": choice})
        else:
            legal = [a for a in state["legal"] if a not in ("66", "C", "CB")] or state["legal"]
            table.click(rng.choice(legal))
    assert "wait" in reasons and reasons - {"wait"}, reasons
    # the log numbers the actions one by one: no gap for a draw or a trick's line
    state = api.state(match_id, created["token"])
    table.wait_version(state["version"])
    numbers = [
        int(n) for n in page.locator("[data-testid=log-line][data-n]").evaluate_all("(l) => l.map((e) => e.dataset.n)")
    ]
    shown = [a for a in state["deal"]["history"] if a["action"] != "draw"]
    assert numbers and numbers == list(range(len(shown) - len(numbers) + 1, len(shown) + 1)), (numbers, len(shown))
    api.close()


def test_the_move_clock_counts_down_and_a_gone_seat_can_be_claimed(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=24, move_seconds=4, grace_seconds=2)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Ann", target=7)
    joined = api.join(created["invite"]["code"], "Bob").json()
    match_id, ann, bob = created["match_id"], created["token"], joined["token"]
    table = seat_table(open_table, server, match_id, ann, 1)
    page = table.page
    assert page.evaluate("() => JSON.parse(localStorage.getItem('sixtysix.settings') || '{}').sound") is None
    # whoever is to act: make it Bob's turn (Ann plays a card when it is hers)
    state = api.state(match_id, ann)
    if state["legal"]:
        table.click(next(a for a in state["legal"] if len(a) == 2 and a not in ("66", "CB")))
        state = table.wait(state["version"], settled=False)
    state = api.state(match_id, ann)
    assert state["clock"]["seat"] == 2
    bob_socket = Seat(server.base, match_id, bob)  # Bob is online
    page.locator("[data-testid=presence][data-connected=true]").wait_for()
    clock = page.locator("[data-testid=clock][data-seat='2']")
    clock.wait_for()
    first = int(clock.get_attribute("data-remaining") or 0)
    assert 1 <= first <= 4 and "Bob" in clock.inner_text()
    page.wait_for_function(f"() => Number(document.querySelector('[data-testid=clock]').dataset.remaining) < {first}")
    shot(page, "ux-move-clock")
    # the clock runs out: Ann may claim the deal (Bob is connected: not the match)
    page.locator("[data-testid=claim-deal]").wait_for(timeout=10_000)
    assert page.locator("[data-testid=claim-match]").count() == 0
    # Bob is gone: his socket closes, and after the grace period the match may be claimed too
    bob_socket.close()
    page.locator("[data-testid=presence][data-connected=false]").wait_for()
    page.locator("[data-testid=claim-match]").wait_for(timeout=10_000)
    shot(page, "ux-move-clock-out")
    page.locator("[data-testid=claim-deal]").click()
    page.locator("[data-testid=deal-result][data-termination=forfeit]").wait_for()
    assert api.state(match_id, ann)["match"]["score"] == [3, 0]
    # the next deal; when it becomes Ann's turn again a short sound is played (the switch is on by default)
    before = int(page.evaluate("() => Number(document.body.dataset.turnSounds || 0)"))
    page.locator("[data-testid=next-deal]").click()
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        now = api.state(match_id, ann)
        if now["legal"]:
            break
        bob_state = api.state(match_id, bob)
        if bob_state["legal"]:
            api.act(match_id, bob, {"action": next(a for a in bob_state["legal"] if len(a) == 2 and a != "66")})
        time.sleep(0.1)
    page.locator("[data-testid=table][data-turn=me]").wait_for()
    assert int(page.evaluate("() => Number(document.body.dataset.turnSounds || 0)")) > before
    # the switch, remembered in localStorage
    page.locator("[data-testid=settings-button]").click()
    page.locator("[data-testid=sound]").uncheck()
    page.locator("[data-testid=settings-close]").click()
    assert page.evaluate("() => JSON.parse(localStorage.getItem('sixtysix.settings')).sound") is False
    # the server goes down: nobody's presence is known any more (not "online")
    bob_again = Seat(server.base, match_id, bob)
    page.locator("[data-testid=presence][data-connected=true]").wait_for()
    server.stop()
    page.locator("[data-testid=presence][data-connected=unknown]").wait_for(timeout=15_000)
    # a card played meanwhile: the page says in its own language that the server cannot be reached
    page.locator("[data-testid=lang-switch]").select_option("de")
    page.locator("[data-testid=table][data-turn=me]").wait_for()
    page.locator("[data-testid=hand-card][data-legal=true]").first.click()
    error = page.locator("[data-testid=error]")
    error.wait_for(timeout=15_000)
    assert "Keine Verbindung zum Server" in error.inner_text() and "fetch" not in error.inner_text()
    bob_again.close()
    api.close()


def test_two_people_take_their_seats_in_a_rematch_without_any_code(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    """One person asks for the rematch; the other is told it is invited and takes its seat with a click."""
    clock = ServerTime()
    server = make_server(seed=25, move_seconds=60, grace_seconds=60, server_time=clock)
    api = Api(server.base)
    created = api.create(opponent="friend", name="Ann", target=1, rules="schnapsen")
    joined = api.join(created["invite"]["code"], "Bob").json()
    match_id, tokens = created["match_id"], {1: created["token"], 2: joined["token"]}
    late = int(api.state(match_id, tokens[1])["clock"]["seat"])
    other = 3 - late
    clock.advance(61)  # the late seat's clock runs out: the other claims the deal, and the match (target 1)
    assert api.act(match_id, tokens[other], {"action": "claim_deal"}).status_code == 200
    pages = {}
    for seat in (other, late):
        table = open_table(f"{server.base}/?animations=0#/")
        seats = json.dumps({match_id: {"token": tokens[seat], "seat": seat, "kind": "friend"}})
        table.page.evaluate(f"() => localStorage.setItem('sixtysix.seats', {json.dumps(seats)})")
        table.page.goto(f"{server.base}/?animations=0#/match/{match_id}")
        table.page.locator("[data-testid=table][data-status=over]").wait_for()
        pages[seat] = table
    pages[other].page.locator("[data-testid=rematch]").click()
    pages[other].page.wait_for_function(f"() => !location.hash.includes('{match_id}')")
    # the other page learns live that it is invited, and its button says so
    invited = pages[late].page.locator("[data-testid=rematch]")
    invited.wait_for()
    pages[late].page.wait_for_function(
        "() => document.querySelector('[data-testid=rematch]').textContent.includes('Join')"
    )
    invited.click()
    pages[late].page.wait_for_function(f"() => !location.hash.includes('{match_id}')")
    new_id = pages[late].match_id
    assert new_id != match_id and pages[other].match_id == new_id
    for table in pages.values():
        table.page.locator("[data-testid=table][data-status=playing]").wait_for()
    game = server.service.games[new_id]
    assert game.status == "playing" and {game.seats[s].name for s in (1, 2)} == {"Ann", "Bob"}
    api.close()
