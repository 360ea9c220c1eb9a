"""Move analysis (sixtysix.ai.analysis) and ``sixtysix analyze``."""

from __future__ import annotations

import random
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sixtysix import Action, Deal, Match, PlayerView
from sixtysix.ai.analysis import (
    BLUNDER,
    INACCURACY,
    MIN_WORLDS,
    MISTAKE,
    Annotation,
    Budget,
    Classification,
    Verdict,
    analyze,
    analyze_record,
    annotated_text,
    classify,
    hint,
    judge,
    record_choices,
    summarize,
    with_error,
)
from sixtysix.ai.sampling import consistent_worlds, world_count, world_from
from sixtysix.ai.solver import Solver
from sixtysix.core.actions import CLAIM, DRAW, EXCHANGE, PASS
from sixtysix.core.errors import RecordError
from sixtysix.core.record import Record, replay
from sixtysix.players.base import Player, RandomPlayer, play_deal

# Seat 1 leads the last three tricks (talon exhausted, hearts trumps, 46-41): Kd or Ks
# win the deal (+1), Kh loses it (-1); a claim with 46 loses 2.
EXHAUSTED = """[Format "66R 1"]
[Rules "seed66"]

deal dealer=2 deck="Js Th Qd Qs As Jd Jc Ah Ad Qc 9s 9c Qh Kc 9h Tc Td Kh Ac Jh Ks 9d Kd Ts"
1:Qs 2:9c
1:Js 2:9s
1:Jd 2:Jc
1:Kc 2:Ac
2:Ah 1:Qd
2:Jh 1:Tc
2:Qc 1:Qh
1:Th 2:9h
1:As 2:Ts
"""

# Seat 1 has 71 points and four tricks, seat 2 none: claiming now wins 3 game points.
CLAIM_NOW = """[Format "66R 1"]
[Rules "seed66"]

deal dealer=2 deck="Kd Kc 9s Qh Th Qc Jc As Tc Js Ks Ac Ah 9d Kh Td Jd 9c Jh Ad 9h Qd Qs Ts"
1:Qh 2:Js
1:Th 2:Tc
1:Td 2:Jc
1:20c 1:Qc 2:As
"""

EXAMPLE = """[Format "66R 1"]
[Rules "seed66"]
[Seat1 "Alice"]
[Seat2 "Bob"]

deal dealer=2 deck="Kh Qh Ah 9s Js Tc Ac Kc Qc Jc 9c Td Ts As Ks Qs Ad Kd Qd Jd 9d Th Jh 9h"
1:20h 1:Kh 2:Ac
1:X 1:Ah 2:Ks
2:20c 2:Qc 1:Tc
1:C 1:As 2:Qs
1:Ts 2:9c
1:66
"""

A = Action.parse
QUICK = Budget(worlds=2)


def view_at(text: str, seat: int | None = None) -> PlayerView:
    deal = replay(text).match.current
    assert deal is not None
    acting = seat or deal.window or deal.to_act
    assert acting is not None
    return PlayerView.of(deal, acting)


# -- one decision ----------------------------------------------------------------------------


def test_exhausted_talon_exact_values() -> None:
    view = view_at(EXHAUSTED)
    assert view.seat == 1 and view.talon_size == 0
    analysis = analyze(view, Budget(worlds=8))
    assert analysis.exact and analysis.worlds == 1  # one world is possible: searched once
    assert analysis.best in (A("Kd"), A("Ks"))
    assert analysis.best_value == 1.0
    assert analysis.value(A("Kd")) == analysis.value(A("Ks")) == 1.0
    assert analysis.value(A("Kh")) == -1.0
    assert analysis.value(A("66")) == -2.0
    assert analysis[A("Kd")].win_chance == 1.0 and analysis[A("Kh")].win_chance == 0.0
    assert analysis.loss(A("Kh")) == 2.0 and analysis.classify(A("Kh")) is Classification.BLUNDER
    assert analysis.loss(analysis.best) == 0.0 and analysis.classify(analysis.best) is None
    # The same values as the exact solver on the real deal.
    deal = replay(EXHAUSTED).match.current
    assert deal is not None
    truth = Solver(deal.rules).action_values(deal)
    assert {e.action: e.value for e in analysis.actions} == {a: float(v) for a, v in truth.items()}


