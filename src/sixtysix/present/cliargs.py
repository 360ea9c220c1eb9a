"""Argument types shared by the subcommands (standard library only)."""

from __future__ import annotations

import argparse

from sixtysix.core.errors import InvalidNameError
from sixtysix.core.record import check_player_name


def positive_int(text: str) -> int:
    """An argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text!r}")
    return value


def positive_float(text: str) -> float:
    """An argparse type: a number above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive: {text!r}")
    return value


def player_name(text: str) -> str:
    """An argparse type: a player's name, without control or bidirectional formatting characters.

    >>> player_name('Ann "the Ace"')
    'Ann "the Ace"'
    >>> player_name("Ann\\x1b[2J")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a name may not hold U+001B, a control character
    """
    try:
        return check_player_name(text)
    except InvalidNameError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
