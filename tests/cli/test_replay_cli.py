"""``sixtysix replay`` run as a program (docs/records.md, "Replaying")."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import sixtysix
from core.record_examples import DECK, DECK4, SEED_DEAL, SEED_DEAL_JSON
from sixtysix import Rules, create_match
from sixtysix.core.match import AnyMatch
from sixtysix.core.outcome import Reason
from sixtysix.core.record import Record
from sixtysix.players import RandomPlayer
from sixtysix.players.table import play_table_match

SCHNAPSEN_DECK = "Ah Kh Qh Jh Th Ac Kc Qc Jc Tc As Ks Qs Js Ts Ad Kd Qd Jd Td"
HEAD = '[Format "66R 1"]\n'
DEAL = f'deal dealer=2 deck="{DECK}"\n'

EXAMPLE = f"""[Format "66R 1"]
[Rules "seed66"]
[Event "Friendly match"]
[Date "2026.11.30"]
[Seat1 "Alice"]
[Seat2 "sixtysix bot (level 4)"]

{DEAL}{SEED_DEAL}"""

EXAMPLE_JSON = {
    "rules": "seed66",
    "deals": [
        {
            "dealer": 2,
            "complete": True,
            "winner": 1,
            "game_points": 1,
            "points": [72, 35],
            "tricks": [4, 1],
            "termination": "claim",
            "reasons": ["closer_claim", "at_close", "simple"],
        }
    ],
    "match": {"score": [1, 0], "carried": 0, "winner": None, "complete": False},
    "to_act": None,
    "legal": None,
}

DEAL_KEYS = {"dealer", "complete", "winner", "game_points", "points", "tricks", "termination", "reasons"}
TERMINATIONS = {"claim", "false_claim", "played_out", "closer_failed", "tie", "unfinished"}
REASONS = {reason.value for reason in Reason}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    process = subprocess.run(
        [sys.executable, "-m", "sixtysix.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
    )
    assert "Traceback" not in process.stderr, process.stderr
    return process


def replay_json(text: str, *flags: str) -> Any:
    process = run("replay", "--json", *flags, "-", stdin=text)
    assert process.returncode == 0, process.stdout + process.stderr
    return json.loads(process.stdout)


def check_shape(data: Any, legal: bool) -> None:
    """Every field of the spec's table is present, with its type."""
    assert set(data) == {"rules", "deals", "match", "to_act", "legal"}
    assert isinstance(data["rules"], str) and data["rules"] == data["rules"].lower()
    for deal in data["deals"]:
        assert set(deal) == DEAL_KEYS
        assert deal["dealer"] in (1, 2) and type(deal["dealer"]) is int
        assert type(deal["complete"]) is bool
        assert deal["winner"] in (None, 1, 2)
        assert type(deal["game_points"]) is int and deal["game_points"] >= 0
        for pair in (deal["points"], deal["tricks"]):
            assert isinstance(pair, list) and len(pair) == 2 and all(type(v) is int for v in pair)
        assert deal["termination"] in TERMINATIONS
        assert (deal["termination"] == "unfinished") == (not deal["complete"])
        assert all(reason in REASONS for reason in deal["reasons"])
        assert (deal["reasons"] == []) == (not deal["complete"])
        if deal["winner"] is None:
            assert deal["game_points"] == 0
    match = data["match"]
    assert set(match) == {"score", "carried", "winner", "complete"}
    assert isinstance(match["score"], list) and len(match["score"]) == 2
    assert all(type(v) is int for v in match["score"])
    assert type(match["carried"]) is int
    assert match["winner"] in (None, 1, 2)
    assert type(match["complete"]) is bool and match["complete"] == (match["winner"] is not None)
    assert data["to_act"] in (None, 1, 2)
    if legal:
        assert isinstance(data["legal"], list) and all(isinstance(t, str) for t in data["legal"])
        assert data["legal"] == sorted(data["legal"])
        assert (data["legal"] == []) == (data["to_act"] is None)
    else:
        assert data["legal"] is None


# -- valid records ---------------------------------------------------------------------------


def test_json_of_the_example_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "example.66r"
    path.write_text(EXAMPLE, encoding="utf-8")
    process = run("replay", "--json", str(path))
    assert process.returncode == 0
    data = json.loads(process.stdout)
    assert data == EXAMPLE_JSON
    check_shape(data, legal=False)


