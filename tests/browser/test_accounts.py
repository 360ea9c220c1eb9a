"""Accounts and the leaderboard in a real browser: a person who played without an account signs up on
the account page and finds that match in her account; a wrong password is refused in the page's words;
after a rated match between two accounts, the leaderboard page lists both, provisional, and a player's
page shows the match and the rating's chart."""

from __future__ import annotations

import re
from collections.abc import Callable

from web.test_accounts import Browser as Client
from web.test_ratings import play_to_the_end

from .conftest import ServerThread, Table, require_browser, shot, start_computer_match

require_browser()


def test_a_person_signs_up_in_the_page_and_keeps_her_match(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=5)
    table = open_table(f"{server.base}/?animations=0#/")
    page = table.page
    page.locator("[data-testid=lobby]").wait_for()
    start_computer_match(table, level=1)
    page.locator("[data-testid=nav-account]").click()
    form = page.locator("[data-testid=account-form]")
    form.locator("[data-testid=account-name]").fill("Ann")
    form.locator("[data-testid=account-password]").fill("correct horse battery")
    form.locator("[data-testid=account-signup]").click()
    assert page.locator("[data-testid=account-who]").inner_text() == "Logged in as Ann"
    assert page.locator("[data-testid=account-note]").inner_text() == "1 match of this browser joined your account."
    cookies = page.context.cookies()
    assert [c["httpOnly"] for c in cookies if c["name"] == "sixtysix_session"] == [True]
    page.locator("[data-testid=account-logout]").click()
    form.locator("[data-testid=account-name]").fill("Ann")
    form.locator("[data-testid=account-password]").fill("not her password")
    form.locator("[data-testid=account-login]").click()
    assert page.locator("[data-testid=account-error]").inner_text() == "wrong name or password"
    # the form drawn again keeps the name typed, never the password
    assert form.locator("[data-testid=account-name]").input_value() == "Ann"
    assert form.locator("[data-testid=account-password]").input_value() == ""
    form.locator("[data-testid=account-password]").fill("correct horse battery")
    form.locator("[data-testid=account-login]").click()
    assert page.locator("[data-testid=account-who]").inner_text() == "Logged in as Ann"


def test_the_leaderboard_page_lists_the_players_of_a_rated_match(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=6)
    ann, bea = Client(server.base), Client(server.base)
    assert ann.sign_up("Ann").status_code == 201 and bea.sign_up("Bea").status_code == 201
    created = ann.post("/api/account/matches", {"opponent": "friend", "rated": True, "target": 1}).json()
    joined = bea.post("/api/account/join", {"code": created["invite"]["code"], "name": "Bea"}).json()
    play_to_the_end(server.base, created["match_id"], {1: created["token"], 2: joined["token"]})
    page = open_table(f"{server.base}/?animations=0#/leaderboard/seed66").page
    rows = page.locator("[data-testid=leaderboard-row]")
    rows.first.wait_for()
    assert sorted(rows.evaluate_all("rows => rows.map(r => r.dataset.name)")) == ["Ann", "Bea"]
    assert rows.evaluate_all("rows => rows.map(r => r.dataset.provisional)") == ["true", "true"]
    shot(page, "leaderboard")
    page.locator("[data-testid=leaderboard-row][data-name=Ann] a").click()
    assert page.locator("[data-testid=player-name]").inner_text() == "Ann"
    assert page.locator("[data-testid=player-match]").count() == 1
    assert page.locator("[data-testid=rating-chart] svg circle").count() == 1
    assert page.locator("[data-testid=player-stats]").inner_text().startswith("Rated matches: 1")
    shot(page, "player")
    page.goto(f"{server.base}/?animations=0#/player/Nobody")
    assert page.locator("[data-testid=player-error]").inner_text() == "No rated player of that name."
    page.goto(f"{server.base}/?animations=0#/leaderboard/seed66")
    page.locator("[data-testid=leaderboard-schnapsen]").click()
    page.locator("[data-testid=leaderboard-empty]").wait_for()


def sign_up_in_the_page(table: Table, name: str) -> None:
    page = table.page
    page.locator("[data-testid=nav-account]").click()
    form = page.locator("[data-testid=account-form]")
    form.locator("[data-testid=account-name]").fill(name)
    form.locator("[data-testid=account-password]").fill("correct horse battery")
    form.locator("[data-testid=account-signup]").click()
    page.locator("[data-testid=account-who]").wait_for()


def test_two_people_play_a_rated_match_from_the_account_page_and_see_their_ratings(
    make_server: Callable[..., ServerThread], open_table: Callable[..., Table]
) -> None:
    server = make_server(seed=8)
    ann = open_table(f"{server.base}/?animations=0#/")
    bea = open_table(f"{server.base}/?animations=0#/")
    sign_up_in_the_page(ann, "Ann")
    sign_up_in_the_page(bea, "Bea")
    rated = ann.page.locator("[data-testid=rated-form]")
    rated.locator("[data-testid=rated-rules]").select_option("schnapsen")
    rated.locator("[data-testid=rated-target]").fill("1")
    rated.locator("[data-testid=rated-start]").click()
    link = ann.page.locator("[data-testid=invite-link]").input_value()
    bea.page.goto(link)
    assert bea.page.locator("[data-testid=join-rated]").inner_text().startswith("This match is rated: you join as Bea")
    bea.page.locator("[data-testid=join-button]").click()
    bea.page.wait_for_url(re.compile(r"#/match/"))
    match_id = ann.page.url.split("#/match/")[1]
    seats = {
        person.page.evaluate(f"() => JSON.parse(localStorage.getItem('sixtysix.seats'))['{match_id}'].seat"): person
        for person in (ann, bea)
    }
    tokens = {
        seat: person.page.evaluate(f"() => JSON.parse(localStorage.getItem('sixtysix.seats'))['{match_id}'].token")
        for seat, person in seats.items()
    }
    final = play_to_the_end(server.base, match_id, tokens)
    winner = "Ann" if seats[final["match"]["winner"]] is ann else "Bea"
    for person in (ann, bea):
        person.page.goto(f"{server.base}/?animations=0#/leaderboard/schnapsen")
        rows = person.page.locator("[data-testid=leaderboard-row]")
        rows.first.wait_for()
        assert rows.evaluate_all("rows => rows.map(r => r.dataset.name)")[0] == winner
        person.page.goto(f"{server.base}/?animations=0#/account")
        rating = person.page.locator(
            "[data-testid=account-ratings] tr[data-family=schnapsen] [data-testid=account-rating]"
        )
        assert int(rating.inner_text()) != 1500
