"""axe-core in the browser tests: the marks of a test that injects it (a browser test, which
fails without axe-core under CI and is skipped elsewhere), and `_check`, axe's violations on a
page and what a person reading and tapping needs beyond axe's rules (text of 16 px, controls of
44 px). `make axe` installs axe-core from the npm registry into tests/js/."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.support import browser

AXE = Path(__file__).resolve().parents[1] / "js" / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = list(browser.pytestmark)
if not AXE.exists():
    if os.environ.get("CI") or os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(f"{AXE} is missing: run `make axe` (npm ci in tests/js)")
    pytestmark.append(pytest.mark.skip(reason="axe-core is not installed (make axe)"))


# What a person reading and tapping needs, beyond axe's rules.
SIZES = """() => {
  const problems = [];
  const visible = (el) => {
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none';
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const text = walker.currentNode.textContent.trim(), el = walker.currentNode.parentElement;
    if (!text || !el || !visible(el) || el.closest('.visually-hidden, svg, script, style')) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < 15.95) problems.push(`text ${size}px: ${el.tagName} "${text.slice(0, 30)}"`);
  }
  // A link inside a sentence is a word of it, not a control (WCAG 2.5.5's exception).
  const inSentence = (a) => {
    const p = a.parentElement;
    return p && p.textContent.trim() !== a.textContent.trim() && !p.matches('nav, td, th');
  };
  const controls = 'button, select, summary, a[href], input:not([type=hidden])';
  document.querySelectorAll(controls).forEach((el) => {
    if (!visible(el) || el.closest('.visually-hidden') || (el.matches('a') && inSentence(el))) return;
    // A box or a round button is tapped through its label.
    const target = el.matches('[type=checkbox], [type=radio]') ? el.closest('label') || el : el;
    const r = target.getBoundingClientRect();
    if (r.width < 43.5 || r.height < 43.5) {
      const name = el.name || el.id || el.textContent.trim().slice(0, 30);
      problems.push(`target ${Math.round(r.width)}x${Math.round(r.height)}: ${el.tagName} ${name}`);
    }
  });
  return problems;
}"""


def _check(
    page, where: str, impacts: tuple[str, ...] = ("serious", "critical"), tags: list[str] | None = None
) -> list[str]:
    """axe's violations of `impacts` on the page (its default rules, or those of `tags`), and
    the SIZES problems, each named by `where`."""
    page.add_script_tag(path=str(AXE))
    options = json.dumps({"runOnly": {"type": "tag", "values": tags}} if tags else {})
    result = page.evaluate(f"async () => JSON.stringify(await axe.run(document, {options}))")
    problems = [
        f"{where}: {v['id']} ({v['impact']}) {v['help']}: "
        + "; ".join(
            node["target"][0] if isinstance(node["target"][0], str) else str(node["target"])
            for node in v["nodes"][:3]
        )
        for v in json.loads(result)["violations"]
        if v["impact"] in impacts
    ]
    problems += [f"{where}: {p}" for p in page.evaluate(SIZES)]
    return problems