def test_json_of_the_example_from_stdin() -> None:
    data = replay_json(EXAMPLE)
    assert data == EXAMPLE_JSON
    data = replay_json(EXAMPLE, "--legal")
    assert data == {**EXAMPLE_JSON, "legal": []}
    check_shape(data, legal=True)


def test_flags_after_the_file(tmp_path: Path) -> None:
    path = tmp_path / "example.66r"
    path.write_text(EXAMPLE, encoding="utf-8")
    process = run("replay", str(path), "--legal", "--json")
    assert process.returncode == 0
    assert json.loads(process.stdout) == {**EXAMPLE_JSON, "legal": []}


def test_text_output(tmp_path: Path) -> None:
    path = tmp_path / "example.66r"
    path.write_text(EXAMPLE, encoding="utf-8")
    for process in (run("replay", str(path)), run("replay", "-", stdin=EXAMPLE)):
        assert process.returncode == 0
        assert process.stderr == ""
        lines = process.stdout.splitlines()
        assert lines[0] == "rules: seed66"
        assert lines[1].startswith("deal 1 (dealer 2): seat 1 wins 1 game point (claim); points 72-35, tricks 4-1")
        assert lines[2].startswith("match: 1-0")
        assert not any(line.startswith(("to act:", "legal:")) for line in lines)


def test_text_output_of_an_unfinished_deal_with_legal() -> None:
    process = run("replay", "--legal", "-", stdin=HEAD + "\n" + DEAL + "1:20h 1:Kh 2:Ac\n")
    assert process.returncode == 0
    lines = process.stdout.splitlines()
    assert "unfinished" in lines[1]
    assert "to act: seat 1" in lines
    assert "legal: 66 9s Ah As C CB Js Qh Tc X" in lines


def test_console_script(tmp_path: Path) -> None:
    script = shutil.which("sixtysix", path=str(Path(sys.executable).parent))
    if script is None:
        pytest.skip("the sixtysix console script is not installed next to this Python")
    path = tmp_path / "example.66r"
    path.write_text(EXAMPLE, encoding="utf-8")
    process = subprocess.run([script, "replay", "--json", str(path)], capture_output=True, text=True, timeout=60)
    assert process.returncode == 0
    assert json.loads(process.stdout) == EXAMPLE_JSON
    process = subprocess.run(
        [script, "replay", "--json", "-"], input=EXAMPLE + "2:Ac\n", capture_output=True, text=True, timeout=60
    )
    assert process.returncode == 2
    assert json.loads(process.stdout)["error"]["action"] == 16


def test_legal_right_after_a_trick() -> None:
    # Seat 1 won trick 1 and may claim or close before the draw, or draw As and then play it,
    # exchange the 9s or close.
    data = replay_json(HEAD + "\n" + DEAL + "1:20h 1:Kh 2:Ac\n", "--legal")
    check_shape(data, legal=True)
    assert data["to_act"] == 1
    assert data["legal"] == ["66", "9s", "Ah", "As", "C", "CB", "Js", "Qh", "Tc", "X"]
    # Seat 2 trumped trick 2: the card he is about to draw is Qs.
    data = replay_json(HEAD + "\n" + DEAL + "1:Kh 2:Ac\n1:Ah 2:Ks\n", "--legal")
    assert data["to_act"] == 2
    assert data["legal"] == ["20c", "66", "9c", "C", "CB", "Jc", "Kc", "Qc", "Qs", "Td"]


def test_legal_of_the_follower_and_after_closing() -> None:
    data = replay_json(HEAD + "\n" + DEAL + "1:Kh\n", "--legal")
    assert data["to_act"] == 2
    assert data["legal"] == ["9c", "Ac", "Jc", "Kc", "Qc", "Td"]
    data = replay_json(HEAD + "\n" + DEAL + "1:C 1:Tc\n", "--legal")
    assert data["legal"] == ["Ac"]  # phase 2: follow suit and head the trick
    data = replay_json(HEAD + "\n" + DEAL + "1:20h\n", "--legal")
    assert data["to_act"] == 1
    assert data["legal"] == ["66", "Kh", "Qh"]


