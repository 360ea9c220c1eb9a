"""66R records of the three- and four-handed games (docs/records.md): reading, writing, replaying."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from core.record_examples import DECK, DECK4, SEED_DEAL, SEED_DEAL_JSON
from sixtysix import Rules, create_match
from sixtysix.ai.levels import make_table_player
from sixtysix.cli import format_replay, main
from sixtysix.core.actions import Action
from sixtysix.core.cards import CARD_NAMES, Card, parse_card, parse_cards
from sixtysix.core.errors import IllegalActionError, RecordError
from sixtysix.core.match import AnyMatch, ThreeHandedMatch
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import Record, apply_record_action, record_legal_tokens, replay
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.players.table import play_table_match

# Seat 3 deals and sits out; seats 1 (forehand) and 2 play the spec's two-player example.
# Seat 1 deals next: seat 2 leads and claims at once (always false), so seat 3 wins 2.
# Seat 2 deals the third deal, which stops after its first trick.
THREE = f"""[Format "66R 1"]
[Rules "three66"]
[Event "Three-handed example"]
[Seat1 "Alice"]
[Seat2 "Bob"]
[Seat3 "Carol"]

deal dealer=3 deck="{DECK}"
{SEED_DEAL}
deal dealer=1 deck="{DECK}"
2:66

deal dealer=2 deck="{DECK}"
3:20h 3:Kh 1:Ac
"""

THREE_JSON = {
    "rules": "three66",
    "deals": [
        SEED_DEAL_JSON,
        {
            "dealer": 1,
            "complete": True,
            "winner": 3,
            "game_points": 2,
            "points": [0, 0, 0],
            "tricks": [0, 0, 0],
            "termination": "false_claim",
            "reasons": ["false_claim", "flat"],
            "dealer_points": 2,
            "sitting_out": 1,
        },
        {
            "dealer": 2,
            "complete": False,
            "winner": None,
            "game_points": 0,
            "points": [0, 0, 35],
            "tricks": [0, 0, 1],
            "termination": "unfinished",
            "reasons": [],
            "dealer_points": 0,
            "sitting_out": 2,
        },
    ],
    "match": {"score": [3, 0, 3], "carried": 0, "winner": None, "complete": False, "loser": None},
    "to_act": 3,
    "legal": ["66", "9s", "Ah", "As", "C", "CB", "Js", "Qh", "Tc", "X"],
}

# The play-off for the loser, to 2: seat 3 wins the match in deal 2 and sits out deal 3, which
# seat 2 deals to seat 1; seat 1 claims at once and loses. Seat 1's dealer credit in deal 2
# stops at target - 1 = 1, which he already had.
PLAY_OFF = f"""[Format "66R 1"]
[Rules "three66"]
[Option "three_player_play_for_loser=true"]
[Option "match_target=2"]

deal dealer=3 deck="{DECK}"
{SEED_DEAL}
deal dealer=1 deck="{DECK}"
2:66

deal dealer=2 deck="{DECK}"
1:66
"""

DECK4_B = "Kh Ts Ac Jd Jh Ad 8s 9s Qh Ah 8d Qs Kd Kc Qd As Qc 7h Th 9d 9c Jc Tc 7d 7c 9h 7s Td 8h Js Ks 8c"
DEAL4 = f"""deal dealer=4 deck="{DECK4}"
1:8d 2:Ad 3:Td 4:Tc
4:Ah 1:8h 2:Th 3:Qh
4:Qc 1:Ac 2:Kc 3:7c
1:Kd 2:7d 3:Jd 4:Jc
4:9s 1:Qs 2:8c 3:As
2:9h 3:9c 4:Jh 1:7h
3:8s 4:Ts 1:7s 2:Kh
4:Js 1:Ks 2:9d 3:Qd
"""

# Seat 4 deals (trump Tc, his last card); side 2 wins 91 to 39. Seat 1 deals the second deal,
# which stops in its second trick with seat 2 to follow Ah (his only heart is Kh).
FOUR = f"""[Format "66R 1"]
[Rules "four66"]
[Event "Four-handed example"]
[Seat1 "Alice"]
[Seat2 "Bob"]
[Seat3 "Carol"]
[Seat4 "Dave"]

