"""The expert's search: information-set Monte Carlo tree search in the native core.

PIMC (level 4) values every action in sampled worlds as if both sides saw all the
cards. The tree search here (``native/ismcts.c``) grows one tree over what this seat
can tell apart, drawing a world consistent with its view at every iteration, so its
own later choices never depend on cards it cannot see, and the opponent is not
assumed to see ours. New nodes are valued by a quick playout to the end of phase
one and the exact search of the rest. It runs for a CPU-time budget, checked inside
the search, so a decision never overruns it by more than a few iterations.

Worlds are weighted by what the opponent did not do (:class:`OpponentModel`): a
player who leads a king or queen without declaring, or leads without taking the
trump exchange, is less likely to hold the card he would have needed, by how often
this opponent skips such chances, learnt over the match from a range of opponent
types instead of assuming a sound one.

Four options are off by default (issue 27, points 3-4; docs/players.md): ``play_factor`` also
weighs each world by whether the card counter, holding the world's hand then, would have played the
opponent's last card as he did (:func:`play_evidence`), ``hand_keyed`` lets the opponent choose at
his nodes by statistics of his own for the hand he holds in the iteration's world,
``defended_play`` plays after the opponent's close as ``closed_play`` plays after its own, and
``lead_reading`` reads each of his leads late in phase one as a PIMC player's
(:func:`lead_likelihood`) and carries what it says of each card as soft facts.

>>> from sixtysix import Deal, PlayerView
>>> from sixtysix.ai import native
>>> deal = Deal.shuffled(seed=5)
>>> player = TreePlayer(seed=1, iterations=2000)
>>> player.new_match(deal.rules, deal.to_act)
>>> action = player.choose(PlayerView.of(deal, deal.to_act))
>>> action in PlayerView.of(deal, deal.to_act).legal
True
"""

from __future__ import annotations

import dataclasses
import math
import random
import time

from sixtysix.ai.expert import (
    ExpertPlayer,
    decline_events,
    follow_view,
    lead_view,
    opponent_follow,
    opponent_lead,
)
from sixtysix.ai.heuristic import CountingPlayer
from sixtysix.ai.native import NativeSearch, PlayEvidence, TreeResult, TreeSettings, counter_view
from sixtysix.ai.pimc import candidate_actions, obvious_action
from sixtysix.ai.sampling import consistent_worlds, forbidden_cards, sample_world, world_count, world_from
from sixtysix.core.actions import ACTIONS, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, Action, marriage_suit
from sixtysix.core.cards import BIT, Card, CardMask, cards_of
from sixtysix.core.facts import MARRIAGE_CARDS
from sixtysix.core.game import Deal
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player


@dataclasses.dataclass(frozen=True)
class CloseCheck:
    """One close the tree chose, as :meth:`TreePlayer.check_close` judged it."""

    share: float
    """The share of sampled worlds in which the close won, played out by a closer that does not see them."""
    mean: float
    """The close's mean result over those worlds (game points for the closer)."""
    tree: float
    """The tree's mean value of the close."""
    other: float
    """The tree's best mean value of another action."""
    kept: bool


SKIP_RATES = (0.05, 0.5, 0.95)
"""How often each opponent type passes up a marriage or the trump exchange it could take:
a sound player, a careless one, one who ignores them."""
PRIOR = (0.6, 0.3, 0.1)
CLOSE_VIEWS = 16
"""Worlds the simulated closer of :meth:`TreePlayer.check_close` solves at each of its decisions."""
CLOSE_MIN_WORLDS = 8
CLOSE_RESERVE = 0.06
"""CPU seconds of a decision kept from the tree for the close check where a close is legal."""
CLOSED_WORLDS = 3_000
"""At most this many worlds consistent with the closer's view are listed and solved by
:meth:`TreePlayer.play_closed` (more are sampled up to the same number)."""
_LATER_DRAW = 0.35
"""Of an earlier decline, the share of worlds in which he drew the card only afterwards."""
READING_TALON = 6
"""``lead_reading`` reads his leads from this talon down: a world's solve is cheap there (0.2 ms at 6 on
Schnapsen, 1.3 ms at 8, 5 ms at 10, for every candidate action)."""
READING_WORLDS, READING_INNER, READING_BETA = 24, 10, 3.0
"""Worlds read per lead; worlds drawn from his view for each; his softmax's sharpness per game point
(beta 3 read `m`'s leads best: +0.25 nats a lead against +0.05 at beta 1, docs/benchmarks-history.md §3)."""
READING_SHRINK = 2.0
"""Worlds' worth of the mean likelihood added to each card's, so a card seen in few worlds says little."""
READING_DRAWN = 0.25
"""How far a card's reading moves back towards no evidence at each draw since (he may have drawn it)."""


