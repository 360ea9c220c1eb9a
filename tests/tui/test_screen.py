"""The screen of the terminal game (sixtysix.tui.screen), rendered to text."""

from __future__ import annotations

import io
import random

import pytest
from rich.console import Console

from sixtysix import Action, Deal, Match, PlayerView, Rules, Termination
from sixtysix.ai.levels import make_player
from sixtysix.core.match import DealResult
from sixtysix.core.record import apply_record_action
from sixtysix.players.base import RandomPlayer, play_deal
from sixtysix.present.describe import Names, deal_headline, explain_scoring, plain
from sixtysix.tui.screen import TableInfo, render_summary, render_table, tally_text, to_text

from .conftest import README_DECK

# The example record of the README (seat 1 closes and claims with 72; seat 2 had 35 and a trick).
EXAMPLE = "1:20h 1:Kh 2:Ac 1:X 1:Ah 2:Ks 2:20c 2:Qc 1:Tc 1:C 1:As 2:Qs 1:Ts 2:9c 1:66"


def played(tokens: str, rules: Rules | None = None) -> Deal:
    deal = Deal.from_text(README_DECK, dealer=2, rules=rules)
    for token in tokens.split():
        seat, _, action = token.partition(":")
        apply_record_action(deal, int(seat), Action.parse(action))
    return deal


def screen(deal: Deal, seat: int = 1, **info: object) -> str:
    return to_text(render_table(PlayerView.of(deal, seat), TableInfo(Names(seat), **info)), width=100)  # type: ignore[arg-type]


def test_the_hand_is_sorted_by_suit_and_numbered_with_trump_and_talon() -> None:
    text = screen(played(""))
    assert "│ A♥ │ │ K♥ │ │ Q♥ │ │10♣ │ │ J♠ │ │ 9♠ │" in text  # hearts, clubs, then trumps
    assert "  1      2      3      4      5      6" in text
    assert "Trump  ♠ spades   face-up card 10♠" in text
    assert "Talon  12 cards" in text
    assert "Your lead." in text
    assert "Legal: 1 2 3 4 5 6 20h C 66" in text
    assert "You: 0 points · 0 tricks" in text
    assert "You  ·······  0/7     Computer  ·······  0/7" in text
    assert "deal 1 · match to 7" in text and "level 3, counter" in text


def test_the_trick_marriages_and_the_opponents_shown_cards() -> None:
    deal = played("1:20h 1:Kh")
    text = screen(deal, seat=2)
    assert "Table  Computer led K♥" in text
    assert "Marriages  Computer 20 in ♥ hearts" in text
    assert "▒▒ ▒▒ ▒▒ ▒▒ Q♥ (shown)" in text  # five cards left, the queen shown in the marriage
    assert "Your turn: play a card to K♥" in text


@pytest.mark.parametrize(("review", "shown"), [("none", False), ("own_only", True), ("own_and_first", True)])
def test_the_opponents_points_only_when_tricks_may_be_reviewed(review: str, shown: bool) -> None:
    deal = played("1:20h 1:Kh 2:Ac", Rules().replace(may_review_tricks=review))
    text = screen(deal, seat=2)
    assert ("1 trick · 35 points" in text) is shown
    assert ("1 trick · points hidden" in text) is not shown
    assert "You: 0 points · 0 tricks" in text
    assert "You: 35 points · 1 trick" in screen(deal, seat=1)  # own points always


def test_pending_marriage_closed_talon_and_exchanged_trump() -> None:
    assert "You: 0 points (+20 pending" in screen(played("1:20h"))
    deal = played("1:20h 1:Kh 2:Ac 1:X 1:Ah 2:Ks 2:20c 2:Qc 1:Tc 1:C")
    text = screen(deal)
    assert "closed by you" in text
    assert "face-up card 9♠ turned down" in text
    assert "Talon  closed by you (6 cards): follow suit, no drawing, no marriages" in text
    text = screen(played("1:20h 1:Kh 2:Ac 1:X"))
    assert "face-up card 9♠ (exchanged for 10♠)" in text


def test_prompts_for_the_special_decisions() -> None:
    text = screen(played("1:Ah 2:Ac"))  # seat 1 won the first trick: draw, close or claim
    assert "You won the trick: Enter draws · cb closes the talon first · 66 claims" in text
    assert "Legal: CB 66 draw" in text
    text = screen(played("1:20h"))
    assert "Lead the king or queen of your marriage" in text
    assert "Legal: 2 3 66" in text  # K♥ and Q♥


