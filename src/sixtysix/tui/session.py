"""The two-player match of ``sixtysix play``: the person against one computer player.

:class:`Session` holds the match and asks, at each decision, either the computer
player (with its seat's :class:`~sixtysix.core.view.PlayerView` only) or the person at
the keyboard, whose turns :class:`~sixtysix.tui.twohanded.TwoHandedTurns` takes; the
loop itself is :class:`~sixtysix.tui.loop.TableSession`'s, the same at every table size.

**Undo** (practice games only) rebuilds the match by replaying every deal's full
history without the player's last decision (and everything after it); a deal undone
across its end is dealt again from the same deck. Taking back a decision after which
cards were drawn is allowed, but marked: the player has seen those cards.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar

from rich.console import Console
from rich.markup import escape

from sixtysix.ai.levels import make_player
from sixtysix.core.game import Deal
from sixtysix.core.match import Match
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player
from sixtysix.present.describe import Names, action_markup, card_markup, suit_label
from sixtysix.tui.console import Settings
from sixtysix.tui.resume import saved_text
from sixtysix.tui.screen import TableInfo, render_summary
from sixtysix.tui.seating import merge_headers, play_headers
from sixtysix.tui.twohanded import TwoHandedTurns

REVIEW_SECONDS = 0.2
"""CPU seconds of analysis per decision of the review after a deal (``--review``)."""


class Session(TwoHandedTurns[Deal]):
    """One two-player match in the terminal."""

    table_size = 2
    undo_supported: ClassVar[bool] = True
    match: Match

    def __init__(
        self,
        match: Match,
        settings: Settings,
        console: Console,
        headers: Sequence[tuple[str, str]] | None = None,
        ask: Callable[[str], str] | None = None,
        computer: Player | None = None,
    ) -> None:
        super().__init__(match, settings, console, headers, ask)
        self.cseat = 3 - settings.human
        self.names = Names(self.human, lang=settings.lang)
        self.computer = computer or make_player(settings.level, seed=self.seed, time_limit=settings.think)
        self.future_decks: list[tuple[int, ...]] = []
        """Decks of deals taken back by ``undo``, dealt again in order."""
        current = match.current
        if current is not None:
            self.log = self._replayed_log(current)

    @classmethod
    def levels_of(cls, settings: Settings) -> dict[int, int]:
        if settings.levels:
            raise ValueError("--levels is for the three- and four-handed games; use --level")
        return {3 - settings.human: settings.level}

    @classmethod
    def resumed_headers(cls, headers: list[tuple[str, str]], settings: Settings) -> list[tuple[str, str]]:
        return merge_headers(headers, settings)

    def new_headers(self) -> list[tuple[str, str]]:
        return play_headers(self.settings)

    def computers(self) -> Mapping[int, Player]:
        return {self.cseat: self.computer}

    def played(self, deal: Deal) -> Deal:
        return deal

    def fresh(self, deal: Deal) -> Deal:
        return Deal(deal.deck, deal.dealer, deal.rules)

    def view(self, deal: Deal, seat: int) -> PlayerView:
        return PlayerView.of(deal, seat, self.match.score, self.match.carried)

    def info(self, extra: Sequence[str] = ()) -> TableInfo:
        return TableInfo(
            names=self.names,
            level=self.settings.level,
            deal_number=len(self.match.deals),
            results=tuple(self.match.results),
            log=tuple(self.log[-self.log_lines() :]),
            practice=self.settings.practice,
            tally=self.settings.tally,
            symbols=self.settings.symbols,
            extra=tuple(extra),
        )

    def next_deal(self) -> Deal:
        if self.future_decks:
            return self.match.new_deal(self.future_decks.pop(0))
        return super().next_deal()

    def _start_players(self, deal: Deal) -> None:
        self.computer.new_deal(self.view(deal, self.cseat))

    def _deal_intro(self, deal: Deal) -> str:
        symbols, lang = self.settings.symbols, self.names.lang
        return self.names.of(
            "tui.log.deal",
            deal.dealer,
            n=len(self.match.deals),
            suit=suit_label(deal.trump, symbols, lang),
            card=card_markup(deal.trump_card, symbols, lang),
        )

    # -- the computer --------------------------------------------------------------------

    def computer_turn(self, deal: Deal, seat: int) -> None:
        view = self.view(deal, seat)
        choice = self.computer_choice(
            self.names.other(seat), self.settings.level, lambda: self.computer.choose(view), view.legal
        )
        self.apply(deal, seat, choice)

    # -- undo -----------------------------------------------------------------------------

    def undo(self) -> bool:
        """Take back the player's last decision by replaying without it; whether there was one."""
        match = self.match
        target: tuple[int, int] | None = None
        for index in range(len(match.deals) - 1, -1, -1):
            history = match.deals[index].history
            for position in range(len(history) - 1, -1, -1):
                if history[position][0] == self.human:
                    target = (index, position)
                    break
            if target is not None:
                break
        if target is None:
            return False
        index, position = target
        old = match.current
        assert old is not None
        taken = match.deals[index].history[position][1]
        rebuilt = Match(match.rules, match.first_dealer)
        for k, old_deal in enumerate(match.deals[: index + 1]):
            deal = rebuilt.new_deal(old_deal.deck, dealer=old_deal.dealer)
            for seat, action in old_deal.history if k < index else old_deal.history[:position]:
                deal.apply(action, seat)
            rebuilt.settle()
        self.future_decks = [d.deck for d in match.deals[index + 1 :]] + self.future_decks
        self.match = rebuilt
        self.queue = ()
        current = rebuilt.current
        assert current is not None
        self.log = self._replayed_log(current)
        note = self.names.say("tui.undo.took", action=action_markup(taken, self.settings.symbols, self.names.lang))
        if old is not current and (index < len(match.deals) - 1 or old.talon_size < current.talon_size):
            note += self.names.say("tui.undo.seen")
        self.notes.append(note)
        return True

    # -- the end of a deal and of the match ---------------------------------------------

    def deal_summary(self, deal: Deal) -> None:
        match = self.match
        credited = self.credited(len(match.deals) - 1)
        if self.settings.review:
            extra = self.review_lines(deal)
        elif not match.is_over:  # the review is offered, not made: it takes a few seconds
            extra = ["", f"[dim]{self.names.say('tui.review.offer')}[/]"]
        else:
            extra = []  # the match's end names the command that reviews it (saved_for_replay)
        self.summarize(render_summary(deal, self.info(extra), credited, match.is_over, match.winner))

    def review_deal(self) -> None:
        """``review`` at the prompt after a deal: the player's faults in it (already shown with ``--review``)."""
        if self.settings.review:
            self.say(self.names.say("tui.review.above"))
            return
        for line in self.review_lines(self.match.deals[-1]):
            self.say(line)

    def review_lines(self, deal: Deal) -> list[str]:
        """The player's faults in the deal, each with why (:func:`~sixtysix.present.explain.deal_review`)."""
        from sixtysix.ai.analysis import Budget
        from sixtysix.present.explain import deal_review

        names = self.names
        self.say(names.say("tui.review.running"))
        budget = Budget(seconds=REVIEW_SECONDS)
        faults = deal_review(deal, self.human, budget, lang=names.lang, symbols=self.settings.symbols)
        if not faults:
            return ["", names.say("tui.review.clean")]
        return ["", names.say("tui.review.title"), *(escape(line) for line in faults)]

    def saved_for_replay(self, path: Path) -> None:
        super().saved_for_replay(path)
        self.say_command(self.names.say("tui.saved.analyze", where=escape(str(path))))

    def match_result(self) -> str:
        match = self.match
        winner = match.winner or self.human
        won, lost = match.score[winner - 1], match.score[2 - winner]
        return self.names.of("tui.match.result", winner, a=won, b=lost)

    def record_text(self) -> str:
        return saved_text(self.match, self.headers)
