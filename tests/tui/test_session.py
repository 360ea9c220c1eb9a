"""The game loop (sixtysix.tui.session) driven in-process by scripted input."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from rich.console import Console

from sixtysix import Match, Rules
from sixtysix.core.record import Record, replay
from sixtysix.tui.console import Settings
from sixtysix.tui.resume import load_saved
from sixtysix.tui.session import Session

from .conftest import Driver, ScriptedPlayer, legal_answer, make_session


def output(console: object) -> str:
    return console.export_text()  # type: ignore[attr-defined, no-any-return]


@pytest.mark.parametrize("preset", ["seed66", "pagat66", "schnapsen"])
@pytest.mark.parametrize("level", [1, 3])
def test_a_whole_match_is_played_saved_and_replays(tmp_path: Path, preset: str, level: int) -> None:
    driver = Driver(seed=level)
    session, console = make_session(tmp_path, driver, Rules.preset(preset).replace(match_target=3), level=level)
    assert session.run() == 0
    match = session.match
    assert match.is_over
    text = (tmp_path / "game.66r").read_text()
    result = replay(text)
    assert result.match.is_over and result.match.score == match.score
    record = Record.parse(text)
    assert record.header("Result") == f"{match.score[0]}-{match.score[1]}"
    assert record.header("Human") == "1" and record.header("Level") == str(level)
    shown = output(console)
    assert "Deal 1:" in shown and "the match" in shown and "Bummerl" in shown
    assert f"Replay it with:\nsixtysix replay {tmp_path / 'game.66r'}\n" in shown  # whole, on its own line


def test_the_same_seed_gives_the_same_match(tmp_path: Path) -> None:
    texts = []
    for run in range(2):
        session, _ = make_session(tmp_path / str(run), Driver(seed=5), Rules().replace(match_target=2), level=3)
        session.run()
        texts.append((tmp_path / str(run) / "game.66r").read_text())
    assert texts[0] == texts[1]


def test_illegal_input_is_refused_in_the_players_words(tmp_path: Path) -> None:
    driver = Driver(["9h", "zz", "7", "quit"])  # seat 1 holds Kh Qh Ah 9s Js Tc
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer())
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "Not allowed: You do not hold 9♥" in shown  # the engine says "9h: seat 1 does not hold 9h"
    assert "'zz' is not understood" in shown
    assert "there is no card number 7" in shown
    assert "Saved. Continue with:\nsixtysix play --resume" in shown


def test_help_hint_last_and_rules(tmp_path: Path) -> None:
    driver = Driver(["last", "help", "hint", "rules", "Ah", "last", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]))
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "No trick has been played yet" in shown
    assert "Legal now:" in shown and "20h" in shown and "declare 20 in hearts" in shown
    assert "Hint: best is" in shown and "expected game points" in shown
    assert "against the best" in shown and " ± " in shown  # estimates show their standard error
    assert re.search(r"^(Better|Every card is known|.* is about as good as) ", shown, re.MULTILINE)  # and why
    assert "Rules: Sechsundsechzig (66)" in shown
    assert "Last trick: You led A♥, Computer played A♣: you won (22 points)" in shown


def test_the_rules_command_shows_the_rules_of_the_game_being_played(tmp_path: Path) -> None:
    rules = Rules.preset("schnapsen").replace(match_target=3)
    session, console = make_session(tmp_path, Driver(["rules", "quit"]), rules, computer=ScriptedPlayer())
    session.run()
    shown = output(console)
    assert "The rules of 66: Schnapsen (20 cards)" in shown
    assert "Card points: ace 11, ten 10, king 4, queen 3, jack 2, nine 0" in shown
    assert "R-P2-2 In phase two the follower must" in shown and "R-CLOSE-6" in shown
    assert re.search(r"^\*\s+Close before the draw\s+no\s+yes\s", shown, re.MULTILINE)  # Schnapsen's option
    assert re.search(r"^\*\+\s+Game points to win\s+3\s+7\s", shown, re.MULTILINE)  # set for this match
    assert "close_before_draw" not in shown and "match_target" not in shown  # no name of the code
    assert "Rules: Schnapsen (20 cards), changed: \u201cGame points to win: 3\u201d. Match to 3 game points." in shown


def test_the_rules_command_speaks_the_players_language(tmp_path: Path) -> None:
    rules = Rules.preset("schnapsen").replace(match_target=3)
    session, console = make_session(tmp_path, Driver(["rules", "quit"]), rules, computer=ScriptedPlayer(), lang="de")
    session.run()
    shown = output(console)
    assert "Die Regeln von 66: Schnapsen (20 Karten)" in shown and "2.9 Zudrehen" in shown
    assert "R-P2-2 In der zweiten Phase muss der Zugeber" in shown
    assert re.search(r"^\*\+\s+Punkte zum Sieg\s+3\s+7\s", shown, re.MULTILINE)
    assert "match_target" not in shown and "close_before_draw" not in shown  # no name of the code
    assert "\u201eZudrehen vor dem Ziehen\u201c" in shown  # R-CLOSE-2 names its option in words


def test_a_card_typed_after_winning_a_trick_draws_first(tmp_path: Path) -> None:
    driver = Driver(["Ah", "Kh", "quit"])  # Ah wins trick 1; Kh: draw (As), then lead Kh
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]))
    session.future_decks = [_deck()]
    session.run()
    deal = session.match.current
    assert deal is not None
    assert [f"{s}:{a}" for s, a in deal.history][:4] == ["1:Ah", "2:Ac", "1:draw", "1:Kh"]
    assert "You drew A♠" in output(console)


def test_the_exchange_window_quit_and_resume(tmp_path: Path) -> None:
    # Trick 1: Ah takes Ac. Trick 2: Kh is trumped by Ks; the computer draws, and seat 1
    # (with a trick and the 9s) may exchange before the computer leads. Quit there.
    driver = Driver(["Ah", "", "Kh", "help", "hint", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac", "Ks", "draw"]))
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "You may exchange your 9♠ for the face-up 10♠" in shown
    assert "decline the exchange" in shown  # help at the window
    assert "Hint: best is X" in shown
    deal = session.match.current
    assert deal is not None
    assert [f"{s}:{a}" for s, a in deal.history][-1] == "2:draw"
    # the deal in play is not in the record: its state (the draw included) is kept privately, and resumed
    text = (tmp_path / "game.66r").read_text()
    assert "deal dealer" not in text and text.endswith(
        "# unfinished deal 1: its cards are kept out of this record until it is over\n"
    )
    resumed = load_saved(tmp_path / "game.66r")
    assert resumed.match.current is not None
    assert resumed.match.current.history == deal.history
    # Enter passes at the window; the computer leads next
    driver2 = Driver(["", "quit"])
    session2, _ = make_session(tmp_path, driver2, match=resumed.match, computer=ScriptedPlayer(["Kc"]))
    session2.run()
    again = session2.match.current
    assert again is not None
    assert [f"{s}:{a}" for s, a in again.history][-3:] == ["2:draw", "1:pass", "2:Kc"]


def test_quit_then_resume_finishes_the_same_match(tmp_path: Path) -> None:
    rules = Rules().replace(match_target=2)
    driver = Driver(seed=3)
    moves = 0

    def quit_after_some(session: Session, prompt: str) -> str:
        nonlocal moves
        moves += 1
        if moves == 12:
            return "quit"
        return "" if prompt.startswith("Press Enter") else _legal(session, driver)

    driver.policy = quit_after_some
    session, console = make_session(tmp_path, driver, rules, level=3, seed=11)
    assert session.run() == 0
    text = (tmp_path / "game.66r").read_text()
    assert not replay(text).match.is_over
    assert "Saved. Continue with:\nsixtysix play --resume" in output(console)
    decks_before = [d.deck for d in replay(text).match.deals]

    resumed = load_saved(tmp_path / "game.66r")
    assert resumed.human == 1 and resumed.level == 3 and resumed.seed == 11
    settings = Settings(human=1, level=3, seed=11, save_path=tmp_path / "game.66r")
    driver2 = Driver(seed=4)
    console2 = make_session(tmp_path, driver2)[1]
    session2 = Session(resumed.match, settings, console2, resumed.headers, ask=driver2)
    driver2.session = session2
    assert session2.run() == 0
    final = replay((tmp_path / "game.66r").read_text()).match
    assert final.is_over
    assert [d.deck for d in final.deals][: len(decks_before)] == decks_before
    # the shuffles after the resume are those of the uninterrupted match with this seed
    uninterrupted = Match(rules)
    import random

    rng = random.Random(11)
    for deal in final.deals:
        assert deal.deck == uninterrupted.new_deal(seed=rng.getrandbits(64)).deck
        for seat, action in deal.history:
            uninterrupted.apply(action, seat)


def test_undo_in_practice_takes_back_the_last_own_decision(tmp_path: Path) -> None:
    driver = Driver(["Ah", "undo", "undo", "Kh", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]), practice=True)
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "Took back your A♥." in shown
    assert "There is no decision of yours to take back." in shown
    deal = session.match.current
    assert deal is not None
    assert [f"{s}:{a}" for s, a in deal.history][:1] == ["1:Kh"]
    assert Record.parse((tmp_path / "game.66r").read_text()).header("Practice") == "true"


def test_undo_across_a_draw_is_marked(tmp_path: Path) -> None:
    driver = Driver(["Ah", "", "undo", "quit"])  # win a trick, draw, then take the draw back
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]), practice=True)
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "Took back your draw." in shown and "information revealed" in shown
    deal = session.match.current
    assert deal is not None and deal.stage.name == "BEFORE_DRAW"


def test_undo_after_the_end_of_a_deal_reopens_it(tmp_path: Path) -> None:
    # a false claim on the first lead ends the deal; undo at the summary takes it back
    driver = Driver(["66", "y", "undo", "Ah", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]), practice=True)
    session.future_decks = [_deck()]
    session.run()
    shown = output(console)
    assert "Deal 1: Computer wins 2 game points" in shown and "Took back your 66." in shown
    assert session.match.score == (0, 0) and len(session.match.deals) == 1


def test_undo_is_refused_outside_practice(tmp_path: Path) -> None:
    driver = Driver(["Ah", "undo", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(["Ac"]))
    session.future_decks = [_deck()]
    session.run()
    assert "undo is only allowed in practice games" in output(console)


def test_end_of_input_saves_like_quit(tmp_path: Path) -> None:
    session, console = make_session(tmp_path, Driver(["EOF"]))
    assert session.run() == 0
    assert "Saved. Continue with:\nsixtysix play --resume" in output(console)
    assert load_saved(tmp_path / "game.66r").match.current is not None


def test_the_computers_decisions_are_shown(tmp_path: Path) -> None:
    driver = Driver(["Kc", "quit"])
    session, console = make_session(tmp_path, driver, computer=ScriptedPlayer(), human=2)
    session.future_decks = [_deck()]  # seat 1 (the computer) leads first
    session.run()
    shown = output(console)
    assert "Computer plays 10♣" in shown  # seat 1 leads its first legal card
    assert "You play K♣" in shown


def test_the_computers_thinking_time_is_bounded(tmp_path: Path) -> None:
    session, _ = make_session(tmp_path, Driver(), level=5, think=0.2)
    assert getattr(session.computer, "time_limit", None) == 0.2


def _deck() -> tuple[int, ...]:
    from sixtysix.core.cards import parse_card

    from .conftest import README_DECK

    return tuple(parse_card(t) for t in README_DECK.split())


def _legal(session: Session, driver: Driver) -> str:
    from .conftest import legal_answer

    return legal_answer(session, driver.rng)


def test_with_review_the_summary_lists_the_players_faults_with_why(tmp_path: Path) -> None:
    driver = Driver(seed=2)
    session, console = make_session(tmp_path, driver, Rules().replace(match_target=1), level=1, review=True)
    assert session.run() == 0
    shown = output(console)
    assert "Reviewing your play" in shown and "Your play:" in shown
    faults = re.findall(r"(\?!|\?|\?\?) (inaccuracy|mistake|blunder) \(-\d\.\d\d\): (Better|Every|\S+ is about)", shown)
    assert faults or "no inaccuracy, mistake or blunder found" in shown


CARD_FACE_T = re.compile(r"(?<![\w-])T[♣♦♥♠]")
"""A ten drawn with the record's letter (``T♥``) instead of its face (``10♥``)."""


