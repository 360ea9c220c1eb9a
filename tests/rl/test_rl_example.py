"""``examples/rl_train.py``: a figure it cannot draw stops it at once, before any training."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLE = Path(__file__).parents[2] / "examples" / "rl_train.py"


def run(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(EXAMPLE), *args], capture_output=True, text=True, cwd=cwd, timeout=300)


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is not None, reason="matplotlib draws the PNG")
def test_a_png_without_matplotlib_fails_clearly_before_training(tmp_path: Path) -> None:
    started = time.perf_counter()
    done = run("--out", "x.png", cwd=tmp_path)
    assert done.returncode == 2
    assert "--out x.png needs matplotlib (pip install matplotlib)" in done.stderr and "--out x.svg" in done.stderr
    assert time.perf_counter() - started < 30 and not (tmp_path / "x.svg").exists()  # no silent SVG


def test_svg_and_png_together_are_refused(tmp_path: Path) -> None:
    done = run("--svg", "--out", "x.png", cwd=tmp_path)
    assert done.returncode == 2 and "--svg draws an SVG, not x.png: give --out x.svg" in done.stderr


def test_a_short_run_writes_the_svg_and_its_figures(tmp_path: Path) -> None:
    args = ["--episodes", "64", "--eval-deals", "8", "--eval-every", "32", "--levels", "1", "--out", "f.svg"]
    done = run(*args, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "f.svg").read_text().startswith("<svg") and (tmp_path / "f.json").exists()
