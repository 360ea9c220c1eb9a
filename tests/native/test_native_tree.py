"""The native information-set tree search (``native/ismcts.c``) and the expert that uses it."""

from __future__ import annotations

import random
from typing import Any

import pytest
from native_cases import native_search, require_native

from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai.expert import opponent_lead
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import TreeResult, TreeSettings
from sixtysix.ai.opponents import CarelessCounter
from sixtysix.ai.pimc import candidate_actions
from sixtysix.ai.sampling import consistent_worlds, forbidden_cards, sample_world, world_count, world_from
from sixtysix.ai.solver import Solver
from sixtysix.ai.tree import READING_SHRINK, READING_TALON, OpponentModel, TreePlayer, _weight, card_readings
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, CLOSE_BEFORE_DRAW, Action
from sixtysix.core.cards import cards_of
from sixtysix.players.player import Player
from sixtysix.players.table import play_table_deal

PRESETS = ("seed66", "schnapsen", "pagat66")
NOT_NOW = (CLOSE, CLOSE_BEFORE_DRAW, CLAIM)
"""Actions the random play that makes test positions leaves out: it should reach every stage of the talon."""


def _positions(preset: str, count: int, seed: int = 7, tricks: tuple[int, int] = (0, 10)) -> list[PlayerView]:
    """Views of the seat to act after ``tricks`` (a range) random actions of a deal, none closing or claiming."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    views = []
    while len(views) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        for _ in range(rng.randrange(*tricks)):
            if deal.outcome is not None or deal.to_act is None:
                break
            seat = deal.to_act
            legal = PlayerView.of(deal, seat).legal
            deal.apply(rng.choice([a for a in legal if a not in NOT_NOW] or legal), seat)
        if deal.outcome is None and deal.to_act is not None:
            views.append(PlayerView.of(deal, deal.to_act))
    return views


@pytest.mark.parametrize("preset", PRESETS)
def test_the_tree_search_answers_legal_actions_with_every_iteration_counted(preset: str) -> None:
    require_native()
    for view in _positions(preset, 25):
        result = native_search(view.rules).tree_search(view, TreeSettings(iterations=300), seed=3)
        assert set(result.actions) <= set(view.legal)
        assert sum(visits for visits, _ in result.actions.values()) == result.iterations == 300
        assert all(-3 <= mean <= 3 for _, mean in result.actions.values())
        assert result.best() in view.legal


def test_the_tree_search_depends_only_on_the_view_and_the_seed() -> None:
    """Information hiding: two deals that one seat cannot tell apart give it the same search."""
    require_native()
    rules = Rules.preset("seed66")
    deck = list(shuffled_deck(rules, 11))
    deal = Deal(deck, 2, rules)  # seat 1 leads; seat 2 holds deck[6:12]
    other_deck = deck[:]
    other_deck[6], other_deck[-1] = deck[-1], deck[6]  # one of seat 2's cards swapped with the stock's last
    other = Deal(other_deck, 2, rules)
    assert other.hands != deal.hands
    view = PlayerView.of(deal, 1)
    assert PlayerView.of(other, 1) == view
    settings = TreeSettings(iterations=500)
    first = native_search(view.rules).tree_search(view, settings, seed=9)
    second = native_search(view.rules).tree_search(PlayerView.of(other, 1), settings, seed=9)
    assert first == second


def _deals_at_talon(talon: int, count: int) -> list[Deal]:
    """Deals in phase one, nobody closing, with ``talon`` cards left (random play)."""
    rng = random.Random(talon)
    deals: list[Deal] = []
    while len(deals) < count:
        deal = Deal.shuffled(rng.getrandbits(32))
        while deal.outcome is None and deal.talon_size > talon:
            seat = deal.to_act
            assert seat is not None
            legal = PlayerView.of(deal, seat).legal
            deal.apply(rng.choice([a for a in legal if a not in NOT_NOW] or legal), seat)
        if deal.outcome is None and deal.talon_size == talon and deal.to_act is not None:
            deals.append(deal)
    return deals


def test_the_twin_that_sees_his_hand_draws_only_the_talon_order() -> None:
    """The league's ``5h`` (``talon_seen=False``): with two cards left in the talon his hand
    places every card, so its search is the clairvoyant one, iteration for iteration; with
    more it is not, since the talon's order is still drawn."""
    require_native()
    settings = TreeSettings(iterations=400)
    for deal in _deals_at_talon(2, 8):
        view = PlayerView.of(deal, deal.to_act)
        search = native_search(view.rules)
        seen = search.tree_search(view, settings, seed=3, truth=deal)
        hand_only = search.tree_search(view, settings, seed=3, truth=deal, talon_seen=False)
        assert hand_only == seen
    differs = 0
    for deal in _deals_at_talon(8, 8):
        view = PlayerView.of(deal, deal.to_act)
        search = native_search(view.rules)
        seen = search.tree_search(view, settings, seed=3, truth=deal)
        hand_only = search.tree_search(view, settings, seed=3, truth=deal, talon_seen=False)
        differs += hand_only != seen
    assert differs >= 4


