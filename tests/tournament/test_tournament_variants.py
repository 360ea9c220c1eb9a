"""Three- and four-handed tournaments: duplicate seating, reproducibility, resume, the figures and the output."""

from __future__ import annotations

import csv
import io
import json
import shlex
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from tournament_helpers import FOUR, THREE, outcomes, table_levels

from sixtysix.cli import main
from sixtysix.core.facts import side_of
from sixtysix.core.record import replay
from sixtysix.core.rules import Rules
from sixtysix.tournament.backends import InProcessBackend, ProcessBackend
from sixtysix.tournament.journal import JOURNAL_NAME, read_journal
from sixtysix.tournament.output import csv_text, print_results
from sixtysix.tournament.play import GameResult, record_path, table_seats
from sixtysix.tournament.runner import RECORDS, Tournament, TournamentResult, run_tournament
from sixtysix.tournament.schedule import GameKey, board_seeds, position_of, schedule, seatings, table_pairs, tables
from sixtysix.tournament.specs import SpecError, parse_player
from sixtysix.tournament.stats import pair_stats


def three(players: Any = (1, 2, 1), boards: int = 2, seed: int = 3, **options: Any) -> Tournament:
    """A quick three-handed round robin (three players: one table, six seatings a board)."""
    return Tournament.of(list(players), boards=boards, seed=seed, rules=options.pop("rules", THREE), **options)


def four_players() -> list[int]:
    """Two copies of level 1, and the strongest of levels 2-3 if the four-handed game has one yet."""
    levels = table_levels(FOUR)
    return [1, 1, *levels[-1:]] if len(levels) > 1 else [1, 1]


def four(players: Any = None, boards: int = 3, seed: int = 3, **options: Any) -> Tournament:
    return Tournament.of(list(players or four_players()), boards=boards, seed=seed, rules=FOUR, **options)


def dealt(path: Path) -> tuple[Any, int]:
    """The first deal's cards and dealer of a record."""
    deal = replay(path.read_text(encoding="utf-8")).record.deals[0]
    return deal.deck, deal.dealer


# -- schedule ---------------------------------------------------------------------------------


def test_three_handed_tables_seat_three_players_or_one_of_two_twice() -> None:
    assert tables(["A", "B"], "round-robin", 3) == [("A", "A", "B"), ("A", "B", "B")]
    assert tables(["A", "B"], "gauntlet", 3) == [("A", "A", "B"), ("A", "B", "B")]
    assert tables(list("ABCD"), "round-robin", 3) == [tuple("ABC"), tuple("ABD"), tuple("ACD"), tuple("BCD")]
    assert all(table[0] == "A" for table in tables(list("ABCD"), "gauntlet", 3))
    assert tables(["A", "B", "C"], "round-robin", 4) == [("A", "B"), ("A", "C"), ("B", "C")]  # partnerships pair up
    assert table_pairs(tables(list("ABCD"), "gauntlet", 3), list("ABCD")) == [
        ("A", "B"), ("A", "C"), ("A", "D"), ("B", "C"), ("B", "D"), ("C", "D"),
    ]  # fmt: skip


def test_every_seating_puts_every_player_in_every_seat_equally_often() -> None:
    six = seatings(("A", "B", "C"))
    assert len(six) == len(set(six)) == 6
    for position in range(3):
        assert Counter(seating[position] for seating in six) == {"A": 2, "B": 2, "C": 2}
    copies = seatings(("A", "A", "B"))
    assert copies == [("A", "A", "B"), ("A", "B", "A"), ("B", "A", "A")]
    keys = schedule([("A", "B", "C")], 2)
    assert [key.board for key in keys] == [0] * 6 + [1] * 6
    assert all(GameKey.parse(key.text) == key for key in keys)
    assert GameKey(0, "A", "B", "A").positions_of("A") == (1, 3)


def test_the_dealer_moves_round_the_table_from_board_to_board() -> None:
    assert [board_seeds(1, k).first_dealer(3) for k in range(6)] == [3, 2, 1, 3, 2, 1]
    assert [board_seeds(1, k).first_dealer(4) for k in range(5)] == [4, 3, 2, 1, 4]
    assert [board_seeds(1, k).first_dealer(2) for k in range(3)] == [2, 1, 2]  # as ever
    assert table_seats(GameKey(0, "A", "B"), 4) == {1: "A", 2: "B", 3: "A", 4: "B"}
    assert all(position_of(seat, 4) == side_of(seat) for seat in (1, 2, 3, 4))  # the engine's sides
    assert table_seats(GameKey(0, "A", "B", "C"), 3) == {1: "A", 2: "B", 3: "C"}


