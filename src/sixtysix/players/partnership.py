"""The names four-handed code imports: ``Player[PartnershipView]`` and its level 1.

>>> from sixtysix import Rules
>>> RandomPartnershipPlayer(seed=1).plays(Rules.preset("four66"))
True
"""

from sixtysix.players.player import PartnershipPlayer, RandomPartnershipPlayer

__all__ = ["PartnershipPlayer", "RandomPartnershipPlayer"]