{DEAL4}
deal dealer=1 deck="{DECK4_B}"
2:Jc 3:7c 4:Qc 1:8c
4:7h 1:Ah
"""

FOUR_JSON = {
    "rules": "four66",
    "deals": [
        {
            "dealer": 4,
            "complete": True,
            "winner": 2,
            "game_points": 1,
            "points": [39, 91],
            "tricks": [3, 5],
            "termination": "played_out",
            "reasons": ["played_out", "simple"],
            "bonus": [0, 0],
        },
        {
            "dealer": 1,
            "complete": False,
            "winner": None,
            "game_points": 0,
            "points": [0, 5],
            "tricks": [0, 1],
            "termination": "unfinished",
            "reasons": [],
            "bonus": [0, 0],
        },
    ],
    "match": {"score": [0, 1], "carried": 0, "winner": None, "complete": False},
    "to_act": 2,
    "legal": ["Kh"],
}

# Kreuzmariage: side 1 declares hearts before any trick (pending: it counts with trick 1),
# then diamonds with a trick won (it counts at once). 130 card points + 40 = 170.
MARRIAGES = """[Format "66R 1"]
[Rules "four66"]
[Option "four_player_marriages=true"]

deal dealer=4 deck="Ah Ts Kh 7s 9s Jh Ac Jc Kd 7c 8d Th 8h Js 7d Jd 9d Qs Tc As 8c Qh Ad Td 9h 7h 9c Ks Qd 8s Kc Qc"
1:20h 1:Kh 2:Jh 3:Ac 4:Th
3:20d 3:Kd 4:8d 1:Ad 2:7d
1:Ah 2:9h 3:Jc 4:Kc
4:As 1:Js 2:7s 3:Qs
4:Tc 1:8c 2:7h 3:9c
4:7c 1:8h 2:Jd 3:Ks
4:Qc 1:Qh 2:Td 3:Qd
4:8s 1:Ts 2:9s 3:9d
"""


def deck_of(text: str) -> list[Card]:
    return [parse_card(name) for name in text.split()]


def data_of(text: str, legal: bool = False) -> Any:
    return replay(text).to_json(legal=legal)


def error_of(text: str) -> dict[str, object]:
    with pytest.raises(RecordError) as info:
        replay(text)
    return info.value.to_json()


def head(rules: str, *options: str) -> str:
    return f'[Format "66R 1"]\n[Rules "{rules}"]\n' + "".join(f'[Option "{o}"]\n' for o in options) + "\n"


# -- three-handed ----------------------------------------------------------------------------


def test_three_handed_example_replays_to_the_documented_json() -> None:
    assert data_of(THREE, legal=True) == THREE_JSON
    assert data_of(THREE) == {**THREE_JSON, "legal": None}


def test_three_handed_example_is_canonical() -> None:
    record = Record.parse(THREE)
    assert record.text() == THREE
    assert record.header("Seat3") == "Carol"
    assert [d.dealer for d in record.deals] == [3, 1, 2]
    assert record.deals[0].actions[0] == (1, Action.parse("20h"))


def test_three_handed_deck_split_is_the_two_player_split_between_the_active_seats() -> None:
    match = replay(THREE).match
    assert isinstance(match, ThreeHandedMatch)
    first, second = parse_cards("Kh Qh Ah 9s Js Tc"), parse_cards("Ac Kc Qc Jc 9c Td")
    expected = {0: (3, 1, 2), 1: (1, 2, 3), 2: (2, 3, 1)}  # deal: (dealer, forehand, other)
    for index, (dealer, forehand, other) in expected.items():
        fresh = ThreeHandedDeal(deck_of(DECK), dealer, match.rules)
        assert fresh.active == (forehand, other)
        assert fresh.hand(forehand) == first
        assert fresh.hand(other) == second
        assert fresh.hand(dealer) == 0
        assert CARD_NAMES[fresh.trump_card] == "Ts"
        assert match.deals[index].active == (forehand, other)


def test_three_handed_text_output() -> None:
    assert format_replay(replay(THREE), legal=True).splitlines() == [
        "rules: three66",
        "deal 1 (dealer 3): seat 1 wins 1 game point (claim), the dealer gets 1; points 72-35-0, tricks 4-1-0; "
        "seat 1 claimed correctly with 72 after closing",
        "deal 2 (dealer 1): seat 3 wins 2 game points (false_claim), the dealer gets 2; points 0-0-0, "
        "tricks 0-0-0; seat 2 claimed with only 0",
        "deal 3 (dealer 2): unfinished; points 0-0-35, tricks 0-0-1",
        "match: 3-0-3 (target 7), in progress",
        "to act: seat 3",
        "legal: 66 9s Ah As C CB Js Qh Tc X",
    ]


def false_claims(*dealers: int) -> str:
    """Deals that end at once: the forehand (the dealer's left) claims on the first lead, always false."""
    return "".join(f'\ndeal dealer={d} deck="{DECK}"\n{d % 3 + 1}:66\n' for d in dealers)


def test_the_dealer_scores_with_the_winner() -> None:
    # TC-3P1: seat 1 deals, seat 2 (his left) leads, seat 3 wins 2: seat 3 +2 and seat 1 +2.
    data = data_of(head("three66") + false_claims(1)[1:])
    assert data["deals"][0]["winner"] == 3 and data["deals"][0]["dealer_points"] == 2
    assert data["match"]["score"] == [2, 0, 2]


def test_the_dealers_credit_stops_one_below_the_target() -> None:
    # TC-3P2: seat 1 has 5 and deals; seat 3 wins 2 -> seat 3 +2, seat 1 only to 6.
    text = head("three66") + f'deal dealer=3 deck="{DECK}"\n{SEED_DEAL}' + false_claims(1, 2, 3, 1)
    data = data_of(text)
    assert [d["winner"] for d in data["deals"]] == [1, 3, 1, 2, 3]
    assert [d["dealer_points"] for d in data["deals"]] == [1, 2, 2, 2, 1]
    assert data["match"] == {"score": [6, 4, 7], "carried": 0, "winner": 3, "complete": True, "loser": None}


def test_a_dealer_at_target_minus_one_gets_nothing_more() -> None:
    data = data_of(head("three66", "match_target=9") + false_claims(3, 1, 2, 3, 1, 2, 3)[1:])
    assert [d["dealer_points"] for d in data["deals"]] == [2, 2, 2, 2, 2, 2, 0]
    assert data["match"]["score"] == [8, 10, 8]


# A seed66 deal played out to 65-65 (record-format tests): with seat 3 dealing, seats 1 and 2 play it.
TIE_DEAL = """deal dealer=3 deck="Tc 9c Kc Qh Ac Jh Jc 9h Th Ah Kd As Qs Ks Qd 9d Kh Td 9s Jd Qc Ts Js Ad"
1:Tc 2:As
2:Ah 1:Kc
2:Th 1:Qd
2:Ks 1:Qh
2:9h 1:Jh
1:Ts 2:Jd
1:Ac 2:Jc
1:Kh 2:Js
2:Qs 1:9s
2:9d 1:Ad
1:Qc 2:Td
1:9c 2:Kd
"""


def test_a_tie_scores_nobody_and_carries_a_point_to_the_next_winner_and_dealer() -> None:
    text = head("three66") + TIE_DEAL
    data = data_of(text)
    (tie,) = data["deals"]
    assert (tie["termination"], tie["winner"], tie["game_points"], tie["dealer_points"]) == ("tie", None, 0, 0)
    assert (tie["points"], tie["tricks"]) == ([65, 65, 0], [6, 6, 0])
    assert data["match"] == {"score": [0, 0, 0], "carried": 1, "winner": None, "complete": False, "loser": None}
    # The deal passes to the left all the same; seat 3 wins 2 + 1 carried, and the dealer gets as much.
    data = data_of(text + false_claims(1))
    assert (data["deals"][1]["winner"], data["deals"][1]["game_points"], data["deals"][1]["dealer_points"]) == (3, 3, 3)
    assert data["match"]["score"] == [3, 0, 3] and data["match"]["carried"] == 0
    assert Record.parse(text).text() == text


def test_play_off_for_the_loser() -> None:
    data = data_of(PLAY_OFF, legal=True)
    assert [(d["dealer"], d["sitting_out"], d["winner"], d["dealer_points"]) for d in data["deals"]] == [
        (3, 3, 1, 1),
        (1, 1, 3, 0),
        (2, 3, 2, 0),
    ]
    assert data["match"] == {"score": [1, 2, 3], "carried": 0, "winner": 3, "complete": True, "loser": 1}
    assert data["to_act"] is None and data["legal"] == []
    assert format_replay(replay(PLAY_OFF)).splitlines()[-2:] == [
        "deal 3 (dealer 2, seat 3 sits out): seat 2 wins 2 game points (false_claim); points 0-0-0, "
        "tricks 0-0-0; seat 1 claimed with only 0",
        "match: 1-2-3 (target 2), seat 3 wins the match, seat 1 loses",
    ]


def test_play_off_in_progress() -> None:
    text = PLAY_OFF.rsplit("\ndeal", 1)[0]
    data = data_of(text)
    assert data["match"] == {"score": [1, 0, 3], "carried": 0, "winner": 3, "complete": False, "loser": None}
    assert format_replay(replay(text)).splitlines()[-1] == (
        "match: 1-0-3 (target 2), seat 3 wins the match; seats 1 and 2 play on for the loser"
    )
    # The match winner sits out: he may not act, and the dealer plays against seat 1.
    assert error_of(text + f'\ndeal dealer=2 deck="{DECK}"\n3:Kh\n') == {
        "deal": 3,
        "action": 1,
        "token": "3:Kh",
        "reason": "seat 3 sits out this deal",
    }
    assert error_of(text + f'\ndeal dealer=3 deck="{DECK}"\n') == {
        "deal": 3,
        "action": 0,
        "token": "dealer=3",
        "reason": "seat 2 must deal deal 3",
    }
    assert data_of(text + f'\ndeal dealer=2 deck="{DECK}"\n1:Kh 2:Ac\n')["to_act"] == 1


def test_after_the_play_off_no_deal_may_follow() -> None:
    assert error_of(PLAY_OFF + f'\ndeal dealer=1 deck="{DECK}"\n') == {
        "deal": 4,
        "action": 0,
        "token": "dealer=1",
        "reason": "the match is over (seat 3 won, seat 1 lost the play-off)",
    }


def test_players_option_on_a_two_player_preset() -> None:
    text = head("seed66", "players=3") + f'deal dealer=2 deck="{DECK}"\n3:Kh 1:Ac\n'
    data = data_of(text, legal=True)
    assert data["rules"] == "seed66"
    assert data["deals"][0]["points"] == [0, 0, 15]  # seat 3 (the dealer's left) led Kh and won
    assert data["deals"][0]["sitting_out"] == 2
    assert data["to_act"] == 3
    assert Record.parse(text).text() == text


# -- four-handed ------------------------------------------------------------------------------


def test_four_handed_example_replays_to_the_documented_json() -> None:
    assert data_of(FOUR, legal=True) == FOUR_JSON


def test_four_handed_example_is_canonical() -> None:
    record = Record.parse(FOUR)
    assert record.text() == FOUR
    assert record.header("Seat4") == "Dave"
    assert len(record.deals[0].actions) == 32


def test_four_handed_deck_split_is_3_2_3_from_the_dealers_left() -> None:
    deck = deck_of(DECK4)
    deal = FourHandedDeal(deck, 4, Rules.preset("four66"))
    record = Record.parse(FOUR)
    assert record.deals[0].deck == tuple(deck)
    hands = {1: "8d 7s Kd Ac 7h 8h Qs Ks", 2: "8c 9h Ad Kh Th 9d Kc 7d", 3: "Jd Qh As Qd 7c 9c Td 8s"}
    hands[4] = "Js Ts Jh Jc 9s Qc Ah Tc"
    for seat, cards in hands.items():
        assert deal.hands[seat] == parse_cards(cards), seat
    assert deal.trump_card == deck[-1] and deal.hands[4] >> deck[-1] & 1
    assert deal.to_act == 1


def test_four_handed_text_output() -> None:
    assert format_replay(replay(FOUR), legal=True).splitlines() == [
        "rules: four66",
        "deal 1 (dealer 4): side 2 (seats 2 & 4) wins 1 game point (played_out); points 39-91, tricks 3-5; "
        "side 2 made 91 to 39 (66 or more)",
        "deal 2 (dealer 1): unfinished; points 0-5, tricks 0-1",
        "match: 0-1 (target 7), in progress",
        "to act: seat 2",
        "legal: Kh",
    ]


def test_four_handed_legal_at_the_start_of_a_deal() -> None:
    text = head("four66") + f'deal dealer=4 deck="{DECK4}"\n'
    data = data_of(text, legal=True)
    assert data["to_act"] == 1
    assert data["legal"] == ["7h", "7s", "8d", "8h", "Ac", "Kd", "Ks", "Qs"]
    # Seat 2 must win the trick if he can: Ad or 9d over 8d, not his 8c 9h Kh Th Kc 7d.
    assert data_of(text + "1:8d\n", legal=True)["legal"] == ["9d", "Ad"]


def test_marriages_where_the_option_allows_them() -> None:
    data = data_of(MARRIAGES, legal=True)
    assert data["deals"] == [
        {
            "dealer": 4,
            "complete": True,
            "winner": 1,
            "game_points": 2,
            "points": [102, 68],
            "tricks": [3, 5],
            "termination": "played_out",
            "reasons": ["played_out", "hundred"],
            "bonus": [0, 0],
        }
    ]
    assert data["match"] == {"score": [2, 0], "carried": 0, "winner": None, "complete": False}
    assert Record.parse(MARRIAGES).text() == MARRIAGES
    start = MARRIAGES.split("1:20h")[0]
    assert "20h" in data_of(start, legal=True)["legal"]
    assert data_of(start + "1:20h\n", legal=True)["legal"] == ["Kh", "Qh"]  # then its king or queen
    assert data_of(start + "1:20h 1:Kh\n")["deals"][0]["points"] == [0, 0]  # 20 pending: no trick yet


def test_marriages_are_invalid_without_the_option() -> None:
    text = MARRIAGES.replace('[Option "four_player_marriages=true"]\n', "")
    assert error_of(text) == {
        "deal": 1,
        "action": 1,
        "token": "1:20h",
        "reason": "marriages do not score in the four-handed game under these rules",
    }


def test_ten_of_trumps_bonus() -> None:
    text = FOUR.replace("[Event", '[Option "ten_of_trumps_bonus=true"]\n[Event')
    data = data_of(text)
    assert data["deals"][0]["bonus"] == [0, 1]  # seat 4 trumped with the ten in trick 1
    assert data["deals"][0]["game_points"] == 1
    assert data["match"]["score"] == [0, 2]
    assert (
        format_replay(replay(text))
        .splitlines()[1]
        .startswith("deal 1 (dealer 4): side 2 (seats 2 & 4) wins 1 game point (played_out), bonus 0-1;")
    )


def test_ten_of_trumps_one_point_short_wins_at_once() -> None:
    text = head("four66", "ten_of_trumps_bonus=true", "match_target=1") + DEAL4.split("4:Ah")[0]
    data = data_of(text, legal=True)
    assert data["deals"] == [
        {
            "dealer": 4,
            "complete": True,
            "winner": 2,
            "game_points": 1,
            "points": [0, 31],
            "tricks": [0, 1],
            "termination": "ten_of_trumps",
            "reasons": ["ten_of_trumps"],
            "bonus": [0, 0],
        }
    ]
    assert data["match"] == {"score": [0, 1], "carried": 0, "winner": 2, "complete": True}
    assert data["to_act"] is None and data["legal"] == []
    assert Record.parse(text).text() == text
    assert error_of(text + "4:Ah\n") == {"deal": 1, "action": 5, "token": "4:Ah", "reason": "deal 1 is over"}
    assert error_of(text + f'\ndeal dealer=1 deck="{DECK4_B}"\n') == {
        "deal": 2,
        "action": 0,
        "token": "dealer=1",
        "reason": "the match is over (side 2 won)",
    }


# -- invalid records ---------------------------------------------------------------------------


THREE_DEAL = head("three66") + f'deal dealer=3 deck="{DECK}"\n'
FOUR_DEAL = head("four66") + f'deal dealer=4 deck="{DECK4}"\n'


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (THREE_DEAL + "4:Kh\n", (1, 1, "4:Kh", "malformed action (expected S:ACTION with S = 1, 2 or 3)")),
        (THREE_DEAL + "3:Kh\n", (1, 1, "3:Kh", "seat 3 sits out this deal")),
        (THREE_DEAL + "2:Ac\n", (1, 1, "2:Ac", "it is seat 1's turn, not seat 2's")),
        (THREE_DEAL + "1:Kh 1:Ah\n", (1, 2, "1:Ah", "it is seat 2's turn, not seat 1's")),
        (THREE_DEAL + "1:Ac\n", (1, 1, "1:Ac", "seat 1 does not hold Ac")),
        (THREE_DEAL + "1:Kh 2:Ac 2:X\n", (1, 3, "2:X", "seat 2 may not exchange now")),
        (
            head("three66") + f'deal dealer=1 deck="{DECK}"\n2:Kh 3:Ac 3:Ah\n',
            (1, 3, "3:Ah", "it is seat 2's turn, not seat 3's"),
        ),
        (
            head("three66") + f'deal dealer=1 deck="{DECK}"\n2:Kh 1:Ac\n',
            (1, 2, "1:Ac", "seat 1 sits out this deal"),
        ),
        (head("three66") + f'deal dealer=4 deck="{DECK}"\n', (1, 0, "dealer=4", "the dealer must be seat 1, 2 or 3")),
        (
            THREE_DEAL + "1:66\n" + f'\ndeal dealer=2 deck="{DECK}"\n',
            (2, 0, "dealer=2", "seat 1 must deal deal 2"),
        ),
        (
            head("seed66") + f'deal dealer=2 deck="{DECK}"\n3:Kh\n',
            (1, 1, "3:Kh", "malformed action (expected S:ACTION with S = 1 or 2)"),
        ),
        (head("seed66") + f'deal dealer=3 deck="{DECK}"\n', (1, 0, "dealer=3", "the dealer must be seat 1 or 2")),
        (FOUR_DEAL + "1:8d 5:Ad\n", (1, 2, "5:Ad", "malformed action (expected S:ACTION with S = 1, 2, 3 or 4)")),
        (FOUR_DEAL + "2:8c\n", (1, 1, "2:8c", "it is seat 1's turn, not seat 2's")),
        (FOUR_DEAL + "1:Jd\n", (1, 1, "1:Jd", "seat 1 does not hold Jd")),
        (FOUR_DEAL + "1:8d 2:9h\n", (1, 2, "2:9h", "seat 2 must follow suit and win the trick: one of Ad 9d")),
        (FOUR_DEAL + "1:8d 2:Ad 3:Td 4:Ah\n", (1, 4, "4:Ah", "seat 4 must trump: one of Tc Qc Jc")),
        (
            FOUR_DEAL + "1:X\n",
            (1, 1, "1:X", "only cards (and marriages, where the rules score them) are played in the four-handed game"),
        ),
        (
            FOUR_DEAL + "1:66\n",
            (1, 1, "1:66", "only cards (and marriages, where the rules score them) are played in the four-handed game"),
        ),
        (
            head("four66") + f'deal dealer=5 deck="{DECK4}"\n',
            (1, 0, "dealer=5", "the dealer must be seat 1, 2, 3 or 4"),
        ),
        (
            FOUR_DEAL.replace(DECK4, DECK),
            (1, 0, DECK, "the deck lacks 8c 7c 8d 7d 8h 7h 8s 7s"),
        ),
        (
            head("four66") + DEAL4 + f'\ndeal dealer=2 deck="{DECK4_B}"\n',
            (2, 0, "dealer=2", "seat 1 must deal deal 2"),
        ),
        (
            head("four66") + f'deal dealer=4 deck="{DECK4}"\n1:8d 2:Ad 3:Td\n\ndeal dealer=1 deck="{DECK4_B}"\n',
            (2, 0, "dealer=1", "deal 1 has not ended"),
        ),
        (head("seed66", "players=4"), (0, 0, '[Rules "seed66"]', "")),
    ],
)
def test_invalid_record(text: str, expected: tuple[int, int, str, str]) -> None:
    error = error_of(text)
    if not expected[3]:  # the rules' own sentence
        assert (error["deal"], error["action"], error["token"]) == expected[:3]
        assert "players=4 is played with deck=32 hand_size=8" in str(error["reason"])
        return
    assert error == dict(zip(("deal", "action", "token", "reason"), expected, strict=True))


