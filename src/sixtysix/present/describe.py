"""Actions, tricks and deal results in words, for the terminal game and the web.

Strings may hold ``rich`` markup (coloured cards); :func:`plain` removes it.

**Rule facts.** The words ask the core for every fact of the rules they name (who takes
a trick, what it is worth, what a marriage scores, the last trick's ten, the Schneider
line, the opponent's hand size): :mod:`sixtysix.core.facts`, which the front ends import
from there. The scoring of a finished deal is explained from its
:class:`~sixtysix.core.view.SpectatorView` (in table seats), so the same sentences serve
a table of two and the two seats that play at a table of three.

>>> names = Names(human=1)
>>> plain(describe_action(names, 2, Action.parse("20h"), symbols=False))
'Computer declares 20 in hearts (shows Kh Qh)'
>>> plain(describe_action(names, 1, Action.parse("Ah"), symbols=True))
'You play A♥'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS, Action, marriage_suit
from sixtysix.core.cards import (
    CARD_NAMES,
    KING,
    QUEEN,
    SUIT_SYMBOLS,
    Card,
    make_card,
    parse_card,
    suit_of,
)
from sixtysix.core.facts import DEAL_TARGET, SCHNEIDER, SCHWARZ_WIN, TIE_CARRY, Trick, last_trick_bonus, marriage_value
from sixtysix.core.forfeit import parse_forfeit_header
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Reason
from sixtysix.core.table import Table
from sixtysix.core.view import PlayerView, SpectatorView
from sixtysix.present import voice
from sixtysix.present.words import say

RED_SUITS = frozenset((1, 2))  # diamonds, hearts


def opponent_hand_size(view: PlayerView) -> int:
    """How many cards the opponent of a two-player ``view`` holds (the view's own count, from the core).

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1, dealer=2)
    >>> deal.apply(deal.legal_actions()[0])
    >>> opponent_hand_size(PlayerView.of(deal, 1)), opponent_hand_size(PlayerView.of(deal, 2))
    (6, 5)
    """
    return view.opponent_hand_size


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
    lang: str = "en"
    """The language they speak in (:mod:`sixtysix.present.voice`): ``du`` in German, ``vous`` in French."""

    def other(self, seat: int) -> str:
        """The name of a seat that is not the player's (the program's names in :attr:`lang`)."""
        for other, name in self.others:
            if other == seat:
                return name
        return voice.local_name(self.computer, self.lang)

    def __call__(self, seat: int) -> str:
        """The name in the middle of a sentence: ``you`` or ``Computer``."""
        return say("tui.you", self.lang) if seat == self.human else self.other(seat)

    def subject(self, seat: int) -> str:
        """The name at the start of a sentence: ``You`` or ``Computer``."""
        return say("tui.You", self.lang) if seat == self.human else self.other(seat)

    def say(self, key: str, **values: object) -> str:
        """The sentence ``key`` of the catalogue (:mod:`sixtysix.present.words`) in :attr:`lang`."""
        return say(key, self.lang, **values)

    def count(self, key: str, n: int, **values: object) -> str:
        """The sentence ``key`` in its plural form for ``n`` (``{n}`` filled in) in :attr:`lang`."""
        return say(key, self.lang, n=n, **values)

    def of(self, key: str, seat: int, **values: object) -> str:
        """The sentence ``key`` about ``seat``: ``KEY.you`` for the player, else ``KEY.other`` with its ``{name}``.

        >>> Names(human=1, lang="de").of("tui.act.play", 2, card="A♥")
        'Computer spielt A♥'
        """
        if seat == self.human:
            return say(f"{key}.you", self.lang, **values)
        return say(f"{key}.other", self.lang, name=self.other(seat), **values)

    def of_count(self, key: str, seat: int, n: int, **values: object) -> str:
        """:meth:`of` with a count: ``KEY.you`` or ``KEY.other`` in its plural form for ``n`` (filled in)."""
        whose = f"{key}.you" if seat == self.human else f"{key}.other"
        return say(whose, self.lang, n=n, name=self.other(seat), **values)

    def possessive(self, seat: int) -> str:
        """Whose: ``your`` or ``Computer's`` (``tui.possessive``) in :attr:`lang`."""
        return self.of("tui.possessive", seat)


