"""How much the tree search's reading of the opponent's card play tells about his hand (issue 27, point 3).

Run from the repository root::

    python -m bench.reading --player m --games 60               # m's leads and follows, Schnapsen
    python -m bench.reading --player 5 --games 60 --preset seed66

The player (a league id, :func:`bench.league.build_player`) plays ``--games`` deals against the
expert (level 5 at ``--expert-time``), taking turns in seat 1. At each decision of the expert
where the player's last card can be read (his lead to the trick the expert follows, or his card
to the expert's last lead, :func:`sixtysix.ai.tree.play_evidence`), the weight the tree search
would give a world for it (``native/ismcts.c``'s ``play_weight``, ``--factor``) is taken for his
true hand and for ``--worlds`` worlds drawn from the expert's view. The figure per kind of play:

gain
    The mean over the readings of log(weight of the true hand / mean weight of the drawn
    worlds), in nats: how much likelier the true hand becomes among the worlds when they are
    drawn in proportion to their weight. Positive: the reading helps; negative: it favours the
    wrong hands (the search would do better without it).
fit
    The share of readings in which the counter would have played his card with his true hand,
    and the mean share over the drawn worlds.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict

from bench.league import build_player
from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.expert import opponent_lead
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import NativeSearch
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.tree import TreePlayer, play_evidence


def measure(player: str, preset: str, games: int, worlds: int, factor: float, expert_time: float, seed: int) -> dict:
    rules = Rules.preset(preset)
    search = NativeSearch.create(rules)
    if search is None:
        raise SystemExit("the native core is not built")
    params = CountingPlayer(0, jitter=False).native_params(rules)
    rng = random.Random(f"reading:{seed}")
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0])  # count, gain, true fit, world fit
    for game in range(games):
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        seat = 1 + game % 2  # the player's seat
        players = {seat: build_player(player, game, expert_time), 3 - seat: TreePlayer(game, time_limit=expert_time)}
        for s, p in players.items():
            p.new_match(rules, s)
        while deal.outcome is None and deal.seat_to_ask is not None:
            to_ask = deal.seat_to_ask
            view = PlayerView.of(deal, to_ask)
            if to_ask != seat and view.unseen:
                evidence = play_evidence(view, deal, params)
                if evidence is not None:
                    kind = "lead" if opponent_lead(view) is not None else "follow"
                    true = search.play_weight(evidence, factor, view.opponent_known, deal.hands[seat])
                    forbidden = forbidden_cards(view)
                    drawn = [
                        search.play_weight(evidence, factor, view.opponent_known, w.hands[seat])
                        for w in (sample_world(view, rng, forbidden) for _ in range(worlds))
                    ]
                    mean = sum(drawn) / len(drawn)
                    row = sums[kind]
                    row[0] += 1
                    row[1] += math.log(true / mean)
                    row[2] += (true - factor) / (1 - factor)
                    row[3] += (mean - factor) / (1 - factor)
            deal.apply(players[to_ask].choose(view), to_ask)
    return {
        kind: {"readings": int(n), "gain": g / n, "true_fit": t / n, "world_fit": w / n}
        for kind, (n, g, t, w) in sums.items()
        if n
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="m", help="the player read (a league id; default m)")
    parser.add_argument("--preset", default="schnapsen")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=30, help="worlds drawn from the expert's view per reading")
    parser.add_argument("--factor", type=float, default=0.1, help="play_factor (default 0.1, as 5i)")
    parser.add_argument("--expert-time", type=float, default=0.1, help="CPU seconds per decision of the expert")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = measure(args.player, args.preset, args.games, args.worlds, args.factor, args.expert_time, args.seed)
    print(f"{args.player} read by the counter ({args.preset}, {args.games} games, factor {args.factor}):")
    for kind, row in sorted(result.items()):
        print(
            f"  {kind:6} {row['readings']:4} readings  gain {row['gain']:+.3f} nats"
            f"  fit: true hand {row['true_fit']:.3f}, drawn worlds {row['world_fit']:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