def test_claiming_is_best_when_it_wins_most() -> None:
    view = view_at(CLAIM_NOW)
    assert view.score >= 66 and CLAIM in view.legal
    analysis = analyze(view, Budget(worlds=8))
    assert analysis.best == CLAIM
    assert analysis.best_value == 3.0  # exact in every world: the opponent has no trick
    assert analysis[CLAIM].win_chance == 1.0
    assert all(e.value < 3.0 for e in analysis.actions if e.action < 32)


def test_estimates_are_kept_to_what_can_be_won() -> None:
    # Seat 1 has 48 points, seat 2 35 and a trick: 1 game point is all there is to win, and
    # closing before the draw wins it. The heuristic alone says +1.57 for drawing.
    view = view_at(EXAMPLE.split("1:C 1:As")[0])
    assert (view.score, view.opponent_score, view.talon_size) == (48, 35, 8)
    analysis = analyze(view, Budget(worlds=8))
    assert analysis.value(A("CB")) == 1.0
    assert all(e.value <= 1.0 for e in analysis.actions)
    assert analysis.classify(A("CB")) is None


def test_win_chances_samples_and_order() -> None:
    match = Match()
    deal = match.new_deal(seed=11)
    view = PlayerView.of(deal, deal.to_act or 1)
    analysis = analyze(view, Budget(worlds=5))
    assert {e.action for e in analysis.actions} == set(view.legal)
    assert analysis.worlds == 5 and not analysis.exact
    for entry in analysis.actions:
        assert entry.samples == 5
        assert 0.0 <= entry.win_chance <= 1.0
        assert (entry.win_chance * 10) % 1 == 0  # wins out of 5, halves for an even value
        assert -3.0 <= entry.value <= 3.0
    values = [e.value for e in analysis.actions]
    assert values == sorted(values, reverse=True)
    assert analysis.best == analysis.actions[0].action
    # Deterministic for a seed and a world count.
    again = analyze(view, Budget(worlds=5))
    assert again.actions == analysis.actions


def test_forced_decision() -> None:
    view = view_at(EXHAUSTED + "1:Kd 2:Ad\n2:Td\n")  # seat 1 has no diamond: he must trump with Kh
    assert [str(a) for a in view.legal] == ["Kh"]
    analysis = analyze(view, QUICK)
    assert analysis.forced and analysis.best == A("Kh") and analysis.loss(A("Kh")) == 0.0
    assert analysis.exact and analysis.worlds == 1


def test_draw_and_window_decisions() -> None:
    # Right after a phase-1 trick: CB, 66 or draw.
    view = view_at(EXAMPLE.split("1:X")[0])
    assert {str(a) for a in view.legal} == {"CB", "66", "draw"}
    analysis = analyze(view, QUICK)
    assert {e.action for e in analysis.actions} == {A("CB"), A("66"), DRAW}
    assert analysis.classify(CLAIM) is Classification.BLUNDER  # a claim with 35 points
    # The exchange window of the player not on lead: X or pass, while the leader is to act.
    view = window_view()
    assert set(view.legal) == {EXCHANGE, PASS}
    analysis = analyze(view, QUICK)
    assert {e.action for e in analysis.actions} == {EXCHANGE, PASS}
    assert all(e.samples == 2 for e in analysis.actions)


def window_view() -> PlayerView:
    rng = random.Random(3)
    for seed in range(100):
        deal = Match().new_deal(seed=seed)
        while not deal.is_over:
            if deal.window:
                return PlayerView.of(deal, deal.window)
            legal = [a for a in deal.legal_actions() if a != CLAIM] or deal.legal_actions()
            deal.apply(rng.choice(legal))
    raise AssertionError("no exchange window found")


def test_time_budget_and_hint() -> None:
    """The budgets are CPU time of the analysing thread: kept whatever the load (wall time is not)."""
    deal = Match().new_deal(seed=5)
    view = PlayerView.of(deal, deal.to_act or 1)
    started = time.thread_time()
    analysis = analyze(view, Budget(seconds=0.2))
    assert analysis.worlds >= 1
    assert time.thread_time() - started < 2  # generous: the benchmarks measure speed
    started = time.thread_time()
    quick = hint(view)
    assert time.thread_time() - started < 2
    assert quick.worlds >= 1 and quick.best in view.legal


# -- the uncertainty -------------------------------------------------------------------------


