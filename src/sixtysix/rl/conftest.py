"""pytest: skip the doctests of the modules whose optional libraries (extra ``rl``) are missing."""

from __future__ import annotations

import importlib


def _importable(*names: str) -> bool:
    try:
        for name in names:
            importlib.import_module(name)
    except ImportError:
        return False
    return True


collect_ignore: list[str] = []
if not _importable("numpy"):
    collect_ignore += ["encoding.py", "vector.py"]
if not _importable("numpy", "gymnasium", "pettingzoo"):
    collect_ignore += ["aec.py", "opponent.py"]
if not _importable("numpy", "pyspiel"):
    collect_ignore.append("openspiel.py")
