"""The screen of ``sixtysix play``, drawn with ``rich`` from one player's view.

Everything here is a pure function of a :class:`~sixtysix.core.view.PlayerView` (what the
player may know) and a :class:`TableInfo` (names, match history, the log), so the
screen can be rendered to a string and tested:

>>> from sixtysix import Deal, PlayerView
>>> deal = Deal.from_text("Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h", dealer=2)
>>> text = to_text(render_table(PlayerView.of(deal, 1), TableInfo(Names(1), level=3)), width=100)
>>> "Trump" in text and "♠ spades" in text and "Talon" in text
True

**Points on the screen.** The player's own card points are always shown (with a
pending marriage): a counting aid, as in most 66 and Schnapsen programs. The
opponent's points are shown only when the rules' ``may_review_tricks`` is not
``none``: in strict ("scharf") play nobody may look at the tricks again, so the
opponent's total must be counted in one's head. Both totals are revealed in the deal
summary. Trick counts are public (the piles are on the table) and always shown.

**The match score** is drawn as a Bummerl tally: strokes, one per game point, up to the
target (for 66), or a countdown from the target to 0 with the earlier values struck out,
as Schnapsen players keep score on paper (the ``schnapsen`` preset, or ``--tally``).
"""

from __future__ import annotations

import io
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from rich.cells import cell_len
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.panel import Panel
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from sixtysix.core.actions import Action, marriage_suit
from sixtysix.core.cards import Card, CardMask, make_card, suit_of
from sixtysix.core.facts import marriage_value, tricks_of
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, MARRIAGE, Deal
from sixtysix.core.match import DealResult
from sixtysix.core.outcome import Reason, Stage
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.present import voice
from sixtysix.present.describe import (
    Names,
    card_label,
    card_markup,
    card_style,
    deal_headline,
    describe_trick,
    explain_scoring,
    humanize,
    opponent_hand_size,
    suit_label,
    typed_token,
)
from sixtysix.present.order import hand_order
from sixtysix.present.outcome import deal_sentences
from sixtysix.present.words import say

CLAIMED = (Reason.CLAIM, Reason.CLOSER_CLAIM, Reason.BEATEN_CLOSER)
"""A correct claim: the engine's reason would repeat what the explanation says of it."""

LEVEL_NAMES = {level: voice.level_name(level) for level in voice.LEVELS}
"""The computer levels' short English names (records' headers, the three- and four-handed titles)."""


class TableFacts(Protocol):
    """The public facts of a two-player deal that the table lines show: a player's
    :class:`~sixtysix.core.view.PlayerView`, or a spectator's view of a three-handed deal."""

    @property
    def rules(self) -> Rules: ...
    @property
    def trump(self) -> int: ...
    @property
    def trump_card(self) -> Card: ...
    @property
    def face_up(self) -> Card | None: ...
    @property
    def talon_size(self) -> int: ...
    @property
    def closer(self) -> int: ...
    @property
    def stage(self) -> Stage: ...
    @property
    def leader(self) -> int: ...
    @property
    def led(self) -> Card | None: ...
    @property
    def marriage_suit(self) -> int: ...
    @property
    def history(self) -> tuple[tuple[int, Action], ...]: ...


@dataclass(frozen=True)
class TableInfo:
    """What the screen shows besides the player's view."""

    names: Names
    level: int = 3
    deal_number: int = 1
    results: tuple[DealResult, ...] = ()
    """The match's finished deals (for the tally)."""
    log: tuple[str, ...] = ()
    """Recent events, oldest first (rich markup)."""
    practice: bool = False
    tally: str = "auto"
    """``strokes``, ``countdown`` or ``auto`` (countdown for Schnapsen)."""
    symbols: bool = True
    """Suit symbols (♥); letters when the terminal cannot show them."""
    extra: tuple[str, ...] = field(default=())
    """Lines shown under the hand (messages), or in a deal summary under the scoring."""
    title: str = ""
    """The screen's title line, when not the two-player one (three-handed tables)."""
    scoreboard: Text | None = None
    """The match score line, when not the two-player tally (three-handed tables)."""


