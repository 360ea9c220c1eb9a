"""Why the better action is better: facts the analysis established, true from the player's information.

:func:`explain` turns an :class:`~sixtysix.ai.analysis.Analysis` of one decision
into an :class:`Explanation`: the best action, the action it is compared with (the
one played, or for a hint the runner-up), and a few *facts*, structured values that
:mod:`sixtysix.present.explain` writes as one or two sentences in English, German or
French. Nothing in a fact is invented: each comes either from the player's view (the
cards seen, the scores, the tricks) or from the analysis's sampled worlds, which are
worlds consistent with that view:

* **from the view**: :class:`CanClaim`, :class:`FalseClaim`, :class:`PointsNeeded`,
  :class:`Declare`, :class:`Forfeit`, :class:`Exchange`, :class:`TopCards` (the highest cards left of a
  suit are yours), :class:`OpponentVoid` (his phase-2 play proved a void, R-P2-2), :class:`TrickNow` (answering
  his lead, which card takes the trick and for how many points);

* **from the worlds' values**: :class:`WinShare` (how often an action wins the deal),
  :class:`TrumpHeld` (how often he holds a trump), and :class:`AtLeastAsGood` (in how many
  worlds the best action does at least as well). Where every world consistent with the view
  was listed once and solved exactly (``Analysis.exhaustive``: few worlds, or a puzzle) these
  are counts of distinct deals under best play; where the worlds were sampled, with
  repetition, only their shares are for people (the analysis's own win chance and value, as
  its table shows them), never a count of possible deals;
* **from the lines of play**: in up to :data:`LINE_WORLDS` of the worlds both actions
  are played on as the analysis values them (the card counters while the talon is open,
  the exact solver after), each world once, and the two lines are compared: :class:`LastTrick`
  (the seat takes the last trick after the best action, he after the other, R-LAST-1),
  :class:`HisMarriage` (the other line lets him declare a marriage), :class:`OwnMarriage`
  (only the best line declares yours), :class:`TakenBy` (his answer takes the other card),
  :class:`ClaimAfter` (the best card's trick brings you to 66, R-CLAIM-1); where the lines show none of these,
  :class:`Turns` (the deals the choice turns from a loss into a win).

Every fact has a :attr:`~Fact.tag` that names the kind of reason (``close``,
``last_trick``, ``marriage``...): the teaching positions of the tests check that the
explanation names the reason a teacher would give.

>>> from sixtysix.ai.analysis import Budget, analyze
>>> from sixtysix.core.cards import parse_card as c, parse_cards as cards
>>> from sixtysix.core.game import Deal
>>> from sixtysix.core.outcome import Stage
>>> from sixtysix.core.rules import Rules
>>> deal = Deal.from_position(  # the talon is gone: seat 1 leads with 58 points, the A♠ is out
...     Rules.preset("seed66"), dealer=2, trump_card=c("9d"), hands=(cards("Ts Kh 9c"), cards("Ks Ah Jc")),
...     stock=(), face_up=None, won=(cards("As Qs Ac Tc Ad Td 9d Jd"), cards("Kc Qc Kd Qd Th Qh Jh 9h Js 9s")),
...     scores=(58, 51), pending=(0, 0), tricks=(4, 5), stage=Stage.LEAD, leader=1)
>>> view = deal.view(1)
>>> explanation = explain(view, analyze(view, Budget(worlds=8)), played=c("Kh"))
>>> explanation.best, explanation.tags
(Action.parse('Ts'), ('odds', 'master', 'count'))
>>> explanation.facts[2:]
(TopCards(cards=(25,), trumps=False, out=(24,)), ClaimAfter(card=Action.parse('Ts'), count=1, worlds=1))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, fields
from typing import ClassVar

from sixtysix.ai.analysis import SOLVED_TALON, Analysis, Sample, Verdict
from sixtysix.ai.clock import cpu_deadline, spent
from sixtysix.ai.rollout import Rollouts
from sixtysix.ai.sampling import forbidden_cards
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import (
    ACTIONS,
    CLAIM,
    CLOSE,
    CLOSE_BEFORE_DRAW,
    EXCHANGE,
    IS_CARD,
    Action,
    marriage_suit,
)
from sixtysix.core.cards import BIT, CARD_NAMES, HIGHER, SUIT_MASK, SUIT_OF, Card, cards_of
from sixtysix.core.facts import (
    DEAL_TARGET,
    MARRIAGE_CARDS,
    closer_win_points,
    exchange_card,
    last_trick_bonus,
    marriage_counts_now,
    marriage_value,
    trick_points,
    trick_winner,
    winning_seat,
)
from sixtysix.core.game import Deal
from sixtysix.core.outcome import Stage, Termination
from sixtysix.core.view import PlayerView

LINE_WORLDS = 12
"""Worlds in which the two lines of play are played out and compared (the first shared ones)."""
LINE_SECONDS = 0.25
"""CPU seconds (of the thread, :mod:`sixtysix.ai.clock`) the lines may take at most; they take some 7 ms
on average (the hint's analysis has half a second)."""
MIN_SHARE = 0.25
"""A line fact is named only if it holds in at least this share of the compared worlds (or, where none does, the
most frequent one, with its count: the one change of the lines found)."""
NEAR_TARGET = 30
"""The points still needed are named among the view's facts only when at most this many are missing."""
REASONS = 2
"""Reasons an explanation gives at most, after the win shares."""
CLOSES = (CLOSE, CLOSE_BEFORE_DRAW)


# -- the facts ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Fact:
    """One fact of an explanation; :attr:`tag` names the kind of reason."""

    tag: ClassVar[str] = ""

    def to_json(self) -> dict[str, object]:
        """The fact as JSON: its kind and its fields (actions and cards by name).

        >>> TopCards((25,), False, (24,)).to_json()
        {'fact': 'TopCards', 'tag': 'master', 'cards': ['Ts'], 'trumps': False, 'out': ['As']}
        """
        data: dict[str, object] = {"fact": type(self).__name__, "tag": self.tag}
        for item in fields(self):
            value = getattr(self, item.name)
            data[item.name] = _card_names(value) if item.name in CARD_FIELDS else _token(value)
        return data


CARD_FIELDS = frozenset({"card", "cards", "by", "out", "nine", "shown", "led"})
"""The fields of the facts that hold cards (a card is an ``int``: the name tells it from a count)."""


def _card_names(value: object) -> object:
    if isinstance(value, tuple):
        return [CARD_NAMES[c] for c in value]
    return None if value is None else CARD_NAMES[int(str(value))]


def _token(value: object) -> object:
    return str(value) if isinstance(value, Action) else value


@dataclass(frozen=True)
class WinShare(Fact):
    """``action`` won the deal in ``wins`` of ``worlds`` worlds consistent with the view.

    ``exact``: the worlds are every deal consistent with the view, each listed once and solved
    exactly (an exhaustive analysis): ``wins`` counts distinct deals won under best play. Else the
    worlds were sampled (with repetition): only ``percent``, the analysis's own win chance, is a
    figure for people, never ``wins`` of ``worlds`` as a count of deals.
    """

    tag: ClassVar[str] = "odds"
    action: Action
    wins: int
    worlds: int
    points: float
    """The analysis's value of the action (game points, signed): the mean over the worlds, as its table shows."""
    exact: bool = False
    percent: int = 0
    """The analysis's win chance of the action in whole percent (a tie counts half), as its table shows."""


@dataclass(frozen=True)
class AtLeastAsGood(Fact):
    """The best action does at least as well as the other in ``count`` of the ``worlds`` worlds, which are every
    world consistent with the view (an exhaustive analysis: nothing sampled)."""

    tag: ClassVar[str] = "odds"
    count: int
    worlds: int


@dataclass(frozen=True)
class CanClaim(Fact):
    """The seat has ``points`` counted points (66 or more): a claim wins now (R-CLAIM-1)."""

    tag: ClassVar[str] = "claim"
    points: int


@dataclass(frozen=True)
class FalseClaim(Fact):
    """A claim now is false: only ``points`` counted, ``pending`` marriage points not yet counted (R-MAR-4)."""

    tag: ClassVar[str] = "false_claim"
    points: int
    pending: int


@dataclass(frozen=True)
class PointsNeeded(Fact):
    """The seat has ``points`` counted points and needs ``needed`` more for 66."""

    tag: ClassVar[str] = "count"
    points: int
    needed: int


@dataclass(frozen=True)
class Declare(Fact):
    """Declaring ``marriage`` now is worth ``points``; ``breaks``: the other action plays one of its cards;
    ``now``: the points count at once, else they are pending until the seat wins a trick (R-MAR-4)."""

    tag: ClassVar[str] = "marriage"
    marriage: Action
    points: int
    breaks: bool
    now: bool = True


@dataclass(frozen=True)
class Forfeit(Fact):
    """Closing now forfeits ``marriage`` (worth ``points``), which the seat could declare: no marriages once
    the talon is closed (R-MAR-6)."""

    tag: ClassVar[str] = "marriage"
    marriage: Action
    points: int


@dataclass(frozen=True)
class Exchange(Fact):
    """The exchange takes the face-up ``card`` for the ``nine`` (R-NINE-1)."""

    tag: ClassVar[str] = "exchange"
    card: Card
    nine: Card


@dataclass(frozen=True)
class TopCards(Fact):
    """``cards`` (in the seat's hand) are the highest cards left of their suit, ``trumps`` if it is trump."""

    tag: ClassVar[str] = "master"
    cards: tuple[Card, ...]
    trumps: bool
    out: tuple[Card, ...]
    """The higher cards of the suit already played."""


@dataclass(frozen=True)
class OpponentVoid(Fact):
    """He holds no ``suit``: in trick ``trick`` of phase 2 he did not follow it (R-P2-2)."""

    tag: ClassVar[str] = "void"
    suit: int
    trick: int


@dataclass(frozen=True)
class TrumpHeld(Fact):
    """In ``held`` of ``worlds`` worlds he holds a trump; ``talon`` cards are left to draw. ``exact``: the worlds
    are every deal consistent with the view, each once (counts of distinct deals); else they were sampled and
    only ``percent`` (``held`` of ``worlds`` in whole percent) is a figure for people."""

    tag: ClassVar[str] = "no_close"
    held: int
    worlds: int
    talon: int
    exact: bool = False
    percent: int = 0


@dataclass(frozen=True)
class CloseNow(Fact):
    """Closing: the seat needs ``needed`` more points and holds ``top`` (the highest cards left of their suits)."""

    tag: ClassVar[str] = "close"
    needed: int
    top: tuple[Card, ...]


@dataclass(frozen=True)
class ClosedScore(Fact):
    """He has ``points`` card points and ``tricks`` tricks now: a closer who makes 66 scores ``game_points``
    on them, his situation at the close (``closer_win_basis=at_close``, R-CLOSE-6; the words name no rule)."""

    tag: ClassVar[str] = "close"
    points: int
    tricks: int
    game_points: int


@dataclass(frozen=True)
class LastTrick(Fact):
    """In ``count`` of ``worlds`` compared lines the seat takes the last trick after the best action, he after the
    other, neither line closing the talon: worth ``bonus`` points (10, R-LAST-1; 0 where the last trick decides
    the deal instead, Schnapsen). No card is said to take it: the best action only leads there."""

    tag: ClassVar[str] = "last_trick"
    count: int
    worlds: int
    bonus: int = 10


@dataclass(frozen=True)
class HisMarriage(Fact):
    """In ``count`` of ``worlds`` compared lines the other action lets him declare ``marriage``, the best does not."""

    tag: ClassVar[str] = "his_marriage"
    marriage: Action
    count: int
    worlds: int
    shown: Card | None
    """A card of that marriage he is known to hold (he showed it, or took it in an exchange), if any."""


@dataclass(frozen=True)
class OwnMarriage(Fact):
    """In ``count`` of ``worlds`` compared lines the best declares ``marriage``, the other does not."""

    tag: ClassVar[str] = "marriage"
    marriage: Action
    count: int
    worlds: int


@dataclass(frozen=True)
class TakenBy(Fact):
    """In ``count`` of ``worlds`` compared lines the first trick that changes hands is one where his ``by`` takes
    the seat's ``card`` after the other action (the best line takes the trick of the same number)."""

    tag: ClassVar[str] = "trick"
    card: Card
    by: Card
    count: int
    worlds: int


@dataclass(frozen=True)
class TrickNow(Fact):
    """The seat answers his ``led`` card: whether the best card ``takes`` the trick and what the trick is worth
    (``points``), and the same for the other card (``other_takes``, ``other_points``). Certain: the cards on the
    table and the rule of the trick decide it, in every deal (R-PLAY-2)."""

    tag: ClassVar[str] = "trick"
    led: Card
    takes: bool
    points: int
    other_takes: bool
    other_points: int

    @property
    def form(self) -> str:
        """Which sentence says it: the best card ``takes`` the trick the other loses, ``leaves`` him the trick the
        other would take, takes it for ``more`` points than the other would, ``keeps`` the other card (both take
        it), gives him ``less`` than the other would, or gives it ``either`` way and keeps the other card."""
        if self.takes != self.other_takes:
            return "takes" if self.takes else "leaves"
        if self.takes:
            return "more" if self.points > self.other_points else "keeps"
        return "less" if self.points < self.other_points else "either"


@dataclass(frozen=True)
class Turns(Fact):
    """In ``count`` of ``worlds`` compared lines the seat wins the deal after the best action and he wins it after
    the other: the deals the choice turns (named only where the lines show no more telling change)."""

    tag: ClassVar[str] = "turn"
    count: int
    worlds: int


@dataclass(frozen=True)
class ClaimAfter(Fact):
    """In ``count`` of ``worlds`` compared lines the best card's trick brings the seat to 66 and it claims."""

    tag: ClassVar[str] = "count"
    card: Card
    count: int
    worlds: int


@dataclass(frozen=True)
class Explanation:
    """Why ``best`` is better than ``other``: the win shares first, then at most :data:`REASONS` reasons."""

    seat: int
    best: Action
    other: Action | None
    """The action compared with (the one played, or the runner-up); ``None``: a forced or lone best action."""
    facts: tuple[Fact, ...]
    close: bool = False
    """The analysis could not tell ``other`` to be worse (its verdict is good or uncertain)."""
    lines: tuple[LinePair, ...] = field(default=(), repr=False, compare=False)
    """The compared lines of play the line facts were counted from."""

    @property
    def tags(self) -> tuple[str, ...]:
        """The kinds of the facts, in order, each once."""
        return tuple(dict.fromkeys(f.tag for f in self.facts))

    def to_json(self) -> dict[str, object]:
        return {
            "seat": self.seat,
            "best": str(self.best),
            "other": None if self.other is None else str(self.other),
            "close": self.close,
            "facts": [f.to_json() for f in self.facts],
        }


# -- lines of play --------------------------------------------------------------------------


@dataclass(frozen=True)
class Line:
    """One action played on to the end of the deal in one world: every (seat, action), tricks and result."""

    actions: tuple[tuple[int, Action], ...]
    tricks: tuple[tuple[int, Card, int, Card, int], ...]
    """(leader, lead, follower, follow, winner) of each trick completed on the line."""
    last_trick: int
    """The seat that took the last trick of a deal played out (0: it ended earlier)."""
    termination: Termination | None
    winner: int | None
    closed: bool = False
    """The talon was closed when the line ended (no last-trick bonus, R-CLOSE-4)."""

    def marriages(self, seat: int) -> set[Action]:
        return {a for s, a in self.actions if s == seat and a.is_marriage()}


@dataclass(frozen=True)
class LinePair:
    """The best and the other action's lines in one sampled world."""

    sample: Sample
    best: Line
    other: Line


def play_line(world: Deal, seat: int, action: Action, solver: Solver, rollouts: Rollouts | None) -> Line:
    """``seat`` takes ``action`` in ``world`` (a copy is played), then play goes on as the analysis values it:
    the card counters while they play (``rollouts``: the talon open and longer than the analysis's
    :data:`~sixtysix.ai.analysis.SOLVED_TALON`), the exact solver's choice after."""
    deal = world.copy()
    actions: list[tuple[int, Action]] = []
    tricks: list[tuple[int, Card, int, Card, int]] = []
    last = 0
    mover, move = seat, action
    while True:
        if move.is_card() and deal.stage == Stage.FOLLOW:
            winner = winning_seat(((deal.leader, deal.led), (mover, move)), deal.trump)
            tricks.append((deal.leader, deal.led, mover, move, winner))
        deal.apply(move, mover)
        actions.append((mover, move))
        if tricks and actions[-1][1] == tricks[-1][3] and not deal.hands[1] and not deal.hands[2]:
            last = tricks[-1][4]
        if deal.outcome is not None:
            break
        asked = deal.seat_to_ask
        assert asked is not None
        mover, move = asked, _next_move(deal, asked, solver, rollouts)
    outcome = deal.outcome
    return Line(tuple(actions), tuple(tricks), last, outcome.termination, outcome.winner, deal.closed)


def _next_move(deal: Deal, seat: int, solver: Solver, rollouts: Rollouts | None) -> Action:
    legal = deal.legal_actions(seat)
    if len(legal) == 1:
        return legal[0]
    if rollouts is not None and rollouts.plays(deal):
        return rollouts.players[seat].choose(PlayerView.of(deal, seat))
    values = solver.action_values(deal, None, legal, seat)
    return max(legal, key=lambda a: (values[a], a == CLAIM))  # as the analysis: a claim first among equals


def compare_lines(view: PlayerView, analysis: Analysis, best: Action, other: Action, seed: int = 0) -> list[LinePair]:
    """The two lines in each of the first :data:`LINE_WORLDS` worlds where both actions were valued
    (at most :data:`LINE_SECONDS` seconds; played on by the exact solver where the analysis is exhaustive)."""
    solver = Solver(view.rules)
    # An exhaustive analysis valued every world exactly: its lines are the exact solver's too.
    rollouts = None if view.phase2 or analysis.exhaustive else Rollouts(view.rules, seed, solve_from=SOLVED_TALON)
    deadline = cpu_deadline(LINE_SECONDS)
    pairs = []
    for sample in distinct_samples(shared_samples(analysis, best, other))[:LINE_WORLDS]:
        world = sample.world(view)
        pairs.append(
            LinePair(
                sample,
                play_line(world, view.seat, best, solver, rollouts),
                play_line(world, view.seat, other, solver, rollouts),
            )
        )
        if spent(deadline):
            break
    return pairs


def shared_samples(analysis: Analysis, *actions: Action) -> list[Sample]:
    """The sampled worlds in which every one of ``actions`` was valued."""
    return [s for s in analysis.samples if all(a in s.values for a in actions)]


def distinct_samples(samples: Sequence[Sample]) -> list[Sample]:
    """Each world once (sampled worlds repeat), in the order first drawn: the lines count distinct deals."""
    seen: set[tuple[int, tuple[Card, ...]]] = set()
    kept = []
    for sample in samples:
        key = (sample.opponent, sample.stock)
        if key not in seen:
            seen.add(key)
            kept.append(sample)
    return kept


# -- gathering the facts -----------------------------------------------------------------------


def explain(
    view: PlayerView, analysis: Analysis, played: Action | None = None, lines: bool = True, seed: int = 0
) -> Explanation:
    """Why the analysis's best action is better than ``played`` (or, without it, than the runner-up).

    ``lines``: compare lines of play too (:func:`compare_lines`; the line facts need them).
    """
    best = analysis.best
    other = ACTIONS[played] if played is not None and played != best else _runner_up(analysis)
    if other is None:
        return Explanation(view.seat, best, None, tuple(_lone(view, best)))
    head: list[Fact] = [win_share(analysis, best, other), win_share(analysis, other, best)]
    if analysis.exhaustive and analysis.worlds > 1:
        head.append(at_least_as_good(analysis, best, other))
    pairs = compare_lines(view, analysis, best, other, seed) if lines else []
    reasons = [*_decision_facts(view, analysis, best, other), *_master(view, best)]
    reasons += [*_line_facts(view, best, other, pairs), *_view_facts(view, best, other)]
    if not any(isinstance(f, TakenBy) and f.by == view.led for f in reasons):  # else that trick is named already
        reasons += _trick_now(view, best, other)
    chosen = _distinct(reasons)[:REASONS]
    close = analysis.verdict(other) in (Verdict.GOOD, Verdict.UNCERTAIN)
    return Explanation(view.seat, best, other, tuple(head + chosen), close, tuple(pairs))


def _distinct(facts: list[Fact]) -> list[Fact]:
    """Each fact once; the points needed not again where closing or a claim already names the count."""
    counted = any(isinstance(f, CloseNow | CanClaim | FalseClaim) for f in facts)
    return [f for f in dict.fromkeys(facts) if not (counted and isinstance(f, PointsNeeded))]


def _runner_up(analysis: Analysis) -> Action | None:
    return analysis.actions[1].action if len(analysis.actions) > 1 else None


def _lone(view: PlayerView, best: Action) -> list[Fact]:
    if best == CLAIM and view.score >= DEAL_TARGET:
        return [CanClaim(view.score)]
    return []


def win_share(analysis: Analysis, action: Action, rival: Action) -> WinShare:
    """In how many of the worlds shared with ``rival`` ``action`` won the deal (value above 0), with the
    analysis's own value and win chance of it (what its table shows)."""
    shared = shared_samples(analysis, action, rival)
    wins = sum(1 for s in shared if s.values[action] > 0)
    entry = analysis[action]
    return WinShare(action, wins, len(shared), entry.value, analysis.exhaustive, percent(entry.win_chance))


def percent(share: float) -> int:
    """A share (0 to 1) in whole percent, as the tables round it.

    >>> percent(0.665), percent(1.0)
    (66, 100)
    """
    return round(100 * share)


def at_least_as_good(analysis: Analysis, best: Action, other: Action) -> AtLeastAsGood:
    """In how many of the worlds shared with ``other`` ``best`` did at least as well."""
    shared = shared_samples(analysis, best, other)
    return AtLeastAsGood(sum(1 for s in shared if s.values[best] >= s.values[other]), len(shared))


def trump_held(view: PlayerView, analysis: Analysis) -> TrumpHeld:
    """In how many sampled worlds he holds a trump."""
    trumps = SUIT_MASK[view.trump]
    samples = analysis.samples
    held = sum(1 for s in samples if s.opponent & trumps)
    share = percent(held / len(samples)) if samples else 0
    return TrumpHeld(held, len(samples), view.talon_size, analysis.exhaustive, share)


def top_cards(view: PlayerView, suit: int) -> TopCards | None:
    """The seat's cards that are the highest left of ``suit`` (every higher card played), if any."""
    out = view.played & SUIT_MASK[suit]
    mine = []
    for card in cards_of(SUIT_MASK[suit] & view.rules.pack):  # ace first
        if BIT[card] & view.hand:
            mine.append(card)
        elif not BIT[card] & out:
            break
    if not mine:
        return None
    higher = HIGHER[mine[-1]] & out
    return TopCards(tuple(mine), suit == view.trump, tuple(cards_of(higher)))


def _decision_facts(view: PlayerView, analysis: Analysis, best: Action, other: Action) -> list[Fact]:
    """The facts that belong to the kind of decision: a claim, a marriage, the exchange, closing."""
    facts: list[Fact] = []
    if best == CLAIM and view.score >= DEAL_TARGET:  # a false claim may be the least bad: no reason to word
        facts.append(CanClaim(view.score))
    if other == CLAIM:
        facts.append(FalseClaim(view.score, view.pending))
    if best.is_marriage():
        cards = MARRIAGE_CARDS[marriage_suit(best)]
        breaks = bool(IS_CARD[other] and BIT[other] & cards)
        now = marriage_counts_now(view.rules, view.tricks[view.seat - 1])
        facts.append(Declare(best, marriage_value(best), breaks, now))
    if best == EXCHANGE:
        facts.append(Exchange(view.trump_card, exchange_card(view.rules, view.trump)))
    needed = PointsNeeded(view.score, max(0, DEAL_TARGET - view.score - view.pending))
    if best in CLOSES:
        top = [t for s in range(4) if (t := top_cards(view, s)) is not None]
        facts.append(CloseNow(needed.needed, tuple(c for t in top for c in t.cards)))
        facts += _closed_score(view)
    elif other in CLOSES and analysis.samples:
        facts += [*_forfeited(view), trump_held(view, analysis), needed]
    return facts


def _closed_score(view: PlayerView) -> list[Fact]:
    """What closing now is worth if it succeeds, where he is scored as he stands (Schneider or Schwarz only)."""
    if view.rules.closer_win_basis != "at_close":
        return []
    points, tricks = view.opponent_score, view.tricks[view.opponent - 1]
    won = closer_win_points(view.rules, points, tricks, points, tricks)
    return [ClosedScore(points, tricks, won)] if won > 1 else []


def _forfeited(view: PlayerView) -> list[Fact]:
    """The marriages the seat could declare now and closing would forfeit (no marriages in phase 2, R-MAR-6)."""
    if view.rules.marriage_in_phase2:
        return []
    return [Forfeit(a, marriage_value(a)) for a in view.legal if a.is_marriage()]


def _line_facts(view: PlayerView, best: Action, other: Action, pairs: Sequence[LinePair]) -> list[Fact]:
    """What changes between the two lines, most frequent first, in at least :data:`MIN_SHARE` of them."""
    if not pairs:
        return []
    me, him, worlds = view.seat, view.opponent, len(pairs)
    counted: list[Fact] = []
    last = sum(1 for p in pairs if _last_trick_changes(p, me, him))
    counted.append(LastTrick(last, worlds, last_trick_bonus(view.rules, False)))
    for marriage in sorted({m for p in pairs for m in p.other.marriages(him)}):
        n = sum(1 for p in pairs if marriage in p.other.marriages(him) - p.best.marriages(him))
        known = cards_of(view.opponent_known & MARRIAGE_CARDS[marriage_suit(marriage)])
        counted.append(HisMarriage(marriage, n, worlds, known[0] if known else None))
    for marriage in sorted({m for p in pairs for m in p.best.marriages(me)} - {best}):
        n = sum(1 for p in pairs if marriage in p.best.marriages(me) - p.other.marriages(me))
        counted.append(OwnMarriage(marriage, n, worlds))
    if IS_CARD[best]:
        n = sum(1 for p in pairs if _claims_after_first_trick(p.best, me))
        counted.append(ClaimAfter(best, n, worlds))
    if IS_CARD[best] and IS_CARD[other]:
        counted += _taken_by(pairs, me)
    frequent = [f for f in counted if _count(f) >= MIN_SHARE * worlds]
    if not frequent:  # no change that often: the most frequent one seen, its count said (a reason, not the values)
        frequent = sorted((f for f in counted if _count(f) > 0), key=lambda f: -_count(f))[:1]
    if not frequent:  # none at all: the deals the choice turns from a loss into a win
        turned = sum(1 for p in pairs if p.best.winner == me and p.other.winner == him)
        frequent = [Turns(turned, worlds)] if turned else []
    return sorted(frequent, key=lambda f: -_count(f))


def _last_trick_changes(pair: LinePair, me: int, him: int) -> bool:
    """The seat takes the last trick on the best line, he on the other, and neither closed the talon."""
    lines = (pair.best, pair.other)
    return pair.best.last_trick == me and pair.other.last_trick == him and not any(line.closed for line in lines)


def _count(fact: Fact) -> int:
    return int(getattr(fact, "count", 0))


def _claims_after_first_trick(line: Line, seat: int) -> bool:
    """The seat takes the first trick of the line and claims before it plays another card or declares (a won
    claim: the trick brought the 66, not a marriage after it)."""
    if not line.tricks or line.tricks[0][4] != seat:
        return False
    after = line.actions[line.actions.index((line.tricks[0][2], ACTIONS[line.tricks[0][3]])) + 1 :]
    for who, action in after:
        if action.is_card() or action.is_marriage():
            return False
        if action == CLAIM and who == seat:
            return line.termination is Termination.CLAIM
    return False


def _taken_by(pairs: Sequence[LinePair], me: int) -> list[Fact]:
    """The first trick that changes hands: the best line takes it, the other line's goes to him; the most
    frequent pair of his card and the seat's card in it."""
    takers: dict[tuple[Card, Card], int] = {}
    for p in pairs:
        for mine, other in zip(p.best.tricks, p.other.tricks, strict=False):
            if mine[4] == me and other[4] != me:
                lost = other[1] if other[0] == me else other[3]
                by = other[3] if other[0] == me else other[1]
                takers[(lost, by)] = takers.get((lost, by), 0) + 1
                break
    if not takers:
        return []
    lost, by = max(takers, key=lambda k: (takers[k], -k[0], -k[1]))
    return [TakenBy(lost, by, takers[(lost, by)], len(pairs))]


def _master(view: PlayerView, card: Action) -> list[Fact]:
    """The best card is the highest left of its suit (first among the reasons when it surely takes a trick it leads:
    in phase 2, where he must follow, or a trump)."""
    if not IS_CARD[card] or view.led is not None:
        return []
    top = top_cards(view, SUIT_OF[card])
    if top is None or card not in top.cards or not (view.phase2 or top.trumps):
        return []
    return [top]


def _trick_now(view: PlayerView, best: Action, other: Action) -> list[Fact]:
    """Where the seat answers his lead with one card or the other: who takes the trick with each, and its points."""
    if view.led is None or not (IS_CARD[best] and IS_CARD[other]):
        return []
    led = view.led
    takes, other_takes = (trick_winner((led, card), view.trump) == 1 for card in (best, other))
    points, other_points = (trick_points(view.rules, (led, card)) for card in (best, other))
    return [TrickNow(led, takes, points, other_takes, other_points)]


def _view_facts(view: PlayerView, best: Action, other: Action) -> list[Fact]:
    """Facts of the cards seen: the best card is the highest left, his voids, the cards he showed."""
    facts: list[Fact] = []
    for suit, trick in opponent_voids(view).items():
        if any(IS_CARD[a] and SUIT_OF[a] == suit for a in (best, other)):
            facts.append(OpponentVoid(suit, trick))
    if DEAL_TARGET - NEAR_TARGET <= view.score + view.pending < DEAL_TARGET:
        facts.append(PointsNeeded(view.score, max(0, DEAL_TARGET - view.score - view.pending)))
    return facts


def opponent_voids(view: PlayerView) -> dict[int, int]:
    """The suits his phase-2 play proved he holds none of (R-P2-2), each with the (1-based) trick that proved it.

    A suit counts when some of its cards are unseen and every one of them is ruled out by
    :func:`~sixtysix.ai.sampling.forbidden_cards`; the proving trick is the last one in which he did not follow it
    (phase-2 tricks come last).
    """
    forbidden = forbidden_cards(view)
    voids: dict[int, int] = {}
    for number, trick in enumerate(view.completed_tricks(), start=1):
        suit = SUIT_OF[trick.lead]
        if trick.follower == view.opponent and SUIT_OF[trick.follow] != suit:
            voids[suit] = number
    return {
        s: n for s, n in voids.items() if view.unseen & SUIT_MASK[s] and not view.unseen & SUIT_MASK[s] & ~forbidden
    }
