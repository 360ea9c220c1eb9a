"""A match ("Bummerl"): deals until one seat reaches the target in game points.

>>> from sixtysix import Match, Rules
>>> match = Match(Rules.preset("seed66"), first_dealer=2)
>>> deal = match.new_deal(seed=1)
>>> deal.dealer, match.score, match.is_over
(2, (0, 0), False)

Play the deal through :meth:`Match.apply` (or on the deal itself, then call
:meth:`Match.settle`); when it ends the game points are added up, ties carried
and the next dealer chosen by the rules.

The three- and four-handed games have matches of their own with the same
interface; :func:`create_match` picks the right one for the rules:

>>> match = create_match(Rules.preset("four66"))
>>> type(match).__name__, match.score, match.next_dealer()
('PartnershipMatch', (0, 0), 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import ClassVar, Generic, Self, TypeVar

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card
from sixtysix.core.errors import MatchError, RulesError
from sixtysix.core.facts import TIE_CARRY, side_of
from sixtysix.core.game import Deal, shuffled_deck
from sixtysix.core.outcome import Outcome
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import Rules
from sixtysix.core.textform import deal_fields, deal_from_fields, parse_deal_fields
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.threehanded import left_of as left_of_three
from sixtysix.core.view import AnyView, SpectatorView


@dataclass(frozen=True)
class DealResult:
    """What one finished deal gave the match."""

    winner: int | None
    game_points: int
    """Game points credited to the winner, including carried tie points."""
    carried_after: int
    """Tie points waiting for the next deal's winner after this deal."""
    dealer_points: int = 0
    """Three-handed: the game points the dealer who sat out received (R-3P-3)."""
    bonus: tuple[int, ...] = ()
    """Four-handed: bonus game points of sides 1 and 2 (the ten of trumps)."""


DealT = TypeVar("DealT", Deal, ThreeHandedDeal, FourHandedDeal)