def test_legal_at_the_start_and_without_deals() -> None:
    data = replay_json(HEAD + "\n" + DEAL, "--legal")
    check_shape(data, legal=True)
    assert data["to_act"] == 1
    assert data["legal"] == ["20h", "66", "9s", "Ah", "C", "Js", "Kh", "Qh", "Tc"]
    data = replay_json(HEAD, "--legal")
    assert data == {
        "rules": "seed66",
        "deals": [],
        "match": {"score": [0, 0], "carried": 0, "winner": None, "complete": False},
        "to_act": None,
        "legal": [],
    }
    assert replay_json(HEAD)["legal"] is None


def test_to_act_is_null_after_a_finished_deal() -> None:
    data = replay_json(HEAD + "\n" + DEAL + "1:66\n", "--legal")
    check_shape(data, legal=True)
    assert data["to_act"] is None
    assert data["legal"] == []
    assert data["deals"][0]["termination"] == "false_claim"
    assert data["deals"][0]["winner"] == 2
    assert data["deals"][0]["game_points"] == 2


def test_each_deal_names_the_engines_reasons_for_its_score() -> None:
    false_claim = replay_json(HEAD + "\n" + DEAL + "1:66\n")["deals"][0]
    assert false_claim["reasons"] == ["false_claim", "flat"]  # how it was decided, then what set the points
    assert replay_json(EXAMPLE)["deals"][0]["reasons"] == ["closer_claim", "at_close", "simple"]
    unfinished = replay_json(HEAD + "\n" + DEAL + "1:Ah\n")["deals"][0]
    assert (unfinished["termination"], unfinished["reasons"]) == ("unfinished", [])
    for preset in ("seed66", "three66", "four66"):
        match = played_match(preset, seed=5)
        deals = replay_json(Record.from_match(match).text())["deals"]
        assert [d["reasons"] for d in deals] == [
            [reason.value for reason in deal.outcome.reasons] if deal.outcome else [] for deal in match.deals
        ]
        assert all(d["reasons"] and d["reasons"][0] in REASONS for d in deals if d["complete"])


def test_rules_field() -> None:
    assert replay_json(HEAD)["rules"] == "seed66"
    assert replay_json(HEAD + '[Rules "Schnapsen"]\n')["rules"] == "schnapsen"
    assert replay_json(HEAD + '[Rules "pagat66"]\n[Option "tie_rule=carry_one"]\n')["rules"] == "pagat66"


def test_multi_deal_json() -> None:
    text = (
        HEAD
        + '[Option "match_target=3"]\n\n'
        + DEAL
        + "1:66\n\n"
        + DEAL.replace("dealer=2", "dealer=1")
        + "2:20h 2:Kh 1:Ac\n"
    )
    data = replay_json(text, "--legal")
    check_shape(data, legal=True)
    assert [d["dealer"] for d in data["deals"]] == [2, 1]
    assert [d["complete"] for d in data["deals"]] == [True, False]
    assert data["deals"][1]["points"] == [0, 35]
    assert data["match"] == {"score": [0, 2], "carried": 0, "winner": None, "complete": False}
    assert data["to_act"] == 2
    assert "CB" in data["legal"] and "66" in data["legal"]
    data = replay_json(text + "2:66\n", "--legal")
    assert data["deals"][1]["termination"] == "false_claim"
    assert data["match"] == {"score": [2, 2], "carried": 0, "winner": None, "complete": False}


def test_schnapsen_json() -> None:
    text = HEAD + '[Rules "schnapsen"]\n\n' + f'deal dealer=2 deck="{SCHNAPSEN_DECK}"\n1:20h 1:Kh 2:Ac\n'
    data = replay_json(text, "--legal")
    check_shape(data, legal=True)
    assert data["rules"] == "schnapsen"
    assert data["deals"][0]["points"] == [35, 0]
    # No closing before the draw in Schnapsen: the draw has happened; Ks was drawn.
    assert "CB" not in data["legal"]
    assert "Ks" in data["legal"] and "C" in data["legal"]


# -- invalid records -------------------------------------------------------------------------


