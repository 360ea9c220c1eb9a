"""Analysis benchmark: are the verdicts the same whatever the seed, and does the hint agree with the full analysis?

Run from the repository root, with one process::

    python -m bench.analysis                 # the full run: 20 records, 5 seeds, default budget (~35 min of CPU)
    python -m bench.analysis --quick         # 4 records, 3 seeds (make bench; a few minutes)
    python -m bench.analysis --json out/bench-analysis.json
    python -m bench.analysis --make-records  # deal the records again (bench/records/analysis/)
    python -m bench.analysis --http 5 --think 2  # 5 deals over HTTP on a fresh server: each review from the deal's end
    python -m bench.analysis --speed --records 4  # worlds per CPU second, the counter native and in Python

The records are single deals kept in ``bench/records/analysis/``: ten of expert-level play
(level 5 against level 5, 0.25 s of CPU a decision) and ten of beginner-level play (level 2
against level 2), seven of each under ``seed66`` and three under ``schnapsen``. They are
stored, not dealt at each run, so that the figures of two runs (and of two versions of
the expert) are of the same decisions.

Figures
-------
stability
    Every decision with a choice of both seats (:func:`~sixtysix.ai.analysis.record_choices`)
    is analysed as ``sixtysix analyze`` does (:func:`~sixtysix.ai.analysis.analyze_record`,
    the default budget, ``--budget`` to change it) once per seed. A decision is *stable* when
    every seed gives it the same verdict (good, uncertain, inaccuracy, mistake or blunder;
    uncertain counts as a verdict of its own). The share of stable decisions comes with its
    95 % Wilson interval, overall, for each kind of play, and for the *sampled* decisions alone
    (those with hidden cards: the others are searched exactly once); *uncertain* is the share of
    uncertain verdicts over all the analyses, and *ever uncertain* the share of decisions
    called uncertain by at least one seed.
hint agreement
    At each decision the hint (:func:`~sixtysix.ai.analysis.hint`, 0.45 CPU seconds, seed
    100) names an action; a full analysis (the budget above, the first seed) judges that
    action as if it had been played (when it was played, that analysis is the first seed's
    own). The hint *agrees* when the full analysis rates it best or within the inaccuracy
    threshold: its loss is below 0.15. Also given: the share of hints whose verdict is no
    fault (good or uncertain), and the share that name the full analysis's best.
exact agreement
    Every decision with at most :data:`~sixtysix.ai.analysis.EXACT_WORLDS` consistent deals is
    also solved here deal by deal (:func:`~sixtysix.ai.analysis.solve_all_worlds`): the exact
    verdict is :func:`~sixtysix.ai.analysis.classify` of the played action's loss on the average over
    those deals. *agrees* counts the decisions where every seed's verdict is that one (target 100 %).
    *best or fault* counts the decisions that one seed calls best (no loss) and another a fault (target 0).
review time (``--review``)
    The wall-clock seconds of a deal's review as the web server makes it: every decision its own job in a
    pool of two analysis processes (:func:`sixtysix.web.review.review_decision`, the server's default
    budget :data:`~sixtysix.web.review.REVIEW_SECONDS`), over the records; median and maximum; with the CPU
    seconds of a deal's analyses (the same on any machine; half of it is the time on two idle cores) and the
    machine's load.
review over HTTP (``--http DEALS``)
    A fresh ``sixtysix serve`` (its defaults: two analysis processes, the review's budget, the decisions analysed
    while the deal is played; ``--no-ahead``: not) and one match against level 3 played through the HTTP API
    (:func:`http_times`), the client waiting ``--think`` seconds before each of its actions: for each deal the wall
    seconds from the state that shows it over to the answer of ``GET .../deals/{n}/review``, and the latency of
    the hints asked at every other decision of the client (whose best it plays); median and maximum (the first
    hint apart: it waits for the analysis processes to start), and the machine's load.
coverage
    Over the decisions with sampled worlds (not exact), for every ordered pair of seeds: whether the first
    seed's 95 % interval of the loss (2 standard errors a side) holds the second seed's estimate
    (target 90 to 99 %); also without the pairs where both seeds found the move best (held whatever
    the errors), and for each pair whether the two losses are within 2 standard errors of their
    difference (:func:`coverage`).
cost
    CPU seconds per decision (mean, 95th percentile), the share of analyses that stopped
    before the budget (*settled*) and of exact ones.
speed (``--speed``)
    Worlds per CPU second of :func:`~sixtysix.ai.analysis.analyze` (``--seconds``, default 1, seed 0) on
    the talon-open decisions of the records with sampled worlds: the median over the decisions, once
    with the card counter in the native core (its rollouts and the sampler's model, ``native/counter.c``),
    once with it in Python (``SIXTYSIX_NATIVE_COUNTER=0``; the exact searches native in both), each in
    a process of its own; ``--pure`` adds a run without the native core (``SIXTYSIX_NATIVE=0``).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import logging
import math
import os
import statistics
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.engine import machine
from sixtysix import Match, Rules
from sixtysix.ai.analysis import (
    EXACT_WORLDS,
    INACCURACY,
    Budget,
    Verdict,
    analyze,
    classify,
    hint,
    record_choices,
    solve_all_worlds,
)
from sixtysix.ai.levels import make_player
from sixtysix.ai.sampling import world_count
from sixtysix.core.record import Record, replay
from sixtysix.players.table import play_deal

RECORDS = Path(__file__).resolve().parent / "records" / "analysis"
KINDS = {"expert": 5, "beginner": 2}
"""The kinds of play and the level that plays them."""
PRESETS = ("seed66",) * 7 + ("schnapsen",) * 3
EXPERT_SECONDS = 0.25
"""CPU seconds per decision of the level-5 players of the records."""

_log = logging.getLogger("bench.analysis")


# -- the records -----------------------------------------------------------------------


def make_records(directory: Path = RECORDS) -> list[Path]:
    """Deal and play the records again: for each kind, one deal per preset of :data:`PRESETS`."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for kind, level in KINDS.items():
        for number, preset in enumerate(PRESETS, start=1):
            seed = 1000 * level + number
            match = Match(Rules.preset(preset))
            players = {seat: make_player(level, seed + 10 * seat, EXPERT_SECONDS) for seat in (1, 2)}
            play_deal(match.new_deal(seed=seed), players, match)
            names = [("Event", f"bench.analysis {kind} {number}")]
            names += [(f"Seat{seat}", f"{players[seat].name} (level {level})") for seat in (1, 2)]
            path = directory / f"{kind}-{number:02d}.66r"
            path.write_text(Record.from_match(match, names).text(), encoding="utf-8")
            paths.append(path)
            _log.info("%s: %d actions", path.name, len(match.deals[0].history))
    return paths


