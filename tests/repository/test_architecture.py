"""The shape of the code: no import cycle anywhere (the layers contract is `lint-imports` in `make lint`), and
every rule fact once: outside the core no rule fact is written again (the deal target 66, the game-point scale,
a marriage's points …), and a deal's score is explained only as words for the engine's reason codes."""

from __future__ import annotations

import io
import pathlib
import re
import tokenize

import grimp

ROOT = pathlib.Path(__file__).resolve().parents[2]
"""The repository's root (this file is tests/repository/test_architecture.py)."""
PACKAGE = ROOT / "src" / "sixtysix"

# Each scan reads at least this many files: a scan that finds no files (a moved test, a renamed
# folder) fails instead of passing on nothing.
_AT_LEAST_PYTHON = 100
_AT_LEAST_C = 5
_AT_LEAST_JS = 15


def _strongly_connected(adjacent: dict[str, set[str]]) -> list[set[str]]:
    """Tarjan's components of more than one module (each one is an import cycle)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    cycles: list[set[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in adjacent[module]:
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = set()
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.add(member)
                if member == module:
                    break
            if len(component) > 1:
                cycles.append(component)

    for module in sorted(adjacent):
        if module not in index:
            visit(module)
    return cycles


def test_no_module_takes_part_in_an_import_cycle() -> None:
    graph = grimp.build_graph("sixtysix")
    adjacent = {module: graph.find_modules_directly_imported_by(module) for module in graph.modules}
    assert _strongly_connected(adjacent) == []


def test_a_cycle_is_found_when_there_is_one() -> None:
    assert _strongly_connected({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [{"a", "b", "c"}]


# A rule fact written again outside the core, or a switch on the kind of table: each pattern
# names what to use instead. A line that must keep one says why on the line (``# why: …``).
_OUTSIDE_THE_CORE = {
    r"isinstance\([^)]*(Deal|Match|View|Player)\b": "ask the Table / TableMatch / Player interface",
    r"\b(players|size|seats?) ?(==|!=|>=|<=|<|>) ?[234]\b": "ask the table (core.table) or a named predicate",
    r">> ?3\b": "core.cards.suit_of (or SUIT_OF in a hot loop)",
    r"(>=|<|>) ?32\b": "Action.is_card / is_marriage",
    r"\b(40|20) if\b": "core.facts.marriage_points",
    r"\b(game_points|base_points|scale)\s*(==|!=|>=|<=|<|>)\s*[123]\b": "the Scoring's reason codes "
    "(Outcome.reasons) or core.facts.GAME_POINT_SCALE",
    r"\b[1-6](\.0)? if [\w.]*closed_deal_double\b": "core.facts.max_game_points / closed_factor",
    r"\b(game_points_text|_points)\(\s*[1-6]\s*\)": "words for the Outcome's game points "
    "or core.facts.GAME_POINT_SCALE",
    r"\{\s*1\s*:\s*[\"'](simple|schneider)": "the Scoring's reason codes (Reason.SIMPLE …)",
}

# Where a deal's score is explained (the front ends and their words): an explanation is words for
# the engine's reason codes, never a second decision read from the rules' scoring options.
_EXPLAINERS = ("present/", "tui/", "web/")
_EXPLAINED = {
    r"rules\.(beaten_closer_points|false_claim_points|failed_close_points|closer_false_claim|closer_win_basis"
    r"|strict_claims|closed_deal_double|four_player_scale|last_trick_rule)\b": "the Scoring's reason codes "
    "(Outcome.reasons)",
    r"\btermination\s*(==|!=|is)\s": "the Scoring's reason codes (Outcome.reasons)",
}
_PAGE_EXPLAINED = {
    r"\.termination\b": "outcome.reasons (the engine's codes; the page only words them)",
    r"\b(beaten_closer_points|false_claim_points|failed_close_points|closer_false_claim|closer_win_basis)\b": (
        "outcome.reasons"
    ),
}


def _source_lines() -> list[tuple[str, int, str]]:
    return [
        (relative, number, line)
        for relative, text in _python_sources().items()
        for number, line in enumerate(text.splitlines(), 1)
    ]


def _offences(lines: list[tuple[str, int, str]]) -> list[str]:
    offences = []
    for relative, number, line in lines:
        code = line.split("#", 1)[0] if "# why:" not in line else ""
        if code.lstrip().startswith(">>>"):
            continue
        patterns = dict(_OUTSIDE_THE_CORE)
        if relative.startswith(_EXPLAINERS):
            patterns.update(_EXPLAINED)
        for pattern, instead in patterns.items():
            if re.search(pattern, code):
                offences.append(f"{relative}:{number}: {line.strip()}  -> {instead}")
    return offences


_TARGETS = {"66", "66.0"}
"""The deal target written as a number: outside the core it is ``core.facts.DEAL_TARGET`` (rules.md §2.9)."""


def _target_literals(sources: dict[str, str]) -> list[str]:
    """Every number token 66 in Python code (strings, comments and docstrings are words, not code)."""
    found = []
    for relative, text in sorted(sources.items()):
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type == tokenize.NUMBER and token.string in _TARGETS:
                found.append(f"{relative}:{token.start[0]}: {token.line.strip()}  -> core.facts.DEAL_TARGET")
    return found


def _python_sources() -> dict[str, str]:
    """Every Python module of the package outside the core, by its path under src/sixtysix."""
    sources = {
        path.relative_to(PACKAGE).as_posix(): path.read_text(encoding="utf-8")
        for path in sorted(PACKAGE.rglob("*.py"))
        if not path.relative_to(PACKAGE).as_posix().startswith("core/")
    }
    assert len(sources) >= _AT_LEAST_PYTHON, f"the scan read {len(sources)} Python files under {PACKAGE}"
    return sources


def _core_sources() -> dict[str, str]:
    """The core's Python modules, by their path under src/sixtysix/core."""
    core = PACKAGE / "core"
    sources = {
        path.relative_to(core).as_posix(): path.read_text(encoding="utf-8") for path in sorted(core.rglob("*.py"))
    }
    assert len(sources) >= 10, f"the scan read {len(sources)} Python files under {core}"
    return sources


