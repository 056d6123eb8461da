"""Small builders shared by the scoring tests (plain data, no database)."""

from __future__ import annotations

from typing import Any

import scoring


def sheet(
    variant: str,
    *hands: dict[str, Any],
    sides: tuple[str, ...] = ("NS", "EW"),
    **extra: Any,
) -> dict[str, Any]:
    """A score sheet in the contract's shape."""
    return {"variant": variant, "sides": list(sides), "hands": list(hands), **extra}


def errors_of(data: Any) -> list[dict[str, Any]]:
    """The errors a rejected sheet reports; fails the test if the sheet is accepted."""
    try:
        scoring.score_sheet(data)
    except scoring.SheetRejected as exc:
        return exc.errors
    raise AssertionError("the sheet was accepted, but it should be rejected")


def where(errors: list[dict[str, Any]]) -> set[tuple[Any, Any, Any]]:
    """(hand, side, field) of every error."""
    return {(e["hand"], e["side"], e["field"]) for e in errors}


# A side of two partners that neither melded nor went out: each partner still holds at least one
# card, and every card left in hand is worth at least 5 points (rules.md §1.0 and the note at the
# end of §3), so 5 + 5 = 10 hand points; it scores −10.
HOLDING = {"hand_points": 10}
