"""Strength league: computer players against each other on duplicate deals.

Run from the repository root (``make bench`` runs ``--quick``)::

    python -m bench.league --quick                              # levels 1-5 adjacent, 20 pairs (~3 min, 2 cores)
    python -m bench.league --quick --robustness                 # the robustness league, 20 pairs (~4 min)
    python -m bench.league                                      # levels 1-5 adjacent, 300 pairs, expert 0.25 s
    python -m bench.league --players 4,5,5c --pairs all --pairs-count 100 --expert-time 1.0
    python -m bench.league --players 1,2,3,4 --pairs-count 50 --json out/bench-league.json
    python -m bench.league --preset schnapsen --pairs 5:m,5:g --pairs-count 100  # against the sparring partners

Players are named by level, ``1`` (random) to ``5`` (expert), built with
``make_player(level, seed, time_limit)``, and by two clairvoyant twins that
run the same search on the true deal instead of sampled worlds: ``4c`` (of
PIMC) and ``5c`` (of the expert); ``5h`` sees only the opponent's hand, not the
talon's order (the bound of any inference of his cards), and ``5h1`` and ``5h2`` are told one and two of
his cards (what a partial inference could reach). ``5@SECONDS`` is the expert with its own time
per decision; ``5r`` the rollout expert (PIMC with counter rollouts and inference
from a sound opponent: level 5 before the tree search, and its pure-Python
fallback). ``3s`` and ``3m`` are careless counters, the robustness league's
opponents: level 3 that passes up each exchange and marriage it would take half
the time (``3m`` leads the king or queen of a skipped marriage instead).
Sparring partners from outside the family (:mod:`bench.sparring`): ``m`` the
determinized MCTS of published Schnapsen programs at its default budget (150
worlds x 667 UCT iterations), ``m5`` at five times it, ``g`` the rule-based
player written from published strategy advice.

Duplicate deals
---------------
Deal ``i`` (``i`` = 0 .. ``--pairs-count`` - 1) is the shuffle
``shuffled_deck(rules, s_i)`` with dealer ``2 - i % 2`` (alternating), where
``s_i`` and the players' seeds come from ``random.Random("league:<seed>:<i>")``:
the same deals for every pair of players. For a pair A against B, deal ``i``
is played twice with the same dealer: A in seat 1 and B in seat 2, then B in
seat 1 and A in seat 2. The seat-1 player of both games gets the same seed,
and so does the seat-2 player; every player is freshly constructed for its
game, so a game depends only on (seed, ``i``, the two players) and the results
are the same for any ``--workers`` (except with time-limited players, level 5,
whose number of sampled worlds depends on the machine's speed and load).
One task (one duplicate pair) runs in one worker process.

Figures
-------
pts/deal
    Game points per deal from A's side (+ when A wins the deal, - when B
    does, 0 for a tie), the mean over the 2N games. Its 95% interval is a
    Student-t interval over the N duplicate-pair totals (the two games of a
    pair share their cards, so the pair is the independent unit), divided by 2.
won
    Share of the 2N games won by A (a tie counts one half), with a 95%
    Wilson score interval over the 2N games (it stays sensible at 0% and
    100%; treating the games as independent is, if anything, conservative:
    the luck of a deal's cards helps A in one game of a pair and B in the
    other). The JSON also has a t interval over the N pair shares.
W-L-T
    Games A won, lost and tied.
ms/decision
    Each player's mean and 95th-percentile (nearest rank) CPU time per decision
    (of its thread: what the players budget, so it does not grow with the load),
    every decision of its games (forced ones included: ``play_deal`` with
    ``DecisionStats``), and its decisions per game.
closes
    For each side, its closes of the talon, how many failed (the closer lost the
    deal), and the game points its closes won and lost.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import dataclasses
import json
import math
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bench.engine import machine
from bench.sparring import PUBLISHED_ITERATIONS, PUBLISHED_WORLDS, DeterminizedMcts, GuidePlayer
from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai.expert import ExpertPlayer, opponent_lead
from sixtysix.ai.levels import EXPERT_OPTIONS, make_player
from sixtysix.ai.native import NativeSearch, PlayEvidence, TreeResult, TreeSettings
from sixtysix.ai.opponents import CarelessCounter
from sixtysix.ai.pimc import PimcPlayer, candidate_actions
from sixtysix.ai.sampling import forbidden_cards, sample_world
from sixtysix.ai.tree import TreePlayer, _weight, lead_likelihood
from sixtysix.core.actions import Action
from sixtysix.core.outcome import Outcome
from sixtysix.players.base import DecisionStats, Player, play_deal
from sixtysix.tournament.stats import mean_interval, wilson

PLAYER_NAMES = {
    "1": "random",
    "2": "beginner",
    "3": "counter",
    "4": "pimc",
    "5": "expert",
    "4c": "pimc, clairvoyant",
    "5c": "expert, clairvoyant",
    "5h": "expert, sees the opponent's hand (not the talon)",
    "5h1": "level 5 told one of the opponent's cards at each decision (the first he holds in an order of the match)",
    "5h2": "level 5 told two of the opponent's cards at each decision",
    "5r": "rollout expert (level 5 before the tree search; the pure-Python fallback)",
    "3s": "careless counter (level 3 skipping exchanges and marriages half the time)",
    "3m": "careless counter leading the king or queen of a marriage it skips",
    "m": "determinized MCTS, published budget (150 worlds x 667 iterations)",
    "m5": "determinized MCTS, 5x the published budget (335 worlds x 1491 iterations)",
    "g": "guide: rule-based, from published Schnapsen strategy advice",
    "5v": "expert valuing new nodes by the learned value instead of the playout (ai/learned.py)",
    "5x": "expert valuing new nodes by the mean of the learned value and the playout",
    "5k": "expert checking each close it chooses by playing it out in sampled worlds without seeing them (ai/tree.py)",
    "5kw": "level 5 (its chance nodes and its play after its close) with 5k's close check",
    "5w": "expert playing after its own close for the most worlds won, every consistent world solved (ai/tree.py);"
    " level 5 before the chance nodes (2026-12-07)",
    "5t": "expert playing after its own close by its tree search (level 5 before closed_play, 2026-12-07)",
    "5d": "expert whose tree keeps the card it draws as a chance node below its action (ai/tree.py, native/ismcts.c)",
    "5dw": "5d and 5w together: level 5 since 2026-12-07",
    "5o": "expert whose search lets the opponent choose by statistics of his own for the hand he holds",
    "5i": "expert weighing its worlds by how well the card counter explains the opponent's card to its last lead",
    "5l": "level 5 reading his leads late in phase one as a PIMC player's, carried as soft facts (ai/tree.py)",
    "5y": "expert playing after the opponent's close as after its own: every consistent world solved (ai/tree.py)",
    "5p": "expert playing by exact solves of sampled worlds (PIMC) where its tree would search (bench/league.py)",
    "5ph": "5p where at most 14 cards are unseen, else its tree",
    "5pf": "5p valuing an action after which it chooses again with that choice made on average over the worlds",
    "5phf": "5ph and 5pf together",
    "5pr": "5p weighing its worlds, when it follows his lead, by a PIMC model of the opponent's lead",
    "5e": "expert averaging its tree's action values (half its time) with a determinized MCTS's (75 worlds x 667)",
}
LEARNED_LEAVES = {"5v": "model", "5x": "mix"}
SPARRING = {"m": (PUBLISHED_WORLDS, PUBLISHED_ITERATIONS), "m5": (335, 1491)}
"""The determinized MCTS partners' (worlds, iterations): the published default and five times it
(the published 500k budget scales both by about the square root of 5)."""
CLOSE_WORLDS, CLOSE_SHARE = 32, 0.9
"""``5k``'s close check: worlds solved past the close, and the share of them it must win."""
PLAY_FACTOR = 0.1
"""``5i``'s chance to keep a world in which the counter would have played another card (``5i/F``: F)."""
DEFAULT_EXPERT_TIME = 0.25
QUICK = {"players": "1,2,3,4,5", "pairs": "adjacent", "pairs_count": 20}
ROBUSTNESS_PAIRS = "5:3,4:3,5:3s,4:3s,5:3m,4:3m"
"""The robustness league: the expert's gain over level 4 against the counter, and against the careless counters."""


