"""The engine side, in process: ``serve`` answers the handshake, options, ``isready`` and
``go``, ignores what it does not know, and ends at ``quit`` or the end of input; the built-in
levels (``sixtysix bot``) follow the host's movetime."""

from __future__ import annotations

import io
import subprocess
import sys
import time

from sixtysix import Action, Deal, PlayerView, Rules
from sixtysix.players.base import Player, RandomPlayer
from sixtysix.protocol import BotOption, serve
from sixtysix.protocol.messages import decode_go, encode_go, encode_newmatch
from sixtysix.protocol.served import budget, serve_level

DECK = "Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"


def go_line(seat: int = 1, number: int = 1, movetime: int = 1000, deal: Deal | None = None) -> str:
    deal = deal or Deal.from_text(DECK, dealer=2)
    return encode_go(PlayerView.of(deal, seat), number, movetime)


def run(player: Player, text: str, **kwargs: object) -> list[str]:
    out = io.StringIO()
    assert serve(player, io.StringIO(text), out, **kwargs) == 0  # type: ignore[arg-type]
    return out.getvalue().splitlines()


class Recording(Player):
    """Plays the first legal action and remembers every hook call."""

    name = "recording"

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def new_match(self, rules: Rules, seat: int) -> None:
        self.calls.append(("match", (rules, seat)))

    def new_deal(self, view: PlayerView) -> None:
        self.calls.append(("deal", view.seat))

    def choose(self, view: PlayerView) -> Action:
        self.calls.append(("choose", view))
        return view.legal[0]


def test_handshake_options_and_readiness() -> None:
    options = [BotOption("Level", "spin", "2", 1, 5), BotOption("Style", "combo", "calm", vars=("calm", "wild"))]
    lines = run(Recording(), "66p 1\nisready\nquit\nisready\n", name="tester", author="me", options=options)
    assert lines == [
        "id name tester",
        "id author me",
        "option name Level type spin default 2 min 1 max 5",
        "option name Style type combo default calm var calm var wild",
        "66pok",
        "readyok",
    ]  # nothing after quit


def test_go_is_answered_from_the_view_alone() -> None:
    player = Recording()
    rules = Rules.preset("seed66")
    text = f"66p 1\n{encode_newmatch(rules, 1)}\nnewdeal deal=1 dealer=2 match=0,0 carried=0\n{go_line()}\n"
    lines = run(player, text)
    assert lines[-1] == "bestmove Tc"
    kinds = [kind for kind, _ in player.calls]
    assert kinds == ["match", "deal", "choose"]
    assert player.calls[0][1] == (rules, 1)
    assert player.calls[2][1] == PlayerView.of(Deal.from_text(DECK, dealer=2), 1)


def test_new_deal_is_called_once_per_deal_number() -> None:
    player = Recording()
    deal = Deal.from_text(DECK, dealer=2)
    first = go_line(deal=deal)
    deal.apply(Action.parse("Ah"))
    second = go_line(seat=2, deal=deal)
    third = go_line(number=2)
    run(player, "\n".join([first, second, third, ""]))
    assert [kind for kind, _ in player.calls] == ["deal", "choose", "choose", "deal", "choose"]


def test_unknown_lines_and_blank_lines_are_ignored() -> None:
    text = "\n   \nhello\nx-private stuff\nsetoption name Nothing value 1\nucinewgame\n66p 1\nisready\n"
    lines = run(RandomPlayer(seed=1), text, name="r")
    assert lines == ["info string unknown option Nothing", "id name r", "id author unknown", "66pok", "readyok"]


def test_an_unreadable_go_gets_an_info_and_still_an_answer() -> None:
    line = go_line().replace("stage=lead", "stage=bidding")
    lines = run(RandomPlayer(seed=1), line + "\n")
    assert lines[0].startswith("info string cannot read go: stage=bidding")
    assert lines[1] == "bestmove Tc"


def test_setoption_rebuilds_the_player() -> None:
    built: list[str] = []

    def configure(values: dict[str, str]) -> Player:
        built.append(values["Level"])
        if values["Level"] == "9":
            raise ValueError("no level 9")
        return Recording()

    options = [BotOption("Level", "spin", "1", 1, 5)]
    text = "setoption name level value 3\nsetoption name Level value 9\nisready\n"
    lines = run(RandomPlayer(), text, options=options, configure=configure)  # type: ignore[arg-type]
    assert built == ["3", "9"]
    assert lines == ["info string option Level: no level 9", "readyok"]


def test_served_levels_follow_the_host_movetime() -> None:
    assert budget(1000) == 0.75 and budget(10) == 0.01
    deal = Deal.shuffled(seed=11)
    out = io.StringIO()
    started = time.thread_time()  # the level's budget is CPU time: kept whatever the load
    text = f"66p 1\n{go_line(deal=deal, movetime=300)}\nquit\n"
    assert serve_level(5, seed=1, stdin=io.StringIO(text), stdout=out) == 0
    elapsed = time.thread_time() - started
    answer = out.getvalue().splitlines()[-1]
    assert answer.split()[0] == "bestmove"
    assert Action.parse(answer.split()[1]) in decode_go(go_line(deal=deal)).view.legal
    assert elapsed < 1.0, f"level 5 took {elapsed:.2f} s of CPU for a 300 ms movetime"


def test_setoption_changes_the_served_level() -> None:
    out = io.StringIO()
    text = "66p 1\nsetoption name Level value 2\nsetoption name Time ms value 50\nisready\nquit\n"
    assert serve_level(1, stdin=io.StringIO(text), stdout=out) == 0
    assert out.getvalue().splitlines()[-1] == "readyok"
    assert not [line for line in out.getvalue().splitlines() if line.startswith("info string")]


def test_the_time_option_names_its_unit() -> None:
    out = io.StringIO()
    assert serve_level(5, stdin=io.StringIO("66p 1\nquit\n"), stdout=out) == 0
    assert "option name Time ms type spin default 0 min 0 max 3600000" in out.getvalue().splitlines()


def test_the_bot_command() -> None:
    command = [sys.executable, "-m", "sixtysix.cli", "bot", "--level", "2", "--seed", "4"]
    done = subprocess.run(command, input="66p 1\nisready\nquit\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[0] == "id name sixtysix level 2 (beginner)"
    assert done.stdout.splitlines()[-2:] == ["66pok", "readyok"]
    bad = subprocess.run([*command[:4], "--level", "9"], capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--level" in bad.stderr
