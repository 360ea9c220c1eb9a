"""Four-handed partnership 66 in the terminal (rules.md §5.2): you and your partner opposite.

The person takes one seat; computer players take the other three, each asked with its
own seat's :class:`~sixtysix.core.view.PartnershipView` only. The screen
(:mod:`sixtysix.tui.partnership_screen`) is drawn from the person's view alone; the loop
is :class:`~sixtysix.tui.loop.TableSession`'s, the same at every table size.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence

from rich.console import Console, RenderableType

from sixtysix.core.actions import Action, marriage_suit
from sixtysix.core.cards import SUIT_NAMES
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.match import PartnershipMatch
from sixtysix.core.partnership import FourHandedDeal, left_of, side_of
from sixtysix.core.view import PartnershipView
from sixtysix.players.player import Player
from sixtysix.present.describe import (
    LAST_TRICK_BONUS,
    card_markup,
    cards_markup,
    marriage_choice,
    marriage_value,
    suit_label,
    trick_points,
    trick_winner,
)
from sixtysix.tui.console import Settings
from sixtysix.tui.loop import TableSession
from sixtysix.tui.partnership_screen import (
    PartnershipInfo,
    completed_tricks,
    describe_trick,
    partnership_names,
    render_partnership,
    render_partnership_summary,
)
from sixtysix.tui.resume import saved_text
from sixtysix.tui.screen import numbered_legal
from sixtysix.tui.seating import computer_players

# -- the session ------------------------------------------------------------------------------


class PartnershipSession(TableSession[FourHandedDeal, FourHandedDeal, PartnershipView]):
    """One four-handed match in the terminal: the person in one seat, computer players in the other three."""

    table_size = 4
    match: PartnershipMatch

    def __init__(
        self,
        match: PartnershipMatch,
        settings: Settings,
        console: Console,
        headers: Sequence[tuple[str, str]] | None = None,
        ask: Callable[[str], str] | None = None,
        players: Mapping[int, Player[PartnershipView]] | None = None,
    ) -> None:
        super().__init__(match, settings, console, headers, ask)
        self.names = partnership_names(self.seat)
        levels, think = self.levels, settings.think
        self.players = computer_players(levels, match.rules, self.seed, think, players)
        current = match.current
        if current is not None:
            self.log = self._replayed_log(current)

    def computers(self) -> Mapping[int, Player[PartnershipView]]:
        return self.players

    def played(self, deal: FourHandedDeal) -> FourHandedDeal:
        return deal

    def fresh(self, deal: FourHandedDeal) -> FourHandedDeal:
        return FourHandedDeal(deal.deck, deal.dealer, deal.rules, deal.match_score)

    def view(self, deal: FourHandedDeal, seat: int) -> PartnershipView:
        return PartnershipView.of(deal, seat, self.match.score, self.match.carried)

    def info(self, extra: Sequence[str] = ()) -> PartnershipInfo:
        return PartnershipInfo(
            names=self.names,
            title=self.title(),
            deal_number=len(self.match.deals),
            results=tuple(self.match.results),
            log=tuple(self.log[-self.log_lines() :]),
            symbols=self.settings.symbols,
            extra=tuple(extra),
        )

    def title(self) -> str:
        levels = " ".join(f"{self.names.subject(seat)} {level}" for seat, level in self.levels.items())
        return f"sixtysix · {self.rules.preset_name} · match to {self.rules.match_target} · levels {levels}"

    def _start_players(self, deal: FourHandedDeal) -> None:
        for seat, player in self.players.items():
            player.new_deal(self.view(deal, seat))

    def _deal_intro(self, deal: FourHandedDeal) -> str:
        names = self.names
        symbols = self.settings.symbols
        dealer, leader = deal.dealer, left_of(deal.dealer)
        return (
            f"Deal {len(self.match.deals)}: {names.subject(dealer)} {names.verb(dealer, 'deal', 'deals')} and "
            f"{names.verb(dealer, 'turn', 'turns')} up {card_markup(deal.trump_card, symbols)}: trump is "
            f"{suit_label(deal.trump, symbols)}; {names(leader)} {names.verb(leader, 'lead', 'leads')}"
        )

    def apply(self, deal: FourHandedDeal, seat: int, action: Action) -> None:
        """Apply one action (raising IllegalActionError) and log what happened."""
        trick = [*deal.trick, (seat, int(action))] if action.is_card() else []
        deal.apply(action, seat)
        names = self.names
        symbols = self.settings.symbols
        if not action.is_card():
            value, suit = marriage_value(action), SUIT_NAMES[marriage_suit(action)]
            self.log.append(f"{names.subject(seat)} {names.verb(seat, 'declare', 'declares')} {value} in {suit}")
            return
        self.log.append(f"{names.subject(seat)} {names.verb(seat, 'play', 'plays')} {card_markup(action, symbols)}")
        if len(trick) == 4:
            winner = trick_winner(trick, deal.trump)
            points = trick_points(deal.rules, (c for _, c in trick))
            side = "your side" if side_of(winner) == side_of(self.seat) else "the opponents"
            text = (
                f"{names.subject(winner)} {names.verb(winner, 'win', 'wins')} the trick for {side}: "
                f"{cards_markup([c for _, c in trick], symbols)}, {points} points"
            )
            if deal.trick_count == 8 or (deal.is_over and not any(deal.hands[1:])):
                text += f" and {LAST_TRICK_BONUS} for the last trick"
            self.log.append(f"[bold]{text}[/]")

    # -- the computer players ----------------------------------------------------------------

    def computer_turn(self, deal: FourHandedDeal, seat: int) -> None:
        view = self.view(deal, seat)
        player = self.players[seat]
        name, level = self.names.subject(seat), self.levels.get(seat, 1)
        self.apply(deal, seat, self.computer_choice(name, level, lambda: player.choose(view), view.legal))
        if self.console.is_terminal and self.settings.watch > 0 and len(deal.trick) == 0 and not deal.is_over:
            # a trick just ended among the computer players: let the person see it
            time.sleep(min(self.settings.watch, 1.0) / 2)

    # -- the person ---------------------------------------------------------------------

    def screen(self, view: PartnershipView, extra: Sequence[str]) -> RenderableType:
        return render_partnership(view, self.info(extra))

    def enter(self, deal: FourHandedDeal, view: PartnershipView) -> tuple[Action, ...] | None:
        if len(view.legal) == 1:
            return (view.legal[0],)
        self.say("Type a card (Ah, or its number), or help.")
        return None

    def hint(self, view: PartnershipView) -> None:
        self.say("[yellow]hint is only available in the two-player and three-handed games.[/]")

    def last_trick(self, view: PartnershipView) -> str:
        tricks = completed_tricks(view.history)
        if not tricks:
            return "No trick has been played yet in this deal."
        return "Last trick: " + describe_trick(self.names, tricks[-1], view.rules, view.trump, self.settings.symbols)

    def help_lines(self, deal: FourHandedDeal, view: PartnershipView) -> list[str]:
        symbols = self.settings.symbols
        lines = ["[bold]Legal now:[/]"]
        for number, action in numbered_legal(view.hand, view.trump, view.legal):
            what = f"play {card_markup(action, symbols)}" if action.is_card() else marriage_choice(action)
            lines.append(f"  {number:>2} {action!s:<5} {what}")
        lines.append(
            "[bold]Commands:[/] last (the last trick) · rules (the rules of this game) · quit (save and leave) · "
            "hint is not available in the four-handed game (the analysis is two-player only)"
        )
        lines.append("Cards: Ah, ah, 10h, A♥, or the number under the card.")
        return lines

    def play(self, deal: FourHandedDeal, actions: list[Action]) -> bool:
        """Take the person's first action (a marriage may be followed by its card); whether one was taken."""
        changed = False
        for action in actions:
            if deal.to_act != self.seat:
                self.notes.append("[yellow]It is no longer your turn; the rest of the input was dropped.[/]")
                break
            try:
                self.apply(deal, self.seat, action)
            except IllegalActionError as error:
                self.refused(changed, str(error))
                break
            changed = True
        return changed

    # -- the end of a deal and of the match ------------------------------------------------

    def deal_summary(self, deal: FourHandedDeal) -> None:
        index = self.match.deals.index(deal)
        view = self.view(deal, self.seat)
        tricks = completed_tricks(deal.history)
        extra = [f"Last trick: {describe_trick(self.names, tricks[-1], deal.rules, deal.trump, self.settings.symbols)}"]
        info = self.info(extra if tricks else ())
        self.summarize(render_partnership_summary(deal, view, info, self.credited(index)))

    def match_result(self) -> str:
        match = self.match
        own = side_of(self.seat)
        winner = match.winner or own
        won, lost = match.score[winner - 1], match.score[2 - winner]
        who = "Your side (you and Partner)" if winner == own else "The opponents (Left and Right)"
        return f"\n[bold]{who} won the match {won}-{lost}.[/]"

    def record_text(self) -> str:
        return saved_text(self.match, self.headers)
