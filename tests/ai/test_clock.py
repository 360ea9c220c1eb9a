"""Every time budget of the ai package is CPU time of the searching thread (one clock)."""

from __future__ import annotations

import threading
import time

from sixtysix.ai.clock import cpu_deadline, cpu_seconds, spent


def test_waiting_uses_no_budget() -> None:
    deadline = cpu_deadline(0.05)
    time.sleep(0.1)  # wall time passes, CPU time does not
    assert not spent(deadline)


def test_another_thread_working_uses_none_of_this_threads_budget() -> None:
    """The web server thinks for several matches at once: each search keeps its whole budget."""
    deadline = cpu_deadline(0.05)

    def busy() -> None:
        start = cpu_seconds()
        while cpu_seconds() - start < 0.1:
            pass

    worker = threading.Thread(target=busy)
    worker.start()
    worker.join()
    assert not spent(deadline)


def test_working_uses_the_budget() -> None:
    deadline = cpu_deadline(0.02)
    total = 0
    while not spent(deadline):
        total += 1
    assert total > 0 and spent(deadline)
    assert not spent(None) and cpu_deadline(None) is None
