"""Every message a service raises reaches the user in the page's language.

Reads the services' source: each `ValidationError(...)` they raise must carry its words
through gettext (`_("...")`, possibly `% {...}`), or through a function of the display layer
that translates by code (`describe`, `describe_scale`, `describe_rules`, ...). A plain string,
an f-string or `str(exc)` (an English message from below) fails, naming the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SERVICES = [
    *sorted((ROOT / "tournaments" / "services").glob("*.py")),
    *sorted((ROOT / "clubs" / "services").glob("*.py")),
]
# gettext, the display layer's translators by code, and the hand services' placement of the
# engine's (already translated) problems by field.
TRANSLATING = {"_", "gettext", "ngettext", "describe", "describe_scale", "describe_rules", "_errors_by_field"}


def _untranslated(node: ast.AST) -> list[ast.AST]:
    """The parts of a ValidationError's message that are words not passed through gettext."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node]
    if isinstance(node, ast.JoinedStr):
        return [node]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return _untranslated(node.left)
    if isinstance(node, ast.Call):
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        return [] if name in TRANSLATING else [node]
    if isinstance(node, ast.Dict):
        return [part for value in node.values for part in _untranslated(value)]
    if isinstance(node, ast.List | ast.Tuple):
        return [part for item in node.elts for part in _untranslated(item)]
    return []  # a name or attribute: a message built (and checked) elsewhere


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    problems = []
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "ValidationError"
            and node.args
        ):
            for part in _untranslated(node.args[0]):
                problems.append(f"{path.relative_to(ROOT)}:{part.lineno}: {ast.unparse(part)[:70]}")
    return problems


@pytest.mark.parametrize("path", SERVICES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_message_a_service_raises_is_translated(path):
    assert _problems(path) == []


def test_the_check_finds_an_untranslated_message(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "def f(exc, n):\n"
        '    raise ValidationError("plain")\n'
        '    raise ValidationError({"field": f"{n} players"})\n'
        '    raise ValidationError({"options": str(exc)})\n'
        '    raise ValidationError(_("fine %(n)s") % {"n": n})\n'
        '    raise ValidationError({"tie_breaks": describe_scale(exc)})\n'
    )
    found = [line.split(":")[1] for line in _problems_outside_root(sample)]
    assert found == ["2", "3", "4"]


def _problems_outside_root(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    return [
        f"{path.name}:{part.lineno}"
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "ValidationError"
        for part in _untranslated(node.args[0])
    ]
