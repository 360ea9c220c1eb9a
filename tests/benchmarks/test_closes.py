"""``bench/closes.py``: which league games to replay, how a failed close is put down, and the room ``5h`` shows."""

import json
import random
from pathlib import Path

import pytest
from bench.closes import classify, failed_games, fair_close_share, fair_values, room, room_summary
from bench.league import build_player

from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai import native
from sixtysix.ai.native import NativeSearch
from sixtysix.ai.sampling import consistent_worlds, world_from
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.actions import CLAIM, CLOSE


def test_the_games_replayed_are_those_in_which_a_closed_and_lost(tmp_path: Path) -> None:
    partial = tmp_path / "league.jsonl"
    lines = [
        {"pair": 0, "deal": 4, "points": [-2, 1], "closers": ["a", "b"]},
        {"pair": 0, "deal": 7, "points": [2, -3], "closers": ["b", "a"]},
        {"pair": 0, "deal": 9, "points": [-2, -1], "closers": ["", "b"]},
    ]
    partial.write_text("".join(json.dumps(line) + "\n" for line in lines))
    assert failed_games(str(partial)) == [(4, 1), (7, 2)]


def test_a_failed_close_is_put_down_to_the_play_only_where_a_better_listed_action_won_the_true_deal() -> None:
    def game(true_other: int, wins_other: float) -> dict[str, object]:
        record = {
            "kind": "play",
            "played": "Ts",
            "true": {"Ts": -2, "Ks": true_other},
            "means": {"Ts": 0.5, "Ks": 0.5},
            "wins": {"Ts": 0.5, "Ks": wins_other},
        }
        return {"records": [{"kind": "close"}, record]}

    assert classify(game(true_other=2, wins_other=0.75)) == "play"
    assert classify(game(true_other=2, wins_other=0.25)) == "gamble"  # it won, but nothing pointed to it
    assert classify(game(true_other=-2, wins_other=0.75)) == "gamble"  # the better bet lost too


def test_the_league_builds_the_closed_play_and_chance_variants_and_level_5_has_both() -> None:
    variants = (("5w", True, False), ("5d", False, True), ("5dw", True, True), ("5t", False, False))
    for key, closed_play, chance in variants:
        player = build_player(key, 1, 0.25)
        assert isinstance(player, TreePlayer)
        assert (player.closed_play, player.settings.chance) == (closed_play, chance)
    level5 = build_player("5", 1, 0.25)
    assert isinstance(level5, TreePlayer) and level5.closed_play and level5.settings.chance


def test_a_fair_value_never_beats_the_exact_value_of_the_same_worlds() -> None:
    """``fair_values`` plays each world out by a player who does not see the opponent's hand against one who
    sees everything: in each world it gets at most the exact value, so its mean and win share are at most
    theirs, for the close as for every other action (Schnapsen, two cards left in the talon: a few worlds)."""
    rules = Rules.preset("schnapsen")
    if NativeSearch.create(rules) is None:
        pytest.skip("the native search core is not built")
    for deal, seat in _closes_at_a_talon_of_two(rules, random.Random(5), 6):
        view = PlayerView.of(deal, seat)
        fair = fair_values(deal, seat)
        actions = list(fair)
        worlds = [world_from(view, hand, list(stock)) for hand, stock in consistent_worlds(view)]
        search = NativeSearch.create(rules)
        assert search is not None
        exact = search.worlds_action_values(worlds, actions, seat)
        for i, action in enumerate(actions):
            mean, share = fair[action]
            assert mean <= sum(row[i] for row in exact) / len(exact) + 1e-9
            assert share <= sum(row[i] > 0 for row in exact) / len(exact) + 1e-9


def test_the_room_counts_each_close_legal_decision_by_who_closes_and_the_closes_fair_win_share() -> None:
    records = [
        {"sees": "C", "expert": "C", "fair": 1.0},
        {"sees": "C", "expert": "Ah", "fair": 0.95},
        {"sees": "CB", "expert": "draw", "fair": None},
        {"sees": "Ts", "expert": "C", "fair": 0.5},
        {"sees": "Ts", "expert": "Ah", "fair": None},
    ]
    assert room_summary(records) == {
        "both close": {"1": 1},
        "5h only": {">=0.9": 1, "unknown": 1},
        "level 5 only": {"<0.9": 1},
        "neither": {"unknown": 1},
    }


@pytest.mark.skipif(not native.available(), reason="the searches run in the native core")
def test_the_room_asks_level_5_at_every_decision_of_5h_where_a_close_is_legal() -> None:
    records = room("schnapsen", 2, seed=1, expert_time=0.02)
    assert records and all(r["deal"] in (0, 1) for r in records)
    for record in records:
        closes = record["sees"] in ("C", "CB") or record["expert"] in ("C", "CB")
        assert (record["fair"] is not None) == closes  # valued where someone closes
        assert record["fair"] is None or 0.0 <= record["fair"] <= 1.0


def test_the_fair_close_share_is_the_fair_values_win_share_of_the_close_where_every_world_is_listed() -> None:
    rules = Rules.preset("schnapsen")
    if NativeSearch.create(rules) is None:
        pytest.skip("the native search core is not built")
    for deal, seat in _closes_at_a_talon_of_two(rules, random.Random(9), 4):
        assert fair_close_share(PlayerView.of(deal, seat), CLOSE) == fair_values(deal, seat)[CLOSE][1]


def _closes_at_a_talon_of_two(rules: Rules, rng: random.Random, count: int) -> list[tuple[Deal, int]]:
    """``count`` (deal, seat to act) where two cards are left in the talon and a close is legal, reached by random
    play that neither closes nor claims (few worlds: every one of them can be listed)."""
    found: list[tuple[Deal, int]] = []
    while len(found) < count:
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        while deal.outcome is None and deal.talon_size > 2:
            seat = deal.seat_to_ask
            assert seat is not None
            legal = PlayerView.of(deal, seat).legal
            deal.apply(rng.choice([a for a in legal if a not in (CLOSE, CLAIM)] or legal), seat)
        seat = deal.seat_to_ask
        if deal.outcome is None and seat is not None and CLOSE in PlayerView.of(deal, seat).legal:
            found.append((deal, seat))
    return found
