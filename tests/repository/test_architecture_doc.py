"""docs/architecture.md names every module of ``src/sixtysix`` in one line of its own.

Each module has a list line ``- `path`: what it owns``, its path under ``src/sixtysix/``; a
package (its ``__init__.py``) is named by its folder (``ai/partnership/``), the top package by
``__init__.py``. A new module without its line, or a line naming a module that is gone, fails.
"""

from __future__ import annotations

import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "sixtysix"
DOC = ROOT / "docs" / "architecture.md"

_ENTRY = re.compile(r"^- `([^`]+)`: \S", re.MULTILINE)


def module_names(package: pathlib.Path) -> set[str]:
    """The name each module has in the map: its path, or its folder for a package's ``__init__.py``."""
    names = set()
    for path in package.rglob("*.py"):
        relative = path.relative_to(package).as_posix()
        if relative.endswith("/__init__.py"):
            relative = relative.removesuffix("__init__.py")
        names.add(relative)
    return names


def named_modules(text: str) -> list[str]:
    """The modules a document names, one list line each, in order."""
    return _ENTRY.findall(text)


def test_every_module_is_named_in_the_architecture_map() -> None:
    modules = module_names(PACKAGE)
    named = set(named_modules(DOC.read_text(encoding="utf-8")))
    assert len(modules) > 100
    assert sorted(modules - named) == [], "add a line `- `path`: …` to docs/architecture.md"


def test_the_map_names_no_module_that_is_gone_and_none_twice() -> None:
    named = named_modules(DOC.read_text(encoding="utf-8"))
    assert sorted(set(named) - module_names(PACKAGE)) == []
    assert len(named) == len(set(named))


def test_a_module_without_its_line_is_found() -> None:
    text = DOC.read_text(encoding="utf-8")
    planted = "\n".join(line for line in text.splitlines() if not line.startswith("- `core/cards.py`:"))
    assert "core/cards.py" in module_names(PACKAGE) - set(named_modules(planted))
