"""docs/puzzles.md describes the shipped puzzles as they are: every figure of its table of kinds, presets and
grades and of the paragraph after it (the worlds, the talons, who closed, what the solutions are: closing
solves 36 of the talon-open ones) is counted again from ``src/sixtysix/ai/puzzles.jsonl``."""

from __future__ import annotations

import re
import statistics
from collections import Counter
from pathlib import Path

from sixtysix.ai.puzzles import CLOSED, PHASE_ONE, TALON_GONE, Puzzle, load_puzzles
from sixtysix.core.game import Deal

DOC = Path(__file__).resolve().parents[2] / "docs" / "puzzles.md"
GRADES = ("easy", "medium", "hard")


def _doc() -> str:
    """The document with its lines joined (a sentence may break anywhere)."""
    return re.sub(r"\s+", " ", DOC.read_text(encoding="utf-8"))


def _solution_kind(puzzle: Puzzle) -> str:
    token = str(puzzle.solution)
    if token in ("C", "CB"):
        return "close"
    if token in ("draw", "X"):
        return token
    return "marriage" if token[:2] in ("20", "40") else "card"


def test_the_table_of_kinds_presets_and_grades_counts_the_shipped_puzzles() -> None:
    puzzles = load_puzzles()
    count = Counter((p.kind, p.position.split()[0], p.grade) for p in puzzles)
    doc = _doc()
    for kind in (TALON_GONE, CLOSED, PHASE_ONE):

        def cells(presets: tuple[str, ...], kind: str = kind) -> str:
            return " / ".join(str(sum(count[kind, preset, grade] for preset in presets)) for grade in GRADES)

        total = sum(n for (k, _, _), n in count.items() if k == kind)
        row = f"| {cells(('seed66',))} | {cells(('schnapsen',))} | {total}: {cells(('seed66', 'schnapsen'))} |"
        assert re.search(rf"\| `{kind}` \([^)]*\) {re.escape(row)}", doc), row
    by_preset = Counter(p.position.split()[0] for p in puzzles)
    grades = " / ".join(str(sum(p.grade == grade for p in puzzles)) for grade in GRADES)
    assert f"| all | {by_preset['seed66']} | {by_preset['schnapsen']} | {len(puzzles)}: {grades} |" in doc


def test_the_paragraph_on_the_hidden_kinds_counts_the_shipped_puzzles() -> None:
    puzzles = load_puzzles()
    closed = [p for p in puzzles if p.kind == CLOSED]
    open_talon = [p for p in puzzles if p.kind == PHASE_ONE]
    deals = {p.id: Deal.parse_text(p.position) for p in closed + open_talon}
    left = [deals[p.id].view(p.seat).talon_size for p in closed]
    talons = Counter(deals[p.id].view(p.seat).talon_size for p in open_talon)
    solutions = Counter(_solution_kind(p) for p in open_talon)
    worlds = {kind: [p.worlds for p in group] for kind, group in ((CLOSED, closed), (PHASE_ONE, open_talon))}
    expected = [
        f"The closed-talon ones have {min(worlds[CLOSED])} to {max(worlds[CLOSED])} worlds "
        f"(median {statistics.median(worlds[CLOSED]):g}; {sum(w >= 100 for w in worlds[CLOSED])} with 100 or more), "
        f"{sum(deals[p.id].closer == p.seat for p in closed)} of them closed by the player himself, "
        f"with {min(left)} to {max(left)} cards left in the closed talon.",
        f"The phase-one ones have {min(worlds[PHASE_ONE])} to {max(worlds[PHASE_ONE])} worlds "
        f"(median {statistics.median(worlds[PHASE_ONE]):g}; {sum(w >= 100 for w in worlds[PHASE_ONE])} with 100 "
        f"or more), {talons[2]} with a talon of two cards and {talons[4]} of four;",
        f"{sum('C' in p.values or 'CB' in p.values for p in open_talon)} of them may close, and closing is the "
        f"solution of {solutions['close']} (closing before the draw of "
        f"{sum(str(p.solution) == 'CB' for p in open_talon)} of them), drawing rather than closing before it of "
        f"{solutions['draw']}",
        f"exchanging the trump of {solutions['X']}, a marriage of {solutions['marriage']}, a card of "
        f"{solutions['card']}.",
        f"Of all {len(puzzles)}, the card counter misses the solution in "
        f"{sum(not p.counter_finds for p in puzzles)}, and in {sum(p.values[str(p.solution)] < 0 for p in puzzles)} "
        "the best the player can do is to lose game points.",
    ]
    doc = _doc()
    for sentence in expected:
        assert sentence in doc, sentence