class _MatchBase(Generic[DealT]):
    """What matches of every table size share: the deals, their results, starting and playing deals."""

    players: ClassVar[int]
    default_preset: ClassVar[str]
    scorer: ClassVar[str] = "seat"
    """Who scores: a ``seat``, or a ``side`` in the partnership game."""

    def __init__(self, rules: Rules | None, first_dealer: int) -> None:
        self.rules = rules or Rules.preset(self.default_preset)
        if self.rules.players != self.players:
            raise MatchError(f"{self.rules.preset_name} is a {self.rules.players}-player game: use create_match()")
        if first_dealer not in self.rules.seats:
            raise MatchError(f"the first dealer must be seat {_either(self.rules.seats)}, not {first_dealer!r}")
        self.first_dealer = first_dealer
        self.deals: list[DealT] = []
        self.results: list[DealResult] = []
        self.carried = 0
        self.winner: int | None = None
        """The seat (or side) that reached the target first."""
        self.loser: int | None = None
        """The seat that lost the play-off of the other two (three-handed ``three_player_play_for_loser``), else
        ``None``: only that game names a loser."""
        self.forfeited_by: int | None = None
        """The table seat that forfeited the match (:func:`sixtysix.core.forfeit.forfeit_match`), else ``None``.
        Not a rule of 66: neither the text form nor a record holds it."""

    @property
    def seats(self) -> tuple[int, ...]:
        return self.rules.seats

    @property
    def score(self) -> tuple[int, ...]:
        """Game points of each seat (or side), seat 1 first."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def current(self) -> DealT | None:
        """The deal in progress (or the last one), ``None`` before the first."""
        return self.deals[-1] if self.deals else None

    def next_dealer(self) -> int:
        raise NotImplementedError

    def settle(self) -> None:
        raise NotImplementedError

    def _make_deal(self, cards: tuple[Card, ...], dealer: int) -> DealT:
        raise NotImplementedError

    def new_deal(
        self,
        deck: Sequence[Card] | None = None,
        seed: int | random.Random | None = None,
        dealer: int | None = None,
    ) -> DealT:
        """Start the next deal from ``deck`` (or a shuffle seeded by ``seed``).

        ``dealer`` may be given to check it against the rotation.
        """
        self.settle()
        if self.is_over:
            raise MatchError(f"the match is over: {self.scorer} {self.winner} won")
        if self.deals and not self.deals[-1].is_over:
            raise MatchError("the previous deal has not ended")
        expected = self.next_dealer()
        if dealer is not None and dealer != expected:
            raise MatchError(f"seat {expected} must deal now, not seat {dealer}")
        cards = tuple(deck) if deck is not None else shuffled_deck(self.rules, seed)
        deal = self._make_deal(cards, expected)
        self.deals.append(deal)
        return deal

    def apply(self, action: int, seat: int | None = None) -> None:
        """Apply an action to the current deal and settle the match if it ended."""
        deal = self.current
        if deal is None:
            raise MatchError("no deal has started")
        deal.apply(action, seat)
        self.settle()

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        deal = self.current
        return deal.legal_actions(seat) if deal else []

    def view(self, seat: int) -> AnyView:
        """What ``seat`` may know of the current deal, with the match score and carried points.

        >>> match = create_match(Rules.preset("three66"))
        >>> deal = match.new_deal(seed=1)
        >>> match.view(deal.to_act).is_my_turn
        True
        """
        deal = self.current
        if deal is None:
            raise MatchError("no deal has started")
        return deal.view(seat, self.score, self.carried)

    def spectator_view(self) -> SpectatorView:
        """What everybody may know of the current deal (no card of any hand)."""
        deal = self.current
        if deal is None:
            raise MatchError("no deal has started")
        return deal.spectator_view()

    def result_text(self) -> str:
        """Who won the match, in words (``seat 1 won``, ``side 2 won``), once it is over."""
        forfeit = f" (seat {self.forfeited_by} forfeited the match)" if self.forfeited_by else ""
        return f"{self.scorer} {self.winner} won{forfeit}"

    def record_deal_fields(self, index: int) -> dict[str, object]:
        """The fields ``sixtysix replay --json`` adds to deal ``index`` at this table size (docs/records.md)."""
        return {}

    def record_match_fields(self) -> dict[str, object]:
        """The fields ``sixtysix replay --json`` adds to the match at this table size (docs/records.md)."""
        return {}

    # -- text form ---------------------------------------------------------------------

    def text(self) -> str:
        """The complete match as text: rules and first dealer, then one line per deal (see ``Deal.text``).

        Like a record it holds every card; unlike one it keeps each ``draw`` and ``pass``
        decision, so an unfinished deal comes back exactly as it stands.

        >>> match = create_match(Rules.preset("schnapsen"))
        >>> deal = match.new_deal(seed=1)
        >>> deal.apply(deal.legal_actions()[0])
        >>> again = type(match).parse_text(match.text())
        >>> again.text() == match.text(), again.current.history == deal.history
        (True, True)
        """
        lines = [f"{self.rules.text()} first_dealer={self.first_dealer}"]
        lines += [deal_fields(deal.dealer, deal.deck, deal.history) for deal in self.deals]
        return "\n".join(lines) + "\n"

    @classmethod
    def parse_text(cls, text: str) -> Self:
        """The match of :meth:`text` (raises :class:`MatchError`, :class:`DealError` or :class:`IllegalActionError`)."""
        rules, first_dealer, deal_lines = _read_match_text(text)
        match = cls(rules, first_dealer)
        match._replay_text(deal_lines)
        return match

    def _replay_text(self, deal_lines: list[list[str]]) -> None:
        for words in deal_lines:
            form = deal_from_fields(self.rules, parse_deal_fields(words))
            deal = self.new_deal(form.cards, dealer=form.dealer)
            form.replay(deal)
            self.settle()

    def __repr__(self) -> str:
        return f"{type(self).__name__}.parse_text({self.text()!r})"

    def _unsettled(self) -> Iterator[tuple[DealT, Outcome]]:
        """The finished deals not yet credited, in order (each is credited before the next is read)."""
        while len(self.results) < len(self.deals):
            deal = self.deals[len(self.results)]
            if deal.outcome is None:
                return
            yield deal, deal.outcome

    def _carry_tie(self, bonus: tuple[int, ...] = ()) -> None:
        """A tie: under ``tie_rule=carry_one`` a point more for the next deal's winner."""
        if self.rules.tie_rule == "carry_one":
            self.carried += TIE_CARRY
        self.results.append(DealResult(None, 0, self.carried, bonus=bonus))

    def _take_carried(self, outcome: Outcome) -> int:
        """The winner's game points for this deal, with any carried tie points (now used up)."""
        points = outcome.game_points + self.carried
        self.carried = 0
        return points


