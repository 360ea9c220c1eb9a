"""``sixtysix tournament`` end to end."""

from __future__ import annotations

import csv
import json
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sixtysix.cli import main
from sixtysix.core.record import replay
from sixtysix.tournament.journal import JOURNAL_NAME, read_journal


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", "--progress", "none", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_level_one_players_end_to_end(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, results, table = tmp_path / "run", tmp_path / "r.json", tmp_path / "r.csv"
    args = ["--level", "1", "--level", "1", "--bot", "R=level:1", "--deals", "5", "--seed", "9"]
    args += ["--out", str(out), "--json", str(results), "--csv", str(table), "--workers", "2", "--bootstrap", "50"]
    code, stdout, stderr = run(capsys, *args)
    assert code == 0, stderr
    assert "3 players, 3 pairings, 30 deals (5 per pairing x 2 seats), seed 9" in stderr
    for name in ("L1", "L1-2", "R"):
        assert name in stdout
    assert "A pts/deal" in stdout and "Elo" in stdout
    data = json.loads(results.read_text())
    assert data["complete"] and data["games_played"] == 30
    assert len(table.read_text().splitlines()) == 1 + 3
    records = sorted((out / "records").glob("*/*.66r"))
    assert len(records) == 30
    assert all(replay(path.read_text()).match.deals[0].is_over for path in records)
    assert len(read_journal(out / JOURNAL_NAME)) == 30
    # the same command again: nothing left to play, the same results
    code, again, _ = run(capsys, *args)
    assert code == 0 and again == stdout
    assert json.loads(results.read_text())["timing"]["played_this_run"] == 0


def test_gauntlet_and_matches(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, stdout, stderr = run(
        capsys, "--format", "gauntlet", "--level", "2", "--level", "1", "--level", "1", "--matches", "2",
        "--workers", "1", "--json", str(tmp_path / "g.json"),
    )  # fmt: skip
    assert code == 0, stderr
    assert "3 players, 2 pairings, 8 matches" in stderr and "A pts/match" in stdout
    data = json.loads((tmp_path / "g.json").read_text())
    assert data["tournament"]["pairings"] == [["L2", "L1"], ["L2", "L1-2"]]
    assert data["tournament"]["unit"] == "match"


def test_rules_options_reach_the_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    args = ["--level", "1", "--level", "2", "--deals", "2", "--rules", "schnapsen", "--option", "tie_rule=void"]
    code, _, stderr = run(capsys, *args, "--out", str(tmp_path), "--workers", "1")
    assert code == 0, stderr
    record = replay(next((tmp_path / "records").glob("*/*.66r")).read_text()).record
    assert record.rules_name == "schnapsen" and record.rules().tie_rule == "void"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "1"], "at least two players"),
        (["--level", "1", "--bot", "x y=level:2"], "a player is NAME=SPEC"),
        (["--bot", "L1=level:1", "--bot", "L1=level:2"], "two players are named L1"),
        (["--level", "1", "--level", "2", "--address", "auto"], "--address is for the ray backend"),
        (["--level", "1", "--level", "2", "--anchor", "L9"], "--anchor L9: no such player"),
        (["--level", "1", "--level", "2", "--rules", "bridge"], "unknown preset"),
        (["--level", "1", "--level", "2", "--option", "tie_rule"], "expected NAME=VALUE"),
    ],
)
def test_usage_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, stderr = run(capsys, *args)
    assert code == 2 and message in stderr


def test_another_tournament_in_the_folder_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    base = ["--level", "1", "--level", "2", "--deals", "1", "--out", str(tmp_path), "--workers", "1"]
    assert run(capsys, *base)[0] == 0
    code, _, stderr = run(capsys, *base, "--seed", "2")
    assert code == 2 and "belongs to another tournament" in stderr


def test_argument_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for args in (["--deals", "0"], ["--deals", "2", "--matches", "2"], ["--level", "6"], ["--time", "-1"]):
        with pytest.raises(SystemExit) as stop:
            main(["tournament", "--level", "1", "--level", "2", *args])
        assert stop.value.code == 2
    capsys.readouterr()