def error_of(text: str) -> dict[str, Any]:
    """Replay an invalid record with --json (and without): status 2, an error object."""
    process = run("replay", "--json", "-", stdin=text)
    assert process.returncode == 2, process.stdout
    data = json.loads(process.stdout)
    assert list(data) == ["error"]
    error = data["error"]
    assert set(error) == {"deal", "action", "token", "reason"}
    assert type(error["deal"]) is int and type(error["action"]) is int
    assert isinstance(error["token"], str)
    assert isinstance(error["reason"], str) and error["reason"]
    plain = run("replay", "-", stdin=text)
    assert plain.returncode == 2
    assert plain.stdout == ""
    assert f"deal {error['deal']}, action {error['action']}" in plain.stderr
    assert error["reason"] in plain.stderr
    return error


def where(text: str) -> tuple[int, int, str]:
    error = error_of(text)
    return error["deal"], error["action"], error["token"]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # headers
        ('[Format "66R 2"]\n', (0, 0, '[Format "66R 2"]')),
        ('[Format "66r 1"]\n', (0, 0, '[Format "66r 1"]')),
        ('[Rules "seed66"]\n[Format "66R 1"]\n', (0, 0, '[Rules "seed66"]')),
        ('[Event "x"]\n', (0, 0, '[Event "x"]')),
        (DEAL + "1:Kh\n", (0, 0, "deal")),
        ("", (0, 0, "")),
        ("# only a comment\n\n", (0, 0, "")),
        (HEAD + HEAD, (0, 0, '[Format "66R 1"]')),
        (HEAD + '[Rules "skat"]\n', (0, 0, '[Rules "skat"]')),
        (HEAD + '[Rules "seed66"]\n[Rules "seed66"]\n', (0, 0, '[Rules "seed66"]')),
        (HEAD + '[Option "foo=bar"]\n', (0, 0, '[Option "foo=bar"]')),
        (HEAD + '[Option "tie_rule=sometimes"]\n', (0, 0, '[Option "tie_rule=sometimes"]')),
        (HEAD + '[Option "match_target=seven"]\n', (0, 0, '[Option "match_target=seven"]')),
        (HEAD + '[Option "tie_rule"]\n', (0, 0, '[Option "tie_rule"]')),
        (HEAD + "[Event x]\n", (0, 0, "[Event x]")),
        (HEAD + '[Event "x"\n', (0, 0, '[Event "x"')),
        (HEAD + '[Event "x"] 1:Ah\n', (0, 0, '[Event "x"] 1:Ah')),
        (HEAD + "\n" + DEAL + '[Event "late"]\n', (1, 0, '[Event "late"]')),
        (HEAD + "\n" + DEAL + "1:Kh 2:Ac\n" + '[Event "late"]\n', (1, 0, '[Event "late"]')),
        # deal lines
        (HEAD + "deal dealer=2\n", (1, 0, "deal dealer=2")),
        (HEAD + f'deal deck="{DECK}"\n', (1, 0, f'deal deck="{DECK}"')),
        (HEAD + f'deal dealer=2 deck="{DECK}" extra\n', (1, 0, f'deal dealer=2 deck="{DECK}" extra')),
        (HEAD + f'deal dealer=2 deck="{DECK}" seat=1\n', (1, 0, f'deal dealer=2 deck="{DECK}" seat=1')),
        (HEAD + f'deal dealer=2 dealer=2 deck="{DECK}"\n', (1, 0, f'deal dealer=2 dealer=2 deck="{DECK}"')),
        (HEAD + f'deal dealer=3 deck="{DECK}"\n', (1, 0, "dealer=3")),
        (HEAD + f'deal dealer=0 deck="{DECK}"\n', (1, 0, "dealer=0")),
        (HEAD + f'deal dealer=x deck="{DECK}"\n', (1, 0, "dealer=x")),
        # decks
        (HEAD + f'deal dealer=2 deck="{DECK[:-2]}Kh"\n', (1, 0, DECK[:-2] + "Kh")),
        (HEAD + f'deal dealer=2 deck="{DECK[:-3]}"\n', (1, 0, DECK[:-3])),
        (HEAD + f'deal dealer=2 deck="{DECK} 8h"\n', (1, 0, DECK + " 8h")),
        (HEAD + f'deal dealer=2 deck="{DECK.replace("Jd", "Zz")}"\n', (1, 0, "Zz")),
        (
            HEAD + '[Rules "schnapsen"]\n' + f'deal dealer=2 deck="{SCHNAPSEN_DECK.replace("Td", "9h")}"\n',
            (1, 0, SCHNAPSEN_DECK.replace("Td", "9h")),
        ),
        (HEAD + '[Rules "schnapsen"]\n' + DEAL, (1, 0, DECK)),
        # actions
        (HEAD + "1:Ah\n", (0, 1, "1:Ah")),
        (HEAD + DEAL + "2:Ac\n", (1, 1, "2:Ac")),
        (HEAD + DEAL + "1:Kh 1:Ac\n", (1, 2, "1:Ac")),
        (HEAD + DEAL + "1:Kh 2:Ac 2:Ks\n", (1, 3, "2:Ks")),
        (HEAD + DEAL + "1:Ac\n", (1, 1, "1:Ac")),
        (HEAD + DEAL + "1:C 1:Tc 2:Td\n", (1, 3, "2:Td")),
        (HEAD + DEAL + "1:C 1:Tc 2:Kc\n", (1, 3, "2:Kc")),
        (HEAD + DEAL + "1:40h\n", (1, 1, "1:40h")),
        (HEAD + DEAL + "1:20s\n", (1, 1, "1:20s")),
        (HEAD + DEAL + "1:20h 1:Ah\n", (1, 2, "1:Ah")),
        (HEAD + DEAL + "1:X\n", (1, 1, "1:X")),
        (HEAD + DEAL + "1:CB\n", (1, 1, "1:CB")),
        (HEAD + DEAL + "1:Kh 2:Ac 2:X\n", (1, 3, "2:X")),
        (HEAD + DEAL + "1:1Ah\n", (1, 1, "1:1Ah")),
        (HEAD + DEAL + "1Ah\n", (1, 1, "1Ah")),
        (HEAD + DEAL + "3:Ah\n", (1, 1, "3:Ah")),
        (HEAD + DEAL + "0:Ah\n", (1, 1, "0:Ah")),
        (HEAD + DEAL + "1:Zz\n", (1, 1, "1:Zz")),
        (HEAD + DEAL + "1:draw\n", (1, 1, "1:draw")),
        (HEAD + DEAL + "1:20h 1:Kh 2:Ac 1:draw 1:As\n", (1, 4, "1:draw")),
        (HEAD + DEAL + "1:Kh 2:Ac 1:DRAW\n", (1, 3, "1:DRAW")),
        (HEAD + DEAL + "1:Kh 2:Ac\n1:Ah 2:Ks 1:pass\n", (1, 5, "1:pass")),
        (HEAD + DEAL + "1:21h\n", (1, 1, "1:21h")),
        (HEAD + DEAL + "1:\n", (1, 1, "1:")),
        (HEAD + DEAL + ":Kh\n", (1, 1, ":Kh")),
        (HEAD + DEAL + "1:Kh:\n", (1, 1, "1:Kh:")),
        (HEAD + DEAL + "1: Kh\n", (1, 1, "1:")),
        # matches
        (HEAD + DEAL + "1:66\n" + DEAL, (2, 0, "dealer=2")),
        (HEAD + DEAL + "1:Kh 2:Ac\n" + DEAL.replace("dealer=2", "dealer=1"), (2, 0, "dealer=1")),
        (HEAD + DEAL + "1:66 2:Ac\n", (1, 2, "2:Ac")),
        (EXAMPLE + "2:Ac\n", (1, 16, "2:Ac")),
        (EXAMPLE + "1:66\n", (1, 16, "1:66")),
        (HEAD + '[Option "next_dealer=winner"]\n' + DEAL + "1:66\n" + DEAL.replace("=2", "=1"), (2, 0, "dealer=1")),
        (
            HEAD + '[Option "match_target=2"]\n' + DEAL + "1:66\n" + DEAL.replace("=2", "=1") + "2:Kh\n",
            (2, 0, "dealer=1"),
        ),
    ],
)
def test_invalid_record(text: str, expected: tuple[int, int, str]) -> None:
    assert where(text) == expected


