"""Pairings, boards, game keys and player specs."""

from __future__ import annotations

import pickle

import pytest

from sixtysix.core.facts import partner_of, side_of
from sixtysix.tournament.schedule import (
    GameKey,
    ScheduleError,
    board_seeds,
    pairings,
    schedule,
    seatings,
    table_format,
    tables,
)
from sixtysix.tournament.specs import PlayerSpec, SpecError, level_player, make_specs, parse_player


def test_round_robin_pairs_every_two_players_once() -> None:
    names = ["A", "B", "C", "D"]
    pairs = pairings(names, "round-robin")
    assert len(pairs) == 6
    assert {frozenset(p) for p in pairs} == {frozenset((a, b)) for a in names for b in names if a < b}
    assert all(names.index(a) < names.index(b) for a, b in pairs)  # A is the earlier player


def test_gauntlet_is_the_first_against_every_other() -> None:
    assert pairings(["new", "L3", "L4", "L5"], "gauntlet") == [("new", "L3"), ("new", "L4"), ("new", "L5")]


@pytest.mark.parametrize(("names", "fmt"), [(["A"], "round-robin"), (["A", "A"], "round-robin"), (["A", "B"], "swiss")])
def test_bad_schedules_are_errors(names: list[str], fmt: str) -> None:
    with pytest.raises(ScheduleError):
        pairings(names, fmt)


def test_schedule_plays_each_board_twice_with_seats_swapped() -> None:
    pairs = pairings(["A", "B", "C"], "round-robin")
    keys = schedule(pairs, 4)
    assert len(keys) == len(set(keys)) == 3 * 4 * 2
    for key in keys:
        assert key.swapped in keys and key.swapped != key
    # board by board: a tournament stopped half way has played the same boards in every pairing
    assert [k.board for k in keys] == sorted(k.board for k in keys)
    assert keys[:2] == [GameKey(0, "A", "B"), GameKey(0, "B", "A")]
    with pytest.raises(ScheduleError):
        schedule(pairs, 0)


def test_board_seeds_come_from_the_master_seed_only() -> None:
    assert board_seeds(7, 3) == board_seeds(7, 3)
    assert board_seeds(7, 3) != board_seeds(8, 3)
    assert len({board_seeds(7, k).deck for k in range(100)}) == 100
    assert [board_seeds(7, k).dealer for k in range(4)] == [2, 1, 2, 1]


def test_game_keys_read_back_and_know_the_seats() -> None:
    key = GameKey(12, "L3", "bot-2.1")
    assert GameKey.parse(key.text) == key
    assert key.seat_of("L3") == 1 and key.seat_of("bot-2.1") == 2
    with pytest.raises(KeyError):
        key.seat_of("L4")


def test_player_specs() -> None:
    assert parse_player("L3=level:3") == PlayerSpec("L3", "level", level=3)
    bot = parse_player("my_bot.2=./bot --depth 2 'a b'")
    assert bot.external and bot.command == ("./bot", "--depth", "2", "a b")
    assert parse_player(f"x={bot.text}").command == bot.command
    mine = parse_player("mine=python:pkg.mod:factory")
    assert (mine.kind, mine.target, mine.text) == ("python", "pkg.mod:factory", "python:pkg.mod:factory")
    assert level_player(5).name == "L5" and not level_player(5).deterministic and level_player(4).deterministic
    assert pickle.loads(pickle.dumps(bot)) == bot  # workers receive specs pickled


@pytest.mark.parametrize("text", ["level:3", "=level:3", "a b=level:3", "x=level:6", "x=", "x=python:nomodule", "x='"])
def test_bad_player_specs(text: str) -> None:
    with pytest.raises(SpecError):
        parse_player(text)


def test_repeated_levels_get_unique_names_and_explicit_names_win() -> None:
    names = [s.name for s in make_specs([1, "level:1", 3, "L1-2=level:2", 1])]
    assert names == ["L1", "L1-3", "L3", "L1-2", "L1-4"]
    with pytest.raises(SpecError):
        make_specs(["a=level:1", "a=level:2"])


def test_players_are_built_from_their_specs() -> None:
    player = level_player(2).make(seed=5)
    assert player.name == "beginner"
    factory = parse_player("r=python:tournament_helpers:random_player").factory()
    assert type(factory(1)).__name__ == "RandomPlayer"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_table_size_has_one_format_that_places_every_seat(players: int) -> None:
    table = table_format(players)
    assert table.players == players
    seats = range(1, players + 1)
    assert sorted({table.position_of(seat) for seat in seats}) == list(range(1, table.positions + 1))
    if table.teams:  # each position is a side: its two seats are partners, one per team member
        assert all(table.position_of(seat) == side_of(seat) for seat in seats)
        assert all(table.member_of(seat) != table.member_of(partner_of(seat)) for seat in seats)
        assert table.position_word == "side"
    else:  # each position is a seat, the player's own
        assert [table.position_of(seat) for seat in seats] == list(seats)
        assert {table.member_of(seat) for seat in seats} == {0}
        assert table.position_word == "seat"
    assert table.in_pairs == (table.positions == 2)  # two positions swap; three take every seating
    assert len(seatings(tables(["A", "B", "C"], "round-robin", players)[0])) == (2 if table.in_pairs else 6)


def test_a_team_member_sits_at_the_sides_first_seat_and_the_other_opposite() -> None:
    team = parse_player("mix=team:level:3+level:5")
    assert [team.seat_text(seat, 4) for seat in (1, 2, 3, 4)] == ["level:3", "level:3", "level:5", "level:5"]
    assert parse_player("L3=level:3").seat_text(3, 4) == "level:3"
    with pytest.raises(KeyError):
        table_format(5)
