"""The rules engine and the tournament algorithms import nothing from a framework or from the
project's Django apps: `scoring/` nothing of the project at all, `tournaments/domain/` only
`scoring` and its own modules."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import scoring
import tournaments.domain

FORBIDDEN = {
    "django",
    "rest_framework",
    "celery",
    "django_tables2",
    "clubs",
    "tournaments",
}
MODULES = sorted(Path(scoring.__file__).parent.rglob("*.py"))
DOMAIN = Path(tournaments.domain.__file__).parent
DOMAIN_MODULES = sorted(DOMAIN.rglob("*.py"))


def _imports(path: Path) -> set[str]:
    """Every module the file imports, anywhere in it (inside functions too), by its full name."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def _top_level_imports(path: Path) -> set[str]:
    return {name.split(".")[0] for name in _imports(path)}


def test_there_are_modules_to_check() -> None:
    assert len(MODULES) >= 5
    assert len(DOMAIN_MODULES) >= 7


@pytest.mark.parametrize("path", MODULES, ids=[p.name for p in MODULES])
def test_scoring_module_imports_no_framework(path: Path) -> None:
    assert not _top_level_imports(path) & FORBIDDEN


@pytest.mark.parametrize("path", DOMAIN_MODULES, ids=[str(p.relative_to(DOMAIN)) for p in DOMAIN_MODULES])
def test_domain_module_imports_no_framework(path: Path) -> None:
    outside = {
        name
        for name in _imports(path)
        if name.split(".")[0] in FORBIDDEN and not (name + ".").startswith("tournaments.domain.")
    }
    assert not outside