@pytest.mark.parametrize("preset", PRESETS)
def test_the_early_stop_makes_the_choice_of_the_whole_budget_with_fewer_iterations(preset: str) -> None:
    """``prune``: the search stops once no action can catch up the most visited in the iterations left; with a
    count of iterations those are known exactly, so the choice is the whole search's in every position."""
    require_native()
    saved = 0
    for n, view in enumerate(_positions(preset, 25)):
        search = native_search(view.rules)
        full = search.tree_search(view, TreeSettings(iterations=1500), seed=n)
        pruned = search.tree_search(view, TreeSettings(iterations=1500, prune=True), seed=n)
        assert pruned.best() == full.best()
        assert pruned.iterations <= full.iterations == 1500
        assert sum(visits for visits, _ in pruned.actions.values()) == pruned.iterations
        saved += full.iterations - pruned.iterations
    assert saved > 0  # it does stop early somewhere


def test_the_tree_search_stops_at_its_cpu_budget() -> None:
    require_native()
    view = _positions("seed66", 1)[0]
    result = native_search(view.rules).tree_search(view, TreeSettings(seconds=0.05), seed=1)
    assert result.iterations >= 64
    many = native_search(view.rules).tree_search(view, TreeSettings(seconds=0.2), seed=1)
    assert many.iterations > 2 * result.iterations


def test_the_tree_search_takes_the_action_that_is_best_in_every_world() -> None:
    """Late in phase one, where one action is best in each of 200 sampled worlds (and better by
    half a game point on average), the tree search, which never sees a world whole, finds it too.

    Closing is left out: in each world the exact search closes knowing the opponent's hand,
    which at the table it does not, and the tree rightly values a close lower.
    """
    require_native()
    checked = 0
    for view in _positions("seed66", 300, seed=5, tricks=(8, 20)):
        actions = candidate_actions(view)
        if not 0 < view.talon_size <= 4 or view.closer or len(actions) < 2:
            continue
        search = native_search(view.rules)
        values = search.worlds_action_values(search.sample_worlds(view, 200, seed=4), actions, view.seat)
        best = max(range(len(actions)), key=lambda i: sum(v[i] for v in values))
        margins = [v[best] - max(x for i, x in enumerate(v) if i != best) for v in values]
        if min(margins) < 0 or sum(margins) < 100 or actions[best] in (CLOSE, CLOSE_BEFORE_DRAW):
            continue
        result = search.tree_search(view, TreeSettings(iterations=3000), seed=2)
        assert result.best() == actions[best], (view, result)
        checked += 1
    assert checked >= 10


def test_the_opponent_model_learns_that_an_opponent_skips_chances() -> None:
    model = OpponentModel()
    sound = model.skip_rate
    for _ in range(10):
        model.observe_decline(held=0.4)
    assert model.skip_rate > sound + 0.3
    factors = model.factors([(1, 3), (2, 1), (2, 2)], tricks=3)  # 1 declined just now; 2 twice, before draws
    assert [cards for cards, _ in factors] == [1, 2]
    assert factors[0][1] < factors[1][1] <= 1.0


@pytest.mark.parametrize("preset", PRESETS)
def test_the_tree_expert_plays_whole_deals_legally(preset: str) -> None:
    require_native()
    rules = Rules.preset(preset)
    for seed in range(3):
        players = {1: TreePlayer(seed, time_limit=None, iterations=200), 2: TreePlayer(seed + 1, time_limit=0.01)}
        for seat, player in players.items():
            player.new_match(rules, seat)
        deal = Deal.shuffled(seed, rules=rules)
        play_table_deal(deal, players)
        assert deal.outcome is not None
        assert all(isinstance(action, Action) for _, action in deal.history)


def _skip_rate_after_deals(opponent: Player, deals: int = 24) -> float:
    rules = Rules.preset("seed66")
    expert = TreePlayer(1, time_limit=None, iterations=100)
    players: dict[int, Player] = {1: expert, 2: opponent}
    for seat, player in players.items():
        player.new_match(rules, seat)
    for seed in range(deals):
        play_table_deal(Deal.shuffled(seed, dealer=2 - seed % 2, rules=rules), players)
    return expert.model.skip_rate


