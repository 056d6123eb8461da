"""tournaments.display.messages: a translatable text for every code of scoring.PROBLEM_CODES,
filled from the params of real problems (tests/support/problem_sheets.py)."""

from __future__ import annotations

import pytest
from django.utils import translation

import scoring
from tests.support.problem_sheets import PROBLEM_SHEETS, problem_with_code
from tournaments.display.messages import TEMPLATES, _params, describe


def test_every_code_has_a_template() -> None:
    assert set(TEMPLATES) == set(scoring.PROBLEM_CODES)


@pytest.mark.parametrize("code", sorted(PROBLEM_SHEETS))
def test_every_template_is_filled_from_a_real_problem(code: str) -> None:
    detail = problem_with_code(code).as_detail()
    template = TEMPLATES[code]
    with translation.override("en"):
        text = str(template % _params(detail))  # no KeyError: the params fit the template
        assert describe(detail) == text
    assert "%(" not in text and text != detail["message"]


@pytest.mark.parametrize(
    ("code", "text"),
    [
        (
            "opening_meld_too_low",
            "With 1500 points before this hand, the side's opening meld had to be at least 90 points, "
            "so its melded points cannot be 60.",
        ),
        (
            "not_multiple_of_5",
            "“Melded card points” must be a multiple of 5 (every card is worth 5, 10, 20 or 50), not 92.",
        ),
        ("canastas_without_melded_points", "1 canasta is entered, but no melded points."),
        ("melded_points_below_canastas", "2 canastas need at least 70 melded points; 50 entered."),
        ("too_many_cards_for_side", "Jokers: 5 for one side, but the pack holds 4."),
        (
            "scores_after_acaba",
            "NS called Acaba: this side scores the award and nothing else; remove: "
            "Melded card points, Card points left in hand.",
        ),
    ],
)
def test_english_reads_naturally(code: str, text: str) -> None:
    with translation.override("en"):
        assert describe(problem_with_code(code).as_detail()) == text


def test_unknown_code_falls_back_to_the_english_message() -> None:
    detail = {
        "hand": 0,
        "side": "NS",
        "field": None,
        "message": "something new",
        "code": "new_code",
        "params": {},
    }
    assert describe(detail) == "something new"


def test_params_that_do_not_fit_fall_back_to_the_english_message() -> None:
    detail = problem_with_code("opening_meld_too_low").as_detail()
    detail["params"] = {}
    assert describe(detail) == detail["message"]
