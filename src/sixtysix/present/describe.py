"""Actions, tricks and deal results in words, for the terminal game and the web.

Strings may hold ``rich`` markup (coloured cards); :func:`plain` removes it.

**Rule facts.** The few facts of the rules that the words need (who takes a trick, what
it is worth, what a marriage scores, the last trick's ten, the opponent's hand size) are
each computed by one function here (:func:`trick_winner`, :func:`trick_points`,
:func:`marriage_value`, :func:`last_trick_bonus`, :func:`opponent_hand_size`), which
every front end calls; when the core defines them as functions of
:class:`~sixtysix.core.rules.Rules` and of the views, these point at the core.

>>> names = Names(human=1)
>>> plain(describe_action(names, 2, Action.parse("20h"), symbols=False))
'Computer declares 20 in hearts (shows Kh Qh)'
>>> plain(describe_action(names, 1, Action.parse("Ah"), symbols=True))
'You play A♥'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sixtysix.core.actions import (
    CLAIM,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    DRAW,
    EXCHANGE,
    MARRIAGE_40,
    PASS,
    Action,
    marriage_suit,
)
from sixtysix.core.cards import CARD_NAMES, KING, QUEEN, SUIT_NAMES, SUIT_SYMBOLS, Card, make_card, suit_of
from sixtysix.core.game import FOLLOW, Deal, Termination, scale_points
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView

RED_SUITS = frozenset((1, 2))  # diamonds, hearts
LAST_TRICK_BONUS = 10
"""Card points the winner of the last trick adds (rules.md §2.8, R-4P-6)."""


# -- rule facts --------------------------------------------------------------------------


def trick_winner(trick: Sequence[tuple[int, Card]], trump: int) -> int:
    """The seat whose card takes ``trick`` (seats and cards in the order played): the
    highest trump, else the highest card of the suit led. Two cards or four.

    >>> from sixtysix.core.cards import parse_card
    >>> trick_winner([(1, parse_card("Ks")), (2, parse_card("As")), (3, parse_card("7h")), (4, parse_card("Ts"))], 3)
    2
    >>> trick_winner([(2, parse_card("Ah")), (1, parse_card("9c"))], trump=0)
    1
    """
    seat, best = trick[0]
    for other, card in trick[1:]:
        if suit_of(card) == suit_of(best):
            if card < best:  # within a suit, lower ids rank higher (A T K Q J 9 8 7)
                seat, best = other, card
        elif suit_of(card) == trump:
            seat, best = other, card
    return seat


def trick_points(rules: Rules, cards: Iterable[Card]) -> int:
    """The card points of the ``cards`` of a trick under ``rules`` (``nine_points`` counts).

    >>> from sixtysix.core.cards import parse_card
    >>> trick_points(Rules.preset().replace(nine_points=1), [parse_card("9h"), parse_card("Ah")])
    12
    """
    return sum(rules.points[card] for card in cards)


def marriage_value(action: Action) -> int:
    """What the marriage ``action`` scores: 40 in trumps, 20 in another suit (R-MAR-2).

    >>> marriage_value(Action.parse("40s")), marriage_value(Action.parse("20h"))
    (40, 20)
    """
    return 40 if action >= MARRIAGE_40 else 20


def opponent_hand_size(view: PlayerView) -> int:
    """How many cards the opponent of a two-player ``view`` holds: as many as the seat, one
    more or one less while a led card waits for the follower.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1, dealer=2)
    >>> deal.apply(deal.legal_actions()[0])
    >>> opponent_hand_size(PlayerView.of(deal, 1)), opponent_hand_size(PlayerView.of(deal, 2))
    (6, 5)
    """
    own = view.hand.bit_count()
    if view.stage != FOLLOW:
        return own
    return own + 1 if view.leader == view.seat else own - 1


def last_trick_bonus(rules: Rules, closed: bool = False) -> int:
    """The points the last trick adds in a two-player deal: 10, but none after a close
    (R-CLOSE-4) or when the last trick wins the deal instead (Schnapsen). The partnership
    game always adds :data:`LAST_TRICK_BONUS` (R-4P-6).

    >>> last_trick_bonus(Rules.preset("seed66")), last_trick_bonus(Rules.preset("schnapsen"))
    (10, 0)
    """
    return LAST_TRICK_BONUS if not closed and rules.last_trick_rule == "ten_points" else 0


@dataclass(frozen=True)
class Names:
    """How the seats are called: the player is "you", another seat "Computer".

    At a table of three or four, ``others`` names the other seats (``Left``,
    ``Partner``, ``Right``); a seat not listed there is ``computer``.

    >>> names = Names(human=3, others=((1, "Left"), (2, "Right")))
    >>> names(3), names(1), names.subject(2), names.possessive(1)
    ('you', 'Left', 'Right', "Left's")
    """

    human: int
    computer: str = "Computer"
    others: tuple[tuple[int, str], ...] = ()

    def other(self, seat: int) -> str:
        """The name of a seat that is not the player's."""
        for other, name in self.others:
            if other == seat:
                return name
        return self.computer

    def __call__(self, seat: int) -> str:
        """The name in the middle of a sentence: ``you`` or ``Computer``."""
        return "you" if seat == self.human else self.other(seat)

    def subject(self, seat: int) -> str:
        """The name at the start of a sentence: ``You`` or ``Computer``."""
        return "You" if seat == self.human else self.other(seat)

    def verb(self, seat: int, you_form: str, other_form: str) -> str:
        """``you_form`` for the player, ``other_form`` for the computer (``win``/``wins``)."""
        return you_form if seat == self.human else other_form

    def possessive(self, seat: int) -> str:
        return "your" if seat == self.human else f"{self.other(seat)}'s"


