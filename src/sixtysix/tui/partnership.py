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
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.facts import LAST_TRICK_BONUS, marriage_value, partner_of, side_of, trick_points, winning_seat
from sixtysix.core.match import PartnershipMatch
from sixtysix.core.partnership import FourHandedDeal, left_of
from sixtysix.core.view import PartnershipView
from sixtysix.players.player import Player
from sixtysix.present.describe import card_markup, cards_markup, marriage_choice, suit_label
from sixtysix.present.voice import suit_name
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
        self.names = partnership_names(self.seat, settings.lang)
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
        rules = self.rules
        deal = len(self.match.deals)
        return self.names.say(
            "tui.four.title", preset=rules.preset_name, deal=deal, target=rules.match_target, levels=levels
        )

    def _start_players(self, deal: FourHandedDeal) -> None:
        for seat, player in self.players.items():
            player.new_deal(self.view(deal, seat))

    def _deal_intro(self, deal: FourHandedDeal) -> str:
        names = self.names
        symbols, lang = self.settings.symbols, names.lang
        dealer, leader = deal.dealer, left_of(deal.dealer)
        return names.of(
            "tui.four.deal",
            dealer,
            n=len(self.match.deals),
            card=card_markup(deal.trump_card, symbols, lang),
            suit=suit_label(deal.trump, symbols, lang),
            lead=names.of("tui.four.leads", leader),
        )

    def apply(self, deal: FourHandedDeal, seat: int, action: Action) -> None:
        """Apply one action (raising IllegalActionError) and log what happened."""
        trick = [*deal.trick, (seat, int(action))] if action.is_card() else []
        deal.apply(action, seat)
        names = self.names
        symbols, lang = self.settings.symbols, names.lang
        if not action.is_card():
            value, suit = marriage_value(action), suit_name(marriage_suit(action), lang)
            self.log.append(names.of("tui.four.act.marriage", seat, value=value, suit=suit))
            return
        self.log.append(names.of("tui.act.play", seat, card=card_markup(action, symbols, lang)))
        if len(trick) == 4:
            winner = winning_seat(trick, deal.trump)
            values = {
                "name": names.other(winner) if winner != self.seat else "",
                "cards": cards_markup([c for _, c in trick], symbols, lang),
                "points": trick_points(deal.rules, (c for _, c in trick)),
            }
            whose = "you" if winner == self.seat else "partner" if side_of(winner) == side_of(self.seat) else "opponent"
            text = names.say(f"tui.four.log.trick.{whose}", **values)
            if deal.trick_count == 8 or (deal.is_over and not any(deal.hands[1:])):
                text += names.say("tui.log.last_trick", n=LAST_TRICK_BONUS)
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
        self.say(self.names.say("tui.four.enter.help"))
        return None

    def hint(self, view: PartnershipView) -> None:
        self.say(self.names.say("tui.four.hint.none"))

    def last_trick(self, view: PartnershipView) -> str:
        tricks = completed_tricks(view.history)
        if not tricks:
            return self.names.say("tui.last.none")
        trick = describe_trick(self.names, tricks[-1], view.rules, view.trump, self.settings.symbols)
        return self.names.say("tui.last.trick", trick=trick)

    def help_lines(self, deal: FourHandedDeal, view: PartnershipView) -> list[str]:
        symbols, names = self.settings.symbols, self.names
        lang = names.lang
        lines = [names.say("tui.help.title")]
        for number, action in numbered_legal(view.hand, view.trump, view.legal):
            if action.is_card():
                what = names.say("tui.choice.play", card=card_markup(action, symbols, lang))
            else:
                what = marriage_choice(action, lang)
            lines.append(f"  {number:>2} {action!s:<5} {what}")
        lines.append(names.say("tui.four.help.commands"))
        lines.append(names.say("tui.four.help.cards"))
        return lines

    def play(self, deal: FourHandedDeal, actions: list[Action]) -> bool:
        """Take the person's first action (a marriage may be followed by its card); whether one was taken."""
        changed = False
        for action in actions:
            if deal.to_act != self.seat:
                self.notes.append(self.names.say("tui.four.not_your_turn"))
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
        info = self.info()
        if tricks:
            trick = describe_trick(self.names, tricks[-1], deal.rules, deal.trump, self.settings.symbols)
            info = self.info([self.names.say("tui.last.trick", trick=trick)])
        self.summarize(render_partnership_summary(deal, view, info, self.credited(index)))

    def match_result(self) -> str:
        match = self.match
        own = side_of(self.seat)
        winner = match.winner or own
        won, lost = match.score[winner - 1], match.score[2 - winner]
        names, seat = self.names, self.seat
        partner, left, right = (names(s) for s in (partner_of(seat), left_of(seat), partner_of(left_of(seat))))
        key = "tui.four.match.own" if winner == own else "tui.four.match.opp"
        return names.say(key, partner=partner, left=left, right=right, a=won, b=lost)

    def record_text(self) -> str:
        return saved_text(self.match, self.headers)
