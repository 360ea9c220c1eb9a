"""Computer players of the four-handed partnership game (rules.md §5.2).

A :class:`PartnershipPlayer` receives only its seat's
:class:`~sixtysix.core.view.PartnershipView`: never its partner's hand.
"""

from sixtysix.players.partnership import PartnershipPlayer, RandomPartnershipPlayer

__all__ = ["PartnershipPlayer", "RandomPartnershipPlayer"]
