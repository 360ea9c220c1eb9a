"""Reading what the player types (sixtysix.tui.inputs): a pure function."""

from __future__ import annotations

import pytest

from sixtysix import Action
from sixtysix.core.cards import CLUBS, HEARTS, SPADES, parse_card, parse_cards
from sixtysix.present.order import hand_order
from sixtysix.tui.inputs import Command, Invalid, Play, parse_input

HAND = hand_order(parse_cards("Ah Th Kh Qh 9s Jd"), trump=SPADES)  # Jd Ah Th Kh Qh 9s (hearts, diamonds, trumps)


def cards(text: str) -> tuple[int, ...]:
    return tuple(parse_card(t) for t in text.split())


def play(*tokens: str) -> Play:
    return Play(tuple(Action.parse(t) for t in tokens))


def test_hand_order_groups_suits_alternating_colours_trumps_last() -> None:
    assert hand_order(parse_cards("9c Ac Qs Ts Kh Ad 9d"), trump=HEARTS) == cards("Ts Qs Ac 9c Ad 9d Kh")
    assert hand_order(parse_cards("9c Ac Qs Kh"), trump=CLUBS) == cards("Qs Kh Ac 9c")
    assert hand_order(0, trump=CLUBS) == ()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ah", play("Ah")),
        ("ah", play("Ah")),
        ("AH", play("Ah")),
        ("10h", play("Th")),
        ("th", play("Th")),
        ("A♥", play("Ah")),
        ("  qh  ", play("Qh")),
        ("20h", play("20h")),
        ("20H", play("20h")),
        ("20 h", play("20h")),
        ("40s", play("40s")),
        ("x", play("X")),
        ("X", play("X")),
        ("exchange", play("X")),
        ("c", play("C")),
        ("close", play("C")),
        ("cb", play("CB")),
        ("CB", play("CB")),
        ("66", play("66")),
        ("claim", play("66")),
        ("draw", play("draw")),
        ("d", play("draw")),
        ("pass", play("pass")),
        ("p", play("pass")),
        ("x 20h kh", play("X", "20h", "Kh")),
    ],
)
def test_actions(text: str, expected: Play) -> None:
    assert parse_input(text, HAND) == expected


def test_card_numbers_follow_the_screen_order() -> None:
    expected = [Play((Action.play(c),)) for c in cards("Ah Th Kh Qh Jd 9s")]
    assert [parse_input(str(n), HAND) for n in range(1, 7)] == expected
    assert parse_input("1 2", HAND) == play("Ah", "Th")


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("help", "help"),
        ("?", "help"),
        ("h", "help"),
        ("HELP", "help"),
        ("hint", "hint"),
        ("last", "last"),
        ("l", "last"),
        ("rules", "rules"),
        ("undo", "undo"),
        ("u", "undo"),
        ("quit", "quit"),
        ("q", "quit"),
        ("exit", "quit"),
        ("", "enter"),
        ("   ", "enter"),
    ],
)
def test_commands(text: str, name: str) -> None:
    assert parse_input(text, HAND) == Command(name)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("7", "there is no card number 7 (your cards are numbered 1-6)"),
        ("0", "there is no card number 0 (your cards are numbered 1-6)"),
        ("10", "10 is not a card: type 10h (the ten of hearts) or Th, or the number of a card"),
        ("zz", "'zz' is not understood: type a card (Ah, 10h), its number, or help"),
        ("21h", "'21h' is not understood: type a card (Ah, 10h), its number, or help"),
        ("1h", "'1h' is not understood: type a card (Ah, 10h), its number, or help"),
        ("ah hint", "type 'hint' on its own, not together with actions"),
    ],
)
def test_invalid_input_says_why(text: str, message: str) -> None:
    assert parse_input(text, HAND) == Invalid(message)


def test_bare_marriage_needs_a_single_meaning() -> None:
    legal = [Action.parse(t) for t in ("Ah", "Kh", "Qh", "20d", "20h", "40s")]
    assert parse_input("40", HAND, legal) == play("40s")
    assert parse_input("20", HAND, legal) == Invalid("which 20? type one of 20d, 20h")
    assert parse_input("20", HAND, [*legal[:3], legal[4]]) == play("20h")
    assert parse_input("40", HAND, legal[:4]) == Invalid("you have no 40 to declare now")


def test_no_legality_check_here() -> None:
    """A card not in the hand is still a card: the engine says why it is illegal."""
    assert parse_input("As", HAND) == play("As")
    assert parse_input("1", ()) == Invalid("there is no card number 1: you hold no cards")
