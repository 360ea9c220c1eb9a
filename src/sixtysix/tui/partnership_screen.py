"""The screen of four-handed partnership 66, drawn from the person's view alone, and its words.

Neither the partner's cards nor the opponents' can appear on it: the own hand sorted by
suit and numbered, the trump suit and the dealer's turned-up card ("held by Left" until
he plays it), the trick on the table with who played what, tricks and card points per
side, and the match score; after a deal, the summary that explains it.

>>> from sixtysix.core.partnership import FourHandedDeal
>>> from sixtysix.core.view import PartnershipView
>>> deal = FourHandedDeal.from_text(" ".join(
...     "As Ts Ks Ah Th Kh Ad Td Kd Ac Tc Kc Qs Js 9s Qh Jh 9h Qd Jd 9d Qc Jc 9c 8s 7s 8h 7h 8d 7d 8c 7c".split()))
>>> from sixtysix.tui.screen import to_text
>>> info = PartnershipInfo(partnership_names(1))
>>> text = to_text(render_partnership(PartnershipView.of(deal, 1), info), width=100)
>>> "Trump  ♣ clubs   7♣ turned up, held by Right (the dealer)" in text
True
>>> "Your lead." in text and "Legal: 1 2 3 4 5 6 7 8" in text
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from sixtysix.core.actions import Action
from sixtysix.core.cards import BIT, Card
from sixtysix.core.facts import LAST_TRICK_BONUS, partner_of, side_of, trick_points, winning_seat
from sixtysix.core.match import DealResult
from sixtysix.core.outcome import Reason
from sixtysix.core.partnership import FourHandedDeal, left_of
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView
from sixtysix.present.describe import Names, card_markup, suit_label
from sixtysix.present.order import hand_order
from sixtysix.present.outcome import SIDE_SCALES
from sixtysix.present.words import say
from sixtysix.tui.screen import HeaderRule, hand_boxes, legal_tokens, marriages_line, screen_tail
from sixtysix.tui.seating import seat_names


def partnership_names(human: int, lang: str = "en") -> Names:
    """The seats called by where they sit: you, ``Left``, ``Partner`` (opposite), ``Right`` (in ``lang``)."""
    others = tuple((s, n) for s, n in seat_names(4, human, lang).items() if s != human)
    return Names(human, "Computer", others, lang)


@dataclass(frozen=True)
class PartnershipInfo:
    """What the four-handed screen shows besides the person's view."""

    names: Names
    title: str = "sixtysix"
    """The whole title line (the session's: the preset, the deal's number, the match's target, the levels)."""
    deal_number: int = 1
    results: tuple[DealResult, ...] = ()
    log: tuple[str, ...] = ()
    symbols: bool = True
    extra: tuple[str, ...] = field(default=())


# -- words ------------------------------------------------------------------------------


def side_key(key: str, side: int, own: int) -> str:
    """``KEY.own`` for the person's side, ``KEY.opp`` for the opponents."""
    return f"{key}.own" if side == own else f"{key}.opp"


def game_points(names: Names, n: int) -> str:
    """``1 game point``, ``2 game points`` in the names' language."""
    return names.count("tui.outcome.game_points", n)


def trick_line(names: Names, trick: Sequence[tuple[int, Card]], symbols: bool = True) -> str:
    """``Left K♠ · Partner A♠ · You 9♠``: a trick so far, in the order played."""
    return " · ".join(f"{names.subject(seat)} {card_markup(card, symbols, names.lang)}" for seat, card in trick)


def completed_tricks(history: Sequence[tuple[int, Action]]) -> list[list[tuple[int, Card]]]:
    """The finished tricks of a deal's history (marriage declarations left out)."""
    tricks: list[list[tuple[int, Card]]] = []
    current: list[tuple[int, Card]] = []
    for seat, action in history:
        if not action.is_card():
            continue
        current.append((seat, int(action)))
        if len(current) == 4:
            tricks.append(current)
            current = []
    return tricks


def describe_trick(names: Names, trick: Sequence[tuple[int, Card]], rules: Rules, trump: int, symbols: bool) -> str:
    """``Left led K♠, Partner played A♠, …: Partner won (25 points)``."""
    lang = names.lang
    (leader, lead), rest = trick[0], trick[1:]
    played = ", ".join(
        names.of("tui.trick.part.played", seat, card=card_markup(card, symbols, lang)) for seat, card in rest
    )
    points = trick_points(rules, (c for _, c in trick))
    return names.say(
        "tui.trick.sentence",
        led=names.of("tui.trick.led", leader, card=card_markup(lead, symbols, lang)),
        played=played,
        won=names.of("tui.trick.part.won", winning_seat(trick, trump)),
        points=names.count("tui.trick.points", points),
    )


