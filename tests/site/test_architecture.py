"""The direction of the imports, read from the source (ast, nothing is imported):

    scoring  <-  tournaments/domain  <-  services, selectors  <-  pages, API, tasks

(a) no import cycle among the project's modules, counting the imports made at module level
(an import inside a function runs later, when it is called: allowed, see DEFERRED);
(b) clubs does not import tournaments (any import, inside functions too);
(c) scoring and tournaments/domain import no framework and no model: scoring nothing of the
project, tournaments/domain only scoring and itself (any import, inside functions too);
(d) pages, the API and their forms write no row themselves: every write goes through a service.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("clubs", "config", "scoring", "tournaments")
FRAMEWORKS = ("django", "rest_framework", "celery", "django_tables2")
FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)

# (a) An import inside a function body runs when the function is called, so it is not an
# edge of the graph. There are 15 such import statements of project modules today (the test
# below keeps the number true): tournaments.workers.tasks 6, tournaments.selectors 3,
# clubs.services 2, config.health 2, clubs.apps 1 (the signal receivers, connected once the apps
# are loaded, as Django asks), tournaments.apps 1 (the tasks, registered by name). Three of them
# break a cycle: tournaments.workers.tasks imports workers.queue,
# services inside its tasks, because services -> standings_queue -> tasks
# (a rebuild is queued as a task). The other eleven only put off loading a module.
DEFERRED = 15


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {
    _module_name(path): path
    for package in PACKAGES
    for path in sorted((ROOT / package).rglob("*.py"))
    if "migrations" not in path.parts
}


def _imports(path: Path) -> Iterator[tuple[str, int | None]]:
    """(dotted name, line if inside a function else None) for each name the file imports;
    `from a import b` gives a.b when that is a module, else a."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]

    def walk(node: ast.AST, in_function: bool) -> Iterator[tuple[ast.AST, bool]]:
        for child in ast.iter_child_nodes(node):
            yield child, in_function
            yield from walk(child, in_function or isinstance(child, FUNCTIONS))

    for node, in_function in walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)), False):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        deferred = node.lineno if in_function else None
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, deferred
        else:
            base = node.module or ""
            if node.level:
                anchor = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{anchor}.{base}" if base else anchor
            for alias in node.names:
                yield (f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base), deferred


def _module_level(name: str) -> set[str]:
    return {target for target, deferred in _imports(MODULES[name]) if deferred is None}


def _anywhere(name: str) -> set[str]:
    return {target for target, _ in _imports(MODULES[name])}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle as a path [a, b, ..., a], or None (depth-first search)."""
    done: set[str] = set()
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return None
        path.append(node)
        for target in sorted(graph[node]):
            if cycle := visit(target):
                return cycle
        path.pop()
        done.add(node)
        return None

    return next((cycle for node in sorted(graph) if (cycle := visit(node))), None)


def _is_under(name: str, package: str) -> bool:
    return name == package or name.startswith(package + ".")


def test_there_are_modules_to_check() -> None:
    assert "tournaments.domain.seating" in MODULES
    assert "clubs.models" in MODULES
    assert len(MODULES) > 50


def test_no_import_cycle_at_module_level() -> None:
    graph = {name: _module_level(name) & MODULES.keys() for name in MODULES}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


def test_deferred_imports_are_counted() -> None:
    statements = sorted(
        {
            (name, line)
            for name, path in MODULES.items()
            for target, line in _imports(path)
            if line is not None and target in MODULES
        }
    )
    assert len(statements) == DEFERRED, f"update DEFERRED and the comment above it: {statements}"


@pytest.mark.parametrize("name", sorted(n for n in MODULES if _is_under(n, "clubs")))
def test_clubs_does_not_import_tournaments(name: str) -> None:
    # Any import, inside functions too: the demo loader, which records the demo club's hands
    # through the tournament services, is a tournaments command for that reason.
    assert not {target for target in _anywhere(name) if _is_under(target, "tournaments")}


PURE = {
    "scoring": ("scoring",),
    "tournaments.domain": ("scoring", "tournaments.domain"),
}


@pytest.mark.parametrize("name", sorted(n for n in MODULES if any(_is_under(n, package) for package in PURE)))
def test_pure_layers_import_no_framework_and_no_model(name: str) -> None:
    allowed = next(allowed for package, allowed in PURE.items() if _is_under(name, package))
    bad = sorted(
        target
        for target in _anywhere(name)
        if target.partition(".")[0] in FRAMEWORKS
        or (target.partition(".")[0] in PACKAGES and not any(_is_under(target, ok) for ok in allowed))
    )
    assert bad == []


# (d) Pages, the API and the admin's neighbours write nothing themselves: every write goes
# through a service (tournaments/services, clubs/services), where the rules and the locks are.
FRONT_DOORS = ("tournaments.web", "tournaments.api", "clubs.views", "clubs.api", "clubs.forms")
# Methods that write rows, called on a model, a manager, a queryset or a model form.
WRITES = {"save", "delete", "create", "get_or_create", "update_or_create", "bulk_create", "bulk_update"}


def _writes(path: Path) -> list[str]:
    """`line: call` for each call in the file that writes rows: one of WRITES, or `update(...)`
    on a queryset (a chain through `.objects` or `.filter(...)`; a dict's update is not one)."""

    def chain(node: ast.AST) -> set[str]:
        names = set()
        while isinstance(node, ast.Attribute | ast.Call):
            if isinstance(node, ast.Attribute):
                names.add(node.attr)
                node = node.value
            else:
                node = node.func
        return names

    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
            continue
        method, receiver = node.func.attr, chain(node.func.value)
        if method in WRITES or (method == "update" and receiver & {"objects", "filter", "exclude", "all"}):
            found.append(f"{node.lineno}: {ast.unparse(node.func)}(…)")
    return found


def test_the_write_check_finds_writes(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def view(request, game):\n"
        "    game.save()\n"
        "    Game.objects.filter(pk=1).update(game_over=True)\n"
        "    context = {}\n"
        "    context.update(game=game)\n"
    )
    assert [line.partition(":")[0] for line in _writes(sample)] == ["2", "3"]


FRONT_DOOR_MODULES = sorted(n for n in MODULES if any(_is_under(n, door) for door in FRONT_DOORS))


@pytest.mark.parametrize("name", FRONT_DOOR_MODULES)
def test_pages_and_the_api_write_only_through_services(name: str) -> None:
    assert _writes(MODULES[name]) == []