def false_claim() -> tuple[PlayerView, Action]:
    """A decision of a record of random play where seat 1 claimed with too few points (a loss of 2 or more)."""
    record = random_deal_record(4)
    choice = record_choices(record)[-1]
    assert choice.action == CLAIM and choice.view.score < 66
    return choice.view, choice.action


def test_a_false_claim_is_a_blunder_in_every_seed() -> None:
    view, claim = false_claim()
    for seed in range(5):
        analysis = analyze(view, Budget(seed=seed), played=claim)  # the default budget
        assert analysis.verdict(claim) is Verdict.BLUNDER, seed
        entry = analysis[claim]
        assert entry.loss_low >= BLUNDER and entry.loss - 2 * entry.loss_se == pytest.approx(entry.loss_low, abs=0.3)
        assert analysis.settled and analysis.seconds < 4  # clear at once: the budget is not used up


def test_values_stay_within_what_each_action_brought() -> None:
    # A false claim at the first lead costs exactly 2 game points in every world; leaving the
    # race early must not make it -2.04, nor closing worse than -3, nor add an error to a constant.
    for seed in range(6):
        deal = Match().new_deal(seed=seed)
        view = PlayerView.of(deal, deal.to_act or 1)
        assert CLAIM in view.legal and view.score == 0
        analysis = analyze(view, Budget(worlds=60, seed=seed))
        claim = analysis[CLAIM]
        assert claim.value == -2.0 and claim.se == 0.0 and claim.margin == 0.0, seed
        assert claim.verdict in (Verdict.MISTAKE, Verdict.BLUNDER)
        for entry in analysis.actions:
            assert -3.0 <= entry.value <= 3.0, (seed, entry)
            assert entry.loss == pytest.approx(analysis.best_value - entry.value)


def test_an_equal_choice_is_never_a_fault() -> None:
    # After 1:20h 1:Kh 2:Ac seat 1 may exchange (X) or lead: both win 3 game points in every world.
    view = next(choice.view for choice in record_choices(EXAMPLE) if choice.action == EXCHANGE)
    assert EXCHANGE in view.legal and not view.phase2
    for seed in range(5):
        analysis = analyze(view, Budget(seed=seed, worlds=400), played=EXCHANGE)
        assert analysis.value(EXCHANGE) == analysis.best_value == 3.0
        assert analysis.verdict(EXCHANGE) is Verdict.GOOD and analysis.loss(EXCHANGE) == 0.0
        assert analysis.settled and analysis.worlds < 400  # settled once the errors allow it


def test_standard_errors_shrink_with_the_budget() -> None:
    deal = Match().new_deal(seed=7)
    view = PlayerView.of(deal, deal.to_act or 1)
    small = analyze(view, Budget(worlds=40, seed=1))
    large = analyze(view, Budget(worlds=640, seed=1))
    assert small.worlds == 40 and large.worlds == 640  # no single contender left: the budget is used
    assert large.actions[0].se < small.actions[0].se / 2  # about 1/4: the square root of 16 times the worlds
    runner_up = large.actions[1]
    assert 0 < runner_up.loss_se < small[runner_up.action].loss_se
    for entry in large.actions:
        assert entry.loss_low <= entry.loss <= entry.loss_high
        assert entry.verdict is judge(entry.loss_low, entry.loss_high)


def test_the_best_actions_loss_carries_the_error_of_its_closest_rival() -> None:
    # The best action's loss is 0 by the worlds seen, not surely: its error is that of its difference to the rival
    # that comes closest, so that its interval holds what another seed finds (not 0 ± 0).
    deal = Match().new_deal(seed=7)
    view = PlayerView.of(deal, deal.to_act or 1)
    analysis = analyze(view, Budget(worlds=200, seed=1))
    best = analysis.actions[0]
    rivals = {}  # each rival's difference to the best over the worlds they shared: (top of its interval, its error)
    for rival in analysis.actions[1:]:
        gaps = [s.values[rival.action] - s.values[best.action] for s in analysis.samples if rival.action in s.values]
        error = statistics.stdev(gaps) / len(gaps) ** 0.5
        rivals[rival.action] = (statistics.fmean(gaps) + 2 * error, error)
    closest = max(rivals.values())
    assert best.loss == 0.0 and best.loss_se > 0 and best.loss_margin == 2 * best.loss_se
    assert best.loss_se == pytest.approx(closest[1])


