"""How much the tree search's reading of the opponent's card play tells about his hand (issue 27, point 3).

Run from the repository root::

    python -m bench.reading --player m --games 60               # m's leads and follows, Schnapsen
    python -m bench.reading --player 5 --games 60 --preset seed66
    python -m bench.reading --player m --games 30 --model pimc    # m's leads read as a PIMC player's
    python -m bench.reading --player m --games 20 --model self --worlds 6   # ... as m's own: the ceiling

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
    wrong hands (the search would do better without it). Printed with its 95% interval.
fit
    The share of readings in which the counter would have played his card with his true hand,
    and the mean share over the drawn worlds (with ``--model pimc``: the mean chance of his lead).

With ``--model pimc`` his leads are read instead as a PIMC player would have made them: holding the
world's hand, he values each action by its mean exact value over a few worlds drawn from his view
(our hand unseen to him), and leads by a softmax of those means (``--beta``;
:func:`sixtysix.ai.tree.lead_likelihood`). An opponent model that is itself a search.

With ``--model self`` his leads are read as his own: the model is the player read, asked ``--samples``
times (fresh copies, other seeds) what it would lead holding each world's hand (:func:`policy_likelihood`).
No model of him can do better; its gain is the most that reading his leads can be worth.
With ``--model learned --policy FILE`` they are read by a network trained on a sound player's leads
(``python -m bench.lead_policy``; the expert's own by default): microseconds a world.
"""

from __future__ import annotations

import argparse
import math
import random
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path

from bench.lead_policy import LeadPolicy
from bench.league import build_player
from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.expert import lead_view, opponent_lead
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import NativeSearch
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.tree import TreePlayer, lead_likelihood, play_evidence
from sixtysix.core.actions import ACTIONS


def measure(
    player: str,
    preset: str,
    games: int,
    worlds: int,
    factor: float,
    expert_time: float,
    seed: int,
    model: str = "counter",
    beta: float = 1.0,
    samples: int = 6,
    inner: int = 6,
    policy: LeadPolicy | None = None,
) -> dict[str, dict[str, float]]:
    rules = Rules.preset(preset)
    search = NativeSearch.create(rules)
    if search is None:
        raise SystemExit("the native core is not built")
    params = CountingPlayer(0, jitter=False).native_params(rules)
    rng = random.Random(f"reading:{seed}")
    # count, gain, true fit, world fit, squared gain
    sums: dict[str, list[float]] = defaultdict(lambda: [0, 0.0, 0.0, 0.0, 0.0])
    for game in range(games):
        deal = Deal.shuffled(rng.getrandbits(32), rules=rules)
        seat = 1 + game % 2  # the player's seat
        players = {seat: build_player(player, game, expert_time), 3 - seat: TreePlayer(game, time_limit=expert_time)}
        for s, p in players.items():
            p.new_match(rules, s)
        while deal.outcome is None and deal.seat_to_ask is not None:
            to_ask = deal.seat_to_ask
            view = PlayerView.of(deal, to_ask)
            lead = opponent_lead(view)
            if to_ask != seat and view.unseen and model in ("pimc", "self", "learned") and lead is not None:
                if model == "pimc":
                    reading = _pimc_reading(search, view, deal, lead, rng, worlds, beta, inner)
                elif model == "learned":
                    assert policy is not None
                    reading = _learned_reading(policy, view, deal, lead, rng, worlds)
                else:
                    reading = _policy_reading(player, view, deal, lead, rng, worlds, samples, expert_time)
                if reading is not None:
                    row = sums["lead"]
                    row[0] += 1
                    for i, value in enumerate(reading, start=1):
                        row[i] += value
                    row[4] += reading[0] ** 2
            elif to_ask != seat and view.unseen and model == "counter":
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
                    row[4] += math.log(true / mean) ** 2
                    row[2] += (true - factor) / (1 - factor)
                    row[3] += (mean - factor) / (1 - factor)
            deal.apply(players[to_ask].choose(view), to_ask)
    return {
        kind: {"readings": int(n), "gain": g / n, "gain_error": _error(n, g, g2), "true_fit": t / n, "world_fit": w / n}
        for kind, (n, g, t, w, g2) in sums.items()
        if n
    }


def _error(n: float, total: float, squares: float) -> float:
    """The 95% half-interval (1.96 standard errors) of a mean of ``n`` values from their sum and sum of squares."""
    if n < 2:
        return math.inf
    variance = max(0.0, (squares - total * total / n) / (n - 1))
    return 1.96 * math.sqrt(variance / n)


Reading = tuple[float, float, float]
"""(gain, likelihood of the true hand, mean likelihood of the drawn worlds) of one of his leads."""


