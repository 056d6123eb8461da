"""Victory-point scales and tie-break orders; pure (docs/seating.md#victory-point-scales)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

# --- scales ---------------------------------------------------------------------------------


# Why a scale or a tie-break order is refused: code -> English template ({name} from the
# params). The pages translate by code (tournaments/display/messages.py, SCALE_TEMPLATES).
SCALE_PROBLEMS: Mapping[str, str] = {
    "unknown_scale": "Unknown victory-point scale {key!r}.",
    "scale_not_object": "The scale must be an object with a total and its bands.",
    "scale_total": "The scale's total must be a whole number above 0.",
    "scale_any_table": 'The scale needs a table for any round length ("any").',
    "table_name": 'Table {table!r}: name a table by its number of hands, or "any".',
    "table_hands": "Table {table!r}: a round has at least one hand.",
    "no_bands": "Table {table}: give at least one band.",
    "band_not_object": "Table {table}, band {band}: a band is an object with from, to, ahead and behind.",
    "band_not_whole": "Table {table}, band {band}: from, to, ahead and behind must be whole numbers.",
    "band_start": (
        "Table {table}, band {band}: starts at {low} but must start at {expected}, so that the "
        "bands leave no gap and do not overlap."
    ),
    "band_end": "Table {table}, band {band}: ends at {high}, before it starts ({low}).",
    "band_open_early": "Table {table}, band {band}: only the last band may be open-ended.",
    "band_last_closed": "Table {table}, band {band}: the last band must be open-ended (to: null).",
    "band_total": "Table {table}, band {band}: {ahead} + {behind} = {sum}, not the total {total}.",
    "band_ahead_less": (
        "Table {table}, band {band}: the side ahead gets at least as many points as the side behind."
    ),
    "band_margin": "Table {table}, band {band}: a wider margin cannot give the side ahead fewer points.",
    "tie_breaks_not_list": "The tie-break order is a list of criteria.",
    "unknown_tie_break": "Unknown tie-break {criterion!r}; choose from {known}.",
    "tie_break_twice": "The tie-break {criterion!r} is listed twice.",
}


class InvalidScale(ValueError):
    """A scale or tie-break order breaking a rule: `code` (SCALE_PROBLEMS) says why, `params`
    where (table, band, numbers); the message is English."""

    def __init__(self, code: str, **params: Any) -> None:
        self.code = code
        self.params = params
        super().__init__(SCALE_PROBLEMS[code].format(**params))


@dataclass(frozen=True, slots=True)
class Band:
    """Differences `low` to `high` (inclusive; `high` None: no end) give the side ahead `ahead`
    victory points, the side behind `behind`."""

    low: int
    high: int | None
    ahead: int
    behind: int


@dataclass(frozen=True, slots=True)
class Scale:
    key: str
    kind: str  # "result" or "difference"
    total: int
    # result scales: victory points for a win, a draw, a loss
    win: int = 2
    draw: int = 1
    loss: int = 0
    # difference scales: hands in the round -> bands; key 0 is the table for any other length
    tables: Mapping[int, tuple[Band, ...]] | None = None

    def bands_for(self, hands: int) -> tuple[Band, ...]:
        assert self.tables is not None
        return self.tables.get(hands) or self.tables[0]


def _bands(rows: Sequence[tuple[int, int, int]]) -> tuple[Band, ...]:
    """Bands from (lowest difference, ahead, behind) rows; each band ends where the next starts."""
    bands = []
    for index, (low, ahead, behind) in enumerate(rows):
        high = rows[index + 1][0] - 1 if index + 1 < len(rows) else None
        bands.append(Band(low, high, ahead, behind))
    return tuple(bands)


# The club's 4-hand table (see the module docstring): difference from -> (ahead, behind).
BURRACO_20_FOUR_HANDS = _bands(
    [
        (0, 10, 10),
        (100, 11, 9),
        (300, 12, 8),
        (500, 13, 7),
        (800, 14, 6),
        (1100, 15, 5),
        (1500, 16, 4),
        (1900, 17, 3),
        (2400, 18, 2),
        (2900, 19, 1),
        (3500, 20, 0),
    ]
)
# The 4-hand edges times 3/4, rounded to a multiple of 5.
BURRACO_20_THREE_HANDS = _bands(
    [
        (0, 10, 10),
        (75, 11, 9),
        (225, 12, 8),
        (375, 13, 7),
        (600, 14, 6),
        (825, 15, 5),
        (1125, 16, 4),
        (1425, 17, 3),
        (1800, 18, 2),
        (2175, 19, 1),
        (2625, 20, 0),
    ]
)

DEFAULT_SCALE = "win-draw-loss"
CUSTOM = "custom"
PRESETS: dict[str, Scale] = {
    # The usual 2-1-0 of club card play: the standings' victory points equal the match points.
    "win-draw-loss": Scale(key="win-draw-loss", kind="result", total=2, win=2, draw=1, loss=0),
    # 3-1-0, as in football leagues: a win is worth more than two draws.
    "three-one-zero": Scale(key="three-one-zero", kind="result", total=3, win=3, draw=1, loss=0),
    "burraco-20": Scale(
        key="burraco-20",
        kind="difference",
        total=20,
        tables={0: BURRACO_20_FOUR_HANDS, 3: BURRACO_20_THREE_HANDS, 4: BURRACO_20_FOUR_HANDS},
    ),
}


def scale_for(key: str, custom: Any = None) -> Scale:
    """The preset `key`, or the club's own table for "custom". Raises InvalidScale for an
    unknown key or a custom table breaking a rule."""
    if key == CUSTOM:
        return scale_from_custom(custom)
    try:
        return PRESETS[key]
    except KeyError:
        raise InvalidScale("unknown_scale", key=key) from None


def scale_from_custom(custom: Any) -> Scale:
    """A difference scale from a club's table, checked (docs/seating.md#victory-point-scales).

    `custom` is JSON: {"total": 20, "tables": {"any": [bands], "3": [bands], ...}}, each band
    {"from": 0, "to": 99, "ahead": 10, "behind": 10}, the last "to": null; {"total": T, "bands":
    [...]} is one table for any length. Raises InvalidScale naming the table and band at fault."""
    if not isinstance(custom, Mapping):
        raise InvalidScale("scale_not_object")
    total = custom.get("total")
    if not isinstance(total, int) or isinstance(total, bool) or total <= 0:
        raise InvalidScale("scale_total")
    raw_tables = custom.get("tables")
    if raw_tables is None and "bands" in custom:
        raw_tables = {"any": custom["bands"]}
    if not isinstance(raw_tables, Mapping) or "any" not in raw_tables:
        raise InvalidScale("scale_any_table")
    tables: dict[int, tuple[Band, ...]] = {}
    for name, rows in raw_tables.items():
        hands = 0 if name == "any" else _hands_key(name)
        tables[hands] = _checked_bands(str(name), rows, total)
    return Scale(key=CUSTOM, kind="difference", total=total, tables=tables)


def _hands_key(name: Any) -> int:
    try:
        hands = int(name)
    except (TypeError, ValueError):
        raise InvalidScale("table_name", table=name) from None
    if hands < 1:
        raise InvalidScale("table_hands", table=name)
    return hands


def _whole(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _checked_bands(name: str, rows: Any, total: int) -> tuple[Band, ...]:
    if not isinstance(rows, list) or not rows:
        raise InvalidScale("no_bands", table=name)
    bands: list[Band] = []
    for number, row in enumerate(rows, start=1):
        where = {"table": name, "band": number}
        if not isinstance(row, Mapping):
            raise InvalidScale("band_not_object", **where)
        low, high, ahead, behind = row.get("from"), row.get("to"), row.get("ahead"), row.get("behind")
        if not (_whole(low) and _whole(ahead) and _whole(behind)) or not (high is None or _whole(high)):
            raise InvalidScale("band_not_whole", **where)
        expected_low = 0 if not bands else (bands[-1].high or 0) + 1
        if low != expected_low:
            raise InvalidScale("band_start", **where, low=low, expected=expected_low)
        if high is not None and high < low:
            raise InvalidScale("band_end", **where, high=high, low=low)
        if high is None and number != len(rows):
            raise InvalidScale("band_open_early", **where)
        if high is not None and number == len(rows):
            raise InvalidScale("band_last_closed", **where)
        if ahead + behind != total:
            raise InvalidScale(
                "band_total", **where, ahead=ahead, behind=behind, sum=ahead + behind, total=total
            )
        if ahead < behind or behind < 0:
            raise InvalidScale("band_ahead_less", **where)
        if bands and ahead < bands[-1].ahead:
            raise InvalidScale("band_margin", **where)
        bands.append(Band(low, high, ahead, behind))
    return tuple(bands)


def side_victory_points(scale: Scale, *, difference: int, hands: int, won: bool, drew: bool) -> int:
    """One side's victory points for a finished game; `difference`: its total minus its
    opponents' (points), `hands`: hands played."""
    if scale.kind == "result":
        return scale.win if won else scale.draw if drew else scale.loss
    margin = abs(difference)
    for band in scale.bands_for(hands):
        if band.high is None or margin <= band.high:
            return band.ahead if difference >= 0 else band.behind
    raise AssertionError("the last band is open-ended")  # checked when the scale was built