# -- the figures --------------------------------------------------------------------------------


def three_handed_game(key: GameKey, luck: tuple[int, int, int], skill: dict[str, int]) -> GameResult:
    score = tuple(luck[i] + skill.get(name, 0) for i, name in enumerate(key.names))
    return GameResult(key, None, score, "played_out", forfeits=(0, 0, 0), decisions=(0, 0, 0), think=(0, 0, 0))


def test_in_every_seating_the_luck_of_the_cards_cancels() -> None:
    # The seats' luck differs board by board; A makes one game point more than anyone in its seat would.
    keys = schedule([("A", "B", "C")], 3)
    lucks = {0: (2, 0, 2), 1: (0, 3, 3), 2: (1, 1, 0)}
    games = {key: three_handed_game(key, lucks[key.board], {"A": 1}) for key in keys}
    tournament = three(("A=level:1", "B=level:1", "C=level:1"), boards=3)
    a_b, a_c, b_c = (pair_stats(a, b, games, 3, tournament.units(a, b)) for a, b in tournament.pairings())
    assert (a_b.points, a_b.points_ci, a_b.pairs, a_b.games, a_b.unit_games) == (1.0, (1.0, 1.0), 3, 18, 6)
    assert a_c.points == 1.0 and b_c.points == 0.0 and b_c.points_ci == (0.0, 0.0)
    assert b_c.won == 0.5 and b_c.pair_shares == (3.0, 3.0, 3.0)


def test_a_player_seated_twice_is_compared_once_per_copy() -> None:
    key = GameKey(0, "A", "B", "A")
    game = GameResult(key, 1, (3, 0, 3), "claim", forfeits=(0, 0, 0))
    assert game.comparisons("A", "B") == [(3, 1.0), (3, 1.0)]
    assert game.comparisons("B", "A") == [(-3, 0.0), (-3, 0.0)]
    tied = GameResult(key, 2, (3, 3, 0), "claim", forfeits=(0, 0, 0))  # seat 3 lost, seat 1 dealt and sat out
    assert tied.comparisons("A", "B") == [(0, 0.5), (-3, 0.0)]


def test_in_a_three_handed_match_the_winner_ranks_first_and_the_play_off_loser_last() -> None:
    game = GameResult(GameKey(0, "A", "B", "C"), 2, (6, 7, 9), "match", loser=3)
    assert game.comparisons("B", "A") == [(1, 1.0)]  # the winner, whatever the points
    assert game.comparisons("C", "A") == [(3, 0.0)]  # the loser of the play-off, though it has more points
    data = json.loads(json.dumps(game.to_json()))
    assert GameResult.from_json(data) == game and data["loser"] == 3 and data["seat3"] == "C"


# -- whole tournaments ----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [THREE, FOUR], ids=["three66", "four66"])
def test_copies_of_one_player_score_exactly_zero(rules: Rules) -> None:
    for players in ([1, 1], [1, 1, 1]):
        result = run_tournament(Tournament.of(players, boards=3, seed=5, rules=rules), bootstrap=0)
        assert result.complete and result.pairs
        for pair in result.pairs:
            assert pair.points == 0.0 and pair.points_ci == (0.0, 0.0) and pair.won == 0.5


def test_every_three_handed_board_is_played_in_every_seating(tmp_path: Path) -> None:
    result = run_tournament(three(boards=2), out=tmp_path, bootstrap=0)
    assert result.complete and len(result.games) == 2 * 6
    for board in range(2):
        keys = [key for key in result.games if key.board == board]
        assert sorted(key.names for key in keys) == sorted(seatings(("L1", "L2", "L1-2")))
        cards = {dealt(record_path(tmp_path / RECORDS, key)) for key in keys}
        assert len(cards) == 1  # one deck, one dealer: every player held every hand
        assert next(iter(cards))[1] == 3 - board
    for key, game in result.games.items():
        replayed = replay(record_path(tmp_path / RECORDS, key).read_text(encoding="utf-8"))
        record = replayed.record
        assert [record.header(f"Seat{seat}") for seat in (1, 2, 3)] == list(key.names)
        assert replayed.match.score == game.score and len(game.score) == 3
        (deal,) = replayed.match.deals
        assert deal.outcome is not None and deal.outcome.winner == game.winner
        dealer = deal.dealer
        if game.winner is not None:  # the dealer scores with the winner
            assert game.score[dealer - 1] == game.score[game.winner - 1] > 0
            assert sorted(game.score) == [0, game.score[dealer - 1], game.score[dealer - 1]]
        assert record.header("Result") == "-".join(map(str, game.score))


