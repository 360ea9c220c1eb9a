"""The shipped puzzles: each re-solved exactly (a unique solution, every other action at least one
game point worse), honest to the player's information, and reproducible by the command in the
file's header; the daily puzzle; the puzzle skill rating and streaks."""

from __future__ import annotations

import dataclasses
import datetime
import re
import time
from importlib import resources

import pytest

from sixtysix.ai import native
from sixtysix.ai.puzzle_maker import make_puzzles
from sixtysix.ai.puzzle_skill import PuzzleSkill, expected_score
from sixtysix.ai.puzzles import (
    MARGIN,
    PUZZLE_FILE,
    Puzzle,
    check_puzzle,
    daily_puzzle,
    exact_values,
    load_puzzles,
    unique_solution,
)
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, Action
from sixtysix.core.rules import Rules
from sixtysix.present.puzzles import deduced_opponent_cards, view_of

PUZZLES = load_puzzles()
TEXT = resources.files("sixtysix.ai").joinpath(PUZZLE_FILE).read_text(encoding="utf-8")


def test_every_shipped_puzzle_is_re_solved_exactly_with_one_solution_a_game_point_ahead() -> None:
    started = time.process_time()
    solvers = {name: Solver(Rules.preset(name)) for name in {p.rules_name for p in PUZZLES}}
    problems = [problem for p in PUZZLES for problem in check_puzzle(p, solvers[p.rules_name])]
    assert problems == []
    for puzzle in PUZZLES:
        ranked = sorted(puzzle.values.values(), reverse=True)
        assert ranked[0] - ranked[1] >= MARGIN and puzzle.best_value == ranked[0]
        assert puzzle.solution != CLAIM and sum(token != "66" for token in puzzle.values) >= 2
    budget = 30 if native.available() else 120  # the pure solver where the native core is not built
    assert time.process_time() - started < budget


