"""A forfeited match (sixtysix.core.forfeit.forfeit_match): it ends at once with the deals really played, won by the
other seat or side, and a record of it holds those deals only."""

from __future__ import annotations

import pytest

from sixtysix import Rules, create_match
from sixtysix.core.errors import MatchError
from sixtysix.core.forfeit import FORFEIT_POINTS, forfeit_deal, forfeit_match
from sixtysix.core.match import AnyMatch
from sixtysix.core.record import Record, replay

WHY = "timeout: the move clock ran out"


def _played(preset: str, deals: int, late: int | None = None, **options: object) -> AnyMatch:
    """A match of ``preset`` with ``deals`` deals: all played out by the first legal action, but the last
    forfeited by ``late`` (or by its first active seat)."""
    match = create_match(Rules.preset(preset).replace(**options))
    for number in range(1, deals + 1):
        deal = match.new_deal(seed=number)
        if number < deals:
            while not deal.is_over:
                deal.apply(deal.legal_actions()[0])
        else:
            forfeit_deal(deal, late if late in deal.active else deal.active[0], WHY)
        match.settle()
    return match


def test_a_two_player_match_is_won_by_the_other_seat_with_the_deals_played() -> None:
    match = _played("seed66", 2, late=1)
    before = match.score
    forfeit_match(match, 1, claimant=2)
    assert match.is_over and match.winner == 2 and match.forfeited_by == 1
    assert match.score == before and len(match.deals) == 2 and len(match.results) == 2  # no deal made up
    assert match.result_text() == "seat 2 won (seat 1 forfeited the match)"
    with pytest.raises(MatchError, match="the match is over"):
        match.new_deal(seed=9)


def test_a_record_of_a_forfeited_match_holds_the_deals_played_and_replays() -> None:
    match = _played("seed66", 2, late=1)
    forfeit_match(match, 1, claimant=2)
    text = Record.from_match(match, [("Termination", "seat 1 forfeited the match")]).text()
    assert text.count("\ndeal dealer=") == 2
    result = replay(text)
    assert result.match.score == match.score and len(result.match.deals) == 2
    assert result.match.deals[-1].outcome is not None and result.match.deals[-1].outcome.game_points == FORFEIT_POINTS


def test_four_handed_the_other_side_wins() -> None:
    match = _played("four66", 1, late=2)
    forfeit_match(match, 2, claimant=1)
    assert match.is_over and match.winner == 1 and match.forfeited_by == 2


@pytest.mark.parametrize(("claimant", "winner"), [(2, 2), (3, 3)])
def test_three_handed_the_other_seat_ahead_wins_the_claimant_when_level(claimant: int, winner: int) -> None:
    match = create_match(Rules.preset("three66"))
    assert match.score == (0, 0, 0)
    forfeit_match(match, 1, claimant=claimant)  # before any deal: 2 and 3 level at 0
    assert match.is_over and match.winner == winner and match.forfeited_by == 1 and match.loser is None


def test_three_handed_the_seat_with_more_game_points_wins() -> None:
    match = _played("three66", 2, late=3)
    assert match.score == (6, 3, 3)
    forfeit_match(match, 3, claimant=2)
    assert match.winner == 1  # ahead of the claimant


def test_three_handed_play_for_the_loser_names_the_forfeiting_seat() -> None:
    match = create_match(Rules.preset("three66").replace(three_player_play_for_loser=True))
    forfeit_match(match, 3, claimant=1)
    assert match.is_over and match.loser == 3 and match.winner in (1, 2)
    assert match.result_text().endswith("(seat 3 forfeited the match)")


def test_a_forfeit_is_refused_while_a_deal_is_played_or_from_no_other_seat() -> None:
    match = create_match(Rules.preset("seed66"))
    deal = match.new_deal(seed=1)
    with pytest.raises(MatchError, match="a deal is being played"):
        forfeit_match(match, 1, claimant=2)
    forfeit_deal(deal, 1, WHY)
    for seat, claimant in ((1, 1), (1, 3), (5, 2)):
        with pytest.raises(MatchError, match="cannot claim the match"):
            forfeit_match(match, seat, claimant)
    assert not match.is_over and match.forfeited_by is None