def card_label(card: Card, symbols: bool = True) -> str:
    """``A♥`` (or ``Ah`` without symbols): rank, then the suit."""
    name = CARD_NAMES[card]
    return name[0] + (SUIT_SYMBOLS[suit_of(card)] if symbols else name[1])


def card_style(card: Card) -> str:
    """The colour of a card: red for hearts and diamonds, bold for clubs and spades."""
    return "bold red" if suit_of(card) in RED_SUITS else "bold"


def card_markup(card: Card, symbols: bool = True) -> str:
    return f"[{card_style(card)}]{card_label(card, symbols)}[/]"


def suit_label(suit: int, symbols: bool = True) -> str:
    """``♥ hearts`` (or ``hearts``)."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}" if symbols else SUIT_NAMES[suit]


def cards_markup(cards: Sequence[Card], symbols: bool = True) -> str:
    return " ".join(card_markup(c, symbols) for c in cards)


_MARKUP = re.compile(r"\[/?[a-z ]*\]")


def plain(text: str) -> str:
    """``text`` without its rich markup."""
    return _MARKUP.sub("", text)


def describe_action(
    names: Names, seat: int, action: Action, symbols: bool = True, exchange: tuple[Card, Card] | None = None
) -> str:
    """A log line for an action: ``Computer plays K♥``.

    ``exchange`` is (the exchange card, the face-up card it was swapped for), for ``X``.
    """
    who = names.subject(seat)
    if action.is_card():
        return f"{who} {names.verb(seat, 'play', 'plays')} {card_markup(action, symbols)}"
    if action.is_marriage():
        suit = marriage_suit(action)
        shown = cards_markup((make_card(KING, suit), make_card(QUEEN, suit)), symbols)
        value = marriage_value(action)
        return f"{who} {names.verb(seat, 'declare', 'declares')} {value} in {SUIT_NAMES[suit]} (shows {shown})"
    if action == EXCHANGE:
        if exchange is None:
            return f"{who} {names.verb(seat, 'exchange', 'exchanges')} the trump card"
        low, high = exchange
        return (
            f"{who} {names.verb(seat, 'exchange', 'exchanges')} {card_markup(low, symbols)} "
            f"for the face-up {card_markup(high, symbols)}"
        )
    if action == CLOSE:
        return f"{who} {names.verb(seat, 'close', 'closes')} the talon"
    if action == CLOSE_BEFORE_DRAW:
        return f"{who} {names.verb(seat, 'close', 'closes')} the talon before drawing"
    if action == CLAIM:
        return f"{who} {names.verb(seat, 'claim', 'claims')} 66!"
    if action == DRAW:
        return f"{who} {names.verb(seat, 'draw', 'draws')}"
    if action == PASS:
        return f"{who} {names.verb(seat, 'decline', 'declines')} the exchange"
    return f"{who}: {action}"


def marriage_choice(action: Action) -> str:
    """What declaring the marriage ``action`` means: ``declare 20 in hearts, then lead the king or queen``."""
    return f"declare {marriage_value(action)} in {SUIT_NAMES[marriage_suit(action)]}, then lead the king or queen"


def describe_action_choice(action: Action, deal: Deal | None = None, symbols: bool = True) -> str:
    """What choosing ``action`` means, for the list of legal actions (``help``)."""
    if action.is_card():
        return f"play {card_markup(action, symbols)}"
    if action.is_marriage():
        return marriage_choice(action)
    if action == EXCHANGE:
        if deal is not None and deal.face_up >= 0:
            return (
                f"exchange your {card_markup(deal.exchange_card, symbols)} "
                f"for the face-up {card_markup(deal.face_up, symbols)}"
            )
        return "exchange the trump card"
    if action == CLOSE:
        return "close the talon: no more drawing, follow suit from now on, and you must reach 66"
    if action == CLOSE_BEFORE_DRAW:
        return "close the talon before drawing (both keep one card less)"
    if action == CLAIM:
        return "claim 66 and end the deal (a wrong claim costs game points)"
    if action == DRAW:
        return "draw (Enter does the same)"
    if action == PASS:
        return "decline the exchange"
    return str(action)


# -- tricks -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led what, who followed with what, who won."""

    leader: int
    lead: Card
    follower: int
    follow: Card
    winner: int