# -- cards --------------------------------------------------------------------------


def card_boxes(
    cards: Sequence[Card | None],
    symbols: bool = True,
    numbers: Sequence[str] | None = None,
    dim: frozenset[Card] = frozenset(),
    trump: int = -1,
    lang: str = "en",
) -> Text:
    """Cards drawn as small boxes side by side (``None``: a face-down card), numbered below."""
    top, middle, bottom, below = Text(), Text(), Text(), Text()
    for i, card in enumerate(cards):
        if i:
            for line in (top, middle, bottom, below):
                line.append(" ")
        if card is None:
            border, face, face_style = "blue", "░░░░", "blue"
        else:
            faded = card in dim
            border = "dim" if faded else ("yellow" if suit_of(card) == trump else "")
            face = f"{card_label(card, symbols, lang):^4}"  # "10♥" fills the box as "A♥" does
            face_style = "dim" if faded else card_style(card)
        top.append("╭────╮", style=border)
        middle.append("│", style=border)
        middle.append(face, style=face_style)
        middle.append("│", style=border)
        bottom.append("╰────╯", style=border)
        label = numbers[i] if numbers is not None else ""
        below.append(f"{label:^6}", style="bold cyan" if card is not None and card not in dim else "dim")
    lines = [top, middle, bottom] + ([below] if numbers is not None else [])
    return Text("\n").join(lines)


# -- the match tally -----------------------------------------------------------------


def tally_style(rules: Rules, tally: str) -> str:
    if tally != "auto":
        return tally
    return "countdown" if rules.preset_name == "schnapsen" else "strokes"


def tally_text(seat: int, results: Sequence[DealResult], target: int, style: str) -> Text:
    """One seat's game points as strokes (``||||| ||··``) or a countdown (``7̶ 5̶ 4``)."""
    won = [r.game_points for r in results if r.winner == seat]
    total = sum(won)
    text = Text()
    if style == "countdown":
        values = [target]
        for points in won:
            values.append(max(0, values[-1] - points))
        for value in values[:-1]:
            text.append(str(value), style="strike dim")
            text.append(" ")
        text.append(str(values[-1]), style="bold green" if values[-1] == 0 else "bold")
        return text
    if target <= 30:
        strokes = min(total, target)
        for i in range(strokes):
            if i and i % 5 == 0:
                text.append(" ")
            text.append("|", style="bold green")
        rest = target - strokes
        if rest:
            text.append(" " if strokes else "")
            text.append("·" * rest, style="dim")
        if total > target:
            text.append(f" +{total - target}", style="bold green")
    text.append(f"  {total}/{target}", style="bold")
    return text


def render_tally(view: PlayerView, info: TableInfo, results: Sequence[DealResult] | None = None) -> Text:
    """The match score of both seats on one line, the player first."""
    rules = view.rules
    style = tally_style(rules, info.tally)
    results = info.results if results is None else results
    text = Text()
    for i, seat in enumerate((view.seat, view.opponent)):
        if i:
            text.append("     ")
        text.append(info.names.subject(seat), style="bold")
        text.append("  ")
        text.append_text(tally_text(seat, results, rules.match_target, style))
    carried = results[-1].carried_after if results else 0
    if carried:
        text.append(info.names.say("tui.tally.carried", n=carried), style="yellow")
    return text


# -- the table ----------------------------------------------------------------------