def test_invalid_record_exits_with_status_2_and_prints_only_the_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(FOUR_DEAL + "1:8d 2:9h\n"))
    assert main(["replay", "--json", "--legal", "-"]) == 2
    out = capsys.readouterr()
    reason = "seat 2 must follow suit and win the trick: one of Ad 9d"
    assert json.loads(out.out) == {"error": {"deal": 1, "action": 2, "token": "2:9h", "reason": reason}}
    assert out.err == ""


# -- record actions on the deals -------------------------------------------------------------


def test_apply_record_action_takes_table_seats_and_draws_in_the_three_handed_game() -> None:
    deal = ThreeHandedDeal(deck_of(DECK), 1, Rules.preset("three66"))  # seats 2 and 3 play
    for token in ("2:20h", "2:Kh", "3:Ac"):
        seat, action = token.split(":")
        apply_record_action(deal, int(seat), Action.parse(action))
    assert record_legal_tokens(deal) == ["66", "9s", "Ah", "As", "C", "CB", "Js", "Qh", "Tc", "X"]
    before = (deal.history, deal.hand(2), deal.hand(3), deal.stage)
    for seat, token, reason in (
        (1, "Ah", "seat 1 sits out this deal"),
        (3, "Ks", "it is seat 2's turn, not seat 3's"),
        (2, "Kc", "seat 2 does not hold Kc"),
        (4, "Ah", "there is no seat 4 at a three-handed table"),
    ):
        with pytest.raises(IllegalActionError, match=reason):
            apply_record_action(deal, seat, Action.parse(token))
        assert (deal.history, deal.hand(2), deal.hand(3), deal.stage) == before
    apply_record_action(deal, 2, Action.parse("X"))  # after the implicit draw
    assert [str(a) for _, a in deal.history][-3:] == ["Ac", "draw", "X"]
    assert deal.history[-1][0] == 2