def test_reasons_are_clear() -> None:
    assert "turn" in error_of(HEAD + DEAL + "2:Ac\n")["reason"]
    assert "over" in error_of(EXAMPLE + "2:Ac\n")["reason"]
    assert "Kh" in error_of(HEAD + f'deal dealer=2 deck="{DECK[:-2]}Kh"\n')["reason"]
    assert "9h" in error_of(HEAD + f'deal dealer=2 deck="{DECK[:-3]}"\n')["reason"]
    assert "Ac" in error_of(HEAD + DEAL + "1:C 1:Tc 2:Td\n")["reason"]
    assert "skat" in error_of(HEAD + '[Rules "skat"]\n')["reason"]
    assert "foo" in error_of(HEAD + '[Option "foo=bar"]\n')["reason"]
    assert "Format" in error_of('[Event "x"]\n')["reason"]


def test_option_values_checked_with_the_rules_are_header_errors() -> None:
    """An option value that only the complete rules reject is still an error before the first deal."""
    for option in ("match_target=0", "match_target=1001", "deck=20"):
        text = HEAD + f'[Option "{option}"]\n'
        assert error_of(text)["deal"] == 0
        error = error_of(text + "\n" + DEAL + "1:Kh\n")
        assert (error["deal"], error["action"]) == (0, 0)


