"""Variants as data and the house-rule options of rules.md §6."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from scoring.entries import FIELD_KINDS


@pytest.mark.parametrize("key", sorted(scoring.VARIANTS))
def test_variant_data_is_consistent(key: str) -> None:
    rules = scoring.VARIANTS[key]
    assert rules.key == key
    assert set(rules.fields) <= set(FIELD_KINDS)
    assert {kind.field for kind in rules.canastas} <= set(rules.fields)
    assert all(rules.target_for(n) > 0 for n in rules.side_counts) or rules.deals > 0
    # Every point value is a multiple of 5.
    values = [
        rules.going_out_bonus,
        rules.concealed_going_out_bonus,
        *rules.red_three_values,
    ]
    values += [kind.bonus for kind in rules.canastas] + [m for _, m in rules.initial_meld_bands]
    assert all(v % 5 == 0 for v in values)
    assert len(rules.red_three_values) == rules.red_threes_in_pack + 1
    # The pack (rules.md §1.0): decks of 52 + 2 jokers, 2 red and 2 black threes each.
    assert rules.red_threes_in_pack == rules.black_threes_in_pack == 2 * rules.decks
    assert rules.field_set == frozenset(rules.fields)
    assert all(req.code in scoring.MELD_REQUIREMENTS for req in rules.initial_meld_requirements)


def test_rule_sets_are_immutable() -> None:
    with pytest.raises(AttributeError):
        scoring.VARIANTS["classic"].going_out_bonus = 200  # type: ignore[misc]
    with pytest.raises(TypeError):
        scoring.VARIANTS["x"] = scoring.VARIANTS["classic"]  # type: ignore[index]


def test_no_options_gives_the_registry_rules() -> None:
    assert scoring.rules_for("classic", None) is scoring.VARIANTS["classic"]
    assert scoring.rules_for("classic", {}) is scoring.VARIANTS["classic"]


def test_unsupported_variant_is_rejected_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every contract variant is implemented now; the mechanism stays for the next one.
    implemented = {k: v for k, v in scoring.VARIANTS.items() if k != "brazilian"}
    monkeypatch.setattr("scoring.rules.VARIANTS", implemented)
    with pytest.raises(scoring.UnsupportedVariant, match="variant 'brazilian' is not supported yet"):
        scoring.rules_for("brazilian", None)


def test_unknown_variant() -> None:
    with pytest.raises(scoring.InvalidRules, match="unknown variant"):
        scoring.rules_for("gin-rummy", None)


@pytest.mark.parametrize(
    ("variant", "options", "message"),
    [
        pytest.param(
            "classic",
            {"wild_canasta_bonus": 1000},
            "unknown option",
            id="unknown option",
        ),
        pytest.param(
            "classic",
            {"special_hands": "cla"},
            "unknown option",
            id="option of another variant",
        ),
        pytest.param(
            "classic",
            {"target": 5001},
            "multiple of 5",
            id="target not a multiple of 5",
        ),
        pytest.param("classic", {"target": "5000"}, "whole number", id="target as a string"),
        pytest.param("classic", {"target": 5000.0}, "whole number", id="target as a float"),
        pytest.param("classic", {"target": True}, "whole number", id="target as a bool"),
        pytest.param("classic", {"target": 0}, "positive", id="target 0"),
        pytest.param("classic", {"tie_policy": "coin_toss"}, "one of", id="unknown tie policy"),
        pytest.param(
            "classic",
            {"negative_minimum": 10},
            "one of",
            id="negative minimum not 15 or 0",
        ),
        pytest.param(
            "classic",
            {"concealed_canasta_bonus": 1},
            "true or false",
            id="bonus flag not a bool",
        ),
        pytest.param(
            "classic",
            {"red_threes_negative_without": "canastas"},
            "one of",
            id="red three rule misspelt",
        ),
        pytest.param(
            "hand-and-foot",
            {"red_three_in_hand_penalty": 250.5},
            "whole number",
            id="H&F penalty float",
        ),
        pytest.param(
            "hand-and-foot",
            {"books_to_go_out": {"clean": 3, "black": 1}},
            "clean, dirty and wild",
            id="H&F unknown book kind",
        ),
        pytest.param(
            "hand-and-foot",
            {"books_to_go_out": {"clean": -1}},
            "count",
            id="H&F negative books",
        ),
        pytest.param(
            "hand-and-foot",
            {"target": 5000},
            "for a game played to a target",
            id="H&F of four deals has no target",
        ),
        pytest.param(
            "samba",
            {"minimum_at_7000": 155.0},
            "whole number",
            id="samba minimum float",
        ),
        pytest.param(
            "modern-american",
            {"unfinished_wild_four_jokers": 2501},
            "multiple of 5",
            id="four-joker option in points",
        ),
    ],
)
def test_bad_option(variant: str, options: dict[str, Any], message: str) -> None:
    with pytest.raises(scoring.InvalidRules, match=message) as exc:
        scoring.rules_for(variant, options)
    assert isinstance(exc.value, ValueError)
    assert exc.value.option == next(iter(options))


def test_target_option_applies_to_every_side_count() -> None:
    rules = scoring.rules_for("classic-6p", {"target": 8000})
    assert rules.target_for(2) == rules.target_for(3) == 8000


def test_classic_6p_targets_by_number_of_teams() -> None:
    rules = scoring.VARIANTS["classic-6p"]
    assert (rules.target_for(2), rules.target_for(3)) == (10000, 7500)  # RG-6


def test_italian_target_option_12000() -> None:
    assert scoring.rules_for("italian", {"target": 12000}).target_for(2) == 12000
    # rules.md §6: seeds' 15 000
    assert scoring.VARIANTS["italian"].target_for(2) == 15000


def test_entry_fields_of_classic_in_display_order() -> None:
    fields = scoring.entry_fields(scoring.VARIANTS["classic"])
    assert [(f.name, f.kind) for f in fields] == [
        ("melded_points", "points"),
        ("hand_points", "points"),
        ("natural_canastas", "count"),
        ("mixed_canastas", "count"),
        ("red_threes", "count"),
        ("red_threes_in_hand", "count"),
        ("went_out", "flag"),
        ("concealed", "flag"),
        ("penalty_points", "points"),
    ]


def test_concealed_canasta_option_adds_its_fields() -> None:
    names = [
        f.name for f in scoring.entry_fields(scoring.rules_for("classic", {"concealed_canasta_bonus": True}))
    ]
    assert names.index("concealed_natural_canastas") == names.index("mixed_canastas") + 1
    assert "concealed_mixed_canastas" in names
    plain = [
        f.name for f in scoring.entry_fields(scoring.rules_for("classic", {"concealed_canasta_bonus": False}))
    ]
    assert "concealed_natural_canastas" not in plain


def test_special_hand_field_lists_its_choices() -> None:
    (field,) = [
        f for f in scoring.entry_fields(scoring.VARIANTS["modern-american"]) if f.name == "special_hand"
    ]
    assert field.kind == "choice"
    assert {"pairs", "garbage", "straight"} <= set(field.choices)
    (pagat,) = [
        f
        for f in scoring.entry_fields(scoring.rules_for("modern-american", {"special_hands": "pagat"}))
        if f.kind == "choice"
    ]
    assert set(pagat.choices) == {"straight", "pairs", "wild_pairs", "garbage"}