def rank_index(rank: str, lang: str = "en") -> str:
    """A French-suited card's corner index in ``lang``, as the cards and the web page show it (``fdeck.index.*``):
    a ten is ``10`` (the record's ``T`` is notation, not a card face).

    >>> rank_index("Q", "de"), rank_index("K", "fr"), rank_index("T", "fr"), rank_index("9")
    ('D', 'R', '10', '9')
    """
    if rank == "T":
        return "10"
    return rank if rank in "987" else say(f"fdeck.index.{rank}", lang)


def card_label(card: Card, symbols: bool = True, lang: str = "en") -> str:
    """``A♥`` (or ``Ah`` without symbols, the record's token): rank, then the suit. With symbols,
    each language takes its own corner letters (``B♣`` for the jack in German, ``V♣`` in French),
    and a ten is ``10♥``, as printed on the card.

    >>> from sixtysix.core.cards import parse_card
    >>> card_label(parse_card("Jc")), card_label(parse_card("Jc"), lang="de"), card_label(parse_card("Qs"), lang="fr")
    ('J♣', 'B♣', 'D♠')
    >>> card_label(parse_card("Th")), card_label(parse_card("Th"), lang="fr"), card_label(parse_card("Jc"), False, "de")
    ('10♥', '10♥', 'Jc')
    """
    name = CARD_NAMES[card]
    if not symbols:
        return name
    return rank_index(name[0], lang) + SUIT_SYMBOLS[suit_of(card)]


def typed_token(action: Action) -> str:
    """How a player types ``action`` at the prompt: its record token, a ten as ``10h`` (both are understood).

    >>> typed_token(Action.parse("Th")), typed_token(Action.parse("Ah")), typed_token(Action.parse("20h"))
    ('10h', 'Ah', '20h')
    """
    token = str(action)
    return "10" + token[1:] if action.is_card() and token[0] == "T" else token


DECIMAL_COMMA = ("de", "fr")
"""The languages that write a decimal comma (and a true minus sign)."""


def decimal_text(value: float, lang: str = "en", sign: bool = False, digits: int = 2) -> str:
    """A number as people of ``lang`` write it: a decimal comma in German and French, a true minus sign there.

    >>> decimal_text(-0.8249, "de", sign=True), decimal_text(1.0, "fr", sign=True), decimal_text(0.5)
    ('−0,82', '+1,00', '0.50')
    """
    text = f"{value:+.{digits}f}" if sign else f"{value:.{digits}f}"
    if lang in DECIMAL_COMMA:
        text = text.replace(".", ",").replace("-", "\u2212")
    return text


def value_text(value: float, margin: float = 0.0, lang: str = "en") -> str:
    """A value in game points with its sign and, unless it is exact (``margin`` below 0.005), its margin, as
    people of ``lang`` write it (as :func:`sixtysix.ai.analysis.with_error` in English).

    >>> value_text(-0.4712, 0.052), value_text(-0.4712, 0.052, "de"), value_text(-0.001)
    ('-0.47 ± 0.05', '−0,47 ± 0,05', '+0.00')
    """
    text = decimal_text(round(value, 2) + 0.0, lang, sign=True)  # why: -0.001 would print as -0.00
    return f"{text} ± {decimal_text(margin, lang)}" if margin >= 0.005 else text


def card_style(card: Card) -> str:
    """The colour of a card: red for hearts and diamonds, bold for clubs and spades."""
    return "bold red" if suit_of(card) in RED_SUITS else "bold"


def card_markup(card: Card, symbols: bool = True, lang: str = "en") -> str:
    return f"[{card_style(card)}]{card_label(card, symbols, lang)}[/]"


def action_markup(action: Action, symbols: bool = True, lang: str = "en") -> str:
    """A card as :func:`card_markup` (``A♥`` in its colour), any other action as its token (``20h``, ``66``)."""
    return card_markup(action, symbols, lang) if action.is_card() else str(action)


def suit_label(suit: int, symbols: bool = True, lang: str = "en") -> str:
    """``♥ hearts`` (or ``hearts``; ``♥ Herz`` in German)."""
    name = voice.suit_name(suit, lang)
    return f"{SUIT_SYMBOLS[suit]} {name}" if symbols else name