def test_a_hint_stops_once_one_action_is_left() -> None:
    # Claiming wins 3 in every world; drawing or closing first and claiming then, no more.
    view = view_at(CLAIM_NOW)
    analysis = analyze(view, Budget(worlds=5000))
    assert analysis.best == CLAIM and analysis.settled
    assert analysis.worlds == MIN_WORLDS  # the others are no better: dropped at the first look, and done
    assert all(e.value == 3.0 and e.verdict.classification is None for e in analysis.actions)


def test_verdicts_by_the_interval() -> None:
    assert judge(0.0, 0.149) is Verdict.GOOD
    assert judge(0.0, 0.15) is Verdict.UNCERTAIN and judge(0.149, 3.0) is Verdict.UNCERTAIN
    assert judge(0.15, 0.5) is Verdict.INACCURACY and judge(0.39, 0.9) is Verdict.INACCURACY
    assert judge(0.4, 0.5) is Verdict.MISTAKE and judge(0.8, 0.9) is Verdict.BLUNDER
    assert [v.symbol for v in Verdict] == ["", "", "?!", "?", "??"]
    assert [v.classification for v in Verdict][:2] == [None, None]
    assert not Verdict.GOOD.flagged and Verdict.UNCERTAIN.flagged and Verdict.BLUNDER.flagged
    assert with_error(-0.4712, 0.052) == "-0.47 ± 0.05" and with_error(2.0, 0.0) == "+2.00"


def test_annotations_show_the_error() -> None:
    view, claim = false_claim()
    note = Annotation(1, 3, 1, claim, analyze(view, Budget(seed=0), played=claim))
    assert re.fullmatch(
        r"1:66 \?\? blunder \(-\d\.\d\d ± 0\.\d\d\): best 1:\S+ .*, played -\d\.00 \(wins 0%\)", note.describe()
    )
    data = note.to_json()
    assert data["verdict"] == "blunder" and data["classification"] == "blunder" and data["loss_se"] > 0
    # An exact analysis says so instead of an error.
    view = view_at(EXHAUSTED)
    exact = Annotation(1, 19, 1, A("Kh"), analyze(view, played=A("Kh")))
    assert exact.describe().startswith("1:Kh ?? blunder (-2.00 exact): best 1:K")


def test_classification_thresholds() -> None:
    assert (INACCURACY, MISTAKE, BLUNDER) == (0.15, 0.4, 0.8)
    assert classify(0.0) is None and classify(0.149) is None
    assert classify(0.15) is Classification.INACCURACY and classify(0.39) is Classification.INACCURACY
    assert classify(0.4) is Classification.MISTAKE and classify(0.79) is Classification.MISTAKE
    assert classify(0.8) is Classification.BLUNDER and classify(3.0) is Classification.BLUNDER
    assert [c.symbol for c in Classification] == ["?!", "?", "??"]


def test_budget_validation() -> None:
    assert Budget().time_limit == 10.0
    assert Budget(worlds=4).time_limit is None
    assert Budget(seconds=0.5, worlds=4).time_limit == 0.5
    for bad in ({"seconds": 0}, {"worlds": 0}):
        with pytest.raises(ValueError):
            Budget(**bad)
    with pytest.raises(ValueError):
        analyze(view_at(EXHAUSTED, seat=2))  # not seat 2's turn


# -- records ----------------------------------------------------------------------------------


def random_deal_record(seed: int) -> Record:
    match = Match()
    play_deal(match.new_deal(seed=seed), {1: RandomPlayer(seed), 2: RandomPlayer(seed + 100)}, match)
    return Record.from_match(match)


def check_annotations(record: Record, annotations: list[Annotation]) -> None:
    for note in annotations:
        assert note.seat in (1, 2)
        assert 1 <= note.position <= len(record.deals[note.deal - 1].actions)
        assert not note.analysis.forced
        assert note.action in note.analysis
        assert note.loss >= 0 and note.best_value >= note.played_value
        assert note.loss == pytest.approx(note.best_value - note.played_value)
        entry = note.analysis[note.action]
        assert note.verdict == judge(entry.loss_low, entry.loss_high)
        assert entry.loss_low <= note.loss + 1e-9 and note.loss <= entry.loss_high + 1e-9
        assert note.classification == note.verdict.classification
        if note.implicit:
            assert note.action in (DRAW, PASS)
        else:
            assert record.deals[note.deal - 1].actions[note.position - 1] == (note.seat, note.action)


