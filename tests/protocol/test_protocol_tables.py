"""One host path for every table size: the protocol host plays a deal as the in-process loop does, a
failing seat forfeits it (naming its table seat) at every size, and a bot whose player reads every
view serves both protocol versions."""

from __future__ import annotations

import io
import sys

import pytest

from sixtysix import Deal, PlayerView, Rules, create_match
from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.view import PartnershipView
from sixtysix.players import Player, SeatView, play_table_deal
from sixtysix.protocol import BotFailure, ProtocolPlayer, run_deal, run_match, serve
from sixtysix.protocol.messages import decode_newmatch, encode_go

PRESETS = ("seed66", "three66", "four66")
BOT = [sys.executable, "-m", "sixtysix.cli", "bot", "--level", "1"]


class Crashing(Player[SeatView]):
    name = "crashing"

    def choose(self, view: SeatView) -> Action:
        raise BotFailure("crash", "the bot exited (status 1)")


class FirstLegal(Player[SeatView]):
    name = "first"

    def choose(self, view: SeatView) -> Action:
        return view.legal[0]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_host_plays_every_table_size_as_the_in_process_loop(preset: str) -> None:
    rules = Rules.preset(preset)
    hosted, local = create_match(rules), create_match(rules)
    for seed in (3, 4):
        deals = hosted.new_deal(seed=seed), local.new_deal(seed=seed)
        result = run_deal(deals[0], {s: make_table_player(2, rules, seed=s) for s in hosted.seats}, hosted)
        outcome = play_table_deal(deals[1], {s: make_table_player(2, rules, seed=s) for s in local.seats}, local)
        assert result.forfeit is None and result.outcome == outcome
        assert deals[0].history == deals[1].history
    assert hosted.score == local.score


@pytest.mark.parametrize(("preset", "dealer"), [("seed66", 2), ("three66", 1), ("four66", 4)])
def test_a_failing_seat_forfeits_the_deal_at_every_table_size(preset: str, dealer: int) -> None:
    match = create_match(Rules.preset(preset), first_dealer=dealer)
    deal = match.new_deal(seed=8)
    failing = deal.active[-1]  # three-handed, dealer 1: table seat 3 plays as the inner deal's seat 2
    players: dict[int, Player[SeatView]] = {seat: FirstLegal() for seat in match.seats}
    players[failing] = Crashing()
    result = run_deal(deal, players, match)
    assert result.forfeit is not None and result.forfeit.seat == failing
    assert result.reason == f"forfeit: seat {failing} crash: the bot exited (status 1)"
    opponents = {deal.scorer_of(seat) for seat in deal.active} - {deal.scorer_of(failing)}
    assert (result.winner,) == tuple(opponents) and result.game_points == 3 and result.termination == "forfeit"
    assert deal.is_over and match.score[result.winner - 1] == 3


def test_a_player_of_every_view_serves_both_protocol_versions() -> None:
    two = encode_go(PlayerView.of(Deal.shuffled(seed=3), 1), 1, 500)
    deal4 = FourHandedDeal.shuffled(seed=3, dealer=4)
    four = encode_go(PartnershipView.of(deal4, deal4.to_act or 0), 1, 500)
    out = io.StringIO()
    assert serve(FirstLegal(), io.StringIO(f"66p 2\n{two}\n{four}\nquit\n"), out, name="first") == 0
    lines = out.getvalue().splitlines()
    assert "66pok 2" in lines and not any(line.startswith("info string") for line in lines)
    legal = [line.split("legal=")[1].split()[0].split(",")[0] for line in (two, four)]
    assert [line.split()[1] for line in lines if line.startswith("bestmove")] == legal


def test_a_protocol_bot_hears_of_a_three_handed_match_in_the_seats_of_its_deals() -> None:
    rules = Rules.preset("three66").replace(match_target=3)
    sent: list[str] = []
    with ProtocolPlayer(BOT, log=lambda direction, line: sent.append(direction + line)) as bot:
        bot.start()  # running before the match: nothing may name the table seat 3, which 66P v1 has not
        players: dict[int, Player[PlayerView]] = {seat: make_table_player(1, rules, seed=seat) for seat in (1, 2)}
        players[3] = bot
        match = create_match(rules)
        results = run_match(match, players, seed=5)
    assert match.is_over and all(result.forfeit is None for result in results)
    told = [line[1:] for line in sent if line.startswith(">newmatch")]
    assert any(line.startswith(">go") for line in sent)
    assert told and all(decode_newmatch(line)[1] in (1, 2) for line in told)


def test_three_handed_each_deal_comes_as_a_match_of_its_own_in_the_seats_of_that_deal() -> None:
    """docs/protocol.md, "Three-handed 66": seat 1 = the forehand, dealer=2, deal=1, the two active seats' scores."""
    rules = Rules.preset("three66").replace(match_target=5)
    sent: list[str] = []
    with ProtocolPlayer(BOT, log=lambda direction, line: sent.append(direction + line)) as bot:
        players: dict[int, Player[PlayerView]] = {seat: make_table_player(1, rules, seed=seat) for seat in (1, 3)}
        players[2] = bot
        match = create_match(rules)
        run_match(match, players, seed=5)
    played = [deal for deal in match.deals if 2 in deal.active]
    assert len(played) < len(match.deals)  # it sat out some deals, and was asked nothing there
    told = [line[1:].split() for line in sent if line.startswith((">newmatch", ">newdeal"))]
    assert len(told) == 2 * len(played)
    for deal, (newmatch, newdeal) in zip(played, zip(told[::2], told[1::2], strict=True), strict=True):
        forehand = deal.active[0]
        assert newmatch[:2] == ["newmatch", f"seat={1 if forehand == 2 else 2}"] and "rules=three66" in newmatch
        assert newdeal[:3] == ["newdeal", "deal=1", "dealer=2"]
