"""Every path the maps name exists: README.md, ARCHITECTURE.md, bench/README.md and docs/, and
the docstrings and comments of the code.

A path is a word with a slash (`tournaments/services/hands.py`, `tests/flows/`, a module's
attribute as `clubs/services.partnerships_ensure`), read from the repository's top or, in the
short form the maps use inside an app (`domain/table_shapes.py`, `services/rounds`), from an app's
folder; a bare file name (`ruleset.py`) must be some tracked file's name.
"""

from __future__ import annotations

import ast
import io
import re
import subprocess
import tokenize
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
APPS = ("tournaments", "clubs", "scoring", "config", "bench", "tests", "tests/tournaments")
# A word with a slash is a path when it starts with one of these, or with a folder of the
# repository's top or of an app's (so `20/s`, `yes/no` and a port's `5432/canasta` are not).
TOP = (
    "scoring",
    "clubs",
    "tournaments",
    "config",
    "templates",
    "tests",
    "bench",
    "static",
    "deploy",
    "locale",
    "docs",
)
# Names in the maps that are no file of this repository, and why.
NOT_FILES = {
    "rules.md": "the rules of every variant, in the shared material beside the repository",
    "trial.json": "the multi-node trial's report, written where TRIAL_REPORT says",
    "file.json": "a file of the reader's choice, in a setting's example",
    "glossary.md": "the terms in five languages, in the shared material beside the repository",
    "Chart.js": "the charting library the pages load, not a file of this repository",
}
# A path-like word: segments of letters, digits, `.`, `_`, `-` joined by slashes, or a file name.
WORD = re.compile(
    r"(?<![\w./<>{}:-])((?:[\w.-]+/)+[\w.-]*|[\w-]+\.(?:py|md|txt|ini|toml|cfg|json|ya?ml|html|js|css|service))"
    r"(?![\w/<>{}])"
)


def _maps() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / "ARCHITECTURE.md",
        ROOT / "bench" / "README.md",
        *sorted((ROOT / "docs").glob("*.md")),
    ]


@cache
def _tracked_names() -> frozenset[str]:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return frozenset(Path(line).name for line in files.splitlines())


def _exists(word: str) -> bool:
    if "/" not in word:
        return word in _tracked_names() or word in NOT_FILES
    candidates = [word]
    head, _, tail = word.rpartition("/")
    if "." in tail and not tail.endswith(".py") and not (ROOT / word).exists():  # module.attribute
        module = f"{head}/{tail.partition('.')[0]}"
        candidates += [f"{module}.py", f"{module}/__init__.py"]
    candidates += [f"{c}.py" for c in list(candidates) if not c.endswith((".py", "/"))]
    return any((base / c).exists() for c in candidates for base in (ROOT, *(ROOT / app for app in APPS)))


def _is_path(word: str) -> bool:
    if "/" not in word:
        return "." in word
    first = word.partition("/")[0]
    return first in TOP or (ROOT / first).is_dir() or any((ROOT / app / first).is_dir() for app in APPS)


def _paths(text: str) -> set[str]:
    found = set()
    for match in WORD.finditer(text):
        word = match.group(1).rstrip(".,:;")
        if text[match.end() : match.end() + 1] == "*":  # a pattern (`tests/scoring/cases/option-*.json`)
            if not any(base.glob(f"{word}*") for base in (ROOT, *(ROOT / app for app in APPS))):
                found.add(f"{word}*")
            continue
        # Not a URL, nor a path on the machine (`/usr/bin/chromium`, `./canasta.env` beside a command).
        if not word.startswith(("http", "www.", "./")) and "//" not in word and _is_path(word):
            found.add(word)
    return found


def test_the_path_finder_finds_paths() -> None:
    words = _paths(
        "See `tournaments/services/hands.py`, domain/table_shapes.py and `ruleset.py`; 1/2, /events/1/, "
        "20 hands/s, localhost:5432/canasta, TRUE/FALSE."
    )
    assert words == {"tournaments/services/hands.py", "domain/table_shapes.py", "ruleset.py"}
    assert _exists("clubs/services.partnerships_ensure") and _exists("services/rounds")
    assert not _exists("tournaments/selectors.py") and not _exists("nowhere.py")


@pytest.mark.parametrize("doc", [str(path.relative_to(ROOT)) for path in _maps()])
def test_every_path_a_map_names_exists(doc: str) -> None:
    missing = sorted(word for word in _paths((ROOT / doc).read_text(encoding="utf-8")) if not _exists(word))
    assert missing == []


def _docstrings_and_comments(path: Path) -> str:
    """The docstrings and comments of a Python file, one text."""
    source = path.read_text(encoding="utf-8")
    texts = [
        node.body[0].value.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
        and isinstance(node.body[0].value.value, str)
    ]
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    texts += [token.string for token in tokens if token.type == tokenize.COMMENT]
    return "\n".join(texts)


def _code_files() -> list[str]:
    files = subprocess.run(["git", "ls-files", "*.py"], cwd=ROOT, capture_output=True, text=True, check=True)
    return [name for name in files.stdout.splitlines() if "/migrations/" not in name]


def test_the_code_reader_reads_docstrings_and_comments(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text('"""See tournaments/nowhere.py."""\n\n# and clubs/gone.py\nx = "scoring/not_read.py"\n')
    assert _paths(_docstrings_and_comments(module)) == {"tournaments/nowhere.py", "clubs/gone.py"}


@pytest.mark.parametrize("module", _code_files())
def test_every_path_a_docstring_or_comment_names_exists(module: str) -> None:
    text = _docstrings_and_comments(ROOT / module)
    missing = sorted(word for word in _paths(text) if not _exists(word))
    assert missing == []