def test_the_expert_learns_over_a_match_how_often_its_opponent_skips_marriages_and_exchanges() -> None:
    require_native()
    careless = _skip_rate_after_deals(CarelessCounter(3, skip=0.9, lead_card=True))
    sound = _skip_rate_after_deals(CountingPlayer(3))  # declares and exchanges whenever it can
    assert careless > 0.4  # up from its prior, 0.275
    assert sound < 0.1


CLOSING = ACTIONS[CLOSE]


def _close_views(preset: str, count: int) -> list[PlayerView]:
    """Views in which the seat to act may close the talon (random play up to there)."""
    return [v for v in _positions(preset, 8 * count, seed=13, tricks=(2, 10)) if CLOSING in v.legal][:count]


def test_the_close_check_keeps_a_close_only_where_it_wins_often_enough_played_out() -> None:
    """A close the tree chose is played out in sampled worlds by a closer that does not see them:
    it is kept when it wins in ``close_share`` of them or its mean result beats the tree's value of
    the best other action by ``close_margin``, else that action (the most visited other) is played."""
    require_native()
    kept = vetoed = 0
    for view in _close_views("schnapsen", 20):
        other = next(a for a in view.legal if a not in NOT_NOW)
        result = TreeResult({CLOSING: (90, 1.0), other: (10, 1.5)}, iterations=100, nodes=100)
        player = TreePlayer(1, time_limit=None, close_worlds=16, close_share=0.9)
        chosen = player.check_close(native_search(view.rules), view, result, CLOSING, forbidden_cards(view))
        (check,) = player.close_checks
        assert chosen == (CLOSING if check.share >= 0.9 or check.mean >= 1.5 + 1.0 else other)
        assert check.kept == (chosen == CLOSING)
        assert -3 <= check.mean <= 3 and (check.tree, check.other) == (1.0, 1.5)
        kept += check.kept
        vetoed += not check.kept
    assert kept and vetoed


def test_the_simulated_closer_cannot_see_the_opponents_hand() -> None:
    """Played out by a closer that sees every card, a close wins at least as often as by the
    check's closer, which decides on worlds drawn from its view: less often in some positions."""
    require_native()
    lower = 0
    for view in _close_views("seed66", 12):
        search = native_search(view.rules)
        blind = TreePlayer(2, time_limit=None, close_worlds=24)
        result = TreeResult({CLOSING: (9, 0.0), next(a for a in view.legal if a not in NOT_NOW): (1, 9.0)}, 9, 9)
        blind.check_close(search, view, result, CLOSING, forbidden_cards(view))
        (check,) = blind.close_checks
        rng = random.Random(2)
        worlds = [sample_world(view, rng, forbidden_cards(view)) for _ in range(24)]
        seeing = [v[0] for v in search.worlds_action_values(worlds, [CLOSING], view.seat)]
        assert check.share <= sum(v > 0 for v in seeing) / len(seeing) + 0.25  # different worlds: some slack
        lower += check.share < sum(v > 0 for v in seeing) / len(seeing)
    assert lower >= 2


def test_the_close_check_solves_the_worlds_as_the_python_solver_does() -> None:
    """The share of winning worlds is counted from exact values: each agrees with the reference solver."""
    require_native()
    for view in _close_views("seed66", 4):
        search = native_search(view.rules)
        worlds = [sample_world(view, random.Random(i), forbidden_cards(view)) for i in range(6)]
        native = [v[0] for v in search.worlds_action_values(worlds, [CLOSING], view.seat)]
        python = Solver(view.rules, native=False)
        reference = [python.action_values(w.copy(), actions=[CLOSING], seat=view.seat)[CLOSING] for w in worlds]
        assert native == reference


def test_a_card_drawn_as_a_chance_node_changes_nothing_where_there_is_one_world() -> None:
    """``chance``: the card an action makes the searching seat draw is a node below the action's.
    Searching the true deal (one world, every card placed) there is nothing to peek at: the root's
    figures are the same iteration for iteration, the tree only has the chance nodes more."""
    require_native()
    for preset in ("seed66", "schnapsen"):
        for view in _positions(preset, 6, seed=17, tricks=(0, 6)):
            if view.phase2:
                continue
            search = native_search(view.rules)
            truth = sample_world(view, random.Random(1), forbidden_cards(view))
            plain = search.tree_search(view, TreeSettings(iterations=600), seed=5, truth=truth)
            chance = search.tree_search(view, TreeSettings(iterations=600, chance=True), seed=5, truth=truth)
            assert chance.actions == plain.actions
            assert chance.iterations == plain.iterations == 600
            assert chance.nodes >= plain.nodes


