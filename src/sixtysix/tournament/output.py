"""What a tournament writes: the tables on the terminal, JSON and CSV files."""

from __future__ import annotations

import contextlib
import csv
import importlib.util
import io
import json
import math
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TextIO

from sixtysix.tournament.runner import TournamentResult


def _signed(x: float, digits: int = 3) -> str:
    return f"{x:+.{digits}f}" if math.isfinite(x) else "-"


def _interval(low: float, high: float, fmt: str) -> str:
    if not (math.isfinite(low) and math.isfinite(high)):
        return "-"
    return f"[{low:{fmt}}, {high:{fmt}}]"


def unit_words(result: TournamentResult) -> tuple[str, str]:
    """(``deal``, ``deals``) or (``match``, ``matches``)."""
    return ("match", "matches") if result.tournament.unit == "match" else ("deal", "deals")


def pair_table(result: TournamentResult) -> tuple[list[str], list[list[str]]]:
    """The results per pairing, from A's side: header and rows."""
    one, many = unit_words(result)
    units = result.tournament.table.unit_word
    header = ["A", "B", units, f"A pts/{one}", "95% CI", f"A {many} won", "95% CI", "W-L-T", "forfeits A-B"]
    rows = []
    for p in result.pairs:
        rows.append(
            [
                p.a,
                p.b,
                str(p.pairs),
                _signed(p.points),
                _interval(*p.points_ci, "+.2f"),
                f"{p.won:.1%}" if p.games else "-",
                _interval(p.won_ci[0] * 100, p.won_ci[1] * 100, ".1f").replace("]", "]%") if p.games else "-",
                f"{p.wins}-{p.losses}-{p.ties}",
                f"{p.forfeits[0]}-{p.forfeits[1]}",
            ]
        )
    return header, rows


def rating_table(result: TournamentResult) -> tuple[list[str], list[list[str]]]:
    """The ratings, best first."""
    timing = result.player_timing()
    header = ["#", "player", "spec", "Elo", "95% CI", "games", "score", "ms/decision"]
    specs = {s.name: s.text for s in result.tournament.players}
    rows = []
    for rank, r in enumerate(result.ratings, start=1):
        ms = timing[r.name]["mean_ms"]
        rows.append(
            [
                str(rank),
                r.name,
                specs[r.name],
                f"{r.elo:.0f}",
                _interval(r.ci[0], r.ci[1], ".0f"),
                str(r.games),
                f"{r.score:.1%}",
                f"{ms:.3f}" if ms < 1 else f"{ms:.1f}",
            ]
        )
    return header, rows


def seating_text(result: TournamentResult) -> str:
    """How each board is played: ``100 deals per pairing x 2 (seats swapped)`` and the like."""
    t = result.tournament
    many = unit_words(result)[1]
    if not t.table.in_pairs:
        return f"{t.boards} {many} per table x every seating (each player in every seat)"
    teams = ", partnerships of two copies of each player" if t.table.teams else ""
    return f"{t.boards} {many} per pairing x 2 ({t.table.position_word}s swapped){teams}"


def result_notes(result: TournamentResult) -> list[str]:
    """What the figures mean, for this table size."""
    one, many = unit_words(result)
    table = result.tournament.table
    if not table.in_pairs:
        dealer = "scores as the winner, capped at 6" if one == "match" else "scores as the winner"
        return [
            f"three-handed: A and B compared in every game of the tables they share; pts/{one}: A's game points "
            f"minus B's per {one} (the dealer, who sits out, {dealer}); "
            f"won: share of the {many} where A ranked above B (even 1/2); 95% CI: Student t over the units "
            "(a board at a table in every seating); W-L-T: the comparisons (one per copy of a player seated twice).",
            "Elo: Bradley-Terry fit of the pairwise wins (1 virtual drawn game per pairing), mean 1500; "
            "95% CI: bootstrap over the units.",
        ]
    side = f"{table.position_word} " if table.teams else ""
    return [
        f"pts/{one}: {side}A's game points minus {side}B's per {one}; won: share of the {many} A won (ties 1/2); "
        "95% CI: Student t over the duplicate pairs.",
        "Elo: Bradley-Terry fit of the wins (1 virtual drawn game per pairing), mean 1500; "
        "95% CI: bootstrap over the duplicate pairs.",
    ]