def test_analyze_record_of_random_players_flags_blunders() -> None:
    record = random_deal_record(4)
    deal = replay(record).match.deals[0]
    assert deal.outcome is not None and deal.outcome.termination.value == "false_claim"
    annotations = analyze_record(record, budget=Budget(worlds=64))
    check_annotations(record, annotations)
    assert {a.seat for a in annotations} == {1, 2}
    # The false claim ends the deal: its value is exact (the opponent scores 2) and it is a blunder.
    claim = annotations[-1]
    assert claim.action == CLAIM and claim.position == len(record.deals[0].actions)
    assert claim.played_value == -2.0
    assert claim.classification is Classification.BLUNDER
    assert f"{claim.seat}:66 ?? blunder" in annotated_text(record, annotations)
    # The annotated record replays to the same result, and reads back to the canonical text.
    for text in (annotated_text(record, annotations), annotated_text(record, annotations, all_decisions=True)):
        assert replay(text).to_json() == replay(record).to_json()
        assert Record.parse(text).text() == record.text()


class _NoClaimRandom(Player):
    """Random, but never claims or closes: deals run long, with draws and exchange windows."""

    name = "no-claim random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        calm = [a for a in view.legal if a not in (CLAIM, A("C"), A("CB"))]
        return self.rng.choice(calm or list(view.legal))


def test_analyze_record_implicit_decisions_and_seats() -> None:
    match = Match()
    for seed in (1, 2):
        if match.is_over:
            break
        play_deal(match.new_deal(seed=seed), {1: _NoClaimRandom(seed), 2: _NoClaimRandom(seed + 7)}, match)
    record = Record.from_match(match)
    annotations = analyze_record(record, seats=(1,), budget=QUICK)
    check_annotations(record, annotations)
    assert annotations and all(a.seat == 1 for a in annotations)
    assert {a.deal for a in annotations} == {1, 2}
    draws = [a for a in annotations if a.action == DRAW]
    assert draws, "the draw after a phase-1 trick is analysed"
    text = annotated_text(record, annotations, all_decisions=True, budget=QUICK, seats=(1,))
    lines = text.splitlines()
    for note in draws:  # written right after the line of the trick it follows
        comment = f"# {note.describe()}"
        assert comment in lines
        before = lines[: lines.index(comment)]
        last_action_line = next(line for line in reversed(before) if not line.startswith("#"))
        assert not last_action_line.startswith("deal ")
    assert "# sixtysix analysis: at most 2 worlds per decision" in text
    assert "# seat 1: " in text and "# seat 2: " not in text
    assert replay(text).to_json() == replay(record).to_json()
    summary = summarize(annotations, seats=(1,))[1]
    assert summary.decisions == len(annotations)
    assert summary.average_loss == pytest.approx(sum(a.loss for a in annotations) / len(annotations))


def test_analyze_record_implicit_pass() -> None:
    match = Match()
    deal = match.new_deal(seed=26)
    play_deal(deal, {1: _NoClaimRandom(26), 2: _NoClaimRandom(33)}, match)
    assert any(action == PASS for _, action in deal.history)  # someone declined the exchange
    record = Record.from_match(match)
    annotations = analyze_record(record, budget=QUICK)
    check_annotations(record, annotations)
    passes = [a for a in annotations if a.action == PASS]
    assert passes
    for note in passes:
        assert {e.action for e in note.analysis.actions} == {EXCHANGE, PASS}
        seat, action = record.deals[0].actions[note.position - 1]  # the leader's action that ended the window
        assert seat != note.seat and action != EXCHANGE
    text = annotated_text(record, annotations, all_decisions=True)
    assert f"# {passes[0].seat}:pass" in text
    assert replay(text).to_json() == replay(record).to_json()


def test_analyze_record_rejects_an_invalid_record() -> None:
    record = Record.parse(EXAMPLE)
    record.deals[0].actions.insert(0, (2, A("Ac")))
    with pytest.raises(RecordError, match="deal 1, action 1"):
        analyze_record(record, budget=QUICK)


# -- the command line ------------------------------------------------------------------------


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    process = subprocess.run(
        [sys.executable, "-m", "sixtysix.cli", *args],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
    )
    assert "Traceback" not in process.stderr, process.stderr
    return process


