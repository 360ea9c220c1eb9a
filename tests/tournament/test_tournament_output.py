"""Records, JSON and CSV: what a tournament writes."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from tournament_helpers import small

from sixtysix.core.record import replay
from sixtysix.tournament.output import CSV_COLUMNS, csv_text, print_results, write_csv, write_json
from sixtysix.tournament.play import record_path
from sixtysix.tournament.runner import RECORDS, run_tournament


def test_every_game_is_a_record_that_replays_to_its_result(tmp_path: Path) -> None:
    tournament = small(boards=5)
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    files = sorted((tmp_path / RECORDS).glob("*/*.66r"))
    assert len(files) == len(result.games) == 30
    for key, game in result.games.items():
        path = record_path(tmp_path / RECORDS, key)
        assert path in files
        replayed = replay(path.read_text(encoding="utf-8"))
        record = replayed.record
        assert (record.header("Seat1"), record.header("Seat2")) == (key.seat1, key.seat2)
        assert record.header("Board") == str(key.board) and record.header("Seed") == "3"
        (deal,) = replayed.match.deals
        assert deal.outcome is not None and deal.outcome.winner == game.winner
        points = replayed.match.results[0].game_points
        assert game.score == ((points, 0) if game.winner == 1 else (0, points) if game.winner == 2 else (0, 0))
        assert record.header("Result") == f"{game.score[0]}-{game.score[1]}"
        assert record.header("Termination") == deal.outcome.termination.value == game.termination


def test_both_games_of_a_pair_have_the_same_cards_and_dealer(tmp_path: Path) -> None:
    result = run_tournament(small(boards=2), out=tmp_path, bootstrap=0)
    for key in result.games:
        one = replay(record_path(tmp_path / RECORDS, key).read_text()).record.deals[0]
        other = replay(record_path(tmp_path / RECORDS, key.swapped).read_text()).record.deals[0]
        assert (one.deck, one.dealer) == (other.deck, other.dealer)
        assert one.dealer == 2 - key.board % 2


def test_whole_matches(tmp_path: Path) -> None:
    tournament = small(players=(1, 2), boards=3, unit="match")
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    assert result.complete and len(result.games) == 6
    for key, game in result.games.items():
        replayed = replay(record_path(tmp_path / RECORDS, key).read_text())
        assert replayed.match.is_over and replayed.match.winner == game.winner
        assert replayed.match.score == game.score and max(game.score) >= 7
        assert game.deals == len(replayed.match.deals) and game.termination == "match"
    (pair,) = result.pairs
    assert pair.games == 6 and pair.wins + pair.losses == 6


def test_json_holds_the_results_and_every_game(tmp_path: Path) -> None:
    result = run_tournament(small(boards=4), bootstrap=100)
    write_json(tmp_path / "out" / "results.json", result)
    data = json.loads((tmp_path / "out" / "results.json").read_text())
    assert data["complete"] and data["games_total"] == data["games_played"] == 24
    assert data["tournament"]["players"] == [
        {"name": "L1", "spec": "level:1"},
        {"name": "L2", "spec": "level:2"},
        {"name": "L1-2", "spec": "level:1"},
    ]
    assert data["tournament"]["pairings"] == [["L1", "L2"], ["L1", "L1-2"], ["L2", "L1-2"]]
    assert [p["pairs"] for p in data["pairs"]] == [4, 4, 4]
    assert {r["name"] for r in data["ratings"]} == {"L1", "L2", "L1-2"}
    assert all(len(r["elo_ci95"]) == 2 for r in data["ratings"])
    assert len(data["games"]) == 24 and {"key", "winner", "score", "termination"} <= set(data["games"][0])
    assert set(data["timing"]["players"]) == {"L1", "L2", "L1-2"}
    pair = data["pairs"][0]
    assert pair["points"] == result.pairs[0].points and pair["wins"] == result.pairs[0].wins


def test_csv_has_a_row_per_pairing(tmp_path: Path) -> None:
    result = run_tournament(small(boards=4), bootstrap=0)
    write_csv(tmp_path / "results.csv", result)
    rows = list(csv.DictReader(io.StringIO((tmp_path / "results.csv").read_text())))
    assert tuple(rows[0]) == CSV_COLUMNS
    assert [(r["a"], r["b"]) for r in rows] == [("L1", "L2"), ("L1", "L1-2"), ("L2", "L1-2")]
    for row, pair in zip(rows, result.pairs, strict=True):
        assert float(row["points"]) == round(pair.points, 6) and int(row["wins"]) == pair.wins
        assert row["elo_a"] and row["elo_b"]
    assert csv_text(result) == (tmp_path / "results.csv").read_text()


def test_tables_as_plain_text() -> None:
    result = run_tournament(small(boards=4), bootstrap=50)
    stream = io.StringIO()
    print_results(result, stream, use_rich=False)
    text = stream.getvalue()
    assert "A pts/deal" in text and "Elo" in text
    for name in ("L1", "L2", "L1-2"):
        assert f"\n{name} " in text or f"  {name} " in text
    print_results(result, io.StringIO(), use_rich=True)  # and through rich