def record_paths(count: int, directory: Path = RECORDS) -> list[Path]:
    """``count`` records, taken in turn from each kind (expert-01, beginner-01, expert-02, ...)."""
    by_kind = {kind: sorted(directory.glob(f"{kind}-*.66r")) for kind in KINDS}
    ordered = [path for group in zip(*by_kind.values(), strict=False) for path in group]
    if len(ordered) < count:
        raise SystemExit(f"only {len(ordered)} records in {directory}: run with --make-records")
    return ordered[:count]


# -- one record --------------------------------------------------------------------------


@dataclass
class DecisionRun:
    """One decision of one record, analysed with every seed, and its hint."""

    record: str
    kind: str
    deal: int
    position: int
    seat: int
    action: str
    verdicts: list[str] = field(default_factory=list)
    losses: list[float] = field(default_factory=list)
    errors: list[float] = field(default_factory=list)
    lows: list[float] = field(default_factory=list)
    """The bottom of each seed's stated interval of the loss (against every contender)."""
    highs: list[float] = field(default_factory=list)
    """Its top."""
    bests: list[str] = field(default_factory=list)
    """Each seed's best action."""
    seconds: list[float] = field(default_factory=list)
    worlds: list[int] = field(default_factory=list)
    settled: list[bool] = field(default_factory=list)
    exact: bool = False
    hint: str = ""
    hint_seconds: float = 0.0
    hint_loss: float = 0.0
    """The hint's action's loss in the full analysis."""
    hint_verdict: str = ""
    deals: int = 0
    """Deals consistent with the seat's view (:func:`~sixtysix.ai.sampling.world_count`)."""
    exact_verdict: str = ""
    """The verdict on the average over those deals, where they are at most :data:`EXACT_WORLDS`."""

    @property
    def stable(self) -> bool:
        return len(set(self.verdicts)) == 1


