"""Parsing one side's JSON entry: never guess, name the field."""

from __future__ import annotations

from typing import Any

import pytest

import scoring

CLASSIC = scoring.VARIANTS["classic"]


def _problems(raw: Any, rules: scoring.RuleSet = CLASSIC) -> list[tuple[str | None, str]]:
    with pytest.raises(scoring.InvalidHandEntry) as exc:
        scoring.parse_entry(rules, raw, hand=3, side="NS")
    assert all(p.hand == 3 and p.side == "NS" for p in exc.value.problems)
    return [(p.field, p.message) for p in exc.value.problems]


def test_missing_fields_are_zero_and_false() -> None:
    assert scoring.parse_entry(CLASSIC, {}) == scoring.SideEntry()


def test_a_full_classic_entry() -> None:
    raw = {
        "melded_points": 285,
        "hand_points": 0,
        "natural_canastas": 1,
        "went_out": True,
    }
    entry = scoring.parse_entry(CLASSIC, raw)
    assert (entry.melded_points, entry.natural_canastas, entry.went_out) == (
        285,
        1,
        True,
    )


@pytest.mark.parametrize(
    ("raw", "field", "message"),
    [
        pytest.param(
            {"melded_points": "1,250"},
            "melded_points",
            "whole number",
            id="string with a comma",
        ),
        pytest.param(
            {"melded_points": "120"},
            "melded_points",
            "whole number",
            id="numeric string",
        ),
        pytest.param(
            {"natural_canastas": 1.0},
            "natural_canastas",
            "whole number",
            id="float count",
        ),
        pytest.param({"hand_points": 5.0}, "hand_points", "whole number", id="float points"),
        pytest.param({"red_threes": True}, "red_threes", "whole number", id="bool as a count"),
        pytest.param({"red_threes": None}, "red_threes", "whole number", id="null count"),
        pytest.param({"mixed_canastas": -1}, "mixed_canastas", "negative", id="negative count"),
        pytest.param({"hand_points": -20}, "hand_points", "negative", id="negative points"),
        pytest.param(
            {"melded_points": 123},
            "melded_points",
            "multiple of 5",
            id="points not a multiple of 5",
        ),
        pytest.param(
            {"penalty_points": 42},
            "penalty_points",
            "multiple of 5",
            id="penalty not a multiple of 5",
        ),
        pytest.param({"went_out": 1}, "went_out", "true or false", id="number as a flag"),
        pytest.param({"went_out": "yes"}, "went_out", "true or false", id="string as a flag"),
        pytest.param({"meld_points": 120}, "meld_points", "unknown field", id="misspelt field"),
        pytest.param(
            {"sevens_canastas": 1},
            "sevens_canastas",
            "not part of",
            id="Modern American field in classic",
        ),
        pytest.param({"acaba": True}, "acaba", "not part of", id="British field in classic"),
        pytest.param(
            {"concealed_natural_canastas": 1},
            "concealed_natural_canastas",
            "not part of",
            id="option field without the option",
        ),
    ],
)
def test_bad_field(raw: dict[str, Any], field: str, message: str) -> None:
    ((got_field, got_message),) = _problems(raw)
    assert got_field == field
    assert message in got_message


def test_every_bad_field_is_reported() -> None:
    problems = _problems({"melded_points": 12, "hand_points": "x", "went_out": 0, "bogus": 1})
    assert [f for f, _ in problems] == [
        "melded_points",
        "hand_points",
        "went_out",
        "bogus",
    ]


@pytest.mark.parametrize("raw", [[], "entry", 5, None], ids=["list", "string", "number", "null"])
def test_an_entry_must_be_an_object(raw: Any) -> None:
    ((field, message),) = _problems(raw)
    assert field is None
    assert "object" in message


@pytest.mark.parametrize("variant", ["samba", "cuban", "modern-american"])
def test_concealed_is_not_a_field_where_there_is_no_concealed_bonus(
    variant: str,
) -> None:
    # rules.md §4 #5: any concealed flag in Samba, Cuban or Modern American.
    ((field, _),) = _problems({"concealed": True}, scoring.VARIANTS[variant])
    assert field == "concealed"


def test_unknown_special_hand() -> None:
    ((field, message),) = _problems({"special_hand": "royal_flush"}, scoring.VARIANTS["modern-american"])
    assert field == "special_hand"
    assert "pairs" in message
