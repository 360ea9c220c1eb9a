"""``sixtysix puzzles`` from its parsed arguments: the terminal puzzle trainer.

Each puzzle is drawn like the terminal game's table (:func:`~sixtysix.tui.screen.render_table`),
from the player's view, with the opponent's cards the player knows (all of them once the talon
is exhausted; after a close or with the talon open those he showed, and how many deals are
consistent with the view). The answer is judged against the exact solution; then the values of
every move and the solution line are shown and the rating and streaks
(:class:`~sixtysix.ai.puzzle_skill.PuzzleSkill`) are saved to the store file (:func:`default_store`).
The question, the verdict, the values and why are in ``--lang`` (English, German or French).

>>> import io, argparse, tempfile, pathlib
>>> from rich.console import Console
>>> from sixtysix.ai.puzzles import puzzle_by_id
>>> store = pathlib.Path(tempfile.mkdtemp()) / "puzzles.json"
>>> args = argparse.Namespace(daily=False, id=1, stats=False, answer=puzzle_by_id(1).solution.token,
...     count=0, store=str(store), no_rating=False, no_clear=True, lang="en")
>>> out = io.StringIO()
>>> run(args, Console(file=out, width=100, color_system=None))
0
>>> "Right!" in out.getvalue(), json.loads(store.read_text())["solved"]
(True, 1)
"""

from __future__ import annotations

import argparse
import collections
import datetime
import json
import logging
import os
import random
from collections.abc import Callable
from pathlib import Path

from rich.console import Console
from rich.markup import escape
from rich.text import Text

from sixtysix.ai.puzzle_skill import PuzzleSkill, next_puzzle
from sixtysix.ai.puzzles import KINDS, Puzzle, daily_puzzle, load_puzzles, puzzle_by_id
from sixtysix.core.actions import Action
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import Names, describe_action_choice, typed_token
from sixtysix.present.order import hand_order
from sixtysix.present.puzzle_words import (
    card_or_action,
    hidden_cards,
    kind_label,
    kind_text,
    line_lines,
    names_for,
    opponent_cards,
    question,
    source_text,
    values_lines,
    verdict,
    view_of,
    why,
)
from sixtysix.present.words import say
from sixtysix.tui.inputs import Command, Invalid, parse_input
from sixtysix.tui.screen import TableInfo, last_trick_line, render_table

log = logging.getLogger(__name__)

EXIT_USAGE = 2