def _own_closes(preset: str, count: int, seed: int = 31) -> list[PlayerView]:
    """Views of a closer to act after its own close (random play before and after it), more than one action legal."""
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    views: list[PlayerView] = []
    while len(views) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        closed = False
        while deal.outcome is None and deal.to_act is not None:
            seat = deal.to_act
            view = PlayerView.of(deal, seat)
            if not closed and CLOSE in view.legal and rng.random() < 0.4:
                deal.apply(CLOSE, seat)
                closed = True
                continue
            if closed and seat == deal.closer and len(candidate_actions(view)) > 1 and rng.random() < 0.6:
                views.append(view)
                break
            deal.apply(rng.choice([a for a in view.legal if a not in NOT_NOW] or view.legal), seat)
    return views


@pytest.mark.parametrize("preset", ["schnapsen", "seed66"])
def test_after_its_own_close_the_expert_plays_the_action_that_wins_the_most_consistent_worlds(preset: str) -> None:
    """``closed_play``: every world consistent with the closer's view is listed and solved exactly; the action
    winning the most of them is played, ties to the higher mean (figures recomputed here from the listing)."""
    require_native()
    for view in _own_closes(preset, 10):
        forbidden = forbidden_cards(view)
        actions = candidate_actions(view)
        worlds = [world_from(view, hand, list(stock)) for hand, stock in consistent_worlds(view, forbidden)]
        assert len(worlds) == world_count(view, forbidden)
        values = native_search(view.rules).worlds_action_values(worlds, actions, view.seat)
        wins = [sum(v[i] > 0 for v in values) for i in range(len(actions))]
        means = [sum(v[i] for v in values) for i in range(len(actions))]
        top = max(zip(wins, means, strict=True))
        expected = {actions[i] for i in range(len(actions)) if (wins[i], means[i]) == top}
        player = TreePlayer(3, time_limit=0.25, closed_play=True)
        player.new_match(view.rules, view.seat)
        assert player.play_closed(native_search(view.rules), view, forbidden, []) in expected
        assert player.choose(view) in expected  # its own close: the listed worlds, not the tree


def _their_closes(preset: str, count: int, seed: int = 37) -> list[PlayerView]:
    """Views of the seat to act after the opponent's close (random play before and after it), more than one action."""
    views: list[PlayerView] = []
    rules = Rules.preset(preset)
    rng = random.Random(seed)
    while len(views) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        while deal.outcome is None and deal.to_act is not None:
            seat = deal.to_act
            view = PlayerView.of(deal, seat)
            if deal.closer and seat != deal.closer and len(candidate_actions(view)) > 1 and rng.random() < 0.6:
                views.append(view)
                break
            if not deal.closer and CLOSE in view.legal and rng.random() < 0.4:
                deal.apply(CLOSE, seat)
                continue
            deal.apply(rng.choice([a for a in view.legal if a not in NOT_NOW] or view.legal), seat)
    return views


@pytest.mark.parametrize("preset", ["schnapsen", "seed66"])
def test_with_defended_play_the_expert_plays_after_the_opponents_close_as_after_its_own(preset: str) -> None:
    """``defended_play`` (league ``5y``): after the opponent's close, too, every consistent world is solved and the
    action winning the most of them is played; without it the tree searches there."""
    require_native()
    for view in _their_closes(preset, 6):
        player = TreePlayer(3, time_limit=0.25, defended_play=True, closed_play=True)
        player.new_match(view.rules, view.seat)
        listed = player.play_closed(native_search(view.rules), view, forbidden_cards(view), [])
        player.search_tree = lambda *args: pytest.fail("the tree searched")  # type: ignore[method-assign]
        assert player.choose(view) == listed
        plain = _RecordingTree(3, time_limit=0.25, closed_play=True)
        plain.new_match(view.rules, view.seat)
        plain.choose(view)
        assert plain.searched == [view]


class _RecordingTree(TreePlayer):
    """A tree player that records the views it would search and plays the first candidate action."""

    searched: list[PlayerView]

    def search_tree(self, search: object, view: PlayerView, *rest: object) -> TreeResult:
        self.searched = [*getattr(self, "searched", []), view]
        return TreeResult({a: (1, 0.0) for a in candidate_actions(view)}, 1, 1)


