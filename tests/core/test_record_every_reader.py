"""Records that every reader can read (issue 14): escaped header values, names that cannot
forge headers, the written claim of ``auto_claim`` and the termination of ``strict_claims``.

A reader that knows only the record format (docs/records.md) must find in our records what they say: the
headers they hold and no other, and a deal that ended where its last action ends it.
"""

from __future__ import annotations

import random

import pytest

from core.record_examples import DECK, SEED_DEAL
from sixtysix import Match, Rules, create_match
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.cards import parse_card
from sixtysix.core.errors import InvalidNameError, RecordError
from sixtysix.core.record import Record, check_player_name, parse_header, replay

EXAMPLE_DEAL = f'deal dealer=2 deck="{DECK}"\n' + SEED_DEAL
FORGER = 'M"] [Result "7-0"]'


def example(*options: str) -> str:
    """The spec's example record, with ``Option`` headers."""
    head = '[Format "66R 1"]\n[Rules "seed66"]\n' + "".join(f'[Option "{o}"]\n' for o in options)
    return head + '[Seat1 "Alice"]\n[Seat2 "Bob"]\n\n' + EXAMPLE_DEAL


def parse_cards_in_order(text: str) -> list[int]:
    return [parse_card(name) for name in text.split()]


def one_deal_match(rules: Rules) -> Match:
    match = Match(rules, first_dealer=2)
    match.new_deal(seed=5)
    return match


# -- header values --------------------------------------------------------------------------------


def test_a_name_that_looks_like_headers_is_written_escaped_and_read_back_as_one_header() -> None:
    names = [("Seat1", FORGER), ("Seat2", 'back\\slash \\" end\\')]
    text = Record.from_match(one_deal_match(Rules.preset("seed66")), names).text()
    assert '[Seat1 "M\\"] [Result \\"7-0\\"]"]\n' in text
    assert '[Seat2 "back\\\\slash \\\\\\" end\\\\"]\n' in text
    record = Record.parse(text)
    assert record.header("Seat1") == FORGER and record.header("Seat2") == names[1][1]
    assert record.header("Result") is None
    assert record.text() == text  # canonical: byte for byte
    # a reader that takes every [Name "value"] on the line finds no Result
    assert '[Result "' not in text


def test_escaped_quotes_and_hashes_are_not_comments_or_ends() -> None:
    assert parse_header('[Seat1 "M\\"] # not a comment"]') == ("Seat1", 'M"] # not a comment')
    assert parse_header('[Event "x"]  # a comment') == ("Event", "x")
    assert parse_header('[Event "a \\\\"]') == ("Event", "a \\")
    assert parse_header('[Event "unterminated') is None


def test_records_written_before_escaping_read_as_before() -> None:
    old = '[Format "66R 1"]\n[Seat1 "M"] [Result "7-0"]"]\n[Event "C:\\games"]\n[Date "end\\"]\n'
    record = Record.parse(old)
    assert record.header("Seat1") == FORGER
    assert record.header("Result") is None
    assert record.header("Event") == "C:\\games" and record.header("Date") == "end\\"
    again = Record.parse(record.text())  # now written escaped, and read back the same
    assert again.headers == record.headers and again.text() == record.text()


def test_a_header_value_with_a_line_break_cannot_be_written() -> None:
    for value in ("two\nlines", "cr\rhere", "sep\u2028arator"):
        with pytest.raises(InvalidNameError, match="may not hold a line break"):
            Record.from_match(Match(), [("Event", value)])
        with pytest.raises(InvalidNameError):
            Record(headers=[("Format", "66R 1"), ("Seat1", value)]).text()


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ann\u202eeve", "U+202E (RIGHT-TO-LEFT OVERRIDE), a bidirectional formatting character"),
        ("Ann\u2066x\u2069", "U+2066 (LEFT-TO-RIGHT ISOLATE), a bidirectional formatting character"),
        ("Ann\u200fx", "U+200F (RIGHT-TO-LEFT MARK), a bidirectional formatting character"),
        ("bell\x07", "U+0007, a control character"),
        ("tab\there", "U+0009, a control character"),
        ("new\nline", "U+000A, a control character"),
        ("c1\x85", "U+0085, a control character"),
        ("del\x7f", "U+007F, a control character"),
        ("para\u2029graph", "U+2029 (PARAGRAPH SEPARATOR), a control character"),
    ],
)
def test_player_names_refuse_control_and_bidi_characters_precisely(name: str, reason: str) -> None:
    with pytest.raises(InvalidNameError) as error:
        check_player_name(name)
    assert str(error.value) == f"a name may not hold {reason}"


def test_player_names_keep_quotes_backslashes_and_any_script() -> None:
    for name in (FORGER, "C:\\bot", "Zoë Ŝ", "שרה", "李雷", "Ann 😀"):
        assert check_player_name(name) == name


# -- auto_claim: the claim is written ---------------------------------------------------------------


def test_auto_claim_example_replays_with_its_written_claim() -> None:
    """The format's own example with ``auto_claim=true``: Alice reaches 72 with her last trick,
    the replay claims for her, and the written ``1:66`` is that claim (no "deal 1 is over")."""
    data = replay(example("auto_claim=true")).to_json()
    assert data == replay(example()).to_json()
    assert data["deals"][0]["termination"] == "claim" and data["deals"][0]["points"] == [72, 35]
    text = example("auto_claim=true")
    assert Record.parse(text).text() == text


