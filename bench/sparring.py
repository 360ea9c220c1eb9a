"""Sparring partners from outside the expert's family, for the strength league (``bench/league.py``).

Two players that are built the way other Schnapsen programs are built, not the way ours are,
so that the league measures the expert against more than its own relatives:

``m`` / ``m5`` -- :class:`DeterminizedMcts`, a determinized perfect-information Monte-Carlo
    tree search as published Schnapsen programs build it (the description of
    cpatrasciuc/schnapsen-card-game's ``MctsPlayer``, read in ``docs/players.md``; none of
    its code): ``worlds`` worlds consistent with the seat's view are sampled; on each world
    a plain UCT search (C = 1, all cards visible to both sides) runs ``iterations``
    iterations; each action's mean value is averaged over the worlds and the best average is
    played (ties: more visits). The published default budget is 150 worlds x 667 iterations
    (``m``, about 100,000 iterations per decision); ``m5`` is five times that (150 x 3335).
    The search is the native core's tree search (``native/ismcts.c``) run with the world's
    cards all visible, so every world is searched in C: new nodes are valued by a uniformly
    random playout (no false claims) to the end of phase one and the exact value of the rest
    (the published program reaches the same with minimax once a subtree is fully expanded);
    once the talon is exhausted every card is known and the position is solved exactly.
    No opponent model, no inference beyond what the view proves (cards seen, voids).

``g`` -- :class:`GuidePlayer`, a rule-based player written from published strategy advice
    for Schnapsen (the rules of thumb below, each with its source), no search at all.

Both see only their seat's :class:`~sixtysix.PlayerView` and draw every random choice from
their seed, so a game depends only on the seeds.

>>> from sixtysix import Deal, PlayerView, Rules
>>> deal = Deal.shuffled(seed=3, rules=Rules.preset("schnapsen"))
>>> view = PlayerView.of(deal, deal.to_act)
>>> GuidePlayer(seed=1).choose(view) in view.legal
True
>>> DeterminizedMcts(seed=1, worlds=4, iterations=50).choose(view) in view.legal
True
"""

from __future__ import annotations

import logging
import random

from sixtysix.ai.native import POLICIES, NativeSearch
from sixtysix.ai.pimc import candidate_actions, obvious_action
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.core.actions import ACTIONS, CLAIM, CLOSE, DRAW, EXCHANGE, PASS, Action, marriage_suit
from sixtysix.core.cards import ACE, BIT, KING, QUEEN, TEN, Card, cards_of, higher_in_suit, make_card, rank_of, suit_of
from sixtysix.core.facts import beats
from sixtysix.core.rules import Rules
from sixtysix.core.view import PlayerView
from sixtysix.players.base import Player

log = logging.getLogger(__name__)

PUBLISHED_WORLDS = 150
PUBLISHED_ITERATIONS = 667
"""The published default budget: 150 worlds x 667 iterations (100,000 iterations per decision)."""


