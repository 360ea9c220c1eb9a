"""The native searches let other Python threads run, and one core is searched by one thread at a time."""

from __future__ import annotations

import threading
import time
from concurrent.futures import ThreadPoolExecutor

from native_cases import require_native

from sixtysix import Deal, PlayerView
from sixtysix.ai.native import NativeSearch, TreeSettings


def _opening(seed: int) -> PlayerView:
    deal = Deal.shuffled(seed=seed)
    return PlayerView.of(deal, deal.to_act)


def test_a_tree_search_lets_other_python_threads_run() -> None:
    require_native()
    view = _opening(3)
    search = NativeSearch.create(view.rules)
    done = threading.Event()
    started = threading.Event()

    def think() -> None:
        started.set()
        search.tree_search(view, TreeSettings(seconds=0.3), seed=1)
        done.set()

    thread = threading.Thread(target=think)
    thread.start()
    started.wait()
    steps = 0
    while not done.is_set():  # with the GIL held by the search, this loop could not run until it ends
        steps += 1
        time.sleep(0)
    thread.join()
    assert steps > 100


def test_threads_sharing_one_core_get_the_values_that_one_thread_gets() -> None:
    require_native()
    views = [_opening(seed) for seed in range(6)]
    search = NativeSearch.create(views[0].rules)
    settings = TreeSettings(iterations=3000)

    def searched(view: PlayerView) -> dict[str, tuple[int, float]]:
        result = search.tree_search(view, settings, seed=5)
        return {str(action): stats for action, stats in result.actions.items()}

    alone = [searched(view) for view in views]
    with ThreadPoolExecutor(max_workers=3) as pool:
        together = list(pool.map(searched, views + views))
    assert together == alone + alone
