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
from sixtysix.core.facts import DEAL_TARGET, HUNDRED, SCHNEIDER, SCHNEIDER_WIN, SCHWARZ_WIN, SIMPLE_WIN
from sixtysix.core.match import DealResult
from sixtysix.core.outcome import Reason
from sixtysix.core.partnership import FourHandedDeal, left_of, partner_of, side_of
from sixtysix.core.rules import Rules
from sixtysix.core.view import PartnershipView
from sixtysix.present.describe import (
    LAST_TRICK_BONUS,
    Names,
    card_markup,
    suit_label,
    trick_points,
    trick_winner,
)
from sixtysix.present.order import hand_order
from sixtysix.tui.screen import HeaderRule, hand_boxes, legal_tokens, marriages_line, screen_tail
from sixtysix.tui.seating import seat_names

SCALE_TEXT = {
    "hundred": f"{SIMPLE_WIN} game point from {DEAL_TARGET}, {SCHNEIDER_WIN} from {HUNDRED}, "
    f"{SCHWARZ_WIN} for all the tricks",
    "loser_under_33": f"{SIMPLE_WIN} game point from {DEAL_TARGET}, {SCHNEIDER_WIN} when the losers have under "
    f"{SCHNEIDER}, {SCHWARZ_WIN} for all the tricks",
}
"""The four-handed scale of each ``four_player_scale`` (R-4P-7), its numbers from the core's facts."""

SCALE_WORDS = {
    Reason.SCHWARZ: "all the tricks",
    Reason.HUNDRED: f"{HUNDRED} or more",
    Reason.SCHNEIDER: f"the losers under {SCHNEIDER}",
    Reason.SIMPLE: f"{DEAL_TARGET} or more",
}
"""Words for the engine's reason of a four-handed deal's game points (its scale step)."""


def partnership_names(human: int) -> Names:
    """The seats called by where they sit: you, ``Left``, ``Partner`` (opposite), ``Right``."""
    return Names(human, "Computer", tuple((s, n) for s, n in seat_names(4, human).items() if s != human))


@dataclass(frozen=True)
class PartnershipInfo:
    """What the four-handed screen shows besides the person's view."""

    names: Names
    title: str = "sixtysix · four66"
    deal_number: int = 1
    results: tuple[DealResult, ...] = ()
    log: tuple[str, ...] = ()
    symbols: bool = True
    extra: tuple[str, ...] = field(default=())


# -- words ------------------------------------------------------------------------------


def side_subject(side: int, own: int) -> str:
    """``Your side`` or ``The opponents``."""
    return "Your side" if side == own else "The opponents"


def side_verb(side: int, own: int, singular: str, plural: str) -> str:
    return singular if side == own else plural


def _points(n: int) -> str:
    return f"{n} game point{'s' if n != 1 else ''}"


def trick_line(names: Names, trick: Sequence[tuple[int, Card]], symbols: bool = True) -> str:
    """``Left K♠ · Partner A♠ · you 9♠``: a trick so far, in the order played."""
    return " · ".join(f"{names.subject(seat)} {card_markup(card, symbols)}" for seat, card in trick)


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
    (leader, lead), rest = trick[0], trick[1:]
    played = ", ".join(f"{names(seat)} played {card_markup(card, symbols)}" for seat, card in rest)
    points = trick_points(rules, (c for _, c in trick))
    winner = trick_winner(trick, trump)
    return f"{names.subject(leader)} led {card_markup(lead, symbols)}, {played}: {names(winner)} won ({points} points)"


# -- the screen -------------------------------------------------------------------------


def render_scoreboard(view: PartnershipView, results: Sequence[DealResult] = ()) -> Text:
    """``Your side (you, Partner) 3/7   The opponents (Left, Right) 2/7``."""
    target = view.rules.match_target
    text = Text()
    for i, side in enumerate((view.side, 3 - view.side)):
        if i:
            text.append("     ")
        who = "you, Partner" if side == view.side else "Left, Right"
        text.append(f"{side_subject(side, view.side)} ({who})", style="bold")
        score = view.match_score[side - 1]
        text.append(f"  {score}/{target}", style="bold green" if score >= target else "bold")
    if view.carried:
        text.append(f"   ({view.carried} carried to the next deal's winners)", style="yellow")
    return text