class DeterminizedMcts(Player):
    """Determinized perfect-information MCTS (PIMC with a UCT search per world), see the module.

    ``worlds`` x ``iterations`` is the budget per decision; ``exploration`` is UCB's C on
    values scaled to [-1, 1] (a deal's game points / 3). Needs the native core.
    """

    name = "determinized-mcts"

    def __init__(
        self,
        seed: int | None = 0,
        worlds: int = PUBLISHED_WORLDS,
        iterations: int = PUBLISHED_ITERATIONS,
        exploration: float = 1.0,
    ) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        self.iterations = iterations
        self.exploration = exploration
        self._search: NativeSearch | None = None
        self._rules: Rules | None = None

    def _native(self, rules: Rules) -> NativeSearch:
        if self._rules != rules or self._search is None:
            search = NativeSearch.create(rules)
            if search is None:
                raise RuntimeError("DeterminizedMcts needs the native core (python native/build.py)")
            self._search, self._rules = search, rules
        return self._search

    def action_scores(self, view: PlayerView) -> dict[Action, tuple[float, int]]:
        """Each action's (mean value over the worlds for this seat, total visits)."""
        search = self._native(view.rules)
        forbidden = forbidden_cards(view)
        worlds = search.sample_worlds(view, self.worlds, self.rng.getrandbits(63), forbidden)
        sums: dict[Action, float] = {}
        counts: dict[Action, int] = {}
        visits: dict[Action, int] = {}
        sign = 1 if view.seat == 1 else -1
        policy = POLICIES.index("true-claims")
        for world in worlds:
            stats, _, _ = search.core.ismcts(
                world, search.session, view.seat, 0, 0, [],
                self.iterations, 0, 0.0, self.rng.getrandbits(63), policy, self.exploration, True,
            )  # fmt: skip
            for action_id, n, total in stats:
                if not n:
                    continue
                action = ACTIONS[action_id]
                sums[action] = sums.get(action, 0.0) + sign * total / n
                counts[action] = counts.get(action, 0) + 1
                visits[action] = visits.get(action, 0) + n
        return {a: (sums[a] / counts[a], visits[a]) for a in sums}

    def choose(self, view: PlayerView) -> Action:
        forced = obvious_action(view)
        if forced is not None:
            return forced
        if view.face_up is None and not view.closer:  # the talon is exhausted: every card is known, solve it
            search = self._native(view.rules)
            world = search.sample_worlds(view, 1, self.rng.getrandbits(63))[0]
            actions = candidate_actions(view)
            values = search.worlds_action_values([world], actions, view.seat)[0]
            return actions[max(range(len(actions)), key=values.__getitem__)]
        scores = self.action_scores(view)
        legal = [a for a in scores if a in view.legal]
        if not legal:  # cannot happen: every world's actions are the view's
            log.warning("no searched action is legal; playing the first candidate")
            return candidate_actions(view)[0]
        return max(legal, key=lambda a: scores[a])


# -- the rule-based player ------------------------------------------------------------

TARGET = 66
"""The points that win a deal (rules.md R-CLAIM-1)."""
TEN_POINTS = 10
"""A trick worth taking at any price: an ace or a ten led."""
KING_QUEEN_POINTS = 3
LOW_TRUMP_POINTS = 2
"""A king or a queen led is worth a low trump (the jack or the nine)."""


