"""The engine side of 66P: any :class:`~sixtysix.players.player.Player` served as a protocol bot.

:func:`serve` reads the host's lines from ``stdin`` and answers on ``stdout``
until ``quit`` or the end of the input. Each ``go`` is read back into the view it
carries and handed to the ``choose`` of the player for that view; the answer goes
out as ``bestmove TOKEN``. Lines it does not know are ignored.

A bot plays the games whose views its players read (:meth:`Player.reads
<sixtysix.players.player.Player.reads>`): a ``Player`` (of
:class:`~sixtysix.core.view.PlayerView`) the two-player and three-handed games
(version 1), a ``Player[PartnershipView]`` (given as ``player`` or as
``partnership=``) the four-handed game (version 2). With a four-handed player it
answers a host's ``66p 2`` with ``66pok 2``; without one it answers ``66pok`` (version 1).

>>> import io
>>> from sixtysix.players import RandomPlayer
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

from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import AnyPlayer, Player
from sixtysix.protocol.messages import (
    FOUR_HANDED_VERSION,
    BotOption,
    ProtocolError,
    decode_newmatch,
    decode_setoption,
    decode_table_go,
    fields_of,
    session_version,
)

Configure = Callable[[Mapping[str, str]], AnyPlayer]
"""Builds the player anew from every option's current value (names as the bot declared them)."""
VIEW_OF_VERSION = {1: PlayerView, FOUR_HANDED_VERSION: PartnershipView}
"""The view a ``go`` of each protocol version carries."""


def serve(
    player: AnyPlayer,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    *,
    name: str | None = None,
    author: str = "unknown",
    options: Sequence[BotOption] = (),
    configure: Configure | None = None,
    on_movetime: Callable[[AnyPlayer, int], None] | None = None,
    partnership: Player[PartnershipView] | None = None,
) -> int:
    """Serve ``player`` over 66P until ``quit`` or the end of input; return 0.

    ``options`` are announced in the handshake; a ``setoption`` for one of them
    stores the value and, with ``configure``, replaces the player of the versions
    the new one reads by ``configure(values)``. ``on_movetime(player, ms)`` is called
    before each decision with the deciding player and the host's time limit (to set a
    search budget). ``partnership`` plays the four-handed game (version 2) besides ``player``.
    """
    source = stdin if stdin is not None else sys.stdin
    sink = stdout if stdout is not None else sys.stdout

    def send(text: str) -> None:
        sink.write(text + "\n")
        sink.flush()

    served = _by_version(partnership, player)
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
            send(_ok(words, FOUR_HANDED_VERSION in served))
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
                    served.update(_by_version(configure(values)))
                except ValueError as error:
                    send(f"info string option {known.name}: {error}")
        elif command == "newmatch":
            try:
                rules, seat = decode_newmatch(raw)
            except ProtocolError as error:
                send(f"info string {error}")
                continue
            version = session_version(rules)
            chosen = served.get(version)
            if chosen is None:
                send(f"info string {_CANNOT[version]}")
            else:
                chosen.new_match(rules, seat)
            deal_number = 0
        elif command == "go":
            send(_decide(served, raw, deal_number, on_movetime))
            number = fields_of(words).get("deal", "")
            deal_number = int(number) if number.isdigit() else deal_number
        # Anything else (newdeal, unknown commands) needs no answer.


def _by_version(*players: AnyPlayer | None) -> dict[int, AnyPlayer]:
    """The player of each protocol version: the last of ``players`` that reads its views."""
    return {
        version: player
        for player in players
        if player is not None
        for version, view_type in VIEW_OF_VERSION.items()
        if player.reads(view_type)
    }


_CANNOT = {
    1: "this bot plays the four-handed game only",
    FOUR_HANDED_VERSION: "this bot does not play the four-handed game",
}
"""Why a bot cannot play a match spoken in a version (it lacks the player for it)."""


def _ok(words: Sequence[str], four_handed: bool) -> str:
    """The end of the handshake: ``66pok``, or ``66pok 2`` to a host that offers the four-handed game."""
    offered = words[1] if len(words) > 1 else "1"
    if four_handed and offered.isdigit() and int(offered) >= FOUR_HANDED_VERSION:
        return f"66pok {FOUR_HANDED_VERSION}"
    return "66pok"


def _decide(
    served: Mapping[int, AnyPlayer],
    line: str,
    last_deal: int,
    on_movetime: Callable[[AnyPlayer, int], None] | None,
) -> str:
    try:
        go = decode_table_go(line)
    except ProtocolError as error:
        return f"info string cannot read go: {error}\n{_first_legal(line)}"
    version = session_version(go.view.rules)
    player = served.get(version)
    if player is None:
        return f"info string {_CANNOT[version]}\n{_first_legal(line)}"
    if go.deal_number != last_deal:
        player.new_deal(go.view)
    if on_movetime is not None:
        on_movetime(player, go.movetime)
    return f"bestmove {player.choose(go.view).token}"


def _first_legal(line: str) -> str:
    legal = fields_of(line.split()).get("legal", "-").split(",")
    return f"bestmove {legal[0]}"
