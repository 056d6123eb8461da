"""The layers, checked two ways.

(a) The imports: the contracts in `.importlinter` (layers of each app, the pure packages, the
services' one door to the workers, no circle between siblings at any depth), which
import-linter checks over grimp's graph of every import statement, inside functions too. Here:
that they hold, and that they break when a back edge is written inside a function body.
(b) The writes, which no import contract can say: pages, the API and their forms write no row
themselves (every write goes through a service), read from the source with ast: a write method
on a model, a manager or a model form; `update`/`add`/`remove`/`clear`/`set` on a queryset, a
related manager (`game.hands.update(...)`) or a name bound to either; a transaction opened.
"""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest
from django.apps import apps

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("clubs", "config", "scoring", "tournaments")
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")


def _lint_imports(root: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(LINT_IMPORTS), "--no-cache", "--no-logo", str(root / ".importlinter")],
        cwd=root,
        env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_import_contracts_hold() -> None:
    result = _lint_imports(ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "0 broken" in result.stdout


def _copy_of_the_tree(tmp_path: Path) -> Path:
    for package in PACKAGES:
        shutil.copytree(ROOT / package, tmp_path / package, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / ".importlinter", tmp_path / ".importlinter")
    return tmp_path


def test_a_back_edge_inside_a_function_breaks_the_contracts(tmp_path: Path) -> None:
    """A service that reaches the tasks from inside a function, as the old code did."""
    tree = _copy_of_the_tree(tmp_path)
    hands = tree / "tournaments" / "services" / "hands.py"
    hands.write_text(
        hands.read_text(encoding="utf-8")
        + "\n\ndef _ratings_now(club_id):\n"
        + "    from tournaments.workers.tasks import ratings_recompute\n\n"
        + "    ratings_recompute.delay(club_id=club_id)\n",
        encoding="utf-8",
    )
    result = _lint_imports(tree)
    assert result.returncode == 1, result.stdout
    broken = result.stdout.split("Broken contracts", 1)[1]
    for contract in ("the services never import the workers", "No cycles are allowed in tournaments"):
        assert contract in broken
    assert "tournaments.services.hands -> tournaments.workers.tasks" in broken


def test_a_model_imported_by_the_engine_inside_a_function_breaks_the_contracts(tmp_path: Path) -> None:
    tree = _copy_of_the_tree(tmp_path)
    engine = tree / "scoring" / "engine.py"
    engine.write_text(
        engine.read_text(encoding="utf-8") + "\n\ndef _peek():\n    from django.db import models\n",
        encoding="utf-8",
    )
    result = _lint_imports(tree)
    assert result.returncode == 1
    assert "scoring.engine -> django (l." in result.stdout.split("Broken contracts", 1)[1]


# (b) Pages, the API and the admin's neighbours write nothing themselves: every write goes
# through a service (tournaments/services, clubs/services), where the rules and the locks are.
FRONT_DOORS = ("tournaments/web", "tournaments/api", "clubs/web", "clubs/api")
# Methods that write rows whatever they are called on (a model, a manager, a queryset, a form).
WRITES = {"save", "delete", "create", "get_or_create", "update_or_create", "bulk_create", "bulk_update"}
# Methods that write rows when called on a queryset or a related manager (a dict has `update`).
QUERYSET_WRITES = {"update", "add", "remove", "clear", "set"}
# What makes a queryset out of a manager or another queryset.
QUERYSET_STEPS = {
    "objects",
    "all",
    "filter",
    "exclude",
    "select_related",
    "prefetch_related",
    "order_by",
    "annotate",
    "distinct",
    "only",
    "defer",
    "none",
    "select_for_update",
}


@cache
def _related_managers() -> frozenset[str]:
    """The names of every related manager on the project's models: reverse foreign keys and
    many-to-many fields, both ways (`game.hands`, `event.participants`, `club.events`)."""
    names = set()
    for model in apps.get_models():
        if model.__module__.partition(".")[0] not in PACKAGES:
            continue
        names |= {rel.get_accessor_name() for rel in model._meta.related_objects if rel.get_accessor_name()}
        names |= {field.name for field in model._meta.many_to_many}
    return frozenset(names)


@cache
def _queryset_selectors() -> frozenset[str]:
    """The selectors that return a queryset (their return annotation says `QuerySet`)."""
    found = set()
    for path in [
        *sorted((ROOT / "tournaments" / "selectors").glob("*.py")),
        *sorted((ROOT / "clubs" / "selectors").glob("*.py")),
    ]:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.returns and "QuerySet" in ast.unparse(node.returns):
                found.add(node.name)
    return frozenset(found)


def _chain(node: ast.AST) -> tuple[set[str], str | None]:
    """The attribute and call names along `a.b(...).c`, and the root name (`a`)."""
    names = set()
    while isinstance(node, ast.Attribute | ast.Call | ast.Subscript):
        if isinstance(node, ast.Attribute):
            names.add(node.attr)
            node = node.value
        elif isinstance(node, ast.Call):
            if isinstance(node.func, ast.Name):
                names.add(node.func.id)
            node = node.func
        else:
            node = node.value
    return names, node.id if isinstance(node, ast.Name) else None


def _writes(path: Path) -> list[str]:
    """`line: call` for each place in the file that writes rows or opens a transaction."""
    related, selectors = _related_managers(), _queryset_selectors()

    def makes_queryset(value: ast.AST, bound: set[str]) -> bool:
        names, root = _chain(value)
        return bool(names & (QUERYSET_STEPS | related | selectors)) or root in bound

    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    scopes = [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef))]
    for scope in scopes:
        bound: set[str] = set()  # names bound to a queryset or a related manager in this scope
        for node in ast.walk(scope):
            if isinstance(node, ast.Assign | ast.AnnAssign) and node.value is not None:
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                if makes_queryset(node.value, bound):
                    bound |= {t.id for t in targets if isinstance(t, ast.Name)}
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            method, receiver = node.func.attr, node.func.value
            if (
                method in WRITES
                or (method in QUERYSET_WRITES and makes_queryset(receiver, bound))
                or (method == "atomic" and _chain(receiver)[1] == "transaction")
            ):
                found.append(f"{node.lineno}: {ast.unparse(node.func)}(…)")
    return sorted(set(found), key=lambda line: int(line.partition(":")[0]))


