"""A side's result in one hand (SideEntry), read from JSON. Design: docs/engine.md#parsing-an-entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from scoring.cards import SideCards, parse_cards
from scoring.errors import InvalidHandEntry, ParamValue, Problem, field_label
from scoring.rules import RuleSet

ENTRY_MODES = ("summary", "cards", "total")
# What a total-only entry may have besides `total` (the pad's figure already holds the rest).
TOTAL_MODE_FIELDS = ("went_out", "penalty_points")

# kind: "points" (card or penalty points: int >= 0, multiple of 5), "count" (int >= 0),
# "flag" (bool), "choice" (one of a variant's names).
FIELD_KINDS: Mapping[str, str] = MappingProxyType(
    {
        "melded_points": "points",
        "hand_points": "points",
        "penalty_points": "points",
        "natural_canastas": "count",
        "mixed_canastas": "count",
        "concealed_natural_canastas": "count",
        "concealed_mixed_canastas": "count",
        "wild_canastas": "count",
        "deuce_canastas": "count",
        "joker_canastas": "count",
        "sevens_canastas": "count",
        "aces_canastas": "count",
        "sequence_canastas": "count",
        "red_threes": "count",
        "red_threes_in_hand": "count",
        "black_threes": "count",
        "captured_black_threes": "count",
        "unfinished_aces": "count",
        "unfinished_sevens": "count",
        "unfinished_wild": "count",
        "players_with_three_aces": "count",
        "players_with_three_sevens": "count",
        "short_sequences": "count",
        "sevens_books": "count",
        "black_three_books": "count",
        "went_out": "flag",
        "concealed": "flag",
        "acaba": "flag",
        "perfect_cut": "flag",
        "unfinished_wild_four_jokers": "flag",
        "special_hand": "choice",
    }
)
_KINDS: dict[str, str] = dict(FIELD_KINDS)  # a plain dict for the hot path of parse_entry


class SideEntry(NamedTuple):
    """What the scorer records for one side at the end of a hand (all points are ints; build with keywords).

    `melded_points` excludes red threes and includes black threes melded when going out; `hand_points` are
    at the variant's card values. A card-count entry keeps its counts in `cards`; a total-only entry has
    `total` and at most `went_out` and `penalty_points`, every other field at its default."""

    melded_points: int = 0
    hand_points: int = 0
    penalty_points: int = 0
    natural_canastas: int = 0
    mixed_canastas: int = 0
    concealed_natural_canastas: int = 0
    concealed_mixed_canastas: int = 0
    wild_canastas: int = 0
    deuce_canastas: int = 0
    joker_canastas: int = 0
    sevens_canastas: int = 0
    aces_canastas: int = 0
    sequence_canastas: int = 0
    red_threes: int = 0
    red_threes_in_hand: int = 0
    black_threes: int = 0
    captured_black_threes: int = 0
    unfinished_aces: int = 0
    unfinished_sevens: int = 0
    unfinished_wild: int = 0
    players_with_three_aces: int = 0
    players_with_three_sevens: int = 0
    short_sequences: int = 0
    sevens_books: int = 0
    black_three_books: int = 0
    went_out: bool = False
    concealed: bool = False
    acaba: bool = False
    perfect_cut: bool = False
    unfinished_wild_four_jokers: bool = False
    special_hand: str | None = None
    cards: SideCards | None = None
    total: int | None = None

    @property
    def mode(self) -> str:
        """How the entry was given: "summary", "cards" or "total" (ENTRY_MODES)."""
        if self.total is not None:
            return "total"
        return "summary" if self.cards is None else "cards"


@dataclass(frozen=True, slots=True, kw_only=True)
class EntryField:
    """One field of a side's entry on a form: `kind` "count", "points", "flag" or "choice"; `maximum` the most
    a "count" can be for one side (rules.md §1.0), None where the pack sets no single bound."""

    name: str
    kind: str
    choices: tuple[str, ...] = ()
    maximum: int | None = None


def entry_fields(rules: RuleSet) -> tuple[EntryField, ...]:
    """The fields a side's entry has under `rules`, in display order (the contract's names)."""
    maxima = {
        "red_threes": rules.red_threes_in_pack,
        "red_threes_in_hand": rules.red_threes_in_pack,
        "black_threes": rules.black_threes_in_pack,
        "captured_black_threes": rules.black_threes_in_pack,
    }
    return tuple(
        EntryField(
            name=name,
            kind=FIELD_KINDS[name],
            choices=tuple(h.name for h in rules.special_hands) if FIELD_KINDS[name] == "choice" else (),
            maximum=maxima.get(name),
        )
        for name in rules.fields
    )


def entry_mode(raw: Mapping[str, Any]) -> str:
    """The mode (ENTRY_MODES) of one side's JSON entry, from its keys (module docstring)."""
    return "total" if "total" in raw else "cards" if "cards" in raw else "summary"