@dataclasses.dataclass
class OpponentModel:
    """How likely the opponent is to skip a declaration or an exchange, learnt over a match.

    Each decline (a king or queen led without its marriage, a lead without the exchange)
    is evidence: a type that skips often explains it whether he held the card or not, a
    sound type only if he did not (``held`` is the chance, from what we saw, that he held
    it). Each exchange or marriage he takes is evidence the other way.

    >>> model = OpponentModel()
    >>> round(model.skip_rate, 2)
    0.28
    >>> for _ in range(8):
    ...     model.observe_decline(held=0.5)
    >>> model.skip_rate > 0.6
    True
    """

    weights: list[float] = dataclasses.field(default_factory=lambda: list(PRIOR))

    @property
    def skip_rate(self) -> float:
        """The expected chance that he skips a chance he has."""
        total = sum(self.weights)
        return sum(w * s for w, s in zip(self.weights, SKIP_RATES, strict=True)) / total

    def observe_decline(self, held: float) -> None:
        """He passed up a chance that he had if he held the card (chance ``held``)."""
        self._update([held * s + (1 - held) for s in SKIP_RATES])

    def observe_take(self) -> None:
        """He took an exchange or a marriage: a type that skips often does so less."""
        self._update([1 - s for s in SKIP_RATES])

    def _update(self, likelihoods: list[float]) -> None:
        self.weights = [w * p for w, p in zip(self.weights, likelihoods, strict=True)]
        total = sum(self.weights)
        self.weights = [w / total for w in self.weights]

    def factors(self, declines: list[tuple[CardMask, int]], tricks: int) -> list[tuple[CardMask, float]]:
        """The (card mask, chance to keep a world whose opponent holds it) of each decline
        (:func:`~sixtysix.ai.expert.decline_events`), ``tricks`` tricks into the deal: a card
        declined before the last draw may have been drawn since."""
        skip = self.skip_rate
        latest: dict[CardMask, int] = {}
        for cards, at in declines:  # a card declined at every lead is one fact, as of the last time
            latest[cards] = max(at, latest.get(cards, at))
        return [(cards, skip if at == tricks else skip + (1 - skip) * _LATER_DRAW) for cards, at in latest.items()]


def play_evidence(
    view: PlayerView, world: Deal, params: tuple[float, ...], leads: bool = True
) -> PlayEvidence | None:  # fmt: skip
    """The opponent's card led to the trick this seat is to follow (unless ``leads`` is false), or played
    to our last lead (:func:`~sixtysix.ai.expert.opponent_lead`, :func:`~sixtysix.ai.expert.opponent_follow`),
    with his view then read from any ``world`` drawn from ``view`` (all but his hand is the same in every world)."""
    lead = opponent_lead(view) if leads else None
    if lead is not None:
        then, card, drew = lead_view(view, world, lead), lead, False
    else:
        follow = opponent_follow(view)
        if follow is None:
            return None
        then, card, drew = follow_view(view, world, follow), follow.card, follow.drew
    pool = then.hand | then.unseen
    # his hand, the cards he has not seen and his legal actions are the world's, put in by the search
    full = counter_view(dataclasses.replace(then, legal=(ACTIONS[card],)))
    proofs = forbidden_cards(dataclasses.replace(then, hand=0)) if then.closer else 0  # of the whole pool
    return PlayEvidence(card, drew, pool, (*full[:10], 0, pool, full[12], proofs, *full[14:]), params)