# -- clairvoyant twins ----------------------------------------------------------


class ClairvoyantMixin:
    """Searches the true deal instead of sampled worlds (a bound on what sampling can reach).

    The league loop hands it the deal with :meth:`see` before the deal is played;
    the deal is changed in place as it is played, so every decision sees its
    current state. It still answers through ``choose(view)``: the parent's
    ``action_values`` asks ``sample`` for its worlds, and gets a copy of the
    true deal each time; one world is enough (every sample would be the same),
    so ``_more`` stops after it.
    """

    truth: Deal | None = None
    worlds_seen = 0

    def see(self, deal: Deal) -> None:
        self.truth = deal

    def sample(self, view: PlayerView, forbidden: int) -> Deal:
        deal = self.truth
        if deal is None:
            raise RuntimeError("a clairvoyant player needs see(deal) before the deal")
        if deal.hands[view.seat] != view.hand or deal.stage != view.stage or deal.leader != view.leader:
            raise RuntimeError("the clairvoyant player's deal does not match its view")
        self.worlds_seen += 1
        return deal.copy()

    def _more(self, worlds: int, deadline: float | None) -> bool:
        return False


class ClairvoyantPimc(ClairvoyantMixin, PimcPlayer):
    """``4c``: level 4's search (its depth and exact-from talon) on the true deal."""

    name = "pimc-clairvoyant"


