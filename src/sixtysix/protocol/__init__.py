"""66P, the bot protocol: a line-based text protocol over a bot's standard input and output.

In the spirit of UCI and GTP (docs/protocol.md is the specification): the host
opens with ``66p 1``, the bot names itself and its options and ends with
``66pok``; at each decision the host sends one self-contained ``go`` line with
the acting seat's whole view, and the bot answers ``bestmove TOKEN``.

* :mod:`sixtysix.protocol.messages` writes and reads every message;
* :mod:`sixtysix.protocol.engine` serves any :class:`~sixtysix.players.player.Player`
  as a bot, each ``go`` to the player that reads its view (:func:`serve`; ``sixtysix bot --level N``
  does it for a built-in level);
* :mod:`sixtysix.protocol.player` runs a bot program as a player
  (:class:`ProtocolPlayer`; :class:`PartnershipProtocolPlayer` for the four-handed game; a bot that
  fails to start three times in a row is disqualified, :class:`StartFailures`);
* :mod:`sixtysix.protocol.host` plays deals in which a failing bot forfeits
  at a table of any size (:func:`run_deal`, :func:`run_match`, :class:`BotFailure`; four-handed,
  the failing seat's side forfeits; ``run_partnership_deal`` and ``run_partnership_match`` are
  their former names).

Version 2 adds the four-handed game (``66p 2``); two- and three-player matches
are spoken exactly as in version 1.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from sixtysix.protocol.engine import serve
    from sixtysix.protocol.host import (
        BotFailure,
        DealOutcome,
        Forfeit,
        run_deal,
        run_match,
        run_partnership_deal,
        run_partnership_match,
    )
    from sixtysix.protocol.messages import (
        FOUR_HANDED_VERSION,
        VERSION,
        BotOption,
        ProtocolError,
        decode_go,
        decode_partnership_go,
        encode_go,
    )
    from sixtysix.protocol.player import PartnershipProtocolPlayer, ProtocolPlayer, StartFailures

# The names are imported when first used, so that ``sixtysix.protocol.bot_command`` (imported by
# every run of the command line) costs nothing.
_HOMES = {
    "serve": "engine",
    "BotFailure": "host",
    "DealOutcome": "host",
    "Forfeit": "host",
    "run_deal": "host",
    "run_match": "host",
    "run_partnership_deal": "host",
    "run_partnership_match": "host",
    "FOUR_HANDED_VERSION": "messages",
    "VERSION": "messages",
    "BotOption": "messages",
    "ProtocolError": "messages",
    "decode_go": "messages",
    "encode_go": "messages",
    "decode_partnership_go": "messages",
    "ProtocolPlayer": "player",
    "PartnershipProtocolPlayer": "player",
    "StartFailures": "player",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{home}"), name)


__all__ = [
    "FOUR_HANDED_VERSION",
    "VERSION",
    "BotFailure",
    "BotOption",
    "DealOutcome",
    "Forfeit",
    "PartnershipProtocolPlayer",
    "ProtocolError",
    "ProtocolPlayer",
    "StartFailures",
    "decode_go",
    "decode_partnership_go",
    "encode_go",
    "run_deal",
    "run_match",
    "run_partnership_deal",
    "run_partnership_match",
    "serve",
]