def default_store() -> Path:
    """``$XDG_DATA_HOME/sixtysix/puzzles.json`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sixtysix" / "puzzles.json"


def load_skill(path: Path) -> PuzzleSkill:
    """The skill kept at ``path`` (a fresh one when there is none; a damaged file is kept aside)."""
    if not path.exists():
        return PuzzleSkill()
    try:
        return PuzzleSkill.from_json(json.loads(path.read_text(encoding="utf-8")))
    except (ValueError, AttributeError, TypeError):
        aside = path.with_suffix(".damaged")
        path.replace(aside)
        log.warning("the puzzle rating in %s could not be read: moved to %s, starting afresh", path, aside)
        return PuzzleSkill()


def save_skill(path: Path, skill: PuzzleSkill) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(skill.to_json(), indent=1) + "\n", encoding="utf-8")


class Trainer:
    """One session: puzzles one after the other, each answer judged and counted."""

    def __init__(
        self, args: argparse.Namespace, console: Console, ask: Callable[[str], str] | None = None
    ) -> None:  # fmt: skip
        self.args = args
        self.console = console
        self.ask = ask or console.input
        self.symbols = (console.encoding or "").lower().startswith("utf")
        self.lang = getattr(args, "lang", None) or "en"
        self.store = Path(args.store) if args.store else default_store()
        self.rated = not args.no_rating
        self.skill = load_skill(self.store) if self.rated else PuzzleSkill()
        self.puzzles = load_puzzles()
        self.rng = random.Random()
        self.failed = False
        """Whether ``--answer`` gave no legal move."""

    def say(self, markup: str) -> None:
        self.console.print(markup, highlight=False)

    def run(self) -> int:
        if self.args.stats:
            self.show_stats()
            return 0
        today = datetime.datetime.now(datetime.UTC).date()
        if self.args.daily or self.args.id:
            puzzle = daily_puzzle(today, self.puzzles) if self.args.daily else puzzle_by_id(self.args.id, self.puzzles)
            self.solve(puzzle, today if self.args.daily else None)
            return EXIT_USAGE if self.failed else 0
        done = 0
        while not self.args.count or done < self.args.count:
            if not self.solve(next_puzzle(self.skill, self.puzzles, self.rng), None):
                break
            done += 1
            if done != self.args.count and not self.next_prompt():
                break
        return 0

    def next_prompt(self) -> bool:
        """Wait for Enter before the next puzzle; ``False`` when the player quits."""
        try:
            text = self.ask(say("puzzle.ask.next", self.lang))
        except (EOFError, KeyboardInterrupt):
            return False
        return text.strip().lower() not in ("q", "quit", "exit")

    def solve(self, puzzle: Puzzle, daily: datetime.date | None) -> bool:
        """Show ``puzzle``, judge an answer; ``False`` when the player quits."""
        self.show(puzzle, daily)
        answer = self.answer(puzzle)
        if answer is None:
            return False
        if isinstance(answer, str):  # skip
            self.say(say("puzzle.skipped", self.lang))
        else:
            self.judge(puzzle, answer, daily)
        self.explain(puzzle, answer if isinstance(answer, Action) else puzzle.solution)
        return not self.args.answer

    def show(self, puzzle: Puzzle, daily: datetime.date | None) -> None:
        view = view_of(puzzle)
        lang = self.lang
        names = names_for(puzzle, lang)
        which = (
            say("puzzle.which.daily", lang, date=daily.isoformat())
            if daily
            else say("puzzle.which.number", lang, n=puzzle.id)
        )
        grade = say(f"puzzle.grade.{puzzle.grade}", lang)
        kind = kind_label(puzzle.kind, lang)
        title = f"sixtysix · {view.rules.preset_name} · {which} · {grade} ({puzzle.rating}) · {kind}"
        extra = (
            self.opponent_line(puzzle, view),
            points_line(view, names),
            f"[bold]{question(puzzle, lang)}[/]",
            say("puzzle.skip_note", lang),
        )
        info = TableInfo(
            names=names, title=title, scoreboard=self.scoreboard(), extra=extra, symbols=self.symbols
        )  # fmt: skip
        if not self.args.no_clear and self.console.is_terminal and not self.args.answer:
            self.console.clear()
        self.console.print(render_table(view, info))

    def opponent_line(self, puzzle: Puzzle, view: PlayerView) -> str:
        """The opponent's cards the player knows: all of them after the talon, else those shown and how many hidden."""
        lang = self.lang
        known = " ".join(
            card_or_action(Action.play(c), self.symbols, lang) for c in hand_order(opponent_cards(view), view.trump)
        )  # fmt: skip
        name = names_for(puzzle, lang).other(3 - view.seat)
        hidden = hidden_cards(view)
        if not hidden:
            return say("puzzle.opponent.known", lang, name=name, cards=known, kind=kind_text(puzzle, lang))
        shown = say("puzzle.opponent.and", lang, cards=known) if known else ""
        return say("puzzle.opponent.hidden", lang, name=name, shown=shown, n=hidden)

    def scoreboard(self) -> Text:
        if not self.rated:
            return Text(say("puzzle.no_rating", self.lang), style="dim")
        s = self.skill
        return Text(
            say(
                "puzzle.scoreboard",
                self.lang,
                rating=round(s.rating),
                solved=s.solved,
                attempts=s.attempts,
                streak=s.streak,
                best=s.best_streak,
                daily=s.daily_streak,
            )
        )

    def answer(self, puzzle: Puzzle) -> Action | str | None:
        """The player's move, ``"skip"``, or ``None`` to quit."""
        view = view_of(puzzle)
        hand = hand_order(view.hand, view.trump)
        typed = iter([self.args.answer]) if self.args.answer else None
        while True:
            try:
                text = next(typed) if typed is not None else self.ask(say("tui.ask.move", self.lang))
            except (EOFError, KeyboardInterrupt, StopIteration):
                return None
            if text.strip().lower() in ("skip", "s", "solution"):
                return "skip"
            parsed = parse_input(text, hand, view.legal)
            if isinstance(parsed, Command):
                if parsed.name == "quit":
                    return None
                self.command(parsed.name, puzzle)
            elif isinstance(parsed, Invalid):
                self.say(f"[red]{escape(parsed.text(self.lang))}[/]")
            elif len(parsed.actions) != 1 or parsed.actions[0] not in view.legal:
                self.say(say("puzzle.type_legal", self.lang, legal=" ".join(typed_token(a) for a in view.legal)))
            else:
                return parsed.actions[0]
            if typed is not None:  # --answer: a move that is not one of the legal ones
                self.failed = True
                return None

    def command(self, name: str, puzzle: Puzzle) -> None:
        view = view_of(puzzle)
        lang = self.lang
        if name == "hint":
            self.say(say("puzzle.hint", lang, plausible=puzzle.plausible, n=puzzle.depth))
        elif name == "last":
            self.say(last_trick_line(view, names_for(puzzle, lang), self.symbols))
        else:
            deal = puzzle.deal()
            for action in view.legal:
                self.say(f"  {typed_token(action)}: {describe_action_choice(action, deal, self.symbols, lang)}")
            self.say(say("puzzle.help_tail", lang))

    def judge(self, puzzle: Puzzle, answer: Action, daily: datetime.date | None) -> None:
        self.say(verdict(puzzle, answer, self.lang, self.symbols))
        if not self.rated:
            return
        change = self.skill.record(puzzle.id, puzzle.rating, answer == puzzle.solution, daily)
        save_skill(self.store, self.skill)
        moved = f"{change:+.0f}" if change else say("puzzle.rating.unchanged", self.lang)
        self.say(
            say("puzzle.rating", self.lang, rating=round(self.skill.rating), moved=moved, streak=self.skill.streak)
        )

    def explain(self, puzzle: Puzzle, answer: Action) -> None:
        lang = self.lang
        if puzzle.hidden:
            self.say(say("puzzle.values.average", lang, n=puzzle.worlds))
        else:
            self.say(say("puzzle.values.exact", lang))
        for line in values_lines(puzzle, self.symbols, lang):
            self.say(f"  {line}")
        title = say("puzzle.line.dealt" if puzzle.hidden else "puzzle.line", lang)
        self.say(title + ("; " if lang != "fr" else " ; ").join(line_lines(puzzle, self.symbols, lang)))
        self.say(say("puzzle.why", lang) + why(puzzle, answer, lang, self.symbols))
        if puzzle.source:  # the source names the players and the game, as the data holds it
            self.say(say("puzzle.from_play", lang, source=escape(source_text(puzzle, lang, self.symbols))))

    def show_stats(self) -> None:
        lang = self.lang
        self.say(self.scoreboard().plain)
        grades = collections.Counter(puzzle.grade for puzzle in self.puzzles)
        kinds = collections.Counter(puzzle.kind for puzzle in self.puzzles)
        by_grade = ", ".join(
            say("puzzle.stats.grade", lang, n=grades[g], grade=say(f"puzzle.grade.{g}", lang))
            for g in ("easy", "medium", "hard")
        )
        self.say(say("puzzle.stats.count", lang, n=len(self.puzzles), grades=by_grade))
        by_kind = ", ".join(f"{kinds[k]} {kind_label(k, lang)}" for k in KINDS)
        self.say(say("puzzle.stats.kinds", lang, kinds=by_kind))
        if self.rated:
            # a path to copy: never wrapped or cropped by the program (soft wrap: the terminal's)
            self.console.print(
                say("puzzle.stats.kept", lang, path=escape(str(self.store))), highlight=False, soft_wrap=True
            )


def points_line(view: PlayerView, names: Names) -> str:
    """Both sides' points, the opponent's included even where the rules forbid reviewing the
    tricks: a puzzle shows what the player could have remembered."""
    lang = names.lang
    pending = say("puzzle.pending", lang, n=view.opponent_pending) if view.opponent_pending else ""
    own = say("puzzle.pending", lang, n=view.pending) if view.pending else ""
    name = names.other(view.opponent)
    return say("puzzle.points", lang, you=view.score, own=own, name=name, opponent=view.opponent_score, pending=pending)


def run(args: argparse.Namespace, console: Console | None = None, ask: Callable[[str], str] | None = None) -> int:
    """Run the trainer; 2 for a puzzle number that does not exist or an ``--answer`` that is no legal move."""
    console = console or Console(highlight=False)
    trainer = Trainer(args, console, ask)
    try:
        return trainer.run()
    except KeyError as error:
        console.print(f"sixtysix puzzles: {error.args[0]}", highlight=False)
        return EXIT_USAGE
