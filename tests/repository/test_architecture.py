"""The shape of the code: no import cycle anywhere (the layers contract is `lint-imports` in `make lint`)."""

from __future__ import annotations

import pathlib
import re

import grimp


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
}


def _source_lines() -> list[tuple[str, int, str]]:
    root = pathlib.Path(__file__).resolve().parents[2] / "src" / "sixtysix"
    found = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root).as_posix()
        if relative.startswith("core/"):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found.append((relative, number, line))
    return found


def _offences(lines: list[tuple[str, int, str]]) -> list[str]:
    offences = []
    for relative, number, line in lines:
        code = line.split("#", 1)[0] if "# why:" not in line else ""
        if code.lstrip().startswith(">>>"):
            continue
        for pattern, instead in _OUTSIDE_THE_CORE.items():
            if re.search(pattern, code):
                offences.append(f"{relative}:{number}: {line.strip()}  -> {instead}")
    return offences


def test_outside_the_core_no_rule_fact_is_written_again_and_no_table_kind_is_tested() -> None:
    assert _offences(_source_lines()) == []


def test_the_scan_finds_a_rule_fact_and_accepts_a_reason() -> None:
    lines = [
        ("ai/x.py", 1, "suit = card >> 3"),
        ("web/y.py", 2, "if isinstance(deal, FourHandedDeal):"),
        ("web/y.py", 3, "if isinstance(deal, FourHandedDeal):  # why: the schema of version 1"),
        ("tui/z.py", 4, "points = 40 if trump else 20"),
    ]
    assert [offence.split(":")[0:2] for offence in _offences(lines)] == [
        ["ai/x.py", "1"],
        ["web/y.py", "2"],
        ["tui/z.py", "4"],
    ]