def test_apply_record_action_in_the_four_handed_game() -> None:
    deal = FourHandedDeal(deck_of(DECK4), 4, Rules.preset("four66"))
    apply_record_action(deal, 1, Action.parse("8d"))
    assert record_legal_tokens(deal) == ["9d", "Ad"]
    with pytest.raises(IllegalActionError, match="must follow suit and win the trick: one of Ad 9d"):
        apply_record_action(deal, 2, Action.parse("9h"))
    with pytest.raises(IllegalActionError, match="not a 66R action"):
        apply_record_action(deal, 2, Action.parse("draw"))
    assert len(deal.history) == 1 and deal.to_act == 2


# -- writing what the engine played -----------------------------------------------------------


CONFIGS = [
    ("three66", {}),
    ("three66", {"three_player_play_for_loser": True, "match_target": 3}),
    ("three66", {"next_dealer": "winner", "tie_rule": "void"}),
    ("four66", {}),
    ("four66", {"four_player_marriages": True, "ten_of_trumps_bonus": True}),
    ("four66", {"four_player_undertrump_required": False, "four_player_scale": "loser_under_33"}),
]


def played_match(name: str, options: dict[str, Any], seed: int) -> AnyMatch:
    rules = Rules.preset(name).replace(**options)
    match = create_match(rules, first_dealer=seed % rules.players + 1)
    players = {seat: make_table_player(1, rules, seed=seed * 7 + seat) for seat in match.seats}
    return play_table_match(match, players, seed=seed)