def opponent_cards(view: PlayerView) -> dict[int, int]:
    """The cards the opponent has shown this deal, each with the number of tricks completed then:
    those he played, the partner of each marriage he declared, and those he still holds in view."""
    shown: dict[int, int] = {}
    tricks = cards_in_trick = 0
    for seat, action in view.history:
        if action.is_card():
            if seat == view.opponent:
                shown.setdefault(int(action), tricks)
            cards_in_trick += 1
            if cards_in_trick == 2:
                tricks, cards_in_trick = tricks + 1, 0
        elif seat == view.opponent and action.is_marriage():
            for card in cards_of(MARRIAGE_CARDS[marriage_suit(action)]):
                shown.setdefault(card, tricks)
    for card in cards_of(view.opponent_known):
        shown.setdefault(card, tricks)
    return shown


def _weight(hand: CardMask, soft: list[tuple[CardMask, float]]) -> float:
    """A world's weight by the opponent model: the chance he keeps each declined card he holds in it."""
    weight = 1.0
    for cards, keep in soft:
        if hand & cards:
            weight *= keep
    return weight


def lead_likelihood(
    search: NativeSearch,
    view: PlayerView,
    world: Deal,
    lead: int,
    rng: random.Random,
    worlds: int = 6,
    beta: float = 1.0,
) -> float:
    """How likely the opponent was to lead ``lead`` (to the trick ``view``'s seat is to follow) holding the
    ``world``'s hand, were he a PIMC player: a softmax (``beta`` per game point) of his actions' mean exact
    values over ``worlds`` worlds drawn from his view then, our hand unseen to him (``lead_reading``; the
    league's ``5pr``, ``bench.reading --model pimc``)."""
    then = lead_view(view, world, lead)
    actions = candidate_actions(then)
    if len(actions) < 2 or ACTIONS[lead] not in actions:
        return 1.0
    hidden = forbidden_cards(then)
    rows = search.worlds_action_values([sample_world(then, rng, hidden) for _ in range(worlds)], actions, view.opponent)
    means = [sum(row[i] for row in rows) / len(rows) for i in range(len(actions))]
    top = max(means)
    odds = [math.exp(beta * (m - top)) for m in means]
    return odds[actions.index(ACTIONS[lead])] / sum(odds)


def card_readings(worlds: list[Deal], likelihoods: list[float], opponent: int) -> dict[Card, float]:
    """Each card's likelihood ratio from a lead read in ``worlds``: the mean likelihood of the worlds
    where he holds it over the mean of all, shrunk towards 1 by ``READING_SHRINK`` worlds (a naive-Bayes
    split of what the lead says of his whole hand, card by card, so the tree can weigh a world by it).

    >>> world = Deal.shuffled(seed=1)
    >>> readings = card_readings([world], [0.5], 1)
    >>> all(ratio == 1.0 for ratio in readings.values()) and len(readings) == world.hands[1].bit_count()
    True
    """
    mean = sum(likelihoods) / len(likelihoods)
    totals: dict[Card, list[float]] = {}
    for world, likelihood in zip(worlds, likelihoods, strict=True):
        for card in cards_of(world.hands[opponent]):
            row = totals.setdefault(card, [0.0, 0.0])
            row[0] += likelihood
            row[1] += 1
    return {
        card: (total + READING_SHRINK * mean) / ((count + READING_SHRINK) * mean) if mean > 0 else 1.0
        for card, (total, count) in totals.items()
    }