def tricks_of(history: Sequence[tuple[int, Action]], trump: int) -> list[Trick]:
    """The completed tricks of a two-player deal's history, in order."""
    tricks: list[Trick] = []
    led: tuple[int, Card] | None = None
    for seat, action in history:
        if not action.is_card():
            continue
        if led is None:
            led = (seat, int(action))
            continue
        leader, lead = led
        winner = trick_winner((led, (seat, int(action))), trump)
        tricks.append(Trick(leader, lead, seat, int(action), winner))
        led = None
    return tricks


def describe_trick(names: Names, trick: Trick, rules: Rules, symbols: bool = True) -> str:
    """``Computer led K♠, you played A♠: you won (15 points)``."""
    points = trick_points(rules, (trick.lead, trick.follow))
    return (
        f"{names.subject(trick.leader)} led {card_markup(trick.lead, symbols)}, "
        f"{names(trick.follower)} played {card_markup(trick.follow, symbols)}: "
        f"{names(trick.winner)} won ({points} point{'s' if points != 1 else ''})"
    )


# -- deal results ---------------------------------------------------------------------


def humanize(reason: str, names: Names) -> str:
    """An engine sentence with "seat 1"/"seat 2" (up to "seat 4") replaced by the names."""
    text = re.sub(r"seat ([1-4])", lambda m: names(int(m.group(1))), reason)
    return text[:1].upper() + text[1:]


def _points(n: int) -> str:
    return f"{n} game point{'s' if n != 1 else ''}"


def _scale_sentence(names: Names, loser: int, points: int, tricks: int, when: str = "") -> str:
    value = scale_points(points, tricks)
    who = names.subject(loser)
    if value == 3:
        return f"{who} had no trick{when} (Schwarz): {_points(3)}."
    if value == 2:
        return f"{who} had only {points} card points{when}, under 33 (Schneider): {_points(2)}."
    return f"{who} had {points} card points{when}, 33 or more: {_points(1)}."


def _closer_win(names: Names, deal: Deal) -> list[str]:
    opponent = 3 - deal.closer
    if deal.rules.closer_win_basis == "at_close":
        return [
            f"The talon was closed, so {names.possessive(opponent)} points when it was closed count.",
            _scale_sentence(names, opponent, deal.close_score, deal.close_tricks, " at the close"),
        ]
    return [_scale_sentence(names, opponent, deal.score[opponent], deal.tricks[opponent])]