def _c_sources() -> dict[str, str]:
    """The native core's C sources and headers, by file name."""
    sources = {path.name: path.read_text(encoding="utf-8") for path in sorted((ROOT / "native").glob("*.[ch]"))}
    assert len(sources) >= _AT_LEAST_C, f"the scan read {len(sources)} C files under {ROOT / 'native'}"
    return sources


def _page_sources() -> dict[str, str]:
    """The page's JavaScript, pages/ included, by its path under web/static/js."""
    js = PACKAGE / "web" / "static" / "js"
    sources = {path.relative_to(js).as_posix(): path.read_text(encoding="utf-8") for path in sorted(js.rglob("*.js"))}
    assert len(sources) >= _AT_LEAST_JS, f"the scan read {len(sources)} JavaScript files under {js}"
    return sources


_C_COMMENT = re.compile(r"/\*.*?\*/|//[^\n]*", re.S)


def _c_offences(sources: dict[str, str]) -> list[str]:
    """The C core takes the target and the scale from Python (``Rules.target``, ``Rules.scale``): no
    66 and no game points 2 or 3 written in its code (comments aside)."""
    found = []
    for name, text in sorted(sources.items()):
        code = _C_COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
        for number, line in enumerate(code.splitlines(), 1):
            if re.search(r"(?<![\w.])66(?![\w.])", line):
                found.append(f"native/{name}:{number}: {line.strip()}  -> r->target")
            if re.search(r"\?\s*[23]\s*:\s*[23]\b|RESULT\([^)]*,\s*[123]\)", line):
                found.append(f"native/{name}:{number}: {line.strip()}  -> r->scale[WIN_…]")
    return found


