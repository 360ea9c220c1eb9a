"""The same seed gives the same results, whatever the number of workers or the order of the games."""

from __future__ import annotations

from tournament_helpers import outcomes, small

from sixtysix.tournament.backends import Chunker, InProcessBackend, ProcessBackend, make_backend
from sixtysix.tournament.runner import run_tournament
from sixtysix.tournament.schedule import GameKey


def test_same_seed_same_results_on_any_number_of_workers() -> None:
    tournament = small(boards=8)
    alone = run_tournament(tournament, backend=InProcessBackend(), bootstrap=50)
    assert alone.complete and len(alone.games) == 3 * 8 * 2
    for workers in (2, 3):
        parallel = run_tournament(tournament, backend=ProcessBackend(workers), bootstrap=50)
        assert outcomes(parallel) == outcomes(alone)


def test_another_seed_other_deals() -> None:
    first = run_tournament(small(seed=3), bootstrap=0)
    second = run_tournament(small(seed=4), bootstrap=0)
    assert outcomes(first)["games"] != outcomes(second)["games"]


def test_a_player_against_its_copy_scores_exactly_zero() -> None:
    result = run_tournament(small(players=(2, 2), boards=20), bootstrap=0)
    (pair,) = result.pairs
    assert pair.points == 0 and pair.won == 0.5 and pair.points_ci == (0.0, 0.0)


def test_games_do_not_depend_on_the_order_of_the_players() -> None:
    forward = run_tournament(small(players=(1, 2)), bootstrap=0)
    backward = run_tournament(small(players=(2, 1)), bootstrap=0)
    assert outcomes(forward)["games"] == outcomes(backward)["games"]
    assert forward.pairs[0].points == -backward.pairs[0].points


def test_chunks_cover_every_game_once() -> None:
    keys = [GameKey(k, "A", "B") for k in range(1000)]
    chunker = Chunker(keys, workers=2, target_seconds=0.1)
    handed: list[GameKey] = []
    sizes = []
    while chunk := chunker.next():
        handed += chunk
        sizes.append(len(chunk))
        chunker.games, chunker.seconds = len(handed), len(handed) * 0.001  # 1 ms a game: ~100 a chunk
    assert handed == keys
    assert sizes[0] == 2 and max(sizes) == 100 and sizes[-1] >= 1


def test_backends_by_name() -> None:
    assert isinstance(make_backend("local", 1), InProcessBackend)
    assert make_backend("local", 4).workers == 4
    assert make_backend("ray", 2, "auto").name == "ray"  # nothing is started before it runs
