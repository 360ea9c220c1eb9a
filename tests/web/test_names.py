"""Names at the web tables (issue 14): a name with a control or bidirectional formatting character is
refused with a precise error and nothing is made; quotes and backslashes are names like others, and
the record the web exports writes them escaped, so that they cannot forge another header."""

from __future__ import annotations

import pytest

from sixtysix.core.record import Record

from .conftest import Api, ServerThread


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Eve\u202e", "U+202E (RIGHT-TO-LEFT OVERRIDE), a bidirectional formatting character"),
        ("Eve\u2067", "U+2067 (RIGHT-TO-LEFT ISOLATE), a bidirectional formatting character"),
        ("Eve\x1b[31m", "U+001B, a control character"),
        ("Eve\nBob", "U+000A, a control character"),
    ],
)
def test_a_name_with_a_control_or_bidi_character_is_refused(
    server: ServerThread, api: Api, name: str, reason: str
) -> None:
    response = api.request("POST", "/api/matches", json={"name": name})
    assert response.status_code == 400
    error = response.json()["error"]
    assert (error["code"], error["message"]) == ("malformed", f"name: a name may not hold {reason}")
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], name)
    assert joined.status_code == 400 and reason in joined.json()["error"]["message"]
    assert api.join(created["invite"]["code"], "Bob").status_code == 201  # the invitation is still open


def test_quotes_in_names_are_written_escaped_in_the_exported_record(api: Api) -> None:
    forger = 'M"] [Result "7-0"]'
    created = api.create(name=forger)
    response = api.request("GET", f"/api/matches/{created['match_id']}/record", created["token"])
    assert response.status_code == 200
    record = Record.parse(response.text)
    assert forger in [value for name, value in record.headers if name.startswith("Seat")]
    assert record.header("Result") is None and '[Result "7-0"]' not in response.text


@pytest.mark.parametrize(
    ("name", "shown"),
    [
        ("Com\u200bputer", "U+200B (ZERO WIDTH SPACE)"),
        ("Eve\u200d", "U+200D (ZERO WIDTH JOINER)"),
        ("\ufeffEve", "U+FEFF (ZERO WIDTH NO-BREAK SPACE)"),
        ("Eve\u2060", "U+2060 (WORD JOINER)"),
        ("Ev\u00ade", "U+00AD (SOFT HYPHEN)"),
        ("Eve\U000e0041", "U+E0041 (TAG LATIN CAPITAL LETTER A)"),
    ],
)
def test_a_name_with_an_invisible_character_is_refused(api: Api, name: str, shown: str) -> None:
    response = api.request("POST", "/api/matches", json={"name": name})
    assert response.status_code == 400
    assert (
        response.json()["error"]["message"] == f"name: a name may not hold {shown}, an invisible formatting character"
    )


@pytest.mark.parametrize(
    "name",
    ["Computer", "computer (level 5)", "COMPUTER 2 (level 3)", "C o m p u t e r", "Ordinateur", "ordinateur, niveau 3"],
)
def test_the_computers_names_are_reserved_in_every_language_of_the_page(api: Api, name: str) -> None:
    response = api.request("POST", "/api/matches", json={"name": name})
    assert response.status_code == 400 and "are the computer's" in response.json()["error"]["message"]
    created = api.create(opponent="friend", name="Alice")
    joined = api.join(created["invite"]["code"], name)
    assert joined.status_code == 400 and "are the computer's" in joined.json()["error"]["message"]
    assert api.create(name="Anne Computer")["state"]["you"]["name"] == "Anne Computer"


def test_the_invitation_says_whether_hints_are_on(api: Api) -> None:
    with_hints = api.create(opponent="friend", hints=True)
    without = api.create(opponent="friend")
    assert api.request("GET", f"/api/invitations/{with_hints['invite']['code']}").json()["hints"] is True
    assert api.request("GET", f"/api/invitations/{without['invite']['code']}").json()["hints"] is False
