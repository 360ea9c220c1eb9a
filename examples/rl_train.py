"""Train a small agent on the sixtysix environments: a linear softmax policy, REINFORCE, numpy only.

The agent sees the 328-float observation of ``sixtysix.rl`` and picks one of the 46 actions
through a linear softmax restricted to the legal ones (the action mask). It is trained with
REINFORCE (policy gradient with a running baseline, Adam steps over batches of deals) in
:class:`sixtysix.rl.OpponentEnv`, one agent against the level-1 (random) player and one
against the level-3 (card counting) player, each deal's game points as the return. Every
``--eval-every`` deals the greedy policy is evaluated on the same fixed set of deals (both
seats); the figure shows those evaluations and the moving average of the training rewards,
with dashed lines for a random agent and for the level-2 and level-3 players on the same
deals. Needs the ``rl`` extra; a PNG needs matplotlib too (not in the extra), while the
script draws an SVG itself::

    python examples/rl_train.py                      # about 2 minutes (130 s): 30000 deals per opponent
    python examples/rl_train.py --episodes 2000 --eval-deals 100 --eval-every 500    # about 10 s
    python examples/rl_train.py --svg                # the SVG, even with matplotlib

Writes ``out/rl_train.png`` (``out/rl_train.svg`` when matplotlib is missing) and
``out/rl_train.json`` (every figure). ``--out x.png`` without matplotlib stops at once with
what to do, before any training.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import numpy as np
import numpy.typing as npt

from sixtysix.ai.levels import make_player
from sixtysix.core.view import PlayerView
from sixtysix.rl import OpponentEnv
from sixtysix.rl.encoding import NUM_ACTIONS, OBS_SIZE

Array = npt.NDArray[np.float64]
Policy = Callable[[dict[str, Any], OpponentEnv], int]


class LinearSoftmax:
    """logits = W x + b over the legal actions; REINFORCE with Adam."""

    def __init__(self, rng: np.random.Generator, lr: float) -> None:
        self.w = np.zeros((NUM_ACTIONS, OBS_SIZE + 1))  # the last column is the bias
        self.rng = rng
        self.lr = lr
        self.m = np.zeros_like(self.w)
        self.v = np.zeros_like(self.w)
        self.t = 0

    def probs(self, x: Array, mask: npt.NDArray[np.int8]) -> Array:
        logits = self.w @ x
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()  # type: ignore[no-any-return]

    def sample(self, x: Array, mask: npt.NDArray[np.int8]) -> tuple[int, Array]:
        p = self.probs(x, mask)
        return int(self.rng.choice(NUM_ACTIONS, p=p)), p

    def greedy(self, x: Array, mask: npt.NDArray[np.int8]) -> int:
        return int(np.argmax(np.where(mask > 0, self.w @ x, -np.inf)))

    def update(self, grad: Array) -> None:
        """One Adam ascent step on the objective whose gradient is ``grad``."""
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * grad
        self.v = 0.999 * self.v + 0.001 * grad * grad
        m_hat = self.m / (1 - 0.9**self.t)
        v_hat = self.v / (1 - 0.999**self.t)
        self.w += self.lr * m_hat / (np.sqrt(v_hat) + 1e-8)


def features(obs: dict[str, Any]) -> Array:
    return np.append(obs["observation"].astype(np.float64), 1.0)


def train(level: int, args: argparse.Namespace, evaluate: Callable[[Policy], float]) -> dict[str, Any]:
    rng = np.random.default_rng(args.seed + level)
    policy = LinearSoftmax(rng, args.lr)
    env = OpponentEnv(opponent=level, rules=args.rules, opponent_seed=args.seed)
    baseline = 0.0
    rewards: list[float] = []
    evaluations: list[tuple[int, float]] = []
    grad = np.zeros_like(policy.w)
    started = time.perf_counter()
    steps = 0

    def greedy(obs: dict[str, Any], _env: OpponentEnv) -> int:
        return policy.greedy(features(obs), obs["action_mask"])

    evaluations.append((0, evaluate(greedy)))
    for episode in range(1, args.episodes + 1):
        obs, _ = env.reset(seed=args.seed * 10_000_019 + level * 1_000_003 + episode)
        trace: list[tuple[Array, int, Array]] = []
        total = 0.0
        done = False
        while not done:
            x = features(obs)
            action, p = policy.sample(x, obs["action_mask"])
            trace.append((x, action, p))
            obs, reward, done, _, _ = env.step(action)
            total += float(reward)
            steps += 1
        rewards.append(total)
        advantage = total - baseline
        baseline += 0.02 * (total - baseline)
        for x, action, p in trace:  # d log pi(a|x) / dW = (onehot(a) - p) x^T
            g = -p
            g[action] += 1.0
            grad += advantage * np.outer(g, x)
        if episode % args.batch == 0:
            policy.update(grad / args.batch)
            grad[:] = 0.0
        if episode % args.eval_every == 0:
            evaluations.append((episode, evaluate(greedy)))
            print(
                f"  level {level}: {episode:>6} deals, training mean {np.mean(rewards[-args.eval_every :]):+.3f}, "
                f"greedy {evaluations[-1][1]:+.3f} per deal",
                file=sys.stderr,
                flush=True,
            )
    seconds = time.perf_counter() - started
    return {
        "level": level,
        "episodes": args.episodes,
        "steps": steps,
        "seconds": seconds,
        "rewards": rewards,
        "evaluations": evaluations,
    }


def make_evaluator(level: int, args: argparse.Namespace) -> Callable[[Policy], float]:
    """Mean game points per deal of a policy on a fixed set of deals, each dealt twice (both seats)."""

    def evaluate(policy: Policy) -> float:
        total = 0.0
        for seat in (1, 2):
            env = OpponentEnv(opponent=level, rules=args.rules, seat=seat, opponent_seed=args.seed + 7)
            for deal in range(args.eval_deals):
                obs, _ = env.reset(seed=900_000_000 + deal)
                done = False
                while not done:
                    obs, reward, done, _, _ = env.step(policy(obs, env))
                    total += float(reward)
        return total / (2 * args.eval_deals)

    return evaluate


def player_policy(level: int, seed: int) -> Policy:
    """A sixtysix computer player as a policy (a reference line of the figure)."""
    player = make_player(level, seed)

    def act(obs: dict[str, Any], env: OpponentEnv) -> int:
        view: PlayerView = env.aec.view(env.seat)
        return int(player.choose(view))

    return act


def random_policy(seed: int) -> Policy:
    rng = np.random.default_rng(seed)

    def act(obs: dict[str, Any], env: OpponentEnv) -> int:
        return int(rng.choice(np.flatnonzero(obs["action_mask"])))

    return act


# -- the figure ---------------------------------------------------------------------------------


def moving_average(values: list[float], window: int) -> tuple[list[int], list[float]]:
    if len(values) < window:
        window = max(1, len(values))
    sums = np.cumsum(np.insert(np.asarray(values, dtype=float), 0, 0.0))
    means = (sums[window:] - sums[:-window]) / window
    return list(range(window, len(values) + 1)), [float(m) for m in means]


COLORS = {1: "#1f77b4", 2: "#2ca02c", 3: "#d62728", 4: "#9467bd", 5: "#8c564b"}
REFERENCE_STYLES = {"random": "6,4", "level 2": "2,3", "level 3": "10,3,2,3"}
MPL_STYLES = {"random": (0, (6, 4)), "level 2": (0, (2, 3)), "level 3": (0, (10, 3, 2, 3))}
TITLE = "Linear softmax policy trained with REINFORCE in sixtysix.rl"


def plot_matplotlib(results: dict[str, Any], path: Path) -> None:
    """One panel per opponent: evaluations, the training curve, the reference players."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    runs = results["runs"]
    fig, axes = plt.subplots(1, len(runs), figsize=(5.2 * len(runs), 4.6), dpi=110, squeeze=False)
    for ax, run in zip(axes[0], runs, strict=True):
        level, color = run["level"], COLORS.get(run["level"], "black")
        xs, ys = moving_average(run["rewards"], results["window"])
        ax.plot(xs, ys, color=color, alpha=0.35, linewidth=1, label=f"training deals ({results['window']}-deal mean)")
        ex, ey = zip(*run["evaluations"], strict=True)
        ax.plot(ex, ey, color=color, marker="o", linewidth=2, label="greedy policy on the evaluation deals")
        for name, value in results["references"][str(level)].items():
            ax.axhline(value, color="dimgrey", linestyle=MPL_STYLES.get(name, "--"), linewidth=1,
                       label=f"{name} on the evaluation deals: {value:+.2f}")  # fmt: skip
        ax.axhline(0, color="grey", linewidth=0.5)
        ax.set_title(f"against level {level} ({make_player(level).name})")
        ax.set_xlabel("training deals")
        ax.set_ylabel("game points per deal (learner)")
        ax.legend(fontsize=7, loc="best")
    fig.suptitle(f"{TITLE} ({results['rules']})", fontsize=11)
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def plot_svg(results: dict[str, Any], path: Path) -> None:
    """The same figure as a hand-drawn SVG (no matplotlib)."""
    runs = results["runs"]
    panel_w, height = 470, 440
    width = panel_w * len(runs)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="{width / 2}" y="20" text-anchor="middle" font-size="14">{TITLE} ({results["rules"]})</text>',
    ]
    for k, run in enumerate(runs):
        out += _svg_panel(results, run, k * panel_w, panel_w, height)
    out.append("</svg>")
    path.write_text("\n".join(out) + "\n")