def print_results(result: TournamentResult, stream: TextIO | None = None, use_rich: bool | None = None) -> None:
    """The pairing and rating tables: with ``rich`` on a terminal when it is installed, else plain text."""
    t = result.tournament
    title = f"{t.format}, {seating_text(result)}, seed {t.seed}, rules {t.rules.preset_name}" + (
        f", {t.time_limit:g} s/decision" if t.time_limit else ""
    )
    status = "" if result.complete else f" -- incomplete: {len(result.games)} of {result.total} games"
    pairs = pair_table(result)
    ratings = rating_table(result)
    notes = result_notes(result)
    if use_rich is None:  # rich on a terminal; plain text in files and pipes
        use_rich = (stream or sys.stdout).isatty() and importlib.util.find_spec("rich") is not None
    if use_rich:
        from rich.console import Console
        from rich.table import Table

        console = Console(file=stream, highlight=False)
        console.print(f"[bold]sixtysix tournament[/bold]: {title}{status}")
        for caption, (header, rows) in (("results per pairing", pairs), ("ratings", ratings)):
            table = Table(title=caption, title_justify="left")
            for i, name in enumerate(header):
                table.add_column(name, justify="left" if i < 2 or name in ("player", "spec") else "right")
            for row in rows:
                table.add_row(*row)
            console.print(table)
        for note in notes:
            console.print(note, style="dim")
        for line in disqualified_lines(result):
            console.print(line, style="bold red")
        return
    lines = [f"sixtysix tournament: {title}{status}", ""]
    lines += [*plain_table(*pairs), "", *plain_table(*ratings), "", *notes, *disqualified_lines(result)]
    (stream or sys.stdout).write("\n".join(lines) + "\n")


def plain_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    """Columns padded to their widest cell; text columns left, figures right."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]
    left = {i for i, name in enumerate(header) if i < 2 or name in ("player", "spec")}

    def line(cells: Sequence[str]) -> str:
        padded = (c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths, strict=True)))
        return "  ".join(padded).rstrip()

    return [line(header), "  ".join("-" * w for w in widths)] + [line(row) for row in rows]


def write_atomic(path: str | Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename (never half written)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as handle:
            handle.write(text)
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


def write_json(path: str | Path, result: TournamentResult) -> None:
    write_atomic(path, json.dumps(result.to_json(), indent=2) + "\n")


CSV_COLUMNS = (
    "a",
    "b",
    "pairs",
    "games",
    "points",
    "points_ci95_low",
    "points_ci95_high",
    "won",
    "won_ci95_low",
    "won_ci95_high",
    "wins",
    "losses",
    "ties",
    "forfeits_a",
    "forfeits_b",
    "forfeit_kinds_a",
    "forfeit_kinds_b",
    "disqualified_a",
    "disqualified_b",
    "elo_a",
    "elo_b",
)


def csv_text(result: TournamentResult) -> str:
    """One row per pairing, from A's side, with both players' ratings (empty cells for undefined figures)."""
    elo = {r.name: r.elo for r in result.ratings}
    disqualified = result.disqualified
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in result.pairs:
        values: list[object] = [
            p.a,
            p.b,
            p.pairs,
            p.games,
            p.points,
            *p.points_ci,
            p.won,
            *p.won_ci,
            p.wins,
            p.losses,
            p.ties,
            *p.forfeits,
            *(kinds_text(kinds) for kinds in p.forfeit_kinds),
            disqualified.get(p.a, ""),
            disqualified.get(p.b, ""),
            elo.get(p.a, math.nan),
            elo.get(p.b, math.nan),
        ]
        writer.writerow(["" if isinstance(v, float) and not math.isfinite(v) else _cell(v) for v in values])
    return buffer.getvalue()


def kinds_text(kinds: dict[str, int]) -> str:
    """Forfeits by failure, ``crash 3; disqualified 197`` (empty without any).

    >>> kinds_text({"disqualified": 197, "crash": 3})
    'crash 3; disqualified 197'
    """
    return "; ".join(f"{kind} {count}" for kind, count in sorted(kinds.items()))


def disqualified_lines(result: TournamentResult) -> list[str]:
    """``disqualified: NAME: WHY`` for every disqualified bot."""
    return [f"disqualified: {name}: {why}" for name, why in result.disqualified.items()]


def _cell(value: object) -> str:
    return f"{value:.6f}" if isinstance(value, float) else str(value)


def write_csv(path: str | Path, result: TournamentResult) -> None:
    write_atomic(path, csv_text(result))