def recorded(history: list[tuple[int, Action]]) -> list[tuple[int, Action]]:
    """The actions a record holds (not the draw, not a pass)."""
    return [(seat, action) for seat, action in history if action.in_records()]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "options"), CONFIGS)
def test_random_matches_round_trip(name: str, options: dict[str, Any]) -> None:
    """Written, re-read byte for byte, and replayed to the same deals and scores (150 matches each)."""
    for seed in range(150):
        match = played_match(name, options, seed)
        headers = [("Event", f"random {seed}"), *((f"Seat{s}", f"bot {s}") for s in match.seats)]
        text = Record.from_match(match, headers).text()
        result = replay(text)
        assert result.record.text() == text
        replayed = result.match
        assert type(replayed) is type(match)
        assert replayed.score == match.score and replayed.winner == match.winner
        assert replayed.results == match.results
        assert [recorded(d.history) for d in replayed.deals] == [recorded(d.history) for d in match.deals]
        if isinstance(match, ThreeHandedMatch):
            assert isinstance(replayed, ThreeHandedMatch) and replayed.loser == match.loser


def test_four_handed_lines_hold_one_trick_each_with_its_marriage_first() -> None:
    for seed in range(30):
        match = played_match("four66", {"four_player_marriages": True}, seed)
        text = Record.from_match(match).text()
        for block in text.split("\ndeal ")[1:]:
            for line in block.strip().splitlines()[1:]:
                tokens = [token.split(":")[1] for token in line.split()]
                marriages = [i for i, token in enumerate(tokens) if token[:2] in ("20", "40")]
                assert len(tokens) - len(marriages) == 4
                assert marriages in ([], [0])


def test_from_match_accepts_every_table_size() -> None:
    for name in ("seed66", "three66", "four66"):
        rules = Rules.preset(name)
        match = create_match(rules)
        match.new_deal(seed=5)
        text = Record.from_match(match, [("Seat1", "me")]).text()
        assert text.startswith(f'[Format "66R 1"]\n[Rules "{name}"]\n[Seat1 "me"]\n\ndeal dealer={rules.players} ')
        assert replay(text).to_act == 1


def test_the_examples_of_docs_records_md_replay_as_shown() -> None:
    docs = Path(__file__).resolve().parents[2] / "docs" / "records.md"
    blocks = docs.read_text(encoding="utf-8").split("```")[1::2]
    examples = [
        i
        for i, block in enumerate(blocks)
        if block.lstrip().startswith("[Format") and ('"three66"' in block or '"four66"' in block)
    ]
    assert len(examples) == 2
    for i in examples:
        text = blocks[i].lstrip("\n")
        assert Record.parse(text).text() == text
        result = replay(text)
        assert json.loads(blocks[i + 1]) == result.to_json(legal=True)
        assert blocks[i + 2].strip("\n") == format_replay(result, legal=True)
    assert [blocks[i].lstrip("\n") for i in examples] == [THREE, FOUR]