def run_record(path: Path, seeds: Sequence[int], budget: Budget, hints: bool) -> list[DecisionRun]:
    """Every decision of the record at ``path``: analysed once per seed (the action played, and the hint's)."""
    record = Record.parse(path.read_text(encoding="utf-8"))
    kind = path.stem.split("-")[0]
    runs = []
    for choice in record_choices(record):
        run = DecisionRun(path.stem, kind, choice.deal, choice.position, choice.seat, str(choice.action))
        analyses = [
            analyze(choice.view, dataclasses.replace(budget, seed=seed), played=choice.action) for seed in seeds
        ]
        if hints:
            suggested = hint(choice.view, seed=100)
            full = analyses[0]  # the hint's action judged as if played (the same analysis when it was played)
            if suggested.best != choice.action:
                full = analyze(choice.view, dataclasses.replace(budget, seed=seeds[0]), played=suggested.best)
            run.hint, run.hint_seconds = str(suggested.best), suggested.seconds
            run.hint_loss, run.hint_verdict = full[suggested.best].loss, full[suggested.best].verdict.value
        run.deals = world_count(choice.view)
        if run.deals <= EXACT_WORLDS:
            run.exact_verdict = _exact_verdict(choice.view, choice.action)
        for analysis in analyses:
            entry = analysis[choice.action]
            run.verdicts.append(entry.verdict.value)
            run.losses.append(entry.loss)
            run.errors.append(entry.loss_se)
            run.lows.append(entry.loss_low)
            run.highs.append(entry.loss_high)
            run.bests.append(str(analysis.best))
            run.seconds.append(analysis.seconds)
            run.worlds.append(analysis.worlds)
            run.settled.append(analysis.settled)
            run.exact = analysis.exact
        runs.append(run)
    return runs


def _exact_verdict(view: Any, action: Any) -> str:
    """The verdict on ``action`` on the average over every deal consistent with ``view``, each solved."""
    _, rows = solve_all_worlds(view)
    means = [sum(column) / len(rows) for column in zip(*rows, strict=True)]
    loss = max(means) - means[list(view.legal).index(action)]
    fault = classify(loss)
    return fault.value if fault else Verdict.GOOD.value


# -- figures -------------------------------------------------------------------------------


