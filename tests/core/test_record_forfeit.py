"""Forfeited deals in 66R records: the ``Forfeit`` header ends the deal on replay, with its result."""

from __future__ import annotations

from typing import Any

import pytest

from sixtysix import Rules, create_match
from sixtysix.ai.levels import make_table_player
from sixtysix.core.cards import CARD_NAMES
from sixtysix.core.errors import RecordError
from sixtysix.core.forfeit import FORFEIT_POINTS, forfeit_deal, parse_forfeit_header
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Termination
from sixtysix.core.record import Record, replay
from sixtysix.players.player import Player, SeatView
from sixtysix.protocol.host import BotFailure, run_deal


class FailsLater(Player[SeatView]):
    """Plays the first legal action, and fails at its ``fail_at``-th decision of deal ``deal``."""

    name = "fails later"

    def __init__(self, deal: int, fail_at: int) -> None:
        self.deal, self.fail_at = deal, fail_at
        self.deals = self.decisions = 0

    def new_deal(self, view: Any) -> None:
        self.deals += 1
        self.decisions = 0

    def choose(self, view: SeatView) -> Any:
        self.decisions += 1
        if self.deals == self.deal and self.decisions == self.fail_at:
            raise BotFailure("crash", "the bot exited (status 1)")
        return view.legal[0]


@pytest.mark.parametrize("preset", ["seed66", "three66", "four66"])
def test_a_match_with_a_forfeited_deal_replays_every_deal_with_its_result(preset: str) -> None:
    rules = Rules.preset(preset)
    match = create_match(rules)
    players: dict[int, Any] = {seat: make_table_player(1, rules, seed=seat) for seat in rules.seats}
    players[2] = FailsLater(deal=2, fail_at=2)
    while not match.is_over:
        run_deal(match.new_deal(seed=len(match.deals)), players, match)
    forfeited = [deal for deal in match.deals if deal.outcome and deal.outcome.termination is Termination.FORFEIT]
    assert forfeited, "seat 2 failed in its second deal"

    record = Record.from_match(match, [("Event", "forfeit test")])
    assert record.header("Forfeit") == f"deal 2: {forfeited[0].outcome.reason}"  # type: ignore[union-attr]
    replayed = replay(record.text())
    assert len(replayed.match.deals) == len(match.deals)  # the record goes on after the forfeit
    for original, again in zip(match.deals, replayed.match.deals, strict=True):
        assert again.outcome == original.outcome
    assert replayed.match.score == match.score and replayed.match.is_over
    deal_json = replayed.to_json()["deals"][1]
    assert deal_json["complete"] is True and deal_json["termination"] == "forfeit"
    assert deal_json["game_points"] == FORFEIT_POINTS


def test_a_deal_forfeited_before_its_first_action_replays_as_finished() -> None:
    deal = Deal.shuffled(seed=8)
    match = create_match(Rules())
    match_deal = match.new_deal(deal.deck)
    forfeit_deal(match_deal, 1, "handshake: no 66pok/readyok within 10 s")
    match.settle()
    text = Record.from_match(match).text()
    assert '[Forfeit "deal 1: forfeit: seat 1 handshake: no 66pok/readyok within 10 s"]' in text
    result = replay(text)
    assert result.to_act is None
    assert result.to_json()["deals"][0] | {"points": None, "tricks": None} == {
        "dealer": 2,
        "complete": True,
        "winner": 2,
        "game_points": 3,
        "points": None,
        "tricks": None,
        "termination": "forfeit",
        "reasons": ["forfeit"],
    }


def test_a_forfeit_header_of_the_old_form_names_the_first_deal() -> None:
    assert parse_forfeit_header("forfeit: seat 2 crash: the bot exited (status 1)") == (
        1,
        2,
        "crash: the bot exited (status 1)",
    )


@pytest.mark.parametrize(
    ("header", "message"),
    [
        ("seat 2 crashed", "a Forfeit header reads"),
        ("deal 1: forfeit: seat 3 crash: x", "seat 3 does not play this deal"),
        ("deal 2: forfeit: seat 1 crash: x", "the record has no deal 2"),
    ],
)
def test_a_forfeit_header_that_cannot_apply_is_an_error(header: str, message: str) -> None:
    deck = " ".join(CARD_NAMES[card] for card in Deal.shuffled(seed=1).deck)
    text = f'[Format "66R 1"]\n[Forfeit "{header}"]\n\ndeal dealer=2 deck="{deck}"\n'
    with pytest.raises(RecordError, match=message):
        replay(text)


def test_a_finished_deal_cannot_be_forfeited() -> None:
    deal = Deal.shuffled(seed=2)
    forfeit_deal(deal, 2, "timeout: no bestmove within 1.5 s")
    with pytest.raises(ValueError, match="the deal is over"):
        forfeit_deal(deal, 1, "crash")


def test_a_forfeited_deal_is_explained_as_a_forfeit() -> None:
    from sixtysix.present.describe import Names, plain, scoring_sentences

    deal = Deal.shuffled(seed=3)
    deal.apply(deal.legal_actions()[0])
    forfeit_deal(deal, 2, "timeout: no bestmove within 1.5 s")
    assert [plain(line) for line in scoring_sentences(deal.spectator_view(), Names(human=1))] == [
        "Computer forfeited the deal (timeout: no bestmove within 1.5 s), so you score 3 game points."
    ]