def _svg_panel(results: dict[str, Any], run: dict[str, Any], x_off: float, w: float, h: float) -> list[str]:
    left, right, top, bottom = x_off + 60, x_off + w - 15, 50, h - 130
    level, color = run["level"], COLORS.get(run["level"], "black")
    xs, ys = moving_average(run["rewards"], results["window"])
    step = max(1, len(xs) // 600)  # at most ~600 points per curve
    training = list(zip(xs, ys, strict=True))[::step]
    evaluations = [(float(x), float(y)) for x, y in run["evaluations"]]
    refs = results["references"][str(level)]
    values = [y for _, y in training + evaluations] + list(refs.values()) + [0.0]
    y0, y1 = min(values) - 0.15, max(values) + 0.15
    x1 = float(results["episodes"])

    def sx(x: float) -> float:
        return left + (right - left) * x / x1

    def sy(y: float) -> float:
        return top + (bottom - top) * (y1 - y) / (y1 - y0)

    def path(points: list[tuple[float, float]]) -> str:
        return " ".join(f"{'M' if i == 0 else 'L'}{sx(x):.1f},{sy(y):.1f}" for i, (x, y) in enumerate(points))

    out = [
        f'<text x="{(left + right) / 2}" y="{top - 10}" text-anchor="middle" font-size="13">'
        f"against level {level} ({make_player(level).name})</text>",
        f'<rect x="{left}" y="{top}" width="{right - left}" height="{bottom - top}" fill="none" stroke="black"/>',
        f'<line x1="{left}" y1="{sy(0):.1f}" x2="{right}" y2="{sy(0):.1f}" stroke="grey" stroke-width="0.5"/>',
        f'<text x="{(left + right) / 2}" y="{bottom + 32}" text-anchor="middle" font-size="12">training deals</text>',
        f'<text x="{x_off + 14}" y="{(top + bottom) / 2}" text-anchor="middle" font-size="11" '
        f'transform="rotate(-90 {x_off + 14} {(top + bottom) / 2})">game points per deal (learner)</text>',
    ]
    for i in range(6):
        y = y0 + (y1 - y0) * i / 5
        out.append(f'<text x="{left - 5}" y="{sy(y) + 4:.1f}" text-anchor="end" font-size="10">{y:+.1f}</text>')
        x = x1 * i / 5
        out.append(f'<text x="{sx(x):.1f}" y="{bottom + 15}" text-anchor="middle" font-size="10">{x:.0f}</text>')
    legend: list[tuple[str, str]] = []
    for name, value in refs.items():
        style = f'stroke="dimgrey" stroke-dasharray="{REFERENCE_STYLES.get(name, "4,4")}"'
        out.append(f'<line x1="{left}" y1="{sy(value):.1f}" x2="{right}" y2="{sy(value):.1f}" {style}/>')
        legend.append((style, f"{name} on the evaluation deals: {value:+.2f}"))
    out.append(f'<path d="{path(training)}" fill="none" stroke="{color}" stroke-opacity="0.35"/>')
    legend.insert(0, (f'stroke="{color}" stroke-opacity="0.35"', f"training deals ({results['window']}-deal mean)"))
    out.append(f'<path d="{path(evaluations)}" fill="none" stroke="{color}" stroke-width="2"/>')
    out += [f'<circle cx="{sx(x):.1f}" cy="{sy(y):.1f}" r="3" fill="{color}"/>' for x, y in evaluations]
    legend.insert(1, (f'stroke="{color}" stroke-width="2"', "greedy policy on the evaluation deals"))
    for i, (style, label) in enumerate(legend):
        ly = bottom + 52 + 15 * i
        out.append(f'<line x1="{left}" y1="{ly}" x2="{left + 26}" y2="{ly}" {style}/>')
        out.append(f'<text x="{left + 32}" y="{ly + 4}" font-size="10">{label}</text>')
    return out


# -- main -----------------------------------------------------------------------------------------


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--episodes", type=int, default=30000, help="training deals per opponent (default 30000)")
    p.add_argument("--levels", default="1,3", help="opponent levels, comma-separated (default 1,3)")
    p.add_argument("--rules", default="seed66", help="rules preset (default seed66)")
    p.add_argument("--lr", type=float, default=0.01, help="Adam step size (default 0.01)")
    p.add_argument("--batch", type=int, default=16, help="deals per gradient step (default 16)")
    p.add_argument("--eval-every", type=int, default=2500, help="deals between evaluations (default 2500)")
    p.add_argument("--eval-deals", type=int, default=300, help="evaluation deals, each played from both seats")
    p.add_argument("--window", type=int, default=1000, help="moving-average window of the training curve")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--out",
        type=Path,
        help="the figure: .svg, or .png and the like with matplotlib (default out/rl_train.png, or .svg without it)",
    )
    p.add_argument("--svg", action="store_true", help="draw the SVG even if matplotlib is installed")
    return p.parse_args(argv)


