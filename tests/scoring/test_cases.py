"""Every worked case of tests/scoring/cases/ (copied verbatim from the shared cases, and the
project's own that the end of its README lists), compared exactly as tools/check_cases.py
compares them: hand scores, totals, initial_meld, game_over, winner; for an error case, an
error naming its hand (and side and field where given).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scoring

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8"))


def test_the_case_directory_is_complete() -> None:
    assert len(CASE_FILES) >= 33
    assert (CASES_DIR / "README.md").exists()


@pytest.mark.parametrize("path", CASE_FILES, ids=[p.stem for p in CASE_FILES])
def test_case(path: Path) -> None:
    case = _load(path)
    data, expect = case["sheet"], case["expect"]
    if data["variant"] not in scoring.VARIANTS:
        pytest.skip(f"variant {data['variant']} is not implemented")

    if expect.get("error"):
        try:
            scoring.score_sheet(data)
        except scoring.SheetRejected as exc:
            wanted = expect.get("where", {})
            assert any(
                e["hand"] == wanted.get("hand")
                and ("field" not in wanted or e["field"] == wanted["field"])
                and ("side" not in wanted or e["side"] == wanted["side"])
                for e in exc.errors
            ), exc.errors
            return
        pytest.fail("the sheet should be rejected")

    out = scoring.score_sheet(data)
    for index, scores in enumerate(expect.get("hand_scores", [])):
        for side, score in scores.items():
            assert out["hands"][index][side]["score"] == score, (index, side)
    for key in ("totals", "initial_meld"):
        if expect.get(key) is not None:
            for side, value in expect[key].items():
                assert out[key][side] == value, (key, side)
    if "game_over" in expect:
        assert out["game_over"] == expect["game_over"]
    if "winner" in expect:
        assert out["winner"] == expect["winner"]


def test_every_contract_variant_is_implemented() -> None:
    assert set(scoring.CONTRACT_VARIANTS) == set(scoring.VARIANTS)
