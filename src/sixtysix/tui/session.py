"""The game loop of ``sixtysix play``: one match, the player against a computer player.

:class:`Terminal` is the console side every table size shares (prompts, messages,
saving); :class:`TableSession` the match loop every table size shares (the shuffles,
whose turn it is, the deal summaries, saving); :class:`TwoHandedTurns` the person's
decisions in a two-player deal, shared with the three-handed game
(:mod:`sixtysix.tui.threehanded`), whose person plays the inner two-player deal;
:class:`Session` the two-player match.

:class:`Session` holds the match and asks, at each decision, either the computer
player (with the seat's :class:`~sixtysix.core.view.PlayerView` only) or the person at the
keyboard. The screen is drawn by :mod:`sixtysix.tui.screen`; what is typed is read by
:func:`sixtysix.tui.inputs.parse_input` and applied to the engine, whose
:class:`~sixtysix.core.errors.IllegalActionError` messages are shown as they are.

The match is saved as a 66R record after every deal, on ``quit`` (or end of input,
or Ctrl-C) and at the end. The record's free headers say how to continue it
(``Human``, ``Level``, ``Seed``, ``Practice``), and the decisions records leave
implicit (a ``draw``, a declined exchange) that were taken after the last record
action are kept in a ``# pending:`` comment, so that ``--resume`` continues exactly
where the player left (the file stays a valid record: comments are ignored).

**Undo** (practice games only) rebuilds the match by replaying every deal's full
history without the player's last decision (and everything after it); a deal undone
across its end is dealt again from the same deck. Taking back a decision after which
cards were drawn is allowed, but marked: the player has seen those cards.
"""

from __future__ import annotations

import datetime
import random
import re
import secrets
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Generic, Protocol, TypeVar

from rich.console import Console, RenderableType
from rich.markup import escape
from rich.table import Table

from sixtysix.ai.levels import make_player
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS, Action
from sixtysix.core.cards import cards_of
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, Deal
from sixtysix.core.match import AnyMatch, DealResult, Match
from sixtysix.core.partnership import FourHandedDeal
from sixtysix.core.record import Record, replay
from sixtysix.core.rules import Rules
from sixtysix.core.threehanded import ThreeHandedDeal
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player
from sixtysix.players.partnership import PartnershipPlayer
from sixtysix.present.describe import Names, card_markup, cards_markup, describe_action, suit_label, trick_winner
from sixtysix.present.order import hand_order
from sixtysix.tui.inputs import Command, Invalid, Play, parse_input
from sixtysix.tui.screen import (
    TableInfo,
    help_lines,
    last_trick_line,
    render_summary,
    render_table,
)
from sixtysix.tui.seating import level_label

LOG_LINES = 8
"""Events of the current deal shown on the screen (fewer when the terminal is short)."""
SCREEN_LINES = 19
"""Lines the screen takes besides the log: the log fills what is left of a short terminal."""

PENDING = re.compile(r"^#\s*pending:\s*(.*)$", re.MULTILINE)

PRESET_TEXT = {
    "seed66": "Sechsundsechzig after the founding French text: 24 cards, exchange the trump nine, "
    "close before or after drawing, first to 66, 7 game points",
    "pagat66": "66 as pagat.com gives it: exchange only as leader with a trick, close scored at the end, "
    "ties void, the winner deals",
    "schnapsen": "Austrian Schnapsen: 20 cards, 5 each, exchange the trump jack, marriages after closing, "
    "close only after drawing, the last trick wins a played-out deal",
    "three66": "three-handed 66: the dealer deals to the other two and sits out; they play a deal of seed66 "
    "(the dealer's left leads); the dealer scores as many game points as the winner, but never more than "
    "one short of the match target that way; the deal passes to the left",
}


class Quit(Exception):
    """The player leaves (``quit``, end of input, Ctrl-C): save and stop."""