def wilson(successes: int, total: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson interval of a share.

    >>> [round(x, 3) for x in wilson(95, 100)]
    [0.888, 0.978]
    """
    if total == 0:
        return 0.0, 1.0
    p = successes / total
    centre = (p + z * z / (2 * total)) / (1 + z * z / total)
    half = z * math.sqrt(p * (1 - p) / total + z * z / (4 * total * total)) / (1 + z * z / total)
    return centre - half, centre + half


def share(successes: int, total: int) -> dict[str, Any]:
    low, high = wilson(successes, total)
    return {"count": successes, "of": total, "share": successes / total if total else 0.0, "low": low, "high": high}


def stability_figures(runs: Sequence[DecisionRun]) -> dict[str, Any]:
    """The stable share, the uncertain shares and the verdicts, for a set of decisions."""
    verdicts = [v for run in runs for v in run.verdicts]
    flips = Counter(" / ".join(sorted(set(run.verdicts))) for run in runs if not run.stable)
    return {
        "decisions": len(runs),
        "stable": share(sum(run.stable for run in runs), len(runs)),
        "uncertain": len([v for v in verdicts if v == Verdict.UNCERTAIN.value]) / max(1, len(verdicts)),
        "ever_uncertain": share(sum(Verdict.UNCERTAIN.value in run.verdicts for run in runs), len(runs)),
        "verdicts": dict(Counter(verdicts).most_common()),
        "unstable_between": dict(flips.most_common()),
    }


def figures(runs: Sequence[DecisionRun], hints: bool) -> dict[str, Any]:
    seconds = sorted(s for run in runs for s in run.seconds)
    result: dict[str, Any] = {
        "all": stability_figures(runs),
        **{kind: stability_figures([r for r in runs if r.kind == kind]) for kind in KINDS},
        "sampled": stability_figures([r for r in runs if not r.exact]),
        "cpu_per_decision": {
            "mean": statistics.fmean(seconds),
            "p95": seconds[min(len(seconds) - 1, int(0.95 * len(seconds)))],
        },
        "settled": sum(s for run in runs for s in run.settled) / max(1, len(seconds)),
        "exact": sum(run.exact for run in runs) / max(1, len(runs)),
        "worlds_median": statistics.median(w for run in runs for w in run.worlds),
        "exact_agreement": share(
            sum(set(run.verdicts) == {run.exact_verdict} for run in runs if run.exact_verdict),
            sum(bool(run.exact_verdict) for run in runs),
        ),
        "coverage": coverage(runs),
        "best_or_fault": sum(
            any(loss == 0.0 for loss in run.losses) and any(Verdict(v).classification for v in run.verdicts)
            for run in runs
        ),
    }
    if hints:
        faults = {v.value for v in Verdict if v.classification}
        result["hint"] = {
            "agrees": share(sum(run.hint_loss < INACCURACY for run in runs), len(runs)),
            "no_fault": share(sum(run.hint_verdict not in faults for run in runs), len(runs)),
            "names_best": share(sum(run.hint_loss == 0.0 for run in runs), len(runs)),
            "cpu_mean": statistics.fmean(run.hint_seconds for run in runs),
            "cpu_max": max(run.hint_seconds for run in runs),
        }
    return result


def coverage(runs: Sequence[DecisionRun]) -> dict[str, Any]:
    """How honest the stated errors are, over the decisions with sampled worlds (not exact).

    ``held``: the ordered pairs of seeds where the first seed's interval (its loss ± 2 standard errors, as
    people see it) holds the second seed's loss; ``informative``: the same without the pairs where both seeds
    found the move best (both losses 0: held whatever the errors); ``paired``: the unordered
    pairs whose losses differ by at most 2 standard errors of their difference (the two errors combined), what
    honest errors keep in about 95 % of the pairs (a seed's own interval holds another's estimate in only
    about 84 % of them even then: the difference of two estimates has √2 times their error)."""
    held = pairs = informative = informative_held = paired = paired_held = 0
    for run in runs:
        if run.exact_verdict or run.exact:
            continue
        for i, (loss, se) in enumerate(zip(run.losses, run.errors, strict=True)):
            for j, (other, other_se) in enumerate(zip(run.losses, run.errors, strict=True)):
                if i == j:
                    continue
                pairs += 1
                holds = abs(other - loss) <= 2 * se + 1e-9
                held += holds
                if loss or other:
                    informative += 1
                    informative_held += holds
                if i < j:
                    paired += 1
                    paired_held += abs(other - loss) <= 2 * math.hypot(se, other_se) + 1e-9
    return {
        **share(held, pairs),
        "informative": share(informative_held, informative),
        "paired": share(paired_held, paired),
    }


def report(result: dict[str, Any]) -> str:
    """The figures as a few lines of text."""
    lines = [
        f"budget: {result['budget']}; seeds {result['seeds']}; {len(result['records'])} records; "
        f"{result['elapsed']:.0f} s"
    ]
    for kind in ("all", *KINDS, "sampled"):
        f = result["figures"][kind]
        stable = f["stable"]
        lines.append(
            f"{kind:9s} {f['decisions']:4d} decisions: stable {stable['share']:.1%} "
            f"[{stable['low']:.1%}, {stable['high']:.1%}], uncertain {f['uncertain']:.1%} of verdicts, "
            f"ever uncertain {f['ever_uncertain']['share']:.1%}"
        )
    f = result["figures"]
    lines.append(f"verdicts: {f['all']['verdicts']}")
    lines.append(f"unstable between: {f['all']['unstable_between']}")
    cpu = f["cpu_per_decision"]
    lines.append(
        f"CPU per decision: mean {cpu['mean']:.3f} s, p95 {cpu['p95']:.3f} s; settled early {f['settled']:.1%}; "
        f"exact {f['exact']:.1%}; median worlds {f['worlds_median']:g}"
    )
    agreement = f["exact_agreement"]
    lines.append(
        f"exact agreement: {agreement['count']} of {agreement['of']} decisions with at most {EXACT_WORLDS} deals "
        f"({agreement['share']:.1%}); best by one seed and a fault by another: {f['best_or_fault']}"
    )
    held = f["coverage"]
    lines.append(
        f"coverage of the other seeds' losses by a seed's 95% interval: {held['share']:.1%} "
        f"[{held['low']:.1%}, {held['high']:.1%}] of {held['of']}; without the pairs both best "
        f"{held['informative']['share']:.1%} [{held['informative']['low']:.1%}, {held['informative']['high']:.1%}] "
        f"of {held['informative']['of']}; two seeds within 2 errors of their difference "
        f"{held['paired']['share']:.1%} [{held['paired']['low']:.1%}, {held['paired']['high']:.1%}] "
        f"of {held['paired']['of']}"
    )
    if "hint" in f:
        h = f["hint"]
        agrees = h["agrees"]
        lines.append(
            f"hint agrees: {agrees['share']:.1%} [{agrees['low']:.1%}, {agrees['high']:.1%}] of "
            f"{agrees['of']}; no fault {h['no_fault']['share']:.1%}; names the best {h['names_best']['share']:.1%}; "
            f"hint CPU mean {h['cpu_mean']:.3f} s, max {h['cpu_max']:.3f} s"
        )
    return "\n".join(lines)


def review_times(paths: Sequence[Path]) -> list[tuple[float, float]]:
    """Wall-clock seconds of each record's review as the web server makes it (two processes, one job a decision),
    each with the CPU seconds its analyses took (the same work on any machine: half of it is the review's time on
    two idle cores)."""
    from sixtysix.web.review import REVIEW_SECONDS, analysis_pool, review_decision, stop_pool

    pool = analysis_pool(2)
    budget = Budget(seconds=REVIEW_SECONDS, seed=0)
    try:
        pool.submit(int).result()  # the processes started before the clock runs
        times = []
        for path in paths:
            record = Record.parse(path.read_text(encoding="utf-8"))
            played = replay(record).match.deals[0]
            game = (played.rules, played.dealer, tuple(played.deck), tuple(played.history))
            started = time.perf_counter()
            jobs = [pool.submit(review_decision, *game, i, budget) for i in range(len(record_choices(record)))]
            cpu = sum(job.result()[0].analysis.seconds for job in jobs)
            times.append((time.perf_counter() - started, cpu))
            _log.info("%s reviewed in %.1f s (%d decisions, %.1f s of CPU)", path.stem, times[-1][0], len(jobs), cpu)
        return times
    finally:
        stop_pool(pool)


@dataclass
class HttpRun:
    """What ``--http`` measured: per deal, the seconds from its end to its review, and each hint's latency."""

    reviews: list[float] = field(default_factory=list)
    """Wall seconds from the state that showed the deal over to the review's answer, per deal."""
    decisions: list[int] = field(default_factory=list)
    """The decisions each review analysed."""
    hints: list[float] = field(default_factory=list)
    """Wall seconds from asking a hint to its answer."""
    actions: int = 0