def render_table(view: PlayerView, info: TableInfo) -> RenderableType:
    """The whole screen for one decision (or one moment) of the player."""
    names = info.names
    symbols = info.symbols
    rules = view.rules
    level = voice.level_name(info.level, names.lang)
    title = info.title or names.say(
        "tui.title",
        preset=rules.preset_name,
        name=names.other(view.opponent),
        level=info.level,
        level_name=level,
        deal=info.deal_number,
        target=rules.match_target,
    )
    if info.practice:
        title += names.say("tui.title.practice")
    header = HeaderRule(title)
    scoreboard = info.scoreboard if info.scoreboard is not None else render_tally(view, info)

    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", justify="right")
    grid.add_column()
    grid.add_row(names.say("tui.label.trump"), _trump_line(view, symbols, names.lang))
    grid.add_row(names.say("tui.label.talon"), _talon_line(view, names))
    grid.add_row(names.other(view.opponent), _opponent_line(view, info))
    grid.add_row(names.say("tui.label.table"), _trick_line(view, names, symbols))
    marriages = marriages_line(view.history, names, symbols)
    if marriages:
        grid.add_row(names.say("tui.label.marriages"), marriages)

    hand_block = hand_boxes(view.hand, view.trump, view.legal, symbols, names.lang)
    parts: list[RenderableType] = [
        header,
        scoreboard,
        grid,
        Text(names.say("tui.label.hand"), style="bold"),
        hand_block,
    ]
    parts.append(Text.from_markup(_own_line(view, names)))
    prompt = [prompt_line(view, names, symbols), legal_line(view, names.lang)] if view.legal else []
    return Group(*parts, *screen_tail(info.log, 3, [*info.extra, *prompt], names.lang))


@dataclass(frozen=True)
class HeaderRule:
    """The screen's title on a rule, shortened to fit the width rather than cut (:func:`shorter_titles`)."""

    title: str

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        candidates = shorter_titles(self.title)
        title = next((t for t in candidates if cell_len(t) + 2 <= options.max_width), candidates[-1])
        yield Rule(Text(title, style="bold"), align="left", style="blue")


_SHORTENINGS = (
    (re.compile(r"^sixtysix · "), ""),
    (re.compile(r" \((?:level |Stufe |niveau )?(\d), [^)]+\)"), r" \1"),  # "(level 5, expert)" -> "5"
    (re.compile(r" \([a-z0-9]+\)"), ""),  # "Left 1 (random)" -> "Left 1"
    (re.compile(r"\byou vs |\bdu gegen |\bvous contre |\blevels |match |Partie |partie "), ""),
    (re.compile(r"(?:^| · )(?:practice|Übung|entraînement)\b"), ""),
    (re.compile(r"^[a-z0-9]+ · "), ""),  # the preset
)


def shorter_titles(title: str) -> list[str]:
    """``title`` (parts joined by `` · ``), then ever shorter forms of it: without the program's name,
    the levels' names, the filler words, ``practice``, the preset.

    >>> for line in shorter_titles("sixtysix · seed66 · you vs Computer (level 5, expert) · deal 3 · match to 7"):
    ...     print(line)
    sixtysix · seed66 · you vs Computer (level 5, expert) · deal 3 · match to 7
    seed66 · you vs Computer (level 5, expert) · deal 3 · match to 7
    seed66 · you vs Computer 5 · deal 3 · match to 7
    seed66 · Computer 5 · deal 3 · to 7
    Computer 5 · deal 3 · to 7
    """
    titles = [title]
    for pattern, replacement in _SHORTENINGS:
        shorter = pattern.sub(replacement, titles[-1])
        if shorter != titles[-1]:
            titles.append(shorter)
    return titles


def screen_tail(log: Sequence[str], bright: int, lines: Sequence[str], lang: str = "en") -> list[RenderableType]:
    """The bottom of a table screen: the log (:func:`log_block`), then ``lines`` of markup
    (messages, and at a decision what to do and the legal actions)."""
    return [*log_block(log, bright, lang), *(Text.from_markup(line) for line in lines)]


def hand_boxes(
    hand: CardMask, trump: int, legal: Sequence[Action], symbols: bool, lang: str = "en"
) -> RenderableType:  # fmt: skip
    """The own hand as card boxes, sorted and numbered, the cards that may not be played now dimmed."""
    order = hand_order(hand, trump)
    legal_cards = {int(a) for a in legal if a.is_card()}
    dim = frozenset(c for c in order if legal_cards and c not in legal_cards)
    numbers = [str(i) for i in range(1, len(order) + 1)]
    return card_boxes(order, symbols, numbers, dim, trump, lang)


