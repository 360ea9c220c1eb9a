"""Why the expert's closes fail: replay league deals and look at each close it makes.

``python -m bench.closes --preset schnapsen --partial FILE`` replays, with the league's seeds
(:func:`bench.league.deal_seeds`), the games of a ``--partial`` file of ``5:m`` in which A (level 5)
closed and lost, and for each close level 5 makes in the replay (the time limit makes a replay
differ from the league's game: every close of the replay is looked at, failed or not) records:

* at the close: the exact mean and win share of the best action over every world consistent with
  the closer's view right after the close (each world solved with every card seen: an upper bound
  of what the close can win);
* at each later decision of the closer: every action's exact mean and win share over every world
  consistent with its view then (:func:`~sixtysix.ai.analysis.solve_all_worlds`), the action it
  played, and each action's exact value in the true deal.

``--duel N`` measures the play after the close alone: in N league deals level 5 (at 0.05 s) plays phase one
against the counter (level 3) until it closes; from each of its closes the closed deal is played out twice
against ``m``, by the tree (level 5 as it is) and by the closer that lists every world (``closed_play``),
and the closer's game points of the two are compared deal by deal.

``--room N`` looks for the room that ``5h`` (level 5 handed the opponent's true hand) shows: in N league
deals ``5h`` plays level 5, and at each of its decisions where a close is legal, level 5 is asked (from the same
view, without the hand) what it would play. Each such decision is counted by who closes (both, ``5h`` only, level
5 only, neither) and, where someone closes, by the close's fair win share (:func:`fair_close_share`, over every
consistent world or :data:`FAIR_WORLDS` drawn): whether what ``5h`` knows could be known without his hand.

Where at most :data:`FAIR_WORLDS` worlds are consistent with the closer's view at the close, every action
there (the close and the others) is also valued over all of them by a player who does not see the opponent's
hand against one who sees every card (:func:`fair_values`). A failed close is put down to the decision
(``decision``) where another action's fair value beats the close's; to the play after it (``play``) where at
some later decision the action it played loses the true deal while another action best by the listed worlds'
mean (or win share) wins it; else it was a fair gamble (``gamble``). ``--json`` keeps every record (and
``--json``'s name with ``.pickle`` the deals at the closes).
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import sys
from typing import Any

from bench.league import SPARRING, build_player, deal_seeds
from sixtysix import Deal, PlayerView, Rules, shuffled_deck
from sixtysix.ai.analysis import solve_all_worlds
from sixtysix.ai.native import NativeSearch, TreeResult
from sixtysix.ai.pimc import candidate_actions
from sixtysix.ai.sampling import consistent_worlds, forbidden_cards, sample_world, world_count, world_from
from sixtysix.ai.tree import TreePlayer
from sixtysix.core.actions import ACTIONS, CLOSE, CLOSE_BEFORE_DRAW, Action
from sixtysix.players.base import Player, play_deal


class WatchedCloser(TreePlayer):
    """Level 5 that records, beside each decision after its own close, what every consistent world says."""

    truth: Deal | None = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.records: list[dict[str, Any]] = []

    def search_tree(self, *args: Any) -> TreeResult:
        self.last = super().search_tree(*args)
        return self.last

    def choose(self, view: PlayerView) -> Action:
        self.last: TreeResult | None = None
        action = super().choose(view)
        assert self.truth is not None
        if action in (CLOSE, CLOSE_BEFORE_DRAW):
            self.at_close = self.truth.copy()
            after = self.truth.copy()
            after.apply(action, view.seat)
            closed = PlayerView.of(after, view.seat)
            record: dict[str, Any] = {"close": ACTIONS[action], "tricks": sum(view.tricks), "score": view.score}
            if self.last is not None:
                record["tree"] = {ACTIONS[a]: list(v) for a, v in self.last.actions.items()}
            if closed.legal:
                record["after"] = _listed(closed)
            if world_count(view, forbidden_cards(view)) <= FAIR_WORLDS:
                record["fair"] = {ACTIONS[a]: v for a, v in fair_values(self.truth, view.seat).items()}
            self.records.append({"kind": "close", **record})
        elif view.closer == view.seat and len(view.legal) > 1:
            entry = _listed(view)
            search = NativeSearch.create(view.rules)
            assert search is not None
            truth = search.action_values(self.truth, list(view.legal), view.seat)
            entry["true"] = {ACTIONS[a]: v for a, v in zip(view.legal, truth, strict=True)}
            entry["played"] = ACTIONS[action]
            self.records.append({"kind": "play", **entry})
        return action


FAIR_WORLDS = 100
"""Closes with at most this many worlds consistent with the closer's view are also valued fairly
(:func:`fair_values`)."""


def fair_values(deal: Deal, seat: int) -> dict[Action, tuple[float, float]]:
    """(mean game points, win share) of each action of ``seat`` in ``deal`` over every world consistent with its
    view, each played out by a player who does not see the opponent's hand, at each decision by the action winning
    the most worlds consistent with its view (:meth:`TreePlayer.play_closed`), against one who sees everything
    (the pessimistic side): a close and the actions that do not close valued alike."""
    search = NativeSearch.create(deal.rules)
    assert search is not None
    view = PlayerView.of(deal, seat)
    forbidden = forbidden_cards(view)
    worlds = [world_from(view, hand, list(stock)) for hand, stock in consistent_worlds(view, forbidden)]
    lister = TreePlayer(0, time_limit=None)
    values = {}
    for action in candidate_actions(view):
        points = []
        for world in worlds:
            played = world.copy()
            played.apply(action, seat)
            points.append(lister._play_closed(search, played, seat, view.opponent_known, forbidden, listed=True))
        values[action] = (sum(points) / len(points), sum(p > 0 for p in points) / len(points))
    return values


def _listed(view: PlayerView) -> dict[str, Any]:
    worlds, values = solve_all_worlds(view)
    count = len(worlds)
    actions = list(view.legal)
    means = {ACTIONS[a]: sum(row[i] for row in values) / count for i, a in enumerate(actions)}
    wins = {ACTIONS[a]: sum(row[i] > 0 for row in values) / count for i, a in enumerate(actions)}
    any_win = sum(max(row) > 0 for row in values) / count
    return {"worlds": count, "means": means, "wins": wins, "any_win": any_win}


def replay(preset: str, deal_index: int, a_seat: int, seed: int, opponent: str, expert_time: float) -> dict[str, Any]:
    rules = Rules.preset(preset)
    deck_seed, seed1, seed2 = deal_seeds(seed, deal_index)
    deck = shuffled_deck(rules, deck_seed)
    deal = Deal(deck, 2 - deal_index % 2, rules)
    seeds = {1: seed1, 2: seed2}
    watched = WatchedCloser(seeds[a_seat], time_limit=expert_time)
    watched.truth = deal
    players = {a_seat: watched, 3 - a_seat: build_player(opponent, seeds[3 - a_seat], expert_time)}
    for seat, player in players.items():
        player.new_match(rules, seat)
    outcome = play_deal(deal, players)
    points = 0 if outcome.winner is None else outcome.game_points * (1 if outcome.winner == a_seat else -1)
    state = getattr(watched, "at_close", None)
    return {"deal": deal_index, "a_seat": a_seat, "closed": deal.closer == a_seat, "points": points,
            "records": watched.records, "state": state}  # fmt: skip


def classify(game: dict[str, Any]) -> str:
    """``decision`` where the close was valued fairly and another action beat it; ``play`` where a later decision
    lost a deal another action won that the listed worlds favoured; else ``gamble``."""
    close = next((r for r in game["records"] if r["kind"] == "close"), None)
    if close is not None and "fair" in close:
        fair = close["fair"]
        closing = {a: v for a, v in fair.items() if str(a) == str(close["close"])}
        if max(v[0] for a, v in fair.items() if a not in closing) > max(v[0] for v in closing.values()):
            return "decision"
    for record in game["records"]:
        if record["kind"] != "play" or record["true"][record["played"]] > 0:
            continue
        for action, value in record["true"].items():
            if value > 0 and (
                record["means"][action] > record["means"][record["played"]]
                or record["wins"][action] > record["wins"][record["played"]]
            ):
                return "play"
    return "gamble"


def _play_out(deal: Deal, players: dict[int, Player]) -> None:
    for seat, player in players.items():
        player.new_match(deal.rules, seat)
        player.new_deal(PlayerView.of(deal, seat))
    while deal.outcome is None:
        seat = deal.seat_to_ask
        assert seat is not None
        deal.apply(players[seat].choose(PlayerView.of(deal, seat)), seat)


def duel(preset: str, count: int, seed: int, expert_time: float) -> list[dict[str, Any]]:
    """The closed deals of level 5's closes in ``count`` league deals, played out by the tree and by the listing."""
    rules = Rules.preset(preset)
    games = []
    for index in range(count):
        deck_seed, seed1, seed2 = deal_seeds(seed, index)
        deal = Deal(shuffled_deck(rules, deck_seed), 2 - index % 2, rules)
        closer = 1 + index % 2
        before: dict[int, Player] = {closer: TreePlayer(seed1, time_limit=0.05)}
        before[3 - closer] = build_player("3", seed2, 0)
        for seat, player in before.items():
            player.new_match(rules, seat)
        while deal.outcome is None and not deal.closer and not PlayerView.of(deal, 1).phase2:
            seat = deal.seat_to_ask
            assert seat is not None
            deal.apply(before[seat].choose(PlayerView.of(deal, seat)), seat)
        if deal.closer != closer or deal.outcome is not None:
            continue
        game: dict[str, Any] = {"deal": index, "closer": closer}
        for variant in ("tree", "listed"):
            played = deal.copy()
            players = {
                closer: TreePlayer(seed1, time_limit=expert_time, closed_play=variant == "listed"),
                3 - closer: build_player("m", seed2, expert_time),
            }
            _play_out(played, players)
            outcome = played.outcome
            assert outcome is not None
            sign = 1 if outcome.winner == closer else -1
            game[variant] = 0 if outcome.winner is None else sign * outcome.game_points
        games.append(game)
        print(f"deal {index}: tree {game['tree']:+d}, listed {game['listed']:+d}", flush=True)
    return games