def test_letters_instead_of_suit_symbols() -> None:
    text = screen(played(""), symbols=False)
    assert "│ Ah │ │ Kh │" in text and "face-up card Ts" in text and "♥" not in text


def test_the_screen_is_colourful() -> None:
    console = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor", width=100)
    console.print(render_table(PlayerView.of(played(""), 1), TableInfo(Names(1))))
    ansi = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[1;31m A♥ \x1b[0m" in ansi  # red hearts
    assert "\x1b[33m╭────╮" in ansi  # trumps framed in yellow


def test_the_log_is_shown() -> None:
    text = screen(played("1:Ah"), seat=2, log=("Deal 1: you dealt", "Computer plays [bold red]A♥[/]"))
    assert "· Computer plays A♥" in text


def test_tally_strokes_and_countdown() -> None:
    results = (DealResult(1, 3, 0), DealResult(2, 1, 0), DealResult(1, 2, 0), DealResult(None, 0, 1))
    assert tally_text(1, results, 7, "strokes").plain == "||||| ··  5/7"
    assert tally_text(2, results, 7, "strokes").plain == "| ······  1/7"
    assert tally_text(1, results, 7, "countdown").plain == "7 4 2"
    assert [s.style for s in tally_text(1, results, 7, "countdown").spans][:2] == ["strike dim", "strike dim"]
    assert tally_text(2, (*results, DealResult(2, 7, 0)), 7, "countdown").plain == "7 6 0"
    assert tally_text(1, (DealResult(1, 9, 0),), 7, "strokes").plain == "||||| || +2  9/7"


def test_schnapsen_counts_down_by_default() -> None:
    deal = Deal.shuffled(seed=1, rules=Rules.preset("schnapsen"))
    text = screen(deal, results=(DealResult(1, 2, 0),))
    assert "You  7 5     Computer  7" in text


def test_summary_of_a_closed_deal_claimed_correctly() -> None:
    deal = played(EXAMPLE)
    match = Match(Rules())
    text = to_text(render_summary(deal, TableInfo(Names(1), results=(DealResult(1, 1, 0),)), 1), width=120)
    assert "Deal 1: You win 1 game point" in text
    assert "You claimed 66 with 72 card points." in text and "claimed correctly" not in text  # said once
    assert "The talon was closed, so Computer's points when it was closed count." in text
    assert "Computer had 35 card points at the close, 33 or more: 1 game point." in text
    assert "Card points: you 72, Computer 35 · tricks: you 4, Computer 1" in text
    assert "Computer still held" in text
    assert match.score == (0, 0)


def test_summary_of_a_false_claim_and_the_match_end() -> None:
    deal = played("1:66")
    info = TableInfo(Names(1), results=(DealResult(2, 2, 0),), deal_number=4)
    text = to_text(render_summary(deal, info, 2, match_over=True, match_winner=2), width=120)
    assert "Deal 4: Computer wins 2 game points" in text
    assert "You claimed with only 0." in text
    assert "A claim with fewer than 66 card points gives the opponent 2 game points." in text
    assert "Computer wins the match 2-0! You get a Bummerl — a Schneider-Bummerl, it counts double." in text


def test_carried_points_are_named() -> None:
    deal = played(EXAMPLE)
    assert deal_headline(deal, Names(1), 2) == "You win 2 game points (1 + 1 carried from a tie)"


@pytest.mark.parametrize("preset", ["seed66", "pagat66", "schnapsen"])
def test_every_result_is_explained(preset: str) -> None:
    rules = Rules.preset(preset)
    rng = random.Random(preset)
    seen = set()
    for seed in range(250):
        deal = Deal.shuffled(seed=seed, rules=rules, dealer=1 + seed % 2)
        outcome = play_deal(deal, {1: RandomPlayer(rng.random()), 2: make_player(1 + seed % 3, seed)})
        seen.add(outcome.termination)
        lines = [plain(line) for line in explain_scoring(deal, Names(1))]
        assert lines, deal.history
        text = " ".join(lines)
        if outcome.termination == Termination.TIE:
            assert "Equal totals" in text
        else:
            assert f"{outcome.game_points} game point" in text, (text, outcome)
    assert {Termination.CLAIM, Termination.FALSE_CLAIM, Termination.CLOSER_FAILED} <= seen