def log_block(log: Sequence[str], bright: int, lang: str = "en") -> list[RenderableType]:
    """The ``Play`` rule and a line for each log entry, all but the last ``bright`` entries dimmed
    (nothing for an empty log)."""
    if not log:
        return []
    title = Text(say("tui.label.log", lang), style="dim")
    parts: list[RenderableType] = [Rule(title, align="left", style="dim")]
    for i, line in enumerate(log):
        text = Text("· ", style="dim")
        text.append_text(Text.from_markup(line, style="" if i >= len(log) - bright else "dim"))
        parts.append(text)
    return parts


def _trump_line(view: TableFacts, symbols: bool, lang: str = "en") -> Text:
    text = Text.from_markup(f"[bold yellow]{suit_label(view.trump, symbols, lang)}[/]")
    if view.closer and view.face_up is not None:
        text.append_text(Text.from_markup(say("tui.trump.turned", lang, card=card_markup(view.face_up, symbols, lang))))
    elif view.face_up is not None:
        text.append_text(
            Text.from_markup(say("tui.trump.face_up", lang, card=card_markup(view.face_up, symbols, lang)))
        )
        if view.face_up != view.trump_card:
            exchanged = card_markup(view.trump_card, symbols, lang)
            text.append_text(Text.from_markup(say("tui.trump.exchanged", lang, card=exchanged)))
    else:
        text.append(say("tui.trump.drawn", lang), style="dim")
    return text


def _talon_line(view: TableFacts, names: Names) -> Text:
    if view.closer:
        rest = names.say("tui.talon.strict") + (
            "" if view.rules.marriage_in_phase2 else names.say("tui.talon.no_marriages")
        )
        return Text.from_markup(names.of("tui.talon.closed", view.closer, n=view.talon_size, rest=rest))
    if view.talon_size == 0:
        return Text.from_markup(names.say("tui.talon.empty"))
    return Text(names.count("tui.talon.cards", view.talon_size))


def _opponent_line(view: PlayerView, info: TableInfo) -> Text:
    names = info.names
    known = list(hand_order(view.opponent_known, view.trump))
    hidden = max(0, opponent_hand_size(view) - len(known))
    text = Text(" ".join(["▒▒"] * hidden), style="blue")
    if known:
        shown = " ".join(card_markup(c, info.symbols, names.lang) for c in known)
        text.append_text(Text.from_markup(f"{' ' if hidden else ''}{shown} {names.say('tui.opp.shown')}"))
    text.append(names.count("tui.opp.tricks", view.tricks[view.opponent - 1]))
    if view.rules.may_review_tricks != "none":
        text.append(names.say("tui.opp.points", n=view.opponent_score))
        if view.opponent_pending:
            text.append(names.say("tui.opp.pending", n=view.opponent_pending))
    else:
        text.append(names.say("tui.opp.hidden"), style="dim")
    return text


def _trick_line(view: TableFacts, names: Names, symbols: bool) -> Text:
    if view.led is not None:
        return Text.from_markup(names.of("tui.trick.led", view.leader, card=card_markup(view.led, symbols, names.lang)))
    if view.stage == MARRIAGE and view.marriage_suit >= 0:
        return Text.from_markup(names.of("tui.trick.marriage", view.leader))
    tricks = tricks_of(view.history, view.rules, view.trump)
    if view.stage == BEFORE_DRAW and tricks:
        return Text.from_markup(names.of("tui.trick.won", tricks[-1].winner))
    return Text(names.of("tui.trick.to_lead", view.leader), style="dim")


