"""The truth of an explanation's sentences, checked claim by claim against the engine (test_explanation_truth.py).

:func:`false_claims` reads an explanation twice: its structured facts (:mod:`sixtysix.ai.explain`),
each recomputed from the view, the real deal, the exact solver or the lines replayed on the
engine; and its words in English, German and French, whose claims are read by their kind
(a count of deals, a share of sampled deals, a card that takes a trick, a marriage that scores
now...) and checked against the same truth. It returns one line per false sentence, so that a
run on older code can count them (it only reads fields a fact had before, or their defaults).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from replayed import Replayed, first_changed, replay_line

from sixtysix.ai.analysis import Analysis, Annotation
from sixtysix.ai.explain import Explanation, LinePair
from sixtysix.ai.sampling import consistent_worlds, world_count, world_from
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, CLOSE, CLOSE_BEFORE_DRAW, EXCHANGE, Action, marriage_suit
from sixtysix.core.cards import BIT, HIGHER, KING, QUEEN, SUIT_MASK, SUIT_OF, cards_of, make_card
from sixtysix.core.facts import DEAL_TARGET, card_points, closer_win_points, exchange_card, last_trick_bonus
from sixtysix.core.game import Deal
from sixtysix.core.view import PlayerView
from sixtysix.present.describe import card_label, value_text
from sixtysix.present.explain import action_text, explanation_text

LANGS = ("en", "de", "fr")
RULE_ID = re.compile(r"\bR-[A-Z0-9]+(?:-[A-Z0-9]+)*\b")
JARGON = {
    "en": re.compile(r"\b(worlds?|rollouts?|ISMCTS|MCTS|PIMC|sample size|samples?|ply|plies|solver|nodes?)\b", re.I),
    "de": re.compile(r"\b(Welt|Welten|Rollouts?|ISMCTS|Stichproben?|Halbz[üu]ge?|Solver)\b", re.I),
    "fr": re.compile(r"\b(mondes?|rollouts?|ISMCTS|échantillons?|demi-coups?|solveur|tirages?)\b", re.I),
}
"""Search words no player should read (``sampled deals`` is a plain description, ``samples`` is not)."""
POLITE_GERMAN = re.compile(r"\b(Sie|Ihnen|Ihr|Ihre|Ihren)\b")
EXACT_RECHECK = 64
"""Exhaustive analyses of at most this many worlds are solved again here, world by world."""


@dataclass
class Case:
    """One explanation to check: the decision's view, the real deal, its analysis, what was compared."""

    view: PlayerView
    deal: Deal | None
    """The real deal at the decision (``None``: not kept, a record's analysis)."""
    analysis: Analysis
    explanation: Explanation
    source: str
    """Where it comes from (``hint``, ``verdict``, ``analyze``, ``puzzle``), for the report."""
    note: Annotation | None = None


class Truth:
    """The false sentences found, one line each, and the explanations checked."""

    def __init__(self) -> None:
        self.checked = 0
        self.false: list[str] = []
        self.sources: dict[str, int] = {}
        self.kinds: dict[str, int] = {}
        """The facts checked, by kind (``WinShare.sampled``: a share of sampled deals; ``Declare.pending``...)."""

    def check(self, case: Case) -> list[str]:
        found = false_claims(case)
        self.checked += 1
        self.sources[case.source] = self.sources.get(case.source, 0) + 1
        for fact in case.explanation.facts:
            kind = type(fact).__name__
            if kind in ("WinShare", "TrumpHeld"):
                kind += ".counted" if case.analysis.exhaustive else ".sampled"
            if kind == "Declare":
                kind += ".now" if getattr(fact, "now", True) else ".pending"
            self.kinds[kind] = self.kinds.get(kind, 0) + 1
        self.false += [f"{case.source} {case.view.rules.preset_name}: {line}" for line in found]
        return found


def false_claims(case: Case) -> list[str]:
    """Every false claim of ``case``'s explanation (empty: every sentence is true)."""
    texts = {lang: explanation_text(case.explanation, lang) for lang in LANGS}
    plain = explanation_text(case.explanation, "en", symbols=False)
    checker = _Checker(case, texts, plain)
    checker.run()
    return [f"{problem} | {texts['en']}" for problem in checker.problems]