def cards_markup(cards: Sequence[Card], symbols: bool = True, lang: str = "en") -> str:
    return " ".join(card_markup(c, symbols, lang) for c in cards)


_MARKUP = re.compile(r"\[/?[a-z ]*\]")


def plain(text: str) -> str:
    """``text`` without its rich markup."""
    return _MARKUP.sub("", text)


def describe_action(
    names: Names, seat: int, action: Action, symbols: bool = True, exchange: tuple[Card, Card] | None = None
) -> str:
    """A log line for an action: ``Computer plays K♥`` (in ``names.lang``).

    ``exchange`` is (the exchange card, the face-up card it was swapped for), for ``X``.
    """
    lang = names.lang
    if action.is_card():
        return names.of("tui.act.play", seat, card=card_markup(action, symbols, lang))
    if action.is_marriage():
        suit = marriage_suit(action)
        shown = cards_markup((make_card(KING, suit), make_card(QUEEN, suit)), symbols, lang)
        value = marriage_value(action)
        return names.of("tui.act.marriage", seat, value=value, suit=voice.suit_name(suit, lang), cards=shown)
    if action == EXCHANGE:
        if exchange is None:
            return names.of("tui.act.exchange", seat)
        low, high = exchange
        return names.of(
            "tui.act.exchange_cards", seat, low=card_markup(low, symbols, lang), high=card_markup(high, symbols, lang)
        )
    key = {
        CLOSE: "tui.act.close",
        CLOSE_BEFORE_DRAW: "tui.act.close_before_draw",
        CLAIM: "tui.act.claim",
        DRAW: "tui.act.draw",
    }
    if action in key:
        return names.of(key[action], seat)
    if action == PASS:
        return names.of("tui.act.pass", seat)
    return f"{names.subject(seat)}: {action}"


def marriage_choice(action: Action, lang: str = "en") -> str:
    """What declaring the marriage ``action`` means: ``declare 20 in hearts, then lead the king or queen``."""
    suit = voice.suit_name(marriage_suit(action), lang)
    return say("tui.choice.marriage", lang, value=marriage_value(action), suit=suit)


def describe_action_choice(action: Action, deal: Deal | None = None, symbols: bool = True, lang: str = "en") -> str:
    """What choosing ``action`` means, for the list of legal actions (``help``), in ``lang``."""
    if action.is_card():
        return say("tui.choice.play", lang, card=card_markup(action, symbols, lang))
    if action.is_marriage():
        return marriage_choice(action, lang)
    if action == EXCHANGE:
        if deal is not None and deal.face_up >= 0:
            ex, face = card_markup(deal.exchange_card, symbols, lang), card_markup(deal.face_up, symbols, lang)
            return say("tui.choice.exchange_face", lang, card=ex, face=face)
        return say("tui.choice.exchange", lang)
    words = {
        CLOSE: "tui.choice.close",
        CLOSE_BEFORE_DRAW: "tui.choice.close_before_draw",
        CLAIM: "tui.choice.claim",
        DRAW: "tui.choice.draw",
        PASS: "tui.choice.pass",
    }
    return say(words[action], lang) if action in words else str(action)


# -- tricks -----------------------------------------------------------------------------


def describe_trick(names: Names, trick: Trick, symbols: bool = True) -> str:
    """``Computer led K♠, you played A♠: you won (15 points)``: a two-card trick as the core counts it.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=3)
    >>> deal.apply(deal.legal_actions()[0]); deal.apply(deal.legal_actions()[0])
    >>> plain(describe_trick(Names(human=1), deal.completed_tricks()[0], symbols=False))
    'You led Tc, Computer played Qd: you won (13 points)'
    """
    lang = names.lang
    return names.say(
        "tui.trick.sentence",
        led=names.of("tui.trick.led", trick.leader, card=card_markup(trick.lead, symbols, lang)),
        played=names.of("tui.trick.part.played", trick.follower, card=card_markup(trick.follow, symbols, lang)),
        won=names.of("tui.trick.part.won", trick.winner),
        points=names.count("tui.trick.points", trick.points),
    )


# -- deal results ---------------------------------------------------------------------