def marriages_line(history: Sequence[tuple[int, Action]], names: Names, symbols: bool) -> str:
    """``you 20 in ♥ hearts · Left 40 in ♠ spades``: the marriages declared so far (any table size)."""
    parts = []
    for seat, action in history:
        if action.is_marriage():
            suit = suit_label(marriage_suit(action), symbols, names.lang)
            parts.append(names.say("tui.marriage.entry", name=names(seat), value=marriage_value(action), suit=suit))
    return " · ".join(parts)


def _own_line(view: PlayerView, names: Names) -> str:
    text = names.say("tui.own.points", n=view.score)
    if view.pending:
        text += names.say("tui.own.pending", n=view.pending)
    return text + names.count("tui.own.tricks", view.tricks[view.seat - 1])


def prompt_line(view: PlayerView, names: Names, symbols: bool = True) -> str:
    """What the player is asked to do now."""
    lang = names.lang
    if not view.legal:
        return names.say("tui.prompt.other_plays", name=names.other(view.opponent))
    if view.window == view.seat:
        ex = make_card(view.rules.exchange_rank_index, view.trump)
        face = ""
        if view.face_up is not None:
            face = names.say("tui.prompt.exchange_face", card=card_markup(view.face_up, symbols, lang))
        return names.say("tui.prompt.exchange", card=card_markup(ex, symbols, lang), face=face)
    if view.stage == Stage.BEFORE_DRAW:
        return names.say("tui.prompt.before_draw")
    if view.stage == MARRIAGE:
        return names.say("tui.prompt.marriage")
    if view.stage == FOLLOW and view.led is not None:
        text = names.say("tui.prompt.follow", card=card_markup(view.led, symbols, lang))
        if view.closer or view.face_up is None:
            text += names.say("tui.prompt.strict")
        return text
    return names.say("tui.prompt.lead")


def legal_line(view: PlayerView, lang: str = "en") -> str:
    """``Legal: 1 2 5 20h X C 66``: the legal cards by number, then the other actions."""
    return legal_tokens(view.hand, view.trump, view.legal, lang) + say("tui.legal.commands", lang)


def numbered_legal(hand: CardMask, trump: int, legal: Sequence[Action]) -> list[tuple[str, Action]]:
    """The legal actions in the screen's order, each with the number of its card (``""`` for the others):
    the cards by their number under the sorted ``hand``, then the other actions in the engine's order.

    >>> from sixtysix.core.cards import HEARTS, parse_cards
    >>> hand = parse_cards("Ah Th 9s Qc")  # shown as 9s Qc Ah Th with hearts trumps
    >>> [(n, str(a)) for n, a in numbered_legal(hand, HEARTS, [Action.parse(t) for t in ("Qc", "Ah", "9s", "66")])]
    [('1', '9s'), ('2', 'Qc'), ('3', 'Ah'), ('', '66')]
    """
    order = hand_order(hand, trump)
    cards = sorted((order.index(a) + 1, a) for a in legal if a.is_card() and a in order)
    return [(str(number), action) for number, action in cards] + [("", a) for a in legal if not a.is_card()]


def legal_tokens(hand: CardMask, trump: int, legal: Sequence[Action], lang: str = "en") -> str:
    """``Legal: 1 2 5 20h``: the legal cards by their number in the sorted ``hand``, then the other actions."""
    tokens = [number or str(action) for number, action in numbered_legal(hand, trump, legal)]
    return say("tui.legal.label", lang) + " ".join(tokens)


def help_lines(
    view: PlayerView, deal: Deal | None, practice: bool, symbols: bool = True, lang: str = "en"
) -> list[str]:  # fmt: skip
    """The legal actions with what they do, in the order and with the numbers of the screen, then the
    other commands (``help``)."""
    from sixtysix.present.describe import describe_action_choice

    lines = [say("tui.help.title", lang)]
    for number, action in numbered_legal(view.hand, view.trump, view.legal):
        lines.append(f"  {number:>2} {typed_token(action):<5} {describe_action_choice(action, deal, symbols, lang)}")
    lines.append(say("tui.help.commands", lang, undo=say("tui.help.undo", lang) if practice else ""))
    lines.append(say("tui.help.cards", lang))
    return lines