def _read(
    likelihood: Callable[[Deal], float], true: float, view: PlayerView, rng: random.Random, worlds: int
) -> Reading:
    """His lead read by ``likelihood`` (of a world), ``true`` in the true deal, against ``worlds`` worlds drawn from
    ``view``."""
    forbidden = forbidden_cards(view)
    drawn = [likelihood(sample_world(view, rng, forbidden)) for _ in range(worlds)]
    mean = sum(drawn) / len(drawn)
    return math.log(true / mean), true, mean


def _pimc_reading(
    search: NativeSearch,
    view: PlayerView,
    deal: Deal,
    lead: int,
    rng: random.Random,
    worlds: int,
    beta: float,
    inner: int = 6,
) -> Reading | None:
    """His lead read under the PIMC model (:func:`sixtysix.ai.tree.lead_likelihood`), or ``None`` where he had
    one choice."""

    def likelihood(world: Deal) -> float:
        return lead_likelihood(search, view, world, lead, rng, worlds=inner, beta=beta)

    true = likelihood(deal)
    return None if true == 1.0 else _read(likelihood, true, view, rng, worlds)


def policy_likelihood(
    player: str, view: PlayerView, world: Deal, lead: int, samples: int, seed: int, expert_time: float = 0.1
) -> float:
    """How likely the opponent was to lead ``lead`` holding the ``world``'s hand, were he ``player`` itself:
    the share of ``samples`` fresh copies of it (league id, seeds from ``seed``) that lead it from his view
    then, smoothed by half a choice per legal action (a perfect model of a stochastic player, at a cost)."""
    then = lead_view(view, world, lead)
    chosen = 0
    for k in range(samples):
        copy = build_player(player, seed + k, expert_time)
        copy.new_match(view.rules, view.opponent)
        chosen += copy.choose(then) == ACTIONS[lead]
    return (chosen + 0.5) / (samples + 0.5 * len(then.legal))


def _policy_reading(
    player: str,
    view: PlayerView,
    deal: Deal,
    lead: int,
    rng: random.Random,
    worlds: int,
    samples: int,
    expert_time: float,
) -> Reading | None:
    """His lead read under his own policy (:func:`policy_likelihood`), or ``None`` where he had one choice."""
    if len(lead_view(view, deal, lead).legal) < 2:
        return None
    seed = rng.getrandbits(32)  # the same copies of him read every world: only the hand differs

    def likelihood(world: Deal) -> float:
        return policy_likelihood(player, view, world, lead, samples, seed, expert_time)

    return _read(likelihood, likelihood(deal), view, rng, worlds)


def _learned_reading(
    policy: LeadPolicy, view: PlayerView, deal: Deal, lead: int, rng: random.Random, worlds: int
) -> Reading | None:
    """His lead read under a learned model of a sound player's leads (:class:`bench.lead_policy.LeadPolicy`), or
    ``None`` where he had one card to lead."""
    if sum(a.is_card() for a in lead_view(view, deal, lead).legal) < 2:
        return None

    def likelihood(world: Deal) -> float:
        return policy.likelihood(lead_view(view, world, lead), lead)

    return _read(likelihood, likelihood(deal), view, rng, worlds)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--player", default="m", help="the player read (a league id; default m)")
    parser.add_argument("--preset", default="schnapsen")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--worlds", type=int, default=30, help="worlds drawn from the expert's view per reading")
    parser.add_argument("--factor", type=float, default=0.1, help="play_factor (default 0.1, as 5i)")
    parser.add_argument("--expert-time", type=float, default=0.1, help="CPU seconds per decision of the expert")
    parser.add_argument("--seed", type=int, default=1)
    models = ("counter", "pimc", "self", "learned")
    parser.add_argument("--model", choices=models, default="counter", help="whose play is assumed")
    parser.add_argument("--policy", type=Path, help="learned: the model of his leads (python -m bench.lead_policy)")
    parser.add_argument("--samples", type=int, default=6, help="self: copies of the player asked per world")
    parser.add_argument("--beta", type=float, default=1.0, help="pimc: the softmax's sharpness per game point")
    parser.add_argument("--inner", type=int, default=6, help="pimc: worlds drawn from his view per reading")
    args = parser.parse_args(argv)
    result = measure(
        args.player, args.preset, args.games, args.worlds, args.factor, args.expert_time, args.seed,
        args.model, args.beta, args.samples, args.inner,
        LeadPolicy.load(args.policy) if args.model == "learned" else None,
    )  # fmt: skip
    model = {
        "counter": f"the counter, factor {args.factor}",
        "pimc": f"a PIMC player, beta {args.beta}, {args.inner} worlds",
        "self": f"itself, {args.samples} copies a world",
        "learned": f"the learned model {args.policy}",
    }[args.model]
    print(f"{args.player} read as {model} ({args.preset}, {args.games} games):")
    for kind, row in sorted(result.items()):
        print(
            f"  {kind:6} {row['readings']:4} readings  gain {row['gain']:+.3f} ± {row['gain_error']:.3f} nats"
            f"  fit: true hand {row['true_fit']:.3f}, drawn worlds {row['world_fit']:.3f}"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