def _failed_close(names: Names, deal: Deal) -> str:
    closer, opponent = deal.closer, 3 - deal.closer
    rule = deal.rules.failed_close_points
    start = f"{names.subject(closer)} closed the talon and did not make 66, so {names(opponent)} "
    start += names.verb(opponent, "score", "scores")
    if rule == "always_three":
        return start + f" {_points(3)} (these rules always give 3 for a failed close)."
    if deal.close_tricks == 0:
        return start + f" {_points(3)}: {names(opponent)} had no trick when it was closed."
    if rule == "hoyle1895" and deal.score[closer] >= 33:
        return start + f" {_points(1)}: the closer made 33 or more (the Hoyle 1895 rule)."
    return start + f" {_points(2)} (3 if {names(opponent)} had had no trick when it was closed)."


def explain_scoring(deal: Deal, names: Names) -> list[str]:
    """Sentences that explain how the finished ``deal``'s game points were scored."""
    outcome = deal.outcome
    if outcome is None:
        return []
    rules = deal.rules
    closer = deal.closer
    winner = outcome.winner
    lines: list[str] = []
    termination = outcome.termination
    if termination == Termination.TIE:
        if rules.tie_rule == "carry_one":
            lines.append("Equal totals: nobody scores now; 1 game point goes to the winner of the next deal.")
        else:
            lines.append("Equal totals: nobody scores (ties are void under these rules).")
        return lines
    assert winner is not None
    loser = 3 - winner
    if termination == Termination.CLAIM:
        if not closer:
            lines.append(_scale_sentence(names, loser, deal.score[loser], deal.tricks[loser]))
        elif closer == outcome.claimant:
            lines += _closer_win(names, deal)
        else:
            start = f"{names.subject(closer)} closed the talon but {names(winner)} reached 66 first: "
            if rules.beaten_closer_points == "flat_two":
                lines.append(start + f"{_points(2)}, whatever the tricks under these rules.")
            elif deal.close_tricks == 0:
                lines.append(start + f"{_points(3)}, as {names(winner)} had no trick when it was closed.")
            else:
                lines.append(start + f"{_points(2)} (3 if {names(winner)} had had no trick when it was closed).")
    elif termination == Termination.FALSE_CLAIM:
        claimant = outcome.claimant or loser
        if closer == claimant and rules.closer_false_claim == "failed_close":
            lines.append("A wrong claim after closing counts as a failed close.")
            lines.append(_failed_close(names, deal))
        else:
            start = "A claim with fewer than 66 card points gives the opponent "
            if rules.false_claim_points != "two_or_three":
                lines.append(start + f"{_points(2)}.")
            elif deal.tricks[winner] == 0:
                lines.append(start + f"{_points(3)} when, as here, the opponent has no trick.")
            else:
                lines.append(start + f"{_points(2)} (3 if the opponent has no trick).")
    elif termination == Termination.CLOSER_FAILED:
        lines.append(_failed_close(names, deal))
    elif closer:  # played out after a close, the closer with 66 or more
        lines.append(f"{names.subject(closer)} closed and reached 66 by the last trick, which counts as a claim.")
        lines += _closer_win(names, deal)
    elif rules.last_trick_rule == "wins_deal_one_point":
        lines.append(f"All cards were played: the winner of the last trick wins the deal, {_points(1)}.")
    else:
        tricks = tricks_of(deal.history, deal.trump)
        if tricks:
            last = tricks[-1].winner
            lines.append(
                f"All cards were played; {names(last)} took the last trick (+{LAST_TRICK_BONUS}), "
                "and the higher total wins."
            )
        lines.append(_scale_sentence(names, loser, deal.score[loser], deal.tricks[loser]))
    if closer and rules.closed_deal_double:
        lines.append("Doubled, because the talon was closed.")
    if deal.pending[loser]:
        lines.append(f"({names.possessive(loser).capitalize()} marriage never counted: no trick was won.)")
    return lines


def deal_headline(deal: Deal, names: Names, credited: int) -> str:
    """``You win 2 game points`` (``credited`` includes carried tie points)."""
    outcome = deal.outcome
    if outcome is None:
        return "The deal is not over"
    if outcome.winner is None:
        return "A tie"
    carried = credited - outcome.game_points
    text = f"{names.subject(outcome.winner)} {names.verb(outcome.winner, 'win', 'wins')} {_points(credited)}"
    if carried > 0:
        text += f" ({outcome.game_points} + {carried} carried from a tie)"
    return text
