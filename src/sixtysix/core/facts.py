"""The rule facts of 66, each written once: what cards, tricks, marriages and deals are worth.

Every other module (the engines of all table sizes, the search, the words shown to
people, the per-seat states the web sends) asks these functions and tables instead of
knowing a number of its own. To change how something scores, change it here.

>>> from sixtysix.core.cards import parse_card as c
>>> from sixtysix.core.rules import Rules
>>> rules = Rules.preset("seed66")
>>> card_points(rules, c("Th")), card_points(rules.replace(nine_points=1), c("9h"))
(10, 1)
>>> beats(c("Ah"), c("Th"), trump=0), beats(c("7c"), c("Ah"), trump=0), beats(c("As"), c("7h"), trump=0)
(True, True, False)
>>> trick_winner([c("Kh"), c("Ah"), c("7c"), c("Ac")], trump=1)  # the ace of the suit led
1
>>> marriage_points(trump=True), marriage_value(Action.parse("20h"))
(40, 20)
>>> last_trick_bonus(rules, closed=False), last_trick_bonus(rules, closed=True)
(10, 0)
>>> game_points(loser_points=32, loser_tricks=2), game_points(loser_points=0, loser_tricks=0)
(2, 3)
>>> opponent_hand_size(own=5, trick_open=True, own_led=False)  # he led: one card fewer
4
>>> from sixtysix.core.cards import format_cards, parse_cards
>>> format_cards(follow_mask(rules, parse_cards("Ah Kh 9h As"), led=c("Th"), trump=3))  # head the trick
'Ah'

========================  ==============================================================
fact                      where
========================  ==============================================================
card points               :func:`~sixtysix.core.cards.card_point_table`
                          (``Rules.points``), :func:`card_points`, :func:`trick_points`
who takes a trick         :data:`BEATERS`, :func:`beats`, :func:`trick_winner`,
                          :func:`winning_seat`; the completed tricks: :func:`tricks_of`
                          (``Rules.cards_per_trick`` cards each)
what a follower may play  :func:`follow_mask` (two players, phase 2),
                          :func:`partnership_follow_mask` (four-handed)
partnerships              :func:`side_of`, :func:`partner_of` (four-handed)
what a marriage is worth  :func:`marriage_points`, :func:`marriage_value`,
                          :func:`marriage_for`; its cards: :data:`MARRIAGE_CARDS`
the talon                 :func:`talon_after` (cards left after some tricks),
                          :func:`exchange_card` (the trump card's exchange card)
the last trick            :data:`LAST_TRICK_BONUS`, :func:`last_trick_bonus`
a closed deal doubled     :data:`CLOSED_DEAL_FACTOR`, :func:`closed_factor`; the most a deal
                          gives: :func:`max_game_points`
game points of a deal     :data:`SCHNEIDER`, :func:`game_points` (two and three players),
                          :func:`closer_win_points`; the target: :data:`DEAL_TARGET`,
                          :func:`deal_target`; the scale: :data:`GAME_POINT_SCALE`,
                          :func:`game_point_scale`; why a deal scored so: the scorers'
                          ``Scoring`` (:mod:`sixtysix.core.outcome`),
                          :func:`partnership_game_points` (four-handed, R-4P-7)
the exchange card         :func:`exchange_card`
how many cards a seat     :func:`opponent_hand_size` (two-player views),
holds                     :func:`partnership_hand_size` (four-handed)
========================  ==============================================================
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from sixtysix.core.actions import IS_CARD, MARRIAGE_40, Action
from sixtysix.core.cards import (
    BIT,
    HIGHER,
    KING,
    QUEEN,
    SAME_SUIT,
    SUIT_MASK,
    SUIT_OF,
    SUITS,
    Card,
    CardMask,
    make_card,
)

if TYPE_CHECKING:
    from sixtysix.core.rules import Rules

# -- card points -----------------------------------------------------------------------


def card_points(rules: Rules, card: Card) -> int:
    """The card points of ``card`` under ``rules`` (``rules.points[card]`` in hot loops)."""
    return rules.points[card]


def trick_points(rules: Rules, cards: Iterable[Card]) -> int:
    """The card points of the cards of one trick."""
    points = rules.points
    return sum(points[card] for card in cards)


# -- who takes a trick ----------------------------------------------------------------------

BEATERS: tuple[tuple[CardMask, ...], ...] = tuple(
    tuple(HIGHER[card] | (SUIT_MASK[trump] if SUIT_OF[card] != trump else 0) for card in range(32)) for trump in SUITS
)
"""``BEATERS[trump][best]``: the cards that take a trick from ``best``, the card winning it so far:
the higher cards of its suit and, unless it is a trump, every trump (rules.md §2.3, R-PLAY-2, R-4P-3)."""


def beats(card: Card, best: Card, trump: int) -> bool:
    """Whether ``card``, played to a trick that ``best`` wins so far, takes it over."""
    return bool(BEATERS[trump][best] & BIT[card])


def trick_winner(cards: Sequence[Card], trump: int) -> int:
    """The index in ``cards`` (in the order played, the led card first) of the card that wins.

    The same rule for the two-card trick and the four-card trick of the partnership game.
    """
    best_index, best = 0, cards[0]
    beaters = BEATERS[trump]
    for index in range(1, len(cards)):
        if beaters[best] & BIT[cards[index]]:
            best_index, best = index, cards[index]
    return best_index


def winning_seat(plays: Sequence[tuple[int, Card]], trump: int) -> int:
    """The seat that wins a trick given as (seat, card) pairs in the order played (so far)."""
    return plays[trick_winner([card for _, card in plays], trump)][0]


@dataclass(frozen=True)
class Trick:
    """A completed trick: who led, the cards in the order played, who won it and its card points.

    >>> from sixtysix.core.cards import parse_card as c
    >>> trick = Trick(leader=1, cards=((1, c("Kh")), (2, c("Ah"))), winner=2, points=15)
    >>> trick.lead == c("Kh"), trick.follower, trick.follow == c("Ah")
    (True, 2, True)
    """

    leader: int
    cards: tuple[tuple[int, Card], ...]
    """(seat, card) in the order played; the first is the leader's."""
    winner: int
    points: int
    """The card points in it (a marriage's points and the last-trick bonus are not card points)."""

    @property
    def lead(self) -> Card:
        """The card led."""
        return self.cards[0][1]

    @property
    def follower(self) -> int:
        """The seat that played second (the follower, in the two-player game)."""
        return self.cards[1][0]

    @property
    def follow(self) -> Card:
        """The second card (the follower's card, in the two-player game)."""
        return self.cards[1][1]


