"""The players layer: the interface every bot implements, and the loops that play deals and matches.

A player only ever receives its seat's view, never the deal. The computer
players by level are built by :func:`sixtysix.ai.levels.make_table_player`.
"""

from sixtysix.players.base import DecisionStats, Player, RandomPlayer, play_deal, play_match
from sixtysix.players.partnership import PartnershipPlayer, RandomPartnershipPlayer
from sixtysix.players.table import (
    AnyDeal,
    AnyPlayer,
    AnyView,
    play_table_deal,
    play_table_match,
    seat_to_ask,
    table_view,
)

__all__ = [
    "AnyDeal",
    "AnyPlayer",
    "AnyView",
    "DecisionStats",
    "PartnershipPlayer",
    "Player",
    "RandomPartnershipPlayer",
    "RandomPlayer",
    "play_deal",
    "play_match",
    "play_table_deal",
    "play_table_match",
    "seat_to_ask",
    "table_view",
]
