"""66P version 2, the four-handed game: every view survives its ``go`` line and the line names
no card its seat has not seen; the host offers ``66p 2`` and a bot answers ``66pok 2``; the
two-player and three-handed messages stay those of version 1, byte for byte.

A match over real pipes (``sixtysix bot`` processes at two seats) is move for move the same
match played in process, and a misbehaving bot forfeits the deal for its side.
"""

from __future__ import annotations

import dataclasses
import io
import random
import re
import sys
import time
from pathlib import Path

import pytest
from protocol_helpers import bot_command

from sixtysix import Deal, Match, PlayerView, Rules
from sixtysix.ai.levels import make_table_player
from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, CARD_NAMES
from sixtysix.core.forfeit import FORFEIT_POINTS
from sixtysix.core.match import PartnershipMatch
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.view import PartnershipView
from sixtysix.players.base import Player, RandomPlayer
from sixtysix.players.partnership import PartnershipPlayer, RandomPartnershipPlayer
from sixtysix.players.table import play_table_match
from sixtysix.protocol import (
    PartnershipProtocolPlayer,
    ProtocolPlayer,
    run_match,
    run_partnership_deal,
    run_partnership_match,
    serve,
)
from sixtysix.protocol.messages import (
    Go,
    PartnershipGo,
    ProtocolError,
    decode_newdeal,
    decode_newmatch,
    decode_partnership_go,
    decode_table_go,
    encode_go,
    encode_newdeal,
    encode_newmatch,
    fields_of,
    session_version,
)
from sixtysix.protocol.served import serve_level

FOUR = Rules.preset("four66")
RULES = (
    FOUR,
    FOUR.replace(four_player_marriages=True),
    FOUR.replace(four_player_undertrump_required=False, four_player_scale="loser_under_33"),
    FOUR.replace(ten_of_trumps_bonus=True, match_target=11),
)
BOT = [sys.executable, "-m", "sixtysix.cli", "bot"]
CARD = re.compile(r"(?<![A-Za-z0-9])([AKQJT987][cdhs])(?![A-Za-z0-9])")


def random_deals(rules: Rules, seed: int) -> list[tuple[FourHandedDeal, PartnershipView]]:
    """Every seat's view (with a copy of its deal) at every point of one random deal, the end included."""
    rng = random.Random(seed)
    deal = FourHandedDeal.shuffled(seed, 1 + seed % 4, rules)
    score, carried = (rng.randrange(7), rng.randrange(7)), rng.randrange(2)
    views = []
    while True:
        for seat in (1, 2, 3, 4):
            views.append((deal.copy(), PartnershipView.of(deal, seat, score, carried)))
        if deal.is_over:
            return views
        deal.apply(rng.choice(deal.legal_actions()))


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.preset_name}{r.options() or ''}")
def test_every_four_handed_view_reads_back_field_by_field(rules: Rules) -> None:
    checked = 0
    for seed in range(25):
        for _, view in random_deals(rules, seed):
            line = encode_go(view, 1 + seed % 9, 250 + seed)
            go = decode_partnership_go(line)
            assert isinstance(go, PartnershipGo)
            for field in dataclasses.fields(PartnershipView):
                assert getattr(go.view, field.name) == getattr(view, field.name), (field.name, line)
            assert go.view == view and (go.deal_number, go.movetime) == (1 + seed % 9, 250 + seed)
            assert decode_table_go(line) == go
            checked += 1
    assert checked >= 25 * 4 * 33  # 32 cards played, and the end


def hidden_cards(deal: FourHandedDeal, seat: int) -> int:
    """The cards ``seat`` has not seen: the other three hands, less what they are known to hold."""
    return sum(deal.hands[other] & ~deal.known[other] for other in (1, 2, 3, 4) if other != seat)


