"""The tournament and the 66P protocol build their computer players through the players layer
and ``sixtysix.ai.levels`` only, never through the AI's internals (docs/architecture.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import sixtysix

PACKAGE = Path(sixtysix.__file__).parent


def ai_imports(path: Path) -> set[str]:
    """The ``sixtysix.ai`` modules a source file imports, at the top or inside a function."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        found |= {name for name in names if name == "sixtysix.ai" or name.startswith("sixtysix.ai.")}
    return found


def test_the_import_reader_sees_every_form_of_import(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "import sixtysix.ai.solver\nfrom sixtysix.ai import sampling\n"
        "def f():\n    from sixtysix.ai.levels import make_player\n"
    )
    assert ai_imports(source) == {
        "sixtysix.ai.solver",
        "sixtysix.ai",
        "sixtysix.ai.sampling",
        "sixtysix.ai.levels",
        "sixtysix.ai.levels.make_player",
    }


@pytest.mark.parametrize("package", ["protocol", "tournament"])
def test_only_the_levels_module_of_the_ai_is_imported(package: str) -> None:
    files = sorted((PACKAGE / package).rglob("*.py"))
    assert files
    for path in files:
        imported = ai_imports(path)
        outside = {name for name in imported if not name.startswith("sixtysix.ai.levels")}
        assert not outside, f"{path.relative_to(PACKAGE)} imports {sorted(outside)}"
