"""What every test shares: the markers by folder, and the order the tests ran in.

The benchmarks' code (``bench/`` at the repository's root) is importable from every test: the tests of
``tests/benchmarks`` check its players, ``tests/ai/test_exact_verdicts.py`` uses its brute force.

The tests are laid out like the code (``tests/core`` for ``sixtysix.core``, …). Three markers
(registered in ``pyproject.toml``) let a run leave out what is slow:

* ``browser``: every test of ``tests/browser`` (Chromium through Playwright);
* ``native``: every test of ``tests/native`` (the C core against the Python one);
* ``slow``: a test that takes more than a few seconds on its own, marked where it is written.

``make test-fast`` runs the core, players and present tests without the slow ones:
``pytest tests/core tests/players tests/present -m "not slow"``.

The tests run in a random order (pytest-randomly, a fresh seed each run, which also seeds
``random`` the same for every test); the seed is printed at the end of the run, and
``pytest -p randomly --randomly-seed=N`` runs them again in that order (``-p no:randomly``: in
the file order).
"""

from __future__ import annotations

import multiprocessing
import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS.parent))  # bench/
BY_FOLDER = {"browser": pytest.mark.browser, "native": pytest.mark.native}
"""The marker every test of a folder carries."""


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            folder = item.path.resolve().relative_to(TESTS).parts[0]
        except ValueError:  # a doctest of the package, README.md
            continue
        marker = BY_FOLDER.get(folder)
        if marker is not None:
            item.add_marker(marker)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter, config: pytest.Config) -> None:
    seed = getattr(config.option, "randomly_seed", None)
    if seed is not None and config.pluginmanager.has_plugin("randomly"):
        terminalreporter.write_line(f"random order: pytest -p randomly --randomly-seed={seed} repeats it")


def pytest_unconfigure(config: pytest.Config) -> None:
    """End the processes the tests left running, so that the run ends.

    A process pool whose worker a test killed (``tests/web/test_health.py`` kills an analysis
    process, as the kernel's OOM killer would) may keep a queue's lock forever; its other
    processes then never finish their shutdown, and the interpreter's exit would wait for them
    for ever. Each one ended is named on stderr, so a test that leaks processes stays visible."""
    for child in multiprocessing.active_children():
        print(f"conftest: ending {child.name} (pid {child.pid}), left running by the tests", file=sys.stderr)
        child.kill()
        child.join(timeout=5)
