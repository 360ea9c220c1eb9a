"""The person's decisions in a two-player deal, and the log of its actions.

:class:`TwoHandedTurns` is shared by the two-player match
(:class:`sixtysix.tui.session.Session`) and three-handed 66
(:class:`sixtysix.tui.threehanded.ThreeHandedSession`), whose person plays the inner
two-player deal (``human`` is then his inner seat). It draws the screen of
:mod:`sixtysix.tui.screen`, reads what is typed with
:func:`sixtysix.tui.inputs.parse_input`, applies it to the engine, whose
:class:`~sixtysix.core.errors.IllegalActionError` messages are shown in the player's words, and
puts every action into words for the log.

Typing several actions on one line plays them in order: right after winning a phase-1
trick, a card (or marriage) draws first, as records do, and when the computer must
decide in between, the rest waits in :attr:`~TwoHandedTurns.queue`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.console import RenderableType
from rich.table import Table

from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE_BEFORE_DRAW, DRAW, EXCHANGE, PASS, Action
from sixtysix.core.cards import cards_of
from sixtysix.core.errors import IllegalActionError
from sixtysix.core.facts import last_trick_bonus, trick_points, winning_seat
from sixtysix.core.game import BEFORE_DRAW, FOLLOW, Deal
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import (
    Names,
    action_markup,
    card_markup,
    cards_markup,
    decimal_text,
    describe_action,
    value_text,
)
from sixtysix.present.order import hand_order
from sixtysix.present.picture import claim_outcome
from sixtysix.present.words import say
from sixtysix.tui.loop import TableDeal, TableSession
from sixtysix.tui.screen import TableInfo, help_lines, last_trick_line, render_table

if TYPE_CHECKING:
    from sixtysix.ai.analysis import ActionValue


class TwoHandedTurns(TableSession[TableDeal, Deal, PlayerView]):
    """The person's decisions in a two-player deal, and the log of its actions.

    Subclasses give the view, the screen information and undo.
    """

    names: Names
    queue: tuple[Action, ...] = ()
    """The rest of a line of several actions, for the player's next decision."""

    def info(self, extra: Sequence[str] = ()) -> TableInfo:
        raise NotImplementedError

    def screen(self, view: PlayerView, extra: Sequence[str]) -> RenderableType:
        return render_table(view, self.info(extra))

    def start_deal(self) -> TableDeal:
        self.queue = ()
        return super().start_deal()

    # -- the player ---------------------------------------------------------------------

    def human_turn(self, deal: Deal) -> None:
        """One decision of the player (or a queued action); returns when the state changed."""
        if self.queue:
            actions, self.queue = list(self.queue), ()
            if self.play(deal, actions, queued=True):
                return
        super().human_turn(deal)

    def enter(self, deal: Deal, view: PlayerView) -> tuple[Action, ...] | None:
        if view.window == self.human:
            return (ACTIONS[PASS],)
        if deal.stage == BEFORE_DRAW and DRAW in view.legal:
            return (ACTIONS[DRAW],)
        if len(view.legal) == 1:
            return (view.legal[0],)
        self.say(self.names.say("tui.enter.help"))
        return None

    def help_lines(self, deal: Deal, view: PlayerView) -> list[str]:
        return help_lines(view, deal, self.settings.practice, self.settings.symbols, self.names.lang)

    def last_trick(self, view: PlayerView) -> str:
        return last_trick_line(view, self.names, self.settings.symbols)

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
                self.notes.append(self.names.say("tui.deal_over_dropped"))
                return changed
            if deal.window == human and action not in (EXCHANGE, PASS):
                self.refused(changed, "first decide on the exchange: x to exchange, or pass (Enter)")
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
                    self.refused(changed, str(error))
                    return changed
                actions = [ACTIONS[DRAW], *actions]
                action = actions[0]
            if action == CLAIM and deal.is_legal(CLAIM, human) and not self.confirm_claim(deal):
                (self.notes.append if changed else self.say)(self.names.say("tui.claim.not"))
                return changed
            try:
                self.apply(deal, human, action)
            except IllegalActionError as error:
                self.refused(changed, str(error))
                return changed
            changed = True
            actions = actions[1:]
            if actions and not deal.is_over and (deal.window or deal.to_act) != human:
                self.queue = tuple(actions)
                return True
        return changed

    def confirm_claim(self, deal: Deal) -> bool:
        """Whether the player claims: at once if the claim holds, else only once he confirms it.

        The engine judges the claim on a copy (:func:`~sixtysix.present.picture.claim_outcome`):
        on his counted points, never a pending marriage.
        """
        outcome = claim_outcome(deal, self.human)
        if outcome.winner == self.human:
            return True
        names, winner = self.names, outcome.winner or 0
        points, pending = deal.score[self.human], deal.pending[self.human]
        waiting = names.say("tui.claim.waiting", n=pending) if pending else ""
        won = names.count("tui.outcome.game_points", outcome.game_points)
        self.say(names.say("tui.claim.false", points=points, waiting=waiting, name=names.other(winner), won=won))
        answer = self.ask(names.say("tui.ask.claim_anyway")).strip().lower()
        return answer in ("y", "yes", "j", "ja", "o", "oui", "66")

    def hint(self, view: PlayerView) -> None:
        from sixtysix.ai.analysis import hint
        from sixtysix.ai.explain import percent
        from sixtysix.present.explain import advice

        names, lang, symbols = self.names, self.names.lang, self.settings.symbols
        self.say(names.say("tui.hint.analysing"))
        analysis = hint(view)
        hand = hand_order(view.hand, view.trump)
        best = action_markup(analysis.best, symbols, lang)
        seconds = decimal_text(analysis.seconds, lang, digits=1)
        exact = ".exact" if analysis.exhaustive else ""  # every possible deal solved, none sampled
        table = Table(
            title=names.say(f"tui.hint.title{exact}", best=best, worlds=analysis.worlds, seconds=seconds),
            title_justify="left",
            box=None,
        )
        table.add_column("")
        table.add_column(names.say("tui.hint.action"))
        table.add_column(names.say("tui.hint.value"), justify="right")
        table.add_column(names.say("tui.hint.chance"), justify="right")
        table.add_column(names.say("tui.hint.loss"), justify="right")
        for entry in analysis.actions:
            action = entry.action
            number = str(hand.index(action) + 1) if action.is_card() and action in hand else ""
            label = action_markup(action, symbols, lang)
            value = value_text(entry.value, 0.0 if analysis.exact else entry.margin, lang)
            chance = f"{percent(entry.win_chance)}%" if lang == "en" else f"{percent(entry.win_chance)} %"
            table.add_row(number, label, value, chance, against_best(entry, analysis.exact, lang))
        self.console.print(table)
        if not analysis.forced:
            self.say(advice(view, lang=lang, symbols=symbols, analysis=analysis))
        self.say(names.say(f"tui.hint.note{exact}"))

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
        lang = names.lang
        if action == PASS and seat != human:
            pass  # the computer's declined exchange is private
        elif action == DRAW:
            pass  # the drawn card is logged below
        else:
            self.log.append(describe_action(names, seat, action, symbols, exchange if action == EXCHANGE else None))
        if stage == FOLLOW and action.is_card():
            winner = winning_seat(((leader, led), (3 - leader, action)), deal.trump)
            points = trick_points(deal.rules, (led, action))
            cards = f"{card_markup(led, symbols, lang)} {card_markup(action, symbols, lang)}"
            text = names.of("tui.log.trick", winner, cards=cards, points=points)
            last = deal.is_over and not deal.hands[1] and not deal.hands[2]
            bonus = last_trick_bonus(deal.rules, deal.closed)
            if last and bonus:
                text += names.say("tui.log.last_trick", n=bonus)
            self.log.append(f"[bold]{text}[/]")
        drawn = deal.hands[human] & ~hand_before
        if drawn and action != EXCHANGE:
            self.log.append(names.say("tui.log.drew", cards=cards_markup(cards_of(drawn), symbols, lang)))
        if face_up >= 0 and deal.face_up < 0 and not deal.closed:
            self.log.append(names.say("tui.log.talon_used_up"))


def against_best(entry: ActionValue, exact: bool, lang: str = "en") -> str:
    """What a hinted action gives away against the best, with its error and the verdict if not good:
    ``""`` for the best, ``-0.47 ± 0.05 ? mistake``, ``-0.08 ± 0.06 uncertain`` (in ``lang``)."""
    from sixtysix.ai.analysis import Verdict

    verdict = entry.verdict
    if entry.loss < 0.005 and verdict is Verdict.GOOD:
        return ""
    loss = value_text(-entry.loss, 0.0 if exact else entry.loss_margin, lang)
    if verdict is Verdict.GOOD:
        return loss
    return f"{loss} {verdict.symbol} {say(f'tui.verdict.{verdict.value}', lang)}".replace("  ", " ")
