"""The players layer: the one interface every bot implements, and the loops that play deals and matches.

A player only ever receives its seat's view, never the deal: ``Player[View]``, where the
view is what the table shows a seat (:mod:`sixtysix.players.player`). The loops of every
table size are in :mod:`sixtysix.players.table`. The computer players by level are built
by :func:`sixtysix.ai.levels.make_table_player`.
"""

from sixtysix.players.player import (
    AnyPlayer,
    DecisionStats,
    PartnershipPlayer,
    Player,
    RandomPartnershipPlayer,
    RandomPlayer,
    SeatView,
    view_type_of,
)
from sixtysix.players.table import (
    AnyDeal,
    AnyView,
    MatchOf,
    TableOf,
    ask,
    play_deal,
    play_match,
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
    "MatchOf",
    "PartnershipPlayer",
    "Player",
    "RandomPartnershipPlayer",
    "RandomPlayer",
    "SeatView",
    "TableOf",
    "ask",
    "play_deal",
    "play_match",
    "play_table_deal",
    "play_table_match",
    "seat_to_ask",
    "table_view",
    "view_type_of",
]
