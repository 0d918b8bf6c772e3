"""No import cycles in the package (docs/architecture.md, "Imports"): every module can be
read, and imported, before the modules it is imported by."""

from __future__ import annotations

import grimp


def _cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The groups of modules that import each other, directly or not (Tarjan's strongly
    connected components, iterative), each of two modules or more."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    for root in sorted(graph.modules):
        if root in index:
            continue
        work = [(root, iter(sorted(graph.find_modules_directly_imported_by(root))))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            module, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append(
                        (child, iter(sorted(graph.find_modules_directly_imported_by(child))))
                    )
                elif child in on_stack:
                    low[module] = min(low[module], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == module:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return groups


def test_the_finder_sees_a_cycle() -> None:
    graph = grimp.ImportGraph()
    for name in ("pkg", "pkg.a", "pkg.b", "pkg.c", "pkg.d"):
        graph.add_module(name)
    graph.add_import(importer="pkg.a", imported="pkg.b")
    graph.add_import(importer="pkg.b", imported="pkg.c")
    graph.add_import(importer="pkg.c", imported="pkg.a")
    graph.add_import(importer="pkg.d", imported="pkg.a")
    assert _cycles(graph) == [["pkg.a", "pkg.b", "pkg.c"]]


def test_no_module_imports_itself_through_others() -> None:
    """Imports inside functions count too: a deferred import keeps startup light, it does
    not make a cycle right."""
    graph = grimp.build_graph("dicepoker_tui", exclude_type_checking_imports=True)
    assert _cycles(graph) == []