def test_a_ten_shows_as_10_on_the_screen_in_the_summary_and_in_the_review(tmp_path: Path) -> None:
    session, console = make_session(tmp_path, Driver(seed=2), Rules().replace(match_target=3), level=1, review=True)
    assert session.run() == 0
    shown = output(console)
    assert "Your play:" in shown  # the review ran after each deal
    assert re.search(r"10[♣♦♥♠]", shown) and not CARD_FACE_T.findall(shown), CARD_FACE_T.findall(shown)[:5]


def test_after_a_deal_the_review_is_offered_and_shown_when_asked_for(tmp_path: Path) -> None:
    asked: list[str] = []

    def reviewer(session: Session, prompt: str) -> str:
        if prompt.startswith("Press Enter"):
            asked.append(prompt)
            return "review" if len(asked) == 1 else ""
        return legal_answer(session, driver.rng)

    driver = Driver(policy=reviewer, seed=3)
    session, console = make_session(tmp_path, driver, Rules().replace(match_target=3), level=1)
    assert session.run() == 0
    shown = output(console)
    assert "Type review for your inaccuracies, mistakes and blunders in this deal" in shown
    first = shown.index("Type review for your")
    assert shown.index("Reviewing your play…", first) < shown.index("Your play:", first)  # asked for, then given
    assert shown.count("Your play:") == 1  # only for the deal it was asked for
    assert f"reviewed:\nsixtysix analyze {tmp_path / 'game.66r'}\n" in shown  # at the match's end


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_commands_to_copy_stand_whole_on_their_own_line_on_a_narrow_terminal(tmp_path: Path, lang: str) -> None:
    # a path longer than the terminal is wide: the program never breaks it (the terminal may soft-wrap)
    path = tmp_path / ("a-folder-with-a-long-name-" * 4) / "game.66r"
    console = Console(record=True, width=40, file=io.StringIO(), color_system=None)
    driver = Driver(seed=2)
    session = Session(
        Match(Rules().replace(match_target=2), first_dealer=2),
        Settings(save_path=path, seed=1, lang=lang),
        console,
        ask=driver,
    )
    driver.session = session
    assert session.run() == 0
    lines = output(console).splitlines()
    assert f"sixtysix replay {path}" in lines and f"sixtysix analyze {path}" in lines


def test_the_resume_command_stands_whole_on_its_own_line_when_the_player_leaves(tmp_path: Path) -> None:
    path = tmp_path / ("a-folder-with-a-long-name-" * 4) / "game.66r"
    console = Console(record=True, width=40, file=io.StringIO(), color_system=None)
    driver = Driver(["quit"])
    session = Session(Match(Rules(), first_dealer=2), Settings(save_path=path, seed=1), console, ask=driver)
    driver.session = session
    assert session.run() == 0
    assert f"sixtysix play --resume {path}" in output(console).splitlines()