# -- the screen -------------------------------------------------------------------------


def render_scoreboard(view: PartnershipView, names: Names) -> Text:
    """``Your side (you, Partner) 3/7   The opponents (Left, Right) 2/7``."""
    target = view.rules.match_target
    partner, left, right = (
        names(seat) for seat in (partner_of(view.seat), left_of(view.seat), partner_of(left_of(view.seat)))
    )
    text = Text()
    for i, side in enumerate((view.side, 3 - view.side)):
        if i:
            text.append("     ")
        text.append(
            names.say(side_key("tui.four.score", side, view.side), partner=partner, left=left, right=right),
            style="bold",
        )
        score = view.match_score[side - 1]
        text.append(f"  {score}/{target}", style="bold green" if score >= target else "bold")
    if view.carried:
        text.append(names.say("tui.four.carried", n=view.carried), style="yellow")
    return text


def _trump_line(view: PartnershipView, names: Names, symbols: bool) -> Text:
    lang = names.lang
    text = Text.from_markup(f"[bold yellow]{suit_label(view.trump, symbols, lang)}[/]   ")
    card = card_markup(view.trump_card, symbols, lang)
    holder = view.dealer
    if view.known[holder - 1] & BIT[view.trump_card]:
        text.append_text(Text.from_markup(names.of("tui.four.trump.held", holder, card=card)))
    else:
        text.append_text(Text.from_markup(names.say("tui.four.trump.played", card=card)))
    return text


def _other_line(view: PartnershipView, seat: int, names: Names, symbols: bool) -> Text:
    known = list(hand_order(view.known[seat - 1], view.trump))
    played_now = sum(1 for s, _ in view.trick if s == seat)
    size = view.rules.hand_size - view.tricks[0] - view.tricks[1] - played_now
    hidden = max(0, size - len(known))
    text = Text(" ".join(["▒▒"] * hidden), style="blue")
    if known:
        shown = " ".join(card_markup(c, symbols, names.lang) for c in known)
        text.append_text(Text.from_markup(f"{' ' if hidden else ''}{shown} {names.say('tui.four.known')}"))
    return text


def _table_line(view: PartnershipView, names: Names, symbols: bool) -> Text:
    if view.trick:
        winning = names.of("tui.four.winning", winning_seat(view.trick, view.trump))
        return Text.from_markup(f"{trick_line(names, view.trick, symbols)}   {winning}")
    if view.marriage_suit >= 0:
        return Text.from_markup(names.of("tui.trick.marriage", view.leader))
    tricks = completed_tricks(view.history)
    if tricks:
        return Text.from_markup(names.say("tui.four.table.last", trick=trick_line(names, tricks[-1], symbols)))
    return Text(names.of("tui.trick.to_lead", view.leader), style="dim")


def _sides_line(view: PartnershipView, names: Names) -> Text:
    text = Text()
    for i, side in enumerate((view.side, 3 - view.side)):
        if i:
            text.append("   ")
        text.append(names.say(side_key("tui.four.side", side, view.side)), style="bold")
        text.append(names.count("tui.four.tricks", view.tricks[side - 1], points=view.score[side - 1]))
        if view.pending[side - 1]:
            text.append(names.say("tui.opp.pending", n=view.pending[side - 1]))
    return text


def prompt_line(view: PartnershipView, names: Names, symbols: bool = True) -> str:
    """What the person is asked to do now."""
    if not view.legal:
        return names.say("tui.prompt.other_plays", name=names.subject(view.to_act or view.leader))
    if view.marriage_suit >= 0:
        return names.say("tui.four.prompt.marriage")
    if view.trick:
        led = card_markup(view.trick[0][1], symbols, names.lang)
        return names.say("tui.prompt.follow", card=led) + names.say("tui.four.prompt.follow")
    return names.say("tui.prompt.lead")


def legal_line(view: PartnershipView, lang: str = "en") -> str:
    """``Legal: 1 3 20h``: the legal cards by number, then any marriage."""
    return legal_tokens(view.hand, view.trump, view.legal, lang) + say("tui.four.legal.commands", lang)