def shuffle_hidden(deal: FourHandedDeal, seat: int, rng: random.Random) -> FourHandedDeal:
    """The same deal with the cards ``seat`` has not seen dealt anew among the other hands (as many each)."""
    world = deal.copy()
    others = [other for other in (1, 2, 3, 4) if other != seat]
    pool = [card for card in range(32) if hidden_cards(deal, seat) & BIT[card]]
    rng.shuffle(pool)
    for other in others:
        count = (deal.hands[other] & ~deal.known[other]).bit_count()
        world.hands[other] = deal.known[other] & deal.hands[other]
        for card in pool[:count]:
            world.hands[other] |= BIT[card]
        pool = pool[count:]
    return world


def test_a_four_handed_go_line_names_no_card_its_seat_has_not_seen() -> None:
    rng = random.Random(7)
    for rules in RULES:
        for seed in range(12):
            for deal, view in random_deals(rules, seed):
                line = encode_go(view, 1, 100)
                hidden = hidden_cards(deal, view.seat)
                named = {CARD_NAMES.index(name) for name in CARD.findall(line)}
                assert not any(hidden & BIT[card] for card in named), (view.seat, line)
                assert not deal.hands[view.partner] & ~deal.known[view.partner] & sum(BIT[c] for c in named)
                # Any other placement of the unseen cards gives the very same line.
                world = shuffle_hidden(deal, view.seat, rng)
                assert encode_go(PartnershipView.of(world, view.seat, view.match_score, view.carried), 1, 100) == line


def test_the_four_handed_fields() -> None:
    deal = FourHandedDeal.shuffled(seed=3, dealer=4)
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    line = encode_go(PartnershipView.of(deal, 3, (2, 5), 1), 4, 900)
    fields = fields_of(line.split())
    assert line.startswith("go movetime 900 players=4 seat=3 side=1 deal=4 rules=four66 options=- target=7 ")
    assert fields["trump"] == "7d" and fields["trumpholder"] == "4"  # the dealer's card, until he plays it
    assert fields["trick"] == ",".join(f"{seat}:{CARD_NAMES[card]}" for seat, card in deal.trick)
    assert len(fields["hand"].split(",")) == deal.hands[3].bit_count()
    assert fields["match"] == "2,5" and fields["carried"] == "1"
    assert [fields[f"known{seat}"] for seat in (1, 2, 3)] == ["-", "-", "-"]
    assert fields["won1"] != "-" or fields["won2"] != "-"
    assert line.split()[-1].startswith("legal=")  # last, as in version 1: the shell example relies on it
    while deal.hands[4] & BIT[deal.trump_card]:
        deal.apply(deal.legal_actions()[-1])
    assert fields_of(encode_go(PartnershipView.of(deal, 1), 4, 900).split())["trumpholder"] == "0"


def test_a_declared_marriage_is_known_and_pending() -> None:
    rules = FOUR.replace(four_player_marriages=True)
    for seed in range(200):
        deal = FourHandedDeal.shuffled(seed, 4, rules)
        marriages = [a for a in deal.legal_actions() if a.token[:2] in ("20", "40")]
        if marriages:
            break
    deal.apply(marriages[0])
    fields = fields_of(encode_go(PartnershipView.of(deal, 1), 1, 100).split())
    assert fields["stage"] == "marriage" and fields["marriage"] == marriages[0].token[-1]
    assert fields["known1"].count(",") == 1 and fields["pending"] != "0,0"
    assert fields["history"] == f"1:{marriages[0].token}"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (("seat=2", "seat=5"), "seat"),
        (("leader=1", "leader=0"), "leader"),
        (("trick=-", "trick=1-Ah"), "trick"),
        (("trick=-", "trick=1:Zz"), "trick"),
        (("history=-", "history=7:Ah"), "history"),
        (("stage=lead", "stage=nap"), "stage"),
        ((" known3=-", ""), "known3"),
        (("rules=four66", "rules=seed66"), "four-handed"),
        (("trump=7d", "trump=-"), "trump"),
    ],
)
def test_a_malformed_four_handed_go_is_a_protocol_error(change: tuple[str, str], message: str) -> None:
    line = encode_go(PartnershipView.of(FourHandedDeal.shuffled(seed=3, dealer=4), 2), 1, 100)
    old, new = change
    assert old in line
    with pytest.raises(ProtocolError, match=message):
        decode_partnership_go(line.replace(old, new, 1))