def tricks_of(history: Sequence[tuple[int, Action]], rules: Rules, trump: int) -> tuple[Trick, ...]:
    """The completed tricks of an action history (of a deal or a view), in order.

    A trick has two cards, four in the partnership game; the other actions are skipped.
    Each trick is built straight into its frozen instance's dictionary (as the views are):
    a seat state of the web app asks for every trick of its deal at every change.
    """
    size = rules.cards_per_trick
    points = rules.points
    beaters = BEATERS[trump]
    tricks: list[Trick] = []
    current: list[tuple[int, Card]] = []
    for seat, action in history:
        if not IS_CARD[action]:
            continue
        current.append((seat, int(action)))
        if len(current) == size:
            leader, best = current[0]
            winner, total = leader, points[best]
            for other, card in current[1:]:
                total += points[card]
                if beaters[best] & BIT[card]:
                    winner, best = other, card
            trick = _new(Trick)
            _set(trick, "__dict__", {"leader": leader, "cards": tuple(current), "winner": winner, "points": total})
            tricks.append(trick)
            current = []
    return tuple(tricks)


# -- what a follower may play --------------------------------------------------------------


def follow_mask(rules: Rules, hand: CardMask, led: Card, trump: int) -> CardMask:
    """Two players, phase 2 (talon closed or exhausted): the cards of ``hand`` that may follow ``led``.

    Follow suit, heading the trick if possible (``must_head_trick``); void in it, trump
    (``must_trump_when_void``); else any card (rules.md R-P2-2). In phase 1 any card may follow.
    """
    same = hand & SAME_SUIT[led]
    if same:
        if rules.must_head_trick:
            higher = same & HIGHER[led]
            if higher:
                return higher
        return same
    if rules.must_trump_when_void:
        trumps = hand & SUIT_MASK[trump]
        if trumps:
            return trumps
    return hand


def partnership_follow_mask(
    hand: CardMask, led_suit: int, best: Card, trump: int, undertrump_required: bool
) -> CardMask:
    """Four players: the cards of ``hand`` that may follow to a trick of ``led_suit`` that ``best`` wins so far.

    Follow suit and win if possible (unless the trick is trumped already); void in it, trump,
    over-trumping if possible; under-trump when one cannot over-trump only if
    ``undertrump_required`` (the option ``four_player_undertrump_required``); else any card (R-4P-4).

    >>> from sixtysix.core.cards import format_cards, parse_card, parse_cards
    >>> format_cards(partnership_follow_mask(parse_cards("Ac 8c Kh"), 0, parse_card("Kc"), 3, True))  # TC-4P2
    'Ac'
    """
    in_suit = hand & SUIT_MASK[led_suit]
    if in_suit:
        if SUIT_OF[best] != led_suit:  # already trumped: any card of the suit
            return in_suit
        return in_suit & HIGHER[best] or in_suit  # win if possible
    trumps = hand & SUIT_MASK[trump]
    if not trumps:
        return hand
    if SUIT_OF[best] != trump:
        return trumps  # any trump wins
    over = trumps & HIGHER[best]
    if over:
        return over
    return trumps if undertrump_required else hand


