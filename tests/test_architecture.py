"""The house's plan, checked from the source: one direction of imports, each idea in its room.

STYLE.md draws the layers ``engine ← store ← ui ← app``: a module imports only its own
layer and those below it, and no set of modules imports itself round in a circle.  The
graph is built from the source with :mod:`ast`, so it counts every import a reader sees —
inside functions and under ``if TYPE_CHECKING:`` as well as at the top — not only what
one run happened to execute.  The package's own top-level modules (``incognito_nb``
itself, ``demo``, ``__main__``) are the engine's facade and sit on its layer.

The same walk checks three habits of the house: the ``Game`` owns its state (no other
module reads one of its private attributes), front-end code lives in ``.js`` files beside
its widget (no Python string holds JavaScript), and a module stays short enough to read
in one sitting.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "incognito_nb"
LAYERS = ("engine", "store", "ui", "app")
MAX_LINES = 600
GAME = PACKAGE / "engine" / "game.py"


def module_name(path: Path) -> str:
    """Returns the dotted name of a source file of the package."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def sources() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


MODULES = sources()


def imported(name: str, path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """Returns the package's modules that one import statement names (``from x import y``
    names ``x.y`` when that is a module, else ``x``)."""
    if isinstance(node, ast.Import):
        targets = [alias.name for alias in node.names]
    else:
        if node.level:
            package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
            base = package[: len(package) - (node.level - 1)]
            origin = ".".join(base + ([node.module] if node.module else []))
        else:
            origin = node.module or ""
        targets = [f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in MODULES else origin
                   for alias in node.names]
    found = []
    for target in targets:
        while target and target not in MODULES and "." in target:
            target = target.rsplit(".", 1)[0]
        if target in MODULES and target != name:
            found.append(target)
    return found


def import_graph() -> dict[str, set[str]]:
    """Returns, for each module of the package, the package's modules it imports."""
    graph = {}
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        graph[name] = {target for node in ast.walk(tree) if isinstance(node, (ast.Import, ast.ImportFrom))
                       for target in imported(name, path, node)}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Returns each set of modules that import one another round in a circle (Tarjan's
    strongly connected components of more than one module, or a module importing itself)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        for other in sorted(graph[module]):
            if other not in index:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], index[other])
        if low[module] == index[module]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def layer(module: str) -> int:
    """Returns the layer of a module: 0 engine (and the package's facade), 1 store, 2 ui, 3 app."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else 0


def test_the_circle_finder_finds_a_circle_and_passes_a_line():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_graph_sees_imports_inside_functions_and_for_type_checking():
    graph = import_graph()
    # engine/game.py's own imports, whichever form they take, are all seen.
    assert "incognito_nb.engine.rules" in graph["incognito_nb.engine.game"]
    assert "incognito_nb.engine" in graph["incognito_nb"]
    assert len(graph) == len(MODULES) > 60


def test_no_module_imports_itself_round_a_circle():
    found = circles(import_graph())
    assert found == [], "import circles: " + "; ".join(" ↔ ".join(c) for c in found)


def test_every_import_runs_down_the_layers_engine_store_ui_app():
    upward = [f"{module} ({LAYERS[layer(module)]}) imports {other} ({LAYERS[layer(other)]})"
              for module, others in import_graph().items() for other in sorted(others)
              if layer(other) > layer(module)]
    assert upward == [], "imports that run up the layers:\n" + "\n".join(upward)


def private_attributes_of_game() -> set[str]:
    """Returns the names of the ``Game``'s own private attributes and methods, read from
    ``engine/game.py`` (``self._x`` assigned or called there)."""
    tree = ast.parse(GAME.read_text(encoding="utf-8"))
    game = next(node for node in tree.body if isinstance(node, ast.ClassDef) and node.name == "Game")
    names = {node.attr for node in ast.walk(game)
             if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name)
             and node.value.id == "self" and node.attr.startswith("_") and not node.attr.startswith("__")}
    names |= {node.name for node in game.body
              if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name.startswith("_")
              and not node.name.startswith("__")}
    return names


def test_no_module_but_the_game_reads_a_games_private_attribute():
    private = private_attributes_of_game()
    assert {"_players", "_rules", "_seed", "_drawings", "_votes"} <= private
    reads = []
    for name, path in MODULES.items():
        if path == GAME:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr in private
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                reads.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno} .{node.attr}")
    assert reads == [], "private attributes of Game read outside engine/game.py:\n" + "\n".join(reads)


#: What marks a string as JavaScript (or a page's script) rather than words or CSS.
JAVASCRIPT = re.compile(
    r"\bexport\s+default\b|\bfunction\s*\w*\s*\(|=>\s*[{(\w]|\baddEventListener\s*\(|\bdocument\.\w"
    r"|\bwindow\.\w|\blocalStorage\b|<script\b|\b(?:const|let|var)\s+\w+\s*=|\bconsole\.\w",
)


def strings(tree: ast.AST):
    """Yields each string literal of a module with its line, docstrings left out."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            yield node.lineno, node.value


def test_the_javascript_finder_knows_a_script_from_words():
    script = ast.parse('_ESM = """export default { render({ model, el }) { el.addEventListener("x", () => 1); } }"""')
    words = ast.parse('HINT = "Done: the drawing is kept; let the next player draw."\nCSS = ".a { color: red; }"')
    assert [line for line, text in strings(script) if JAVASCRIPT.search(text)] == [1]
    assert [line for line, text in strings(words) if JAVASCRIPT.search(text)] == []


def test_no_python_module_holds_javascript():
    found = [f"{path.relative_to(PACKAGE.parent)}:{line}: {JAVASCRIPT.search(text).group(0)!r}"
             for path in MODULES.values()
             for line, text in strings(ast.parse(path.read_text(encoding="utf-8")))
             if JAVASCRIPT.search(text)]
    assert found == [], "JavaScript in Python strings (move it to a .js file beside its widget):\n" + "\n".join(found)


@pytest.mark.parametrize("suffix", [".py", ".js", ".mjs", ".css"])
def test_no_module_is_over_six_hundred_lines(suffix):
    long = {str(path.relative_to(PACKAGE.parent)): lines for path in sorted(PACKAGE.rglob(f"*{suffix}"))
            if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}, f"modules over {MAX_LINES} lines: {long}"


def test_the_engine_imports_only_the_standard_library_and_itself():
    import sys

    outside = []
    for name, path in MODULES.items():
        if layer(name) != 0:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            roots = ([alias.name for alias in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 else [])
            outside += [f"{name} imports {root}" for root in roots
                        if root.split(".")[0] not in sys.stdlib_module_names | {"incognito_nb"}]
    assert outside == [], "\n".join(outside)