REASONS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(f"^{pattern}$"), key)
    for pattern, key in (
        (r"seat (?P<seat>[1-4]) claimed correctly with (?P<p>\d+)", "claimed"),
        (r"seat (?P<seat>[1-4]) claimed correctly with (?P<p>\d+) after closing", "claimed_after_closing"),
        (
            r"seat (?P<seat>[1-4]) claimed correctly with (?P<p>\d+) after seat (?P<closer>[1-4]) closed",
            "claimed_after_close",
        ),
        (r"seat (?P<seat>[1-4]) claimed with only (?P<p>\d+)", "claimed_only"),
        (r"seat (?P<seat>[1-4]) claimed with only (?P<p>\d+) after closing", "claimed_only_after_closing"),
        (r"seat (?P<seat>[1-4]) closed but did not claim (?P<target>\d+) \(made (?P<p>\d+)\)", "closed_short"),
        (r"seat (?P<seat>[1-4]) closed and reached (?P<p>\d+) but never claimed", "closed_never_claimed"),
        (r"seat (?P<seat>[1-4]) closed and reached (?P<p>\d+)", "closed_reached"),
        (r"seat (?P<seat>[1-4]) won the last trick and reached (?P<p>\d+)", "last_trick_reached"),
        (r"seat (?P<seat>[1-4]) won the last trick", "last_trick"),
        (r"a tie at (?P<p>\d+) each", "tie"),
        (r"played out: seat (?P<seat>[1-4]) made (?P<p>\d+), seat (?P<other>[1-4]) (?P<q>\d+)", "played_out"),
        (r"forfeit: seat (?P<seat>[1-4]) (?P<why>.*)", "forfeit"),
    )
)
"""The engine's reasons of a deal's end (``Outcome.reason``) and the catalogue key (``tui.reason.KEY``) that
says each; a key with a ``seat`` has a ``.you`` and an ``.other`` form (and ``.closed_by_you`` for a claim
after the player closed). A forfeit's ``why`` (what happened
to a bot) stays the engine's English."""


def humanize(reason: str, names: Names) -> str:
    """An engine's reason of a deal's end said with the names, from the catalogue (``tui.reason.*``): the
    terminal's first line of a deal's end. A reason the catalogue does not know is the engine's English
    with "seat 1"/"seat 2" (up to "seat 4") replaced by the names.

    >>> humanize("played out: seat 2 made 70, seat 1 50", Names(human=1))
    'Played out: Computer made 70, you 50'
    >>> humanize("seat 1 won the last trick", Names(human=1, lang="de"))
    'Du hast den letzten Stich gemacht'
    """
    for pattern, key in REASONS:
        found = pattern.match(reason)
        if found:
            values: dict[str, object] = found.groupdict()
            if "closer" in values:  # a claim after the other seat closed: the closer may be the player
                closer = int(found["closer"])
                if closer == names.human:
                    return names.say(
                        f"tui.reason.{key}.closed_by_you", name=names.other(int(found["seat"])), p=found["p"]
                    )
                values["closer"] = names.other(closer)
            if "other" in values:
                values["other"] = names(int(found["other"]))
            if "seat" not in values:
                return names.say(f"tui.reason.{key}", **values)
            del values["seat"]
            return names.of(f"tui.reason.{key}", int(found["seat"]), **values)
    text = re.sub(r"seat ([1-4])", lambda m: names(int(m.group(1))), reason)
    return text[:1].upper() + text[1:]


SEAT = r"seat (?P<seat>[1-4])"
CARD = r"(?P<card>[AKQJT987][cdhs])"