def test_options_are_applied_together() -> None:
    # A 20-card pack needs the jack exchange; the two options only make sense together.
    text = HEAD + '[Option "deck=20"]\n[Option "hand_size=5"]\n[Option "exchange_rank=J"]\n\n'
    data = replay_json(text + f'deal dealer=2 deck="{SCHNAPSEN_DECK}"\n1:Ah\n', "--legal")
    assert data["rules"] == "seed66"
    assert data["to_act"] == 2


def test_missing_file() -> None:
    process = run("replay", "--json", "/nonexistent/record.66r")
    assert process.returncode == 2
    assert "Traceback" not in process.stderr


def test_invalid_utf8(tmp_path: Path) -> None:
    path = tmp_path / "bad.66r"
    path.write_bytes(b'[Format "66R 1"]\n[Event "\xff"]\n')
    process = run("replay", "--json", str(path))
    assert process.returncode == 2


def test_nothing_is_printed_but_the_error() -> None:
    # The error stops the replay: nothing of the record is printed, not even the deals before it.
    process = run("replay", "--json", "--legal", "-", stdin=EXAMPLE + "\n" + DEAL + "1:66\n")
    assert process.returncode == 2
    error = json.loads(process.stdout)["error"]
    assert (error["deal"], error["action"], error["token"]) == (2, 0, "dealer=2")


# -- three- and four-handed records (docs/records.md) --------------------------------------------

THREE_HANDED = f"""[Format "66R 1"]
[Rules "three66"]
[Seat3 "Carol"]

deal dealer=3 deck="{DECK}"
{SEED_DEAL}
deal dealer=1 deck="{DECK}"
2:20h 2:Kh 3:Ac
"""

FOUR_HANDED = f"""[Format "66R 1"]
[Rules "four66"]
[Option "ten_of_trumps_bonus=true"]
[Seat4 "Dave"]

deal dealer=4 deck="{DECK4}"
1:8d 2:Ad 3:Td 4:Tc
4:Ah 1:8h
"""


def test_three_handed_json_and_legal() -> None:
    data = replay_json(THREE_HANDED, "--legal")
    assert data == {
        "rules": "three66",
        "deals": [
            SEED_DEAL_JSON,
            {
                "dealer": 1,
                "complete": False,
                "winner": None,
                "game_points": 0,
                "points": [0, 35, 0],
                "tricks": [0, 1, 0],
                "termination": "unfinished",
                "reasons": [],
                "dealer_points": 0,
                "sitting_out": 1,
            },
        ],
        "match": {"score": [1, 0, 1], "carried": 0, "winner": None, "complete": False, "loser": None},
        "to_act": 2,
        "legal": ["66", "9s", "Ah", "As", "C", "CB", "Js", "Qh", "Tc", "X"],
    }


def test_three_handed_text(tmp_path: Path) -> None:
    path = tmp_path / "three.66r"
    path.write_text(THREE_HANDED, encoding="utf-8")
    process = run("replay", "--legal", str(path))
    assert process.returncode == 0 and process.stderr == ""
    assert process.stdout.splitlines() == [
        "rules: three66",
        "deal 1 (dealer 3): seat 1 wins 1 game point (claim), the dealer gets 1; points 72-35-0, tricks 4-1-0; "
        "seat 1 claimed correctly with 72 after closing",
        "deal 2 (dealer 1): unfinished; points 0-35-0, tricks 0-1-0",
        "match: 1-0-1 (target 7), in progress",
        "to act: seat 2",
        "legal: 66 9s Ah As C CB Js Qh Tc X",
    ]