class TreePlayer(Player):
    """The expert (level 5): information-set MCTS for ``time_limit`` CPU seconds per decision.

    Where the native core is missing it plays as the pure-Python expert of
    :mod:`sixtysix.ai.expert` does (PIMC with rollouts) for the same time.
    """

    name = "expert"

    def __init__(
        self,
        seed: int | None = 0,
        time_limit: float | None = 1.0,
        iterations: int = 0,
        policy: str = "greedy",
        exploration: float = 1.0,
        leaf: str = "playout",
        close_worlds: int = 0,
        close_share: float = 0.9,
        close_margin: float = 1.0,
        prune: bool = True,
        closed_play: bool = False,
        chance: bool = False,
        play_factor: float = 1.0,
        play_leads: bool = False,
        hand_keyed: bool = False,
        defended_play: bool = False,
        lead_reading: bool = False,
    ) -> None:
        self.rng = random.Random(seed)
        self._seed = seed
        self.time_limit = time_limit
        self.settings = TreeSettings(
            iterations=iterations,
            policy=policy,
            exploration=exploration,
            leaf=leaf,
            prune=prune,  # why: a choice that more iterations cannot change is made at once (issue 27, point 5)
            chance=chance,  # why: a close before the draw was chosen as if the card drawn were seen (issue 27, point 4)
            play_factor=play_factor,
            hand_keyed=hand_keyed,
        )
        # why: the counter misreads the leads of strong players (docs/benchmarks-history.md §3, issue 27 point 3)
        self.play_leads = play_leads
        self.close_worlds = close_worlds
        self.close_share = close_share
        self.close_margin = close_margin
        self.close_checks: list[CloseCheck] = []
        self.closed_play = closed_play
        self.defended_play = defended_play
        self.lead_reading = lead_reading
        self._readings: dict[Card, float] = {}
        self._read_at = -1
        self._tricks_read = 0
        self.model = OpponentModel()
        self._resolved: set[CardMask] = set()
        self._history_seen = 0
        self._search: NativeSearch | None = None
        self._search_rules: Rules | None = None
        self._fallback: ExpertPlayer | None = None
        self._params: tuple[Rules, tuple[float, ...]] | None = None

    def new_match(self, rules: Rules, seat: int) -> None:
        self.model = OpponentModel()
        self.new_deal(None)

    def new_deal(self, view: PlayerView | None) -> None:
        self._resolved = set()
        self._history_seen = 0
        self._readings = {}
        self._read_at = -1
        self._tricks_read = 0

    def choose(self, view: PlayerView) -> Action:
        started = time.thread_time()
        forced = obvious_action(view)
        if forced is not None:
            return forced
        search = self._native(view.rules)
        if search is None:
            return self._pure(view)
        forbidden = forbidden_cards(view)
        if view.unseen == 0 or (view.face_up is None and not view.closer):  # every card placed: search exactly
            world = sample_world(view, self.rng, forbidden)
            actions = candidate_actions(view)
            values = search.action_values(world, actions, view.seat)
            return actions[max(range(len(actions)), key=values.__getitem__)]
        events = decline_events(view)
        self._learn(view, events)
        soft = self.model.factors(events, sum(view.tricks))
        if self.lead_reading:
            soft += self.read_lead(search, view, forbidden)[: 16 - len(soft)]
        if (self.closed_play and view.closer == view.seat) or (self.defended_play and view.closer == view.opponent):
            return self.play_closed(search, view, forbidden, soft)
        settings = self.settings
        checking = self.close_worlds > 0 and (CLOSE in view.legal or CLOSE_BEFORE_DRAW in view.legal)
        deadline = None
        if self.time_limit:  # read now: a host may change it between decisions (66P's go movetime)
            spent = time.thread_time() - started  # what this method spent before the search comes off it
            reserve = min(CLOSE_RESERVE, self.time_limit / 4) if checking else 0.0
            settings = dataclasses.replace(settings, seconds=max(0.001, self.time_limit - spent - reserve))
            deadline = started + self.time_limit
        play = None
        if settings.play_factor < 1.0:
            world = sample_world(view, self.rng, forbidden)
            play = play_evidence(view, world, self._counter_params(view.rules), self.play_leads)
        result = self.search_tree(search, view, settings, forbidden, soft, play)
        best = result.best()
        if checking and best in (CLOSE, CLOSE_BEFORE_DRAW):
            return self.check_close(search, view, result, best, forbidden, deadline)
        return best

    def read_lead(self, search: NativeSearch, view: PlayerView, forbidden: CardMask) -> list[tuple[CardMask, float]]:
        """The soft facts of what his leads said of his cards (``lead_reading``): each lead to a trick we
        follow, from a talon of ``READING_TALON`` down, read in ``READING_WORLDS`` worlds drawn from our view
        (:func:`lead_likelihood`, :func:`card_readings`); the readings multiply over the deal, each drawn
        back towards 1 at every draw since. A fact per unseen card, the strongest first: (its bit, its
        ratio over the highest)."""
        tricks = sum(view.tricks)
        for _ in range(max(0, tricks - self._tricks_read) if view.talon_size and not view.closer else 0):
            self._readings = {c: r + (1 - r) * READING_DRAWN for c, r in self._readings.items()}
        self._tricks_read = tricks
        lead = opponent_lead(view)
        if lead is not None and view.talon_size <= READING_TALON and self._read_at != len(view.history):
            self._read_at = len(view.history)
            worlds = [sample_world(view, self.rng, forbidden) for _ in range(READING_WORLDS)]
            likelihoods = [
                lead_likelihood(search, view, w, lead, self.rng, READING_INNER, READING_BETA) for w in worlds
            ]
            for card, ratio in card_readings(worlds, likelihoods, view.opponent).items():
                self._readings[card] = self._readings.get(card, 1.0) * ratio
        live = {c: r for c, r in self._readings.items() if view.unseen & BIT[c]}
        if not live:
            return []
        top = max(live.values())
        return sorted(((BIT[c], r / top) for c, r in live.items()), key=lambda fact: fact[1])

    def check_close(
        self,
        search: NativeSearch,
        view: PlayerView,
        result: TreeResult,
        close: Action,
        forbidden: CardMask,
        deadline: float | None = None,
    ) -> Action:
        """The close the tree chose, checked by playing it out in ``close_worlds`` sampled worlds.

        The tree values a close by clairvoyant play below it (its new nodes there are exact
        solves of the closed deal), which flatters a close that needs to guess the opponent's
        cards. Here, in each world, the closer plays the closed deal without seeing his hand:
        at each of its decisions the action best on average over ``CLOSE_VIEWS`` worlds drawn
        from its view then, each solved exactly; the opponent plays the world's exact best,
        seeing every card (the closer's pessimistic side). The close is kept if it wins in at
        least ``close_share`` of the worlds, or if its mean result beats the tree's value of its
        best other action by ``close_margin`` game points; else that action is played (a close
        refused now can still be taken at a later lead, with more points in). Worlds stop at ``deadline`` (CPU seconds
        of the thread) once ``CLOSE_MIN_WORLDS`` are in.
        """
        others = {a: s for a, s in result.actions.items() if a not in (CLOSE, CLOSE_BEFORE_DRAW)}
        if not others:
            return close
        other = max(others, key=lambda a: others[a])
        values: list[int] = []
        for _ in range(self.close_worlds):
            if deadline is not None and len(values) >= CLOSE_MIN_WORLDS and time.thread_time() >= deadline:
                break
            world = sample_world(view, self.rng, forbidden)
            world.apply(close, view.seat)
            values.append(self._play_closed(search, world, view.seat, view.opponent_known, forbidden))
        share = sum(v > 0 for v in values) / len(values)
        mean = sum(values) / len(values)
        keep = share >= self.close_share or mean >= others[other][1] + self.close_margin
        self.close_checks.append(CloseCheck(share, mean, result.actions[close][1], others[other][1], keep))
        return close if keep else other

    def play_closed(
        self, search: NativeSearch, view: PlayerView, forbidden: CardMask, soft: list[tuple[CardMask, float]]
    ) -> Action:
        """After its own close: the action that wins the deal in the most worlds consistent with the view.

        Once the talon is closed few cards are unseen, so every world consistent with the view
        (:func:`~sixtysix.ai.sampling.consistent_worlds`, at most :data:`CLOSED_WORLDS`, else as many
        sampled) is solved exactly, each weighted by the opponent model (a card he declined to use is
        less likely in his hand). The action winning the largest weighted share of them is played, ties
        going to the higher mean: a failed close costs more than a win brings, so the closer plays to
        win the deal rather than for the most points.
        """
        actions = candidate_actions(view)
        if world_count(view, forbidden) <= CLOSED_WORLDS:
            listed = list(consistent_worlds(view, forbidden))
            hands = [hand for hand, _ in listed]
            worlds = [world_from(view, hand, list(stock)) for hand, stock in listed]
        else:
            worlds = [sample_world(view, self.rng, forbidden) for _ in range(CLOSED_WORLDS)]
            hands = [world.hands[view.opponent] for world in worlds]
        rows = search.worlds_action_values(worlds, actions, view.seat)
        weights = [_weight(hand, soft) for hand in hands]
        wins = [sum(w for w, row in zip(weights, rows, strict=True) if row[i] > 0) for i in range(len(actions))]
        means = [sum(w * row[i] for w, row in zip(weights, rows, strict=True)) for i in range(len(actions))]
        return actions[max(range(len(actions)), key=lambda i: (round(wins[i], 9), means[i]))]

    def _play_closed(
        self, search: NativeSearch, deal: Deal, closer: int, known: CardMask, forbidden: CardMask, listed: bool = False
    ) -> int:
        """The game points for ``closer`` of the ``deal`` played out: the closer by the exact values
        averaged over worlds drawn from its view (with the opponent's cards it ``known`` and those it knew
        him to lack at the start), or with ``listed`` by :meth:`play_closed` over every such world (exactly
        once every card is placed); the opponent by the true deal's exact values."""
        while deal.outcome is None:
            seat = deal.seat_to_ask
            assert seat is not None
            view = PlayerView.of(deal, seat)
            action = obvious_action(view)
            if action is None:
                actions = candidate_actions(view)
                hidden = view.unseen and not (view.face_up is None and not view.closer)
                if seat == closer and (hidden or not listed):
                    # a world has no history: what the closer knew at the start is put back into its view
                    view = dataclasses.replace(view, opponent_known=view.opponent_known | known & deal.hands[3 - seat])
                    lacking = (forbidden_cards(view) | forbidden) & ~view.opponent_known
                    if listed:
                        deal.apply(self.play_closed(search, view, lacking, []), seat)
                        continue
                    worlds = [sample_world(view, self.rng, lacking) for _ in range(CLOSE_VIEWS)]
                    rows = search.worlds_action_values(worlds, actions, seat)
                    totals = [sum(row[i] for row in rows) for i in range(len(actions))]
                else:
                    totals = search.action_values(deal, actions, seat)
                action = actions[max(range(len(actions)), key=totals.__getitem__)]
            deal.apply(action, seat)
        outcome = deal.outcome
        if outcome.winner is None:
            return 0
        return outcome.game_points if outcome.winner == closer else -outcome.game_points

    def search_tree(
        self,
        search: NativeSearch,
        view: PlayerView,
        settings: TreeSettings,
        forbidden: CardMask,
        soft: list[tuple[CardMask, float]],
        play: PlayEvidence | None = None,
    ) -> TreeResult:
        """The tree search of one decision (a benchmark's clairvoyant twin searches the true deal here)."""
        return search.tree_search(view, settings, self.rng.getrandbits(63), forbidden, soft, play=play)

    def _counter_params(self, rules: Rules) -> tuple[float, ...]:
        if self._params is None or self._params[0] is not rules:
            self._params = (rules, CountingPlayer(0, jitter=False).native_params(rules))
        return self._params[1]

    def _native(self, rules: Rules) -> NativeSearch | None:
        if self._search_rules != rules:
            self._search = NativeSearch.create(rules)
            self._search_rules = rules
        return self._search

    def _learn(self, view: PlayerView, events: list[tuple[CardMask, int]]) -> None:
        """Weigh what the opponent did as evidence about his type: each exchange or marriage he
        took, and each card he passed up once we learn whether he held it then."""
        if len(view.history) < self._history_seen:  # a new deal (also where no one called new_deal)
            self.new_deal(view)
        for seat, action in view.history[self._history_seen :]:
            if seat == view.opponent and (action == EXCHANGE or action.is_marriage()):
                self.model.observe_take()
        self._history_seen = len(view.history)
        shown = opponent_cards(view)
        others = view.rules.hand_size - 1
        declined: dict[CardMask, list[int]] = {}
        for cards, declined_at in events:
            declined.setdefault(cards, []).append(declined_at)
        for cards, times in declined.items():
            card = cards.bit_length() - 1
            if cards in self._resolved:
                continue
            if card in shown:
                self._resolved.add(cards)
                before = [t for t in times if t <= shown[card]]
                if before:  # he had it at his last decline before he showed it, unless he drew it since
                    self.model.observe_decline(others / (others + shown[card] - max(before)))
                elif cards & view.opponent_known:  # shown before and still held: he surely skipped
                    self.model.observe_decline(1.0)
            elif not cards & view.unseen:  # it turned up elsewhere: he did not hold it
                self._resolved.add(cards)

    def _pure(self, view: PlayerView) -> Action:
        if self._fallback is None:
            self._fallback = ExpertPlayer(self._seed, time_limit=self.time_limit)
        return self._fallback.choose(view)


__all__ = ["CloseCheck", "OpponentModel", "TreePlayer", "card_readings", "lead_likelihood"]
