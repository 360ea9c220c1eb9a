"""``sixtysix play`` from its parsed arguments: build (or resume) the match and run the session."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console

from sixtysix.core.errors import RulesError
from sixtysix.core.match import AnyMatch, create_match
from sixtysix.core.rules import Rules
from sixtysix.present.words import say
from sixtysix.tui.console import Settings, default_save_path
from sixtysix.tui.loop import TableSession
from sixtysix.tui.partnership import PartnershipSession
from sixtysix.tui.resume import ResumeError, load_saved
from sixtysix.tui.session import Session
from sixtysix.tui.threehanded import ThreeHandedSession

EXIT_USAGE = 2

SESSIONS: dict[int, type[TableSession[Any, Any, Any]]] = {
    Session.table_size: Session,
    ThreeHandedSession.table_size: ThreeHandedSession,
    PartnershipSession.table_size: PartnershipSession,
}
"""The terminal session of each table size."""


def rules_from_args(preset: str | None, options: list[str], target: int | None) -> Rules:
    """The rules of ``--rules``, ``--option name=value`` (repeatable) and ``--target``."""
    values: dict[str, str] = {}
    for item in options:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise RulesError(f"an option must read name=value, not {item!r}")
        values[name.strip()] = value.strip()
    rules = Rules.from_options(preset or "seed66", values)
    if target is not None:
        rules = rules.replace(match_target=target)
    return rules


def _fail(message: str) -> int:
    print(f"sixtysix play: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace, console: Console | None = None) -> int:
    console = console or Console(highlight=False)
    symbols = (console.encoding or "").lower().startswith("utf")
    if not symbols and hasattr(sys.stdout, "reconfigure"):
        sys.stdout.reconfigure(errors="replace")  # boxes and dots become ? rather than an error
    settings = Settings(
        human=args.seat or 1,
        level=args.level or 3,
        practice=args.practice,
        seed=args.seed,
        think=args.think,
        tally=args.tally,
        clear=not args.no_clear,
        name=args.name or "Player",
        symbols=symbols,
        levels=getattr(args, "levels", None) or (),
        watch=getattr(args, "watch", 1.0),
        review=getattr(args, "review", False),
        lang=getattr(args, "lang", None) or "en",
    )
    if args.resume:
        if args.rules or args.option or args.target is not None:
            return _fail("--rules, --option and --target cannot change a resumed match: its rules are in the record")
        path = Path(args.resume)
        try:
            resumed = load_saved(path)
        except ResumeError as error:
            return _fail(str(error))
        match = resumed.match
        settings.human = args.seat or resumed.human or 1
        settings.level = args.level or resumed.level or 3
        if not settings.levels and not args.level:
            settings.levels = resumed.levels
        settings.practice = args.practice or resumed.practice
        settings.seed = args.seed if args.seed is not None else resumed.seed
        settings.save_path = Path(args.save) if args.save else path
        score = "-".join(map(str, match.score))
        console.print(say("tui.resuming", settings.lang, path=path, n=len(match.deals), score=score))
        return _start(match, settings, console, resumed.headers)
    try:
        rules = rules_from_args(args.rules, args.option, args.target)
    except RulesError as error:
        return _fail(str(error))
    settings.save_path = Path(args.save) if args.save else default_save_path()
    return _start(create_match(rules), settings, console, None)


def _start(match: AnyMatch, settings: Settings, console: Console, resumed: list[tuple[str, str]] | None) -> int:
    """Check the seats and levels for the table size, then play (a resumed match keeps its headers)."""
    kind = SESSIONS[match.rules.players]
    if settings.human > kind.table_size:
        return _fail(f"--seat {settings.human}: {match.rules.preset_name} has seats 1-{kind.table_size}")
    try:
        kind.levels_of(settings)
    except ValueError as error:
        return _fail(str(error))
    try:  # the computer players are made here: a level the table size lacks is an error
        headers = kind.resumed_headers(resumed, settings) if resumed is not None else None
        session = kind(match, settings, console, headers)
    except ValueError as error:
        return _fail(str(error))
    return session.run()