def closed_again(path: str, seeds: int, expert_time: float) -> list[dict[str, Any]]:
    """The closes kept in ``path`` (a ``--json`` file's ``.pickle``: each replayed game's deal at level 5's
    close) played out again against ``m`` from the close, by the tree and by the listing, ``seeds`` times each."""
    with open(path, "rb") as binary:
        states = [state for state in pickle.load(binary) if state is not None]
    games = []
    for number, state in enumerate(states):
        closer = state.seat_to_ask
        view = PlayerView.of(state, closer)
        close = CLOSE if CLOSE in view.legal else CLOSE_BEFORE_DRAW
        game: dict[str, Any] = {"close": number}
        for variant in ("tree", "listed"):
            points = []
            for seed in range(seeds):
                played = state.copy()
                played.apply(close, closer)
                players = {
                    closer: TreePlayer(seed, time_limit=expert_time, closed_play=variant == "listed"),
                    3 - closer: build_player("m", 1000 + seed, expert_time),
                }
                _play_out(played, players)
                outcome = played.outcome
                assert outcome is not None
                sign = 1 if outcome.winner == closer else -1
                points.append(0 if outcome.winner is None else sign * outcome.game_points)
            game[variant] = points
        games.append(game)
        print(f"close {number}: tree {game['tree']}, listed {game['listed']}", flush=True)
    return games


