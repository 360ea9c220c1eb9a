"""The example bots of examples/ play whole matches through the host, without a forfeit:
two-player matches of every preset, and four-handed ones (66P version 2) where two
processes of the bot are partners against built-in players.

The JavaScript bot needs ``node`` and the shell bot ``sh``; their tests are skipped only
when the program is not on the PATH.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from sixtysix import Match, Rules
from sixtysix.ai.levels import make_partnership_player, make_player
from sixtysix.core.match import PartnershipMatch
from sixtysix.protocol import PartnershipProtocolPlayer, ProtocolPlayer, run_match, run_partnership_match

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
PRESETS = ("seed66", "pagat66", "schnapsen")


def play_four_handed(command: list[str], matches: int = 2) -> tuple[PartnershipProtocolPlayer, int]:
    """Four-handed matches: the bot at seats 1 and 3 (two processes), then at 2 and 4; the deals played."""
    deals = 0
    bots = [PartnershipProtocolPlayer(command, time_limit=2.0) for _ in range(2)]
    try:
        for number in range(matches):
            own = (1, 3) if number % 2 == 0 else (2, 4)
            seats = {seat: make_partnership_player(1, seat + number) for seat in (1, 2, 3, 4)}
            seats.update({own[0]: bots[0], own[1]: bots[1]})
            results = run_partnership_match(PartnershipMatch(Rules.preset("four66")), seats, seed=number)
            assert all(r.forfeit is None for r in results), [r.reason for r in results if r.forfeit]
            deals += len(results)
        assert all(bot.starts == 1 and not bot.failures for bot in bots)
    finally:
        for bot in bots:
            bot.close()
    return bots[0], deals


def play(command: list[str], level: int, matches: int = 3) -> tuple[ProtocolPlayer, int]:
    """Matches of every preset against a built-in level; the number of deals played."""
    deals = 0
    with ProtocolPlayer(command, time_limit=2.0) as bot:
        for number in range(matches * len(PRESETS)):
            rules = Rules.preset(PRESETS[number % len(PRESETS)])
            seats = {1: bot, 2: make_player(level, number)} if number % 2 else {1: make_player(level, number), 2: bot}
            results = run_match(Match(rules), seats, seed=number)
            assert all(r.forfeit is None for r in results), [r.reason for r in results if r.forfeit]
            deals += len(results)
        assert bot.starts == 1 and not bot.failures
    return bot, deals


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not on the PATH")
def test_the_javascript_bot() -> None:
    bot, deals = play(["node", str(EXAMPLES / "random_bot.js")], level=2)
    assert bot.bot_name == "random.js" and bot.bot_author == "the sixtysix examples" and deals >= 27


@pytest.mark.skipif(shutil.which("sh") is None, reason="sh is not on the PATH")
def test_the_shell_bot() -> None:
    bot, deals = play(["sh", str(EXAMPLES / "first_legal_bot.sh")], level=1)
    assert bot.bot_name == "first-legal.sh" and deals >= 9


def test_the_python_bot() -> None:
    bot, deals = play([sys.executable, str(EXAMPLES / "highest_card_bot.py")], level=3, matches=1)
    assert bot.bot_name == "highest-card.py" and deals >= 3


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not on the PATH")
def test_the_javascript_bot_four_handed() -> None:
    bot, deals = play_four_handed(["node", str(EXAMPLES / "random_bot.js")])
    assert bot.bot_name == "random.js" and deals >= 2


@pytest.mark.skipif(shutil.which("sh") is None, reason="sh is not on the PATH")
def test_the_shell_bot_four_handed() -> None:
    bot, deals = play_four_handed(["sh", str(EXAMPLES / "first_legal_bot.sh")])
    assert bot.bot_name == "first-legal.sh" and deals >= 2


def test_the_python_bot_four_handed() -> None:
    bot, deals = play_four_handed([sys.executable, str(EXAMPLES / "highest_card_bot.py")])
    assert bot.bot_name == "highest-card.py" and deals >= 2
