"""Four-handed partnership 66 in the terminal (sixtysix.tui.partnership), driven by scripted input."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from sixtysix import Rules
from sixtysix.ai.levels import make_table_player
from sixtysix.cli import main
from sixtysix.core.cards import CARD_NAMES, cards_of, parse_card
from sixtysix.core.match import PartnershipMatch, create_match
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import Record, replay
from sixtysix.core.view import PartnershipView
from sixtysix.present.order import hand_order
from sixtysix.tui.console import Settings
from sixtysix.tui.partnership import PartnershipSession
from sixtysix.tui.partnership_screen import PartnershipInfo, explain_deal, partnership_names, render_partnership
from sixtysix.tui.resume import load_saved
from sixtysix.tui.screen import to_text

from .conftest import Transcribed, recording_console, scripted_ask

CARD = re.compile(r"(?<![A-Za-z0-9])([AKQJT987][cdhs])(?![A-Za-z0-9])")

# Seat 1 (dealt first by dealer 4) gets As Ts Ks, seat 2 Ah Th Kh, ... (3-2-3 from the dealer's left).
DECK = "As Ts Ks Ah Th Kh Ad Td Kd Ac Tc Kc Qs Js Qh Jh Qd Jd Qc Jc 9s 8s 7s 9h 8h 7h 9d 8d 7d 9c 8c 7c"


def cards_named(text: str) -> set[str]:
    return set(CARD.findall(text))


def hidden_from(deal: FourHandedDeal, seat: int) -> set[str]:
    """The cards of the three other hands that were never shown (the partner's too)."""
    mask = 0
    for other in (1, 2, 3, 4):
        if other != seat:
            mask |= deal.hands[other] & ~deal.known[other]
    return {CARD_NAMES[c] for c in cards_of(mask)}


def answer(view: PartnershipView, rng: random.Random) -> str:
    """A legal card as a person types it: its number, or its name in either case."""
    card = rng.choice(view.legal)
    if rng.random() < 0.5:
        return str(hand_order(view.hand, view.trump).index(card) + 1)
    return str(card).lower() if rng.random() < 0.5 else str(card)


class Recorded(Transcribed, PartnershipSession):
    """A session that keeps each screen shown to the person with the cards hidden from him then."""

    screens: list[tuple[str, set[str]]]

    def show(self, deal):  # type: ignore[no-untyped-def]
        self._flush()
        view = super().show(deal)
        self.screens.append((self._flush(), hidden_from(deal, self.seat)))
        return view


def make(
    tmp_path: Path,
    seed: int = 1,
    target: int = 2,
    answers: list[str] | None = None,
    seat: int = 1,
    decks: list[str] | None = None,
    **settings: object,
) -> tuple[Recorded, list[str]]:
    console = recording_console()
    rules = Rules.preset("four66").replace(match_target=target)
    options = {"save_path": tmp_path / "four.66r", "seed": seed, "level": 1, "symbols": False, "human": seat}
    options.update(settings)
    prompts: list[str] = []
    rng = random.Random(seed)
    session: Recorded

    def play() -> str:
        deal = session.match.current
        assert deal is not None
        return answer(PartnershipView.of(deal, session.seat), rng)

    match = create_match(rules)
    assert isinstance(match, PartnershipMatch)
    ask = scripted_ask(play, answers or [], prompts)
    session = Recorded(match, Settings(**options), console, ask=ask)  # type: ignore[arg-type]
    session.screens = []
    session.transcript = []
    if decks:  # deal these decks first, in order
        shuffles = session.deal_rng
        pending = [tuple(FourHandedDeal.from_text(d).deck) for d in decks]
        original = match.new_deal

        def new_deal(deck=None, seed=None, dealer=None):  # type: ignore[no-untyped-def]
            if pending:
                shuffles.getrandbits(64)
                return original(pending.pop(0), dealer=dealer)
            return original(deck, seed, dealer)

        match.new_deal = new_deal  # type: ignore[method-assign]
    return session, prompts


def available_levels() -> list[int]:
    """The four-handed levels that exist now (levels 2-5 are being added)."""
    levels = []
    for level in (1, 2, 3, 4, 5):
        try:
            make_table_player(level, Rules.preset("four66"), seed=0, time_limit=0.05)
        except ValueError:
            continue
        levels.append(level)
    return levels


@pytest.mark.parametrize("seat", [1, 2])
def test_a_whole_four_handed_match_is_played_saved_and_replays(tmp_path: Path, seat: int) -> None:
    session, _ = make(tmp_path, seed=seat, seat=seat)
    assert session.run() == 0
    match = session.match
    assert match.is_over and match.winner in (1, 2)
    text = (tmp_path / "four.66r").read_text()
    replayed = replay(text).match
    assert isinstance(replayed, PartnershipMatch)
    assert replayed.is_over and replayed.score == match.score
    record = Record.parse(text)
    assert record.header("Result") == f"{match.score[0]}-{match.score[1]}"
    assert record.header("Human") == str(seat) and record.header("Levels") == "1,1,1"
    assert record.header(f"Seat{seat}") == "Player" and record.header("Seat4" if seat != 4 else "Seat1") is not None
    out = session.output()
    assert "won the match" in out and ("Your side (you and Partner)" in out or "The opponents (Left and Right)" in out)
    assert re.search(r"(Your side|The opponents) made \d+ to \d+ \(", out) or "65-65" in out
    assert re.search(r"Last trick: (You|Left|Partner|Right) led \w\w, (you|Left|Partner|Right) played", out)


@pytest.mark.parametrize("level", available_levels())
def test_every_available_level_fills_the_three_computer_seats(tmp_path: Path, level: int) -> None:
    session, _ = make(tmp_path, seed=3, target=1, level=level, think=0.05)
    assert session.run() == 0 and session.match.is_over
    assert replay((tmp_path / "four.66r").read_text()).match.score == session.match.score


def test_no_screen_shows_a_card_of_another_hand(tmp_path: Path) -> None:
    session, _ = make(tmp_path, seed=8, target=3, seat=3)
    session.run()
    assert len(session.screens) >= 16
    for text, hidden in session.screens:
        leaked = cards_named(text) & hidden
        assert not leaked, f"the screen shows {leaked}:\n{text}"


def test_the_screen_shows_hand_trump_trick_and_sides() -> None:
    deal = FourHandedDeal.from_text(DECK, dealer=4)
    names = partnership_names(1)
    info = PartnershipInfo(names, title="sixtysix · four66 · deal 1 · match to 7", symbols=False)
    text = to_text(render_partnership(PartnershipView.of(deal, 1, (3, 5), 1), info), width=100)
    assert "sixtysix · four66 · deal 1 · match to 7" in text
    assert "Your side (you, Partner)  3/7     The opponents (Left, Right)  5/7   (1 carried" in text
    assert "Trump  clubs   7c turned up, held by Right (the dealer)" in text
    assert "Right (deals)  ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ 7c (known)" in text
    assert "Partner  ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒ ▒▒" in text
    assert "│ As │ │ Ts │ │ Ks │ │ Qs │ │ Js │ │ 9s │ │ 8s │ │ 7s │" in text  # seat 1's eight spades
    assert "Your side 0 tricks, 0 points   Opponents 0 tricks, 0 points" in text
    assert "Your lead." in text
    deal.apply(parse_card("As"), 1)
    deal.apply(parse_card("Ah"), 2)  # no spade and no trump: any card
    text = to_text(render_partnership(PartnershipView.of(deal, 3), PartnershipInfo(partnership_names(3))), width=100)
    assert "Table  Partner A♠ · Right A♥   (Partner is winning)" in text
    assert "Your turn: play a card to A♠" in text


def test_the_dealers_trump_card_is_shown_until_he_plays_it() -> None:
    deal = FourHandedDeal.from_text(DECK, dealer=4)
    rng = random.Random(1)
    names = partnership_names(2)
    seen_played = False
    while not deal.is_over:
        view = PartnershipView.of(deal, 2)
        text = to_text(render_partnership(view, PartnershipInfo(names, symbols=False)), width=100)
        held = deal.trump_card in cards_of(deal.hands[4])
        assert ("7c turned up, held by Partner (the dealer)" in text) == held
        seen_played |= "7c turned up (played)" in text
        deal.apply(rng.choice(deal.legal_actions()))
    assert seen_played


def test_help_last_rules_hint_errors_and_the_summary(tmp_path: Path) -> None:
    # Seat 1 holds the eight spades, clubs are trumps: seat 1 leads As, the others have no spade.
    answers = ["help", "last", "hint", "undo", "rules", "zz", "9", "Ah", "", "1", "last"]
    session, _ = make(tmp_path, answers=[*answers, "EOF"], decks=[DECK])
    session.run()
    out = " ".join(session.output().split())  # messages wrap at words to the width
    assert "Legal now:" in out and "play As" in out and "hint is not available in the four-handed game" in out
    assert "No trick has been played yet in this deal." in out
    assert "hint is only available in the two-player and three-handed games." in out
    assert "undo is only available in the two-player game" in out
    assert "The rules of 66: Four-handed 66 (partners)" in out and "5.2 Four-handed partnership 66" in out
    assert "R-4P-4 A player who holds the suit led must follow suit" in out and "R-P2-2 In phase two" not in out
    assert (
        "Rules: Four-handed 66 (partners), changed: \u201cGame points to win: 2\u201d. Match to 2 game points." in out
    )
    assert "'zz' is not understood" in out and "there is no card number 9" in out
    assert "Not allowed: You do not hold Ah" in out  # (no suit symbols here)
    assert "Type a card (Ah, or its number), or help." in out
    assert re.search(r"Last trick: You led As, Left played \w\w, Partner played \w\w, Right played \w\w: \w+ won", out)
    assert "Saved. Continue with: sixtysix play --resume" in out


def test_the_summary_explains_the_deal_by_side() -> None:
    deal = FourHandedDeal.from_text(DECK, dealer=4)
    rng = random.Random(4)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    outcome = deal.outcome
    assert outcome is not None and outcome.winner is not None
    mine = explain_deal(deal, partnership_names(1 if outcome.winner == 1 else 2))
    theirs = explain_deal(deal, partnership_names(2 if outcome.winner == 1 else 1))
    points = max(outcome.points)
    assert mine[0].startswith(f"Your side made {points} to {130 - points} (")
    assert theirs[0].startswith(f"The opponents made {points} to {130 - points} (")
    assert f"{outcome.game_points} game point" in mine[0]
    assert "last trick counts 10" in mine[-1]


def test_quit_and_resume_a_four_handed_match(tmp_path: Path) -> None:
    session, _ = make(tmp_path, seed=6, target=2, answers=["1", "1", "quit"], level=1)
    session.run()
    resumed = load_saved(tmp_path / "four.66r")
    match = resumed.match
    assert isinstance(match, PartnershipMatch)
    assert resumed.human == 1 and resumed.levels == (1, 1, 1)
    current, before = match.current, session.match.current
    assert current is not None and before is not None and current.history == before.history
    rng = random.Random(0)

    def play() -> str:
        deal = match.current
        assert deal is not None
        return answer(PartnershipView.of(deal, 1), rng)

    settings = Settings(human=1, level=1, seed=6, save_path=tmp_path / "four.66r", symbols=False)
    again = PartnershipSession(match, settings, recording_console(), resumed.headers, ask=scripted_ask(play))
    assert again.log[0].startswith("Deal 1: ")  # the log is rebuilt: the intro, each card, each trick
    assert len(again.log) == 1 + len(current.history) + len(current.history) // 4
    assert again.run() == 0 and match.is_over
    assert replay((tmp_path / "four.66r").read_text()).match.score == match.score


def test_the_command_line_plays_four_handed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    answers = iter(["help", "quit"])
    monkeypatch.setattr("builtins.input", lambda *prompt: next(answers))
    args = ["play", "--rules", "four66", "--level", "1", "--seat", "2", "--seed", "2", "--save", "f.66r", "--no-clear"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Your hand" in out and "Partner" in out and "Legal now:" in out
    assert "Saved. Continue with:\nsixtysix play --resume f.66r\n" in out
    record = Record.parse((tmp_path / "f.66r").read_text())
    assert record.header("Human") == "2" and record.header("Seat2") == "Player"
    assert main(["play", "--rules", "four66", "--seat", "2", "--levels", "1,1"]) == 2
    assert "3 (Left, Partner, Right)" in capsys.readouterr().err


def test_the_logged_trick_winner_is_the_engines() -> None:
    from sixtysix.core.facts import winning_seat

    rng = random.Random(9)
    for seed in range(20):
        deal = FourHandedDeal.shuffled(seed=seed, dealer=seed % 4 + 1)
        while not deal.is_over:
            if len(deal.trick) == 3:
                last = rng.choice(deal.legal_actions())
                trick = [*deal.trick, (deal.to_act or 0, int(last))]
                deal.apply(last)
                if not deal.is_over:
                    assert winning_seat(trick, deal.trump) == deal.leader
                continue
            deal.apply(rng.choice(deal.legal_actions()))


def test_marriages_when_the_rules_score_them(tmp_path: Path) -> None:
    session, _ = make(tmp_path, answers=["20s ks", "quit"], decks=[DECK])
    session.match.rules = session.match.rules.replace(four_player_marriages=True)
    session.run()
    out = session.output()
    assert "Legal: 1 2 3 4 5 6 7 8 20s" in out
    assert "You declare 20 in spades" in out and "You play Ks" in out
    deal = session.match.current
    assert deal is not None and [str(a) for _, a in deal.history[:2]] == ["20s", "Ks"]
    assert "Marriages  you 20 in spades" in out
    saved = load_saved(tmp_path / "four.66r").match.current  # the deal in play is saved privately
    assert saved is not None and [str(a) for _, a in saved.history[:2]] == ["20s", "Ks"]


def test_the_ten_of_trumps_bonus_is_explained() -> None:
    rules = Rules.preset("four66").replace(ten_of_trumps_bonus=True)
    rng = random.Random(1)
    for seed in range(50):
        deal = FourHandedDeal.shuffled(seed=seed, rules=rules)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        outcome = deal.outcome
        assert outcome is not None
        if outcome.bonus and any(outcome.bonus):
            side = 1 if outcome.bonus[0] else 2
            assert "Your side won the ten of trumps: +1 game point." in explain_deal(deal, partnership_names(side))
            assert "The opponents won the ten of trumps: +1 game point." in explain_deal(
                deal, partnership_names(3 - side)
            )
            return
    raise AssertionError("no deal gave the ten of trumps bonus")
