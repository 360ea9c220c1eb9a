"""The match loop of ``sixtysix play``, the same at every table size.

:class:`TableSession` deals, asks whoever acts (the person at the keyboard, or a
computer player with its own seat's view only), reads and dispatches what the person
types, saves the record after every deal and sums each deal up. What differs between
table sizes, it asks of its subclasses: the two-player match
(:class:`sixtysix.tui.session.Session`), three-handed 66
(:class:`sixtysix.tui.threehanded.ThreeHandedSession`) and partnership 66 for four
(:class:`sixtysix.tui.partnership.PartnershipSession`).

One pass of :meth:`TableSession.run`: settle the match; end it if it is over; deal if no
deal is running; let the seat whose turn it is act; after a deal's last action save the
record and show the summary. ``quit``, end of input and Ctrl-C save and leave.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import ClassVar, Generic, Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.markup import escape

from sixtysix.core.actions import Action
from sixtysix.core.game import Deal
from sixtysix.core.match import DealResult
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.rules import Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PartnershipView, PlayerView
from sixtysix.players.player import Player
from sixtysix.present.describe import Names, action_markup, refusal_words
from sixtysix.present.order import hand_order
from sixtysix.present.presets import preset_name
from sixtysix.present.rulebook import game_document, to_text
from sixtysix.present.rulewords import setting_words
from sixtysix.tui.console import Quit, Settings, Terminal
from sixtysix.tui.inputs import Command, Invalid, Play, parse_input
from sixtysix.tui.resume import write_private_state
from sixtysix.tui.seating import merge_table_headers, seat_levels, table_headers

TableDeal = TypeVar("TableDeal", bound=Deal | ThreeHandedDeal | FourHandedDeal)
"""The deal of a table: what its match deals."""
PlayDeal = TypeVar("PlayDeal", bound=Deal | FourHandedDeal)
"""The deal the actions are applied to and logged on (of a three-handed deal, the inner one)."""
SeatView = TypeVar("SeatView", bound=PlayerView | PartnershipView)
"""What one seat of :data:`PlayDeal` may know."""
_Dealt = TypeVar("_Dealt", bound=Deal | ThreeHandedDeal | FourHandedDeal, covariant=True)


class TableMatch(Protocol[_Dealt]):
    """What :class:`TableSession` reads of a match of any table size."""

    @property
    def deals(self) -> Sequence[_Dealt]: ...

    @property
    def results(self) -> Sequence[DealResult]: ...

    @property
    def score(self) -> tuple[int, ...]: ...

    @property
    def rules(self) -> Rules: ...

    @property
    def is_over(self) -> bool: ...

    @property
    def current(self) -> _Dealt | None: ...

    def settle(self) -> None: ...

    def new_deal(self, deck: Sequence[int] | None = None, seed: int | None = None) -> _Dealt: ...

    def text(self) -> str: ...


class TableSession(Terminal, Generic[TableDeal, PlayDeal, SeatView]):
    """The match loop every table size shares: deal, ask whoever acts, save and sum up each deal.

    The person sits at table ``seat``; ``human`` is his seat in the deal the actions are
    applied to (:meth:`played`). Subclasses start the deals, tell their computer players,
    draw the screen, apply and log the actions, and say what a deal and the match gave.
    """

    table_size: ClassVar[int]
    """How many seats the table has."""
    undo_supported: ClassVar[bool] = False
    """Whether ``undo`` can take back decisions (two-player matches only)."""

    match: TableMatch[TableDeal]
    headers: list[tuple[str, str]]
    names: Names
    """How the seats of the deal the actions are applied to are called (the person is "you")."""

    def __init__(
        self,
        match: TableMatch[TableDeal],
        settings: Settings,
        console: Console,
        headers: Sequence[tuple[str, str]] | None = None,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(settings, console, ask)
        self.match = match
        self.seat = settings.human
        """The person's table seat."""
        self.human = settings.human
        """The person's seat in the deal the actions are applied to."""
        self.seed = settings.seed if settings.seed is not None else secrets.randbits(64)
        """The seed of the shuffles and of the computer players."""
        self.deal_rng = random.Random(self.seed)
        for _ in match.deals:  # a resumed match has used one shuffle per deal
            self.deal_rng.getrandbits(64)
        self.levels = self.levels_of(settings)
        """The computer seats' levels, by table seat."""
        self.headers = list(headers) if headers is not None else self.new_headers()
        self.log: list[str] = []
        """The events of the current deal (rich markup)."""
        self.notes: list[str] = []
        """Messages for the next screen."""

    @property
    def rules(self) -> Rules:
        return self.match.rules

    # -- the table size and the command line ---------------------------------------------

    @classmethod
    def levels_of(cls, settings: Settings) -> dict[int, int]:
        """The computer seats' levels; a :class:`ValueError` says what is wrong with ``--levels``."""
        try:
            return seat_levels(cls.table_size, settings.human, settings.level, settings.levels)
        except ValueError as error:
            raise ValueError(f"--levels: {error}") from None

    @classmethod
    def resumed_headers(cls, headers: list[tuple[str, str]], settings: Settings) -> list[tuple[str, str]]:
        """A resumed record's headers with the seats, levels and seed set to what is played now."""
        return merge_table_headers(headers, cls.table_size, settings.human, cls.levels_of(settings), settings.seed)

    def new_headers(self) -> list[tuple[str, str]]:
        """The free headers of a new match's record."""
        settings = self.settings
        return table_headers(self.table_size, self.seat, settings.name, self.levels, settings.seed, settings.practice)

    # -- what each table size gives ---------------------------------------------------------

    def computers(self) -> Mapping[int, Player[SeatView]]:
        """The computer players by table seat."""
        raise NotImplementedError

    def _start_players(self, deal: TableDeal) -> None:
        """Tell the computer players of ``deal`` (a new or a resumed one)."""
        raise NotImplementedError

    def played(self, deal: TableDeal) -> PlayDeal:
        """The deal the actions of ``deal`` are applied to."""
        raise NotImplementedError

    def fresh(self, deal: TableDeal) -> PlayDeal:
        """:meth:`played` as it was dealt, before any action."""
        raise NotImplementedError

    def view(self, deal: PlayDeal, seat: int) -> SeatView:
        """The view of ``seat`` of ``deal`` (seats of the deal the actions are applied to)."""
        raise NotImplementedError

    def screen(self, view: SeatView, extra: Sequence[str]) -> RenderableType:
        """The screen of the person's ``view``, with ``extra`` messages under the hand."""
        raise NotImplementedError

    def _deal_intro(self, deal: TableDeal) -> str:
        raise NotImplementedError

    def apply(self, deal: PlayDeal, seat: int, action: Action) -> None:
        """Apply one action (raising IllegalActionError) and log what happened."""
        raise NotImplementedError

    def play(self, deal: PlayDeal, actions: list[Action]) -> bool:
        """Take the person's typed ``actions``; whether the state changed."""
        raise NotImplementedError

    def computer_turn(self, deal: TableDeal, seat: int) -> None:
        raise NotImplementedError

    def deal_summary(self, deal: TableDeal) -> None:
        raise NotImplementedError

    def match_result(self) -> str:
        """The line that says who won the match."""
        raise NotImplementedError

    def record_text(self) -> str:
        """The 66R record of the match so far."""
        raise NotImplementedError

    # -- the person's commands, by table size ---------------------------------------------

    def enter(self, deal: PlayDeal, view: SeatView) -> tuple[Action, ...] | None:
        """What Enter alone does: the actions it stands for, or ``None`` (a message was shown)."""
        raise NotImplementedError

    def help_lines(self, deal: PlayDeal, view: SeatView) -> list[str]:
        raise NotImplementedError

    def hint(self, view: SeatView) -> None:
        raise NotImplementedError

    def last_trick(self, view: SeatView) -> str:
        raise NotImplementedError

    def show_rules(self) -> None:
        """The rules of the game being played: its options marked where they differ, every rule
        that applies at this table (paged on a terminal), then a one-line reminder under the screen."""
        text = to_text(game_document(self.rules, self.settings.lang))
        if self.console.is_terminal:
            with self.console.pager(styles=False):
                self.console.print(text, markup=False, highlight=False, soft_wrap=True)
        else:
            self.console.print(text, markup=False, highlight=False, soft_wrap=True)
        rules = self.rules
        lang = self.names.lang
        changed = ", ".join(setting_words(name, getattr(rules, name), lang) for name in rules.options())
        self.say(
            self.names.say(
                "tui.rules.line",
                name=escape(preset_name(rules.preset_name, lang)),
                changed=self.names.say("tui.rules.changed", changed=escape(changed)) if changed else "",
                target=rules.match_target,
            )
        )

    def undo(self) -> bool:
        """Take back the player's last decision; whether there was one."""
        return False

    # -- the loop ------------------------------------------------------------------

    def run(self) -> int:
        """Play until the match ends or the player quits; 0 either way."""
        for seat, player in self.computers().items():
            player.new_match(self.rules, seat)
        resumed = self.match.current
        if resumed is not None and not resumed.is_over:
            self._start_players(resumed)
        try:
            while True:
                self.match.settle()
                if self.match.is_over:
                    self.finish()
                    return 0
                deal = self.match.current
                if deal is None or deal.is_over:
                    deal = self.start_deal()
                actor = deal.window or deal.to_act
                if actor == self.seat:
                    self.human_turn(self.played(deal))
                elif actor is not None:
                    self.computer_turn(deal, actor)
                if deal.is_over and self.match.current is deal:
                    self.match.settle()
                    self.save()
                    self.deal_summary(deal)
        except (Quit, KeyboardInterrupt):
            self.saved_and_left(self.save())
            return 0

    def start_deal(self) -> TableDeal:
        """Deal the next deal, start its log and tell the computer players."""
        deal = self.next_deal()
        self.log = [self._deal_intro(deal)]
        self._start_players(deal)
        return deal

    def next_deal(self) -> TableDeal:
        return self.match.new_deal(seed=self.deal_rng.getrandbits(64))

    def _replayed_log(self, deal: TableDeal) -> list[str]:
        """The log of ``deal`` so far, rebuilt by replaying its history."""
        saved, self.log = self.log, []
        fresh = self.fresh(deal)
        self.log.append(self._deal_intro(deal))
        for seat, action in self.played(deal).history:
            self.apply(fresh, seat, action)
        log, self.log = self.log, saved
        return log

    def computer_choice(self, name: str, level: int, choose: Callable[[], Action], legal: Sequence[Action]) -> Action:
        """The computer player ``name``'s decision (``choose()``); a faulty one plays the first legal action."""
        if level >= 4 and self.console.is_terminal:
            self.say(self.names.say("tui.thinking", name=name))
        action = choose()
        if action not in legal:  # a faulty player must not stop the game
            symbols = self.settings.symbols
            chosen, played = action_markup(action, symbols), action_markup(legal[0], symbols)
            self.log.append(self.names.say("tui.illegal_choice", name=name, chosen=chosen, played=played))
            action = legal[0]
        return action

    # -- the person ---------------------------------------------------------------------

    def show(self, deal: PlayDeal) -> SeatView:
        """Draw the screen of the person's decision; his view."""
        view = self.view(deal, self.human)
        self.clear()
        self.console.print(self.screen(view, self.notes))
        self.notes = []
        return view

    def human_turn(self, deal: PlayDeal) -> None:
        """One decision of the person; returns when the state changed."""
        view = self.show(deal)
        while True:
            text = self.ask(self.names.say("tui.ask.move"))
            parsed = parse_input(text, hand_order(view.hand, view.trump), view.legal)
            if isinstance(parsed, Invalid):
                self.say(f"[red]{escape(parsed.text(self.names.lang))}[/]")
                continue
            if isinstance(parsed, Command):
                chosen = self.command(deal, view, parsed.name)
                if chosen is None:
                    continue
                if not chosen:
                    return  # undo: the match was rebuilt
                parsed = Play(chosen)
            if self.play(deal, list(parsed.actions)):
                return

    def command(self, deal: PlayDeal, view: SeatView, name: str) -> tuple[Action, ...] | None:
        """Run a command; actions to take (``()``: the state changed) or ``None`` to ask again."""
        if name == "enter":
            return self.enter(deal, view)
        if name == "help":
            for line in self.help_lines(deal, view):
                self.say(line)
        elif name == "hint":
            self.hint(view)
        elif name == "last":
            self.say(self.last_trick(view))
        elif name == "rules":
            self.show_rules()
        elif name == "undo":
            if self.undo_refused():
                pass
            elif self.undo():
                return ()
            else:
                self.say(self.names.say("tui.undo.none"))
        elif name == "quit":
            raise Quit
        return None

    def refused(self, changed: bool, message: str) -> None:
        """Show why a typed action is not allowed (an engine refusal put in the person's words,
        :func:`~sixtysix.present.describe.refusal_words`): now, or on the next screen when the state ``changed``."""
        reason = escape(refusal_words(message, self.names, self.settings.symbols))
        text = self.names.say("tui.not_allowed", reason=reason)
        if changed:
            self.notes.append(text)
        else:
            self.say(text + self.names.say("tui.refused.help"))

    def undo_refused(self) -> bool:
        """Whether ``undo`` may not be used here (the message says why)."""
        if not self.undo_supported:
            self.say(self.names.say("tui.undo.two_player_only"))
        elif not self.settings.practice:
            self.say(self.names.say("tui.undo.practice"))
        else:
            return False
        return True

    # -- the end of a deal and of the match ---------------------------------------------

    def credited(self, index: int) -> int:
        """The game points deal ``index`` gave its winner (0 while it is not credited)."""
        results = self.match.results
        return results[index].game_points if index < len(results) else 0

    def summarize(self, summary: RenderableType) -> None:
        """Show a deal's ``summary``; unless the match is over, wait for the next deal (or an undo)."""
        self.console.print()
        self.console.print(summary)
        if self.match.is_over:
            return
        while self.next_deal_prompt():
            if not self.undo_refused() and self.undo():
                return

    def finish(self) -> None:
        """Save the finished match and say who won it and where the record is."""
        path = self.save_result()
        self.say(self.match_result())
        self.saved_for_replay(path)

    def save_result(self) -> Path:
        """Save the finished match, its ``Result`` header the scores joined by ``-``."""
        result = "-".join(map(str, self.match.score))
        self.headers = [(k, v) for k, v in self.headers if k != "Result"] + [("Result", result)]
        return self.save()

    def save(self) -> Path:
        """Write the record of the finished deals, and the deal in play where the player does not read it."""
        text = self.record_text()
        path = self.write(text)
        write_private_state(path, self.match, text)
        return path
