"""The docs are one map: the README names the two commands and links every page of docs/, and
every relative link in the README, ARCHITECTURE.md, bench/README.md and docs/ leads to a file
that exists (and to one of its headings, when the link names one).

A link is markdown's `[text](target)` or a reference `[name]: target`, outside code. A target
with a scheme (`https:`, `mailto:`) is not checked; `#heading` alone names a heading of the
same page.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"

FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")
INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]*)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?", re.M)
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$", re.M)


def _maps() -> list[Path]:
    return [
        ROOT / "README.md",
        ROOT / "ARCHITECTURE.md",
        ROOT / "bench" / "README.md",
        *sorted(DOCS.glob("*.md")),
    ]


def _prose(text: str) -> str:
    """The text without its code blocks and code spans."""
    return CODE.sub("", FENCE.sub("", text))


def _links(text: str) -> list[str]:
    """The relative links of a page, in order (targets with a scheme left out)."""
    prose = _prose(text)
    found = [*INLINE.findall(prose), *REFERENCE.findall(prose)]
    return [link for link in found if not SCHEME.match(link)]


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*_]|\[([^\]]*)\]\([^)]*\)", r"\1", heading).strip().lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    """The anchors of a page's headings; a repeated heading gets -1, -2, ... as on GitHub."""
    anchors: set[str] = set()
    for heading in HEADING.findall(FENCE.sub("", page.read_text(encoding="utf-8"))):
        slug, n = _slug(heading), 0
        while (slug if n == 0 else f"{slug}-{n}") in anchors:
            n += 1
        anchors.add(slug if n == 0 else f"{slug}-{n}")
    return anchors


def _broken(page: Path) -> list[str]:
    """The links of `page` that lead nowhere: no such file, or no such heading in it."""
    problems = []
    for link in _links(page.read_text(encoding="utf-8")):
        target, _, anchor = unquote(link).partition("#")
        path = (page.parent / target) if target else page
        if not path.exists():
            problems.append(f"{link}: no such file")
        elif anchor and (path.suffix != ".md" or anchor not in _anchors(path)):
            problems.append(f"{link}: no such heading")
    return problems


def _unlinked(readme: Path, docs: Path) -> list[str]:
    """The files of `docs` that `readme` does not link to."""
    text = readme.read_text(encoding="utf-8")
    linked = {(readme.parent / unquote(link).partition("#")[0]).resolve() for link in _links(text)}
    files = (path for path in docs.rglob("*") if path.is_file() and path.resolve() not in linked)
    return sorted(path.relative_to(readme.parent).as_posix() for path in files)


def test_the_link_finder_finds_what_is_wrong(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "linked.md").write_text("# A page\n\n## Its part\n\nBack: [up](../README.md).\n")
    (tmp_path / "docs" / "forgotten.md").write_text("# Nobody links here\n")
    readme = tmp_path / "README.md"
    readme.write_text(
        "# Map\n\n[one](docs/linked.md), [its part](docs/linked.md#its-part), [site](https://example.org),\n"
        "[gone](docs/gone.md), [no part](docs/linked.md#no-part), [here](#map), `[code](docs/code.md)`\n\n"
        "```\n[fenced](docs/fenced.md)\n```\n\n[ref]: docs/missing.md\n"
    )
    assert _unlinked(readme, tmp_path / "docs") == ["docs/forgotten.md"]
    assert _broken(readme) == [
        "docs/gone.md: no such file",
        "docs/linked.md#no-part: no such heading",
        "docs/missing.md: no such file",
    ]
    assert _broken(tmp_path / "docs" / "linked.md") == []
    assert _slug("Who may do what") == "who-may-do-what" and _slug("1. Services and settings") == (
        "1-services-and-settings"
    )


def test_the_readme_links_every_page_of_the_docs() -> None:
    assert sorted(DOCS.glob("*.md")), "docs/ holds the README's pages"
    assert _unlinked(ROOT / "README.md", DOCS) == []


def test_the_readme_names_the_two_commands() -> None:
    """`.ci/run` and everyone after it rely on these two: the README names them first."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "make run" in text and "make test" in text


@pytest.mark.parametrize("doc", [str(path.relative_to(ROOT)) for path in _maps()])
def test_every_link_leads_somewhere(doc: str) -> None:
    assert _broken(ROOT / doc) == []