def test_newmatch_and_newdeal_take_four_seats() -> None:
    for rules in RULES:
        for seat in (1, 2, 3, 4):
            assert decode_newmatch(encode_newmatch(rules, seat)) == (rules, seat)
    assert encode_newmatch(FOUR, 3) == "newmatch seat=3 rules=four66 options=- target=7"
    with pytest.raises(ProtocolError, match="seat"):
        decode_newmatch(encode_newmatch(Rules.preset("seed66"), 1).replace("seat=1", "seat=3"))
    view = PartnershipView.of(FourHandedDeal.shuffled(seed=1, dealer=3), 4, (6, 2), 1)
    line = encode_newdeal(5, view)
    assert line == "newdeal deal=5 dealer=3 match=6,2 carried=1"
    assert decode_newdeal(line) == (5, 3)


# -- version 1 stays as it was --------------------------------------------------------------

DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
VERSION_1_LINE = (
    "go movetime 750 seat=1 deal=2 rules=seed66 options=- target=7 dealer=2 trump=Ts faceup=Ts talon=12 "
    "closer=0 stage=before_draw leader=1 led=- marriage=- window=0 hand=Tc,Ah,Qh,Js,9s oppknown=- won1=Ac,Kh "
    "won2=- tricks=1,0 score=35,0 pending=0,0 closescore=0 closetricks=0 match=3,4 carried=1 "
    "history=1:20h,1:Kh,2:Ac legal=CB,66,draw"
)


def test_two_player_messages_are_those_of_version_1() -> None:
    deal = Deal.from_text(DECK, dealer=2)
    for token in ("20h", "Kh", "Ac"):
        deal.apply(Action.parse(token))
    view = PlayerView.of(deal, 1, (3, 4), 1)
    assert encode_go(view, 2, 750) == VERSION_1_LINE
    assert isinstance(decode_table_go(VERSION_1_LINE), Go)
    assert session_version(Rules.preset("seed66")) == session_version(Rules.preset("three66")) == 1
    assert session_version(FOUR) == 2


def test_the_host_offers_version_2_only_to_the_four_handed_game() -> None:
    sent: list[str] = []
    with ProtocolPlayer([*BOT, "--level", "1"], log=lambda d, line: sent.append(d + line)) as bot:
        bot.start()
    with PartnershipProtocolPlayer([*BOT, "--level", "1"], log=lambda d, line: sent.append(d + line)) as bot4:
        bot4.start()
    assert sent.count(">66p 1") == 1 and sent.count("<66pok") == 1
    assert sent.count(">66p 2") == 1 and sent.count("<66pok 2") == 1


# -- the engine side ----------------------------------------------------------------------------


def served(player: Player | PartnershipPlayer, text: str, **kwargs: object) -> list[str]:
    out = io.StringIO()
    assert serve(player, io.StringIO(text), out, **kwargs) == 0  # type: ignore[arg-type]
    return out.getvalue().splitlines()


def four_handed_go(seat: int = 1, seed: int = 3) -> str:
    deal = FourHandedDeal.shuffled(seed=seed, dealer=seat - 1 or 4)  # ``seat`` leads
    return encode_go(PartnershipView.of(deal, seat), 1, 500)


def test_serve_answers_66pok_2_only_with_a_partnership_player() -> None:
    two = served(RandomPlayer(1), "66p 2\nisready\nquit\n", name="r")
    assert two[-2:] == ["66pok", "readyok"]
    both = served(RandomPlayer(1), "66p 2\n66p 1\n66p 3\nquit\n", name="r", partnership=RandomPartnershipPlayer(1))
    assert [line for line in both if line.startswith("66pok")] == ["66pok 2", "66pok", "66pok 2"]