def test_the_write_check_finds_writes(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def view(request, game, event, form):\n"
        "    game.save()\n"  # 2
        "    Game.objects.filter(pk=1).update(game_over=True)\n"  # 3
        "    game.hands.update(version=2)\n"  # 4: a related manager
        "    pending = Hand.objects.filter(game=game)\n"
        "    pending.update(confirmed_at=None)\n"  # 6: a queryset held in a variable
        "    mine = games_visible_to(user=request.user)\n"
        "    mine.update(game_over=False)\n"  # 8: a selector's queryset
        "    event.participants.add(request.user)\n"  # 9: a many-to-many
        "    with transaction.atomic():\n"  # 10
        "        pass\n"
        "    context = {}\n"
        "    context.update(game=game)\n"  # a dict: not a write
        "    form.fields.update(extra=None)\n"  # a form's fields: not a write
        "    seen = set()\n"
        "    seen.add(game.pk)\n",  # a set: not a write
        encoding="utf-8",
    )
    assert [line.partition(":")[0] for line in _writes(sample)] == ["2", "3", "4", "6", "8", "9", "10"]


FRONT_DOOR_MODULES = sorted(
    str(path.relative_to(ROOT))
    for door in FRONT_DOORS
    for path in ([ROOT / door] if door.endswith(".py") else sorted((ROOT / door).rglob("*.py")))
)


def test_there_are_front_doors_to_check() -> None:
    assert "tournaments/web/table.py" in FRONT_DOOR_MODULES
    assert "tournaments/api/games.py" in FRONT_DOOR_MODULES
    assert {"hands", "participants", "events"} <= _related_managers()
    assert {"games_visible_to", "events_visible_to"} <= _queryset_selectors()


@pytest.mark.parametrize("name", FRONT_DOOR_MODULES)
def test_pages_and_the_api_write_only_through_services(name: str) -> None:
    assert _writes(ROOT / name) == []


# (c) A test module imports no other test module: what two of them share is in tests/support/.
TESTS = ROOT / "tests"


def _test_modules_imported(path: Path) -> list[str]:
    """The test modules (test_*.py) that `path` imports, at any depth of its code."""
    imported = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        else:
            continue
        imported += [n for n in names if n.startswith("tests.") and n.rpartition(".")[2].startswith("test_")]
    return imported


def test_no_test_module_imports_another() -> None:
    reaching = {
        str(path.relative_to(ROOT)): imported
        for path in sorted(TESTS.rglob("test_*.py"))
        if "node_modules" not in path.parts and (imported := _test_modules_imported(path))
    }
    assert not reaching, reaching
