"""66P messages: every view survives a round trip through its ``go`` line, over many random
deals of every preset; the other messages read back what was written; bad input raises
:class:`ProtocolError`, unknown fields are ignored."""

from __future__ import annotations

import random

import pytest

from sixtysix import Action, Deal, PlayerView, Rules
from sixtysix.core.actions import CLAIM
from sixtysix.protocol.messages import (
    BotOption,
    ProtocolError,
    decode_go,
    decode_newdeal,
    decode_newmatch,
    decode_setoption,
    encode_go,
    encode_newdeal,
    encode_newmatch,
    encode_setoption,
    fields_of,
    parse_bestmove,
)

DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
RULES = (
    Rules.preset("seed66"),
    Rules.preset("pagat66"),
    Rules.preset("schnapsen"),
    Rules.preset("seed66").replace(nine_exchange_rule="trick_anytime", exchange_on_close=True, match_target=11),
    Rules.preset("schnapsen").replace(auto_claim=True, marriage_in_phase2=False),
    Rules.preset("pagat66").replace(nine_points=1, closer_win_basis="at_close", tie_rule="carry_one"),
)


def random_views(rules: Rules, seed: int) -> list[tuple[PlayerView, int]]:
    """Every view of both seats along one random deal (claims only when right, mostly), with a deal number."""
    rng = random.Random(seed)
    deal = Deal.shuffled(seed, 1 + seed % 2, rules)
    score = (rng.randrange(7), rng.randrange(7))
    carried = rng.randrange(2)
    views = []
    while True:
        for seat in (1, 2):
            views.append((PlayerView.of(deal, seat, score, carried), 1 + seed % 9))
        if deal.is_over:
            return views
        window = deal.window
        if window and rng.random() < 0.5:
            deal.apply(rng.choice(deal.legal_actions(window)), window)
            continue
        legal = deal.legal_actions()
        careful = [a for a in legal if a != CLAIM or deal.score[deal.to_act or 0] >= 66]
        deal.apply(rng.choice(careful if careful and rng.random() < 0.95 else legal))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset_name}{r.options() or ''}")
def test_every_view_survives_its_go_line(rules: Rules) -> None:
    for seed in range(60):
        for view, number in random_views(rules, seed):
            line = encode_go(view, number, 750)
            assert "\n" not in line and "  " not in line and line.isascii()
            go = decode_go(line)
            assert go.view == view and go.deal_number == number and go.movetime == 750
            assert go.view.unseen == view.unseen and go.view.is_my_turn == view.is_my_turn


def test_the_go_line_of_the_spec_example() -> None:
    deal = Deal.from_text(DECK, dealer=2)
    for token in ("20h", "Kh"):
        deal.apply(Action.parse(token))
    line = encode_go(PlayerView.of(deal, 2), 1, 1000)
    assert line == (
        "go movetime 1000 seat=2 deal=1 rules=seed66 options=- target=7 dealer=2 trump=Ts faceup=Ts talon=12 "
        "closer=0 stage=follow leader=1 led=Kh marriage=- window=0 hand=Ac,Kc,Qc,Jc,9c,Td oppknown=Qh won1=- "
        "won2=- tricks=0,0 score=0,0 pending=20,0 closescore=0 closetricks=0 match=0,0 carried=0 "
        "history=1:20h,1:Kh legal=Ac,Kc,Qc,Jc,9c,Td"
    )


def test_fields_may_come_in_any_order_and_unknown_ones_are_ignored() -> None:
    deal = Deal.from_text(DECK, dealer=2)
    view = PlayerView.of(deal, 1, (3, 2), 1)
    words = encode_go(view, 4, 100).split()
    head, fields = words[:3], words[3:]
    random.Random(1).shuffle(fields)
    go = decode_go(" ".join([*head, "x-hint=Ah", "extra", *fields, "future=1,2,3"]))
    assert go.view == view and go.deal_number == 4 and go.movetime == 100


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("hand=", "hand=Zz,"), "hand"),
        (("stage=lead", "stage=bidding"), "stage"),
        (("rules=seed66", "rules=skat"), "rules"),
        (("options=-", "options=tie_rule=never"), "rules"),
        (("options=-", "options=tie_rule"), "options"),
        (("seat=1", "seat=3"), "seat"),
        (("tricks=0,0", "tricks=0"), "tricks"),
        (("trump=Ts", "trump=-"), "trump"),
        (("legal=", "legal=Qz,"), "not an action"),
        (("history=-", "history=1-20h"), "history"),
        (("marriage=-", "marriage=x"), "marriage"),
        ((" closer=0", ""), "closer"),
    ],
)
def test_a_malformed_go_is_a_protocol_error(change: tuple[str, str], message: str) -> None:
    line = encode_go(PlayerView.of(Deal.from_text(DECK, dealer=2), 1), 1, 100)
    old, new = change
    assert old in line
    with pytest.raises(ProtocolError, match=message):
        decode_go(line.replace(old, new, 1))


def test_newmatch_and_newdeal_round_trip() -> None:
    for rules in RULES:
        for seat in (1, 2):
            line = encode_newmatch(rules, seat)
            assert line.startswith(f"newmatch seat={seat} rules={rules.preset_name} ")
            assert decode_newmatch(line) == (rules, seat)
    rules = RULES[3]
    assert encode_newmatch(rules, 1) == (
        "newmatch seat=1 rules=seed66 options=nine_exchange_rule=trick_anytime,exchange_on_close=true,"
        "match_target=11 target=11"
    )
    view = PlayerView.of(Deal.from_text(DECK, dealer=1), 2, (5, 6), 1)
    line = encode_newdeal(3, view)
    assert line == "newdeal deal=3 dealer=1 match=5,6 carried=1"
    assert decode_newdeal(line) == (3, 1)


def test_bestmove() -> None:
    assert parse_bestmove("bestmove Ah") == Action.parse("Ah")
    assert parse_bestmove("bestmove  10d  ponder  whatever\r") == Action.parse("Td")
    for token in ("20h", "40s", "X", "C", "CB", "66", "draw", "pass", "cb", "x"):
        assert parse_bestmove(f"bestmove {token}") == Action.parse(token)
    for bad in ("bestmove", "bestmove zz", "bestmove 21h", "best Ah", ""):
        with pytest.raises(ProtocolError):
            parse_bestmove(bad)


def test_options_and_setoption_round_trip() -> None:
    options = [
        BotOption("Level", "spin", "3", 1, 5),
        BotOption("Use Book", "check", "true"),
        BotOption("Style", "combo", "solid", vars=("solid", "wild", "very wild")),
        BotOption("Log File", "string", ""),
        BotOption("Clear Memory", "button"),
    ]
    for option in options:
        assert BotOption.parse(option.line()) == option
    assert options[0].line() == "option name Level type spin default 3 min 1 max 5"
    assert options[3].line() == "option name Log File type string default -"
    with pytest.raises(ProtocolError):
        BotOption.parse("option name Broken type slider default 1")
    assert decode_setoption(encode_setoption("Log File", "my games.txt")) == ("Log File", "my games.txt")
    assert decode_setoption(encode_setoption("Clear Memory", None)) == ("Clear Memory", "")
    with pytest.raises(ProtocolError):
        decode_setoption("setoption value 3")


def test_fields_of() -> None:
    assert fields_of(["go", "movetime", "5", "a=1", "b=", "=c", "d=e=f"]) == {"a": "1", "b": "", "d": "e=f"}
