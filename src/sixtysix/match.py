"""A match ("Bummerl"): deals until one seat reaches the target in game points.

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.preset("seed66"), first_dealer=2)
>>> deal = match.new_deal(seed=1)
>>> deal.dealer, match.score, match.is_over
(2, (0, 0), False)

Play the deal through :meth:`Match.apply` (or on the deal itself, then call
:meth:`Match.settle`); when it ends the game points are added up, ties carried
and the next dealer chosen by the rules.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.actions import Action
from sixtysix.cards import Card
from sixtysix.errors import MatchError
from sixtysix.game import Deal, shuffled_deck
from sixtysix.rules import Rules


@dataclass(frozen=True)
class DealResult:
    """What one finished deal gave the match."""

    winner: int | None
    game_points: int
    """Game points credited to the winner, including carried tie points."""
    carried_after: int
    """Tie points waiting for the next deal's winner after this deal."""


class Match:
    """The sequence of deals of one match, with its score."""

    def __init__(self, rules: Rules | None = None, first_dealer: int = 2) -> None:
        if first_dealer not in (1, 2):
            raise MatchError(f"the first dealer must be seat 1 or 2, not {first_dealer!r}")
        self.rules = rules or Rules()
        self.first_dealer = first_dealer
        self.deals: list[Deal] = []
        self.results: list[DealResult] = []
        self._score = [0, 0, 0]
        self.carried = 0
        self.winner: int | None = None

    @property
    def score(self) -> tuple[int, int]:
        """Game points of seats 1 and 2."""
        return self._score[1], self._score[2]

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> Deal | None:
        """The deal in progress (or the last one), ``None`` before the first."""
        return self.deals[-1] if self.deals else None

    def next_dealer(self) -> int:
        """Who deals the next deal under the rules' rotation."""
        if not self.deals:
            return self.first_dealer
        last = self.deals[-1]
        winner = last.outcome.winner if last.outcome else None
        rule = self.rules.next_dealer
        if rule == "alternate":
            return 3 - last.dealer
        if winner is None:  # a tie: the same dealer deals again
            return last.dealer
        return winner if rule == "winner" else 3 - winner

    def new_deal(
        self,
        deck: Sequence[Card] | None = None,
        seed: int | random.Random | None = None,
        dealer: int | None = None,
    ) -> Deal:
        """Start the next deal from ``deck`` (or a shuffle seeded by ``seed``).

        ``dealer`` may be given to check it against the rotation.
        """
        self.settle()
        if self.is_over:
            raise MatchError(f"the match is over: seat {self.winner} won")
        if self.deals and not self.deals[-1].is_over:
            raise MatchError("the previous deal has not ended")
        expected = self.next_dealer()
        if dealer is not None and dealer != expected:
            raise MatchError(f"seat {expected} must deal now, not seat {dealer}")
        cards = tuple(deck) if deck is not None else shuffled_deck(self.rules, seed)
        deal = Deal(cards, expected, self.rules)
        self.deals.append(deal)
        return deal

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action to the current deal and settle the match if it ended."""
        deal = self.current
        if deal is None:
            raise MatchError("no deal has started")
        deal.apply(action, seat)
        self.settle()

    def settle(self) -> None:
        """Credit every finished deal not yet counted (idempotent)."""
        while len(self.results) < len(self.deals) and self.deals[len(self.results)].outcome:
            outcome = self.deals[len(self.results)].outcome
            assert outcome is not None
            if outcome.winner is None:
                if self.rules.tie_rule == "carry_one":
                    self.carried += 1
                self.results.append(DealResult(None, 0, self.carried))
                continue
            points = outcome.game_points + self.carried
            self.carried = 0
            self._score[outcome.winner] += points
            self.results.append(DealResult(outcome.winner, points, 0))
            if self._score[outcome.winner] >= self.rules.match_target and self.winner is None:
                self.winner = outcome.winner

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        deal = self.current
        return deal.legal_actions(seat) if deal else []