def test_cli_analyze(tmp_path: Path) -> None:
    path = tmp_path / "game.66r"
    path.write_text(EXAMPLE, encoding="utf-8")
    process = run("analyze", str(path), "--worlds", "2", "--seed", "3")
    assert process.returncode == 0, process.stderr
    out = process.stdout
    assert replay(out).to_json() == replay(EXAMPLE).to_json()
    assert Record.parse(out).text() == EXAMPLE
    assert "# analysis summary" in out
    assert "uncertain: it straddles 0.15" in out
    assert "# seat 1 (Alice): " in out and "# seat 2 (Bob): " in out
    assert "average loss" in out
    # From standard input, deterministic with --worlds and --seed.
    again = run("analyze", "-", "--worlds", "2", "--seed", "3", stdin=EXAMPLE)
    assert again.returncode == 0 and again.stdout == out
    # -o: the record goes to the file, the summary to standard output; --seat.
    target = tmp_path / "annotated.66r"
    process = run("analyze", str(path), "--worlds", "1", "--time", "5", "--seat", "2", "--all", "-o", str(target))
    assert process.returncode == 0, process.stderr
    assert process.stdout.startswith("seat 2 (Bob): ") and "seat 1" not in process.stdout
    written = target.read_text(encoding="utf-8")
    assert replay(written).to_json() == replay(EXAMPLE).to_json()
    assert "# 2:" in written and "# 1:" not in written


def test_cli_analyze_errors(tmp_path: Path) -> None:
    bad = EXAMPLE.replace("1:20h 1:Kh", "1:20h 1:Qs")
    process = run("analyze", "-", "--worlds", "1", stdin=bad)
    expected = run("replay", "-", stdin=bad)
    assert process.returncode == expected.returncode == 2
    assert process.stderr == expected.stderr
    assert process.stderr.startswith("invalid record: deal 1, action 2 ('1:Qs'):")
    assert process.stdout == ""
    missing = run("analyze", str(tmp_path / "missing.66r"))
    assert missing.returncode == 2 and "cannot read" in missing.stderr
    assert run("analyze", "-", "--worlds", "0", stdin=EXAMPLE).returncode == 2  # argparse


SHORT_TALON = (
    "schnapsen dealer=2 cards=TcJsKsTsAdKcKhQdJhJcAhTdAcKdQcQhJdQsAsTh "
    "actions=1:Js,2:Jc,1:Ks,2:Jh,2:20d,2:Qd,1:Ad,1:Qc,2:Ac"
)


def test_a_short_talon_is_judged_exactly_over_its_few_distinct_deals() -> None:
    """Schnapsen, a talon of 2, 6 deals consistent with seat 2's view: every one is solved, none sampled. The
    verdicts are those of the exact means (closing, R-CLOSE-1, loses in every deal: a blunder; the sampled
    analysis used to prefer Kc, which loses a third of a game point), the win shares are of the 6 deals and no
    figure carries a ±."""
    view = Deal.parse_text(SHORT_TALON).view(2)
    analysis = analyze(view, Budget(worlds=40, seed=0), played=Action.parse("Kc"))
    assert analysis.exhaustive and analysis.worlds == world_count(view) == 6
    solver = Solver(view.rules)
    rows = [
        solver.action_values(world_from(view, opponent, list(stock)), None, list(view.legal), view.seat)
        for opponent, stock in consistent_worlds(view)
    ]
    means = {action: sum(row[action] for row in rows) / len(rows) for action in view.legal}
    for entry in analysis.actions:
        assert entry.value == pytest.approx(means[entry.action])
        assert entry.win_chance * 6 == pytest.approx(sum(row[entry.action] > 0 for row in rows))
        assert entry.loss_low == entry.loss_high == pytest.approx(max(means.values()) - means[entry.action])
    close, best, kc = Action.parse("C"), Action.parse("Qs"), Action.parse("Kc")
    assert all(row[close] < max(row.values()) for row in rows)
    assert analysis.best == best
    assert analysis.verdict(best) is Verdict.GOOD
    assert analysis.verdict(kc) is Verdict.INACCURACY
    assert analysis.verdict(close) is Verdict.BLUNDER
    note = Annotation(1, 9, 2, kc, analysis, view)
    assert "±" not in note.describe() and "exact" in note.describe()
