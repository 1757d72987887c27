"""The import graph of ``engine``, ``grammars`` and ``voice_host``: no circle, no arrow back up.

Every import counts, wherever it stands: at the top of a module, inside a function,
or under ``TYPE_CHECKING``. The rooms and their order are the picture of
``docs/architecture.md``; a room may import itself and any room below it, never one
above. The games' rooms (one folder a game in each layer) never import each other.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("engine", "grammars", "voice_host")

#: The rooms, from the top floor down: a room may import only rooms on its own floor's
#: list (itself) and below it. A room is a package or module prefix; the longest prefix wins.
FLOORS: tuple[tuple[str, ...], ...] = (
    ("voice_host.__main__", "voice_host.launch"),
    ("voice_host.cli",),
    ("voice_host.evening",),
    ("voice_host.games",),
    ("voice_host.board",),
    ("voice_host.listen",),
    ("voice_host.hearing",),
    ("voice_host.model",),
    ("voice_host.speak",),
    ("voice_host.audio",),
    ("voice_host.terminal",),
    ("voice_host.core",),
    ("voice_host.storage",),
    ("voice_host.platform",),
    ("voice_host", "voice_host.errors", "voice_host.limits", "voice_host.user_command"),
    ("grammars.tokio", "grammars.yatzi"),
    ("grammars.evening",),
    ("grammars",),
    ("engine.tokio", "engine.yatzi"),
    ("engine",),
)

#: Each game's folder in each layer; outside them only the registry names a game.
GAME_ROOMS = {
    "tokio": ("engine.tokio", "grammars.tokio", "voice_host.games.tokio"),
    "yatzi": ("engine.yatzi", "grammars.yatzi", "voice_host.games.yatzi"),
}
REGISTRY = "voice_host.games.registry"


def modules() -> dict[str, Path]:
    """Every module of the three packages, by dotted name."""
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def imported(name: str, known: dict[str, Path]) -> str | None:
    """The module of ours that ``import name`` loads (its longest known prefix), or None."""
    while name and name not in known:
        name = name.rpartition(".")[0]
    return name or None


def arrows(known: dict[str, Path]) -> Iterator[tuple[str, str]]:
    """(importer, imported) for every import statement anywhere in every module of ours."""
    for module, path in known.items():
        package = module if path.name == "__init__.py" else module.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
            for target in targets:
                found = imported(target, known)
                if found is not None and found != module:
                    yield module, found


def room_of(module: str) -> tuple[int, str]:
    """The floor (0 = top) and the room of ``module``: the longest room that is a prefix of it."""
    best: tuple[int, str] | None = None
    for floor, rooms in enumerate(FLOORS):
        for room in rooms:
            if (module == room or module.startswith(room + ".")) and (best is None or len(room) > len(best[1])):
                best = (floor, room)
    assert best is not None, f"{module} is in no room of FLOORS"
    return best


def game_of(module: str) -> str | None:
    return next((game for game, rooms in GAME_ROOMS.items()
                 if any(module == room or module.startswith(room + ".") for room in rooms)), None)


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for succ in sorted(edges.get(node, ())):
            if succ not in index:
                visit(succ)
                low[node] = min(low[node], low[succ])
            elif succ in on_stack:
                low[node] = min(low[node], index[succ])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(edges):
        if node not in index:
            visit(node)
    return found


@pytest.fixture(scope="module")
def graph() -> dict[str, set[str]]:
    known = modules()
    edges: dict[str, set[str]] = {module: set() for module in known}
    for source, target in arrows(known):
        edges[source].add(target)
    return edges


def test_the_graph_is_read_from_every_kind_of_import() -> None:
    known = {"a": Path("a.py"), "a.b": Path("a/b.py"), "c": Path("c.py")}
    source = "from a import b\nif TYPE_CHECKING:\n    import c\ndef f():\n    from a.b import x\n"
    tree = ast.parse(source)
    seen = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            seen |= {imported(alias.name, known) for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            seen |= {imported(f"{node.module}.{alias.name}", known) for alias in node.names}
    assert seen == {"a.b", "c"}


def test_the_cycle_finder_finds_a_circle_closed_inside_a_function() -> None:
    assert cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_circle(graph: dict[str, set[str]]) -> None:
    found = cycles(graph)
    assert not found, "\n".join(" <-> ".join(c) for c in found)


def test_no_arrow_runs_back_up(graph: dict[str, set[str]]) -> None:
    upward = [
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        if room_of(target)[0] < room_of(source)[0]
    ]
    assert not upward, "\n".join(upward)


def test_only_a_game_and_the_registry_import_a_game(graph: dict[str, set[str]]) -> None:
    crossing = [
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        if game_of(target) is not None and source != REGISTRY and game_of(source) != game_of(target)
    ]
    assert not crossing, "\n".join(crossing)


def test_every_module_is_in_a_room() -> None:
    for module in modules():
        room_of(module)