def failed_games(path: str) -> list[tuple[int, int]]:
    """(deal, A's seat) of the games of a league partial file in which A closed and lost."""
    games = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            result = json.loads(line)
            for g, (points, closer) in enumerate(zip(result["points"], result["closers"], strict=False)):
                if closer == "a" and points < 0:
                    games.append((result["deal"], g + 1))
    return games


class CloseWatcher(Player):
    """``5h`` that asks, at each of its decisions where a close is legal, what level 5 would play there."""

    def __init__(self, sees: Player, expert: Player) -> None:
        self.sees, self.expert = sees, expert
        self.records: list[dict[str, Any]] = []
        self.truth: Deal | None = None

    def see(self, deal: Deal) -> None:
        self.truth = deal
        self.sees.see(deal)  # type: ignore[attr-defined]

    def new_match(self, rules: Rules, seat: int) -> None:
        self.sees.new_match(rules, seat)
        self.expert.new_match(rules, seat)

    def choose(self, view: PlayerView) -> Action:
        action = self.sees.choose(view)
        closes = [a for a in (CLOSE, CLOSE_BEFORE_DRAW) if a in view.legal]
        if closes and self.truth is not None:
            other = self.expert.choose(view)
            record: dict[str, Any] = {"sees": str(action), "expert": str(other), "worlds": 0, "fair": None}
            if action in closes or other in closes:
                record["worlds"] = world_count(view, forbidden_cards(view))
                record["fair"] = max(fair_close_share(view, close) for close in closes)
            self.records.append(record)
        return action


def fair_close_share(view: PlayerView, close: Action, seed: int = 0) -> float:
    """The share of the worlds consistent with ``view`` (every one up to :data:`FAIR_WORLDS`, else as many drawn)
    that ``close`` wins, the closer then playing by every world consistent with its view at each decision
    (:meth:`TreePlayer.play_closed`) against a defender who sees every card."""
    search = NativeSearch.create(view.rules)
    assert search is not None
    forbidden = forbidden_cards(view)
    if world_count(view, forbidden) <= FAIR_WORLDS:
        worlds = [world_from(view, hand, list(stock)) for hand, stock in consistent_worlds(view, forbidden)]
    else:
        rng = random.Random(seed)
        worlds = [sample_world(view, rng, forbidden) for _ in range(FAIR_WORLDS)]
    lister = TreePlayer(0, time_limit=None)
    wins = 0
    for world in worlds:
        world.apply(close, view.seat)
        wins += lister._play_closed(search, world, view.seat, view.opponent_known, forbidden, listed=True) > 0
    return wins / len(worlds)