def _read_match_text(text: str) -> tuple[Rules, int, list[list[str]]]:
    """The rules, the first dealer and the deal lines (split into words) of a match text."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    if not lines:
        raise MatchError("an empty match text")
    head = lines[0]
    dealers = [word for word in head if word.startswith("first_dealer=")]
    if len(dealers) != 1 or not dealers[0].partition("=")[2].isdigit():
        raise MatchError("the first line of a match text ends with first_dealer=S")
    try:
        rules = Rules.parse_text(" ".join(word for word in head if word not in dealers))
    except RulesError as error:
        raise MatchError(f"the rules of the text: {error}") from None
    return rules, int(dealers[0].partition("=")[2]), lines[1:]


def _either(seats: Sequence[int]) -> str:
    """``1 or 2``, ``1, 2 or 3``: the seat numbers for a message."""
    return ", ".join(map(str, seats[:-1])) + f" or {seats[-1]}"


class Match(_MatchBase[Deal]):
    """The sequence of deals of one two-player match, with its score."""

    players = 2
    default_preset = "seed66"

    def __init__(self, rules: Rules | None = None, first_dealer: int = 2) -> None:
        super().__init__(rules, first_dealer)
        self._score = [0, 0, 0]

    @property
    def score(self) -> tuple[int, int]:
        """Game points of seats 1 and 2."""
        return self._score[1], self._score[2]

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

    def _make_deal(self, cards: tuple[Card, ...], dealer: int) -> Deal:
        return Deal(cards, dealer, self.rules)

    def settle(self) -> None:
        """Credit every finished deal not yet counted (idempotent)."""
        for _, outcome in self._unsettled():
            if outcome.winner is None:
                self._carry_tie()
                continue
            points = self._take_carried(outcome)
            self._score[outcome.winner] += points
            self.results.append(DealResult(outcome.winner, points, 0))
            if self._score[outcome.winner] >= self.rules.match_target and self.winner is None:
                self.winner = outcome.winner


class ThreeHandedMatch(_MatchBase[ThreeHandedDeal]):
    """A three-handed match (R-3P-3/4): seats 1-3, the dealer sits out and scores with the winner.

    >>> match = ThreeHandedMatch(first_dealer=1)
    >>> deal = match.new_deal(seed=1)
    >>> deal.active, match.score
    ((2, 3), (0, 0, 0))
    """

    players = 3
    default_preset = "three66"

    def __init__(self, rules: Rules | None = None, first_dealer: int = 3) -> None:
        super().__init__(rules, first_dealer)
        self._score = [0, 0, 0, 0]

    @property
    def score(self) -> tuple[int, int, int]:
        """Game points of seats 1, 2 and 3."""
        return self._score[1], self._score[2], self._score[3]

    @property
    def is_over(self) -> bool:
        if self.winner is None:
            return False
        return self.loser is not None or not self.rules.three_player_play_for_loser

    def next_sitting_out(self) -> int | None:
        """Who sits out the next deal: ``None`` for the dealer, or the match winner in a play-off."""
        return self.winner

    def next_dealer(self) -> int:
        """Who deals next: the deal passes to the left (``next_dealer=alternate``), skipping a winner who left."""
        if not self.deals:
            return self.first_dealer
        last = self.deals[-1]
        outcome = last.outcome
        rule = self.rules.next_dealer
        if rule == "alternate" or outcome is None or outcome.winner is None:
            dealer = last.dealer if rule != "alternate" else left_of_three(last.dealer)
        elif rule == "winner":
            dealer = outcome.winner
        else:
            dealer = last.active[0] if outcome.winner == last.active[1] else last.active[1]
        if dealer == self.winner:  # the match winner has left the table
            dealer = left_of_three(dealer)
        return dealer

    def _make_deal(self, cards: tuple[Card, ...], dealer: int) -> ThreeHandedDeal:
        return ThreeHandedDeal(cards, dealer, self.rules, self.next_sitting_out())

    def result_text(self) -> str:
        """Who won (and, after a play-off, who lost) the match, in words."""
        if self.loser is not None and self.forfeited_by is None:
            return f"seat {self.winner} won, seat {self.loser} lost the play-off"
        return super().result_text()

    def record_deal_fields(self, index: int) -> dict[str, object]:
        """The dealer's points (R-3P-3) and who sat out deal ``index``."""
        result = self.results[index] if index < len(self.results) else None
        return {"dealer_points": result.dealer_points if result else 0, "sitting_out": self.deals[index].sitting_out}

    def record_match_fields(self) -> dict[str, object]:
        """The seat that lost the play-off (``three_player_play_for_loser``), else ``None``."""
        return {"loser": self.loser}

    def settle(self) -> None:
        """Credit every finished deal not yet counted (idempotent)."""
        target = self.rules.match_target
        for deal, outcome in self._unsettled():
            if outcome.winner is None:  # R-3P-5: nobody scores, the dealer neither
                self._carry_tie()
                continue
            points = self._take_carried(outcome)
            self._score[outcome.winner] += points
            dealer_points = 0
            if deal.sitting_out == deal.dealer and self.winner is None:
                # R-3P-3: the dealer scores as much as the winner, but never beyond target - 1 this way.
                before = self._score[deal.dealer]
                self._score[deal.dealer] = min(before + points, max(before, target - 1))
                dealer_points = self._score[deal.dealer] - before
            self.results.append(DealResult(outcome.winner, points, 0, dealer_points))
            if self._score[outcome.winner] >= target:
                if self.winner is None:
                    self.winner = outcome.winner  # with play_for_loser the other two play on
                elif self.loser is None:
                    self.loser = next(s for s in deal.active if s != outcome.winner)