def http_times(
    deals: int,
    level: int = 3,
    hint_every: int = 2,
    seed: int = 1,
    poll: float = 0.02,
    think: float = 0.0,
    ahead: bool = True,
) -> HttpRun:
    """A fresh ``sixtysix serve`` (a child process, a temporary SQLite database, its default analysis: two
    processes, the review's default budget) and one match against the computer at ``level`` played over the
    HTTP API for ``deals`` deals, as the page does.

    The client asks a hint at every ``hint_every``-th decision of its own and plays its ``best``; otherwise it
    plays a random legal action (seeded), never a claim that would not hold nor a close. Once a deal is over
    (the first state that shows its outcome, polled every ``poll`` seconds while the computer plays) it asks
    the deal's review (``GET .../deals/{n}/review``, which answers once the review is made) and times it from
    that state, then starts the next deal. ``think``: seconds the client waits before each of its actions (a person
    thinking: the server analyses the deal's decisions meanwhile, unless not ``ahead``)."""
    import random
    import subprocess
    import tempfile

    import httpx

    from bench.web import _start_server

    rng = random.Random(seed)
    run = HttpRun()
    with tempfile.TemporaryDirectory(prefix="bench-analysis-http-") as folder:
        server, base = _start_server(Path(folder) / "web.db", *(() if ahead else ("--no-review-ahead",)))
        try:
            with httpx.Client(base_url=base, timeout=600) as http:
                body = {"opponent": "computer", "level": level, "target": 1000, "name": "Bench", "hints": True}
                created = http.post("/api/matches", json=body)
                created.raise_for_status()
                match_id = created.json()["match_id"]
                auth = {"Authorization": f"Bearer {created.json()['token']}"}
                state = created.json()["state"]
                mine = 0
                for _ in range(deals):
                    number = state["deal"]["number"]
                    while state["deal"]["outcome"] is None:
                        legal = state["legal"]
                        if not legal:
                            time.sleep(poll)
                            state = _get(http, f"/api/matches/{match_id}", auth)
                            continue
                        mine += 1
                        if mine % hint_every == 0:
                            asked = time.perf_counter()
                            advice = _get(http, f"/api/matches/{match_id}/hint", auth)
                            run.hints.append(time.perf_counter() - asked)
                            action = advice["best"]
                        else:
                            holds = state["you"]["claim_holds"]
                            choices = [a for a in legal if a not in ("C", "CB") and (a != "66" or holds)]
                            action = rng.choice(choices or legal)
                        time.sleep(think)
                        answer = http.post(
                            f"/api/matches/{match_id}/actions", json={"action": action, "version": state["version"]},
                            headers=auth,
                        )  # fmt: skip
                        answer.raise_for_status()
                        run.actions += 1
                        state = answer.json()["state"]
                    ended = time.perf_counter()
                    review = _get(http, f"/api/matches/{match_id}/deals/{number}/review", auth)
                    run.reviews.append(time.perf_counter() - ended)
                    run.decisions.append(len(review["decisions"]))
                    _log.info(
                        "deal %d: review in %.1f s (%d decisions); %d hints so far, median %.2f s",
                        number, run.reviews[-1], run.decisions[-1], len(run.hints),
                        statistics.median(run.hints) if run.hints else 0.0,
                    )  # fmt: skip
                    answer = http.post(f"/api/matches/{match_id}/actions", json={"action": "next"}, headers=auth)
                    answer.raise_for_status()
                    state = answer.json()["state"]
        finally:
            server.terminate()
            try:
                server.wait(30)
            except subprocess.TimeoutExpired:
                server.kill()
    return run