def test_every_four_handed_board_is_played_with_the_sides_swapped(tmp_path: Path) -> None:
    tournament = four(boards=2)
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    assert result.complete and len(result.games) == 2 * 2 * len(tournament.pairings())
    for key, game in result.games.items():
        assert key.swapped in result.games
        path = record_path(tmp_path / RECORDS, key)
        assert dealt(path) == dealt(record_path(tmp_path / RECORDS, key.swapped))
        assert dealt(path)[1] == 4 - key.board
        replayed = replay(path.read_text(encoding="utf-8"))
        names = [replayed.record.header(f"Seat{seat}") for seat in (1, 2, 3, 4)]
        assert names == [key.seat1, key.seat2, key.seat1, key.seat2]  # partners opposite
        (deal,) = replayed.match.deals
        assert deal.outcome is not None and deal.outcome.winner == game.winner
        assert replayed.match.score == game.score and len(game.score) == 2
        if game.winner is not None:
            assert game.score[game.winner - 1] in (1, 2, 3)


@pytest.mark.parametrize("make", [three, four], ids=["three66", "four66"])
def test_the_same_results_on_any_number_of_workers(make: Any) -> None:
    tournament = make(boards=3)
    alone = run_tournament(tournament, backend=InProcessBackend(), bootstrap=50)
    assert alone.complete
    parallel = run_tournament(tournament, backend=ProcessBackend(2), bootstrap=50)
    assert outcomes(parallel) == outcomes(alone)
    assert outcomes(run_tournament(make(boards=3, seed=4), bootstrap=50))["games"] != outcomes(alone)["games"]


@pytest.mark.parametrize("make", [three, four], ids=["three66", "four66"])
def test_stop_and_resume_loses_nothing(make: Any, tmp_path: Path) -> None:
    tournament = make(boards=6)
    straight = run_tournament(tournament, bootstrap=50)
    total = straight.total
    first = run_tournament(tournament, out=tmp_path, bootstrap=50, stop_after=5)
    assert (first.played, first.complete) == (5, False)
    second = run_tournament(tournament, out=tmp_path, backend=ProcessBackend(2), bootstrap=50, stop_after=4)
    assert len(second.games) == 9
    third = run_tournament(tournament, out=tmp_path, bootstrap=50)
    assert (third.played, len(third.games), third.complete) == (total - 9, total, True)
    keys = Counter(result.key.text for result in read_journal(tmp_path / JOURNAL_NAME))
    assert len(keys) == total and set(keys.values()) == {1}
    assert outcomes(third) == outcomes(straight)
    assert len(list((tmp_path / RECORDS).glob("*/*.66r"))) == total


def test_whole_three_handed_matches_with_the_play_off_for_the_loser(tmp_path: Path) -> None:
    rules = Rules.from_options("three66", {"three_player_play_for_loser": "true"})
    result = run_tournament(three((1, 2), boards=1, rules=rules, unit="match"), out=tmp_path, bootstrap=0)
    assert result.complete and len(result.games) == 6
    for key, game in result.games.items():
        assert game.termination == "match" and game.winner is not None and game.loser not in (None, game.winner)
        assert game.score[game.winner - 1] >= 7
        replayed = replay(record_path(tmp_path / RECORDS, key).read_text(encoding="utf-8"))
        assert replayed.match.score == game.score and replayed.match.winner == game.winner
        assert getattr(replayed.match, "loser", None) == game.loser


def test_whole_four_handed_matches(tmp_path: Path) -> None:
    result = run_tournament(four([1, 1], boards=1, unit="match"), out=tmp_path, bootstrap=0)
    for key, game in result.games.items():
        assert game.winner in (1, 2) and game.score[game.winner - 1] >= 7 and game.deals > 1
        assert replay(record_path(tmp_path / RECORDS, key).read_text(encoding="utf-8")).match.score == game.score


