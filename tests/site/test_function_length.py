"""Functions of one idea: no function of the services, the selectors, the pages, the API or the
tasks runs over MAX_LINES lines of code (its docstring and signature not counted). A longer one
is split into named steps that read as the rule reads (docs/development.md, "The layers")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MAX_LINES = 60
LAYERS = (
    "tournaments/services",
    "tournaments/selectors",
    "tournaments/web",
    "tournaments/api",
    "tournaments/workers",
    "clubs/services",
    "clubs/selectors",
    "clubs/web",
    "clubs/api",
)


def _code_lines(function: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines from the first statement after the docstring to the function's last line."""
    first = function.body[0]
    docstring = (
        isinstance(first, ast.Expr)
        and isinstance(first.value, ast.Constant)
        and isinstance(first.value.value, str)
    )
    if docstring and len(function.body) > 1:
        first = function.body[1]
    end = function.end_lineno or first.lineno
    return end - first.lineno + 1


def _functions(path: Path) -> list[tuple[str, int]]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        (node.name, _code_lines(node))
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    ]


FILES = sorted(
    str(path.relative_to(ROOT))
    for layer in LAYERS
    for path in ([ROOT / layer] if layer.endswith(".py") else (ROOT / layer).rglob("*.py"))
)


def test_the_measure_counts_code_not_the_docstring(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text('def f(\n    a,\n):\n    """Doc.\n\n    More.\n    """\n    x = a\n    return x\n')
    assert _functions(sample) == [("f", 2)]


@pytest.mark.parametrize("name", FILES)
def test_no_function_runs_over_sixty_lines(name: str) -> None:
    long = [(function, lines) for function, lines in _functions(ROOT / name) if lines > MAX_LINES]
    assert long == [], f"split into named steps: {long}"