_JS_STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`(?:[^`\\]|\\.)*`""")


def _page_offences(sources: dict[str, str]) -> list[str]:
    """The page's explanations translate the engine's reason codes: they read no termination nor option."""
    found = []
    for name, text in sorted(sources.items()):
        for number, line in enumerate(text.splitlines(), 1):
            code = _JS_STRING.sub('""', line.split("//", 1)[0])
            for pattern, instead in _PAGE_EXPLAINED.items():
                if re.search(pattern, code):
                    found.append(f"web/static/js/{name}:{number}: {line.strip()}  -> {instead}")
    return found


def test_the_scans_read_the_repository_they_stand_in() -> None:
    assert (ROOT / "pyproject.toml").is_file() and (PACKAGE / "core" / "facts.py").is_file()


def test_outside_the_core_the_deal_target_is_never_a_literal() -> None:
    assert _target_literals(_python_sources()) == []


def test_the_scan_finds_a_literal_target_but_not_the_word() -> None:
    sources = {
        "ai/x.py": "if view.score >= 66:\n    pass\n",
        "rl/y.py": "SCALE = 66.0\n",
        "present/z.py": 'TEXT = "claim 66"  # 66 in words\n',
    }
    assert [found.split(":")[0:2] for found in _target_literals(sources)] == [["ai/x.py", "1"], ["rl/y.py", "1"]]


def test_the_c_core_writes_neither_the_target_nor_the_scale() -> None:
    assert _c_offences(_c_sources()) == []


def test_the_c_scan_finds_a_target_and_a_scale_but_not_in_comments() -> None:
    sources = {
        "engine.c": "/* reach 66 */\nif (score >= 66) win();\nint p = three ? 3 : 2;\n",
        "solve.c": "// 66\nint x = r->target;\n",
    }
    assert [found.split(":")[0:2] for found in _c_offences(sources)] == [
        ["native/engine.c", "2"],
        ["native/engine.c", "3"],
    ]


def test_the_page_explains_a_deal_by_the_engines_reasons_only() -> None:
    assert _page_offences(_page_sources()) == []


def test_the_page_scan_finds_a_decision_on_the_termination() -> None:
    sources = {"describe.js": "switch (outcome.termination) {\n// outcome.termination\nconst r = outcome.reasons;\n"}
    assert [found.split(":")[0:2] for found in _page_offences(sources)] == [["web/static/js/describe.js", "1"]]


def test_outside_the_core_no_rule_fact_is_written_again_and_no_table_kind_is_tested() -> None:
    assert _offences(_source_lines()) == []


def test_the_scan_finds_a_rule_fact_and_accepts_a_reason() -> None:
    lines = [
        ("ai/x.py", 1, "suit = card >> 3"),
        ("web/y.py", 2, "if isinstance(deal, FourHandedDeal):"),
        ("web/y.py", 3, "if isinstance(deal, FourHandedDeal):  # why: the schema of version 1"),
        ("tui/z.py", 4, "points = 40 if trump else 20"),
        ("present/w.py", 5, "if rules.beaten_closer_points == 'flat_two':"),
        ("ai/v.py", 6, "if rules.beaten_closer_points == 'flat_two':"),
        ("present/w.py", 7, "if outcome.termination == Termination.CLAIM:"),
        ("tui/u.py", 8, "why = f'all the tricks: {_points(3)}'"),
        ("rl/t.py", 9, "top = 6 if rules.closed_deal_double else 3"),
        ("present/s.py", 10, "elif outcome.game_points == 2:"),
    ]
    assert [offence.split(":")[0:2] for offence in _offences(lines)] == [
        ["ai/x.py", "1"],
        ["web/y.py", "2"],
        ["tui/z.py", "4"],
        ["present/w.py", "5"],
        ["present/w.py", "7"],
        ["tui/u.py", "8"],
        ["rl/t.py", "9"],
        ["present/s.py", "10"],
    ]


# A name imported only to be imported again from here (``from m import X as X``, ``X = m.X``): importers
# take it from the module that defines it. A package's ``__init__.py`` is its public face and may.
_RE_EXPORTS = re.compile(r"^from [\w.]+ import (\w+) as \1\b|^(\w+) = \w+\.\2\s*(#|$)")


def _re_exports(sources: dict[str, str]) -> list[str]:
    return [
        f"{relative}:{number}: {line.strip()}  -> import it from where it is defined"
        for relative, text in sorted(sources.items())
        if not relative.endswith("__init__.py")
        for number, line in enumerate(text.splitlines(), 1)
        if _RE_EXPORTS.search(line)
    ]


def test_no_module_passes_on_a_name_it_imported() -> None:
    sources = _python_sources() | {f"core/{name}": text for name, text in _core_sources().items()}
    assert _re_exports(sources) == []


def test_the_re_export_scan_finds_both_shapes_but_not_a_package_face() -> None:
    sources = {
        "core/game.py": "from sixtysix.core.outcome import Outcome as Outcome\nfrom x import y as z\n",
        "present/describe.py": "trick_points = facts.trick_points\nLIMIT = facts.LIMIT  # the core's\nN = facts.M\n",
        "protocol/__init__.py": "from sixtysix.protocol.host import Host as Host\n",
    }
    assert [found.split(":")[0:2] for found in _re_exports(sources)] == [
        ["core/game.py", "1"],
        ["present/describe.py", "1"],
        ["present/describe.py", "2"],
    ]