def test_level_two_beats_level_one_three_handed() -> None:
    result = run_tournament(three((1, 2), boards=4), bootstrap=50)
    (pair,) = result.pairs
    assert (pair.a, pair.b, pair.pairs, pair.unit_games) == ("L1", "L2", 8, 3)
    assert pair.points < 0 and pair.won < 0.5
    assert [rating.name for rating in result.ratings] == ["L2", "L1"]


def test_a_stronger_four_handed_level_ranks_first() -> None:
    levels = table_levels(FOUR)
    if len(levels) == 1:
        pytest.skip("the four-handed game has only level 1 so far")
    result = run_tournament(four([1, levels[-1]], boards=6), bootstrap=50)
    assert result.ratings[0].name == f"L{levels[-1]}" and result.pairs[0].points < 0


def test_a_four_handed_team_of_two_different_players(tmp_path: Path) -> None:
    team = parse_player("mix=team:level:1+python:tournament_helpers:random_partnership_player")
    tournament = Tournament.of([1, team], boards=2, rules=FOUR)
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    assert result.complete
    record = replay(record_path(tmp_path / RECORDS, GameKey(0, "mix", "L1")).read_text(encoding="utf-8")).record
    assert record.header("Seat1Player") == "level:1"
    assert record.header("Seat3Player") == "python:tournament_helpers:random_partnership_player"
    with pytest.raises(SpecError, match="four-handed 66 only"):
        Tournament.of([1, team], boards=1, rules=THREE)


def test_a_python_player_of_the_wrong_kind_is_refused_before_any_game() -> None:
    wrong = "r=python:tournament_helpers:random_player"
    with pytest.raises(SpecError, match="needs a PartnershipPlayer, not a RandomPlayer"):
        run_tournament(Tournament.of([1, wrong], boards=1, rules=FOUR), bootstrap=0)
    right = "r=python:tournament_helpers:random_partnership_player"
    assert run_tournament(Tournament.of([1, right], boards=1, rules=FOUR), bootstrap=0).complete


def test_a_four_handed_python_player_is_refused_at_a_two_player_table_before_any_game() -> None:
    wrong = "r=python:tournament_helpers:random_partnership_player"
    with pytest.raises(SpecError, match="a 2-player table needs a Player, not a RandomPartnershipPlayer"):
        run_tournament(Tournament.of([1, wrong], boards=1), bootstrap=0)


# -- output -----------------------------------------------------------------------------------


def table_text(result: TournamentResult) -> str:
    stream = io.StringIO()
    print_results(result, stream, use_rich=False)
    return stream.getvalue()


def test_three_handed_output() -> None:
    result = run_tournament(three(), bootstrap=50)
    data = json.loads(json.dumps(result.to_json()))
    assert data["tournament"]["tables"] == [["L1", "L2", "L1-2"]]
    assert data["tournament"]["games_per_table"] == [12] and data["games_total"] == 12
    assert data["tournament"]["pairings"] == [["L1", "L2"], ["L1", "L1-2"], ["L2", "L1-2"]]
    assert all(len(game["score"]) == 3 and "seat3" in game for game in data["games"])
    assert all(pair["games_per_unit"] == 6 and pair["pairs"] == 2 for pair in data["pairs"])
    assert {rating["name"] for rating in data["ratings"]} == {"L1", "L2", "L1-2"}
    assert all(rating["games"] == 24 for rating in data["ratings"])
    text = table_text(result)
    assert "2 deals per table x every seating" in text and "units" in text and "three-handed" in text
    rows = list(csv.DictReader(io.StringIO(csv_text(result))))
    assert [(row["a"], row["b"]) for row in rows] == [("L1", "L2"), ("L1", "L1-2"), ("L2", "L1-2")]
    print_results(result, io.StringIO(), use_rich=True)


def test_four_handed_output() -> None:
    result = run_tournament(four([1, 1]), bootstrap=50)
    data = result.to_json()
    assert data["tournament"]["partnerships"] == {"L1": ["L1", "L1"], "L1-2": ["L1-2", "L1-2"]}
    assert data["games_total"] == 6 and all(len(game["score"]) == 2 for game in data["games"])
    text = table_text(result)
    assert "per pairing x 2 (sides swapped)" in text and "side A's game points" in text
    timing = result.player_timing()
    assert timing["L1"]["decisions"] == timing["L1-2"]["decisions"] == 3 * 2 * 16  # both seats of a side