def test_the_closed_play_weighs_a_world_by_the_cards_the_opponent_declined_to_use() -> None:
    """A world whose opponent holds a card he passed up a chance to use counts for the model's keep factor of it."""
    king, queen = 1 << 5, 1 << 6
    assert _weight(king | queen | 1, [(king, 0.25), (queen, 0.5)]) == 0.125
    assert _weight(1, [(king, 0.25)]) == 1.0


def test_a_leads_reading_is_split_over_the_cards_each_world_gives_him() -> None:
    """``card_readings``: a card held only where his lead was likely reads above 1, only where it was not below,
    in every world exactly 1; each shrunk towards 1 by ``READING_SHRINK`` worlds of the mean."""
    likely, unlikely = Deal.shuffled(seed=1), Deal.shuffled(seed=2)
    readings = card_readings([likely, unlikely], [1.0, 0.0], 1)
    both = likely.hands[1] & unlikely.hands[1]
    for card, ratio in readings.items():
        if both >> card & 1:
            assert ratio == 1.0
        elif likely.hands[1] >> card & 1:
            assert ratio == (1 + READING_SHRINK * 0.5) / ((1 + READING_SHRINK) * 0.5) > 1
        else:
            assert ratio == READING_SHRINK * 0.5 / ((1 + READING_SHRINK) * 0.5) < 1
    assert set(readings) == set(cards_of(likely.hands[1] | unlikely.hands[1]))


def _following_his_lead(rules: Rules, talon: int, seed: int) -> tuple[Deal, PlayerView]:
    """A deal played on by the counter until seat 1 is to follow seat 2's free lead at a talon of ``talon``."""
    rng = random.Random(seed)
    while True:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        players = {seat: CountingPlayer(seat) for seat in (1, 2)}
        while deal.outcome is None and deal.seat_to_ask is not None and not deal.closer:
            seat = deal.seat_to_ask
            view = PlayerView.of(deal, seat)
            if seat == 1 and view.talon_size == talon and opponent_lead(view) is not None:
                return deal, view
            deal.apply(players[seat].choose(view), seat)


def test_with_lead_reading_the_expert_weighs_worlds_by_his_lead_late_in_phase_one_and_carries_it() -> None:
    """``lead_reading`` (league ``5l``): following his lead from a talon of ``READING_TALON`` down, the tree gets a
    soft fact per unseen card his lead spoke of (the strongest at 1) beside the declines'; before that, none; at
    our next decision the facts are still there, drawn back towards 1 by the draw between."""
    require_native()
    rules = Rules.preset("schnapsen")
    early = _RecordingSoft(3, time_limit=0.05, lead_reading=True)
    early.new_match(rules, 1)
    early.choose(_following_his_lead(rules, READING_TALON + 2, 5)[1])
    assert early.softs and early._readings == {}
    for seed in range(5, 40):
        deal, view = _following_his_lead(rules, READING_TALON, seed)
        player = _RecordingSoft(3, time_limit=0.05, lead_reading=True)
        player.new_match(rules, 1)
        deal.apply(player.choose(view), 1)
        facts = player.read_lead(native_search(rules), view, forbidden_cards(view))  # read once: the same again
        assert facts and set(facts) <= set(player.softs[-1])
        assert max(f for _, f in facts) == 1.0 and min(f for _, f in facts) < 1.0
        assert all(mask.bit_count() == 1 and mask & view.unseen and 0 < f <= 1 for mask, f in facts)
        before = dict(player._readings)
        while deal.seat_to_ask != 1 and deal.outcome is None:  # the draws, then our next decision
            seat = deal.seat_to_ask
            assert seat is not None
            deal.apply(CountingPlayer(seat).choose(PlayerView.of(deal, seat)), seat)
        after = PlayerView.of(deal, 1)
        if deal.outcome is None and opponent_lead(after) is None and after.unseen and not after.closer:  # we lead
            player.choose(after)
            assert set(player.read_lead(native_search(rules), after, 0)) <= set(player.softs[-1])
            for card, ratio in player._readings.items():  # drawn back towards 1 by his draw since
                assert abs(ratio - 1) < abs(before[card] - 1) or ratio == before[card] == 1.0
            return
    pytest.fail("no deal where we won the trick after a reading")


class _RecordingSoft(TreePlayer):
    """A tree player that records the soft facts each search is given and plays the first candidate action."""

    softs: list[list[tuple[int, float]]]

    def search_tree(self, search: object, view: PlayerView, *rest: Any) -> TreeResult:  # type: ignore[override]
        self.softs = [*getattr(self, "softs", []), list(rest[2])]  # (settings, forbidden, soft, ...)
        return TreeResult({a: (1, 0.0) for a in candidate_actions(view)}, 1, 1)
