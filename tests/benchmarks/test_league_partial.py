"""The league's ``--partial`` file: a stopped run resumes where it stopped, with the same results; and the
expert's variants the league plays (``5k``, ``5i``, ``5e``, ``5p`` and its kin)."""

import random
from collections.abc import Callable
from pathlib import Path

import pytest
from bench.league import (
    CLOSE_SHARE,
    CLOSE_WORLDS,
    ENSEMBLE_WORLDS,
    HYBRID_UNSEEN,
    PLAY_FACTOR,
    EnsembleTree,
    ExactPimc,
    RevealedTree,
    Task,
    build_player,
    close_summary,
    load_partial,
    run_league,
)
from bench.sparring import PUBLISHED_ITERATIONS

from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai import native
from sixtysix.ai.expert import opponent_lead
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import NativeSearch, TreeSettings
from sixtysix.ai.pimc import candidate_actions
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.tree import TreePlayer, lead_likelihood
from sixtysix.core.actions import CLOSE


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
    level5_checked = build_player("5kw", 1, 0.25)  # level 5 itself, its options kept, with the check
    assert isinstance(level5_checked, TreePlayer) and level5_checked.close_worlds == CLOSE_WORLDS
    assert level5_checked.closed_play and level5_checked.settings.chance
    assert not checked.closed_play and not checked.settings.chance


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


def _first_view(preset: str, seed: int, wanted: Callable[[PlayerView], bool]) -> PlayerView:
    """The first view met in a deal of counters (from ``seed`` on) that ``wanted`` accepts."""
    rules = Rules.preset(preset)
    while True:
        deal = Deal(shuffled_deck(rules, seed), 2, rules)
        counters = {1: CountingPlayer(seed), 2: CountingPlayer(seed + 1)}
        while deal.outcome is None and deal.seat_to_ask is not None:
            seat = deal.seat_to_ask
            view = PlayerView.of(deal, seat)
            if wanted(view):
                return view
            deal.apply(counters[seat].choose(view), seat)
        seed += 1


@pytest.mark.skipif(not native.available(), reason="the worlds are solved in the native core")
def test_5p_values_each_action_by_its_mean_over_worlds_solved_exactly() -> None:
    """With no time, one batch of worlds: the means are those of the same worlds drawn again and solved."""
    view = _first_view("schnapsen", 3, lambda v: len(candidate_actions(v)) > 2)
    player = build_player("5p", 1, 0.25)
    assert isinstance(player, ExactPimc) and player.time_limit == 0.25
    search = NativeSearch.create(view.rules)
    assert search is not None
    result = player.search_tree(search, view, TreeSettings(seconds=0.0), forbidden_cards(view), [])
    rng = random.Random(1)
    worlds = [sample_world(view, rng, forbidden_cards(view)) for _ in range(ExactPimc.batch)]
    actions = candidate_actions(view)
    rows = search.worlds_action_values(worlds, actions, view.seat)
    assert result.iterations == ExactPimc.batch
    for i, action in enumerate(actions):
        assert result.actions[action] == (0, pytest.approx(sum(row[i] for row in rows) / len(rows)))


