"""sixtysix: the card game 66 (Sechsundsechzig, Soixante-six) and Schnapsen.

The core has no dependencies: cards and card sets as ints
(:mod:`sixtysix.core.cards`), the rules as data (:mod:`sixtysix.core.rules`) and the rule
facts (:mod:`sixtysix.core.facts`), a deal and a match (:mod:`sixtysix.core.game`,
:mod:`sixtysix.core.match`), the three-handed and partnership games
(:mod:`sixtysix.core.threehanded`, :mod:`sixtysix.core.partnership`), the one interface of
every table size (:mod:`sixtysix.core.table`), per-player and spectator views
(:mod:`sixtysix.core.view`) and 66R game records (:mod:`sixtysix.core.record`).

>>> import sixtysix
>>> deal = sixtysix.Deal.shuffled(seed=42)
>>> while not deal.is_over:
...     deal.apply(deal.legal_actions()[0])
>>> deal.outcome.termination.value in {"claim", "false_claim", "played_out", "closer_failed", "tie"}
True
"""

from sixtysix.core.actions import ACTIONS, Action, parse_action
from sixtysix.core.cards import (
    CARD_NAMES,
    Card,
    CardMask,
    card_name,
    cards_of,
    format_cards,
    parse_card,
    parse_cards,
)
from sixtysix.core.errors import (
    DealError,
    IllegalActionError,
    InvalidActionError,
    InvalidCardError,
    InvalidNameError,
    MatchError,
    RecordError,
    RulesError,
)
from sixtysix.core.facts import Trick
from sixtysix.core.game import Deal, shuffled_deck
from sixtysix.core.match import (
    AnyMatch,
    DealResult,
    Match,
    PartnershipMatch,
    ThreeHandedMatch,
    create_match,
    match_from_text,
)
from sixtysix.core.outcome import Outcome, Stage, Termination
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import PRESETS, Rules
from sixtysix.core.table import Table, TableMatch, table_from_text
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import AnyView, PartnershipView, PlayerView, SpectatorView, three_handed_view

__version__ = "0.1.0"

__all__ = [
    "ACTIONS",
    "CARD_NAMES",
    "PRESETS",
    "Action",
    "AnyMatch",
    "AnyView",
    "Card",
    "CardMask",
    "Deal",
    "DealError",
    "DealResult",
    "FourHandedDeal",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidCardError",
    "InvalidNameError",
    "Match",
    "MatchError",
    "Outcome",
    "PartnershipMatch",
    "PartnershipView",
    "PlayerView",
    "RecordError",
    "Rules",
    "RulesError",
    "SpectatorView",
    "Stage",
    "Table",
    "TableMatch",
    "Termination",
    "ThreeHandedDeal",
    "ThreeHandedMatch",
    "Trick",
    "card_name",
    "cards_of",
    "create_match",
    "format_cards",
    "match_from_text",
    "parse_action",
    "parse_card",
    "parse_cards",
    "shuffled_deck",
    "table_from_text",
    "three_handed_view",
]
