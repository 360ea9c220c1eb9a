"""Every level plays three-handed 66 through the table loop, seeing only its own seat.

In the three-handed game (rules.md §5.1) the dealer sits out and the other two play a
two-player deal, so the two-player bots of levels 1-5 play unchanged. Each bot here is
wrapped in a watcher that knows the real match and checks every view it is given: it
is the two-player view of the inner deal for the watcher's own table seat (its hand is
the seat's real hand, its seat number the seat's inner one), with the match score of
the two active seats, and the seat that sits out is never asked anything.
"""

from __future__ import annotations

import itertools

import pytest

from sixtysix import PlayerView, Rules
from sixtysix.ai.levels import make_table_player
from sixtysix.ai.pimc import PimcPlayer
from sixtysix.core.actions import Action
from sixtysix.core.match import ThreeHandedMatch, create_match
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import three_handed_view
from sixtysix.players.base import Player
from sixtysix.players.table import play_table_match

THREE = Rules.preset("three66")


class Watcher(Player):
    """Passes each decision to ``inner`` after checking that the view is its own seat's."""

    def __init__(self, inner: Player, match: ThreeHandedMatch, seat: int) -> None:
        self.inner = inner
        self.match = match
        self.seat = seat
        self.name = inner.name
        self.decisions = 0
        self.deals = 0
        self.seen_deals: set[int] = set()

    def deal(self) -> ThreeHandedDeal:
        deal = self.match.current
        assert deal is not None
        return deal

    def check(self, view: PlayerView) -> None:
        deal = self.deal()
        assert self.seat in deal.active, f"seat {self.seat} sits out but was given a view"
        assert isinstance(view, PlayerView)
        assert view.seat == deal.inner_seat(self.seat)
        assert view.hand == deal.hand(self.seat)
        assert view == three_handed_view(deal, self.seat, self.match.score, self.match.carried)

    def new_match(self, rules: Rules, seat: int) -> None:
        assert seat == self.seat
        self.inner.new_match(rules, seat)

    def new_deal(self, view: PlayerView) -> None:
        self.check(view)
        self.deals += 1
        self.inner.new_deal(view)

    def choose(self, view: PlayerView) -> Action:
        self.check(view)
        deal = self.deal()
        assert deal.to_act == self.seat or deal.window == self.seat
        self.decisions += 1
        self.seen_deals.add(id(deal))
        action = self.inner.choose(view)
        assert action in view.legal
        return action


def bot(level: int, seed: int) -> Player:
    """The two-player bot of ``level``; the search levels with a small work budget."""
    if level == 4:
        return PimcPlayer(seed, samples=2, depth=2)
    player = make_table_player(level, THREE, seed, time_limit=0.01 if level == 5 else None)
    assert isinstance(player, Player)
    return player


def play(levels: tuple[int, int, int], rules: Rules, seed: int) -> tuple[ThreeHandedMatch, list[Watcher]]:
    match = create_match(rules)
    assert isinstance(match, ThreeHandedMatch)
    watchers = [
        Watcher(bot(level, seed * 3 + seat), match, seat) for seat, level in zip((1, 2, 3), levels, strict=True)
    ]
    play_table_match(match, {w.seat: w for w in watchers}, seed=seed)
    return match, watchers


def check_match(match: ThreeHandedMatch, watchers: list[Watcher]) -> None:
    assert match.is_over and match.winner in (1, 2, 3)
    assert max(match.score) >= match.rules.match_target
    for watcher in watchers:
        asked_in = sum(1 for deal in match.deals if watcher.seat in deal.active)
        assert watcher.deals == asked_in  # new_deal for each deal it plays, never for one it sits out
    assert sum(w.decisions for w in watchers) > 0
    for deal in match.deals:  # the seat sitting out took no decision
        assert deal.sitting_out not in deal.active
        assert all(seat in deal.active for seat, _ in deal.history)
        for watcher in watchers:
            if id(deal) in watcher.seen_deals:
                assert watcher.seat in deal.active


@pytest.mark.parametrize("level", [1, 2, 3, 4, 5])
def test_every_level_plays_whole_three_handed_matches_seeing_only_its_seat(level: int) -> None:
    matches = 3 if level < 4 else 1
    for seed in range(matches):
        match, watchers = play((level, level, level), THREE, seed)
        check_match(match, watchers)
        assert len({deal.dealer for deal in match.deals}) == 3 or len(match.deals) < 3


@pytest.mark.parametrize("seed", range(4))
def test_mixed_levels_play_for_the_loser(seed: int) -> None:
    rules = THREE.replace(three_player_play_for_loser=True, match_target=4)
    levels = ((1, 2, 3), (3, 2, 1), (2, 3, 3), (1, 1, 2))[seed]
    match, watchers = play(levels, rules, seed)
    check_match(match, watchers)
    assert match.loser in (1, 2, 3) and match.loser != match.winner
    play_off = [deal for deal in match.deals if deal.sitting_out != deal.dealer]
    assert play_off and all(deal.sitting_out == match.winner for deal in play_off)
    winner = next(w for w in watchers if w.seat == match.winner)
    assert not any(id(deal) in winner.seen_deals for deal in play_off)


def test_the_dealer_rotates_and_scores_with_the_winner_capped() -> None:
    match, watchers = play((3, 3, 2), THREE, 11)
    check_match(match, watchers)
    dealers = [deal.dealer for deal in match.deals]
    assert all(b == a % 3 + 1 for a, b in itertools.pairwise(dealers))
    for result in match.results:
        if result.winner is not None:
            assert result.dealer_points <= result.game_points
    assert sum(r.dealer_points for r in match.results) > 0
