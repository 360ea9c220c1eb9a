"""``bench/closes.py``: which league games to replay, and how a failed close is put down."""

import json
from pathlib import Path

from bench.closes import classify, failed_games
from bench.league import build_player

from sixtysix.ai.tree import TreePlayer


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


def test_the_league_builds_the_closed_play_and_chance_variants() -> None:
    for key, closed_play, chance in (("5w", True, False), ("5d", False, True), ("5dw", True, True)):
        player = build_player(key, 1, 0.25)
        assert isinstance(player, TreePlayer)
        assert (player.closed_play, player.settings.chance) == (closed_play, chance)
