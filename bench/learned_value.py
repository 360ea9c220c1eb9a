"""Train the learned value of the expert's tree (:mod:`sixtysix.ai.learned`, ``native/value.c``).

Run from the repository root (the native core built: ``python native/build.py``)::

    python -m bench.learned_value --deals 3000 --json out/learned.json      # data, training, the model
    python -m bench.learned_value --presets schnapsen --deals 6000 --data out/schn.npz --out /tmp/schn.json
    python -m bench.learned_value --presets seed66 --deals 2000 --data out/s66.npz --out /tmp/s66.json
    python -m bench.learned_value --merge out/schn.npz,out/s66.npz --json out/learned.json  # both, merged
    python -m bench.learned_value --deals 300 --epochs 5 --out /tmp/m.json   # a quick check
    python -m bench.learned_value --presets schnapsen --deals 15000 --orders 16 --hidden 64 --out /tmp/o16.json

Data: deals of the Schnapsen and seed66 presets, seeded, played by the counter (level 3) with
a random legal action a third of the time (never a false claim), until the talon is closed or
exhausted. Each phase-one position is kept with probability ``--keep`` and labelled with the
exact value (``native/solve.c``) of the whole deal from there, every card seen, for the side
to act: the model sees both hands but not the talon's order, so it learns the mean over orders.
With ``--orders K`` the label is that mean itself, over K orders of the face-down talon drawn
at random (the played one first): the same target with less noise, for K times the solves.
Training: a network of one hidden layer (``--hidden`` rectified units), squared error, Adam,
seeded; a tenth of the deals held out. The figures (held-out error against the constant mean
and a linear model) go to ``--json``; the weights to ``--out`` (the package's model by default).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from sixtysix.ai.learned import INPUTS, features
from sixtysix.ai.levels import make_player
from sixtysix.ai.native import NativeSearch
from sixtysix.core.actions import CLAIM, CLOSE
from sixtysix.core.facts import deal_target
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView

PRESETS = ("schnapsen", "seed66")
PACKAGE_MODEL = Path(__file__).resolve().parent.parent / "src" / "sixtysix" / "ai" / "learned_value.json"


def talon_mean(search: NativeSearch, deal: Deal, orders: int, rng: random.Random) -> float:
    """The mean exact value for seat 1 of ``deal`` over ``orders`` orders of its face-down talon.

    The played order is the first; the others are drawn with ``rng``. Neither side knows the
    order, so this is the value the model is asked for, without the noise of one order.
    """
    total = search.value(deal)
    for _ in range(orders - 1):
        other = deal.copy()
        rest = list(other.stock[other.stock_pos :])
        rng.shuffle(rest)
        other.stock = other.stock[: other.stock_pos] + tuple(rest)
        total += search.value(other)
    return total / orders


def positions(
    preset: str, deals: int, seed: int, keep: float, orders: int = 1
) -> tuple[list[list[float]], list[float], list[int]]:
    """Inputs, labels (game points for the side to act) and deal indices of ``deals`` self-play deals."""
    rules = Rules.preset(preset)
    search = NativeSearch.create(rules)
    if search is None:
        raise SystemExit("build the native core first: python native/build.py")
    rng = random.Random(f"{preset}-{seed}")
    shuffler = random.Random(f"{preset}-{seed}-orders")  # its own stream: the deals played do not depend on K
    players = {s: make_player(3, rng.getrandbits(32)) for s in (1, 2)}
    xs: list[list[float]] = []
    ys: list[float] = []
    ids: list[int] = []
    for index in range(deals):
        deal = Deal.shuffled(rng.getrandbits(63), dealer=rng.choice((1, 2)), rules=rules)
        for seat, player in players.items():
            player.new_match(rules, seat)
        while not deal.is_over and not deal.phase2:
            me = deal.to_act
            assert me is not None
            if rng.random() < keep:
                value = talon_mean(search, deal, orders, shuffler)
                xs.append(features(deal))
                ys.append(float(value if me == 1 else -value))
                ids.append(index)
            seat = deal.seat_to_ask or me
            legal = deal.legal_actions(seat)
            if rng.random() < 1 / 3:
                choices = [a for a in legal if a != CLAIM or deal.score[seat] >= deal_target(rules)] or legal
                if CLOSE in choices and rng.random() < 0.7:
                    choices = [a for a in choices if a != CLOSE] or choices
                action = rng.choice(choices)
            else:
                action = players[seat].choose(PlayerView.of(deal, seat))
            deal.apply(action, seat)
    return xs, ys, ids


def train(
    x: np.ndarray, y: np.ndarray, hidden: int, epochs: int, seed: int, lr: float = 3e-3
) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """A one-hidden-layer ReLU network by Adam on the squared error: (w1, b1, w2, b2)."""
    gen = np.random.default_rng(seed)
    w1 = gen.normal(0, (2 / INPUTS) ** 0.5, (hidden, INPUTS))
    b1 = np.zeros(hidden)
    w2 = gen.normal(0, (1 / hidden) ** 0.5, hidden)
    b2 = float(y.mean())
    params = [w1, b1, w2, np.array([b2])]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    batch = 256
    for _ in range(epochs):
        order = gen.permutation(len(y))
        for start in range(0, len(y), batch):
            idx = order[start : start + batch]
            xb, yb = x[idx], y[idx]
            pre = xb @ params[0].T + params[1]
            act = np.maximum(pre, 0)
            out = act @ params[2] + params[3][0]
            err = (out - yb) / len(yb)
            g_w2 = act.T @ err
            g_b2 = np.array([err.sum()])
            g_act = np.outer(err, params[2]) * (pre > 0)
            g_w1 = g_act.T @ xb
            g_b1 = g_act.sum(axis=0)
            step += 1
            for i, g in enumerate((g_w1, g_b1, g_w2, g_b2)):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                params[i] -= lr * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
    return params[0], params[1], params[2], float(params[3][0])


def predict(params: tuple[np.ndarray, np.ndarray, np.ndarray, float], x: np.ndarray) -> np.ndarray:
    w1, b1, w2, b2 = params
    return np.asarray(np.maximum(x @ w1.T + b1, 0) @ w2 + b2)


def load_data(merge: str | None, data: Path | None, keys: tuple[str, ...]) -> list[np.ndarray]:
    """The arrays ``keys`` of the files ``merge`` names (comma-separated), concatenated, or of ``data`` if it
    exists; none (an empty list) where the data is still to be made."""
    files = [Path(f) for f in merge.split(",")] if merge else [data] if data and data.exists() else []
    loaded = [np.load(f) for f in files]
    return [np.concatenate([d[k] for d in loaded]) for k in keys] if loaded else []


def report(figures: dict[str, Any], path: Path | None) -> None:
    """Print a training's figures, and write them to ``path`` (JSON) if given."""
    print(json.dumps(figures, indent=1))
    if path:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(figures, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--deals", type=int, default=3000, help="self-play deals per preset")
    parser.add_argument("--keep", type=float, default=0.35, help="the share of phase-one positions labelled")
    parser.add_argument("--orders", type=int, default=1, help="talon orders averaged in each label")
    parser.add_argument("--hidden", type=int, default=32)
    parser.add_argument("--epochs", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS), help="the presets whose deals are played")
    parser.add_argument("--data", type=Path, help="an .npz of the data: read if it exists, else written")
    parser.add_argument("--merge", help="train on these .npz files (comma-separated) instead of new data")
    parser.add_argument("--out", type=Path, default=PACKAGE_MODEL, help="where the model goes")
    parser.add_argument("--json", type=Path, help="the figures")
    args = parser.parse_args(argv)
    started = time.process_time()
    stored = load_data(args.merge, args.data, ("x", "y", "group"))
    if stored:
        x, y, group = stored
    else:
        xs: list[list[float]] = []
        ys: list[float] = []
        groups: list[int] = []
        for preset in args.presets.split(","):
            k = PRESETS.index(preset)
            px, py, pid = positions(preset, args.deals, args.seed, args.keep, args.orders)
            xs += px
            ys += py
            groups += [k * 1_000_000 + i for i in pid]
            print(f"{preset}: {len(py)} positions, {time.process_time() - started:.0f} s CPU", flush=True)
        x, y, group = np.array(xs), np.array(ys), np.array(groups)
        if args.data:
            np.savez_compressed(args.data, x=x, y=y, group=group)
    data_seconds = time.process_time() - started
    held = (group % 10) == 0  # a tenth of the deals, all their positions
    params = train(x[~held], y[~held], args.hidden, args.epochs, args.seed)
    lin, *_ = np.linalg.lstsq(np.c_[x[~held], np.ones((~held).sum())], y[~held], rcond=None)
    figures: dict[str, Any] = {
        "positions": len(y),
        "held_out": int(held.sum()),
        "data_cpu_seconds": round(data_seconds, 1),
        "train_cpu_seconds": round(time.process_time() - started - data_seconds, 1),
        "mse_constant": float(((y[held] - y[~held].mean()) ** 2).mean()),
        "mse_linear": float(((np.c_[x[held], np.ones(held.sum())] @ lin - y[held]) ** 2).mean()),
        "mse_model": float(((predict(params, x[held]) - y[held]) ** 2).mean()),
        "mse_model_train": float(((predict(params, x[~held]) - y[~held]) ** 2).mean()),
    }
    for k, preset in enumerate(PRESETS):
        mask = held & (group // 1_000_000 == k)
        if not mask.any():
            continue
        figures[f"mse_model_{preset}"] = float(((predict(params, x[mask]) - y[mask]) ** 2).mean())
        figures[f"mse_constant_{preset}"] = float(((y[mask] - y[~held].mean()) ** 2).mean())
    w1, b1, w2, b2 = params
    weights = [*w1.ravel(), *b1, *w2, b2]
    data_info: dict[str, Any] = {"merged": args.merge}
    if not args.merge:
        data_info = {"deals": args.deals, "keep": args.keep, "orders": args.orders}
    info = {**data_info, "hidden": args.hidden, "epochs": args.epochs, "seed": args.seed, **figures}
    model = {"inputs": INPUTS, "hidden": args.hidden, "info": info, "weights": [round(float(w), 6) for w in weights]}
    args.out.write_text(json.dumps(model, separators=(",", ":")) + "\n", encoding="utf-8")
    report(figures, args.json)


if __name__ == "__main__":
    main()