_new = object.__new__
_set = object.__setattr__


def side_of(seat: int) -> int:
    """The side of a seat in the four-handed game: 1 for seats 1 and 3, 2 for seats 2 and 4 (R-4P-1)."""
    return 2 - seat % 2


def partner_of(seat: int) -> int:
    """The seat opposite (the partner, in the four-handed game)."""
    return (seat + 1) % 4 + 1


# -- marriages -----------------------------------------------------------------------------


MARRIAGE_CARDS: tuple[CardMask, ...] = tuple(BIT[make_card(KING, suit)] | BIT[make_card(QUEEN, suit)] for suit in SUITS)
"""``MARRIAGE_CARDS[suit]``: the king and the queen of ``suit``, the cards of its marriage (rules.md §2.6)."""


def marriage_points(trump: bool) -> int:
    """A marriage is worth 40 in trumps and 20 in another suit (rules.md §2.6)."""
    return 40 if trump else 20


def marriage_value(action: int) -> int:
    """The points of a marriage action (``20h`` 20, ``40s`` 40)."""
    return marriage_points(action >= MARRIAGE_40)


def marriage_counts_now(rules: Rules, tricks_won: int) -> bool:
    """Whether a marriage declared by a player who has won ``tricks_won`` tricks counts at once; else it is
    pending until he wins a trick (R-MAR-4; ``marriage_credit=next_trick_won``: always pending).

    >>> from sixtysix.core.rules import Rules
    >>> vu = Rules.preset("vu_schnapsen")
    >>> marriage_counts_now(Rules(), 0), marriage_counts_now(Rules(), 1), marriage_counts_now(vu, 1)
    (False, True, False)
    """
    return tricks_won > 0 and rules.marriage_credit == "seed"


def marriage_for(suit: int, trump: int) -> Action:
    """The marriage action of ``suit`` when ``trump`` is trumps (``40`` in trumps, else ``20``)."""
    return Action.marriage(suit, suit == trump)


# -- the talon ------------------------------------------------------------------------------------


def talon_after(rules: Rules, tricks: int) -> int:
    """The cards left in the talon after ``tricks`` tricks of an unclosed deal: after each trick
    every player of it draws one (0 once it is exhausted, and always in the four-handed game).

    >>> from sixtysix.core.rules import Rules
    >>> seed66 = Rules.preset("seed66")
    >>> talon_after(seed66, 0), talon_after(seed66, 5), talon_after(seed66, 6)
    (12, 2, 0)
    """
    return max(0, rules.talon_size - rules.cards_per_trick * tricks)


def exchange_card(rules: Rules, trump: int) -> Card:
    """The card that may be exchanged for the face-up trump card: the trump nine (Schnapsen: jack)."""
    return make_card(rules.exchange_rank_index, trump)


# -- the last trick and the game points of a deal -----------------------------------------------

LAST_TRICK_BONUS = 10
"""Card points for winning the last trick (rules.md §2.8, R-4P-6) where the rules give them."""


def last_trick_bonus(rules: Rules, closed: bool) -> int:
    """The bonus of the last trick: 10, but none after a close (R-CLOSE-4) nor under
    ``last_trick_rule=wins_deal_one_point`` (Schnapsen); always 10 in the four-handed game."""
    if rules.cards_per_trick == 4:  # R-4P-6: no talon to close, and the option is a two-player one
        return LAST_TRICK_BONUS
    return LAST_TRICK_BONUS if not closed and rules.last_trick_rule == "ten_points" else 0


DEAL_TARGET = 66
"""The card points that win a deal: a claim needs them, a closer must reach them (rules.md §2.9, R-CLAIM-1)."""


def deal_target(rules: Rules) -> int:
    """The card points that win a deal under ``rules`` (66 in every preset; the four-handed game too, R-4P-7).

    >>> from sixtysix.core.rules import Rules
    >>> deal_target(Rules.preset("schnapsen")), deal_target(Rules.preset("four66"))
    (66, 66)
    """
    return DEAL_TARGET


SIMPLE_WIN = 1
"""Game points of a simple win: the loser made :data:`SCHNEIDER` or more (rules.md §2.11)."""
SCHNEIDER_WIN = 2
"""Game points of a win in Schneider: the loser made fewer than :data:`SCHNEIDER` card points but a trick."""
SCHWARZ_WIN = 3
"""Game points of a win in Schwarz: the loser took no trick. Also the most any penalty costs."""
GAME_POINT_SCALE = (SIMPLE_WIN, SCHNEIDER_WIN, SCHWARZ_WIN)
"""The game-point scale of a deal (before any doubling): simple, Schneider, Schwarz."""


