"""``sixtysix play`` saves and resumes (issue 14): the record never shows the cards of the deal in
play, a private state file beside it keeps them for ``--resume``, and ``--resume`` never rewrites
a record that ``sixtysix play`` did not write, nor a finished match."""

from __future__ import annotations

import itertools
import json
import re
import stat
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from sixtysix.cli import main
from sixtysix.core.cards import CARD_NAMES, cards_of
from sixtysix.core.record import replay
from sixtysix.tui.resume import ResumeError, load_saved, private_path, private_state, resume, saved_text

CARD = re.compile(r"(?<![A-Za-z0-9])([ATKQJ98][cdhs])(?![A-Za-z0-9])")
EXAMPLE_DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
TOURNAMENT_RECORD = f"""[Format "66R 1"]
[Rules "seed66"]
[Event "Club tournament"]
[Seed "1"]
[Board "3"]
[Seat1 "L3"]
[Seat2 "mybot"]
[Seat1Player "level:3"]
[Seat2Player "./mybot"]
[Result "2-0"]
[Termination "forfeit"]
[Forfeit "forfeit: seat 2 timeout: no answer within 1 s"]

deal dealer=2 deck="{EXAMPLE_DECK}"
1:20h 1:Kh 2:Ac
"""


@pytest.fixture
def play(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[object]:
    """``play(answers, *args)``: run ``sixtysix play`` in ``tmp_path`` with the typed ``answers``, then ``quit``."""
    monkeypatch.chdir(tmp_path)

    def run(answers: Iterable[str], *args: str) -> int:
        typed = itertools.chain(answers, itertools.repeat("quit"))
        monkeypatch.setattr("builtins.input", lambda *prompt: next(typed))
        return main(["play", "--no-clear", *args])

    yield run


def hidden_cards(path: Path) -> set[str]:
    """The cards of the saved deal in play that the player has not seen: the computer's hand and the stock."""
    deal = load_saved(path).match.current
    assert deal is not None and not deal.is_over
    unseen = deal.hands[2] | sum(1 << card for card in deal.stock[deal.stock_pos :])
    return {CARD_NAMES[card] for card in cards_of(unseen)}


def test_a_game_quit_mid_deal_keeps_the_hidden_cards_out_of_the_record(play: object, tmp_path: Path) -> None:
    assert play(["1", "quit"], "--level", "1", "--seed", "4", "--save", "game.66r") == 0  # type: ignore[operator]
    record = (tmp_path / "game.66r").read_text(encoding="utf-8")
    assert "deal dealer" not in record and "deck=" not in record
    assert not set(CARD.findall(record)) & hidden_cards(tmp_path / "game.66r")
    assert record.endswith("# unfinished deal 1: its cards are kept out of this record until it is over\n")
    assert replay(record).match.deals == []  # still a valid record: of the finished deals

    private = private_path(tmp_path / "game.66r")
    assert private.name == ".game.66r.private"  # hidden beside it, for its owner only, encoded
    assert stat.S_IMODE(private.stat().st_mode) == 0o600
    text = private.read_text(encoding="utf-8")
    assert "cards=" not in text and not set(CARD.findall(json.loads(text)["match"])) >= hidden_cards(
        tmp_path / "game.66r"
    )


def test_a_quit_game_resumes_where_it_stood_and_goes_on(play: object, tmp_path: Path) -> None:
    run = play
    assert run(["1", "quit"], "--level", "1", "--seed", "4", "--target", "2", "--save", "game.66r") == 0  # type: ignore[operator]
    before = load_saved(tmp_path / "game.66r").match.current
    assert before is not None and len(before.history) >= 2
    assert run(["quit"], "--resume", "game.66r") == 0  # type: ignore[operator]
    after = load_saved(tmp_path / "game.66r").match.current
    assert after is not None and after.history == before.history and after.deck == before.deck
    # and to its end (every answer in turn until one is allowed): a finished match leaves no private state
    answers = itertools.islice(itertools.cycle(["66", "", "1", "2", "3", "4", "5", "6"]), 20000)
    assert run(answers, "--resume", "game.66r") == 0  # type: ignore[operator]
    final = replay((tmp_path / "game.66r").read_text(encoding="utf-8")).match
    assert final.is_over and final.deals[0].deck == before.deck
    assert not private_path(tmp_path / "game.66r").exists()


def test_between_two_deals_the_record_holds_every_deal_and_no_private_state(play: object, tmp_path: Path) -> None:
    assert play(["66", "y", "quit"], "--level", "1", "--seed", "1", "--target", "3", "--save", "g.66r") == 0  # type: ignore[operator]
    record = (tmp_path / "g.66r").read_text(encoding="utf-8")
    assert "# unfinished" not in record and len(replay(record).match.deals) == 1
    assert not private_path(tmp_path / "g.66r").exists()
    resumed = load_saved(tmp_path / "g.66r")
    assert len(resumed.match.deals) == 1 and resumed.match.current is not None and resumed.match.current.is_over


def test_resume_refuses_a_tournament_record_and_leaves_it_as_it_was(
    play: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A forfeited tournament game stops mid-deal and its match is not over, but it is not a game of
    ``sixtysix play``: resuming it would turn the bot's seat into a human and rewrite the tournament's file."""
    path = tmp_path / "t.66r"
    path.write_text(TOURNAMENT_RECORD, encoding="utf-8")
    assert not replay(TOURNAMENT_RECORD).match.is_over
    assert play([], "--resume", "t.66r") == 2  # type: ignore[operator]
    error = capsys.readouterr().err
    assert 't.66r was not saved by sixtysix play (Event "Club tournament")' in error
    assert "never rewrites another record" in error
    assert path.read_text(encoding="utf-8") == TOURNAMENT_RECORD
    assert not private_path(path).exists()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace("[Board", '[Human "1"]\n[Board'), "already over \\(2-0\\)"),
        (lambda text: text.replace("[Result", "[Score"), "was not saved by sixtysix play"),
    ],
)
def test_resume_refuses_a_finished_match_and_other_programs_records(change: object, message: str) -> None:
    with pytest.raises(ResumeError, match=message):
        resume(change(TOURNAMENT_RECORD))  # type: ignore[operator]


def test_resume_refuses_when_the_private_state_is_missing_or_belongs_to_another_game(
    play: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    run = play
    assert run(["1", "quit"], "--level", "2", "--seed", "4", "--save", "a.66r") == 0  # type: ignore[operator]
    assert run(["1", "quit"], "--level", "2", "--seed", "5", "--save", "b.66r") == 0  # type: ignore[operator]
    private_a, private_b = private_path(tmp_path / "a.66r"), private_path(tmp_path / "b.66r")
    saved_b = private_b.read_text(encoding="utf-8")
    private_b.write_text(private_a.read_text(encoding="utf-8"), encoding="utf-8")
    assert run([], "--resume", "b.66r") == 2  # type: ignore[operator]
    assert ".b.66r.private does not belong to b.66r" in capsys.readouterr().err
    private_b.write_text("{not json", encoding="utf-8")
    assert run([], "--resume", "b.66r") == 2  # type: ignore[operator]
    assert ".b.66r.private is damaged" in capsys.readouterr().err
    private_b.unlink()
    assert run([], "--resume", "b.66r") == 2  # type: ignore[operator]
    assert "the cards of the unfinished deal 1 of b.66r are kept in" in capsys.readouterr().err
    private_b.write_text(saved_b, encoding="utf-8")
    assert load_saved(tmp_path / "b.66r").match.current is not None


def test_a_record_saved_with_its_deal_in_play_still_resumes() -> None:
    """Saves written before the private state: the deal in play is in the record, the draw in a comment."""
    old = (
        '[Format "66R 1"]\n[Rules "seed66"]\n[Event "sixtysix play"]\n[Human "1"]\n[Level "2"]\n\n'
        f'deal dealer=2 deck="{EXAMPLE_DECK}"\n1:Ah 2:Ac\n# pending: 1:draw\n'
    )
    resumed = resume(old)
    deal = resumed.match.current
    assert deal is not None and [str(a) for _, a in deal.history] == ["Ah", "Ac", "draw"]
    assert resumed.human == 1 and resumed.level == 2


def test_the_private_state_is_none_between_deals_and_round_trips_in_play() -> None:
    text = '[Format "66R 1"]\n[Rules "seed66"]\n[Event "sixtysix play"]\n[Human "1"]\n\n'
    match = resume(text + f'deal dealer=2 deck="{EXAMPLE_DECK}"\n1:Ah 2:Ac\n').match
    saved = saved_text(match, [("Human", "1")])
    assert "deal dealer" not in saved
    state = private_state(match, saved)
    assert state is not None
    assert resume(saved, state).match.text() == match.text()
    with pytest.raises(ResumeError, match="does not belong"):  # saved with another record
        resume(saved.replace('[Human "1"]', '[Human "1"]\n[Event "edited"]'), state)
    assert private_state(resume(text).match, text) is None