def _trump_line(view: PartnershipView, names: Names, symbols: bool) -> Text:
    text = Text.from_markup(f"[bold yellow]{suit_label(view.trump, symbols)}[/]   ")
    card = card_markup(view.trump_card, symbols)
    holder = view.dealer
    if view.known[holder - 1] & BIT[view.trump_card]:
        held = "you" if holder == view.seat else names(holder)
        text.append_text(Text.from_markup(f"{card} turned up, held by {held} (the dealer)"))
    else:
        text.append_text(Text.from_markup(f"{card} turned up [dim](played)[/]"))
    return text


def _other_line(view: PartnershipView, seat: int, symbols: bool) -> Text:
    known = list(hand_order(view.known[seat - 1], view.trump))
    played_now = sum(1 for s, _ in view.trick if s == seat)
    size = view.rules.hand_size - view.tricks[0] - view.tricks[1] - played_now
    hidden = max(0, size - len(known))
    text = Text(" ".join(["▒▒"] * hidden), style="blue")
    if known:
        shown = " ".join(card_markup(c, symbols) for c in known)
        text.append_text(Text.from_markup(f"{' ' if hidden else ''}{shown} [dim](known)[/]"))
    return text


def _table_line(view: PartnershipView, names: Names, symbols: bool) -> Text:
    if view.trick:
        winning = trick_winner(view.trick, view.trump)
        return Text.from_markup(
            f"{trick_line(names, view.trick, symbols)}   [dim]({names(winning)} "
            f"{names.verb(winning, 'are', 'is')} winning)[/]"
        )
    if view.marriage_suit >= 0:
        return Text.from_markup(f"{names.subject(view.leader)} declared a marriage and must lead its king or queen")
    tricks = completed_tricks(view.history)
    if tricks:
        return Text.from_markup(f"[dim]last trick: {trick_line(names, tricks[-1], symbols)}[/]")
    return Text(f"{names.subject(view.leader)} to lead", style="dim")


def _sides_line(view: PartnershipView) -> Text:
    text = Text()
    for i, side in enumerate((view.side, 3 - view.side)):
        if i:
            text.append("   ")
        tricks = view.tricks[side - 1]
        text.append("Your side" if side == view.side else "Opponents", style="bold")
        text.append(f" {tricks} trick{'s' if tricks != 1 else ''}, {view.score[side - 1]} points")
        if view.pending[side - 1]:
            text.append(f" (+{view.pending[side - 1]} pending)")
    return text


def prompt_line(view: PartnershipView, names: Names, symbols: bool = True) -> str:
    """What the person is asked to do now."""
    if not view.legal:
        return f"{names.subject(view.to_act or view.leader)} to play"
    if view.marriage_suit >= 0:
        return "[bold cyan]Lead the king or queen of your marriage[/]"
    if view.trick:
        led = card_markup(view.trick[0][1], symbols)
        return (
            f"[bold cyan]Your turn:[/] play a card to {led} "
            "(follow suit and win the trick if you can, even your partner's; else trump, over-trumping)"
        )
    return "[bold cyan]Your lead.[/]"


def legal_line(view: PartnershipView) -> str:
    """``Legal: 1 3 20h``: the legal cards by number, then any marriage."""
    return legal_tokens(view.hand, view.trump, view.legal) + "   [dim](or help, last, rules, quit)[/]"