def game_point_scale(rules: Rules) -> tuple[int, int, int]:
    """The game points of a simple win, a win in Schneider and in Schwarz under ``rules``.

    >>> from sixtysix.core.rules import Rules
    >>> game_point_scale(Rules.preset("seed66"))
    (1, 2, 3)
    """
    return GAME_POINT_SCALE


CLOSED_DEAL_FACTOR = 2
"""``closed_deal_double``: a deal with a closed talon counts this many times its scale (rules.md §3)."""

TIE_CARRY = 1
"""``tie_rule=carry_one``: the game points a tied deal adds for the next deal's winner (rules.md §3)."""


def closed_factor(rules: Rules) -> int:
    """What a closed deal's game points are multiplied by under ``rules`` (1 unless ``closed_deal_double``)."""
    return CLOSED_DEAL_FACTOR if rules.closed_deal_double else 1


def max_game_points(rules: Rules) -> int:
    """The most game points one deal can give under ``rules``: the top of the scale, doubled for a closed deal.

    >>> from sixtysix.core.rules import Rules
    >>> seed = Rules.preset("seed66")
    >>> max_game_points(seed), max_game_points(seed.replace(closed_deal_double=True))
    (3, 6)
    """
    return max(game_point_scale(rules)) * closed_factor(rules)


SCHNEIDER = 33
"""A loser with fewer card points than this (but a trick) pays double (rules.md §2.11)."""


def game_points(loser_points: int, loser_tricks: int) -> int:
    """Game points by the loser's situation: 1, 2 (Schneider, < 33) or 3 (Schwarz, no trick)."""
    if loser_tricks == 0:
        return SCHWARZ_WIN
    return SCHNEIDER_WIN if loser_points < SCHNEIDER else SIMPLE_WIN


def closer_win_points(rules: Rules, close_points: int, close_tricks: int, end_points: int, end_tricks: int) -> int:
    """The game points of a closer who wins (before any doubling): scaled by the opponent's card
    points and tricks when the talon was closed (``closer_win_basis=at_close``, R-CLOSE-6) or at
    the end of the deal (``at_end``).

    >>> from sixtysix.core.rules import Rules
    >>> seed, pagat = Rules.preset("seed66"), Rules.preset("pagat66")
    >>> closer_win_points(seed, 25, 1, 40, 2), closer_win_points(pagat, 25, 1, 40, 2)  # TC-36
    (2, 1)
    """
    if rules.closer_win_basis == "at_close":
        return game_points(close_points, close_tricks)
    return game_points(end_points, end_tricks)


WINS_DEAL_POINTS = SIMPLE_WIN
"""Game points of a deal decided by its last trick (``last_trick_rule=wins_deal_one_point``, Schnapsen)."""


HUNDRED = 100
"""Four-handed, ``four_player_scale=hundred``: the winners' card points that give the scale's second step (R-4P-7)."""


def partnership_game_points(rules: Rules, winner_points: int, loser_points: int, loser_tricks: int) -> tuple[int, str]:
    """The four-handed scale (R-4P-7): game points of the winning side and why, as a reason code
    (a :class:`~sixtysix.core.outcome.Reason` value: ``schwarz``, ``hundred``, ``schneider``, ``simple``).

    >>> from sixtysix.core.rules import Rules
    >>> four = Rules.preset("four66")
    >>> partnership_game_points(four, 104, 26, 2), partnership_game_points(four, 130, 0, 0)
    ((2, 'hundred'), (3, 'schwarz'))
    >>> partnership_game_points(four.replace(four_player_scale="loser_under_33"), 98, 32, 2)
    (2, 'schneider')
    """
    if loser_tricks == 0:
        return SCHWARZ_WIN, "schwarz"
    if rules.four_player_scale == "hundred":
        return (SCHNEIDER_WIN, "hundred") if winner_points >= HUNDRED else (SIMPLE_WIN, "simple")
    return (SCHNEIDER_WIN, "schneider") if loser_points < SCHNEIDER else (SIMPLE_WIN, "simple")


# -- the exchange card -----------------------------------------------------------------------


# -- how many cards a seat holds ----------------------------------------------------------------


def opponent_hand_size(own: int, trick_open: bool, own_led: bool) -> int:
    """Two players: the opponent's number of cards, from one's own (``own``).

    Both hold as many cards but while a trick is open (a card led, the follower to play):
    then the leader holds one card fewer than the follower.
    """
    if not trick_open:
        return own
    return own + 1 if own_led else own - 1


def partnership_hand_size(rules: Rules, tricks_done: int, played_to_trick: bool) -> int:
    """Four players: the cards a seat holds after ``tricks_done`` tricks, less one if it has
    already played to the current trick (there is no talon to draw from)."""
    return rules.hand_size - tricks_done - played_to_trick
