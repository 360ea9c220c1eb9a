"""The Ray backend gives the same results as the local one (skipped only if ray cannot be imported)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from tournament_helpers import outcomes, small

from sixtysix.core.record import replay
from sixtysix.core.rules import Rules
from sixtysix.tournament.backends import RayBackend
from sixtysix.tournament.play import record_path
from sixtysix.tournament.runner import RECORDS, run_tournament

ray: Any = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray() -> Iterator[None]:
    started = not ray.is_initialized()
    if started:
        ray.init(num_cpus=2, include_dashboard=False)
    yield
    if started:
        ray.shutdown()


def test_ray_gives_the_same_results_as_the_local_backend(local_ray: None, tmp_path: Path) -> None:
    tournament = small(boards=6)
    local = run_tournament(tournament, bootstrap=100)
    on_ray = run_tournament(tournament, out=tmp_path, backend=RayBackend(), bootstrap=100)
    assert on_ray.complete and outcomes(on_ray) == outcomes(local)
    assert ray.is_initialized()  # it used the instance it found, and left it running
    for key in on_ray.games:  # written by the Ray workers
        assert replay(record_path(tmp_path / RECORDS, key).read_text()).match.deals


def test_ray_records_written_by_the_driver(local_ray: None, tmp_path: Path) -> None:
    tournament = small(players=(1, 2), boards=6)
    backend = RayBackend(workers=2)
    backend.shares_files = False  # as on a cluster: the records come back with the results
    result = run_tournament(tournament, out=tmp_path, backend=backend, bootstrap=0, stop_after=5)
    assert result.played == 5
    result = run_tournament(tournament, out=tmp_path, backend=backend, bootstrap=0)
    assert result.complete and result.played == 12 - 5
    assert outcomes(result) == outcomes(run_tournament(tournament, bootstrap=0))
    assert len(list((tmp_path / RECORDS).glob("*/*.66r"))) == 12


@pytest.mark.parametrize("preset", ["three66", "four66"])
def test_ray_plays_the_three_and_four_handed_games_as_the_local_backend(
    local_ray: None, tmp_path: Path, preset: str
) -> None:
    tournament = small(players=(1, 1, 1), boards=2, rules=Rules.preset(preset))
    on_ray = run_tournament(tournament, out=tmp_path, backend=RayBackend(), bootstrap=0)
    assert on_ray.complete and outcomes(on_ray) == outcomes(run_tournament(tournament, bootstrap=0))
    assert len(list((tmp_path / RECORDS).glob("*/*.66r"))) == on_ray.total