REFUSALS: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(f"^{pattern}$"), key)
    for pattern, key in (
        (r"the deal is over", "over"),
        (rf"{SEAT} may not exchange now", "no_exchange_now"),
        (r"it is seat (?P<actor>[1-4])'s turn, not seat (?P<seat>[1-4])'s", "turn"),
        (r"the follower must play a card", "play_a_card"),
        (r"after declaring a marriage the leader must lead its king or queen", "lead_marriage"),
        (r"claims are automatic under these rules", "automatic_claims"),
        (rf"{SEAT} does not hold the king and queen", "no_pair"),
        (rf"{SEAT} does not hold {CARD}", "not_held"),
        (r"the exchange is not allowed now", "no_exchange"),
        (r"there is nothing to draw now", "nothing_to_draw"),
        (r"there is no exchange to decline", "nothing_to_decline"),
        (r"the trick winner must first draw", "draw_first"),
        (r"the follower must play one of (?P<cards>.+)", "play_one_of"),
        (r"a marriage is worth (?P<trumps>\d+) in trumps and (?P<plain>\d+) otherwise", "marriage_worth"),
        (r"no marriages once the talon is closed or exhausted", "no_marriage_closed"),
        (r"no marriage on the first lead under these rules", "no_marriage_first_lead"),
        (rf"the exchange is done: {CARD} lies face up", "exchange_done"),
        (r"the talon is already closed or exhausted", "talon_closed"),
        (r"these rules allow closing only after the draw \(C\)", "close_after_draw"),
        (r"CB is only possible right after winning a trick", "close_before_draw"),
        (r"closing is not allowed now", "no_close"),
        (
            rf"{SEAT} must (?P<duty>follow suit and win the trick|follow suit|over-trump|trump): one of (?P<cards>.+)",
            "duty",
        ),
        (
            r"only cards \(and marriages, where the rules score them\) are played in the four-handed game",
            "four_cards_only",
        ),
        (r"marriages do not score in the four-handed game under these rules", "four_no_marriages"),
        (r"only the player on lead may declare a marriage", "lead_marries"),
        (rf"{SEAT} sits out this deal", "sits_out"),
    )
)
"""The engines' refusals (``IllegalActionError``, after the token they name first) and the catalogue key
(``tui.refusal.KEY``) that says each to the player; a key with a ``seat`` has a ``.you`` and an ``.other``
form. tests/present/test_refusal_words.py checks that every refusal the engines give is here."""

DUTIES = {
    "follow suit and win the trick": "follow_win",
    "follow suit": "follow",
    "over-trump": "overtrump",
    "trump": "trump",
}
"""The four-handed game's duties (``tui.refusal.duties.*``)."""


def refusal_words(refusal: str, names: Names, symbols: bool = True) -> str:
    """Why an action is refused (an engine's ``IllegalActionError`` text), said to the player who tried it,
    in :attr:`Names.lang` (the catalogue's ``tui.refusal.*``).

    The engine's words name seats and card tokens (``Qh: seat 1 does not hold Qh``); the
    player hears of himself and of cards as the screen shows them. The refusal is always
    of the seat that acts, so "the follower" (or leader, or trick winner) is the player.
    A refusal the catalogue does not know (none of the engines gives one: a test checks)
    is said in the engine's English, its seats and cards named.

    >>> names = Names(human=1)
    >>> refusal_words("Qh: seat 1 does not hold Qh", names)
    'You do not hold Q♥'
    >>> refusal_words("Ah: the follower must play one of Kh Th", names, symbols=False)
    'You must play one of Kh Th'
    >>> refusal_words("X: it is seat 2's turn, not seat 1's", names)
    "It is Computer's turn, not yours"
    >>> refusal_words("20h: after declaring a marriage the leader must lead its king or queen", names)
    'After declaring a marriage you must lead its king or queen'
    >>> refusal_words("Qh: seat 1 does not hold Qh", Names(human=1, lang="de"))
    'Du hast D♥ nicht'
    """
    text = re.sub(r"^[^\s:]+: ", "", refusal.strip())  # the token the engine names first: the player typed it
    for pattern, key in REFUSALS:
        found = pattern.match(text)
        if found:
            return _refusal_sentence(f"tui.refusal.{key}", found.groupdict(), names, symbols)
    return _engine_english(text, names, symbols)


def _refusal_sentence(key: str, found: dict[str, str], names: Names, symbols: bool) -> str:
    """The catalogue's sentence ``key`` with the refusal's seats, cards and duty in the player's words."""
    lang = names.lang
    values: dict[str, object] = {}
    if "card" in found:
        values["card"] = card_label(parse_card(found["card"]), symbols, lang)
    if "cards" in found:
        values["cards"] = " ".join(card_label(parse_card(token), symbols, lang) for token in found["cards"].split())
    if "duty" in found:
        values["duty"] = say(f"tui.refusal.duties.{DUTIES[found['duty']]}", lang)
    for number in ("trumps", "plain"):
        if number in found:
            values[number] = found[number]
    if "actor" in found:
        actor, seat = int(found["actor"]), int(found["seat"])
        if actor == names.human:
            return say(f"{key}.yours", lang, other=names.other(seat))
        if seat == names.human:
            return say(f"{key}.you", lang, name=names.other(actor))
        return say(f"{key}.other", lang, name=names.other(actor), other=names.other(seat))
    if "seat" in found:
        return names.of(key, int(found["seat"]), **values)
    return say(key, lang, **values)