def _get(http: Any, path: str, headers: dict[str, str]) -> Any:
    response = http.get(path, headers=headers)
    response.raise_for_status()
    return response.json()


SPEED_MODES = {"native": {}, "counter in Python": {"SIXTYSIX_NATIVE_COUNTER": "0"}, "pure": {"SIXTYSIX_NATIVE": "0"}}
"""The runs of ``--speed``: the environment of each one's process."""


def world_rates(paths: Sequence[Path], seconds: float) -> list[float]:
    """Worlds per CPU second of ``analyze`` at each talon-open decision of the records with sampled worlds."""
    rates = []
    for path in paths:
        for choice in record_choices(Record.parse(path.read_text(encoding="utf-8"))):
            if choice.view.phase2:
                continue
            analysis = analyze(choice.view, Budget(seconds=seconds, seed=0), played=choice.action)
            if not analysis.exact and analysis.seconds > 0:
                rates.append(analysis.worlds / analysis.seconds)
    return rates


def speed(count: int, seconds: float, pure: bool) -> dict[str, Any]:
    """:func:`world_rates` in a process of its own per mode of :data:`SPEED_MODES`: the medians and their ratio."""
    result: dict[str, Any] = {}
    for mode, env in SPEED_MODES.items():
        if mode == "pure" and not pure:
            continue
        command = [sys.executable, "-m", "bench.analysis", "--rates", "--records", str(count)]
        command += ["--seconds", str(seconds)]
        done = subprocess.run(command, env=dict(os.environ, **env), capture_output=True, text=True, check=True)
        rates = json.loads(done.stdout)
        result[mode] = {"decisions": len(rates), "median": statistics.median(rates)}
    result["ratio"] = result["native"]["median"] / result["counter in Python"]["median"]
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="4 records, 3 seeds (a few minutes)")
    parser.add_argument("--records", type=int, help="records to analyse (default 20; quick 4)")
    parser.add_argument("--seeds", type=int, help="seeds per decision (default 5; quick 3)")
    parser.add_argument("--seconds", type=float, help="CPU seconds per decision at most (default: the analysis's)")
    parser.add_argument("--worlds", type=int, help="worlds per decision at most")
    parser.add_argument("--no-hints", action="store_true", help="skip the hint agreement")
    parser.add_argument("--json", type=Path, help="write every figure and decision here")
    parser.add_argument("--make-records", action="store_true", help="deal and play the records again, then stop")
    parser.add_argument("--review", action="store_true", help="time the records' reviews as the web server makes them")
    parser.add_argument(
        "--http", type=int, metavar="DEALS", help="play DEALS deals against level 3 on a fresh server over HTTP and "
        "time each deal's review from its end, and the hints"
    )  # fmt: skip
    parser.add_argument("--think", type=float, default=0.0, help="with --http: seconds before each own action")
    parser.add_argument("--no-ahead", action="store_true", help="with --http: the server's --no-review-ahead")
    parser.add_argument("--speed", action="store_true", help="worlds per CPU second, the counter native and in Python")
    parser.add_argument("--pure", action="store_true", help="with --speed: also without the native core")
    parser.add_argument("--rates", action="store_true", help=argparse.SUPPRESS)  # one run of --speed, as JSON
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    logging.getLogger("httpx").setLevel(logging.WARNING)  # why: not a line per request
    if args.make_records:
        make_records()
        return 0
    count = args.records or (4 if args.quick else 20)
    if args.rates:
        print(json.dumps(world_rates(record_paths(count), args.seconds or 1.0)))
        return 0
    if args.speed:
        load = os.getloadavg()[0]
        result = speed(count, args.seconds or 1.0, args.pure)
        for mode in SPEED_MODES:
            if mode in result:
                run = result[mode]
                print(f"{mode}: median {run['median']:.0f} worlds per CPU second over {run['decisions']} decisions")
        print(f"native counter / counter in Python: {result['ratio']:.2f}x; load {load:.1f}")
        return 0
    if args.http:
        load = os.getloadavg()[0]
        run = http_times(args.http, think=args.think, ahead=not args.no_ahead)
        print(
            f"over HTTP, a fresh server, {len(run.reviews)} deals against level 3 ({run.actions} actions): review "
            f"median {statistics.median(run.reviews):.1f} s, max {max(run.reviews):.1f} s from the deal's end "
            f"(decisions median {statistics.median(run.decisions):g}); hint median "
            f"{statistics.median(run.hints):.2f} s, max {max(run.hints[1:], default=0.0):.2f} s over {len(run.hints)} "
            f"but the first ({run.hints[0]:.2f} s: the analysis processes start); think {args.think:g} s, review "
            f"ahead {'off' if args.no_ahead else 'on'}; load {load:.1f} before, {os.getloadavg()[0]:.1f} after"
        )
        return 0
    if args.review:
        load = os.getloadavg()[0]
        times = review_times(record_paths(count))
        walls, cpus = [wall for wall, _ in times], [cpu for _, cpu in times]
        print(
            f"review of a deal: median {statistics.median(walls):.1f} s, max {max(walls):.1f} s over {len(times)}; "
            f"CPU of its analyses median {statistics.median(cpus):.1f} s, max {max(cpus):.1f} s "
            f"(two idle cores: median {statistics.median(cpus) / 2:.1f} s); load {load:.1f} before, "
            f"{os.getloadavg()[0]:.1f} after"
        )
        return 0
    seeds = list(range(args.seeds or (3 if args.quick else 5)))
    budget = Budget(seconds=args.seconds, worlds=args.worlds)
    hints = not args.no_hints
    started = time.perf_counter()
    runs: list[DecisionRun] = []
    paths = record_paths(count)
    for path in paths:
        runs += run_record(path, seeds, budget, hints)
        _log.info("%s done (%d decisions, %.0f s)", path.stem, len(runs), time.perf_counter() - started)
    result = {
        "budget": budget.describe(),
        "seeds": seeds,
        "records": [p.stem for p in paths],
        "elapsed": time.perf_counter() - started,
        "machine": machine(),
        "figures": figures(runs, hints),
        "decisions": [vars(run) for run in runs],
    }
    print(report(result))
    if args.json:
        args.json.parent.mkdir(parents=True, exist_ok=True)
        args.json.write_text(json.dumps(result, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
