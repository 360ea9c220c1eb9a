"""A learned model of a sound player's leads, to read the opponent by (issue 27, point 3).

Run from the repository root (the native core built: ``python native/build.py``)::

    python -m bench.lead_policy --games 400 --out out/lead-policy.npz --json out/lead-policy.json
    python -m bench.lead_policy --player 4 --games 2400 --data out/leads-4.npz --out /tmp/p4.npz
    python -m bench.lead_policy --merge out/leads-5.npz,out/leads-4.npz --out out/lead-policy.npz
    python -m bench.reading --player m --games 20 --model learned --policy out/lead-policy.npz

A strong player's leads say much of his hand: read by the player itself (``bench.reading --model
self``), a lead of `m` is worth +0.46 nats and one of level 5 +0.70, against +0.05 to +0.25 for a
PIMC model of him. This learns the model instead: the expert (``--player``, a league id, at
``--expert-time``) plays itself, seeded, and at each of its free card leads (more than one card
to choose from) the lead is kept with what the leader saw (:func:`view_features`). A network of
one hidden layer (``--hidden`` rectified units) is trained on them by Adam on the log-loss of a
softmax over the cards of the leader's hand; a tenth of the games held out. The figures (held-out
log-loss against a uniform lead from the hand, top-1 share) go to ``--json``, the weights to
``--out``. :meth:`LeadPolicy.likelihood` is the chance of a lead from a view, for any world.
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bench.league import build_player
from bench.learned_value import load_data, report
from sixtysix import Deal, PlayerView, Rules
from sixtysix.ai.learned import relative_suit
from sixtysix.core.cards import KING, QUEEN, cards_of, rank_of, suit_of
from sixtysix.core.facts import deal_target
from sixtysix.core.game import LEAD

SLOTS = 32
"""A card's slot: 8 x its suit as the model sees it (trumps first, :func:`relative_suit`) + its rank."""
INPUTS = 2 * SLOTS + 8 + 8
"""His hand, the cards unseen to him, the face-up card's rank, then 8 numbers (:func:`view_features`)."""


def slot(card: int, trump: int) -> int:
    return 8 * relative_suit(suit_of(card), trump) + rank_of(card)


def view_features(view: PlayerView) -> np.ndarray:
    """What the leader saw, as the model's inputs: his hand, the cards he could not see (our hand and
    the talon alike), the face-up card, both scores, the talon, his trump marriages and other ones."""
    x = np.zeros(INPUTS)
    for place, mask in enumerate((view.hand, view.unseen)):
        for card in cards_of(mask):
            x[SLOTS * place + slot(card, view.trump)] = 1.0
    if view.face_up is not None:
        x[2 * SLOTS + rank_of(view.face_up)] = 1.0
    target = deal_target(view.rules)
    marriages = [
        suit for suit in range(4) if view.hand >> (8 * suit + KING) & 1 and view.hand >> (8 * suit + QUEEN) & 1
    ]
    x[2 * SLOTS + 8 :] = [
        (view.score + view.pending) / target,
        (view.opponent_score + view.opponent_pending) / target,
        view.talon_size / 12,
        float(view.tricks[view.seat - 1] > 0),
        float(view.tricks[2 - view.seat] > 0),
        float(view.trump in marriages),
        float(len(marriages) - (view.trump in marriages)),
        float(view.rules.deck == 24),
    ]
    return x


Leads = tuple[list[np.ndarray], list[int], list[int], list[int]]
"""(inputs, the slot led, the slots of the cards he could lead as a mask, the game) of each lead."""


def collect(preset: str, games: int, player: str, expert_time: float, seed: int) -> Leads:
    """Every free card lead of ``games`` self-play deals of ``player``."""
    rules = Rules.preset(preset)
    rng = random.Random(f"lead-policy:{preset}:{seed}")
    xs: list[np.ndarray] = []
    ys: list[int] = []
    hands: list[int] = []
    ids: list[int] = []
    for game in range(games):
        deal = Deal.shuffled(rng.getrandbits(63), dealer=rng.choice((1, 2)), rules=rules)
        players = {s: build_player(player, rng.getrandbits(32), expert_time) for s in (1, 2)}
        for s, p in players.items():
            p.new_match(rules, s)
        while deal.outcome is None and deal.seat_to_ask is not None:
            seat = deal.seat_to_ask
            view = PlayerView.of(deal, seat)
            action = players[seat].choose(view)
            cards = [a for a in view.legal if a.is_card()]
            if view.stage == LEAD and action.is_card() and len(cards) > 1 and view.unseen:
                xs.append(view_features(view))
                ys.append(slot(int(action), view.trump))
                hands.append(sum(1 << slot(int(a), view.trump) for a in cards))
                ids.append(game)
            deal.apply(action, seat)
    return xs, ys, hands, ids