def render_partnership(view: PartnershipView, info: PartnershipInfo) -> RenderableType:
    """The whole four-handed screen for one moment of the person's seat: a pure function of his view."""
    names = info.names
    symbols = info.symbols
    lang = names.lang
    header = HeaderRule(info.title)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", justify="right")
    grid.add_column()
    grid.add_row(names.say("tui.label.trump"), _trump_line(view, names, symbols))
    for seat in (left_of(view.seat), partner_of(view.seat), left_of(partner_of(view.seat))):
        label = names.subject(seat) + (names.say("tui.three.deals") if seat == view.dealer else "")
        grid.add_row(label, _other_line(view, seat, names, symbols))
    grid.add_row(names.say("tui.label.table"), _table_line(view, names, symbols))
    grid.add_row(names.say("tui.label.tricks"), _sides_line(view, names))
    marriages = marriages_line(view.history, names, symbols)
    if marriages:
        grid.add_row(names.say("tui.label.marriages"), marriages)
    own = names.say("tui.label.hand") + (names.say("tui.four.you_deal") if view.seat == view.dealer else "")
    parts: list[RenderableType] = [header, render_scoreboard(view, names), grid, Text(own, style="bold")]
    parts.append(hand_boxes(view.hand, view.trump, view.legal, symbols, lang))
    prompt = [prompt_line(view, names, symbols), legal_line(view, lang)] if view.legal else []
    return Group(*parts, *screen_tail(info.log, 4, [*info.extra, *prompt], lang))


# -- the end of a deal --------------------------------------------------------------------


def explain_deal(deal: FourHandedDeal, names: Names, carried: int = 0) -> list[str]:
    """Sentences that explain the finished deal from the side of ``names.human``: who made what, and the
    engine's reasons for its score (:class:`~sixtysix.core.outcome.Reason`, never the rule restated).

    ``carried`` is what the match carries to the next deal's winners after this one (a tie's game points).
    """
    outcome = deal.outcome
    assert outcome is not None
    own = side_of(names.human)
    points = {1: outcome.points[0], 2: outcome.points[1]}
    tricks = {1: outcome.tricks[0], 2: outcome.tricks[1]}
    winner = outcome.winner
    lines: list[str] = []
    how = outcome.reasons[0]
    if how == Reason.TEN_OF_TRUMPS and winner is not None:
        lines.append(names.say(side_key("tui.four.outcome.ten_of_trumps", winner, own)))
    elif winner is None:
        tie = names.say("tui.four.outcome.tie", a=points[own], b=points[3 - own])
        lines.append(tie + (names.count("tui.four.outcome.tie_carry", carried) if carried else ""))
    elif how == Reason.FORFEIT:
        lines.append(names.say(side_key("tui.four.outcome.forfeit", winner, own)))
    else:
        key, number = SIDE_SCALES[outcome.reasons[1].value]
        lines.append(
            names.say(
                side_key("tui.four.outcome.made", winner, own),
                won=points[winner],
                lost=points[3 - winner],
                why=names.say(key, points=number),
                points=game_points(names, outcome.game_points),
            )
        )
    bonus = outcome.bonus or (0, 0)
    for side in (1, 2):
        if bonus[side - 1]:
            lines.append(
                names.say(side_key("tui.four.outcome.bonus", side, own), points=game_points(names, bonus[side - 1]))
            )
    lines.append(
        names.say(
            "tui.four.outcome.totals",
            a=points[own],
            b=points[3 - own],
            c=tricks[own],
            d=tricks[3 - own],
            bonus=LAST_TRICK_BONUS,
        )
    )
    return lines


def deal_headline(deal: FourHandedDeal, names: Names, credited: int) -> str:
    """``Your side wins 1 game point`` (``credited`` includes a carried tie point)."""
    outcome = deal.outcome
    assert outcome is not None
    own = side_of(names.human)
    if outcome.winner is None:
        return names.say("tui.four.headline.tie", a=outcome.points[own - 1], b=outcome.points[2 - own])
    text = names.count(side_key("tui.four.headline", outcome.winner, own), credited)
    carried = credited - outcome.game_points
    if carried > 0:
        text += " " + names.say("tui.outcome.carried_part", base=outcome.game_points, carried=carried)
    return text


def render_partnership_summary(
    deal: FourHandedDeal, view: PartnershipView, info: PartnershipInfo, credited: int
) -> RenderableType:
    """The deal summary panel: the result explained, then the match score."""
    outcome = deal.outcome
    assert outcome is not None
    names = info.names
    lines = explain_deal(deal, names, view.carried) + list(info.extra)
    body = Text("\n").join(Text.from_markup(line) for line in lines)
    winner = outcome.winner
    style = "yellow" if winner is None else "green" if winner == view.side else "red"
    title = names.say("tui.summary.title", n=info.deal_number, headline=deal_headline(deal, names, credited))
    return Panel(
        Group(body, Text(""), render_scoreboard(view, names)), title=title, title_align="left", border_style=style
    )