class _Checker:
    def __init__(self, case: Case, texts: dict[str, str], plain: str) -> None:
        self.case = case
        self.view = case.view
        self.analysis = case.analysis
        self.explanation = case.explanation
        self.texts = texts
        self.en = texts["en"]
        self.plain = plain
        self.problems: list[str] = []
        self._worlds: int | None = None
        self._replayed: list[tuple[Replayed, Replayed, LinePair]] | None = None

    def fail(self, problem: str) -> None:
        self.problems.append(problem)

    # -- the whole text ------------------------------------------------------------------

    def run(self) -> None:
        for lang, text in self.texts.items():
            self.words(lang, text)
        self.head()
        for fact in self.explanation.facts:
            name = type(fact).__name__
            check = getattr(self, f"fact_{name}", None)
            if check is None:
                self.fail(f"no check for {name}")
            else:
                check(fact)
        self.reason()
        self.plus_minus()

    def words(self, lang: str, text: str) -> None:
        rule = RULE_ID.search(text)
        if rule:
            self.fail(f"{lang}: a rule ID ({rule[0]})")
        jargon = JARGON[lang].search(text)
        if jargon:
            self.fail(f"{lang}: search jargon ({jargon[0]!r})")
        if "{" in text or "}" in text:
            self.fail(f"{lang}: a placeholder left")
        if lang == "de":
            if POLITE_GERMAN.search(text):
                self.fail("de: Sie, not du")
            if "fast so gut wie" in text:
                self.fail("de: 'fast so gut wie' (almost as good) said of the better move")
        if lang == "fr":
            for match in re.finditer(r"(.)([:;!?%])", text):
                if match[1] not in "\u00a0\u202f":
                    self.fail(f"fr: no no-break space before {match[2]!r}")
                    break

    # -- the first sentence ----------------------------------------------------------------

    def worlds(self) -> int:
        """How many distinct deals are consistent with the view."""
        if self._worlds is None:
            self._worlds = world_count(self.view)
        return self._worlds

    def exact_values(self, actions: Iterable[Action]) -> list[dict[Action, float]] | None:
        """Every distinct world's exact values of ``actions`` (``None``: too many to solve here again)."""
        if self.worlds() > EXACT_RECHECK:
            return None
        solver = Solver(self.view.rules)
        wanted = list(actions)
        return [
            {
                a: float(v)
                for a, v in solver.action_values(
                    world_from(self.view, o, list(s)), None, wanted, self.view.seat
                ).items()
            }
            for o, s in consistent_worlds(self.view)
        ]

    def head(self) -> None:
        shares: list[Any] = [f for f in self.explanation.facts if type(f).__name__ == "WinShare"]
        plain = self.plain
        first = plain.split(". ")[0]
        counts = re.findall(r"wins in (\d+) of (?:the )?(\d+)", first)
        every = re.search(r"[Ii]n every one of the (\d+) deals", first)
        most = re.search(r"at least as well as [^:]+? in (\d+) of the (\d+) deals consistent", first)
        if counts or every or most:
            self.count_claims(shares, counts, every, most)
        percents = re.findall(r"about (\d+)%", first)
        for share, said in zip(shares, percents, strict=False):
            table = round(100 * self.analysis[share.action].win_chance)
            if int(said) != table:
                self.fail(f"{share.action} wins in about {said}% said, the table says {table}%")
        said_points = re.findall(r"[+-]\d+\.\d\d", first)
        if "both bring" in first:
            said_points *= 2
        for share, brings in zip(shares, said_points, strict=False):
            shown = value_text(self.analysis[share.action].value)
            if brings != shown:
                self.fail(f"{share.action} brings {brings} said, the table says {shown}")
        if "Every card is known" in plain and self.worlds() != 1:
            self.fail(f"every card said known, {self.worlds()} deals possible")
        if shares and not (counts or every or percents or said_points or "Every card is known" in plain):
            self.fail("the first sentence states no figure of the table")
        for lang, text in self.texts.items():
            for share in shares:
                if action_text(share.action, lang) not in text:
                    self.fail(f"{lang}: {share.action} not named")

    def count_claims(
        self, shares: list[Any], counts: list[Any], every: re.Match[str] | None, most: re.Match[str] | None
    ) -> None:
        """A count of deals: only where every consistent deal was solved, each once, and the count is right."""
        possible = self.worlds()
        if not self.analysis.exhaustive:
            self.fail(f"a count of deals ({counts or every or most}) from sampled deals ({possible} possible)")
        keys = [(s.opponent, s.stock) for s in self.analysis.samples]
        if self.analysis.exhaustive and len(set(keys)) != len(keys):
            self.fail("the deals counted repeat")
        for wins, worlds in counts:
            if int(worlds) > possible:
                self.fail(f"{wins} of {worlds} deals: only {possible} are possible")
        total = int(every[1]) if every else int(most[2]) if most else None
        if total is not None and total != possible:
            self.fail(f"{total} deals said consistent, {possible} are")
        if not shares or not self.analysis.exhaustive:
            return
        exact = self.exact_values(s.action for s in shares)
        if exact is None:  # too many to solve again: the analysis's own exact values, each world once
            exact = [dict(s.values) for s in self.analysis.samples]
        wins = [sum(1 for w in exact if w[s.action] > 0) for s in shares]
        for share, won in zip(shares, wins, strict=True):
            if share.wins != won:
                self.fail(f"{share.action} wins in {share.wins} said, {won} of the {possible} deals under best play")
            if share.worlds != possible:
                self.fail(f"{share.worlds} deals counted, {possible} possible")
        for lang, text in self.texts.items():
            for share in shares:
                if str(share.wins) not in text:
                    self.fail(f"{lang}: the count {share.wins} not in the words")
        if len(shares) == 2 and self.explanation.other is not None:
            best, other = self.explanation.best, self.explanation.other
            at_least = sum(1 for w in exact if w[best] >= w[other])
            if every and at_least != possible:
                self.fail(f"{best} said at least as good in every deal, in {at_least} of {possible}")
            if most and int(most[1]) != at_least:
                self.fail(f"{best} said at least as good in {most[1]} deals, in {at_least}")

    # -- the facts of the view -------------------------------------------------------------

    def fact_WinShare(self, fact: Any) -> None:
        """Checked with the first sentence."""

    def fact_AtLeastAsGood(self, fact: Any) -> None:
        """Checked with the first sentence."""

    def in_words(self, *numbers: object) -> None:
        for lang, text in self.texts.items():
            for number in numbers:
                if str(number) not in text:
                    self.fail(f"{lang}: {number} not in the words")

    def fact_CanClaim(self, fact: Any) -> None:
        points = fact.points
        if not (points == self.view.score >= DEAL_TARGET and CLAIM in self.view.legal):
            self.fail(f"a claim with {points} said to win, {self.view.score} counted")
        self.in_words(points)

    def fact_FalseClaim(self, fact: Any) -> None:
        if (fact.points, fact.pending) != (self.view.score, self.view.pending) or self.view.score >= DEAL_TARGET:
            self.fail(f"{fact} against {self.view.score} counted, {self.view.pending} pending")
        self.in_words(fact.points)

    def fact_PointsNeeded(self, fact: Any) -> None:
        needed = max(0, DEAL_TARGET - self.view.score - self.view.pending)
        if fact.needed != needed:
            self.fail(f"{fact.needed} more points said needed, {needed} are")
        self.in_words(fact.needed)

    def fact_CloseNow(self, fact: Any) -> None:
        self.fact_PointsNeeded(fact)
        if self.explanation.best not in (CLOSE, CLOSE_BEFORE_DRAW):
            self.fail("a reason to close for another move")
        for card in fact.top:
            self.highest(card)

    def highest(self, card: int) -> None:
        if not BIT[card] & self.view.hand or HIGHER[card] & ~(self.view.hand | self.view.played):
            self.fail(f"{card_label(card)} said the highest left of its suit")

    def fact_Declare(self, fact: Any) -> None:
        marriage = fact.marriage
        self.marriage_held(marriage, fact.points)
        world = self.any_world()
        before, pending = world.score[self.view.seat], world.pending[self.view.seat]
        world.apply(marriage, self.view.seat)
        scored = world.score[self.view.seat] - before
        said_now = bool(re.search(r"scores \d+ points now", self.plain)) or getattr(fact, "now", None) is True
        if said_now and scored != fact.points:
            self.fail(
                f"{marriage} said to score {fact.points} now; it is pending ({world.pending[self.view.seat] - pending})"
            )
        if not said_now and scored:
            self.fail(f"{marriage} said pending; it scores {scored} now")
        other = self.explanation.other
        pair = BIT[make_card(KING, marriage_suit(marriage))] | BIT[make_card(QUEEN, marriage_suit(marriage))]
        if fact.breaks != bool(other is not None and other.is_card() and BIT[other] & pair):
            self.fail(f"{other} said to split the pair")
        self.in_words(fact.points)

    def marriage_held(self, marriage: Action, points: int) -> None:
        suit = marriage_suit(marriage)
        pair = BIT[make_card(KING, suit)] | BIT[make_card(QUEEN, suit)]
        if marriage not in self.view.legal or self.view.hand & pair != pair:
            self.fail(f"{marriage} said declarable")
        if points != (40 if suit == self.view.trump else 20):
            self.fail(f"{marriage} said worth {points}")

    def any_world(self) -> Deal:
        """A world consistent with the view (the real deal where it is known)."""
        if self.case.deal is not None:
            return self.case.deal.copy()
        opponent, stock = next(consistent_worlds(self.view))
        return world_from(self.view, opponent, list(stock))

    def fact_Forfeit(self, fact: Any) -> None:
        self.marriage_held(fact.marriage, fact.points)
        if self.view.rules.marriage_in_phase2 or not {CLOSE, CLOSE_BEFORE_DRAW} & set(self.view.legal):
            self.fail("closing said to forfeit a marriage")
        self.in_words(fact.points)

    def fact_Exchange(self, fact: Any) -> None:
        view = self.view
        if not (
            EXCHANGE in view.legal and fact.card == view.face_up and fact.nine == exchange_card(view.rules, view.trump)
        ):
            self.fail(f"{fact} against the table")

    def fact_TopCards(self, fact: Any) -> None:
        for card in fact.cards:
            self.highest(card)
        if fact.trumps != (SUIT_OF[fact.cards[0]] == self.view.trump):
            self.fail("trumps said of another suit")
        if set(fact.out) != set(cards_of(HIGHER[fact.cards[-1]] & self.view.played)):
            self.fail(f"{fact.out} said out")

    def fact_OpponentVoid(self, fact: Any) -> None:
        tricks = self.view.completed_tricks()
        number, suit = fact.trick, fact.suit
        trick = tricks[number - 1] if 0 < number <= len(tricks) else None
        if (
            trick is None
            or SUIT_OF[trick.lead] != suit
            or trick.follower != self.view.opponent
            or SUIT_OF[trick.follow] == suit
        ):
            self.fail(f"he did not follow in trick {number} said")
        if self.case.deal is not None and self.case.deal.hands[self.view.opponent] & SUIT_MASK[suit]:
            self.fail("he is said void in a suit he holds")
        self.in_words(number)

    def fact_TrumpHeld(self, fact: Any) -> None:
        held, worlds, talon = fact.held, fact.worlds, fact.talon
        if talon != self.view.talon_size:
            self.fail(f"{talon} cards said left in the talon")
        counted = re.search(r"holds a trump in (\d+) of (?:the )?(\d+)", self.plain)
        if counted:
            possible = self.worlds()
            if not self.analysis.exhaustive:
                self.fail(
                    f"he holds a trump in {held} of {worlds} deals: a count of sampled deals ({possible} possible)"
                )
            elif worlds != possible or held != sum(
                1 for o, _ in consistent_worlds(self.view) if o & SUIT_MASK[self.view.trump]
            ):
                self.fail(f"he holds a trump in {held} of {worlds} deals: not the count of the {possible} deals")
        else:
            percent = getattr(fact, "percent", None)
            if percent != round(100 * held / max(1, worlds)):
                self.fail(f"he holds a trump in {percent}% said, {held} of {worlds} sampled")
            self.in_words(percent)
        self.in_words(talon)

    def fact_ClosedScore(self, fact: Any) -> None:
        view = self.view
        points, tricks = view.opponent_score, view.tricks[view.opponent - 1]
        won = closer_win_points(view.rules, points, tricks, points, tricks)
        if (fact.points, fact.tricks, fact.game_points) != (
            points,
            tricks,
            won,
        ) or view.rules.closer_win_basis != "at_close":
            self.fail(f"{fact} against the table")
        self.in_words(fact.points, fact.game_points)

    # -- the facts of the lines of play -----------------------------------------------------

    def replayed(self) -> list[tuple[Replayed, Replayed, LinePair]]:
        if self._replayed is None:
            view = self.view
            self._replayed = [
                (replay_line(view, p, p.best), replay_line(view, p, p.other), p) for p in self.explanation.lines
            ]
        return self._replayed

    def lines_distinct(self, worlds: int) -> None:
        pairs = self.explanation.lines
        keys = {(p.sample.opponent, p.sample.stock) for p in pairs}
        if worlds != len(pairs) or len(keys) != len(pairs):
            self.fail(f"{worlds} deals played on said, {len(keys)} distinct of {len(pairs)} played")
        if worlds > self.worlds():
            self.fail(f"{worlds} deals played on, {self.worlds()} possible")

    def counted(self, fact: Any, count: int) -> None:
        if fact.count != count:
            self.fail(f"{type(fact).__name__} in {fact.count} deals said, in {count}")
        self.lines_distinct(fact.worlds)
        if fact.worlds > 1:
            self.in_words(fact.count, fact.worlds)

    def fact_LastTrick(self, fact: Any) -> None:
        me, him = self.view.seat, self.view.opponent
        rows = self.replayed()
        taken = [(b, o, p) for b, o, p in rows if b.last == me and o.last == him]
        said = re.search(r"the last trick and its (\d+) points", self.plain)
        if said:
            closed = [1 for b, o, _ in taken if b.closed or o.closed]
            if int(said[1]) != last_trick_bonus(self.view.rules, False) or closed:
                worth = last_trick_bonus(self.view.rules, bool(closed))
                self.fail(f"the last trick said worth {said[1]} points: {worth} here")
        card = re.search(r"(\S+) takes the last trick", self.plain)
        if card and self.explanation.best.is_card():  # a card said to take the last trick must be in it
            best = int(self.explanation.best)
            for b, _, _ in taken:
                last = b.tricks[-1] if b.tricks else None
                if last is None or best not in last[:2]:
                    self.fail(f"{card[1]} said to take the last trick; it is played in trick 1 of {len(b.tricks)}")
                    break
        # the words of this code count lines where neither closed; older words counted every line
        count = len(taken) if not hasattr(fact, "bonus") else sum(1 for b, o, _ in taken if not (b.closed or o.closed))
        self.counted(fact, count)

    def fact_HisMarriage(self, fact: Any) -> None:
        him = self.view.opponent
        count = sum(1 for b, o, _ in self.replayed() if fact.marriage in o.declared[him] - b.declared[him])
        self.counted(fact, count)
        shown = fact.shown
        if shown is not None and not BIT[shown] & self.view.opponent_known:
            self.fail(f"he is said known to hold {card_label(shown)}")

    def fact_OwnMarriage(self, fact: Any) -> None:
        me = self.view.seat
        count = sum(1 for b, o, _ in self.replayed() if fact.marriage in b.declared[me] - o.declared[me])
        self.counted(fact, count)

    def fact_TakenBy(self, fact: Any) -> None:
        me = self.view.seat
        card, by = fact.card, fact.by
        count = 0
        for b, o, _ in self.replayed():
            if first_changed(b, o, me) == {card, by}:
                count += 1
                trick = next(t for t in o.tricks if {t[0], t[1]} == {card, by})
                if trick[2] == me:
                    self.fail(f"his {card_label(by)} said to take {card_label(card)}; it loses the trick")
        self.counted(fact, count)
        best = self.explanation.best
        if card == self.explanation.other and best.is_card():  # "while the best card would win the trick"
            for b, o, _ in self.replayed():
                if first_changed(b, o, me) == {card, by} and (
                    not b.tricks or int(best) not in b.tricks[0][:2] or b.tricks[0][2] != me
                ):
                    self.fail(f"{card_label(best)} said to win the trick; it does not")
                    break

    def fact_TrickNow(self, fact: Any) -> None:
        """Who takes his lead with each card, and the trick's points, played on the engine (any consistent deal)."""
        me, view = self.view.seat, self.view
        if view.led is None or fact.led != view.led:
            self.fail(f"his {card_label(fact.led)} said led, {view.led} is")
            return
        other = self.explanation.other
        assert other is not None  # why: a TrickNow compares two cards
        answers: list[tuple[int, bool, int]] = [
            (int(self.explanation.best), fact.takes, fact.points),
            (int(other), fact.other_takes, fact.other_points),
        ]
        for card, takes, points in answers:
            world = self.any_world()
            tricks = world.tricks[me]
            world.apply(card, me)
            if (world.tricks[me] > tricks) != takes:
                self.fail(f"{card_label(card)} said to {'take' if takes else 'lose'} the trick; it does not")
            brings = card_points(view.rules, fact.led) + card_points(view.rules, card)
            if not BIT[card] & (world.won[1] | world.won[2]) or brings != points:
                self.fail(f"{card_label(card)}'s trick said worth {points} points, it brings {brings}")
        both = (fact.points, fact.other_points)
        self.in_words(*{"takes": both[:1], "leaves": both[:1], "more": both, "less": both}.get(fact.form, ()))
        for lang, text in self.texts.items():
            if card_label(fact.led, lang=lang) not in text:
                self.fail(f"{lang}: his {card_label(fact.led)} not named")

    def reason(self) -> None:
        """The why gives a reason besides the values: an explanation that calls the other action worse names
        something the engine found (a card that takes the trick, the points needed, a marriage...), not only the
        two actions' win shares or game points."""
        explanation = self.explanation
        if explanation.other is None or explanation.close:
            return
        if all(f.tag == "odds" for f in explanation.facts):
            self.fail("the why only restates the values")

    def fact_Turns(self, fact: Any) -> None:
        me = self.view.seat
        count = sum(1 for b, o, _ in self.replayed() if b.winner == me and o.winner not in (None, me))
        self.counted(fact, count)

    def fact_ClaimAfter(self, fact: Any) -> None:
        me = self.view.seat
        card = fact.card
        count = 0
        for b, _, p in self.replayed():
            if b.claimed_after_first and b.tricks[0][2] == me and p.best.winner == me:
                count += 1
                first = b.tricks[0]
                if card not in first[:2] or first[2] != me or b.score_after_first < DEAL_TARGET:
                    self.fail(f"{card_label(card)} said to take the trick and bring 66; it does not")
        self.counted(fact, count)

    # -- the figures beside the words ---------------------------------------------------------

    def plus_minus(self) -> None:
        """No ± where every world valued gave an action the same value, or the same difference to the best."""
        analysis = self.analysis
        best = analysis.best
        for entry in analysis.actions:
            valued = [s.values[entry.action] for s in analysis.samples if entry.action in s.values]
            shown = value_text(entry.value, entry.margin)
            if len(set(valued)) == 1 and entry.samples == len(valued) and "±" in shown:
                self.fail(f"{entry.action} {shown}: ± where every deal gave {valued[0]:+.2f}")
            if entry.action == best:
                continue
            shared = [s for s in analysis.samples if entry.action in s.values and best in s.values]
            gaps = {s.values[best] - s.values[entry.action] for s in shared}
            shown = value_text(-entry.loss, entry.loss_margin)
            if len(gaps) == 1 and len(shared) == analysis.worlds and "±" in shown:
                self.fail(f"{entry.action} {shown}: ± where every deal gave the same loss")
        note = self.case.note
        if note is not None and "±" in note.describe():
            entry = analysis[note.action]
            shared = [s for s in analysis.samples if note.action in s.values and best in s.values]
            gaps = {s.values[best] - s.values[note.action] for s in shared}
            if note.action != best and len(gaps) == 1 and len(shared) == analysis.worlds:
                self.fail(f"analyze: {note.describe()}: ± where every deal gave the same loss")
            if note.action == best and "may be better" in note.describe():
                rival = analysis.actions[1].action
                gaps = {s.values[best] - s.values[rival] for s in analysis.samples if rival in s.values}
                if len(gaps) == 1 and "±" in note.describe().split("may be better")[1]:
                    self.fail(f"analyze: {note.describe()}: ± where every deal gave the same difference")
