"""Seat-state benchmark: the CPU time of one web seat state, at every table size.

Run from the repository root::

    python -m bench.state                     # seed66, three66, four66 (~5 s)
    python -m bench.state seed66 --deals 800

Random matches are played (uniformly random legal actions); after every action each
seat's state is built once, with the match's ``StateMemo``, as the web server does when
it sends a change to every seat. The figure is process CPU time per seat state
(:func:`time.process_time` around the state builds only), in microseconds.
"""

from __future__ import annotations

import argparse
import random
import time

from sixtysix import Rules, create_match
from sixtysix.present.state import StateMemo, seat_state
from sixtysix.present.table import PublicMatch


def cost(preset: str, deals: int, seed: int = 1) -> tuple[int, float]:
    """(states built, CPU seconds spent building them) over ``deals`` random deals."""
    rng = random.Random(seed)
    rules = Rules.preset(preset)
    seats = {s: (f"P{s}", "human" if s == 1 else "computer", None if s == 1 else 3) for s in rules.seats}
    public = PublicMatch("m1", 3, "playing", "computer", True, seats)
    match, memo = create_match(rules), StateMemo()
    states, spent = 0, 0.0
    for _ in range(deals):
        if match.is_over:
            match, memo = create_match(rules), StateMemo()
        deal = match.new_deal(seed=rng.getrandbits(32))
        while True:
            started = time.process_time()
            for seat in rules.seats:
                seat_state(public, match, seat, memo)
            spent += time.process_time() - started
            states += len(rules.seats)
            if deal.is_over:
                break
            seat = deal.seat_to_ask
            deal.apply(rng.choice(deal.legal_actions(seat)), seat)
    return states, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("presets", nargs="*", default=["seed66", "three66", "four66"])
    parser.add_argument("--deals", type=int, default=400, help="random deals per preset (default 400)")
    args = parser.parse_args()
    for preset in args.presets:
        states, spent = cost(preset, args.deals)
        print(f"{preset}: {states} states, {spent / states * 1e6:.1f} us CPU per seat state")


if __name__ == "__main__":
    main()