def test_serve_plays_each_game_with_its_player() -> None:
    go4, go2 = four_handed_go(3), encode_go(PlayerView.of(Deal.from_text(DECK, dealer=2), 1), 1, 500)
    text = f"66p 2\nnewmatch seat=3 rules=four66 options=- target=7\n{go4}\n{go2}\nquit\n"
    lines = served(RandomPlayer(1), text, name="r", partnership=RandomPartnershipPlayer(1))
    moves = [line.split()[1] for line in lines if line.startswith("bestmove")]
    assert moves[0] in fields_of(go4.split())["legal"].split(",")
    assert moves[1] in fields_of(go2.split())["legal"].split(",")
    # A bot that plays one game only answers the other with a note and its first legal action.
    only_two = served(RandomPlayer(1), f"{go4}\n", name="r")
    assert only_two[0] == "info string this bot does not play the four-handed game"
    assert only_two[1] == "bestmove " + fields_of(go4.split())["legal"].split(",")[0]
    only_four = served(RandomPartnershipPlayer(1), f"66p 2\n{go2}\n", name="r4")
    assert only_four[-2:] == ["info string this bot plays the four-handed game only", "bestmove Tc"]


def test_a_served_level_plays_four_handed_as_in_process() -> None:
    deal = FourHandedDeal.shuffled(seed=11, dealer=4)
    text = ["66p 2", "setoption name Level value 2", "setoption name Seed value 9", "isready", encode_newmatch(FOUR, 1)]
    mine = make_table_player(2, FOUR, 9)
    assert isinstance(mine, PartnershipPlayer)
    mine.new_match(FOUR, 1)
    expected: list[str] = []
    while not deal.is_over:
        view = PartnershipView.of(deal, deal.to_act or 0)
        if view.seat == 1:
            if not expected:
                mine.new_deal(view)  # as the bot does at the first go of a deal
            text.append(encode_go(view, 1, 300))
            expected.append(mine.choose(view).token)
        deal.apply(deal.legal_actions()[0])
    out = io.StringIO()
    assert serve_level(1, stdin=io.StringIO("\n".join(text) + "\nquit\n"), stdout=out) == 0
    lines = out.getvalue().splitlines()
    assert "66pok 2" in lines and [line.split()[1] for line in lines if line.startswith("bestmove")] == expected


# -- over pipes -----------------------------------------------------------------------------------


def test_a_four_handed_match_over_pipes_is_the_match_in_process() -> None:
    rules = FOUR.replace(match_target=5)
    levels = {1: (2, 5), 2: (1, 2), 3: (1, 7), 4: (3, 4)}  # seat: (level, seed)

    def player(seat: int) -> PartnershipPlayer:
        made = make_table_player(levels[seat][0], rules, levels[seat][1])
        assert isinstance(made, PartnershipPlayer)
        return made

    local = PartnershipMatch(rules)
    play_table_match(local, {seat: player(seat) for seat in (1, 2, 3, 4)}, seed=21)
    sent: list[str] = []
    bots = {
        seat: PartnershipProtocolPlayer(
            [*BOT, "--level", str(levels[seat][0]), "--seed", str(levels[seat][1])],
            log=lambda d, line: sent.append(d + line),
        )
        for seat in (1, 3)
    }
    try:
        remote = PartnershipMatch(rules)
        results = run_partnership_match(remote, {1: bots[1], 2: player(2), 3: bots[3], 4: player(4)}, seed=21)
    finally:
        for bot in bots.values():
            bot.close()
    assert all(result.forfeit is None for result in results)
    assert [deal.history for deal in remote.deals] == [deal.history for deal in local.deals]
    assert remote.score == local.score and remote.winner == local.winner
    assert all(bot.starts == 1 and not bot.failures for bot in bots.values())
    assert {">newmatch seat=1 rules=four66 options=match_target=5 target=5", "<66pok 2"} <= set(sent)


CASES = {
    "illegal": ("illegal", "is not legal"),
    "malformed": ("malformed", "not an action"),
    "timeout": ("timeout", "no bestmove within"),
    "garbage": ("garbage", "not UTF-8"),
    "crash": ("crash", "RuntimeError: boom"),
    "version1": ("handshake", "without the four-handed game"),
}


