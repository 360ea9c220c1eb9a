"""Three-handed 66 in the terminal (rules.md §5.1): the dealer sits out and scores with the winner.

The person's own deals are ordinary two-player deals between the two active seats,
and he plays them exactly as in the two-player game: the screen, the input and the
commands of :class:`~sixtysix.tui.twohanded.TwoHandedTurns`, fed with the inner deal's
view (:func:`~sixtysix.core.view.three_handed_view`). His opponent is called by where he
sits (``Left`` or ``Right``), and the third seat deals and sits out.

When the person deals, he sits out and watches the two computer players. What he sees
then is a :class:`SpectatorView`: the played cards, the marriages shown, the face-up
trump card, the talon and the tricks, and nothing of either hand, so no hidden card can
reach the screen:

>>> from sixtysix.core.threehanded import ThreeHandedDeal
>>> deal = ThreeHandedDeal.shuffled(seed=5, dealer=1)
>>> spectator = SpectatorView.of(deal.inner)
>>> spectator.hand_sizes, spectator.shown, spectator.talon_size
((6, 6), (0, 0), 12)
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from sixtysix.core.actions import Action
from sixtysix.core.cards import Card, CardMask, suit_of
from sixtysix.core.game import Deal
from sixtysix.core.match import ThreeHandedMatch
from sixtysix.core.outcome import Stage
from sixtysix.core.rules import Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PlayerView, three_handed_view
from sixtysix.players.base import Player
from sixtysix.present.describe import Names, card_markup, suit_label
from sixtysix.present.order import hand_order
from sixtysix.present.voice import level_name
from sixtysix.present.words import say
from sixtysix.tui.console import Settings
from sixtysix.tui.resume import saved_text
from sixtysix.tui.screen import (
    HeaderRule,
    TableInfo,
    _talon_line,
    _trick_line,
    _trump_line,
    log_block,
    marriages_line,
    render_summary,
)
from sixtysix.tui.seating import computer_players, seat_names
from sixtysix.tui.twohanded import TwoHandedTurns


@dataclass(frozen=True)
class SpectatorView:
    """What someone who holds no cards sees of a two-player deal: the public facts only.

    Seats are the inner deal's (1 and 2). ``scores`` is ``None`` when the rules do not
    let anyone look at the tricks again (the points must be counted in one's head).
    """

    rules: Rules
    trump: int
    trump_card: Card
    face_up: Card | None
    talon_size: int
    closer: int
    stage: Stage
    leader: int
    led: Card | None
    marriage_suit: int
    history: tuple[tuple[int, Action], ...]
    """The actions a record shows (no draws, no declined exchanges)."""
    tricks: tuple[int, int]
    hand_sizes: tuple[int, int]
    shown: tuple[CardMask, CardMask]
    """Cards each seat is publicly known to hold (a marriage's other card, an exchanged trump)."""
    scores: tuple[int, int] | None

    @classmethod
    def of(cls, deal: Deal) -> SpectatorView:
        reviewable = deal.rules.may_review_tricks != "none"
        return cls(
            rules=deal.rules,
            trump=deal.trump,
            trump_card=deal.trump_card,
            face_up=deal.face_up if deal.face_up >= 0 else None,
            talon_size=deal.talon_size,
            closer=deal.closer,
            stage=deal.stage,
            leader=deal.leader,
            led=deal.led if deal.led >= 0 else None,
            marriage_suit=deal.marriage_suit if deal.stage == Stage.MARRIAGE else -1,
            history=tuple((s, a) for s, a in deal.history if a.in_records()),
            tricks=(deal.tricks[1], deal.tricks[2]),
            hand_sizes=(deal.hands[1].bit_count(), deal.hands[2].bit_count()),
            shown=(deal.known[1], deal.known[2]),
            scores=(deal.score[1], deal.score[2]) if reviewable else None,
        )


def _player_line(view: SpectatorView, seat: int, symbols: bool, lang: str = "en") -> Text:
    known = hand_order(view.shown[seat - 1], view.trump)
    hidden = max(0, view.hand_sizes[seat - 1] - len(known))
    text = Text(" ".join(["▒▒"] * hidden), style="blue")
    if known:
        shown = " ".join(card_markup(c, symbols, lang) for c in known)
        text.append_text(Text.from_markup(f"{' ' if hidden else ''}{shown} {say('tui.three.shown', lang)}"))
    tricks = view.tricks[seat - 1]
    text.append(say("tui.opp.tricks", lang, n=tricks))
    if view.scores is not None:
        text.append(say("tui.three.points", lang, n=view.scores[seat - 1]))
    else:
        text.append(say("tui.three.points_hidden", lang), style="dim")
    return text


def render_spectator(view: SpectatorView, info: TableInfo, sitting_out: str = "") -> RenderableType:
    """The screen of a deal the player watches: both hands face down, the table, the log."""
    names = info.names
    symbols = info.symbols
    header = HeaderRule(info.title or "sixtysix")
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", justify="right")
    grid.add_column()
    grid.add_row(names.say("tui.label.trump"), _trump_line(view, symbols, names.lang))
    grid.add_row(names.say("tui.label.talon"), _talon_line(view, names))
    for seat in (1, 2):
        grid.add_row(names.other(seat), _player_line(view, seat, symbols, names.lang))
    grid.add_row(names.say("tui.label.table"), _trick_line(view, names, symbols))
    marriages = marriages_line(view.history, names, symbols)
    if marriages:
        grid.add_row(names.say("tui.label.marriages"), marriages)
    parts: list[RenderableType] = [header]
    if info.scoreboard is not None:
        parts.append(info.scoreboard)
    sitting_out = sitting_out or names.say("tui.three.deal_sit_out")
    parts += [grid, Text.from_markup(names.say("tui.three.watch", sitting_out=sitting_out, a=names(1), b=names(2)))]
    parts += log_block(info.log, len(info.log), names.lang)
    return Group(*parts)


def scoreboard(
    match: ThreeHandedMatch, names: Mapping[int, str], deal: ThreeHandedDeal | None, lang: str = "en"
) -> Text:
    """``You 3/7 · Left 5/7 (deals, sits out) · Right 6/7``: the three match scores."""
    target = match.rules.match_target
    text = Text()
    for i, seat in enumerate(sorted(names, key=lambda s: (s - next(iter(names))) % 3)):
        if i:
            text.append("   ")
        text.append(names[seat], style="bold")
        score = match.score[seat - 1]
        text.append(f" {score}/{target}", style="bold green" if score >= target else "")
        if deal is not None and seat == deal.dealer and seat == deal.sitting_out:
            text.append(say("tui.three.deals_sits_out", lang), style="dim")
        elif deal is not None and seat == deal.sitting_out:
            text.append(say("tui.three.won_sits_out", lang), style="dim")
        elif deal is not None and seat == deal.dealer:
            text.append(say("tui.three.deals", lang), style="dim")
    if match.carried:
        text.append(say("tui.three.carried", lang, n=match.carried), style="yellow")
    return text


def dealer_sentence(match: ThreeHandedMatch, index: int, names: Names) -> str:
    """What the seat that sat out got from deal ``index`` (R-3P-3, R-3P-5).

    ``Left deals and scores with the winner, up to 6: +2 (now 5).``
    """
    deal = match.deals[index]
    result = match.results[index]
    seat = deal.sitting_out
    if seat != deal.dealer:
        return names.of("tui.three.out.won", seat)
    if result.winner is None:
        return names.of("tui.three.out.tie", seat)
    cap = match.rules.match_target - 1
    got = result.dealer_points
    now = names.say("tui.three.out.now", n=match.score[seat - 1]) if index == len(match.results) - 1 else ""
    key = "scores" if got == result.game_points else "capped" if got else "nothing"
    return names.of(f"tui.three.out.{key}", seat, cap=cap, got=got, now=now)


class ThreeHandedSession(TwoHandedTurns[ThreeHandedDeal]):
    """One three-handed match in the terminal: the person in one seat, computer players in the other two."""

    table_size = 3
    match: ThreeHandedMatch

    def __init__(
        self,
        match: ThreeHandedMatch,
        settings: Settings,
        console: Console,
        headers: Sequence[tuple[str, str]] | None = None,
        ask: Callable[[str], str] | None = None,
        players: Mapping[int, Player] | None = None,
    ) -> None:
        super().__init__(match, settings, console, headers, ask)
        # ``seat`` is the person's table seat, ``human`` his seat in the current inner deal (0 when he sits out)
        self.table_names = seat_names(self.table_size, self.seat, settings.lang)
        levels, think = self.levels, settings.think
        self.players = computer_players(levels, match.rules, self.seed, think, players)
        self.human = 0
        self.names = Names(0, lang=settings.lang)
        current = match.current
        if current is not None:
            self._seat_names(current)
            self.log = self._replayed_log(current)

    # -- the match ---------------------------------------------------------------------

    @property
    def deal(self) -> ThreeHandedDeal:
        deal = self.match.current
        assert deal is not None
        return deal

    def computers(self) -> Mapping[int, Player]:
        return self.players

    def played(self, deal: ThreeHandedDeal) -> Deal:
        return deal.inner

    def fresh(self, deal: ThreeHandedDeal) -> Deal:
        return Deal(deal.deck, 2, deal.rules)

    def view(self, deal: Deal, seat: int) -> PlayerView:
        """The view of inner ``seat`` of the current deal (``deal`` is its inner deal)."""
        table = self.deal
        assert deal is table.inner
        return three_handed_view(table, table.table_seat(seat), self.match.score, self.match.carried)

    def info(self, extra: Sequence[str] = ()) -> TableInfo:
        deal = self.match.current
        return TableInfo(
            names=self.names,
            deal_number=len(self.match.deals),
            log=tuple(self.log[-self.log_lines() :]),
            practice=self.settings.practice,
            symbols=self.settings.symbols,
            extra=tuple(extra),
            title=self.title(),
            scoreboard=scoreboard(self.match, self.table_names, deal, self.settings.lang),
        )

    def title(self) -> str:
        lang = self.settings.lang
        others = ", ".join(
            f"{self.table_names[seat]} {level} ({level_name(level, lang)})" for seat, level in self.levels.items()
        )
        rules = self.rules
        deal = len(self.match.deals)
        return say(
            "tui.three.title", lang, preset=rules.preset_name, deal=deal, target=rules.match_target, others=others
        )

    def _seat_names(self, deal: ThreeHandedDeal) -> None:
        """Name the inner deal's seats: ``human`` is the person's inner seat (0 when he sits out)."""
        self.human = deal.inner_seat(self.seat)
        inner = {i: self.table_names[deal.table_seat(i)] for i in (1, 2)}
        opponent = inner[3 - self.human] if self.human else ""
        others = tuple((i, inner[i]) for i in (1, 2) if i != self.human)
        self.names = Names(self.human, opponent, others, self.settings.lang)

    def start_deal(self) -> ThreeHandedDeal:
        deal = super().start_deal()
        self._seat_names(deal)
        if not self.human:
            self.watch(deal)
        return deal

    def _start_players(self, deal: ThreeHandedDeal) -> None:
        for seat in deal.active:
            if seat != self.seat:
                self.players[seat].new_deal(three_handed_view(deal, seat, self.match.score, self.match.carried))

    def table_seat_names(self) -> Names:
        """Names by table seat: ``you``, ``Left``, ``Right``."""
        others = tuple((s, n) for s, n in self.table_names.items() if s != self.seat)
        return Names(self.seat, others=others, lang=self.settings.lang)

    def _deal_intro(self, deal: ThreeHandedDeal) -> str:
        names = self.table_seat_names()
        symbols, lang = self.settings.symbols, names.lang
        forehand, other = deal.active
        dealer, out = deal.dealer, deal.sitting_out
        if out == dealer:
            sits = names.of("tui.three.intro.out", dealer)
        else:
            sits = names.of("tui.three.intro.deals", dealer) + names.of("tui.three.intro.won", out)
        if other == names.human:
            leads = names.say("tui.three.intro.leads.against_you", name=names.other(forehand))
        else:
            leads = names.of("tui.three.intro.leads", forehand, against=names(other))
        return names.say(
            "tui.three.intro",
            n=len(self.match.deals),
            sits=sits,
            leads=leads,
            suit=suit_label(suit_of(deal.trump_card), symbols, lang),
            card=card_markup(deal.trump_card, symbols, lang),
        )

    # -- the computer players, and watching them ------------------------------------------

    def computer_turn(self, deal: ThreeHandedDeal, seat: int) -> None:
        view = three_handed_view(deal, seat, self.match.score, self.match.carried)
        player = self.players[seat]
        name, level = self.table_names[seat], self.levels.get(seat, 3)
        action = self.computer_choice(name, level, lambda: player.choose(view), view.legal)
        self.apply(deal.inner, view.seat, action)
        if not self.human and action.in_records():
            self.watch(deal)

    def watch(self, deal: ThreeHandedDeal) -> None:
        """Show the deal the person sits out, as a spectator sees it, and give him time to see it."""
        self.clear()
        sitting = self.names.say("tui.three.deal_sit_out" if deal.dealer == self.seat else "tui.three.won_sit_out")
        self.console.print(render_spectator(SpectatorView.of(deal.inner), self.info(), sitting))
        if self.console.is_terminal and self.settings.watch > 0 and not deal.is_over:
            time.sleep(self.settings.watch)

    # -- the end of a deal and of the match ---------------------------------------------

    def deal_summary(self, deal: ThreeHandedDeal) -> None:
        match = self.match
        index = match.deals.index(deal)
        extra = [dealer_sentence(match, index, self.table_seat_names())]
        self.summarize(render_summary(deal.inner, self.info(extra), self.credited(index)))

    def match_result(self) -> str:
        match = self.match
        score = match.score
        names = self.table_seat_names()
        table = self.table_names
        winner = match.winner or self.seat
        others = ", ".join(f"{table[s]} {score[s - 1]}" for s in sorted(table) if s != winner)
        playoff = names.of("tui.three.playoff", match.loser) if match.loser is not None else ""
        return names.of("tui.three.match", winner, n=score[winner - 1], others=others, playoff=playoff)

    def record_text(self) -> str:
        return saved_text(self.match, self.headers)