def match_points(*, won: bool, drew: bool) -> int:
    """2 for a win, 1 for a draw, 0 for a loss, whatever the scale."""
    return 2 if won else 1 if drew else 0


# --- tie-breaks -----------------------------------------------------------------------------

VICTORY_POINTS = "victory_points"
# Criterion -> (higher is better?). Victory points always come first; the rest in the
# event's order.
CRITERIA: dict[str, bool] = {
    "victory_points": True,
    "match_points": True,
    "point_difference": True,
    "points_for": True,
    "wins": True,
    "points_against": False,
}
DEFAULT_TIE_BREAKS = ("point_difference", "points_for")
TIED = "tied"


def checked_tie_breaks(order: Any) -> tuple[str, ...]:
    """The tie-break order, checked: known criteria, each once, not victory points. Raises
    InvalidScale naming the unknown or repeated criterion."""
    if not isinstance(order, list | tuple):
        raise InvalidScale("tie_breaks_not_list")
    seen: list[str] = []
    for criterion in order:
        if criterion not in CRITERIA or criterion == VICTORY_POINTS:
            known = ", ".join(c for c in CRITERIA if c != VICTORY_POINTS)
            raise InvalidScale("unknown_tie_break", criterion=criterion, known=known)
        if criterion in seen:
            raise InvalidScale("tie_break_twice", criterion=criterion)
        seen.append(criterion)
    return tuple(seen)


def standings_key(values: Mapping[str, int], order: Sequence[str]) -> tuple[int, ...]:
    """Sort key (ascending = best first): victory points, then the tie-breaks in `order`."""
    return tuple(-values[c] if CRITERIA[c] else values[c] for c in (VICTORY_POINTS, *order))


def separating_criterion(
    this: Mapping[str, int], following: Mapping[str, int] | None, order: Sequence[str]
) -> str:
    """The first criterion `this` beats `following` on; "" if last, TIED if equal on all."""
    if following is None:
        return ""
    for criterion in (VICTORY_POINTS, *order):
        if this[criterion] != following[criterion]:
            return criterion
    return TIED