def test_auto_claim_record_without_the_written_claim_reads_and_is_written_with_it() -> None:
    with_claim = example("auto_claim=true")
    without = with_claim.replace("1:66\n", "")
    assert replay(without).to_json() == replay(with_claim).to_json()
    assert Record.parse(without).text() == with_claim


@pytest.mark.parametrize(("extra", "reason"), [("2:66", "deal 1 is over"), ("1:66", "deal 1 is over")])
def test_auto_claim_accepts_one_claim_by_the_claimant_only(extra: str, reason: str) -> None:
    with pytest.raises(RecordError) as error:
        replay(example("auto_claim=true") + extra + "\n")
    assert (error.value.deal, error.value.action, error.value.token, error.value.reason) == (1, 16, extra, reason)


def test_auto_claim_still_refuses_a_claim_before_the_rules_make_it() -> None:
    early = example("auto_claim=true").replace("1:C 1:As", "1:66 1:C 1:As")
    with pytest.raises(RecordError, match="claims are automatic under these rules"):
        replay(early)


def play_out(match: Match, rng: random.Random) -> None:
    """Random legal play without closing (a claim is never legal under auto_claim) to the end of the match."""
    while not match.is_over:
        deal = match.current
        if deal is None or deal.is_over:
            match.new_deal(seed=rng.getrandbits(32))
            continue
        seat = deal.seat_to_ask
        assert seat is not None
        legal = deal.legal_actions(seat)
        unclosed = [a for a in legal if str(a) not in ("C", "CB")]  # closed deals rarely end by a claim
        match.apply(rng.choice(unclosed or legal), seat)


@pytest.mark.parametrize("preset", ["seed66", "schnapsen", "three66", "vu_schnapsen", "vu_schnapsen24"])
def test_auto_claim_matches_are_written_with_every_claim_and_read_by_a_reader_without_the_option(
    preset: str,
) -> None:
    rules = Rules.preset(preset).replace(auto_claim=True, match_target=5)
    match = create_match(rules)
    play_out(match, random.Random(preset))
    record = Record.from_match(match)
    text = record.text()
    assert any(deal.outcome is not None and deal.outcome.claimant for deal in match.deals)
    for deal, written in zip(match.deals, record.deals, strict=True):
        outcome = deal.outcome
        assert outcome is not None
        if outcome.claimant:  # the deal's last action is its claim
            assert written.actions[-1] == (outcome.claimant, CLAIM)
        else:
            assert all(action != CLAIM for _, action in written.actions)
    assert Record.parse(text).text() == text
    ours = replay(text).to_json()
    assert [(d["termination"], d["winner"]) for d in ours["deals"]] == [
        (d.outcome.termination.value, d.outcome.winner) for d in match.deals if d.outcome is not None
    ]
    # a reader that does not know auto_claim reads explicit claims where they were made
    theirs = replay(without_auto_claim(text, rules)).to_json()
    assert all(d["complete"] for d in theirs["deals"])
    assert [(d["termination"], d["winner"]) for d in theirs["deals"]] == [
        (d["termination"], d["winner"]) for d in ours["deals"]
    ]


def without_auto_claim(text: str, rules: Rules) -> str:
    """The record as a reader sees it that knows no automatic claim."""
    if Rules.preset(rules.preset_name).auto_claim:  # the preset's own (VU): switch it off
        head = f'[Rules "{rules.preset_name}"]\n'
        return text.replace(head, head + '[Option "auto_claim=false"]\n')
    return text.replace('[Option "auto_claim=true"]\n', "")


# -- strict_claims: the termination of a closer with 66 who never claimed ---------------------------------


def closer_plays_on(rules: Rules) -> Match:
    """The example deal up to Alice's 72 after closing, then played to its last card without a claim."""
    match = Match(rules, first_dealer=2)
    deal = match.new_deal(deck=parse_cards_in_order(DECK))
    for token in " ".join(EXAMPLE_DEAL.splitlines()[1:]).split()[:-1]:  # every action but the claim
        seat, _, name = token.partition(":")
        if deal.is_legal(Action.parse("draw")) and name not in ("66", "CB"):
            deal.apply(Action.parse("draw"))
        deal.apply(Action.parse(name), int(seat))
    assert deal.scores() == (72, 35) and deal.closer == 1
    while not deal.is_over:
        deal.apply(next(a for a in deal.legal_actions() if a != CLAIM))
    match.settle()
    return match


@pytest.mark.parametrize(("strict", "winner", "points"), [(False, 1, 1), (True, 2, 2)])
def test_a_closer_with_66_who_never_claims_is_played_out_strict_or_not(strict: bool, winner: int, points: int) -> None:
    """strict_claims: the closer with 81 who never claimed loses as a failed close (R-SCORE-4: 2,
    as seat 2 had a trick at the close), and the termination is ``played_out``: the cards ran out
    and the closer had 66 or more (``closer_failed`` is for a closer under 66)."""
    match = closer_plays_on(Rules.preset("seed66").replace(strict_claims=strict))
    outcome = match.deals[0].outcome
    assert outcome is not None and outcome.points[0] >= 66
    text = Record.from_match(match).text()
    deal = replay(text).to_json()["deals"][0]
    assert (deal["termination"], deal["winner"], deal["game_points"]) == ("played_out", winner, points)
    assert deal["points"][0] == outcome.points[0] >= 66