def last_trick_line(view: PlayerView, names: Names, symbols: bool = True) -> str:
    tricks = view.completed_tricks()
    if not tricks:
        return names.say("tui.last.none")
    return names.say("tui.last.trick", trick=describe_trick(names, tricks[-1], symbols))


# -- the end of a deal -----------------------------------------------------------------


def render_summary(
    deal: Deal,
    info: TableInfo,
    credited: int,
    match_over: bool = False,
    match_winner: int | None = None,
) -> RenderableType:
    """The deal summary: who won, why, how it was scored, both totals, and the match tally."""
    outcome = deal.outcome
    assert outcome is not None
    names = info.names
    symbols = info.symbols
    human = names.human
    if names.lang == "en":
        # a claim's first sentence already says who claimed with how many points: the engine's reason would repeat it
        lines = [] if outcome.reasons[0] in CLAIMED else [humanize(outcome.reason, names) + "."]
        lines += explain_scoring(deal, names)
    else:  # the engine's reason is English: German and French say it all from the numbers (as the web page)
        carried = info.results[-1].carried_after if info.results else 0
        lines = deal_sentences(deal.spectator_view(), names, carried)
    (p1, p2), (t1, t2) = outcome.points, outcome.tricks
    points = {1: p1, 2: p2}
    tricks = {1: t1, 2: t2}
    if human in (1, 2):
        other = names.other(3 - human)
        lines.append(
            names.say(
                "tui.summary.totals",
                mine=points[human],
                theirs=points[3 - human],
                mytricks=tricks[human],
                theirtricks=tricks[3 - human],
                name=other,
            )
        )
        left = deal.hands[3 - human]
        if left:
            shown = " ".join(card_markup(c, symbols, names.lang) for c in hand_order(left, deal.trump))
            lines.append(names.say("tui.summary.held", name=other, cards=shown))
    else:  # a spectator (the three-handed dealer): totals and tricks only, no hand is shown
        lines.append(names.say("tui.summary.spectator", a=names(1), b=names(2), p1=p1, p2=p2, t1=t1, t2=t2))
    lines += info.extra
    body = Text("\n").join(Text.from_markup(line) for line in lines)
    scoreboard = info.scoreboard
    if scoreboard is None:
        scoreboard = render_tally(PlayerView.of(deal, human), info)
    parts: list[RenderableType] = [body, Text(""), scoreboard]  # one line
    if match_over and match_winner is not None and info.scoreboard is None:
        parts.append(Text(""))
        parts.append(Text.from_markup(match_line(deal.rules, info, match_winner)))
    winner = outcome.winner
    style = "green" if winner == human else "yellow" if not winner else "red" if human in (1, 2) else "blue"
    title = names.say("tui.summary.title", n=info.deal_number, headline=deal_headline(deal, names, credited))
    return Panel(Group(*parts), title=title, title_align="left", border_style=style)


def match_line(rules: Rules, info: TableInfo, winner: int) -> str:
    names = info.names
    totals = {1: 0, 2: 0}
    for result in info.results:
        if result.winner:
            totals[result.winner] += result.game_points
    loser = 3 - winner
    score = {"a": totals[winner], "b": totals[loser]}
    if winner == names.human:  # the one named is the loser, who gets the Bummerl
        text = names.say("tui.match.won.you", name=names.other(loser), **score)
    else:
        text = names.say("tui.match.won.other", name=names.other(winner), **score)
    if totals[loser] == 0:
        text += names.say("tui.match.schneider")
    return text + "."


# -- rendering to text -------------------------------------------------------------------


def to_text(renderable: RenderableType, width: int = 100) -> str:
    """``renderable`` as plain text (for tests and logs)."""
    console = Console(record=True, width=width, file=io.StringIO(), color_system=None, legacy_windows=False)
    console.print(renderable)
    return console.export_text()