# -- the command --------------------------------------------------------------------------------


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["tournament", "--progress", "none", "--bootstrap", "20", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_for_both_variants(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    code, out, err = run(capsys, "--rules", "three66", "--level", "1", "--level", "2", "--deals", "2", "--workers", "1")
    assert code == 0, err
    assert "2 players, 2 tables of three, 12 deals (every seating), seed 1" in err and "L2" in out
    args = ["--rules", "four66", "--level", "1", "--level", "1", "--deals", "2", "--workers", "2"]
    code, out, err = run(capsys, *args, "--out", str(tmp_path), "--json", str(tmp_path / "r.json"))
    assert code == 0, err
    assert "2 players, 1 pairing, 4 deals (2 per pairing x 2 sides), seed 1" in err
    assert json.loads((tmp_path / "r.json").read_text())["complete"]
    assert len(list((tmp_path / RECORDS).glob("*/*.66r"))) == 4


def test_the_command_refuses_a_team_outside_four_handed(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "--level", "1", "--bot", "t=team:level:1+level:2")
    assert code == 2 and "t: a team plays four-handed 66 only" in err


def sixtysix_bot(level: int) -> str:
    """The command of ``sixtysix bot`` at ``level``, seeded by the tournament."""
    return shlex.join([sys.executable, "-m", "sixtysix.cli", "bot", "--level", str(level), "--seed", "{seed}"])


def test_an_external_bot_plays_three_handed_through_the_protocol_host() -> None:
    pytest.importorskip("sixtysix.protocol.player")
    result = run_tournament(three([1, f"bot={sixtysix_bot(2)}"], boards=1), bootstrap=0)
    assert result.complete and len(result.games) == 6
    assert all(sum(game.forfeits) == 0 for game in result.games.values())
    assert result.player_timing()["bot"]["decisions"] > 0


# -- four-handed external bots (66P version 2) ----------------------------------------------------


def test_an_external_bot_plays_four_handed_through_the_protocol_host(tmp_path: Path) -> None:
    pytest.importorskip("sixtysix.protocol.player")
    result = run_tournament(four([1, f"bot={sixtysix_bot(2)}"], boards=1), out=tmp_path, bootstrap=0)
    assert result.complete and len(result.games) == 2
    assert all(sum(game.forfeits) == 0 and game.termination != "forfeit" for game in result.games.values())
    assert result.player_timing()["bot"]["decisions"] == 2 * 16  # both seats of its side, both boards
    for key in result.games:
        replayed = replay(record_path(tmp_path / RECORDS, key).read_text(encoding="utf-8"))
        names = [replayed.record.header(f"Seat{seat}") for seat in (1, 2, 3, 4)]
        assert names == [key.seat1, key.seat2, key.seat1, key.seat2]


def test_a_failing_four_handed_bot_forfeits_every_deal_for_its_side(tmp_path: Path) -> None:
    crasher = shlex.join([sys.executable, "-c", "import sys; sys.exit(3)"])
    tournament = four([1, f"dud={crasher}"], boards=1, unit="match")
    result = run_tournament(tournament, out=tmp_path, bootstrap=0)
    assert result.complete
    for key, game in result.games.items():
        dud = key.names.index("dud") + 1  # the dud's side
        assert game.winner == 3 - dud and game.score[dud - 1] == 0 and game.score[2 - dud] >= 7
        assert game.forfeits[dud - 1] == game.deals and game.forfeits[2 - dud] == 0
        text = record_path(tmp_path / RECORDS, key).read_text(encoding="utf-8")
        assert '[Forfeit "deal 1: forfeit: seat ' in text and "crash" in text


def test_the_command_runs_an_external_bot_four_handed(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--rules", "four66", "--level", "1", "--bot", f"ext={sixtysix_bot(1)}", "--deals", "1", "--workers", "1"]
    code, out, err = run(capsys, *args)
    assert code == 0, err
    assert "2 players, 1 pairing, 2 deals (1 per pairing x 2 sides), seed 1" in err and "ext" in out
