"""Three-handed 66 in the terminal (sixtysix.tui.threehanded), driven by scripted input."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from rich.console import Console

from sixtysix import Rules
from sixtysix.cli import main
from sixtysix.core.cards import BIT, CARD_NAMES, cards_of
from sixtysix.core.match import ThreeHandedMatch, create_match
from sixtysix.core.record import Record, replay
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import three_handed_view
from sixtysix.present.describe import Names
from sixtysix.tui.console import Settings
from sixtysix.tui.resume import load_saved
from sixtysix.tui.screen import TableInfo, to_text
from sixtysix.tui.threehanded import SpectatorView, ThreeHandedSession, dealer_sentence, render_spectator

from .conftest import Transcribed, recording_console, scripted_ask, view_answer

CARD = re.compile(r"(?<![A-Za-z0-9])([AKQJT9][cdhs])(?![A-Za-z0-9])")


def cards_named(text: str) -> set[str]:
    """The card names (``Ah``) a screen printed without suit symbols shows."""
    return set(CARD.findall(text))


def stock_down(deal: ThreeHandedDeal) -> int:
    """The face-down talon cards not yet drawn (nobody may see them)."""
    inner = deal.inner
    mask = 0
    for card in inner.stock[inner.stock_pos :]:
        mask |= BIT[card]
    if inner.face_up >= 0:
        mask &= ~BIT[inner.face_up]
    return mask


def hidden_from(deal: ThreeHandedDeal, seat: int) -> set[str]:
    """Cards table ``seat`` may not see now: the other hands (but the cards they have shown) and the talon."""
    inner = deal.inner
    mask = stock_down(deal)
    for other in (1, 2):
        if other != deal.inner_seat(seat):
            mask |= inner.hands[other] & ~inner.known[other]
    return {CARD_NAMES[c] for c in cards_of(mask)}


class Watched(Transcribed, ThreeHandedSession):
    """A session that keeps each screen it printed with the cards hidden from the person at that moment."""

    screens: list[tuple[str, str, set[str]]]

    def watch(self, deal: ThreeHandedDeal) -> None:
        self._flush()
        super().watch(deal)
        self.screens.append(("watch", self._flush(), hidden_from(self.deal, self.seat)))

    def show(self, deal):  # type: ignore[no-untyped-def]
        self._flush()
        view = super().show(deal)
        self.screens.append(("turn", self._flush(), hidden_from(self.deal, self.seat)))
        return view


def make(
    tmp_path: Path, seed: int = 1, target: int = 3, answers: list[str] | None = None, **settings: object
) -> tuple[Watched, Console, list[str]]:
    console = recording_console()
    rules = Rules.preset("three66").replace(match_target=target)
    options = {"save_path": tmp_path / "three.66r", "seed": seed, "level": 1, "symbols": False, **settings}
    prompts: list[str] = []
    rng = random.Random(seed)
    session: Watched

    def play() -> str:
        return view_answer(three_handed_view(session.deal, session.seat, session.match.score), rng)

    match = create_match(rules)
    assert isinstance(match, ThreeHandedMatch)
    ask = scripted_ask(play, answers or [], prompts)
    session = Watched(match, Settings(**options), console, ask=ask)  # type: ignore[arg-type]
    session.screens = []
    session.transcript = []
    return session, console, prompts


@pytest.mark.parametrize("level", [1, 2, 3])
def test_a_whole_three_handed_match_is_played_saved_and_replays(tmp_path: Path, level: int) -> None:
    session, _, _ = make(tmp_path, seed=level, level=level, target=5)
    assert session.run() == 0
    match = session.match
    assert match.is_over and match.winner is not None
    text = (tmp_path / "three.66r").read_text()
    replayed = replay(text).match
    assert isinstance(replayed, ThreeHandedMatch)
    assert replayed.is_over and replayed.score == match.score
    record = Record.parse(text)
    assert record.header("Result") == "-".join(map(str, match.score))
    assert record.header("Human") == "1" and record.header("Levels") == f"{level},{level}"
    name = ("random", "beginner", "counter")[level - 1]
    assert record.header("Seat1") == "Player" and record.header("Seat3") == f"sixtysix level {level} ({name})"
    kinds = {kind for kind, _, _ in session.screens}
    assert "turn" in kinds
    assert ("watch" in kinds) == any(deal.sitting_out == 1 for deal in match.deals)
    assert "won the match with" in session.output()


def test_no_screen_ever_shows_a_hidden_card(tmp_path: Path) -> None:
    session, _, _ = make(tmp_path, seed=11, target=4)
    session.run()
    assert len(session.screens) > 20
    for kind, text, hidden in session.screens:
        leaked = cards_named(text) & hidden
        assert not leaked, f"{kind} screen shows {leaked}:\n{text}"


def test_the_screen_names_the_three_seats_the_dealer_and_the_scores(tmp_path: Path) -> None:
    session, _, _ = make(tmp_path, answers=["quit"])
    session.run()
    kind, text, _ = session.screens[0]
    assert kind == "turn"  # deal 1: seat 3 deals and sits out, the person (seat 1) leads against Left
    assert "You 0/3   Left 0/3   Right 0/3 (deals, sits out)" in text
    assert "Deal 1: Right deals and sits out; you lead against Left; trump is" in text
    assert "sixtysix · three66 · deal 1 · to 3 · Left 1 (random), Right 1 (random)" in text
    assert "Left  ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒" in text  # the opponent's six cards, face down
    assert "Your lead." in text


def test_the_rules_command_shows_the_three_handed_rules(tmp_path: Path) -> None:
    session, console, _ = make(tmp_path, answers=["rules", "quit"])
    session.run()
    shown = console.export_text()
    assert "The rules of 66: Three-handed 66" in shown and "5.1 Three-handed 66" in shown
    assert "R-3P-3 When the deal ends" in shown and "R-P2-2 In phase two" in shown
    assert "R-4P-4" not in shown
    assert "Rules: Three-handed 66, changed: \u201cGame points to win: 3\u201d. Match to 3 game points." in shown


def test_the_person_who_deals_watches_the_two_computers(tmp_path: Path) -> None:
    session, _, _ = make(tmp_path, seed=4, target=7)
    asked_in: dict[int, int] = {}

    original = session.ask

    def counting(prompt: str) -> str:
        if prompt.startswith("Your move"):
            deal = session.match.current
            assert deal is not None and deal.sitting_out != session.seat, "the person was asked while sitting out"
            asked_in[len(session.match.deals)] = asked_in.get(len(session.match.deals), 0) + 1
        if prompt.startswith("Press Enter") and len(session.match.deals) >= 3:
            return "quit"
        return original(prompt)

    session.ask = counting  # type: ignore[method-assign]
    session.run()
    assert 2 not in asked_in and 1 in asked_in  # the person deals deal 2 (the deal passes to the left)
    second = session.match.deals[1]
    assert second.dealer == 1 and second.is_over
    watched = [text for kind, text, _ in session.screens if kind == "watch"]
    tricks = len([a for _, a in second.inner.history if a < 32]) // 2
    assert len(watched) >= tricks  # a screen after every card, mark, close or claim
    assert "You deal and sit out: you watch Left and Right play." in watched[0]
    assert "Deal 2: You deal and sit out; Left leads against Right" in watched[0]
    summary = session.output()
    assert re.search(r"Deal 2: (Left|Right) wins? \d game points?", summary) or "Deal 2: A tie" in summary
    assert "You deal and score with the winner, up to 6" in summary or "in a tie nobody scores" in summary


def test_the_dealers_credit_is_capped_one_short_of_the_target() -> None:
    names = Names(1, others=((2, "Left"), (3, "Right")))
    seen = {"full": 0, "capped": 0}
    rng = random.Random(2)
    for _ in range(30):  # random matches to 3 until both kinds of dealer credit have been explained
        match = create_match(Rules.preset("three66").replace(match_target=3))
        assert isinstance(match, ThreeHandedMatch)
        while not match.is_over:
            deal = match.new_deal(seed=rng.getrandbits(64))
            while not deal.is_over:
                seat = deal.window or deal.to_act
                assert seat is not None
                deal.apply(rng.choice(deal.legal_actions(seat)), seat)
            match.settle()
            result = match.results[-1]
            sentence = dealer_sentence(match, len(match.deals) - 1, names)
            dealer = names.subject(deal.dealer)
            total = match.score[deal.dealer - 1]
            assert total <= 2 or deal.dealer == result.winner
            if result.winner is None:
                assert sentence == f"{dealer} dealt: in a tie nobody scores, the dealer neither."
            elif result.dealer_points == result.game_points:
                seen["full"] += 1
                assert sentence.endswith(f"with the winner, up to 2: +{result.game_points} (now {total}).")
            else:
                seen["capped"] += 1
                assert total == 2
                assert sentence.endswith(
                    f"but only up to 2: +{result.dealer_points} (now 2)."
                    if result.dealer_points
                    else "with the winner, up to 2: nothing more (now 2)."
                )
        if min(seen.values()):
            break
    assert min(seen.values()) > 0, seen


def test_the_spectator_view_shows_only_public_cards() -> None:
    deal = ThreeHandedDeal.shuffled(seed=3, dealer=1)
    rng = random.Random(3)
    info = TableInfo(Names(0, others=((1, "Left"), (2, "Right"))), symbols=False)
    while not deal.is_over:
        text = to_text(render_spectator(SpectatorView.of(deal.inner), info), width=100)
        assert not cards_named(text) & hidden_from(deal, 1), text
        seat = deal.window or deal.to_act
        assert seat is not None
        deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    assert "you watch Left and Right play" in text


def test_quit_and_resume_a_three_handed_match(tmp_path: Path) -> None:
    session, _, _ = make(tmp_path, seed=5, target=3, answers=["1", "1", "quit"])
    session.run()
    resumed = load_saved(tmp_path / "three.66r")
    match = resumed.match
    assert isinstance(match, ThreeHandedMatch)
    assert resumed.human == 1 and resumed.levels == (1, 1) and resumed.seed == 5
    before = session.match.current
    after = match.current
    assert before is not None and after is not None
    assert after.history == before.history and after.dealer == before.dealer
    rng = random.Random(0)
    again: ThreeHandedSession

    def play() -> str:
        return view_answer(three_handed_view(again.deal, 1, again.match.score), rng)

    settings = Settings(human=1, level=1, seed=5, save_path=tmp_path / "three.66r", symbols=False)
    again = ThreeHandedSession(match, settings, recording_console(), resumed.headers, ask=scripted_ask(play))
    assert again.run() == 0 and match.is_over
    assert replay((tmp_path / "three.66r").read_text()).match.score == match.score


def test_the_command_line_plays_three_handed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    answers = iter(["66", "y", "quit"])  # a false claim on the first lead (confirmed), then leave
    monkeypatch.setattr("builtins.input", lambda *prompt: next(answers))
    code = main(["play", "--rules", "three66", "--level", "1", "--seed", "2", "--save", "t.66r", "--no-clear"])
    assert code == 0
    out = capsys.readouterr().out
    assert "Right deals and sits out" in out and "Left wins 2 game points" in out
    assert "Right deals and scores with the winner, up to 6: +2 (now 2)" in out
    record = replay((tmp_path / "t.66r").read_text())
    assert record.match.score == (0, 2, 2)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "three66", "--seat", "4"], "--seat 4: three66 has seats 1-3"),
        (["--rules", "three66", "--levels", "1,2,3"], "give one level for all computer seats, or 2 (Left, Right)"),
        (["--levels", "1"], "--levels is for the three- and four-handed games"),
        (["--rules", "three66", "--levels", "1,7"], "levels are 1-5"),
    ],
)
def test_seat_and_level_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) if "1,7" in args else _nothing():
        assert main(["play", *args]) == 2
    assert message in capsys.readouterr().err


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


def test_the_other_two_play_on_for_the_loser(tmp_path: Path) -> None:
    session, _, _ = make(tmp_path, seed=7, target=2)
    session.match.rules = session.match.rules.replace(three_player_play_for_loser=True)
    assert session.run() == 0
    match = session.match
    assert match.winner is not None and match.loser is not None and match.loser != match.winner
    out = session.output()
    assert "lost the play-off" in out
    after = [d for d in match.deals if d.sitting_out != d.dealer]
    assert after and all(d.sitting_out == match.winner for d in after)
    assert "won the match and sits out" in out or "won the match and sit out" in out