@dataclass(frozen=True)
class LeadPolicy:
    """The trained network: (w1, b1, w2, b2), a softmax over the slots of the cards he may lead."""

    w1: np.ndarray
    b1: np.ndarray
    w2: np.ndarray
    b2: np.ndarray

    @staticmethod
    def load(path: Path) -> LeadPolicy:
        data = np.load(path)
        return LeadPolicy(data["w1"], data["b1"], data["w2"], data["b2"])

    def save(self, path: Path) -> None:
        np.savez_compressed(path, w1=self.w1, b1=self.b1, w2=self.w2, b2=self.b2)

    def log_probabilities(self, x: np.ndarray, allowed: np.ndarray) -> np.ndarray:
        """Per row of ``x``, the log-chance of each slot, over the slots ``allowed`` (a 0/1 row each)."""
        logits = np.maximum(x @ self.w1 + self.b1, 0) @ self.w2 + self.b2
        logits = np.where(allowed > 0, logits, -1e9)
        logits -= logits.max(axis=1, keepdims=True)
        return np.asarray(logits - np.log(np.exp(logits).sum(axis=1, keepdims=True)))

    def likelihood(self, view: PlayerView, card: int) -> float:
        """The chance that the leader of ``view`` (his view as he led) leads ``card`` of his cards."""
        allowed = np.zeros((1, SLOTS))
        for a in view.legal:
            if a.is_card():
                allowed[0, slot(int(a), view.trump)] = 1.0
        return float(np.exp(self.log_probabilities(view_features(view)[None, :], allowed)[0, slot(card, view.trump)]))


def train(x: np.ndarray, y: np.ndarray, allowed: np.ndarray, hidden: int, epochs: int, seed: int) -> LeadPolicy:
    """The network by Adam on the mean log-loss of the lead (lr 3e-3, batches of 256), seeded."""
    gen = np.random.default_rng(seed)
    params = [
        gen.normal(0, (2 / INPUTS) ** 0.5, (INPUTS, hidden)),
        np.zeros(hidden),
        gen.normal(0, (1 / hidden) ** 0.5, (hidden, SLOTS)),
        np.zeros(SLOTS),
    ]
    m = [np.zeros_like(p) for p in params]
    v = [np.zeros_like(p) for p in params]
    step = 0
    for _ in range(epochs):
        order = gen.permutation(len(y))
        for start in range(0, len(y), 256):
            idx = order[start : start + 256]
            xb, yb, ab = x[idx], y[idx], allowed[idx]
            pre = xb @ params[0] + params[1]
            act = np.maximum(pre, 0)
            logits = np.where(ab > 0, act @ params[2] + params[3], -1e9)
            logits -= logits.max(axis=1, keepdims=True)
            prob = np.exp(logits)
            prob /= prob.sum(axis=1, keepdims=True)
            prob[np.arange(len(yb)), yb] -= 1
            grad_out = prob / len(yb)
            grad_act = grad_out @ params[2].T * (pre > 0)
            grads = (xb.T @ grad_act, grad_act.sum(axis=0), act.T @ grad_out, grad_out.sum(axis=0))
            step += 1
            for i, g in enumerate(grads):
                m[i] = 0.9 * m[i] + 0.1 * g
                v[i] = 0.999 * v[i] + 0.001 * g * g
                params[i] -= 3e-3 * (m[i] / (1 - 0.9**step)) / (np.sqrt(v[i] / (1 - 0.999**step)) + 1e-8)
    return LeadPolicy(*params)


def _allowed(hands: list[int]) -> np.ndarray:
    return np.array([[hand >> s & 1 for s in range(SLOTS)] for hand in hands], dtype=float)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    parser.add_argument("--preset", default="schnapsen")
    parser.add_argument("--games", type=int, default=400, help="self-play deals")
    parser.add_argument("--player", default="5", help="whose leads are learnt (a league id; default level 5)")
    parser.add_argument("--expert-time", type=float, default=0.03, help="its CPU seconds a decision")
    parser.add_argument("--hidden", type=int, default=64)
    parser.add_argument("--epochs", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--data", type=Path, help="an .npz of the leads: read if it exists, else written")
    parser.add_argument("--merge", help="train on these lead files (.npz, comma-separated) instead of new games")
    parser.add_argument("--out", type=Path, required=True, help="where the model goes (.npz)")
    parser.add_argument("--json", type=Path, help="the figures")
    args = parser.parse_args(argv)
    started = time.process_time()
    stored = load_data(args.merge, args.data, ("x", "y", "allowed", "group"))
    if stored:
        x, y, allowed, group = stored
    else:
        xs, ys, hands, ids = collect(args.preset, args.games, args.player, args.expert_time, args.seed)
        x, y, allowed, group = np.array(xs), np.array(ys), _allowed(hands), np.array(ids)
        if args.data:
            np.savez_compressed(args.data, x=x, y=y, allowed=allowed, group=group)
    held = group % 10 == 0
    policy = train(x[~held], y[~held], allowed[~held], args.hidden, args.epochs, args.seed)
    policy.save(args.out)
    rows = np.arange(held.sum())
    loss = -policy.log_probabilities(x[held], allowed[held])[rows, y[held]]
    uniform = np.log(allowed[held].sum(axis=1))
    figures = {
        "leads": len(y),
        "held_out": int(held.sum()),
        "cpu_seconds": round(time.process_time() - started, 1),
        "log_loss": float(loss.mean()),
        "log_loss_uniform": float(uniform.mean()),
        "top1": float((policy.log_probabilities(x[held], allowed[held]).argmax(axis=1) == y[held]).mean()),
    }
    report(figures, args.json)


if __name__ == "__main__":
    main()