@dataclass
class Settings:
    """How the session plays (from the command line or a resumed record)."""

    human: int = 1
    level: int = 3
    practice: bool = False
    seed: int | None = None
    """The shuffle seed the player gave (``None``: a secret random one)."""
    save_path: Path = field(default_factory=lambda: default_save_path())
    think: float = 1.0
    """Time limit per decision of the level-5 player, in seconds."""
    tally: str = "auto"
    clear: bool = True
    name: str = "Player"
    symbols: bool = True
    levels: tuple[int, ...] = ()
    """Three- and four-handed: the computer seats' levels, clockwise from the player's left
    (one value for all; empty: ``level`` for all)."""
    watch: float = 1.0
    """Seconds between the moves of a deal the player watches (the three-handed dealer)."""


def default_save_path(folder: Path | str = "games", now: datetime.datetime | None = None) -> Path:
    """``games/sixtysix-YYYYMMDD-HHMMSS.66r`` (with ``-2``, ``-3``… if taken)."""
    stamp = (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M%S")
    path = Path(folder) / f"sixtysix-{stamp}.66r"
    n = 2
    while path.exists():
        path = Path(folder) / f"sixtysix-{stamp}-{n}.66r"
        n += 1
    return path


def play_headers(settings: Settings) -> list[tuple[str, str]]:
    """The free headers of a new match's record."""
    computer = level_label(settings.level)
    seats = {settings.human: settings.name, 3 - settings.human: computer}
    headers = [
        ("Event", "sixtysix play"),
        ("Date", datetime.date.today().strftime("%Y.%m.%d")),
        ("Seat1", seats[1]),
        ("Seat2", seats[2]),
        ("Human", str(settings.human)),
        ("Level", str(settings.level)),
    ]
    if settings.seed is not None:
        headers.append(("Seed", str(settings.seed)))
    if settings.practice:
        headers.append(("Practice", "true"))
    return headers


class Terminal:
    """The console side shared by the sessions of every table size: prompts, messages, the log."""

    def __init__(self, settings: Settings, console: Console, ask: Callable[[str], str] | None = None) -> None:
        self.settings = settings
        self.console = console
        self._ask = ask or console.input
        self.log: list[str] = []
        self.notes: list[str] = []
        """Messages for the next screen."""

    def log_lines(self) -> int:
        height = self.console.size.height if self.console.is_terminal else 100
        return max(2, min(LOG_LINES, height - SCREEN_LINES))

    def ask(self, prompt: str) -> str:
        try:
            return self._ask(prompt)
        except (EOFError, KeyboardInterrupt):
            raise Quit from None

    def say(self, markup: str) -> None:
        """Print a message under the screen (long lines are left to the terminal to wrap)."""
        self.console.print(markup, highlight=False, soft_wrap=True)

    def clear(self) -> None:
        """Clear the terminal before a new screen (or leave a blank line)."""
        if self.settings.clear and self.console.is_terminal:
            self.console.clear()
        else:
            self.console.print()

    def next_deal_prompt(self) -> bool:
        """Wait for Enter after a deal summary; ``True`` when the player typed undo."""
        while True:
            text = self.ask("Press Enter for the next deal> ").strip().lower()
            if text in ("", "n", "next", "c", "continue"):
                return False
            if text in ("q", "quit", "exit", "save"):
                raise Quit
            if text in ("u", "undo"):
                return True
            self.say("Press Enter to continue, or type quit to save and leave.")

    def write(self, text: str) -> Path:
        """Write the record ``text`` to the save path."""
        path = self.settings.save_path
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        return path

    def saved_and_left(self, path: Path) -> None:
        where = escape(str(path))
        self.say(f"\nSaved to {where}. Continue with: sixtysix play --resume {where}")

    undo_supported = False
    """Whether ``undo`` can take back decisions (two-player matches only)."""

    def undo(self) -> bool:
        """Take back the player's last decision; whether there was one."""
        return False

    def undo_refused(self) -> bool:
        """Whether ``undo`` may not be used here (the message says why)."""
        if not self.undo_supported:
            self.say("[red]undo is only available in the two-player game[/]")
        elif not self.settings.practice:
            self.say("[red]undo is only allowed in practice games (start one with --practice)[/]")
        else:
            return False
        return True


TableDeal = TypeVar("TableDeal", Deal, ThreeHandedDeal, FourHandedDeal)
"""The deal of a table: what its match deals."""
PlayDeal = TypeVar("PlayDeal", Deal, FourHandedDeal)
"""The deal the actions are applied to and logged on (of a three-handed deal, the inner one)."""
_Dealt = TypeVar("_Dealt", Deal, ThreeHandedDeal, FourHandedDeal, covariant=True)


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


class TableSession(Terminal, Generic[TableDeal, PlayDeal]):
    """The match loop every table size shares: deal, ask whoever acts, save and sum up each deal.

    The person sits at table ``seat``. Subclasses start the deals, tell their computer
    players, take the turns, and say what a deal and the match gave.
    """

    match: TableMatch[TableDeal]
    headers: list[tuple[str, str]]
    log: list[str]

    def __init__(
        self,
        match: TableMatch[TableDeal],
        settings: Settings,
        console: Console,
        ask: Callable[[str], str] | None = None,
    ) -> None:
        super().__init__(settings, console, ask)
        self.match = match
        self.seat = settings.human
        """The person's table seat."""
        self.seed = settings.seed if settings.seed is not None else secrets.randbits(64)
        """The seed of the shuffles and of the computer players."""
        self.deal_rng = random.Random(self.seed)
        for _ in match.deals:  # a resumed match has used one shuffle per deal
            self.deal_rng.getrandbits(64)

    @property
    def rules(self) -> Rules:
        return self.match.rules

    # -- what each table size gives ---------------------------------------------------------

    def computers(self) -> Mapping[int, Player] | Mapping[int, PartnershipPlayer]:
        """The computer players by table seat."""
        raise NotImplementedError

    def start_deal(self) -> TableDeal:
        """Deal the next deal and tell the computer players."""
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

    def _deal_intro(self, deal: TableDeal) -> str:
        raise NotImplementedError

    def apply(self, deal: PlayDeal, seat: int, action: Action) -> None:
        """Apply one action (raising IllegalActionError) and log what happened."""
        raise NotImplementedError

    def human_turn(self, deal: PlayDeal) -> None:
        raise NotImplementedError

    def computer_turn(self, deal: TableDeal, seat: int) -> None:
        raise NotImplementedError

    def deal_summary(self, deal: TableDeal) -> None:
        raise NotImplementedError

    def finish(self) -> None:
        raise NotImplementedError

    def record_text(self) -> str:
        """The 66R record of the match so far."""
        raise NotImplementedError

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
            self.say(f"[dim]{name} is thinking…[/]")
        action = choose()
        if action not in legal:  # a faulty player must not stop the game
            self.log.append(f"[red]{name} chose the illegal {action}; it plays {legal[0]}[/]")
            action = legal[0]
        return action

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

    def save_result(self) -> Path:
        """Save the finished match, its ``Result`` header the scores joined by ``-``."""
        result = "-".join(map(str, self.match.score))
        self.headers = [(k, v) for k, v in self.headers if k != "Result"] + [("Result", result)]
        return self.save()

    def save(self) -> Path:
        return self.write(self.record_text())


class TwoHandedTurns(TableSession[TableDeal, Deal]):
    """The person's decisions in a two-player deal, and the log of its actions.

    Shared by the two-player :class:`Session` and the three-handed session, whose
    person plays the inner two-player deal (``human`` is then the inner seat).
    Subclasses give the view, the screen information and undo.
    """

    human: int
    names: Names
    queue: list[Action]

    def view(self, deal: Deal, seat: int) -> PlayerView:
        raise NotImplementedError

    def info(self, extra: Sequence[str] = ()) -> TableInfo:
        raise NotImplementedError

    undo_supported = True

    # -- the player ---------------------------------------------------------------------

    def show(self, deal: Deal) -> PlayerView:
        view = self.view(deal, self.human)
        self.clear()
        self.console.print(render_table(view, self.info(self.notes)))
        self.notes = []
        return view

    def human_turn(self, deal: Deal) -> None:
        """One decision of the player (or a queued action); returns when the state changed."""
        if self.queue:
            actions, self.queue = self.queue, []
            if self.play(deal, actions, queued=True):
                return
        view = self.show(deal)
        while True:
            text = self.ask("Your move> ")
            parsed = parse_input(text, hand_order(view.hand, view.trump), view.legal)
            if isinstance(parsed, Invalid):
                self.say(f"[red]{parsed.message}[/]")
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

    def command(self, deal: Deal, view: PlayerView, name: str) -> tuple[Action, ...] | None:
        """Run a command; actions to take (``()``: the state changed) or ``None`` to ask again."""
        if name == "enter":
            if view.window == self.human:
                return (ACTIONS[PASS],)
            if deal.stage == BEFORE_DRAW and DRAW in view.legal:
                return (ACTIONS[DRAW],)
            if len(view.legal) == 1:
                return (view.legal[0],)
            self.say("Type a card (Ah, or its number), an action, or help.")
        elif name == "help":
            for line in help_lines(view, deal, self.settings.practice, self.settings.symbols):
                self.say(line)
        elif name == "hint":
            self.hint(view)
        elif name == "last":
            self.say(last_trick_line(view, self.names, self.settings.symbols))
        elif name == "rules":
            self.show_rules()
        elif name == "undo":
            if self.undo_refused():
                pass
            elif self.undo():
                return ()
            else:
                self.say("[red]There is no decision of yours to take back.[/]")
        elif name == "quit":
            raise Quit
        return None

    def play(self, deal: Deal, actions: list[Action], queued: bool = False) -> bool:
        """Take the player's actions in order; whether the state changed.

        Right after winning a phase-1 trick, an action other than ``66``/``CB``/``draw``
        draws first (as records do). When the computer must decide in between (its
        exchange after the draw, its card to a lead), the rest waits in the queue.
        """
        human = self.human
        changed = queued  # a queued action's error goes to the next screen
        while actions:
            action = actions[0]
            if deal.is_over:
                self.notes.append("[yellow]The deal is over; the rest of the input was dropped.[/]")
                return changed
            if deal.window == human and action not in (EXCHANGE, PASS):
                self._error(changed, "first decide on the exchange: x to exchange, or pass (Enter)")
                return changed
            if (
                deal.stage == BEFORE_DRAW
                and deal.to_act == human
                and deal.window != human
                and action not in (CLAIM, CLOSE_BEFORE_DRAW, DRAW)
            ):
                trial = deal.copy()
                trial.apply(DRAW)
                try:
                    trial.apply(action, human)
                except IllegalActionError as error:
                    self._error(changed, str(error))
                    return changed
                actions = [ACTIONS[DRAW], *actions]
                action = actions[0]
            try:
                self.apply(deal, human, action)
            except IllegalActionError as error:
                self._error(changed, str(error))
                return changed
            changed = True
            actions = actions[1:]
            if actions and not deal.is_over and (deal.window or deal.to_act) != human:
                self.queue = actions
                return True
        return changed

    def _error(self, changed: bool, message: str) -> None:
        text = f"[red]Not allowed: {message}[/]"
        if changed:
            self.notes.append(text)
        else:
            self.say(text + "  (help lists what you can do)")

    def hint(self, view: PlayerView) -> None:
        from sixtysix.ai.analysis import hint

        self.say("[dim]Analysing…[/]")
        analysis = hint(view)
        hand = hand_order(view.hand, view.trump)
        table = Table(
            title=f"Hint: best is {analysis.best} ({analysis.worlds} sampled deals, {analysis.seconds:.1f} s)",
            title_justify="left",
            box=None,
        )
        table.add_column("")
        table.add_column("action")
        table.add_column("expected game points", justify="right")
        table.add_column("chance to win the deal", justify="right")
        for entry in analysis.actions:
            action = entry.action
            number = str(hand.index(action) + 1) if action < 32 and action in hand else ""
            label = card_markup(action, self.settings.symbols) if action < 32 else str(action)
            table.add_row(number, label, f"{entry.value:+.2f}", f"{entry.win_chance:.0%}")
        self.console.print(table)
        self.say("[dim]Values are for this deal, from your side: +1 is a won deal worth one game point.[/]")

    def show_rules(self) -> None:
        rules = self.rules
        self.say(f"[bold]Rules:[/] {rules.preset_name}: {PRESET_TEXT.get(rules.preset_name, '')}")
        options = rules.options()
        if options:
            self.say("Changed options: " + ", ".join(f"{k}={v}" for k, v in options.items()))
        self.say(f"Match to {rules.match_target} game points. Trump exchange card: the {_rank_word(rules)} of trumps.")

    # -- applying and logging ------------------------------------------------------------

    def apply(self, deal: Deal, seat: int, action: Action | int, log: bool = True) -> None:
        """Apply one action (raising IllegalActionError) and log what happened."""
        action = ACTIONS[action]
        human = self.human
        hand_before = deal.hands[human]
        face_up = deal.face_up
        exchange = (deal.exchange_card, face_up)
        stage, led, leader = deal.stage, deal.led, deal.leader
        deal.apply(action, seat)
        if not log:
            return
        symbols = self.settings.symbols
        names = self.names
        if action == PASS and seat != human:
            pass  # the computer's declined exchange is private
        elif action == DRAW:
            pass  # the drawn card is logged below
        else:
            self.log.append(describe_action(names, seat, action, symbols, exchange if action == EXCHANGE else None))
        if stage == FOLLOW and action < 32:
            winner = trick_winner(leader, led, action, deal.trump)
            points = deal.rules.points[led] + deal.rules.points[action]
            cards = f"{card_markup(led, symbols)} {card_markup(action, symbols)}"
            text = f"{names.subject(winner)} {names.verb(winner, 'win', 'wins')} the trick: {cards}, {points} points"
            last = deal.is_over and not deal.hands[1] and not deal.hands[2]
            if last and not deal.closed and deal.rules.last_trick_rule == "ten_points":
                text += " and 10 for the last trick"
            self.log.append(f"[bold]{text}[/]")
        drawn = deal.hands[human] & ~hand_before
        if drawn and action != EXCHANGE:
            self.log.append(f"You drew {cards_markup(cards_of(drawn), symbols)}")
        if face_up >= 0 and deal.face_up < 0 and not deal.closed:
            self.log.append("[magenta]The talon is used up: from now on follow suit and head the trick[/]")


class Session(TwoHandedTurns[Deal]):
    """One two-player match in the terminal."""

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
        super().__init__(match, settings, console, ask)
        self.headers = list(headers) if headers is not None else play_headers(settings)
        self.human = settings.human
        self.cseat = 3 - settings.human
        self.names = Names(self.human)
        self.computer = computer or make_player(settings.level, seed=self.seed, time_limit=settings.think)
        self.future_decks: list[tuple[int, ...]] = []
        """Decks of deals taken back by ``undo``, dealt again in order."""
        self.queue: list[Action] = []
        """The rest of a line of several actions, for the player's next decision."""
        current = match.current
        if current is not None:
            self.log = self._replayed_log(current)

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

    def start_deal(self) -> Deal:
        if self.future_decks:
            deal = self.match.new_deal(self.future_decks.pop(0))
        else:
            deal = self.match.new_deal(seed=self.deal_rng.getrandbits(64))
        self.log = [self._deal_intro(deal)]
        self.queue = []
        self._start_players(deal)
        return deal

    def _start_players(self, deal: Deal) -> None:
        self.computer.new_deal(self.view(deal, self.cseat))

    def _deal_intro(self, deal: Deal) -> str:
        return (
            f"Deal {len(self.match.deals)}: {self.names(deal.dealer)} dealt; trump is "
            f"{suit_label(deal.trump, self.settings.symbols)} ({card_markup(deal.trump_card, self.settings.symbols)})"
        )

    # -- the computer --------------------------------------------------------------------

    def computer_turn(self, deal: Deal, seat: int) -> None:
        view = self.view(deal, seat)
        choice = self.computer_choice(
            self.names.computer, self.settings.level, lambda: self.computer.choose(view), view.legal
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
        self.queue = []
        current = rebuilt.current
        assert current is not None
        self.log = self._replayed_log(current)
        note = f"[yellow]Took back your {taken}.[/]"
        if old is not current and (index < len(match.deals) - 1 or old.talon_size < current.talon_size):
            note += " [yellow](You have seen cards drawn since: information revealed.)[/]"
        self.notes.append(note)
        return True

    # -- the end of a deal and of the match ---------------------------------------------

    def deal_summary(self, deal: Deal) -> None:
        match = self.match
        credited = self.credited(len(match.deals) - 1)
        self.summarize(render_summary(deal, self.info(), credited, match.is_over, match.winner))

    def finish(self) -> None:
        match = self.match
        path = self.save_result()
        winner = match.winner or self.human
        won, lost = match.score[winner - 1], match.score[2 - winner]
        self.say(f"\n[bold]{self.names.subject(winner)} won the match {won}-{lost}.[/]")
        where = escape(str(path))
        self.say(f"The record is saved in {where}. Replay it with: sixtysix replay {where}")

    # -- saving -----------------------------------------------------------------------------

    def record_text(self) -> str:
        """The 66R record of the match so far, with the pending implicit decisions as a comment."""
        return Record.from_match(self.match, self.headers).text() + pending_comment(self.match.current)


def pending_comment(deal: Deal | ThreeHandedDeal | FourHandedDeal | None) -> str:
    """``# pending: 1:draw 2:pass``: the implicit decisions after the last record action
    of an unfinished deal (table seats), for ``--resume``; empty when there are none
    (always in the four-handed game, whose every action is in the record)."""
    if deal is None or deal.is_over:
        return ""
    pending: list[str] = []
    for seat, action in reversed(deal.history):
        if action.in_records():
            break
        pending.append(f"{seat}:{action}")
    return "# pending: " + " ".join(reversed(pending)) + "\n" if pending else ""


def _rank_word(rules: Rules) -> str:
    return "nine" if rules.exchange_rank == "9" else "jack"


# -- resuming ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Resumed:
    """A match rebuilt from a saved record."""

    match: AnyMatch
    headers: list[tuple[str, str]]
    human: int | None
    level: int | None
    seed: int | None
    practice: bool
    levels: tuple[int, ...] = ()
    """The ``Levels`` header of a three- or four-handed match (clockwise from the player's left)."""


def resume(text: str) -> Resumed:
    """Rebuild a match of any table size from a record saved by ``sixtysix play`` (or any 66R record).

    Raises :class:`~sixtysix.core.errors.RecordError` for an invalid record.
    """
    result = replay(text)
    match = result.match
    deal = match.current
    found = PENDING.search(text)
    if found and deal is not None and not deal.is_over:
        for token in found.group(1).split():
            seat_text, _, action_text = token.partition(":")
            try:
                deal.apply(Action.parse(action_text), int(seat_text))
            except ValueError:  # a stale or hand-edited comment: ignore the rest
                break
    record = result.record
    headers = [(k, v) for k, v in record.headers if k not in ("Format", "Rules", "Option", "Result")]

    def number(name: str, allowed: range) -> int | None:
        value = record.header(name)
        if value is None or not value.strip().isdigit() or int(value) not in allowed:
            return None
        return int(value)

    seed_text = record.header("Seed")
    seed = int(seed_text) if seed_text is not None and re.fullmatch(r"-?\d+", seed_text.strip()) else None
    practice = (record.header("Practice") or "").strip().lower() == "true"
    levels_text = (record.header("Levels") or "").replace(" ", "")
    levels = tuple(int(x) for x in levels_text.split(",")) if re.fullmatch(r"[1-5](,[1-5])*", levels_text) else ()
    seats = range(1, len(match.seats) + 1)
    human = number("Human", seats)
    return Resumed(match, headers, human, number("Level", range(1, 6)), seed, practice, levels)


def merge_headers(headers: list[tuple[str, str]], settings: Settings) -> list[tuple[str, str]]:
    """The resumed headers with ``Human``, ``Level``, the computer's seat name, ``Seed`` and
    ``Practice`` set to what is played now."""
    computer = level_label(settings.level)
    values = {"Human": str(settings.human), "Level": str(settings.level), f"Seat{3 - settings.human}": computer}
    if settings.practice:
        values["Practice"] = "true"
    if settings.seed is not None:
        values["Seed"] = str(settings.seed)
    out = [(k, values.pop(k) if k in values else v) for k, v in headers]
    out += list(values.items())
    return out
