"""Interrupted tournaments go on where they stopped: no game lost, none counted twice."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest
from tournament_helpers import outcomes, small

from sixtysix.tournament.backends import ProcessBackend
from sixtysix.tournament.journal import JOURNAL_NAME, Journal, JournalError, read_journal
from sixtysix.tournament.runner import run_tournament


def journal_keys(out: Path) -> Counter[str]:
    return Counter(result.key.text for result in read_journal(out / JOURNAL_NAME))


def test_stop_and_resume_gives_the_same_results(tmp_path: Path) -> None:
    tournament = small(boards=6)
    total = 3 * 6 * 2
    straight = run_tournament(tournament, bootstrap=100)
    first = run_tournament(tournament, out=tmp_path, bootstrap=100, stop_after=13)
    assert (first.played, len(first.games), first.complete) == (13, 13, False)
    assert sum(journal_keys(tmp_path).values()) == 13
    second = run_tournament(tournament, out=tmp_path, backend=ProcessBackend(2), bootstrap=100, stop_after=9)
    assert (second.played, len(second.games)) == (9, 22)
    third = run_tournament(tournament, out=tmp_path, bootstrap=100)
    assert (third.played, len(third.games), third.complete) == (total - 22, total, True)
    keys = journal_keys(tmp_path)
    assert len(keys) == total and set(keys.values()) == {1}
    assert outcomes(third) == outcomes(straight)
    again = run_tournament(tournament, out=tmp_path, bootstrap=100)
    assert again.played == 0 and outcomes(again) == outcomes(straight)
    assert len(list((tmp_path / "records").glob("*/*.66r"))) == total


def test_a_line_cut_short_by_a_kill_is_played_again(tmp_path: Path) -> None:
    tournament = small(boards=3)
    run_tournament(tournament, out=tmp_path, bootstrap=0, stop_after=5)
    journal = tmp_path / JOURNAL_NAME
    with journal.open("ab") as handle:
        handle.write(b'{"game":{"key":"2/L1/L2","board":2,"seat1":"L1","se')  # killed mid-write
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    assert result.played == 18 - 5 and result.complete
    assert journal.read_bytes().endswith(b"}\n")
    assert set(journal_keys(tmp_path).values()) == {1} and len(journal_keys(tmp_path)) == 18
    assert outcomes(result) == outcomes(run_tournament(tournament, bootstrap=0))


def test_a_tournament_can_grow(tmp_path: Path) -> None:
    run_tournament(small(boards=2), out=tmp_path, bootstrap=0)
    more_boards = run_tournament(small(boards=4), out=tmp_path, bootstrap=0)
    assert more_boards.played == 3 * 2 * 2
    more_players = run_tournament(small(players=(1, 2, 1, 3), boards=4), out=tmp_path, bootstrap=0)
    assert more_players.played == 3 * 4 * 2  # L3 against each of the three others
    assert outcomes(more_players) == outcomes(run_tournament(small(players=(1, 2, 1, 3), boards=4), bootstrap=0))


def test_another_tournament_in_the_same_folder_is_refused(tmp_path: Path) -> None:
    run_tournament(small(boards=1), out=tmp_path, bootstrap=0)
    with pytest.raises(JournalError, match="seed 3 there, 4 here"):
        run_tournament(small(boards=1, seed=4), out=tmp_path, bootstrap=0)
    with pytest.raises(JournalError, match="L2 is 'level:2', not 'level:3'"):
        run_tournament(small(players=("L1=level:1", "L2=level:3"), boards=1), out=tmp_path, bootstrap=0)


def test_two_runs_cannot_share_a_journal(tmp_path: Path) -> None:
    settings, players = small().settings(), {"L1": "level:1"}
    with Journal(tmp_path / JOURNAL_NAME, settings, players), pytest.raises(JournalError, match="another run"):
        Journal(tmp_path / JOURNAL_NAME, settings, players).open()


def cli(out: Path, *extra: str) -> list[str]:
    return [
        sys.executable,
        "-m",
        "sixtysix.cli",
        "tournament",
        "--level",
        "1",
        "--level",
        "2",
        "--seed",
        "11",
        "--out",
        str(out),
        "--progress",
        "none",
        "--bootstrap",
        "100",
        *extra,
    ]


def start(command: list[str]) -> subprocess.Popen[str]:
    """The command in a session of its own, Ctrl-C not ignored: a shell's background job (a CI script run with
    ``&``) ignores SIGINT, the ignoring is inherited across exec, and Python then leaves it ignored."""
    return subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def wait_for_lines(journal: Path, lines: int, process: subprocess.Popen[str], timeout: float = 60.0) -> int:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        count = journal.read_bytes().count(b"\n") if journal.exists() else 0
        if count >= lines:
            return count
        assert process.poll() is None, process.communicate()
        time.sleep(0.02)
    raise AssertionError(f"the journal did not reach {lines} lines")


def group_members(group: int) -> list[int]:
    """The processes of a process group (from /proc)."""
    members = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == group and fields[0] != "Z":
            members.append(int(stat.parent.name))
    return members


@pytest.mark.parametrize("how", ["kill", "ctrl-c"])
def test_the_command_killed_or_interrupted_then_run_again(tmp_path: Path, how: str) -> None:
    out, boards = tmp_path / "run", 1500
    total = 2 * boards
    command = cli(out, "--deals", str(boards), "--workers", "2", "--json", str(tmp_path / "results.json"))
    process = start(command)
    wait_for_lines(out / JOURNAL_NAME, 200, process)
    if how == "kill":
        os.kill(process.pid, signal.SIGKILL)  # only the coordinator: its workers must notice and exit
        process.wait(timeout=30)
        if Path("/proc/self/stat").exists():
            deadline = time.monotonic() + 10
            while group_members(process.pid) and time.monotonic() < deadline:
                time.sleep(0.1)
            assert group_members(process.pid) == [], "worker processes outlived their coordinator"
    else:
        os.killpg(process.pid, signal.SIGINT)  # Ctrl-C reaches the whole foreground process group
        _, err = process.communicate(timeout=60)
        assert process.returncode == 130, err
        assert "run the same command again" in err
    done = sum(journal_keys(out).values())
    assert 0 < done < total, "the tournament ended before it was stopped: give it more deals"
    finished = subprocess.run(command, capture_output=True, text=True, timeout=300)
    assert finished.returncode == 0, finished.stderr
    keys = journal_keys(out)
    assert len(keys) == total and set(keys.values()) == {1}
    data = json.loads((tmp_path / "results.json").read_text())
    assert data["complete"] and data["games_played"] == total
    assert data["timing"]["played_this_run"] == total - done
    assert len(list((out / "records").glob("*/*.66r"))) == total