@pytest.mark.skipif(not native.available(), reason="the worlds are solved in the native core")
def test_5pf_values_a_close_by_the_lead_after_it_chosen_on_average_over_the_worlds() -> None:
    """Its lead after the close cannot depend on the world: the best mean, never more than the mean of the bests."""
    view = _first_view("schnapsen", 5, lambda v: CLOSE in v.legal)
    player, plain = build_player("5pf", 1, 0.25), build_player("5p", 1, 0.25)
    assert isinstance(player, ExactPimc) and player.own_next and isinstance(plain, ExactPimc) and not plain.own_next
    search = NativeSearch.create(view.rules)
    assert search is not None
    fair = player.search_tree(search, view, TreeSettings(seconds=0.0), forbidden_cards(view), [])
    seen = plain.search_tree(search, view, TreeSettings(seconds=0.0), forbidden_cards(view), [])
    rng = random.Random(1)
    after = [sample_world(view, rng, forbidden_cards(view)) for _ in range(ExactPimc.batch)]
    for world in after:
        world.apply(CLOSE, view.seat)
    leads = candidate_actions(PlayerView.of(after[0], view.seat))
    rows = search.worlds_action_values(after, leads, view.seat)
    best_mean = max(sum(row[i] for row in rows) / len(rows) for i in range(len(leads)))
    assert fair.actions[CLOSE][1] == pytest.approx(best_mean)
    mean_of_bests = sum(max(row) for row in rows) / len(rows)  # the clairvoyant close: a lead chosen in each world
    assert seen.actions[CLOSE][1] == pytest.approx(mean_of_bests) and mean_of_bests >= best_mean
    cards = {a: v for a, v in seen.actions.items() if a.is_card()}  # a card may end the trick: valued as before
    assert {a: v for a, v in fair.actions.items() if a.is_card()} == cards and cards


@pytest.mark.skipif(not native.available(), reason="the tree and the worlds run in the native core")
def test_5ph_leaves_a_view_with_more_unseen_cards_than_its_limit_to_the_tree() -> None:
    rules = Rules.preset("seed66")
    deal = Deal(shuffled_deck(rules, 4), 2, rules)
    view = PlayerView.of(deal, deal.to_act or 1)
    assert view.unseen.bit_count() > HYBRID_UNSEEN
    player = build_player("5ph", 1, 0.25)
    assert isinstance(player, ExactPimc) and player.max_unseen == HYBRID_UNSEEN
    search = NativeSearch.create(rules)
    assert search is not None
    result = player.search_tree(search, view, TreeSettings(iterations=300), forbidden_cards(view), [])
    assert result.nodes > 0 and sum(visits for visits, _ in result.actions.values()) == 300


@pytest.mark.skipif(not native.available(), reason="the worlds are solved in the native core")
def test_5pr_reads_a_lead_as_a_probability_of_a_pimc_player_holding_the_worlds_hand() -> None:
    """Following his lead, each world weighs by how likely his lead was with its hand: a share of his choices."""
    view = _first_view("schnapsen", 7, lambda v: opponent_lead(v) is not None and v.face_up is not None)
    lead = opponent_lead(view)
    assert lead is not None
    player = build_player("5pr", 1, 0.25)
    assert isinstance(player, ExactPimc) and player.reading
    search = NativeSearch.create(view.rules)
    assert search is not None
    rng = random.Random(2)
    likelihoods = [
        lead_likelihood(search, view, sample_world(view, rng, forbidden_cards(view)), lead, rng) for _ in range(12)
    ]
    assert all(0.0 < p <= 1.0 for p in likelihoods)
    assert len(set(likelihoods)) > 1  # worlds differ in how well they explain his lead


def test_the_league_plays_level_5_reading_his_leads_as_5l() -> None:
    reader = build_player("5l", 1, 0.25)
    assert isinstance(reader, TreePlayer) and reader.lead_reading and reader.time_limit == 0.25
    assert reader.closed_play and reader.settings.chance  # level 5's own options: only the reading differs
    plain = build_player("5", 1, 0.25)
    assert isinstance(plain, TreePlayer) and not plain.lead_reading


def test_5h1_and_5h2_search_with_one_or_two_of_the_cards_he_holds_known_and_level_5s_options() -> None:
    rules = Rules.preset("schnapsen")
    deal = Deal(shuffled_deck(rules, 4), 2, rules)
    seat = deal.to_act
    assert seat is not None
    view = PlayerView.of(deal, seat)
    for told in (1, 2):
        player = build_player(f"5h{told}", 1, 0.25)
        assert isinstance(player, RevealedTree) and player.closed_play and player.settings.chance
        with pytest.raises(RuntimeError, match="see"):
            player.telling(view)
        player.see(deal)
        known = player.telling(view).opponent_known
        assert known.bit_count() == told and known & deal.hands[view.opponent] == known
        assert player.telling(view).opponent_known == known  # the same cards while he holds them
