"""The engine side of 66P: any :class:`~sixtysix.ai.player.Player` served as a protocol bot.

:func:`serve` reads the host's lines from ``stdin`` and answers on ``stdout``
until ``quit`` or the end of the input. Each ``go`` is read back into a
:class:`~sixtysix.view.PlayerView` and handed to ``player.choose``; the answer
goes out as ``bestmove TOKEN``. Lines it does not know are ignored.

>>> import io
>>> from sixtysix.ai.players import RandomPlayer
>>> from sixtysix import Deal, PlayerView
>>> from sixtysix.protocol.messages import encode_go
>>> deal = Deal.shuffled(seed=3)
>>> host = io.StringIO(f"66p 1\\nisready\\nhello there\\n{encode_go(PlayerView.of(deal, 1), 1, 500)}\\nquit\\n")
>>> out = io.StringIO()
>>> serve(RandomPlayer(seed=1), host, out, name="random", author="me")
0
>>> print(out.getvalue(), end="")  # doctest: +ELLIPSIS
id name random
id author me
66pok
readyok
bestmove ...
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TextIO

from sixtysix.ai.player import Player
from sixtysix.protocol.messages import (
    BotOption,
    ProtocolError,
    decode_go,
    decode_newmatch,
    decode_setoption,
    fields_of,
)

Configure = Callable[[Mapping[str, str]], Player]
"""Builds the player anew from every option's current value (names as the bot declared them)."""


def serve(
    player: Player,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    name: str | None = None,
    author: str = "unknown",
    options: Sequence[BotOption] = (),
    configure: Configure | None = None,
    on_movetime: Callable[[Player, int], None] | None = None,
) -> int:
    """Serve ``player`` over 66P until ``quit`` or the end of input; return 0.

    ``options`` are announced in the handshake; a ``setoption`` for one of them
    stores the value and, with ``configure``, replaces the player by
    ``configure(values)``. ``on_movetime(player, ms)`` is called before each
    decision with the host's time limit (to set a search budget).
    """
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout

    def send(text: str) -> None:
        sink.write(text + "\n")
        sink.flush()

    by_name = {option.name.lower(): option for option in options}
    values = {option.name: option.default for option in options}
    deal_number = 0
    while True:
        raw = source.readline()
        if not raw:
            return 0
        words = raw.split()
        if not words:
            continue
        command = words[0]
        if command == "quit":
            return 0
        if command == "66p":
            send(f"id name {name or player.name}")
            send(f"id author {author}")
            for option in options:
                send(option.line())
            send("66pok")
        elif command == "isready":
            send("readyok")
        elif command == "setoption":
            try:
                option_name, value = decode_setoption(raw)
            except ProtocolError as error:
                send(f"info string {error}")
                continue
            known = by_name.get(option_name.lower())
            if known is None:
                send(f"info string unknown option {option_name}")
                continue
            values[known.name] = value
            if configure is not None:
                try:
                    player = configure(values)
                except ValueError as error:
                    send(f"info string option {known.name}: {error}")
        elif command == "newmatch":
            try:
                rules, seat = decode_newmatch(raw)
            except ProtocolError as error:
                send(f"info string {error}")
                continue
            player.new_match(rules, seat)
            deal_number = 0
        elif command == "go":
            send(_decide(player, raw, deal_number, on_movetime))
            number = fields_of(words).get("deal", "")
            deal_number = int(number) if number.isdigit() else deal_number
        # Anything else (newdeal, unknown commands) needs no answer.


def _decide(player: Player, line: str, last_deal: int, on_movetime: Callable[[Player, int], None] | None) -> str:
    try:
        go = decode_go(line)
    except ProtocolError as error:
        legal = fields_of(line.split()).get("legal", "-").split(",")
        return f"info string cannot read go: {error}\nbestmove {legal[0]}"
    if go.deal_number != last_deal:
        player.new_deal(go.view)
    if on_movetime is not None:
        on_movetime(player, go.movetime)
    return f"bestmove {player.choose(go.view).token}"
