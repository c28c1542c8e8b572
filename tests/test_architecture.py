"""The shape of the code: a game is its package plus one registry entry, the import drawing has no circle and
no upward arrow, scenes reach each other by name, and no function is too tangled to read."""

import ast
from pathlib import Path

import pytest
from radon.complexity import cc_visit
from radon.visitors import Class

from game.registry import GAMES

ROOT = Path(__file__).resolve().parent.parent
GAME = ROOT / "game"
MOST_COMPLEX = 12  # cyclomatic complexity of any function in game/
MOST_LOCAL_IMPORTS = 5  # imports written inside functions, each with a comment saying why


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(GAME.rglob("*.py"))}
GAME_PACKAGES = {info.package for info in GAMES.values() if info.package.startswith("game.")}


def package_of(module: str) -> str | None:
    return next((package for package in GAME_PACKAGES if module == package or module.startswith(package + ".")), None)


def imports(path: Path) -> list[tuple[str, ast.AST, bool]]:
    """(imported module, the node, written inside a function) for every import of a module of the game (those
    made only for the type checker too: they are arrows of the drawing all the same)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []

    def visit(node, in_function: bool) -> None:
        if isinstance(node, ast.Import):
            found.extend((alias.name, node, in_function) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.extend((_target(node.module, alias.name), node, in_function) for alias in node.names)
        inside = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
        for child in ast.iter_child_nodes(node):
            visit(child, inside)

    visit(tree, False)
    return [(name, node, inside) for name, node, inside in found if name.split(".")[0] == "game"]


def _target(module: str, name: str) -> str:
    """`from game.ui import theme` imports the module game.ui.theme; `from game.ui.theme import BG` game.ui.theme."""
    return f"{module}.{name}" if f"{module}.{name}" in MODULES else module


GRAPH = {module: sorted({name for name, _, _ in imports(path)} - {module}) for module, path in MODULES.items()}


def test_no_shared_module_names_a_game():
    """Outside its own package and the registry, no module mentions a game's id or package (the tests' toy
    game included): what a shared module needs to know about a game, it asks the registry entry."""
    words = {w for info in GAMES.values() for w in (info.id, info.package.split(".")[-1], info.id.replace("-", " "))}
    found = []
    for module, path in MODULES.items():
        if package_of(module) or module == "game.registry":
            continue
        text = path.read_text(encoding="utf-8").lower()
        found += [f"{module}: {word}" for word in sorted(words) if word.lower() in text]
    assert not found, found


def test_shared_modules_import_no_game_and_games_import_no_other_game():
    wrong = []
    for module, targets in GRAPH.items():
        for target in targets:
            theirs = package_of(target)
            if theirs and theirs != package_of(module):
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong


def test_the_import_drawing_has_no_circle():
    state: dict[str, str] = {}

    def visit(module: str, path: list[str]) -> None:
        state[module] = "open"
        for target in GRAPH.get(module, []):
            if state.get(target) == "open":
                raise AssertionError(" -> ".join(path[path.index(target):] + [target]) if target in path
                                     else f"{module} -> {target}")
            if target not in state:
                visit(target, path + [target])
        state[module] = "done"

    for module in GRAPH:
        if module not in state:
            visit(module, [module])


LAYERS = [  # lowest first: a module may import its own layer and the ones below, never one above
    ("game", "game.core", "game.timing"),  # the package itself holds only its version
    ("game.paths", "game.storage", "game.registry", "game.controls", "game.settings", "game.saves", "game.stats",
     "game.tournament"),
    ("game.ui", "game.phones"),
    ("game.scenes",),
    ("game.app", "game.warm_up", "game.phones.smoke", "game.smoke", "game.bench", "game.tour", "game.tools",
     "game.__main__"),
]


def layer_of(module: str) -> int | None:
    if package_of(module):
        return None  # a game sits on the shared floor and is reached by the registry, by name
    best = None
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (level, len(prefix))
    return best[0] if best else None


def test_no_upward_arrow():
    """The shared floor never imports up: core knows nothing above it, scenes never import the app."""
    wrong = []
    for module, targets in GRAPH.items():
        mine = layer_of(module)
        for target in targets:
            theirs = layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{module} -> {target}")
    assert not wrong, wrong
    assert all(layer_of(module) is not None for module in MODULES if not package_of(module)), \
        [module for module in MODULES if not package_of(module) and layer_of(module) is None]


def test_scenes_do_not_import_each_other():
    """A shared scene reaches another through the scene stack, by name; only the bases are imported (a game's
    table and lesson derive from them)."""
    bases = {"game.scenes.base", "game.scenes.stack", "game.scenes.table", "game.scenes.tutorial"}
    wrong = [f"{module} -> {target}" for module, targets in GRAPH.items() for target in targets
             if target.startswith("game.scenes.") and target not in bases]
    assert not wrong, wrong


def test_imports_inside_functions_are_few_and_say_why():
    local = []
    for module, path in MODULES.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        for _, node, inside in imports(path):
            if inside:
                written = lines[node.lineno - 1:node.end_lineno]
                previous = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                local.append((module, node.lineno, any("#" in line for line in written) or previous.startswith("#")))
    places = sorted({(module, line) for module, line, _ in local})
    assert len(places) <= MOST_LOCAL_IMPORTS, places
    assert all(commented for _, _, commented in local), [entry for entry in local if not entry[2]]


def functions(blocks):
    """Every function, method and closure among radon's blocks (radon lists methods beside their class, whose
    own figure sums them)."""
    for block in blocks:
        if not isinstance(block, Class):
            yield block
            yield from functions(block.closures)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_function_is_too_complex(module):
    blocks = cc_visit(MODULES[module].read_text(encoding="utf-8"))
    tangled = [f"{f.fullname} ({f.complexity})" for f in functions(blocks) if f.complexity > MOST_COMPLEX]
    assert not tangled, tangled
