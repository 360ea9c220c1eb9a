"""The league's ``--partial`` file: a stopped run resumes where it stopped, with the same results; and the
expert's variants the league plays (``5k``, ``5i``, ``5e``)."""

from pathlib import Path

import pytest
from bench.league import (
    CLOSE_SHARE,
    CLOSE_WORLDS,
    ENSEMBLE_WORLDS,
    PLAY_FACTOR,
    EnsembleTree,
    Task,
    build_player,
    close_summary,
    load_partial,
    run_league,
)
from bench.sparring import PUBLISHED_ITERATIONS

from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai import native
from sixtysix.ai.native import NativeSearch, TreeSettings
from sixtysix.ai.sampling import forbidden_cards
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


@pytest.mark.skipif(not native.available(), reason="both searches run in the native core")
def test_the_league_plays_5e_valuing_each_action_by_the_mean_of_the_tree_and_the_determinized_mcts() -> None:
    ensemble = build_player("5e", 1, 0.25)
    assert isinstance(ensemble, EnsembleTree) and ensemble.time_limit == 0.125  # half the time for the tree
    assert (ensemble.sampled.worlds, ensemble.sampled.iterations) == (ENSEMBLE_WORLDS, PUBLISHED_ITERATIONS)
    rules = Rules.preset("schnapsen")
    deal = Deal(shuffled_deck(rules, 3), 2, rules)
    seat = deal.to_act
    assert seat is not None
    view = PlayerView.of(deal, seat)
    settings = TreeSettings(iterations=500)  # counted, not timed: the same searches again below
    search = NativeSearch.create(rules)
    assert search is not None
    merged = ensemble.search_tree(search, view, settings, forbidden_cards(view), [])
    twin = EnsembleTree(1, 0.25)
    again = NativeSearch.create(rules)
    assert again is not None
    tree = TreePlayer.search_tree(twin, again, view, settings, forbidden_cards(view), [])
    sampled = twin.sampled.action_scores(view)
    assert set(merged.actions) == set(tree.actions) == set(sampled)
    for action, (visits, mean) in merged.actions.items():
        assert visits == 0 and mean == pytest.approx((tree.actions[action][1] + sampled[action][0]) / 2)
    assert merged.best() == max(merged.actions, key=lambda a: merged.actions[a][1])
