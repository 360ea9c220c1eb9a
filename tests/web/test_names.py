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