def test_help_lists_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = capsys.readouterr().out
    for option in ("--level", "--bot", "--format", "--deals", "--matches", "--seed", "--time", "--workers"):
        assert option in text
    for option in ("--backend", "--address", "--out", "--json", "--csv"):
        assert option in text


def test_registering_the_command_imports_nothing_heavy() -> None:
    code = (
        "import sys, argparse, sixtysix.tournament.tournament_command as c; "
        "c.register(argparse.ArgumentParser().add_subparsers()); "
        "print(sorted(m for m in sys.modules if m in ('rich', 'ray') or m.startswith(('sixtysix.ai', "
        "'sixtysix.tournament.runner', 'sixtysix.protocol'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_external_bots_through_the_protocol_host(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("sixtysix.protocol.player")
    python = shlex.quote(sys.executable)
    bot = f"{python} -m sixtysix.cli bot --level 2 --seed {{seed}}"
    crash = f"{python} -c 'import sys; sys.exit(3)'"
    args = ["--level", "1", "--bot", f"bot={bot}", "--bot", f"crash={crash}", "--deals", "2", "--workers", "2"]
    code, _, stderr = run(capsys, *args, "--out", str(tmp_path), "--json", str(tmp_path / "r.json"))
    assert code == 0, stderr
    data = json.loads((tmp_path / "r.json").read_text())
    by_pair = {(p["a"], p["b"]): p for p in data["pairs"]}
    assert by_pair[("L1", "crash")]["forfeits"] == [0, 4] and by_pair[("L1", "crash")]["wins"] == 4
    assert by_pair[("bot", "crash")]["forfeits"] == [0, 4]
    assert by_pair[("L1", "bot")]["forfeits"] == [0, 0]
    forfeited = [g for g in data["games"] if g["termination"] == "forfeit"]
    assert len(forfeited) == 8 and all(max(g["score"]) == 3 for g in forfeited)
    for path in (tmp_path / "records").glob("*crash*/*.66r"):
        record = replay(path.read_text()).record
        assert record.header("Termination") == "forfeit" and "crash" in (record.header("Forfeit") or "")


def test_a_bot_that_exits_at_once_is_disqualified_and_its_games_scored_at_once(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    pytest.importorskip("sixtysix.protocol.player")
    dead = shlex.join([sys.executable, "-c", "import sys; sys.exit(3)"])
    args = ["--level", "1", "--bot", f"dead={dead}", "--deals", "200", "--workers", "2", "--out", str(tmp_path)]
    files = ["--json", str(tmp_path / "r.json"), "--csv", str(tmp_path / "r.csv")]
    started = time.perf_counter()
    code, out, stderr = run(capsys, *args, *files)
    elapsed = time.perf_counter() - started
    assert code == 0, stderr
    assert elapsed < 60, f"{elapsed:.0f} s for 400 games of a dead bot"  # about 2 s; 10 s a game was the old cost
    why = "failed to start 3 times in a row (last: crash: the bot exited (status 3))"
    assert f"disqualified: dead: {why}" in out
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["disqualified"] == {"dead": why} and data["games_played"] == 400
    kinds = data["pairs"][0]["forfeit_kinds"]
    assert kinds[0] == {} and set(kinds[1]) == {"crash", "disqualified"} and sum(kinds[1].values()) == 400
    assert kinds[1]["crash"] <= 3 * 2  # at most three tries in each of the two workers
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert rows[0]["disqualified_b"] == why and rows[0]["disqualified_a"] == ""
    assert rows[0]["forfeit_kinds_b"].startswith("crash ") and "; disqualified " in rows[0]["forfeit_kinds_b"]
    journal = read_journal(tmp_path / JOURNAL_NAME)
    notes = [note for game in journal for note in game.forfeited]
    assert len(notes) == 400 and {note.player for note in notes} == {"dead"}
    assert any(note.reason == f"forfeit: seat 1 disqualified: {why}" for note in notes)


CRASH_AT_GO = """\
import sys
for line in sys.stdin:
    word = line.split()[0] if line.split() else ""
    if word == "66p":
        print("66pok", flush=True)
    elif word == "isready":
        print("readyok", flush=True)
    elif word == "go":
        sys.exit(3)
"""
"""A bot that starts well and exits at its first decision: it crashes every deal, but is never disqualified."""


def test_forfeit_reasons_reach_the_json_journal_and_records(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    pytest.importorskip("sixtysix.protocol.player")
    script = tmp_path / "crash_at_go.py"
    script.write_text(CRASH_AT_GO)
    crash = shlex.join([sys.executable, str(script)])
    args = ["--level", "1", "--bot", f"crash={crash}", "--matches", "1", "--workers", "1", "--out", str(tmp_path)]
    code, _, stderr = run(capsys, *args, "--json", str(tmp_path / "r.json"))
    assert code == 0, stderr
    games = json.loads((tmp_path / "r.json").read_text())["games"]
    for game in games:
        notes = game["forfeited"]
        assert [note["deal"] for note in notes] == list(range(1, game["deals"] + 1))
        assert notes[0]["kind"] == "crash" and notes[0]["detail"] == "the bot exited (status 3)"
        assert notes[0]["reason"] == f"forfeit: seat {notes[0]['seat']} crash: the bot exited (status 3)"
    assert {note.kind for game in read_journal(tmp_path / JOURNAL_NAME) for note in game.forfeited} == {"crash"}
    for path in (tmp_path / "records").glob("*/*.66r"):
        replayed = replay(path.read_text())  # every deal of the match, each finished with its result
        assert replayed.match.is_over and replayed.match.winner is not None
        assert all(deal["termination"] == "forfeit" for deal in replayed.to_json()["deals"])  # type: ignore[attr-defined]
        assert "Note" not in dict(replayed.record.headers)


def test_a_python_player_that_cannot_be_loaded(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, stderr = run(capsys, "--level", "1", "--bot", "x=python:no_such_module:make")
    assert code == 2 and "x: cannot load no_such_module:make" in stderr


def test_an_external_bot_keeps_running_between_games_unless_it_takes_the_seed() -> None:
    pytest.importorskip("sixtysix.protocol.player")
    from sixtysix.tournament import play
    from sixtysix.tournament.runner import Tournament, run_tournament

    bot = f"bot={shlex.join([sys.executable, '-m', 'sixtysix.cli', 'bot', '--level', '1'])}"
    starts: list[list[int]] = []

    def seen(_: object) -> None:
        starts.append(sorted(getattr(player, "starts", 0) for player in play._KEPT.values()))

    result = run_tournament(Tournament.of([1, bot], boards=3), bootstrap=0, on_result=seen)
    assert result.complete and len(starts) == 6
    assert starts[-1] == [1, 1]  # one process per seat, started once for the six games
    assert play._KEPT == {}  # stopped at the end
    seeded = f"{bot} --seed {{seed}}"
    starts.clear()
    run_tournament(Tournament.of([1, seeded], boards=2), bootstrap=0, on_result=seen)
    assert starts == [[]] * 4  # a fresh process each game, none kept


def test_the_reproducibility_note_names_only_the_reasons_that_apply(capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sixtysix.protocol.player")
    bot = shlex.join([sys.executable, "-m", "sixtysix.cli", "bot", "--level", "1"])
    code, _, stderr = run(capsys, "--level", "1", "--bot", f"ext={bot}", "--deals", "1", "--workers", "1")
    assert code == 0, stderr
    assert "note: the games of ext may not be exactly reproducible (external bots are their own)" in stderr
    assert "level 5" not in stderr
    code, _, stderr = run(capsys, "--level", "1", "--level", "2", "--deals", "1", "--workers", "1")
    assert code == 0 and "note:" not in stderr


def test_help_says_what_time_sets_and_that_external_bots_play_every_table(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["tournament", "--help"])
    text = " ".join(capsys.readouterr().out.split())
    assert "level 5's thinking time (default 1) and external bots' go movetime (default 1)" in text
    assert "an external 66P bot, at every table size" in text
    assert "for levels taking one" not in text