def room(preset: str, count: int, seed: int, expert_time: float) -> list[dict[str, Any]]:
    """The close-legal decisions of ``5h`` against level 5 in ``count`` league deals, as :class:`CloseWatcher`
    records them (each with the deal's index and ``5h``'s game points)."""
    rules = Rules.preset(preset)
    records = []
    for index in range(count):
        deck_seed, seed1, seed2 = deal_seeds(seed, index)
        for sees_seat in (1, 2):
            deal = Deal(shuffled_deck(rules, deck_seed), 2 - index % 2, rules)
            seeds = {1: seed1, 2: seed2}
            watcher = CloseWatcher(build_player("5h", seeds[sees_seat], expert_time), build_player("5", 0, expert_time))
            watcher.see(deal)
            players = {sees_seat: watcher, 3 - sees_seat: build_player("5", seeds[3 - sees_seat], expert_time)}
            for seat, player in players.items():
                player.new_match(rules, seat)
            outcome = play_deal(deal, players)
            points = 0 if outcome.winner is None else outcome.game_points * (1 if outcome.winner == sees_seat else -1)
            records += [{**r, "deal": index, "points": points} for r in watcher.records]
    return records


def room_summary(records: list[dict[str, Any]]) -> dict[str, dict[str, int]]:
    """The decisions counted by who closes, and by the close's fair win share (1, at least 0.9, less, unknown)."""
    summary: dict[str, dict[str, int]] = {}
    for record in records:
        sees, expert = record["sees"] in ("C", "CB"), record["expert"] in ("C", "CB")
        who = "both close" if sees and expert else "5h only" if sees else "level 5 only" if expert else "neither"
        fair = record["fair"]
        share = "unknown" if fair is None else "1" if fair == 1 else ">=0.9" if fair >= 0.9 else "<0.9"
        row = summary.setdefault(who, {})
        row[share] = row.get(share, 0) + 1
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--preset", default="seed66")
    parser.add_argument("--partial", help="a league --partial file of 5:<opponent>")
    parser.add_argument("--duel", type=int, default=0, metavar="N", help="the play after the close alone, N deals")
    parser.add_argument("--room", type=int, default=0, metavar="N", help="5h's closes seen by level 5, N deals")
    parser.add_argument("--again", metavar="PICKLE", help="the closes of a --json run's .pickle played out again")
    parser.add_argument("--seeds", type=int, default=2, help="with --again: play-outs of each close by each closer")
    parser.add_argument("--opponent", default="m", choices=[*sorted(SPARRING), "4", "5"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--expert-time", type=float, default=0.25)
    parser.add_argument("--limit", type=int, default=0, help="only the first N failed games")
    parser.add_argument("--json", help="write every record here")
    args = parser.parse_args(argv)
    if args.room:
        records = room(args.preset, args.room, args.seed, args.expert_time)
        for who, row in sorted(room_summary(records).items()):
            print(f"{who:13} {sum(row.values()):4}  fair win share of the close: {row}")
        if args.json:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(records, handle)
        return 0
    if args.duel or args.again:
        if args.again:
            again = closed_again(args.again, args.seeds, args.expert_time)
            played = [{"tree": t, "listed": x} for g in again for t, x in zip(g["tree"], g["listed"], strict=True)]
        else:
            played = duel(args.preset, args.duel, args.seed, args.expert_time)
        for variant in ("tree", "listed"):
            points = [g[variant] for g in played]
            print(f"{variant}: {len(points)} closes, {sum(p < 0 for p in points)} failed, "
                  f"+{sum(p for p in points if p > 0)} / -{-sum(p for p in points if p < 0)}")  # fmt: skip
        if args.json:
            with open(args.json, "w", encoding="utf-8") as handle:
                json.dump(played, handle)
        return 0
    if not args.partial:
        parser.error("give --partial or --duel")
    games = failed_games(args.partial)
    if args.limit:
        games = games[: args.limit]
    out = []
    counts: dict[str, int] = {}
    for deal_index, a_seat in games:
        game = replay(args.preset, deal_index, a_seat, args.seed, args.opponent, args.expert_time)
        kind = classify(game) if game["closed"] and game["points"] < 0 else None
        kind = kind or ("won" if game["closed"] else "no close")
        game["kind"] = kind
        counts[kind] = counts.get(kind, 0) + 1
        out.append(game)
        close = next((r for r in game["records"] if r["kind"] == "close"), None)
        after = close.get("after", {}) if close else {}
        tree = close.get("tree", {}) if close else {}
        print(
            f"deal {deal_index} seat {a_seat}: {kind}, {game['points']:+d}; after the close: worlds "
            f"{after.get('worlds')}, clairvoyant win share {after.get('any_win')}; tree {tree}",
            flush=True,
        )
    print(counts)
    if args.json:
        with open(args.json + ".pickle", "wb") as binary:
            pickle.dump([game.pop("state") for game in out], binary)
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump(out, handle)
    return 0


if __name__ == "__main__":
    sys.exit(main())
