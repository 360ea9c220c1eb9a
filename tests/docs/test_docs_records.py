"""docs/records.md is the record format and the contract of ``sixtysix replay``: its two-player
example replays as shown, its JSON field table names every field the replay prints, and its
error example is the replay's own message."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from sixtysix.cli import format_replay
from sixtysix.core.errors import RecordError
from sixtysix.core.record import Record, replay

DOC = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def _two_player_part() -> str:
    return DOC.read_text(encoding="utf-8").split("\n## Three and four seats", 1)[0]


def _blocks() -> list[str]:
    return [block.strip("\n") + "\n" for block in _two_player_part().split("```")[1::2]]


def test_the_example_is_canonical_and_replays_as_shown() -> None:
    blocks = _blocks()
    record = blocks[0]
    assert record.startswith('[Format "66R 1"]')
    assert Record.parse(record).text() == record
    result = replay(record)
    text = next(block for block in blocks if block.startswith("rules: "))
    assert text.rstrip("\n") == format_replay(result)
    shown = next(block for block in blocks if block.startswith("{"))
    assert json.loads(shown) == result.to_json(legal=False)


def test_the_json_table_names_every_field_of_the_replay() -> None:
    section = _two_player_part().split("### The JSON output", 1)[1].split("\n### ", 1)[0]
    documented = set(re.findall(r"^\| `([a-z_.\[\]]+)` \|", section, re.MULTILINE))
    result = replay(_blocks()[0]).to_json(legal=True)
    printed = {key for key in result if key not in ("deals", "match")}
    printed |= {f"deals[].{key}" for key in result["deals"][0]}
    printed |= {f"match.{key}" for key in result["match"]}
    assert documented == printed


def test_the_error_example_is_the_replays_message() -> None:
    record = _blocks()[0].split("1:X", 1)[0].replace("1:20h 1:Kh 2:Ac\n", "1:20h 1:Kh 2:Ac 1:Qs\n")
    with pytest.raises(RecordError) as raised:
        replay(record)
    assert f"`invalid record: {raised.value}`" in _two_player_part()
    assert raised.value.to_json() == {"deal": 1, "action": 4, "token": "1:Qs", "reason": "seat 1 does not hold Qs"}


def test_every_error_reason_in_the_table_is_a_reason_the_replay_gives() -> None:
    section = _two_player_part().split("### Errors", 1)[1]
    reasons = re.findall(r"^\| [^|]+ \| `([^`]+)`", section, re.MULTILINE)
    assert len(reasons) >= 15
    header = '[Format "66R 1"]\n'
    deal = 'deal dealer=2 deck="Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"\n'
    given = set()
    for text in (
        '[Rules "seed66"]\n',
        header * 2,
        header + deal + '[Event "x"]\n',
        header + "[Event x]\n",
        header + '[Rules "nope"]\n',
        header + 'deal dealer=2 x=1 deck="Kh"\n',
        header + "deal dealer=2\n",
        header + 'deal dealer=3 deck="Kh"\n',
        header + 'deal dealer=2 deck="Zz"\n',
        header + deal.replace("Qh", "Kh", 1),
        header + deal + "1:66\n" + deal,
        header + deal + deal,
        header + deal + "1-Ah\n",
        header + "1:Ah\n",
        header + deal + "1:66 2:Ac\n",
        header + deal + "2:Ac\n",
        header + deal + "1:Qs\n",
        header + deal + "1:draw\n",
    ):
        try:
            replay(text)
        except RecordError as error:
            given.add(error.reason)
    assert sorted(set(reasons) - given) == []