@pytest.mark.parametrize(("mode", "seat"), [(mode, 1 + n % 4) for n, mode in enumerate(CASES)])
def test_a_misbehaving_bot_forfeits_the_deal_for_its_side(tmp_path: Path, mode: str, seat: int) -> None:
    kind, words = CASES[mode]
    marker = tmp_path / "lives"
    bot = PartnershipProtocolPlayer(
        bot_command(tmp_path, mode, marker, four=True), time_limit=0.3, grace=0.3, start_timeout=2.0
    )
    rules = FOUR.replace(match_target=20)
    match = PartnershipMatch(rules, first_dealer=seat - 1 or 4)  # the bot leads: it decides at once
    players: dict[int, PartnershipPlayer] = {s: RandomPartnershipPlayer(s) for s in (1, 2, 3, 4)}
    players[seat] = bot
    for s, player in players.items():
        player.new_match(rules, s)
    side = 2 - seat % 2
    with bot:
        started = time.perf_counter()
        first = run_partnership_deal(match.new_deal(seed=1), players, match)
        assert time.perf_counter() - started < 3.0
        assert first.forfeit is not None and (first.forfeit.seat, first.forfeit.kind) == (seat, kind)
        assert words in first.forfeit.detail
        assert first.termination == "forfeit" and first.winner == 3 - side and first.game_points == FORFEIT_POINTS
        assert first.reason.startswith(f"forfeit: seat {seat} {kind}: ")
        assert match.deals[0].is_over and match.deals[0].outcome == first.outcome
        assert match.score == ((0, FORFEIT_POINTS) if side == 1 else (FORFEIT_POINTS, 0))
        assert not bot.running and [failure.kind for failure in bot.failures] == [kind]
        second = run_partnership_deal(match.new_deal(seed=2), players, match)  # a new process, which behaves
        assert second.forfeit is None and second.termination != "forfeit"
        assert bot.starts == 2 and bot.running and bot.name == f"four-handed {mode}"
    assert marker.read_text().count("started") == 2


def test_a_four_handed_bot_that_cannot_start_loses_every_deal_for_its_side(tmp_path: Path) -> None:
    bot = PartnershipProtocolPlayer([str(tmp_path / "no-such-bot")])
    match = PartnershipMatch(FOUR)
    others = {seat: RandomPartnershipPlayer(seat) for seat in (1, 3, 4)}
    results = run_partnership_match(match, {2: bot, **others}, seed=1)
    assert all(r.forfeit and r.forfeit.seat == 2 and r.forfeit.kind == "crash" for r in results)
    assert match.winner == 1 and match.score[1] == 0 and len(results) == 3


def test_a_two_player_bot_forfeits_a_two_player_deal_as_before(tmp_path: Path) -> None:
    """The version-1 host is unchanged: a bot that answers ``66pok 2`` to ``66p 1`` fails the handshake."""
    bot = ProtocolPlayer(bot_command(tmp_path, "fine", tmp_path / "lives", four=True), start_timeout=2.0)
    with bot:
        results = run_match(Match(Rules.preset("seed66")), {1: bot, 2: RandomPlayer(2)}, seed=1)
    assert results[0].forfeit is not None and results[0].forfeit.kind == "handshake"
    assert "version 2, the host 1" in results[0].forfeit.detail


def test_docs_describe_every_four_handed_field() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "protocol.md").read_text(encoding="utf-8")
    section = doc[doc.index("## Four-handed 66 (version 2)") : doc.index("## Time, and what a failing bot loses")]
    line = encode_go(PartnershipView.of(FourHandedDeal.shuffled(seed=2, dealer=4), 1), 1, 100)
    for key in fields_of(line.split()):
        assert f"`{key}`" in section or key[:5] == "known", f"docs/protocol.md does not describe {key}="
    assert "`known1` … `known4`" in section and "| 2 | " in doc[doc.index("## Version history") :]
