"""One loop plays deals and matches at every table size: each seat is asked only for its own decisions,
with its own view; the two-player names are that loop, with the same shuffles for the same seed."""

from __future__ import annotations

import pytest

from sixtysix import Match, Rules, create_match
from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import ACTIONS, Action
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.record import Record
from sixtysix.core.rules import PRESETS as ALL_PRESETS
from sixtysix.core.view import PlayerView
from sixtysix.players import (
    DecisionStats,
    Player,
    RandomPlayer,
    SeatView,
    play_deal,
    play_match,
    play_table_deal,
    play_table_match,
)

PRESETS = tuple(ALL_PRESETS)  # every preset of the rules, the VU platform's included


class Witness(Player[SeatView]):
    """Plays the last legal action and keeps what it was shown (a player of every table)."""

    def __init__(self) -> None:
        self.matches: list[tuple[str, int]] = []
        self.deals = 0
        self.views: list[SeatView] = []

    def new_match(self, rules: Rules, seat: int) -> None:
        self.matches.append((rules.preset_name, seat))

    def new_deal(self, view: SeatView) -> None:
        self.deals += 1

    def choose(self, view: SeatView) -> Action:
        self.views.append(view)
        return view.legal[-1]


@pytest.mark.parametrize("preset", PRESETS)
def test_each_seat_is_asked_only_for_its_decisions_with_its_own_view(preset: str) -> None:
    match = create_match(Rules.preset(preset).replace(match_target=3))
    players = {seat: Witness() for seat in match.seats}
    stats = {seat: DecisionStats() for seat in match.seats}
    play_table_match(match, players, seed=11, stats=stats)
    assert match.is_over
    for seat, player in players.items():
        assert player.matches == [(preset, seat)]
        playing = [deal for deal in match.deals if seat in deal.active]
        assert player.deals == len(playing)  # the dealer who sits out (three-handed) hears of no deal
        asked = sum(1 for deal in match.deals for actor, _ in deal.history if actor == seat)
        assert len(player.views) == len(stats[seat].times) == asked
        assert all(view.legal for view in player.views)  # asked only when it has a decision


@pytest.mark.parametrize("preset", PRESETS)
def test_a_player_of_every_view_and_the_levels_play_the_same_loop(preset: str) -> None:
    rules = Rules.preset(preset)
    match = create_match(rules)
    deal = match.new_deal(seed=4)
    players = {seat: make_table_player(1 + seat % 3, rules, seed=seat) for seat in match.seats}
    players[match.seats[-1]] = Witness()
    outcome = play_table_deal(deal, players, match)
    assert deal.is_over and outcome == deal.outcome and match.results


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_plays_a_deal_of_every_preset(preset: str, level: int) -> None:
    """Every level at every seat plays a whole deal of every preset legally (a native core that cannot
    play the rules leaves the search to the Python one)."""
    rules = Rules.preset(preset)
    match = create_match(rules)
    deal = match.new_deal(seed=level)
    players = {seat: make_table_player(level, rules, seed=seat, time_limit=0.01) for seat in match.seats}
    outcome = play_table_deal(deal, players, match)  # raises on an illegal action
    assert deal.is_over and outcome == deal.outcome and match.results


def test_the_two_player_names_are_the_table_loop_with_the_same_shuffles() -> None:
    rules = Rules.preset("seed66")

    def record(play: object, seed: int) -> str:
        match = Match(rules)
        players = {1: make_table_player(3, rules, seed=1), 2: make_table_player(2, rules, seed=2)}
        play(match, players, seed=seed)  # type: ignore[operator]
        return Record.from_match(match).text()

    for seed in (1, 2, 3):
        assert record(play_match, seed) == record(play_table_match, seed)
    deal, same = Match(rules).new_deal(seed=9), Match(rules).new_deal(seed=9)
    assert play_deal(deal, {1: RandomPlayer(1), 2: RandomPlayer(2)}) == play_table_deal(
        same, {1: RandomPlayer(1), 2: RandomPlayer(2)}
    )
    assert deal.history == same.history


class Cheat(RandomPlayer):
    """Answers a card it does not hold."""

    def choose(self, view: PlayerView) -> Action:
        return next(action for action in ACTIONS if action.is_card and action not in view.legal)


def test_an_answer_that_is_not_legal_raises_and_names_the_seat() -> None:
    match = create_match(Rules.preset("three66"))
    deal = match.new_deal(seed=2)
    seat = deal.seat_to_ask
    assert seat is not None
    players = {s: RandomPlayer(s) for s in match.seats}
    players[seat] = Cheat()
    before = deal.history[:]
    with pytest.raises(IllegalActionError, match=rf"^random \(seat {seat}\) chose "):
        play_table_deal(deal, players, match)
    assert deal.history == before
