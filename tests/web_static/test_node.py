"""Run the unit tests of the web page's JavaScript modules with ``node --test``.

The tests (``tests/web_static/*.test.mjs``) check the SVG card renderer, the
dictionary of the three languages, card and keyboard parsing, the tally, the
evaluation chart, the deal descriptions and the page's files. They need only node
(18 or later); the test is skipped without it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

HERE = Path(__file__).parent
NODE = shutil.which("node")


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_javascript_modules() -> None:
    assert NODE is not None
    files = sorted(str(p) for p in HERE.glob("*.test.mjs"))
    assert files, "no JavaScript tests found"
    result = subprocess.run(
        [NODE, "--test", *files],
        cwd=HERE,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    if result.returncode != 0:
        failures = "\n".join(
            line for line in result.stdout.splitlines() if line.startswith(("not ok", "# fail", "# pass"))
        )
        pytest.fail(f"node --test failed:\n{failures}\n\n{result.stdout[-6000:]}\n{result.stderr[-2000:]}")