class GuidePlayer(Player):
    """A rule-based Schnapsen player written from published strategy advice, no search.

    Sources (their advice restated, none of their text): the "Schnapsen Strategy" blog's
    summary (schnapsenstrategy.blogspot.com, 2010: take the tricks that hold high cards,
    protect a lone ten, close when the hand will reach 66 most of the time), M. Tompa's
    Schnapsen Log (psellos.com, 2012: before closing, count up assuming the opponent gives
    only his lowest cards) and cardgamesplanet.com's strategy page (keep count, keep kings
    and queens for marriages). The rules, in the order they are tried:

    1. Claim as soon as the seat has 66; exchange the trump jack whenever allowed;
       declare a marriage when leading (the trump one first).
    2. Close the talon when its sure winners, each counted with the opponent's lowest
       unseen card, bring it to 66 (Tompa's count).
    3. Leading with the talon open: the cheapest card that is neither a trump, half of a
       marriage, nor a lone ten (a ten whose ace is unseen).
    4. Following with the talon open: win any trick that would bring the opponent to 66;
       take an ace or a ten with a higher card of its suit or the lowest trump, a king or a
       queen with a higher card of its suit or a low trump (jack or nine); take any card
       with a higher card of its suit (not half of a marriage); else throw the cheapest card
       (not a trump, not half of a marriage, not a lone ten).
    5. Talon closed or exhausted: lead the highest sure winner (trumps first), else the
       cheapest card; follow with the lowest card that wins, else the cheapest.
    """

    name = "guide"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        legal = list(view.legal)
        if len(legal) == 1:
            return legal[0]
        if CLAIM in legal and view.score >= TARGET:
            return ACTIONS[CLAIM]
        if EXCHANGE in legal:
            return ACTIONS[EXCHANGE]
        marriages = [a for a in legal if a.is_marriage()]
        if marriages:
            return max(marriages, key=lambda a: (marriage_suit(a) == view.trump, int(a)))
        if CLOSE in legal and self._can_count_out(view):
            return ACTIONS[CLOSE]
        cards = [int(a) for a in legal if a.is_card()]
        if not cards:  # before a draw: draw (a close was weighed above)
            return next((a for a in legal if a in (DRAW, PASS)), legal[0])
        card = self._lead(view, cards) if view.led is None else self._follow(view, cards, view.led)
        return Action.play(card)

    # -- what the seat can tell about its cards

    def _cost(self, view: PlayerView, card: Card) -> tuple[int, int, int]:
        """What giving the card away costs: trumps, then marriage halves and lone tens, then points."""
        keep = 0
        if suit_of(card) == view.trump:
            keep = 2
        elif self._in_marriage(view, card) or self._lone_ten(view, card):
            keep = 1
        return keep, view.rules.points[card], card

    def _in_marriage(self, view: PlayerView, card: Card) -> bool:
        rank = rank_of(card)
        if rank not in (KING, QUEEN):
            return False
        partner = make_card(QUEEN if rank == KING else KING, suit_of(card))
        return bool(view.hand & BIT[partner])

    def _lone_ten(self, view: PlayerView, card: Card) -> bool:
        return rank_of(card) == TEN and bool(view.unseen & BIT[make_card(ACE, suit_of(card))])

    def _sure(self, view: PlayerView, card: Card) -> bool:
        """No unseen card beats it: the highest of its suit, and a trump or no trump left out."""
        trumps_out = any(suit_of(c) == view.trump for c in cards_of(view.unseen))
        top = not view.unseen & higher_in_suit(card)
        return top and (suit_of(card) == view.trump or not trumps_out)

    def _can_count_out(self, view: PlayerView) -> bool:
        """Whether its sure winners, each with the opponent's lowest unseen card, reach 66."""
        if view.score == 0:  # a pending marriage scores only with a trick
            return False
        points = view.rules.points
        lowest = min((points[c] for c in cards_of(view.unseen)), default=0)
        sure = sum(points[c] + lowest for c in cards_of(view.hand) if self._sure(view, c))
        return view.score + view.pending + sure >= TARGET

    # -- leading and following

    def _lead(self, view: PlayerView, cards: list[Card]) -> Card:
        if view.phase2:
            winners = [c for c in cards if self._sure(view, c)]
            if winners:
                return max(winners, key=lambda c: (suit_of(c) == view.trump, view.rules.points[c], c))
        return min(cards, key=lambda c: self._cost(view, c))

    def _follow(self, view: PlayerView, cards: list[Card], led: Card) -> Card:
        points = view.rules.points
        winners = [c for c in cards if beats(c, led, view.trump)]
        cheapest = min(cards, key=lambda c: self._cost(view, c))
        if not winners:
            return cheapest
        if view.phase2:
            return min(winners, key=lambda c: (suit_of(c) == view.trump, points[c], c))
        same_suit = [c for c in winners if suit_of(c) == suit_of(led)]
        trumps = [c for c in winners if suit_of(c) == view.trump and suit_of(led) != view.trump]
        if view.opponent_score + points[led] + points[cheapest] >= TARGET:  # he would reach 66: stop him
            return min(winners, key=lambda c: (points[c], c))
        low_trumps = [c for c in trumps if points[c] <= LOW_TRUMP_POINTS]
        if points[led] >= TEN_POINTS or (low_trumps and points[led] >= KING_QUEEN_POINTS):
            if same_suit:
                return min(same_suit, key=lambda c: (points[c], c))
            if trumps and (points[led] >= TEN_POINTS or low_trumps):
                return min(trumps, key=lambda c: (points[c], c))
        takes = [c for c in same_suit if not self._in_marriage(view, c)]
        if takes:
            return min(takes, key=lambda c: (points[c], c))
        return cheapest