def test_the_pure_solver_agrees_with_the_stored_values() -> None:
    solvers = {name: Solver(Rules.preset(name), native=False) for name in ("seed66", "schnapsen")}
    for puzzle in PUZZLES[:: max(1, len(PUZZLES) // 25)]:
        found = exact_values(puzzle.deal(), solvers[puzzle.rules_name])
        assert {action.token: value for action, value in found.items()} == dict(puzzle.values)


def test_each_puzzle_is_shown_with_only_what_the_player_can_deduce() -> None:
    for puzzle in PUZZLES:
        deal = puzzle.deal()
        assert deal.face_up < 0 and not deal.closed and deal.to_act == puzzle.seat  # talon exhausted, open
        assert deduced_opponent_cards(view_of(puzzle)) == deal.hands[3 - puzzle.seat]


def test_the_package_ships_at_least_500_small_numbered_puzzles_of_both_presets_and_grades() -> None:
    assert len(PUZZLES) >= 500
    assert [p.id for p in PUZZLES] == list(range(1, len(PUZZLES) + 1))
    assert len({p.position for p in PUZZLES}) == len(PUZZLES)
    assert {p.rules_name for p in PUZZLES} == {"seed66", "schnapsen"}
    assert {p.grade for p in PUZZLES} == {"easy", "medium", "hard"}
    assert len(TEXT.encode("utf-8")) < 400_000


@pytest.mark.skipif(not native.available(), reason="level 5 plays other games without the native core")
def test_the_header_names_the_command_that_makes_the_file_and_it_does() -> None:
    command = re.search(r"^# made by: python -m bench.make_puzzles --seed (\d+) --count (\d+)$", TEXT, re.MULTILINE)
    assert command is not None and int(command[2]) == len(PUZZLES)
    remade = make_puzzles(seed=int(command[1]), count=3)
    assert [p.to_json() for p in remade] == [p.to_json() for p in PUZZLES[:3]]


def test_a_tampered_puzzle_fails_the_check() -> None:
    puzzle = PUZZLES[0]
    wrong = next(Action.parse(token) for token in puzzle.values if token != puzzle.solution.token)
    assert check_puzzle(dataclasses.replace(puzzle, solution=wrong))
    values = {**puzzle.values, puzzle.solution.token: puzzle.best_value + 1}
    assert "differ from the stored" in check_puzzle(dataclasses.replace(puzzle, values=values))[0]
    before = puzzle.position.rsplit(",", 1)[0]
    moved = check_puzzle(dataclasses.replace(puzzle, position=before))
    assert moved  # another position: another seat to act, other values


def test_a_solution_must_beat_every_other_action_by_the_margin() -> None:
    ah, kh, claim = Action.parse("Ah"), Action.parse("Kh"), Action.parse("66")
    assert unique_solution({ah: 1, kh: 0, claim: -2}) == ah
    assert unique_solution({ah: 1, kh: 1}) is None
    assert unique_solution({ah: 1, claim: 3, kh: 0}) is None  # a claim is never the puzzle
    assert unique_solution({ah: -1, claim: -2}) is None  # one card against a wrong claim: no choice


def test_the_daily_puzzle_is_one_per_day_and_every_puzzle_comes_once_a_cycle() -> None:
    start = datetime.date(2026, 1, 1)
    days = [daily_puzzle(start + datetime.timedelta(days=n), PUZZLES).id for n in range(len(PUZZLES))]
    assert sorted(days) == [p.id for p in PUZZLES]
    assert daily_puzzle(datetime.date(2027, 3, 5), PUZZLES) == daily_puzzle(datetime.date(2027, 3, 5), PUZZLES)


def test_puzzles_round_trip_through_their_json_line() -> None:
    for puzzle in PUZZLES[:20]:
        assert Puzzle.from_json(puzzle.to_json()) == puzzle


# -- the skill ---------------------------------------------------------------------------------------


def test_solving_a_harder_puzzle_gains_more_than_an_easier_one() -> None:
    easy, hard = PuzzleSkill(), PuzzleSkill()
    assert hard.record(1, 1600, solved=True) > easy.record(1, 900, solved=True) > 0
    assert PuzzleSkill().record(1, 900, solved=False) < PuzzleSkill().record(1, 1600, solved=False) < 0
    assert expected_score(1200, 1200) == pytest.approx(0.5)


def test_the_rating_settles_as_attempts_grow() -> None:
    skill = PuzzleSkill()
    first = skill.record(1, 1200, solved=True)
    for puzzle_id in range(2, 30):
        skill.record(puzzle_id, round(skill.rating), solved=puzzle_id % 2 == 0)
    later = skill.record(99, round(skill.rating), solved=True)
    assert 0 < later < first and skill.attempts == 30


def test_streaks_count_puzzles_in_a_row_and_daily_puzzles_on_following_days() -> None:
    skill = PuzzleSkill()
    day = datetime.date(2026, 12, 1)
    skill.record(1, 1200, solved=True, daily=day)
    skill.record(2, 1200, solved=True, daily=day + datetime.timedelta(days=1))
    skill.record(2, 1200, solved=True, daily=day + datetime.timedelta(days=1))  # the same day again
    assert skill.daily_streak == 2 and skill.streak == 3 and skill.best_streak == 3
    skill.record(3, 1200, solved=False)
    assert skill.streak == 0 and skill.best_streak == 3
    skill.record(4, 1200, solved=True, daily=day + datetime.timedelta(days=5))  # days missed
    assert skill.daily_streak == 1 and skill.last_daily == "2026-12-06"


def test_a_damaged_skill_record_is_refused() -> None:
    with pytest.raises(ValueError, match="rating"):
        PuzzleSkill.from_json({"rating": "high"})
    with pytest.raises(ValueError, match="seen"):
        PuzzleSkill.from_json({"seen": [1, "two"]})
    assert PuzzleSkill.from_json({"rating": 1300, "unknown": 1}).rating == 1300