def figure_path(out: Path | None, svg: bool) -> Path:
    """Where the figure goes, and in which format (its suffix); :class:`SystemExit` (2) if it cannot be drawn."""
    matplotlib = importlib.util.find_spec("matplotlib") is not None
    if out is None:
        return Path("out/rl_train.png" if matplotlib and not svg else "out/rl_train.svg")
    if svg and out.suffix != ".svg":
        _fail(f"--svg draws an SVG, not {out.name}: give --out {out.with_suffix('.svg')}")
    if out.suffix != ".svg" and not matplotlib:
        _fail(
            f"--out {out} needs matplotlib (pip install matplotlib), which is not installed; "
            f"or draw the SVG: --out {out.with_suffix('.svg')}"
        )
    return out


def _fail(message: str) -> NoReturn:
    print(f"rl_train.py: {message}", file=sys.stderr)
    raise SystemExit(2)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    figure = figure_path(args.out, args.svg)  # before the training: a figure that cannot be drawn stops it now
    levels = [int(x) for x in args.levels.split(",")]
    started = time.perf_counter()
    results: dict[str, Any] = {
        "rules": args.rules,
        "episodes": args.episodes,
        "window": args.window,
        "args": {k: str(v) for k, v in vars(args).items()},
        "runs": [],
        "references": {},
    }
    for level in levels:
        evaluate = make_evaluator(level, args)
        refs = {"random": evaluate(random_policy(args.seed))}
        for ref_level in (2, 3):
            refs[f"level {ref_level}"] = evaluate(player_policy(ref_level, args.seed))
        results["references"][str(level)] = refs
        print(f"vs level {level}: " + ", ".join(f"{k} {v:+.3f}" for k, v in refs.items()), file=sys.stderr)
        results["runs"].append(train(level, args, evaluate))
    results["seconds"] = time.perf_counter() - started

    figure.parent.mkdir(parents=True, exist_ok=True)
    if figure.suffix == ".svg":
        plot_svg(results, figure)
    else:
        plot_matplotlib(results, figure)
    summary = figure.with_suffix(".json")
    summary.write_text(json.dumps(results) + "\n")

    print(f"rules {args.rules}, {args.episodes} training deals per opponent, {results['seconds']:.0f} s in all")
    print(f"{'opponent':<9} {'random':>8} {'level 2':>8} {'level 3':>8} {'start':>8} {'final':>8} {'best':>8}")
    for run in results["runs"]:
        level = run["level"]
        refs = results["references"][str(level)]
        evals = [v for _, v in run["evaluations"]]
        print(
            f"level {level:<3} {refs['random']:>+8.3f} {refs['level 2']:>+8.3f} {refs['level 3']:>+8.3f} "
            f"{evals[0]:>+8.3f} {evals[-1]:>+8.3f} {max(evals):>+8.3f}"
        )
        rate = run["steps"] / run["seconds"]
        print(f"          {run['steps']} learner steps in {run['seconds']:.0f} s ({rate:,.0f} steps/s with training)")
    print("game points per deal for the learner: evaluation deals (greedy policy), both seats of each deal")
    print(f"wrote {figure} and {summary}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
