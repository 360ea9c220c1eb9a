"""Make the puzzles that ship with the package (``src/sixtysix/ai/puzzles.jsonl``).

Run from the repository root (the native core built: ``python native/build.py``)::

    python -m bench.make_puzzles                       # the shipped file (the defaults below)
    python -m bench.make_puzzles --count 20 --closed 5 --phase-one 5 --out /tmp/puzzles.jsonl

Levels 3-5 play single deals of seed66 and Schnapsen (level 5 with a fixed number of tree
iterations); every decision whose view is consistent with few enough worlds is solved exactly in
each of them, and a position is kept when one action is best in all of them and beats every other
by a game point or more on average (:mod:`sixtysix.ai.puzzle_maker`), until each kind has its
quota: ``--count`` in all, of them ``--closed`` after a close and ``--phase-one`` with the talon
open, the rest after the talon is exhausted. The same arguments give the same file on every
machine. The file's header says how it was made; docs/puzzles.md describes it.
"""

from __future__ import annotations

import argparse
import collections
import logging
from pathlib import Path

from sixtysix.ai import native
from sixtysix.ai.puzzle_maker import PAIRINGS, PRESETS, TREE_ITERATIONS, make_puzzles
from sixtysix.ai.puzzles import CLOSED, GRADES, MAX_WORLDS, PHASE_ONE, PUZZLE_FILE, TALON_GONE, write_puzzles

DEFAULT_OUT = Path(__file__).resolve().parent.parent / "src" / "sixtysix" / "ai" / PUZZLE_FILE
log = logging.getLogger("bench.make_puzzles")
COUNT, CLOSED_COUNT, PHASE_ONE_COUNT = 600, 150, 150


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=66, help="seed of the games (default 66)")
    parser.add_argument("--count", type=int, default=COUNT, help=f"puzzles to make in all (default {COUNT})")
    parser.add_argument(
        "--closed", type=int, default=CLOSED_COUNT, help=f"of them after a close (default {CLOSED_COUNT})"
    )
    parser.add_argument(
        "--phase-one",
        type=int,
        default=PHASE_ONE_COUNT,
        help=f"of them with the talon open (default {PHASE_ONE_COUNT})",
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="where to write them (default: the package's)")
    args = parser.parse_args(argv)
    if args.closed + args.phase_one > args.count:
        parser.error("--closed and --phase-one are part of --count: their sum may not exceed it")
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    if not native.available():
        log.warning("the native core is not built: level 5 falls back to the rollout expert, other games")
    quotas = {TALON_GONE: args.count - args.closed - args.phase_one, CLOSED: args.closed, PHASE_ONE: args.phase_one}
    puzzles = make_puzzles(args.seed, quotas)
    header = [
        "sixtysix puzzles 2: one JSON object per line (docs/puzzles.md)",
        f"made by: python -m bench.make_puzzles --seed {args.seed} --count {args.count} "
        f"--closed {args.closed} --phase-one {args.phase_one}",
        f"games: presets {','.join(PRESETS)}; levels (seat 1, seat 2) in turn {PAIRINGS}; "
        f"level 5 at {TREE_ITERATIONS} iterations",
        f"kinds: {TALON_GONE} (one world), {CLOSED}, {PHASE_ONE}; at most {MAX_WORLDS} worlds consistent "
        "with the player's view, every one solved exactly",
        "grades by rating: " + ", ".join(f"{name} below {limit}" for limit, name in GRADES[:-1]) + ", else hard",
    ]
    args.out.write_text(write_puzzles(puzzles, header), encoding="utf-8")
    table = collections.Counter((puzzle.kind, puzzle.grade, puzzle.rules_name) for puzzle in puzzles)
    log.info("%d puzzles to %s", len(puzzles), args.out)
    for (kind, grade, preset), n in sorted(table.items()):
        log.info("  %s %s %s: %d", kind, grade, preset, n)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
