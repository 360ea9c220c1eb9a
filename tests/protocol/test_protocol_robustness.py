"""A misbehaving bot loses the deal, with the reason, and the host goes on.

Each scripted bot misbehaves in the first life of its process only (it leaves a marker
file), at its first decision: an illegal move, a malformed line, no answer in time,
garbage, a crash, a stalled handshake. The deal is forfeited to the other seat with 3
game points, and the next deal is played normally by a restarted bot.
"""

from __future__ import annotations

import pickle
import sys
import time
from pathlib import Path

import pytest
from protocol_helpers import bot_command

from sixtysix import Match, Rules
from sixtysix.ai.levels import make_player
from sixtysix.core.forfeit import FORFEIT_POINTS
from sixtysix.protocol import BotFailure, ProtocolPlayer, StartFailures, run_deal, run_match
from sixtysix.protocol.player import MAX_START_FAILURES, _Process

CASES = {
    "illegal": ("illegal", "is not legal"),
    "malformed": ("malformed", "not an action"),
    "empty": ("malformed", "without an action"),
    "timeout": ("timeout", "no bestmove within"),
    "garbage": ("garbage", "not UTF-8"),
    "nul": ("garbage", "a NUL byte"),
    "longline": ("garbage", "longer than"),
    "flood": ("garbage", "more than 10000 lines"),
    "crash": ("crash", "RuntimeError: boom"),
    "exit": ("crash", "status 0"),
    "handshake": ("handshake", "no 66pok"),
    "version": ("handshake", "version 7"),
}


def scripted_bot(tmp_path: Path, mode: str, **kwargs: object) -> tuple[ProtocolPlayer, Path]:
    marker = tmp_path / f"{mode}.lives"
    defaults: dict[str, object] = {"time_limit": 0.3, "grace": 0.3, "start_timeout": 1.0}
    defaults.update(kwargs)
    bot = ProtocolPlayer(bot_command(tmp_path, mode, marker), **defaults)  # type: ignore[arg-type]
    return bot, marker


@pytest.mark.parametrize("mode", list(CASES))
def test_a_misbehaving_bot_forfeits_the_deal_and_is_restarted(tmp_path: Path, mode: str) -> None:
    kind, words = CASES[mode]
    bot, marker = scripted_bot(tmp_path, mode)
    rules = Rules.preset("seed66").replace(match_target=20)
    match = Match(rules, first_dealer=2)  # seat 1 leads the first deal: the bot decides at once
    players = {1: bot, 2: make_player(2, 1)}
    for seat in (1, 2):
        players[seat].new_match(rules, seat)
    with bot:
        started = time.perf_counter()
        first = run_deal(match.new_deal(seed=1), players, match)
        elapsed = time.perf_counter() - started
        assert first.forfeit is not None, first
        assert (first.forfeit.seat, first.forfeit.kind) == (1, kind)
        assert words in first.forfeit.detail
        assert first.termination == "forfeit" and first.winner == 2 and first.game_points == FORFEIT_POINTS
        assert first.reason.startswith(f"forfeit: seat 1 {kind}: ")
        assert match.deals[0].is_over and match.deals[0].outcome == first.outcome
        assert match.score == (0, FORFEIT_POINTS)
        assert not bot.running and len(bot.failures) == 1 and bot.failures[0].kind == kind
        assert elapsed < 3.0, f"{mode}: the host took {elapsed:.1f} s to give up"
        for seed in (2, 3):  # the next deals: a new process, which behaves
            result = run_deal(match.new_deal(seed=seed), players, match)
            assert result.forfeit is None, result.reason
        assert bot.starts == 2 and bot.running and bot.name == f"misbehaving {mode}"
    assert marker.read_text().count("started") == 2
    assert not bot.running


def test_a_chatty_bot_is_fine(tmp_path: Path) -> None:
    lines: list[str] = []
    bot, _ = scripted_bot(tmp_path, "chatty", log=lambda direction, line: lines.append(direction + line))
    with bot:
        results = run_match(Match(Rules.preset("schnapsen")), {1: bot, 2: make_player(2, 1)}, seed=1)
    assert all(r.forfeit is None for r in results) and bot.starts == 1
    assert "<info string thinking" in lines and "<what is this" in lines


def test_a_bot_that_cannot_start_loses_every_deal(tmp_path: Path) -> None:
    bot = ProtocolPlayer([str(tmp_path / "no-such-bot")], start_timeout=1.0)
    match = Match(Rules.preset("seed66"))
    results = run_match(match, {1: make_player(1, 1), 2: bot}, seed=1)
    assert [r.forfeit.kind if r.forfeit else None for r in results] == ["crash"] * 3
    assert "cannot start" in results[0].reason
    assert match.winner == 1 and match.score == (9, 0)


