"""Score a whole score sheet, the import and exchange format (cases/README.md). Its extensions:
docs/engine.md#score-sheets-and-their-extensions."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scoring.engine import HandScore
from scoring.errors import InvalidRules, Problem, SheetRejected
from scoring.progress import (
    MAX_START_TOTAL,
    Bad,
    GameProgress,
    game_resume,
    read_players,
    read_sides,
    read_start,
    score_hands,
)
from scoring.rules import RuleSet, rules_for

__all__ = ["MAX_START_TOTAL", "GameResult", "score_sheet", "sheet_result"]

_SHEET_KEYS = ("variant", "options", "sides", "players", "start", "hands")


@dataclass(frozen=True, slots=True, kw_only=True)
class GameResult:
    """A whole sheet scored: the variant's key, each hand's scores (HandScore) and the game's
    state after the last hand (GameProgress: totals, next minimums, game over, winner).
    `as_dict()` is the contract's result, what `score_sheet` returns."""

    variant: str
    hands: tuple[HandScore, ...]
    state: GameProgress

    def as_dict(self) -> dict[str, Any]:
        """The contract's result, JSON-ready (`score_sheet`)."""
        return {
            "variant": self.variant,
            "hands": [hand.as_dict() for hand in self.hands],
            **self.state.result(),
        }


def score_sheet(sheet: Any) -> dict[str, Any]:
    """Score every hand of `sheet` and return the contract's result (`sheet_result`'s, as_dict).

    All values are points; for Brazilian the result also has "initial_meld_requirement". Raises
    SheetRejected whose `.errors` lists {"hand", "side", "field", "message"} dicts (hand 0-based;
    None for sheet-level errors)."""
    return sheet_result(sheet).as_dict()


def sheet_result(sheet: Any) -> GameResult:
    """Score every hand of `sheet` (`score_sheet`), the result typed: a GameResult. Raises
    SheetRejected as `score_sheet` does."""
    problems: list[Problem] = []
    rules, sides, players, start, hands = _read_sheet(sheet, problems)
    if rules is None or sides is None or players is None or start is None or hands is None:
        raise SheetRejected(problems)
    progress = game_resume(rules, sides, start, hands=0, players=players)
    scored_hands, progress, hand_problems = score_hands(rules, progress, hands)
    problems.extend(hand_problems)
    if problems:
        raise SheetRejected(problems)
    return GameResult(variant=rules.key, hands=tuple(scored_hands), state=progress)


def _read_sheet(
    sheet: Any, problems: list[Problem]
) -> tuple[RuleSet | None, list[str] | None, int | None, dict[str, int] | None, list[Any] | None]:
    """The sheet's rules at its table (with its options), sides, players a side, starting
    totals and hands; None for each part with problems (added to `problems`)."""

    def bad(field: str | None, code: str, message: str, **params: Any) -> None:
        problems.append(Problem(field=field, code=code, message=message, params=params))

    if type(sheet) is not dict:
        bad(None, "sheet_not_object", "the score sheet must be a JSON object with variant, sides and hands")
        return None, None, None, None, None
    for key in sheet:
        if key not in _SHEET_KEYS:
            bad(
                str(key),
                "unknown_sheet_key",
                f"unknown score-sheet key {key!r} (expected: {', '.join(_SHEET_KEYS)})",
                key=str(key),
                expected=list(_SHEET_KEYS),
            )
    variant = None
    if "variant" not in sheet:
        bad("variant", "missing_variant", "the score sheet does not say which variant it is")
    else:
        try:
            variant = rules_for(sheet["variant"])
        except InvalidRules as exc:
            bad("variant", exc.code, exc.message, **exc.params)
    sides = read_sides(sheet.get("sides"), variant, bad)
    players = None
    if variant is not None and sides is not None:
        players = read_players(sheet.get("players"), variant, sides, problems)
    rules = _sheet_rules(sheet, variant, sides, players, bad)
    start = read_start(sheet.get("start"), sides, bad) if sides is not None else None
    if rules is not None and rules.deals and sheet.get("start") is not None:
        # Hand and Foot minimums go by deal, and a total does not say which deal comes next.
        bad(
            "start",
            "start_not_allowed",
            f"a {rules.name} sheet cannot start from totals; enter the earlier deals as hands",
            variant=rules.key,
            variant_name=rules.name,
        )
        start = None
    hands = sheet.get("hands")
    if type(hands) is not list:
        bad("hands", "hands_not_list", "the hands must be a list of hands (one entry per side each)")
        hands = None
    return rules, sides, players, start, hands


def _sheet_rules(
    sheet: dict[str, Any], variant: RuleSet | None, sides: list[str] | None, players: int | None, bad: Bad
) -> RuleSet | None:
    """The variant's rules at the sheet's table, its options applied; None after `bad`."""
    if variant is None:
        return None
    options = sheet.get("options")
    if options is not None and type(options) is not dict:
        bad("options", "options_not_object", "the options must be an object of house-rule names and values")
        return None
    table = {"sides": len(sides), "players": players} if sides is not None and players is not None else {}
    try:
        return rules_for(variant.key, options, **table)
    except InvalidRules as exc:
        bad("options", exc.code, exc.message, **exc.params)
        return None