def render_partnership(view: PartnershipView, info: PartnershipInfo) -> RenderableType:
    """The whole four-handed screen for one moment of the person's seat: a pure function of his view."""
    names = info.names
    symbols = info.symbols
    title = info.title.replace(" · match to", f" · deal {info.deal_number} · match to", 1)
    if title == info.title:
        title += f" · deal {info.deal_number}"
    header = HeaderRule(title)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", justify="right")
    grid.add_column()
    grid.add_row("Trump", _trump_line(view, names, symbols))
    for seat in (left_of(view.seat), partner_of(view.seat), left_of(partner_of(view.seat))):
        label = names.subject(seat) + (" (deals)" if seat == view.dealer else "")
        grid.add_row(label, _other_line(view, seat, symbols))
    grid.add_row("Table", _table_line(view, names, symbols))
    grid.add_row("Tricks", _sides_line(view))
    marriages = marriages_line(view.history, names, symbols)
    if marriages:
        grid.add_row("Marriages", marriages)
    own = "Your hand" + (" (you deal)" if view.seat == view.dealer else "")
    parts: list[RenderableType] = [header, render_scoreboard(view, info.results), grid, Text(own, style="bold")]
    parts.append(hand_boxes(view.hand, view.trump, view.legal, symbols))
    prompt = [prompt_line(view, names, symbols), legal_line(view)] if view.legal else []
    return Group(*parts, *screen_tail(info.log, 4, [*info.extra, *prompt]))


# -- the end of a deal --------------------------------------------------------------------


def explain_deal(deal: FourHandedDeal, seat: int) -> list[str]:
    """Sentences that explain the finished deal from ``seat``'s side: who made what, and why it scores so."""
    outcome = deal.outcome
    assert outcome is not None
    own = side_of(seat)
    rules = deal.rules
    points = {1: outcome.points[0], 2: outcome.points[1]}
    tricks = {1: outcome.tricks[0], 2: outcome.tricks[1]}
    winner = outcome.winner
    lines: list[str] = []
    how = outcome.reasons[0]
    if how == Reason.TEN_OF_TRUMPS and winner is not None:
        lines.append(
            f"{side_subject(winner, own)} won the ten of trumps one game point short of the match: "
            f"{side_verb(winner, own, 'it wins', 'they win')} at once."
        )
    elif winner is None:
        lines.append(f"{points[1]}-{points[2]}: nobody scores; 1 game point more goes to the winners of the next deal.")
    elif how == Reason.FORFEIT:
        lines.append(f"{side_subject(winner, own)} {side_verb(winner, own, 'wins', 'win')} by forfeit.")
    else:
        loser = 3 - winner
        made = f"{side_subject(winner, own)} made {points[winner]} to {points[loser]}"
        why = SCALE_WORDS[outcome.reasons[1]]
        lines.append(f"{made} ({why}: {_points(outcome.game_points)}).")
        lines.append(f"[dim]Scoring: {SCALE_TEXT.get(rules.four_player_scale, '')}.[/]")  # why: the rules, not a deal
    bonus = outcome.bonus or (0, 0)
    for side in (1, 2):
        if bonus[side - 1]:
            lines.append(f"{side_subject(side, own)} won the ten of trumps: +{_points(bonus[side - 1])}.")
    lines.append(
        f"Card points: your side {points[own]}, the opponents {points[3 - own]} · "
        f"tricks: your side {tricks[own]}, the opponents {tricks[3 - own]} (the last trick counts {LAST_TRICK_BONUS})"
    )
    return lines


def deal_headline(deal: FourHandedDeal, seat: int, credited: int) -> str:
    """``Your side wins 1 game point`` (``credited`` includes a carried tie point)."""
    outcome = deal.outcome
    assert outcome is not None
    if outcome.winner is None:
        return "A tie, 65-65"
    own = side_of(seat)
    text = f"{side_subject(outcome.winner, own)} {side_verb(outcome.winner, own, 'wins', 'win')} {_points(credited)}"
    carried = credited - outcome.game_points
    if carried > 0:
        text += f" ({outcome.game_points} + {carried} carried from a tie)"
    return text


def render_partnership_summary(
    deal: FourHandedDeal, view: PartnershipView, info: PartnershipInfo, credited: int
) -> RenderableType:
    """The deal summary panel: the result explained, then the match score."""
    outcome = deal.outcome
    assert outcome is not None
    lines = explain_deal(deal, view.seat) + list(info.extra)
    body = Text("\n").join(Text.from_markup(line) for line in lines)
    winner = outcome.winner
    style = "yellow" if winner is None else "green" if winner == view.side else "red"
    title = f"Deal {info.deal_number}: {deal_headline(deal, view.seat, credited)}"
    return Panel(Group(body, Text(""), render_scoreboard(view)), title=title, title_align="left", border_style=style)