class ClairvoyantTree(TreePlayer):
    """``5c``: the expert's tree search (same settings, same time limit) with every iteration on the true deal."""

    name = "expert-clairvoyant"
    truth: Deal | None = None
    worlds_seen = 0
    talon_seen = True

    def see(self, deal: Deal) -> None:
        self.truth = deal

    def search_tree(
        self,
        search: NativeSearch,
        view: PlayerView,
        settings: TreeSettings,
        forbidden: int,
        soft: list[tuple[int, float]],
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        if self.truth is None:
            raise RuntimeError("a clairvoyant player needs see(deal) before the deal")
        self.worlds_seen += 1
        return search.tree_search(
            view, settings, self.rng.getrandbits(63), forbidden, soft, truth=self.truth, talon_seen=self.talon_seen
        )


class HandClairvoyantTree(ClairvoyantTree):
    """``5h``: the expert's tree search with the opponent's true hand in every world and the talon's
    order drawn: what a perfect inference of his hand could reach (``5c`` also sees the talon)."""

    name = "expert, sees his hand"
    talon_seen = False


class RevealedTree(TreePlayer):
    """``5h1``, ``5h2``: level 5 told, at each decision, one (two) of the cards the opponent holds: the first he
    still holds in an order drawn for the match. A bound between level 5 and ``5h`` (his whole hand): what about
    ln(unseen / his hand) nats of his hand are worth, to set beside what reading his leads can tell
    (``bench.reading --model self``: 0.5-0.7 nats a lead)."""

    name = "expert, told some of his cards"
    truth: Deal | None = None
    worlds_seen = 0

    def __init__(self, seed: int, time_limit: float, told: int) -> None:
        super().__init__(seed, time_limit=time_limit, **EXPERT_OPTIONS)
        self.told = told
        self.order = random.Random(seed).sample(range(64), 64)

    def see(self, deal: Deal) -> None:
        self.truth = deal

    def telling(self, view: PlayerView) -> PlayerView:
        """``view`` with the told cards among the opponent's known ones."""
        if self.truth is None:
            raise RuntimeError("a player told his cards needs see(deal) before the deal")
        self.worlds_seen += 1
        held = [card for card in self.order if self.truth.hands[view.opponent] >> card & 1]
        told = sum(1 << card for card in held[: self.told])
        return dataclasses.replace(view, opponent_known=view.opponent_known | told)

    def search_tree(
        self,
        search: NativeSearch,
        view: PlayerView,
        settings: TreeSettings,
        forbidden: int,
        soft: list[tuple[int, float]],
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        told = self.telling(view)
        return super().search_tree(search, told, settings, forbidden & ~told.opponent_known, soft, play)

    def play_closed(
        self, search: NativeSearch, view: PlayerView, forbidden: int, soft: list[tuple[int, float]]
    ) -> Action:
        told = self.telling(view)
        return super().play_closed(search, told, forbidden & ~told.opponent_known, soft)


SEES_THE_DEAL = (ClairvoyantMixin, ClairvoyantTree, RevealedTree)
"""The league's players handed the true deal before it is played (:meth:`see`), each a bound on inference."""


class EnsembleTree(TreePlayer):
    """``5e``: two searches with different faults, each action valued by the mean of the two. The tree (half the
    time) shares its statistics across worlds and lets the opponent choose without seeing his hand; the
    determinized MCTS (``m``'s search on :data:`ENSEMBLE_WORLDS` worlds) sees every card in each world."""

    def __init__(self, seed: int, time_limit: float) -> None:
        super().__init__(seed, time_limit=time_limit / 2, closed_play=True)
        self.sampled = DeterminizedMcts(seed, worlds=ENSEMBLE_WORLDS, iterations=PUBLISHED_ITERATIONS)

    def search_tree(
        self,
        search: NativeSearch,
        view: PlayerView,
        settings: TreeSettings,
        forbidden: int,
        soft: list[tuple[int, float]],
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        tree = super().search_tree(search, view, settings, forbidden, soft, play)
        sampled = self.sampled.action_scores(view)
        # why: best() ranks by visits first; with none, by the merged mean alone
        merged = {a: (0, (mean + sampled[a][0]) / 2) for a, (_, mean) in tree.actions.items() if a in sampled}
        return TreeResult(merged or tree.actions, tree.iterations, tree.nodes)


class ExactPimc(TreePlayer):
    """``5p``: level 5 with its tree replaced by perfect-information Monte Carlo on exact solves: worlds drawn
    from its view (weighted by the opponent model) until its time is spent, each solved exactly with every card
    seen, the talon's order included, and the action with the best weighted mean played. ``m`` is the same idea
    with a few hundred UCT iterations a world in place of the solve."""

    batch = 8
    """Worlds solved between two looks at the clock."""
    reading = False
    """``5pr``: when following his lead, each world also weighs by how likely a PIMC player holding its hand
    was to lead that card (:func:`lead_likelihood`)."""
    own_next = False
    """``5pf``: an action after which this seat chooses again is valued with that choice made on average over
    the worlds (as it will be made, not seeing them), not in each world apart: a close, above all."""
    max_unseen = 0
    """With more than 0 (``5ph``): where more cards are unseen the tree searches (a world's solve grows with them)."""

    def search_tree(
        self,
        search: NativeSearch,
        view: PlayerView,
        settings: TreeSettings,
        forbidden: int,
        soft: list[tuple[int, float]],
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        actions = candidate_actions(view)
        totals, weight, worlds = [0.0] * len(actions), 0.0, 0
        started = time.thread_time()
        if self.max_unseen and view.unseen.bit_count() > self.max_unseen:
            return super().search_tree(search, view, settings, forbidden, soft, play)
        again = self._acting_again(view, actions) if self.own_next else {}
        lead = opponent_lead(view)
        later: dict[int, list[float]] = {i: [0.0] * len(nexts) for i, nexts in again.items()}
        batch = self.batch // 2 if self.reading and lead is not None else self.batch  # why: each world costs more
        while worlds < batch or time.thread_time() - started < settings.seconds:
            drawn = [sample_world(view, self.rng, forbidden) for _ in range(batch)]
            weights = [_weight(world.hands[view.opponent], soft) for world in drawn]
            if self.reading and lead is not None:
                weights = [
                    w * lead_likelihood(search, view, world, lead, self.rng)
                    for w, world in zip(weights, drawn, strict=True)
                ]
            for w, row in zip(weights, search.worlds_action_values(drawn, actions, view.seat), strict=True):
                totals = [t + w * v for t, v in zip(totals, row, strict=True)]
                weight += w
            for i, nexts in again.items():
                after = [world.copy() for world in drawn]
                for world in after:
                    world.apply(actions[i], view.seat)
                for w, row in zip(weights, search.worlds_action_values(after, nexts, view.seat), strict=True):
                    later[i] = [t + w * v for t, v in zip(later[i], row, strict=True)]
            worlds += batch
        for i, sums in later.items():  # why: our next choice cannot depend on the world, so it is the best on average
            totals[i] = max(sums)
        # why visits 0: best() ranks by visits first, so the weighted mean alone decides
        return TreeResult({a: (0, t / weight) for a, t in zip(actions, totals, strict=True)}, worlds, 0)

    @staticmethod
    def _acting_again(view: PlayerView, actions: list[Action]) -> dict[int, list[Action]]:
        """The actions (by index) after which this seat chooses again (a close, an exchange, a marriage
        declared), each with its choices then: the same in every world, for they depend on its hand alone."""
        world = sample_world(view, random.Random(0), forbidden_cards(view))
        again = {}
        for i, action in enumerate(actions):
            if action.is_card():  # why: a card may end the trick and draw us a card the world decides
                continue
            after = world.copy()
            after.apply(action, view.seat)
            if after.outcome is None and after.seat_to_ask == view.seat:
                nexts = candidate_actions(PlayerView.of(after, view.seat))
                if len(nexts) > 1:
                    again[i] = nexts
        return again


HYBRID_UNSEEN = 14
"""``5ph`` solves worlds where at most this many cards are unseen (all of Schnapsen; seed66 from a talon of 8)."""

ENSEMBLE_WORLDS = 75
"""``5e``'s determinized MCTS: half ``m``'s worlds, at ``m``'s iterations a world."""


_SEARCH_SETTINGS = (
    "depth", "exact_talon", "samples", "time_limit", "evaluate", "rollouts", "confidence", "close_risk", "settings",
)  # fmt: skip


def build_player(player_id: str, seed: int, expert_time: float) -> Player:
    if player_id.startswith("5@"):  # the expert with its own time per decision
        return make_player(5, seed, time_limit=float(player_id[2:]))
    if player_id == "5r":
        return ExpertPlayer(seed, time_limit=expert_time)
    if player_id == "5k" or player_id.startswith("5k@"):  # the close check, optionally with its own time
        time_limit = float(player_id[3:]) if "@" in player_id else expert_time
        return TreePlayer(seed, time_limit=time_limit, close_worlds=CLOSE_WORLDS, close_share=CLOSE_SHARE)
    if player_id == "5kw":
        return TreePlayer(
            seed, time_limit=expert_time, close_worlds=CLOSE_WORLDS, close_share=CLOSE_SHARE, **EXPERT_OPTIONS
        )
    if player_id in ("5w", "5d", "5dw", "5t"):
        return TreePlayer(seed, time_limit=expert_time, closed_play="w" in player_id, chance="d" in player_id)
    if player_id == "5i" or player_id.startswith("5i/"):  # reading the opponent's card play, optionally its factor
        factor = float(player_id[3:]) if "/" in player_id else PLAY_FACTOR
        return TreePlayer(seed, time_limit=expert_time, play_factor=factor)
    if player_id == "5l":
        return TreePlayer(seed, time_limit=expert_time, lead_reading=True, **EXPERT_OPTIONS)
    if player_id == "5y":
        return TreePlayer(seed, time_limit=expert_time, defended_play=True, **EXPERT_OPTIONS)
    if player_id == "5o":
        return TreePlayer(seed, time_limit=expert_time, hand_keyed=True)
    if player_id in ("5h1", "5h2"):
        return RevealedTree(seed, expert_time, told=int(player_id[2]))
    if player_id == "5e":
        return EnsembleTree(seed, expert_time)
    if player_id.split("@")[0] in ("5p", "5ph", "5pf", "5phf", "5pr"):  # optionally with its own time
        time_limit = float(player_id.split("@")[1]) if "@" in player_id else expert_time
        exact = ExactPimc(seed, time_limit=time_limit, **EXPERT_OPTIONS)
        exact.max_unseen = HYBRID_UNSEEN if player_id.startswith("5ph") else 0
        exact.own_next = player_id.split("@")[0].endswith("f")
        exact.reading = player_id.split("@")[0].endswith("r")
        return exact
    if player_id in LEARNED_LEAVES:
        return TreePlayer(seed, time_limit=expert_time, leaf=LEARNED_LEAVES[player_id], **EXPERT_OPTIONS)
    if player_id in SPARRING:
        worlds, iterations = SPARRING[player_id]
        return DeterminizedMcts(seed, worlds=worlds, iterations=iterations)
    if player_id == "g":
        return GuidePlayer(seed)
    if player_id in ("3s", "3m"):
        return CarelessCounter(seed, lead_card=player_id == "3m")
    level = int(player_id[0])
    player = make_player(level, seed, time_limit=expert_time if level == 5 else None)
    if player_id in ("4c", "5c", "5h"):
        twin: Player
        if level == 5:
            # why not closed_play: after its own close the twin goes on searching the true deal with its tree
            twin = (HandClairvoyantTree if player_id == "5h" else ClairvoyantTree)(
                seed, time_limit=expert_time, chance=EXPERT_OPTIONS["chance"]
            )
        else:
            twin = ClairvoyantPimc(seed)
        # The twin must run the very search make_player builds: same class, same settings.
        same = isinstance(twin, type(player)) and all(
            getattr(twin, a, None) == getattr(player, a, None) for a in _SEARCH_SETTINGS
        )
        if not same:
            raise RuntimeError(f"{player_id}: the clairvoyant twin no longer matches make_player({level})")
        return twin
    return player


# -- one duplicate pair (runs in a worker) ------------------------------------------


@dataclass(frozen=True)
class Task:
    pair: int
    """Index of the pair of players."""
    a: str
    b: str
    deal: int
    """Index of the deal."""
    seed: int
    preset: str
    expert_time: float


def deal_seeds(master: int, index: int) -> tuple[int, int, int]:
    """(deck seed, seat-1 player seed, seat-2 player seed) of deal ``index``."""
    rng = random.Random(f"league:{master}:{index}")
    return rng.getrandbits(64), rng.getrandbits(32), rng.getrandbits(32)


def _points(outcome: Outcome, seat: int) -> int:
    if outcome.winner is None:
        return 0
    return outcome.game_points if outcome.winner == seat else -outcome.game_points


def play_duplicate(task: Task) -> dict[str, Any]:
    """Play deal ``task.deal`` twice, seats swapped; everything from A's side."""
    rules = Rules.preset(task.preset)
    deck_seed, seed1, seed2 = deal_seeds(task.seed, task.deal)
    deck = shuffled_deck(rules, deck_seed)
    dealer = 2 - task.deal % 2
    result: dict[str, Any] = {"pair": task.pair, "deal": task.deal, "points": [], "terminations": [], "closers": []}
    times: dict[str, list[float]] = {"a": [], "b": []}
    started = time.perf_counter()
    for a_seat in (1, 2):
        ids = {a_seat: task.a, 3 - a_seat: task.b}
        players = {1: build_player(ids[1], seed1, task.expert_time), 2: build_player(ids[2], seed2, task.expert_time)}
        deal = Deal(deck, dealer, rules)
        for seat, player in players.items():
            player.new_match(rules, seat)
            if isinstance(player, SEES_THE_DEAL):
                player.see(deal)
        stats = {1: DecisionStats(), 2: DecisionStats()}
        outcome = play_deal(deal, players, stats=stats)
        for player in players.values():
            if isinstance(player, SEES_THE_DEAL) and player.worlds_seen == 0:
                raise RuntimeError(f"{player.name} never searched the true deal: does the expert still call sample()?")
        result["points"].append(_points(outcome, a_seat))
        result["terminations"].append(outcome.termination.value)
        result["closers"].append("" if not deal.closer else "a" if deal.closer == a_seat else "b")
        for side, seat in (("a", a_seat), ("b", 3 - a_seat)):  # the close checks of a 5k, for calibration
            checks = getattr(players[seat], "close_checks", None)
            if checks:
                result.setdefault("close_checks", {}).setdefault(side, []).extend(dataclasses.asdict(c) for c in checks)
        times["a"].extend(stats[a_seat].cpu_times)
        times["b"].extend(stats[3 - a_seat].cpu_times)
    result["times"] = times
    result["seconds"] = time.perf_counter() - started
    return result


# -- statistics ---------------------------------------------------------------------


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (q in 0..100)."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)] if ordered else math.nan


def time_summary(times: list[float], games: int) -> dict[str, float]:
    return {
        "decisions": len(times),
        "decisions_per_game": len(times) / games if games else math.nan,
        "mean_s": statistics.fmean(times) if times else math.nan,
        "p95_s": percentile(times, 95),
        "max_s": max(times, default=math.nan),
    }


def summarise(a: str, b: str, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of one pair of players from its duplicate pairs (ordered by deal)."""
    totals = [float(sum(r["points"])) for r in results]
    mean, low, high = mean_interval(totals)
    shares = [sum(1.0 if p > 0 else 0.5 if p == 0 else 0.0 for p in r["points"]) / 2 for r in results]
    share, share_low, share_high = mean_interval(shares)
    won = sum(shares) * 2
    games = [p for r in results for p in r["points"]]
    terminations: dict[str, int] = {}
    for r in results:
        for t in r["terminations"]:
            terminations[t] = terminations.get(t, 0) + 1
    n_games = len(games)
    closes = {side: close_summary(results, side) for side in ("a", "b")}
    return {
        "a": a,
        "b": b,
        "a_name": PLAYER_NAMES[a],
        "b_name": PLAYER_NAMES[b],
        "pairs": len(results),
        "games": n_games,
        "points_per_deal": mean / 2,
        "points_per_deal_ci95": [low / 2, high / 2],
        "won_share": share,
        "won_share_ci95": wilson(won, n_games),
        "won_share_ci95_pairs": [max(0.0, share_low), min(1.0, share_high)],
        "wins": sum(p > 0 for p in games),
        "losses": sum(p < 0 for p in games),
        "ties": sum(p == 0 for p in games),
        "terminations": dict(sorted(terminations.items())),
        "closes_a": closes["a"],
        "closes_b": closes["b"],
        "time_a": time_summary([t for r in results for t in r["times"]["a"]], n_games),
        "time_b": time_summary([t for r in results for t in r["times"]["b"]], n_games),
        "cpu_seconds": sum(r["seconds"] for r in results),
        "pair_totals": totals,
    }


def close_summary(results: list[dict[str, Any]], side: str) -> dict[str, Any]:
    """How the closes of ``side`` (``a`` or ``b``) went: how many, how many failed (the closer
    lost the deal, R-CLOSE-5), and the game points won and lost by them (from the closer's side)."""
    sign = 1 if side == "a" else -1
    points = [sign * p for r in results for p, c in zip(r["points"], r.get("closers", ()), strict=False) if c == side]
    failed = [p for p in points if p < 0]
    return {
        "closes": len(points),
        "failed": len(failed),
        "points_won": sum(p for p in points if p > 0),
        "points_lost": -sum(failed),
    }


def robustness(totals: dict[tuple[str, str], list[float]]) -> list[dict[str, Any]]:
    """The expert's gain over level 4 against each careless counter, less its gain against the counter.

    ``totals[(a, b)]`` are the duplicate-pair totals of ``a`` against ``b``, deal by deal (the
    same deals for every match of a league, so the differences are paired deal by deal). The
    expert's inference is robust when the figure is not negative: it gains at least as much
    over level 4 against opponents who break its "a sound player would have" assumptions.
    """
    rows = []
    base = [x - y for x, y in zip(totals[("5", "3")], totals[("4", "3")], strict=True)]
    for careless in ("3s", "3m"):
        if ("5", careless) not in totals or ("4", careless) not in totals:
            continue
        gain = [x - y for x, y in zip(totals[("5", careless)], totals[("4", careless)], strict=True)]
        extra = [g - b for g, b in zip(gain, base, strict=True)]
        figures = {name: [v / 2 for v in mean_interval(values)] for name, values in (("gain", gain), ("extra", extra))}
        rows.append({"opponent": careless, "base_gain": mean_interval(base)[0] / 2, **figures})
    return rows


def print_robustness(rows: list[dict[str, Any]]) -> None:
    print()
    print("robustness: the expert's gain over level 4 (pts/deal) against a careless counter, less that against 3")
    for r in rows:
        g, e = r["gain"], r["extra"]
        print(
            f"  vs {r['opponent']}: gain {g[0]:+.3f} [{g[1]:+.2f}, {g[2]:+.2f}]; against 3: {r['base_gain']:+.3f}; "
            f"difference {e[0]:+.3f} [{e[1]:+.2f}, {e[2]:+.2f}]"
        )


# -- the league ------------------------------------------------------------------------


def player_pairs(players: list[str], mode: str) -> list[tuple[str, str]]:
    """(A, B) pairs: ``adjacent`` (each player against the one before it), ``all``, or ``A:B,A:B``."""
    if mode == "adjacent":
        return [(players[i + 1], players[i]) for i in range(len(players) - 1)]
    if mode == "all":
        return [(players[j], players[i]) for i in range(len(players)) for j in range(i + 1, len(players))]
    pairs = []
    for item in mode.split(","):
        a, sep, b = item.strip().partition(":")
        if not sep:
            raise SystemExit(f"--pairs: {item!r} is not adjacent, all or A:B")
        pairs.append((a.strip(), b.strip()))
    return pairs


def load_partial(path: Path | None) -> dict[tuple[int, int], dict[str, Any]]:
    """The results of ``--partial PATH`` so far, by (pair of players, deal)."""
    if path is None or not path.exists():
        return {}
    done = {}
    for line in path.read_text().splitlines():
        if line.strip():
            r = json.loads(line)
            done[(r["pair"], r["deal"])] = r
    return done


def run_league(tasks: list[Task], workers: int, progress: bool, partial: Path | None = None) -> list[dict[str, Any]]:
    """Every task's result, in task order, whatever the number of workers.

    With ``partial``, each result is appended to that file (JSON lines) as soon as it is in, and the
    tasks whose result it holds already are not played again: a long run can be stopped and resumed.
    """
    results: list[dict[str, Any] | None] = [None] * len(tasks)
    done = load_partial(partial)
    for i, task in enumerate(tasks):
        results[i] = done.get((task.pair, task.deal))
    todo = [i for i, r in enumerate(results) if r is None]
    started = last = time.perf_counter()

    def keep(i: int, result: dict[str, Any]) -> None:
        results[i] = result
        if partial is not None:
            with partial.open("a") as out:
                out.write(json.dumps(result) + "\n")

    def report(done: int) -> None:
        nonlocal last
        now = time.perf_counter()
        if progress and (now - last >= 10 or done == len(todo)):
            last = now
            print(f"  {done}/{len(todo)} duplicate pairs done, {now - started:.0f} s", file=sys.stderr, flush=True)

    if workers <= 1:
        for n, i in enumerate(todo, 1):
            keep(i, play_duplicate(tasks[i]))
            report(n)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(play_duplicate, tasks[i]): i for i in todo}
            for n, future in enumerate(concurrent.futures.as_completed(futures), 1):
                keep(futures[future], future.result())
                report(n)
    return [r for r in results if r is not None]


def _ms(seconds: float) -> str:
    if math.isnan(seconds):
        return "-"
    ms = seconds * 1e3
    return f"{ms:.3f}" if ms < 1 else f"{ms:.1f}" if ms < 100 else f"{ms:.0f}"


def print_table(rows: list[dict[str, Any]], args: argparse.Namespace, info: dict[str, Any], wall: float) -> None:
    print(
        f"sixtysix strength league -- Python {info['python']} on {info.get('cpu_model', '?')}, {info['cpus']} CPUs, "
        f"git {info.get('git', '?')}"
    )
    most = max((r["pairs"] for r in rows), default=0)
    print(
        f"  preset {args.preset}, {most} duplicate pairs per match (2 games per deal, seats swapped), "
        f"seed {args.seed}, expert {args.expert_time} s/decision, {args.workers} workers, {wall:.0f} s"
    )
    if "loadavg" in info:
        print(f"  load average at the end: {' '.join(f'{x:.2f}' for x in info['loadavg'])}")
    print()
    header = (
        f"{'A vs B':<10} {'games':>5} {'A pts/deal':>10} {'95% CI':>15} {'A won':>6} {'95% CI':>11} "
        f"{'W-L-T':>11} {'A ms/dec mean p95':>18} {'B ms/dec mean p95':>18} {'dec/game A B':>12}"
    )
    print(header)
    print("-" * len(header))
    for r in rows:
        lo, hi = r["points_per_deal_ci95"]
        slo, shi = r["won_share_ci95"]
        ta, tb = r["time_a"], r["time_b"]
        wlt = f"{r['wins']}-{r['losses']}-{r['ties']}"
        print(
            f"{r['a'] + ' vs ' + r['b']:<10} {r['games']:>5} {r['points_per_deal']:>+10.3f} "
            f"{f'[{lo:+.2f}, {hi:+.2f}]':>15} {r['won_share']:>6.1%} {f'[{slo:.0%}, {shi:.0%}]':>11} "
            f"{wlt:>11} "
            f"{_ms(ta['mean_s']):>9} {_ms(ta['p95_s']):>8} {_ms(tb['mean_s']):>9} {_ms(tb['p95_s']):>8} "
            f"{ta['decisions_per_game']:>6.1f} {tb['decisions_per_game']:>5.1f}"
        )
    print()
    print("closes (count, failed, game points won / lost by them):")
    for r in rows:
        ca, cb = r["closes_a"], r["closes_b"]
        print(
            f"  {r['a'] + ' vs ' + r['b']:<10} A: {ca['closes']} closes, {ca['failed']} failed, "
            f"+{ca['points_won']} / -{ca['points_lost']};  B: {cb['closes']} closes, {cb['failed']} failed, "
            f"+{cb['points_won']} / -{cb['points_lost']}"
        )
    print()
    names = sorted({p for r in rows for p in (r["a"], r["b"])}, key=lambda p: (p[0], p))
    print("players: " + ", ".join(f"{p} = {PLAYER_NAMES[p]}" for p in names))
    print("pts/deal: game points per deal from A's side; CI: t interval over the duplicate-pair totals")
    print(
        "A won: share of games won by A (ties count 1/2), Wilson interval; ms/dec: CPU time per decision, all decisions"
    )


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    p = argparse.ArgumentParser(prog="python -m bench.league", description=__doc__.split("\n\n")[0])
    p.add_argument(
        "--players",
        default="1,2,3,4,5",
        help="player ids: 1-5, 4c, 5c, 5h, 5h1, 5h2, 5r, 3s, 3m, m, m5, g, 5v, 5x, 5k, 5i, 5o, 5@SECONDS, 5k@SECONDS,"
        " 5i/FACTOR (default 1,2,3,4,5)",
    )
    p.add_argument(
        "--pairs", default="adjacent", help="adjacent (each against the one before), all, or A:B,... (default adjacent)"
    )
    p.add_argument("--pairs-count", type=int, default=300, help="duplicate pairs (deals) per match (default 300)")
    p.add_argument("--preset", default="seed66", help="rules preset (default seed66)")
    p.add_argument("--seed", type=int, default=1, help="master seed of the deals and players (default 1)")
    p.add_argument(
        "--expert-time", type=float, default=DEFAULT_EXPERT_TIME, help="level 5's time_limit per decision (0.25)"
    )
    p.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="worker processes (default: all CPUs)")
    p.add_argument("--quick", action="store_true", help="levels 1-5 adjacent, 20 pairs each (~3 min on 2 cores)")
    p.add_argument(
        "--robustness", action="store_true", help=f"the robustness league: --pairs {ROBUSTNESS_PAIRS} and its summary"
    )
    p.add_argument("--json", type=Path, metavar="PATH", help="also write the results as JSON to PATH")
    p.add_argument("--quiet", action="store_true", help="no progress lines on stderr")
    p.add_argument(
        "--partial", type=Path, metavar="PATH", help="append each pair's result to PATH (JSON lines); resume from it"
    )
    p.add_argument("--report-only", action="store_true", help="only report what --partial PATH holds (play nothing)")
    args = p.parse_args(argv)
    if args.robustness:
        args.pairs = ROBUSTNESS_PAIRS
    if args.quick:
        for key, value in QUICK.items():
            if getattr(args, key) == p.get_default(key):
                setattr(args, key, value)
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    players = [x.strip() for x in args.players.split(",") if x.strip()]
    pairs = player_pairs(players, args.pairs)
    for a, b in pairs:
        for pid in (a, b):
            if pid.startswith("5@"):
                PLAYER_NAMES[pid] = f"expert, {float(pid[2:])} s"
            elif pid.startswith("5k@"):
                PLAYER_NAMES[pid] = f"expert checking its closes, {float(pid[3:])} s"
            elif pid.startswith(("5p@", "5ph@", "5pf@", "5phf@", "5pr@")):
                PLAYER_NAMES[pid] = f"{PLAYER_NAMES[pid.split('@')[0]]}, {float(pid.split('@')[1])} s"
            elif pid.startswith("5i/"):
                PLAYER_NAMES[pid] = f"expert reading the opponent's card play, factor {float(pid[3:])}"
            elif pid not in PLAYER_NAMES:
                raise SystemExit(f"unknown player {pid!r} (known: {', '.join(PLAYER_NAMES)})")
    Rules.preset(args.preset)  # fail early on a bad preset
    tasks = [
        Task(k, a, b, i, args.seed, args.preset, args.expert_time)
        for k, (a, b) in enumerate(pairs)
        for i in range(args.pairs_count)
    ]
    progress = not args.quiet
    if progress and not args.report_only:
        matches = ", ".join(f"{a} vs {b}" for a, b in pairs)
        print(f"{len(tasks)} duplicate pairs ({matches}) on {args.workers} workers ...", file=sys.stderr, flush=True)
    info = machine()  # the git state the workers run (they fork from this process)
    started = time.perf_counter()
    if args.report_only:  # what --partial holds of these tasks, nothing played
        held = load_partial(args.partial)
        results = [held[(t.pair, t.deal)] for t in tasks if (t.pair, t.deal) in held]
    else:
        results = run_league(tasks, args.workers, progress, args.partial)
    wall = time.perf_counter() - started
    rows = [
        summarise(a, b, [r for r in results if r["pair"] == k])
        for k, (a, b) in enumerate(pairs)
        if any(r["pair"] == k for r in results)
    ]
    with contextlib.suppress(OSError):
        info["loadavg"] = os.getloadavg()
    print_table(rows, args, info, wall)
    robust = (
        robustness({(r["a"], r["b"]): r["pair_totals"] for r in rows})
        if ("5", "3") in pairs and ("4", "3") in pairs
        else []
    )
    if robust:
        print_robustness(robust)
    if args.json:
        out = {
            "benchmark": "league",
            "time": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "args": {k: str(v) if isinstance(v, Path) else v for k, v in vars(args).items()},
            "machine": info,
            "wall_seconds": wall,
            "matches": rows,
            "robustness": robust,
            "games": [{k: r[k] for k in ("pair", "deal", "points", "terminations", "closers")} for r in results],
        }
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(out, indent=2) + "\n")
        print(f"\nwrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
