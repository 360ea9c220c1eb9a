"""The league's ``--partial`` file: a stopped run resumes where it stopped, with the same results."""

from pathlib import Path

from bench.league import (
    CLOSE_SHARE,
    CLOSE_WORLDS,
    PLAY_FACTOR,
    Task,
    build_player,
    close_summary,
    load_partial,
    run_league,
)

from sixtysix.ai.tree import TreePlayer


def tasks(count: int) -> list[Task]:
    return [Task(0, "g", "2", deal, 1, "schnapsen", 0.25) for deal in range(count)]


def test_a_resumed_league_plays_only_the_missing_pairs_and_matches_a_fresh_run(tmp_path: Path) -> None:
    fresh = run_league(tasks(4), workers=1, progress=False)
    partial = tmp_path / "league.jsonl"
    first = run_league(tasks(2), workers=1, progress=False, partial=partial)
    assert len(load_partial(partial)) == 2
    resumed = run_league(tasks(4), workers=1, progress=False, partial=partial)
    assert len(load_partial(partial)) == 4
    assert [r["points"] for r in resumed] == [r["points"] for r in fresh]
    assert resumed[:2] == first


def test_close_summary_counts_each_sides_closes_and_their_cost() -> None:
    """A close fails when the closer loses the deal (R-CLOSE-5); points are from A's side in the results."""
    results = [
        {"points": [3, -2], "closers": ["a", "a"]},
        {"points": [-1, 2], "closers": ["b", ""]},
    ]
    assert close_summary(results, "a") == {"closes": 2, "failed": 1, "points_won": 3, "points_lost": 2}
    assert close_summary(results, "b") == {"closes": 1, "failed": 0, "points_won": 1, "points_lost": 0}


def test_the_league_plays_the_expert_with_its_close_check_as_5k_with_its_own_time() -> None:
    checked = build_player("5k", 1, 0.25)
    assert isinstance(checked, TreePlayer)
    assert (checked.close_worlds, checked.close_share, checked.time_limit) == (CLOSE_WORLDS, CLOSE_SHARE, 0.25)
    faster = build_player("5k@0.1", 1, 0.25)
    assert isinstance(faster, TreePlayer) and (faster.close_worlds, faster.time_limit) == (CLOSE_WORLDS, 0.1)
    plain = build_player("5", 1, 0.25)
    assert isinstance(plain, TreePlayer) and plain.close_worlds == 0


def test_the_league_plays_the_expert_reading_card_play_as_5i_with_its_own_factor() -> None:
    reading = build_player("5i", 1, 0.25)
    assert isinstance(reading, TreePlayer)
    assert (reading.settings.play_factor, reading.time_limit) == (PLAY_FACTOR, 0.25)
    softer = build_player("5i/0.3", 1, 0.25)
    assert isinstance(softer, TreePlayer) and softer.settings.play_factor == 0.3
    plain = build_player("5", 1, 0.25)
    assert isinstance(plain, TreePlayer) and plain.settings.play_factor == 1.0
