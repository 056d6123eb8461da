"""The rules engine imports nothing from a framework or from the project's Django apps."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scoring

FORBIDDEN = {
    "django",
    "rest_framework",
    "celery",
    "django_tables2",
    "clubs",
    "tournaments",
}
MODULES = sorted(Path(scoring.__file__).parent.rglob("*.py"))


def _top_level_imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) >= 5


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_scoring_module_imports_no_framework(path: Path) -> None:
    assert not _top_level_imports(path) & FORBIDDEN
