"""Score a whole score sheet: the project's import and exchange format (cases/README.md).

A sheet is plain JSON data: {"variant", "options"?, "sides", "start"?, "hands"}. The result is
the contract's output dict; any rejected entry rejects the whole sheet with every error found
(all shape errors of every hand, and the rule errors of each hand up to the first bad one,
after which totals are unknown and only the checks that do not need them run).

Extensions to the contract (all optional; a sheet without them reads as before):

Players. `"players": 1` says how many players each side has in one hand, where the variant is
played both ways with this many sides (Samba and Spanish: two sides of one player or of two
partners; three sides alone or of two). Without it, the variant's first table with that many
sides is meant (`RuleSet.tables`): two partnerships, three players alone. It decides the checks
that depend on partners (a side of one that goes out holds no cards, rules.md §4 #18; how many
players can be caught holding three aces).

Entry modes. Each side's entry in each hand is one of three; a sheet may mix them freely, across
hands and across the sides of one hand.

- Summary (the contract's entry): `melded_points`, `hand_points` and the other fields.
- Card count: the summary fields without `melded_points` and `hand_points`, plus
  `"cards": {"melded": {"jokers": 1, "twos": 2, "aces": 3, "high": 7, "low": 4,
  "black_threes": 0}, "in_hand": {...}}` (`high` = 8 to K, `low` = 4 to 7; missing kinds and
  places are 0). The engine computes both points fields at the variant's card values
  (`scoring.cards`, rules.md §1.0; a black three in hand 100 in Bolivia, Brazilian and
  Greek-Spanish) and scores the entry exactly as the summary entry with those points. Giving
  `melded_points` or `hand_points` beside `cards` is an error (one source for the points, so
  the two can never disagree). Errors name `cards.melded.jokers`-style fields, and
  `cards.melded` / `cards.in_hand` where the computed points are at fault. The counts are also
  checked against the pack (per side and over all sides that counted) and against the side's
  canastas (wild and natural cards each canasta needs).
- Total only: `{"total": 1285}`, the side's hand score as written on a paper pad, with at most
  `went_out` (so "two sides went out" and the game's flow can still be checked) and
  `penalty_points` (a director's penalty, subtracted as in the other modes) beside it. The
  total must be an int, a multiple of 5 and within `RuleSet.hand_score_bounds`, a safe
  [derived] range of what one side can score in one hand of the variant (for classic -3180 to
  7680). Its breakdown is one item, "hand_total". Nothing else about it can be checked.

The initial-meld check (rules.md §4 #21) needs a side's melded points, so it is skipped for a
total-only entry: that hand's opening meld is not checked. The totals stay exact, so the next
hand's minimum, and its check for a summary or card-count entry, are unaffected.

Initial meld that is not a number of points (Brazilian from 7000, rules.md §1.6).
`initial_meld[side]` stays an int: the points minimum that applies (0 where the requirement is
only a kind of canasta, 200 at 8000-8995). For a variant with such requirements (Brazilian
only), the result also has `"initial_meld_requirement": {side: code or null}`, code one of
"canasta" (7000-7995), "canasta_200" (8000-8995: a canasta and at least 200 melded points) or
"natural_canasta" (9000 and up); null where only the points minimum applies. Other variants'
results do not have the key.
"""

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

    Returns {"variant": str, "hands": [{side: {"score": int, "breakdown": [{"item": str,
    "points": int, "count"?: int, "name"?: str}]}}], "totals": {side: int},
    "initial_meld": {side: int} (the minimum for the next hand), "game_over": bool,
    "winner": side | None}, and for Brazilian "initial_meld_requirement": {side: str | None}
    (module docstring). All values are points. Raises SheetRejected whose `.errors` lists
    {"hand", "side", "field", "message"} dicts (hand 0-based; None for sheet-level errors).
    The hands are scored one after the other by `scoring.progress.score_hands`, as a game
    kept hand by hand scores them.
    """
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
