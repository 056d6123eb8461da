"""Every house-rule option the engine declares (scoring.OPTION_SPECS) is applied: it has a
worked case in tests/scoring/cases (its values from the option's source, worked by hand in the
case; test_cases.py checks them), and that case comes out otherwise without it. An option
declared but applied to nothing fails here: either no case uses it, or taking it out of its
case changes nothing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scoring

CASES_DIR = Path(__file__).parent / "cases"
WITH_OPTIONS = [
    case
    for case in (json.loads(path.read_text(encoding="utf-8")) for path in sorted(CASES_DIR.glob("*.json")))
    if case["sheet"].get("options")
]


def _outcome(sheet: dict[str, Any]) -> Any:
    """What a sheet comes to: its scores and game state, or the codes it is refused with."""
    try:
        out = scoring.score_sheet(sheet)
    except scoring.SheetRejected as exc:
        return ("refused", sorted(p.code for p in exc.problems))
    scores = [{side: score["score"] for side, score in hand.items()} for hand in out["hands"]]
    return scores, out["totals"], out["initial_meld"], out["game_over"], out["winner"]


def test_every_option_has_a_worked_case() -> None:
    used = {name for case in WITH_OPTIONS for name in case["sheet"]["options"]}
    assert set(scoring.OPTION_SPECS) <= used, sorted(set(scoring.OPTION_SPECS) - used)


@pytest.mark.parametrize(
    ("case", "option"),
    [(case, option) for case in WITH_OPTIONS for option in case["sheet"]["options"]],
    ids=[f"{case['id']}:{option}" for case in WITH_OPTIONS for option in case["sheet"]["options"]],
)
def test_the_option_changes_its_case(case: dict[str, Any], option: str) -> None:
    sheet = case["sheet"]
    without = {**sheet, "options": {k: v for k, v in sheet["options"].items() if k != option}}
    assert _outcome(without) != _outcome(sheet)
