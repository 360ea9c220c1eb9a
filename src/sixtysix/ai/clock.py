"""The one clock of every time budget in the ``ai`` package: CPU time of the searching thread.

A player's time per decision (levels 4 and 5, at every table size), an analysis's and a
hint's are all counted in CPU seconds of the thread that searches
(:func:`time.thread_time`), never in wall-clock time. A search thus does the same work
on a busy machine as on an idle one, and in the web server, whose worker threads may
think for several matches at once, a hint or a computer move gets its whole budget
whatever the other threads do: it only takes longer. In a process with one searching
thread (the terminal game, a tournament worker, ``sixtysix analyze``) this is the CPU
time of the process.

>>> deadline = cpu_deadline(0.002)
>>> while not spent(deadline):  # busy: CPU time passes
...     pass
>>> spent(deadline), spent(None), cpu_deadline(None)
(True, False, None)
"""

from __future__ import annotations

import time


def cpu_seconds() -> float:
    """CPU seconds used so far by the calling thread (only differences mean anything)."""
    return time.thread_time()


def cpu_deadline(seconds: float | None) -> float | None:
    """The :func:`cpu_seconds` reading at which a budget of ``seconds`` from now is used up (``None``: no budget)."""
    return None if seconds is None else cpu_seconds() + seconds


def spent(deadline: float | None) -> bool:
    """Whether the budget that ends at ``deadline`` (from :func:`cpu_deadline`) is used up; never for ``None``."""
    return deadline is not None and cpu_seconds() >= deadline
