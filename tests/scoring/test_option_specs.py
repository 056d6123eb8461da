"""The house-rule options declared once (scoring.OPTION_SPECS): every option a variant accepts
has its declaration, and the engine's checks allow exactly what the declaration says."""

from __future__ import annotations

import pytest

import scoring
from scoring.rules.options import _OPTION_HANDLERS


def test_every_option_of_every_variant_is_declared_and_handled() -> None:
    accepted = {name for rules in scoring.VARIANTS.values() for name in rules.options}
    assert accepted == set(scoring.OPTION_SPECS) == set(_OPTION_HANDLERS)
    for rules in scoring.VARIANTS.values():
        assert {spec.name for spec in scoring.option_specs(rules)} == set(rules.options)


@pytest.mark.parametrize(
    ("variant", "name"),
    [
        ("chilean", "packs"),
        ("classic", "tie_policy"),
        ("classic", "negative_minimum"),
        ("classic", "red_threes_negative_without"),
        ("modern-american", "special_hands"),
    ],
)
def test_a_choice_takes_its_declared_choices_and_nothing_else(variant: str, name: str) -> None:
    choices = scoring.OPTION_SPECS[name].choices
    for choice in choices:
        scoring.rules_for(variant, {name: choice})
    for other in ("5", 5, 2, "both", True):
        if other in choices and type(other) in {type(c) for c in choices}:
            continue
        with pytest.raises(scoring.InvalidRules) as refused:
            scoring.rules_for(variant, {name: other})
        assert refused.value.option == name


def test_the_chilean_packs_are_3_or_4() -> None:
    assert scoring.OPTION_SPECS["packs"].choices == (3, 4)  # rules.md §6: 3 decks, or 4


@pytest.mark.parametrize(
    ("name", "lowest", "step"),
    [("target", 5, 5), ("going_out_bonus", 0, 5), ("black_three_in_hand", 5, 5)],
)
def test_a_number_of_points_takes_its_declared_minimum_and_step(name: str, lowest: int, step: int) -> None:
    spec = scoring.OPTION_SPECS[name]
    assert (spec.kind, spec.minimum, spec.step) == ("number", lowest, step)
    variant = "bolivia" if name == "black_three_in_hand" else "classic"
    scoring.rules_for(variant, {name: lowest})
    for bad in (lowest - step, lowest + 1):
        with pytest.raises(scoring.InvalidRules):
            scoring.rules_for(variant, {name: bad})


def test_a_record_takes_its_declared_parts() -> None:
    assert scoring.OPTION_SPECS["books_to_go_out"].parts == ("clean", "dirty", "wild")
    scoring.rules_for("hand-and-foot", {"books_to_go_out": {"clean": 3, "dirty": 4, "wild": 0}})
    with pytest.raises(scoring.InvalidRules):
        scoring.rules_for("hand-and-foot", {"books_to_go_out": {"red": 1}})
    with pytest.raises(scoring.InvalidRules):
        scoring.rules_for("hand-and-foot", {"books_to_go_out": {"clean": -1}})
