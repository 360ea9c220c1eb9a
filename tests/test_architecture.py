"""The shape of the code: no import cycle anywhere (the layers contract is `lint-imports` in `make lint`)."""

from __future__ import annotations

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
