"""Without a C compiler the package still installs, and runs on its pure-Python search with one notice.

The test copies the sources to a temporary directory and installs them into a
fresh virtualenv with the compiler hidden (``CC=/nonexistent``). The build
backend (setuptools >= 77) comes from the package index or pip's cache: where
neither answers, the test is skipped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import venv
from pathlib import Path

import pytest

from sixtysix import Deal
from sixtysix.ai.solver import Solver

ROOT = Path(__file__).resolve().parents[2]
_OFFLINE = ("Could not find a version", "No matching distribution", "NewConnectionError", "Temporary failure")
_PROBE = """
import logging, sys
from sixtysix import Deal
from sixtysix.ai import native
from sixtysix.ai.solver import Solver
deal = Deal.shuffled(5)
while not deal.phase2:
    deal.apply(deal.legal_actions()[0])
print(native.available(), Solver(deal.rules).value(deal))
"""


def _copy_sources(target: Path) -> None:
    for name in ("pyproject.toml", "setup.py", "README.md", "MANIFEST.in"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, target / name)
    ignore = shutil.ignore_patterns("*.so", "__pycache__", "*.egg-info")
    shutil.copytree(ROOT / "src", target / "src", ignore=ignore)
    shutil.copytree(ROOT / "native", target / "native", ignore=ignore)


def test_install_without_a_compiler_falls_back_to_pure_python(tmp_path: Path) -> None:
    sources = tmp_path / "sources"
    sources.mkdir()
    _copy_sources(sources)
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SIXTYSIX_NATIVE", "PYTHON"))}
    env |= {"CC": "/nonexistent", "CXX": "/nonexistent"}
    install = subprocess.run(
        [str(python), "-m", "pip", "install", "--no-deps", "--quiet", str(sources)],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=False,
    )
    if install.returncode and any(text in install.stderr for text in _OFFLINE):
        pytest.skip(f"no package index for the build backend: {install.stderr.strip().splitlines()[-1]}")
    assert install.returncode == 0, install.stderr
    assert not list((env_dir / "lib").glob("python*/site-packages/sixtysix/ai/_native*.so")), "an extension was built"

    probe = subprocess.run(
        [str(python), "-c", _PROBE], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120, check=False
    )
    assert probe.returncode == 0, probe.stderr
    available, value = probe.stdout.split()
    assert available == "False"
    notices = [line for line in probe.stderr.splitlines() if "native search core" in line]
    assert len(notices) == 1, probe.stderr
    assert "pure Python" in notices[0]
    # the pure path gives the value this process's solver gives
    deal = Deal.shuffled(5)
    while not deal.phase2:
        deal.apply(deal.legal_actions()[0])
    assert int(value) == Solver(deal.rules, native=False).value(deal)