def parse_entry(rules: RuleSet, raw: Any, *, hand: int | None = None, side: str | None = None) -> SideEntry:
    """One side's JSON entry (contract fields) as a SideEntry: total-only with `total`, a card count with
    `cards`, else a summary; missing numbers 0, flags false. Raises InvalidHandEntry (every bad field)."""
    if type(raw) is not dict:
        problem = Problem(
            hand=hand,
            side=side,
            code="entry_not_object",
            message=f"the entry must be an object of fields, not {_json_type(raw)}",
            params={"type": _json_type(raw)},
        )
        raise InvalidHandEntry([problem])
    if "total" in raw:
        return _parse_total(rules, raw, hand=hand, side=side)
    problems: list[Problem] = []
    values = raw
    extra: dict[str, Any] = {}
    if "cards" in raw:
        values = {name: value for name, value in raw.items() if name != "cards"}
        cards, melded, in_hand, problems = parse_cards(rules, raw["cards"], hand=hand, side=side)
        for name in ("melded_points", "hand_points"):
            if name in values:
                message = (
                    f"the {field_label(name)} are computed from the card count; give the card "
                    "count or the points, not both"
                )
                problems.append(
                    Problem(
                        hand=hand,
                        side=side,
                        field=name,
                        code="points_given_with_cards",
                        message=message,
                        params={"field": name},
                    )
                )
        extra = {"cards": cards, "melded_points": melded, "hand_points": in_hand}
    fields = rules.field_set
    for name, value in values.items():
        # The common cases first: a count, points or a flag the variant has, well formed.
        if type(value) is int and value >= 0 and name in fields:
            kind = _KINDS[name]
            if kind == "count" or (kind == "points" and value % 5 == 0):
                continue
        elif type(value) is bool and name in fields and _KINDS[name] == "flag":
            continue
        found = _field_problem(rules, name, value)
        if found is not None:
            code, message, params = found
            problems.append(
                Problem(hand=hand, side=side, field=str(name), code=code, message=message, params=params)
            )
    if problems:
        raise InvalidHandEntry(problems)
    return SideEntry(**values, **extra)


def _parse_total(rules: RuleSet, raw: dict[str, Any], *, hand: int | None, side: str | None) -> SideEntry:
    problems: list[Problem] = []
    for name, value in raw.items():
        if name == "total":
            found = _total_problem(rules, value)
        elif name in TOTAL_MODE_FIELDS:
            found = _field_problem(rules, name, value)
        else:
            found = (
                "total_with_other_fields",
                "an entry with a total (the side's hand score from a paper pad) has only "
                f"'went out' and penalty points beside it; remove the {field_label(str(name))}",
                {"field": str(name), "allowed": list(TOTAL_MODE_FIELDS)},
            )
        if found is not None:
            code, message, params = found
            problems.append(
                Problem(hand=hand, side=side, field=str(name), code=code, message=message, params=params)
            )
    if problems:
        raise InvalidHandEntry(problems)
    return SideEntry(**raw)


# (code, English message, params) of a bad field, or None when it is fine.
_Found = tuple[str, str, dict[str, ParamValue]] | None


def _total_problem(rules: RuleSet, value: Any) -> _Found:
    if type(value) is not int:
        kind = _json_type(value)
        return (
            "total_not_whole_number",
            f"the total must be a whole number of points, not {kind} {value!r}",
            {"type": kind, "value": repr(value)},
        )
    if value % 5:
        return (
            "total_not_multiple_of_5",
            f"the total must be a multiple of 5 (every score is), not {value}",
            {"value": value},
        )
    lowest, highest = rules.hand_score_bounds
    if not lowest <= value <= highest:
        return (
            "total_out_of_range",
            f"the total {value} is outside what one side can score in one hand of {rules.name} "
            f"({lowest} to {highest} points)",
            {"value": value, "lowest": lowest, "highest": highest, "variant_name": rules.name},
        )
    return None


def _field_problem(rules: RuleSet, name: Any, value: Any) -> _Found:
    kind = FIELD_KINDS.get(name)
    if kind is None:
        return "unknown_field", f"unknown field {name!r}", {"field": str(name)}
    label = field_label(name)
    if name not in rules.field_set:
        return (
            "field_not_in_variant",
            f"the field '{label}' is not part of a {rules.name} entry",
            {"field": name, "variant_name": rules.name},
        )
    if kind == "flag":
        if type(value) is bool:
            return None
        return (
            "not_boolean",
            f"'{label}' must be true or false, not {_json_type(value)}",
            {"field": name, "type": _json_type(value)},
        )
    if kind == "choice":
        if type(value) is str and rules.special_hand(value) is not None:
            return None
        names = [h.name for h in rules.special_hands]
        return (
            "not_a_choice",
            f"the {label} must be one of {', '.join(names)}, not {value!r}",
            {"field": name, "choices": names, "value": repr(value)},
        )
    if type(value) is not int:
        return (
            "not_whole_number",
            f"{_the(label)} must be a whole number, not {_json_type(value)} {value!r}",
            {"field": name, "type": _json_type(value), "value": repr(value)},
        )
    if value < 0:
        return "negative", f"{_the(label)} cannot be negative ({value})", {"field": name, "value": value}
    if kind == "points" and value % 5:
        return (
            "not_multiple_of_5",
            f"{_the(label)} must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not {value}",
            {"field": name, "value": value},
        )
    return None


def _the(label: str) -> str:
    """ "the number of natural canastas", "the melded points": a count or points field by name."""
    return f"the {label}" if "points" in label else f"the number of {label}"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    return {
        bool: "a boolean",
        int: "a number",
        float: "a decimal number",
        str: "a string",
        list: "a list",
    }.get(type(value), "an object")
