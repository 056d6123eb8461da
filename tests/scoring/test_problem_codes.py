"""Problem codes: every Problem the engine reports has a code of scoring.PROBLEM_CODES and plain
params, and its English message names fields for people (tests/scoring/conftest.py checks this
for every rejection of the whole scoring suite; here the catalogue and the shared cases)."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

import scoring
from scoring.errors import PROBLEMS
from tests.scoring.problem_codes_check import assert_well_formed
from tests.support.problem_sheets import PROBLEM_SHEETS, problems_of

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))


def test_codes_are_snake_case_with_a_one_line_meaning() -> None:
    assert len(scoring.PROBLEM_CODES) == len(set(scoring.PROBLEM_CODES))
    for code, meaning in scoring.PROBLEM_CODES.items():
        assert code.isidentifier() and code == code.lower(), code
        assert meaning and "\n" not in meaning, code


def test_templates_are_one_line_format_strings() -> None:
    assert {code: text.meaning for code, text in PROBLEMS.items()} == dict(scoring.PROBLEM_CODES)
    for code, text in PROBLEMS.items():
        assert "\n" not in text.template, code
        for _literal, name, spec, conversion in string.Formatter().parse(text.template):
            assert name is None or (name.isidentifier() and not spec and not conversion), code


@pytest.mark.parametrize("code", sorted(code for code, text in PROBLEMS.items() if text.template))
def test_the_message_is_the_code_template(code: str) -> None:
    """A problem of a code with a template says what the template says, its fields filled."""
    parts = string.Formatter().parse(PROBLEMS[code].template)
    pattern = "".join(
        re.escape(literal) + ("" if name is None else "(.+?)") for literal, name, _s, _c in parts
    )
    for problem in problems_of(PROBLEM_SHEETS[code]):
        if problem.code == code:
            assert re.fullmatch(pattern, problem.message), problem.message


def test_every_code_has_a_sheet_in_the_catalogue() -> None:
    assert set(PROBLEM_SHEETS) == set(scoring.PROBLEM_CODES)


@pytest.mark.parametrize("code", sorted(PROBLEM_SHEETS))
def test_the_catalogue_sheet_is_rejected_with_its_code(code: str) -> None:
    problems = problems_of(PROBLEM_SHEETS[code])
    assert code in {p.code for p in problems}
    assert_well_formed(problems)


def test_every_rejected_shared_case_has_known_codes() -> None:
    seen: set[str] = set()
    for path in CASES:
        case = json.loads(path.read_text(encoding="utf-8"))
        if not case["expect"].get("error"):
            continue
        problems = problems_of(case["sheet"])
        assert_well_formed(problems)
        seen.update(p.code for p in problems)
    assert seen  # the cases do have rejected sheets
    assert seen <= set(scoring.PROBLEM_CODES)


def test_sheet_rejected_carries_the_problems_and_the_contract_errors() -> None:
    data = PROBLEM_SHEETS["opening_meld_too_low"]
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    rejected = exc.value
    assert [p.as_dict() for p in rejected.problems] == rejected.errors
    for error in rejected.errors:
        assert set(error) == {"hand", "side", "field", "message"}
    detail = next(p.as_detail() for p in rejected.problems if p.code == "opening_meld_too_low")
    assert detail == {
        "hand": 0,
        "side": "NS",
        "field": "melded_points",
        "message": "the side's opening meld had to be at least 90 points (total before the hand 1500), "
        "so its melded points cannot be 60",
        "code": "opening_meld_too_low",
        "params": {"minimum": 90, "total_before": 1500, "melded": 60},
    }


def test_invalid_rules_has_a_code() -> None:
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for("classic", {"target": 5001})
    assert exc.value.code == "option_not_positive_multiple_of_5"
    assert exc.value.params == {"option": "target", "value": 5001}


@pytest.mark.parametrize(
    ("code", "message"),
    [
        ("canastas_without_melded_points", "1 canasta entered for a side with no melded points"),
        ("melded_points_below_canastas", "2 canastas need at least 70 melded points; 50 entered"),
        ("not_multiple_of_5", "the melded points must be a multiple of 5"),
        ("two_sides_went_out", "NS and EW both went out; a hand ends when one side goes out"),
        ("going_out_needs_canastas", "going out needs 1 canasta; this side has 0"),
    ],
)
def test_messages_read_for_people(code: str, message: str) -> None:
    problem = next(p for p in problems_of(PROBLEM_SHEETS[code]) if p.code == code)
    assert problem.message.startswith(message)
