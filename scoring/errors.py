"""Domain errors of the scoring engine.

Plain exceptions with plain data: the Django side turns them into form errors or API
responses. Nothing here knows about requests, forms or the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class Problem:
    """One reason an entry cannot be scored, and where it is.

    `hand` is the 0-based hand index (None for the sheet itself), `side` the side label and
    `field` the score-sheet field (or sheet key) at fault; each is None where it does not apply.
    """

    message: str
    hand: int | None = None
    side: str | None = None
    field: str | None = None

    def as_dict(self) -> dict[str, object]:
        """The contract's error shape: {"hand", "side", "field", "message"}."""
        return {
            "hand": self.hand,
            "side": self.side,
            "field": self.field,
            "message": self.message,
        }


class InvalidRules(ValueError):
    """A variant or house-rule option the engine cannot apply (unknown, unsupported, bad value).

    `option` names the offending option (None when the variant itself is the problem).
    """

    def __init__(self, message: str, *, option: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.option = option


class UnsupportedVariant(InvalidRules):
    """A variant of the score-sheet contract that this engine does not score yet."""


class InvalidHandEntry(ValueError):
    """One or more side entries of a hand cannot occur under the rules (rules.md §4).

    `problems` holds every problem found, each naming its side and field.
    """

    def __init__(self, problems: Iterable[Problem]) -> None:
        self.problems = tuple(problems)
        super().__init__("; ".join(p.message for p in self.problems))


class SheetRejected(ValueError):
    """A score sheet with at least one rejected entry; nothing of it may be scored or saved.

    `errors` is a list of {"hand": int | None, "side": str | None, "field": str | None,
    "message": str} dicts (hand 0-based, None for sheet-level errors), as the contract prints them.
    """

    def __init__(self, errors: list[dict[str, object]]) -> None:
        self.errors = errors
        super().__init__("; ".join(str(e["message"]) for e in errors))
