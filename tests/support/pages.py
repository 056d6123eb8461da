"""Reading the product's pages in a browser test as a person reads them: a data table by its
column headings, a figure as printed. Shared by the whole-night tests (tests/flows/)."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any


def figure(text: str) -> int:
    """A whole number as the pages print it: "1685", "+120", "−85" (a true minus sign),
    isolated for right-to-left text by invisible marks."""
    digits = re.sub(r"[^0-9-]", "", text.replace("\u2212", "-"))
    if not re.fullmatch(r"-?[0-9]+", digits):
        raise ValueError(f"not a figure: {text!r}")
    return int(digits)


def table_rows(page: Any, selector: str) -> list[dict[str, str]]:
    """The body rows of the data table at `selector` (Playwright), each a dict of its cells'
    text by their column's heading, hidden columns included."""
    table = page.locator(selector)
    headings = [h.strip() for h in table.locator("thead th").all_text_contents()]
    return [
        dict(zip(headings, (cell.strip() for cell in row.locator("td").all_text_contents()), strict=True))
        for row in table.locator("tbody tr").all()
    ]


def until(condition: Callable[[], bool], seconds: float = 15.0) -> None:
    """Wait until `condition()` holds (the server has what a page sent: a page may answer
    before its request is stored), checking every 50 ms; AssertionError after `seconds`."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"still not so after {seconds} s: {condition}")
        time.sleep(0.05)
