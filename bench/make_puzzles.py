"""Make the puzzles that ship with the package (``src/sixtysix/ai/puzzles.jsonl``).

Run from the repository root (the native core built: ``python native/build.py``)::

    python -m bench.make_puzzles                       # the shipped file: --seed 66 --count 600
    python -m bench.make_puzzles --count 20 --out /tmp/puzzles.jsonl

Levels 3-5 play single deals of seed66 and Schnapsen (level 5 with a fixed number of tree
iterations), every decision after the talon is exhausted is solved exactly, and a position is
kept when one action beats every other by a game point or more
(:mod:`sixtysix.ai.puzzle_maker`). The same seed and count give the same file on every machine.
The file's header says how it was made; docs/puzzles.md describes it.
"""

from __future__ import annotations

import argparse
import collections
import logging
from pathlib import Path

from sixtysix.ai import native
from sixtysix.ai.puzzle_maker import PAIRINGS, PRESETS, TREE_ITERATIONS, make_puzzles
from sixtysix.ai.puzzles import GRADES, PUZZLE_FILE, write_puzzles

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src" / "sixtysix" / "ai" / PUZZLE_FILE
log = logging.getLogger("bench.make_puzzles")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=66, help="seed of the games (default 66)")
    parser.add_argument("--count", type=int, default=600, help="puzzles to make (default 600)")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write them (default: the package's)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not native.available():
        log.warning("the native core is not built: level 5 falls back to the rollout expert, other games")
    puzzles = make_puzzles(args.seed, args.count)
    header = [
        "sixtysix puzzles 1: one JSON object per line (docs/puzzles.md)",
        f"made by: python -m bench.make_puzzles --seed {args.seed} --count {args.count}",
        f"games: presets {','.join(PRESETS)}; levels (seat 1, seat 2) in turn {PAIRINGS}; "
        f"level 5 at {TREE_ITERATIONS} iterations",
        "grades by rating: " + ", ".join(f"{name} below {limit}" for limit, name in GRADES[:-1]) + ", else hard",
    ]
    args.out.write_text(write_puzzles(puzzles, header), encoding="utf-8")
    grades = collections.Counter(puzzle.grade for puzzle in puzzles)
    presets = collections.Counter(puzzle.rules_name for puzzle in puzzles)
    log.info("%d puzzles to %s: %s; %s", len(puzzles), args.out, dict(grades), dict(presets))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
