"""Entering a hand on a phone as a person does, counting what it costs: shared by the browser
tests (tests/tournaments/web/test_browser_entry.py) and the bench (bench/entry_bench.py).

An *action* is one tap (a stepper, a box, a button) or one number typed into a field (the
tap that puts the cursor there and the digits together, as a scorer thinks of "entering 310").
*Key presses* count every tap and every digit apart: the tap into the field and each digit.
Before each action the control must already be on the screen: a control that is not is
counted as a scroll (the hand did not fit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class HandCost:
    actions: int = 0
    key_presses: int = 0
    scrolls: int = 0
    log: list[str] = field(default_factory=list)


class Scorer:
    """Types hands into the table page in `page` (Playwright), counting their cost."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.cost = HandCost()

    def _on_screen(self, locator: Any) -> None:
        box = locator.bounding_box()
        viewport = self.page.viewport_size
        inside = (
            box is not None
            and box["y"] >= 0
            and box["y"] + box["height"] <= viewport["height"]
            and box["x"] >= 0
            and box["x"] + box["width"] <= viewport["width"]
        )
        if not inside:
            self.cost.scrolls += 1
            self.cost.log.append(f"scroll to {locator}")

    def tap(self, locator: Any, what: str = "") -> None:
        self._on_screen(locator)
        locator.tap()
        self.cost.actions += 1
        self.cost.key_presses += 1
        self.cost.log.append(f"tap {what}")

    def number(self, name: str, value: int) -> None:
        field_ = self.page.locator(f"[name='{name}']")
        self._on_screen(field_)
        field_.tap()
        field_.press_sequentially(str(value))
        self.cost.actions += 1
        self.cost.key_presses += 1 + len(str(value))
        self.cost.log.append(f"type {name}={value}")

    def side(self, side: str, entry: dict[str, Any], kinds: dict[str, str]) -> None:
        """One side's entry, each field as the page offers it (`kinds`: field -> kind)."""
        for name, value in entry.items():
            if value in (0, None, False, ""):
                continue  # an empty field is 0: nothing to do
            full = f"{side}-{name}"
            kind = kinds[name]
            if kind == "flag":
                self.tap(self.page.locator(f"[name='{full}']"), full)
            elif kind == "count":
                plus = self.page.locator(".stepper", has=self.page.locator(f"[name='{full}']")).locator(
                    ".step-up"
                )
                for _ in range(value):
                    self.tap(plus, f"{full} +")
            elif kind == "choice":
                select = self.page.locator(f"[name='{full}']")
                self._on_screen(select)
                select.select_option(value)
                self.cost.actions += 2  # open the list, pick the line
                self.cost.key_presses += 2
            else:
                self.number(full, value)

    def hand(self, entries: dict[str, dict[str, Any]], kinds: dict[str, str]) -> HandCost:
        """Enter one hand and tap Save; the cost of it. Opens "More" (one tap) when a rare
        field is needed."""
        self.cost = HandCost()
        more = self.page.locator("#more-fields")
        needs_more = any(
            value not in (0, None, False, "") and more.locator(f"[name='{side}-{name}']").count()
            for side, entry in entries.items()
            for name, value in entry.items()
        )
        if needs_more and self.page.locator("#more-fields[open]").count() == 0:
            self.tap(self.page.locator("#more-fields > summary"), "More")
        for side, entry in entries.items():
            self.side(side, entry, kinds)
        self.tap(self.page.locator("#save-hand"), "Save")
        return self.cost

    def quick_hand(self, entries: dict[str, dict[str, Any]], variant: str) -> HandCost:
        """Enter one hand by the quick path (*Total only*, the first total ready to type): each
        side's score typed with the keyboard's Next between them and its Go to save, the ±
        control tapped for a negative score; a tap into the first total when it is not ready."""
        import scoring

        self.cost = HandCost()
        sheet = {"variant": variant, "sides": list(entries), "hands": [entries]}
        scores = scoring.score_sheet(sheet)["hands"][0]
        first = self.page.locator(f"[name='{next(iter(entries))}-total']")
        if not first.evaluate("(el) => el === document.activeElement"):
            self.tap(first, "first total")
        for side in entries:
            score = scores[side]["score"]
            self.page.keyboard.type(str(abs(score)))
            self.cost.actions += 1
            self.cost.key_presses += len(str(abs(score)))
            if score < 0:
                self.tap(self.page.locator(f"[name='{side}-total'] + .sign-toggle"), f"{side} ±")
            self.page.keyboard.press("Enter")  # Next, then Go on the last
            self.cost.key_presses += 1
            self.cost.log.append(f"type {side}-total={score}, Enter")
        return self.cost

    def total_hand(self, entries: dict[str, dict[str, Any]], variant: str) -> HandCost:
        """Enter one hand in *Total only* mode, each side's score as a paper pad has it (the
        engine's score of `entries`), with the ± control for a negative score; tap Save."""
        import scoring

        self.cost = HandCost()
        sheet = {"variant": variant, "sides": list(entries), "hands": [entries]}
        scores = scoring.score_sheet(sheet)["hands"][0]
        for side, entry in entries.items():
            score = scores[side]["score"]
            self.number(f"{side}-total", abs(score))
            if score < 0:
                self.tap(self.page.locator(f"[name='{side}-total'] + .sign-toggle"), f"{side} ±")
            if entry.get("went_out"):
                self.tap(self.page.locator(f"[name='{side}-went_out']"), f"{side}-went_out")
        self.tap(self.page.locator("#save-hand"), "Save")
        return self.cost