class PartnershipMatch(_MatchBase[FourHandedDeal]):
    """A four-handed match (R-4P-8/9): sides 1 (seats 1, 3) and 2 (seats 2, 4) play to the target.

    >>> match = PartnershipMatch(first_dealer=4)
    >>> deal = match.new_deal(seed=1)
    >>> deal.to_act, match.score
    (1, (0, 0))
    """

    players = 4
    default_preset = "four66"
    scorer = "side"

    def __init__(self, rules: Rules | None = None, first_dealer: int = 4) -> None:
        super().__init__(rules, first_dealer)
        self._score = [0, 0, 0]

    @property
    def score(self) -> tuple[int, int]:
        """Game points of sides 1 and 2."""
        return self._score[1], self._score[2]

    def next_dealer(self) -> int:
        """The deal passes to the left (R-4P-3); ``winner``/``loser`` pick the winning or losing side's next seat."""
        if not self.deals:
            return self.first_dealer
        last = self.deals[-1]
        left = last.dealer % 4 + 1
        outcome = last.outcome
        rule = self.rules.next_dealer
        if rule == "alternate" or outcome is None or outcome.winner is None:
            return left if rule == "alternate" else last.dealer
        wanted = outcome.winner if rule == "winner" else 3 - outcome.winner
        return left if side_of(left) == wanted else left % 4 + 1

    def _make_deal(self, cards: tuple[Card, ...], dealer: int) -> FourHandedDeal:
        return FourHandedDeal(cards, dealer, self.rules, self.score)

    def record_deal_fields(self, index: int) -> dict[str, object]:
        """The bonus game points of sides 1 and 2 in deal ``index`` (the ten of trumps)."""
        result = self.results[index] if index < len(self.results) else None
        return {"bonus": list(result.bonus) if result and result.bonus else [0, 0]}

    def settle(self) -> None:
        """Credit every finished deal not yet counted (idempotent)."""
        for _, outcome in self._unsettled():
            bonus = outcome.bonus or (0, 0)
            for side in (1, 2):
                self._score[side] += bonus[side - 1]
            if outcome.winner is None:  # R-4P-8: 1 point more for the winners of the next hand
                self._carry_tie(bonus)
            else:
                points = self._take_carried(outcome)
                self._score[outcome.winner] += points
                self.results.append(DealResult(outcome.winner, points, 0, bonus=bonus))
            self._check_winner(outcome)

    def _check_winner(self, outcome: Outcome) -> None:
        if self.winner is not None:
            return
        reached = [side for side in (1, 2) if self._score[side] >= self.rules.match_target]
        if len(reached) == 2:  # both crossed in one deal (a bonus): the deal's winner first
            reached = [outcome.winner] if outcome.winner else [max((1, 2), key=lambda s: self._score[s])]
        if reached:
            self.winner = reached[0]


AnyMatch = Match | ThreeHandedMatch | PartnershipMatch
"""A match of any table size."""


def match_from_text(text: str) -> AnyMatch:
    """The match of a text of any table size (``Match.text()`` and its siblings).

    >>> match = create_match(Rules.preset("four66"))
    >>> match_from_text(match.text()).text() == match.text()
    True
    """
    rules, first_dealer, deal_lines = _read_match_text(text)
    match = create_match(rules, first_dealer)
    match._replay_text(deal_lines)
    return match


def create_match(rules: Rules | None = None, first_dealer: int | None = None) -> AnyMatch:
    """The match for ``rules``: two-player, three-handed or partnership.

    ``first_dealer`` defaults to the last seat, so that seat 1 leads first.
    """
    rules = rules or Rules()
    dealer = first_dealer if first_dealer is not None else rules.players
    return MATCH_CLASSES[rules.players](rules, dealer)


MATCH_CLASSES: dict[int, type[Match] | type[ThreeHandedMatch] | type[PartnershipMatch]] = {
    2: Match,
    3: ThreeHandedMatch,
    4: PartnershipMatch,
}
"""The match class of each table size (``rules.players``)."""