def _engine_english(text: str, names: Names, symbols: bool) -> str:
    """A refusal the catalogue does not know, in the engine's English with its seats and cards named."""

    def does_not(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return f"{names(seat)} {'do' if seat == names.human else 'does'} not"

    def not_whose(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return ", not yours" if seat == names.human else f", not {names.possessive(seat)}"

    text = re.sub(r"\bthe (?:follower|leader|trick winner)\b", "you", text)
    text = re.sub(r"seat ([1-4]) does not", does_not, text)
    text = re.sub(r", not seat ([1-4])'s", not_whose, text)
    text = re.sub(r"seat ([1-4])'s", lambda m: names.possessive(int(m.group(1))), text)
    text = re.sub(r"\bseat ([1-4])\b", lambda m: names(int(m.group(1))), text)
    text = re.sub(r"\b[AKQJT987][cdhs]\b", lambda m: card_label(parse_card(m.group(0)), symbols), text)
    return text[:1].upper() + text[1:]


def game_points_text(n: int, lang: str = "en") -> str:
    """``1 game point``, ``2 game points`` (``tui.outcome.game_points``) in ``lang``.

    >>> game_points_text(1), game_points_text(3, "de")
    ('1 game point', '3 Punkte')
    """
    return say("tui.outcome.game_points", lang, n=n)


@dataclass(frozen=True)
class _Duel:
    """The public facts of a finished deal of two seats, read by table seat (for the sentences)."""

    public: SpectatorView

    def other(self, seat: int) -> int:
        first, second = self.public.active
        return second if seat == first else first

    def points(self, seat: int) -> int:
        return self.public.scores[seat - 1]

    def tricks(self, seat: int) -> int:
        return self.public.trick_counts[seat - 1]


Line = tuple[tuple[Reason, ...], str]
"""A sentence of a deal's explanation and the reason codes of the engine's :class:`~sixtysix.core.outcome.Scoring`
it puts into words (none for a remark that is no part of the scoring)."""

_STEPS = (Reason.SIMPLE, Reason.SCHNEIDER, Reason.SCHWARZ)


def _step(reasons: Sequence[Reason]) -> Reason:
    """The scale step among a win's reasons (simple, Schneider or Schwarz)."""
    return next(reason for reason in reasons if reason in _STEPS)


def _scale_sentence(names: Names, loser: int, points: int, step: Reason, n: int, at_close: bool = False) -> Line:
    """Why the scale gave ``n`` game points: the engine's step (``step``), with the loser's card points
    (``tui.scoring.simple``, ``.schneider``, ``.schwarz``; ``…_at_close`` when they were counted at the close)."""
    key = f"tui.scoring.{step.value}{'_at_close' if at_close else ''}"
    return (step,), names.of(key, loser, p=points, line=SCHNEIDER, game_points=game_points_text(n, names.lang))


def _closer_win(names: Names, duel: _Duel, reasons: Sequence[Reason], n: int) -> list[Line]:
    public = duel.public
    opponent = duel.other(public.closer)
    if Reason.AT_CLOSE in reasons:
        return [
            ((Reason.AT_CLOSE,), names.of("tui.scoring.closed_basis", opponent)),
            _scale_sentence(names, opponent, public.close_score, _step(reasons), n, at_close=True),
        ]
    return [_scale_sentence(names, opponent, duel.points(opponent), _step(reasons), n)]


def _failed_close(
    names: Names, duel: _Duel, why: Reason, reasons: Sequence[Reason], n: int, claimed: bool = True
) -> Line:
    """A failed close's sentence: the closer fell short of the target (or, ``claimed`` false, never claimed it)."""
    closer = duel.public.closer
    opponent = duel.other(closer)
    lang = names.lang
    failure = "closed_short" if claimed else "closed_never_claimed"
    parts = {
        "closed": names.of(f"tui.scoring.part.{failure}", closer, target=DEAL_TARGET),
        "so": names.of("tui.scoring.part.so_score", opponent, game_points=game_points_text(n, lang)),
    }
    if Reason.ALWAYS_THREE in reasons:
        return (why, Reason.ALWAYS_THREE), names.say("tui.scoring.failed_close.always_three", most=SCHWARZ_WIN, **parts)
    if Reason.NO_TRICK_AT_CLOSE in reasons:
        no_trick = names.of("tui.scoring.part.no_trick_at_close", opponent)
        return (why, Reason.NO_TRICK_AT_CLOSE), names.say(
            "tui.scoring.failed_close.no_trick_at_close", why=no_trick, **parts
        )
    if Reason.HOYLE in reasons:
        return (why, Reason.HOYLE), names.say("tui.scoring.failed_close.hoyle", line=SCHNEIDER, **parts)
    most = game_points_text(SCHWARZ_WIN, lang)
    if_no_trick = names.of("tui.scoring.part.if_no_trick_at_close", opponent)
    return (why,), names.say("tui.scoring.failed_close.plain", most=most, if_no_trick=if_no_trick, **parts)


def explain_scoring(table: Table, names: Names) -> list[str]:
    """Sentences that explain how the finished deal of two seats ``table`` scored its game points
    (a two-player deal, or the deal two seats of three play); see :func:`scoring_sentences`."""
    return scoring_sentences(table.spectator_view(), names)


def scoring_sentences(public: SpectatorView, names: Names) -> list[str]:
    """Sentences that explain how a finished deal of two seats scored: words for the engine's reasons,
    from the catalogue (``tui.scoring.*``) in ``names.lang``.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> [plain(line) for line in scoring_sentences(deal.spectator_view(), Names(human=1))]
    ['Computer closed the talon and did not make 66, so you score 3 game points: you had no trick when it was closed.']
    """
    return [text for _, text in scoring_lines(public, names)]


def scoring_lines(public: SpectatorView, names: Names) -> list[Line]:
    """:func:`scoring_sentences` with the reason codes each sentence words: together exactly the
    reasons of the deal's :class:`~sixtysix.core.outcome.Outcome` (no sentence decides anything)."""
    outcome = public.outcome
    if outcome is None:
        return []
    reasons = outcome.reasons
    if reasons[0] == Reason.TIE:
        if public.rules.tie_rule == "carry_one":
            return [((Reason.TIE,), names.count("tui.scoring.tie_carry", TIE_CARRY))]
        return [((Reason.TIE,), names.say("tui.scoring.tie_void"))]
    winner = outcome.winner
    assert winner is not None
    duel = _Duel(public)
    loser = duel.other(winner)
    lines = _how_won(names, duel, winner, loser)
    if Reason.DOUBLED in reasons:
        lines.append(((Reason.DOUBLED,), names.say("tui.outcome.why.doubled")))
    if public.pending[loser - 1]:
        lines.append(((), names.of("tui.scoring.marriage_never_counted", loser)))
    return lines


def _how_won(names: Names, duel: _Duel, winner: int, loser: int) -> list[Line]:
    """The sentences of a deal won by ``winner``: how it ended and what that scores, by the engine's reasons."""
    public = duel.public
    outcome = public.outcome
    assert outcome is not None
    closer, reasons, n = public.closer, outcome.reasons, outcome.base_points
    lang = names.lang
    points = game_points_text(n, lang)
    how = reasons[0]
    if how == Reason.FORFEIT:  # not a rule of 66: a bot failed (sixtysix.core.forfeit)
        why = parse_forfeit_header(outcome.reason)[2]  # what happened, for people: the engine's English
        forfeited = names.of("tui.scoring.part.forfeited", loser)
        so = names.of("tui.scoring.part.so_score", winner, game_points=game_points_text(outcome.game_points, lang))
        return [((how,), names.say("tui.scoring.forfeit", forfeited=forfeited, why=why, so=so))]
    claimed = names.of("tui.outcome.claimed", winner, p=duel.points(winner))
    if how == Reason.CLAIM:
        return [((how,), claimed), _scale_sentence(names, loser, duel.points(loser), _step(reasons), n)]
    if how == Reason.CLOSER_CLAIM:
        return [((how,), claimed), *_closer_win(names, duel, reasons, n)]
    if how == Reason.BEATEN_CLOSER:
        parts = {
            "closed": names.of("tui.scoring.part.closed", closer),
            "reached": names.of("tui.scoring.part.reached_first", winner, target=DEAL_TARGET),
            "game_points": points,
        }
        if Reason.FLAT in reasons:
            return [((how, Reason.FLAT), names.say("tui.scoring.beaten.flat", **parts))]
        if Reason.NO_TRICK_AT_CLOSE in reasons:
            why = names.of("tui.scoring.part.no_trick_at_close", winner)
            return [
                ((how, Reason.NO_TRICK_AT_CLOSE), names.say("tui.scoring.beaten.no_trick_at_close", why=why, **parts))
            ]
        if_no_trick = names.of("tui.scoring.part.if_no_trick_at_close", winner)
        return [((how,), names.say("tui.scoring.beaten.plain", most=SCHWARZ_WIN, if_no_trick=if_no_trick, **parts))]
    if how == Reason.FALSE_CLAIM_FAILED_CLOSE:
        return [
            ((), names.say("tui.scoring.false_claim_after_close")),
            _failed_close(names, duel, how, reasons, n),
        ]
    if how == Reason.FALSE_CLAIM:
        if Reason.FLAT in reasons:
            return [
                ((how, Reason.FLAT), names.say("tui.scoring.false_claim.flat", target=DEAL_TARGET, game_points=points))
            ]
        if Reason.NO_TRICK in reasons:
            sentence = names.say("tui.scoring.false_claim.no_trick", target=DEAL_TARGET, game_points=points)
            return [((how, Reason.NO_TRICK), sentence)]
        sentence = names.say("tui.scoring.false_claim.plain", target=DEAL_TARGET, game_points=points, most=SCHWARZ_WIN)
        return [((how,), sentence)]
    if how == Reason.FAILED_CLOSE:
        return [_failed_close(names, duel, how, reasons, n)]
    if how == Reason.NEVER_CLAIMED:  # strict_claims: 66 without a claim is no success (A16)
        return [
            ((), names.say("tui.scoring.never_claimed", target=DEAL_TARGET)),
            _failed_close(names, duel, how, reasons, n, claimed=False),
        ]
    if how == Reason.CLOSER_PLAYED_OUT:
        return [((how,), names.of("tui.outcome.closer_made_it", closer)), *_closer_win(names, duel, reasons, n)]
    if how == Reason.LAST_TRICK_TARGET:  # the automatic end at 66 comes first (VU)
        sentence = names.of("tui.scoring.last_trick_target", winner, target=DEAL_TARGET)
        return [((how,), sentence), _scale_sentence(names, loser, duel.points(loser), _step(reasons), n)]
    if how == Reason.LAST_TRICK:
        return [((how, Reason.SIMPLE), names.say("tui.scoring.last_trick", game_points=points))]
    last = public.completed_tricks()[-1].winner
    bonus = last_trick_bonus(public.rules, closed=False)
    return [
        ((how,), names.of("tui.scoring.played_out", last, bonus=bonus)),
        _scale_sentence(names, loser, duel.points(loser), _step(reasons), n),
    ]


def deal_headline(table: Table, names: Names, credited: int) -> str:
    """``You win 2 game points`` (``credited`` includes carried tie points), in ``names.lang``.

    >>> from sixtysix import Deal
    >>> deal = Deal.shuffled(seed=1)
    >>> while not deal.is_over:
    ...     deal.apply(deal.legal_actions()[0])
    >>> deal_headline(deal, Names(human=1), 4), deal_headline(deal, Names(human=1, lang="de"), 3)
    ('You win 4 game points (3 + 1 carried from a tie)', 'Du gewinnst 3 Punkte')
    """
    outcome = table.outcome
    if outcome is None:
        return "The deal is not over"
    if outcome.winner is None:
        return names.say("tui.outcome.tie_headline")
    text = names.of_count("tui.outcome.headline", outcome.winner, credited)
    if credited > outcome.game_points:
        carried = credited - outcome.game_points
        text += " " + names.say("tui.outcome.carried_part", base=outcome.game_points, carried=carried)
    return text
