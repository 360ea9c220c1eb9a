"""The names two-player code imports: the interface, level 1 and the loops, under their two-player names.

``Player`` here is the one interface of every table size (:mod:`sixtysix.players.player`);
without a type argument it is the player of the two-player (and three-handed) game.

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.preset("schnapsen"))
>>> result = play_match(match, {1: RandomPlayer(seed=1), 2: RandomPlayer(seed=2)}, seed=7)
>>> match.is_over, max(match.score) >= 7
(True, True)
"""

from sixtysix.players.player import DecisionStats, Player, RandomPlayer
from sixtysix.players.table import play_deal, play_match

__all__ = ["DecisionStats", "Player", "RandomPlayer", "play_deal", "play_match"]