def test_a_bot_that_always_crashes_mid_deal_loses_the_match(tmp_path: Path) -> None:
    script = tmp_path / "crash.py"
    script.write_text("import sys\nprint('id name crasher')\nprint('66pok', flush=True)\nsys.stdin.readline()\n")
    # It answers 66pok before it is asked, then dies at the next line (isready).
    bot = ProtocolPlayer([sys.executable, str(script)], start_timeout=5.0)
    match = Match(Rules.preset("schnapsen"))
    results = run_match(match, {1: bot, 2: make_player(1, 2)}, seed=5)
    assert all(r.forfeit and r.forfeit.kind == "crash" and r.forfeit.seat == 1 for r in results)
    assert match.winner == 2 and bot.starts == len(results) and not bot.running


def test_carried_tie_points_go_to_the_winner_of_a_forfeit(tmp_path: Path) -> None:
    bot, _ = scripted_bot(tmp_path, "illegal")
    match = Match(Rules.preset("seed66"))
    match.carried = 1  # as if the previous deal had been a tie
    with bot:
        result = run_deal(match.new_deal(seed=1), {1: make_player(2, 1), 2: bot}, match)
    assert result.forfeit and result.forfeit.seat == 2
    assert match.score == (FORFEIT_POINTS + 1, 0) and match.carried == 0


def test_a_bot_that_does_not_read_cannot_block_the_host() -> None:
    process = _Process([sys.executable, "-c", "import time; time.sleep(30)"], None, None)
    try:
        started = time.perf_counter()
        assert not process.write("x" * 300_000, 0.3)  # more than a pipe holds
        assert time.perf_counter() - started < 2.0
    finally:
        process.kill()
    assert process.popen.poll() is not None


def test_a_protocol_player_pickles_without_its_process(tmp_path: Path) -> None:
    bot, _ = scripted_bot(tmp_path, "chatty")
    with bot:
        bot.start()
        copy = pickle.loads(pickle.dumps(bot))
        assert bot.running and not copy.running and copy.command == bot.command
        with copy:
            copy.start()
            assert copy.running and copy.bot_name == "misbehaving chatty"


def test_the_other_bot_counts_every_deal_when_one_cannot_start(tmp_path: Path) -> None:
    sent: list[str] = []
    good = ProtocolPlayer(
        [sys.executable, "-m", "sixtysix.cli", "bot", "--level", "2"], log=lambda d, line: sent.append(d + line)
    )
    broken = ProtocolPlayer([str(tmp_path / "no-such-bot")])
    match = Match(Rules.preset("seed66"))
    with good:
        results = run_match(match, {1: broken, 2: good}, seed=3)
    assert all(r.forfeit and r.forfeit.seat == 1 for r in results)
    numbers = [line.split()[1] for line in sent if line.startswith(">newdeal")]
    assert numbers == [f"deal={n}" for n in range(1, len(results) + 1)]
    assert good.starts == 1 and not good.failures


def test_a_bot_that_fails_to_start_three_times_in_a_row_is_disqualified() -> None:
    silent = [sys.executable, "-c", "import sys\nfor line in sys.stdin: pass"]  # never answers 66p
    bot = ProtocolPlayer(silent, start_timeout=0.3)
    match = Match(Rules.preset("seed66").replace(match_target=20))
    started = time.perf_counter()
    with bot:
        results = run_match(match, {1: make_player(1, 1), 2: bot}, seed=1)
    elapsed = time.perf_counter() - started
    kinds = [r.forfeit.kind if r.forfeit else None for r in results]
    assert kinds == ["handshake"] * MAX_START_FAILURES + ["disqualified"] * (len(results) - MAX_START_FAILURES)
    assert len(results) == 7 and match.score == (21, 0)
    assert bot.starts == MAX_START_FAILURES  # never started again once disqualified
    assert results[-1].reason == (
        "forfeit: seat 2 disqualified: failed to start 3 times in a row "
        "(last: handshake: no 66pok/readyok within 0.3 s)"
    )
    assert elapsed < MAX_START_FAILURES * 0.3 + 3.0, f"{elapsed:.1f} s: the disqualified bot still costs time"


def test_a_start_that_succeeds_resets_the_count(tmp_path: Path) -> None:
    failures = StartFailures()
    bot, _ = scripted_bot(tmp_path, "handshake", start_failures=failures)  # fails its first handshake only
    with bot:
        with pytest.raises(BotFailure, match="handshake"):
            bot.start()
        assert failures.in_a_row == 1
        bot.start()
    assert failures.in_a_row == 0 and not failures.disqualified


def test_players_of_one_bot_share_its_failures_to_start(tmp_path: Path) -> None:
    failures = StartFailures(limit=2)
    players = [ProtocolPlayer([str(tmp_path / "no-such-bot")], start_failures=failures) for _ in range(3)]
    for player in players[:2]:
        with pytest.raises(BotFailure, match="crash: cannot start"):
            player.start()
    with pytest.raises(BotFailure, match="disqualified: failed to start 2 times in a row"):
        players[2].start()
    assert [player.starts for player in players] == [0, 0, 0]  # cannot start: never ran