def test_four_handed_json_text_and_legal() -> None:
    data = replay_json(FOUR_HANDED, "--legal")
    assert data["deals"] == [
        {
            "dealer": 4,
            "complete": False,
            "winner": None,
            "game_points": 0,
            "points": [0, 31],
            "tricks": [0, 1],
            "termination": "unfinished",
            "reasons": [],
            "bonus": [0, 0],
        }
    ]
    assert data["match"] == {"score": [0, 0], "carried": 0, "winner": None, "complete": False}
    assert (data["to_act"], data["legal"]) == (2, ["9h", "Kh", "Th"])  # cannot beat Ah: any heart
    process = run("replay", "--legal", "-", stdin=FOUR_HANDED)
    assert process.returncode == 0
    assert process.stdout.splitlines()[1:] == [
        "deal 1 (dealer 4): unfinished; points 0-31, tricks 0-1",
        "match: 0-0 (target 7), in progress",
        "to act: seat 2",
        "legal: 9h Kh Th",
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (THREE_HANDED + "4:Qh\n", (2, 4, "4:Qh", "malformed action (expected S:ACTION with S = 1, 2 or 3)")),
        (THREE_HANDED + "1:Qh\n", (2, 4, "1:Qh", "seat 1 sits out this deal")),
        (FOUR_HANDED + "2:8c\n", (1, 7, "2:8c", "seat 2 must follow suit: one of Th Kh 9h")),
    ],
)
def test_invalid_multiplayer_records(text: str, expected: tuple[int, int, str, str]) -> None:
    error = error_of(text)
    assert (error["deal"], error["action"], error["token"], error["reason"]) == expected


def played_match(preset: str, seed: int) -> AnyMatch:
    """A whole match of ``preset`` to 3 game points between random players."""
    match = create_match(Rules.from_options(preset, {"match_target": "3"}))
    return play_table_match(match, {seat: RandomPlayer(seed=seed + seat) for seat in match.seats}, seed)


@pytest.mark.parametrize(("preset", "scorers"), [("seed66", 2), ("schnapsen", 2), ("three66", 3), ("four66", 2)])
def test_the_report_counts_points_and_tricks_by_table_seat_or_side(preset: str, scorers: int) -> None:
    match = played_match(preset, seed=11)
    process = run("replay", "-", stdin=Record.from_match(match).text())
    assert process.returncode == 0, process.stderr
    lines = process.stdout.splitlines()
    assert len(lines) == len(match.deals) + 2
    for deal, line in zip(match.deals, lines[1:-1], strict=True):
        found = re.search(r"points ([\d-]+), tricks ([\d-]+)", line)
        assert found is not None, line
        points, tricks = found.groups()
        assert [int(p) for p in points.split("-")] == list(deal.scores())
        assert [int(t) for t in tricks.split("-")] == list(deal.trick_counts())
        assert len(deal.scores()) == scorers
        assert sum(deal.trick_counts()) == len(deal.completed_tricks())
        assert line.startswith(f"deal {match.deals.index(deal) + 1} (dealer {deal.dealer}):")
        assert "sits out" not in line  # the dealer sits out, unnamed; only a play-off's winner is named
    assert lines[-1].startswith(f"match: {'-'.join(map(str, match.score))} (target 3), {match.scorer} {match.winner}")
    assert lines[-1].endswith("wins the match")


def test_version_and_the_demo_list_every_command() -> None:
    version = run("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"sixtysix {sixtysix.__version__}"
    demo = run("demo")
    assert demo.returncode == 0
    for command in ("replay", "verify", "analyze", "rules", "play", "puzzles", "bot", "tournament", "serve"):
        assert f"  sixtysix {command} " in demo.stdout, command
    assert "legal: \n" not in demo.stdout  # a finished example has nothing legal to list


def test_a_closed_pipe_ends_the_output_without_a_traceback() -> None:
    # as `sixtysix demo | head -1` does: the reader goes away after the first line
    process = subprocess.Popen(
        [sys.executable, "-m", "sixtysix.cli", "demo"], stdout=subprocess.PIPE, stderr=subprocess.PIPE
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.readline()
    process.stdout.close()
    errors = process.stderr.read().decode()
    assert process.wait(timeout=60) == 0 and "Traceback" not in errors and "BrokenPipe" not in errors, errors
