"""Initial-meld minimums from the cumulative total (rules.md §1.1, §3.1 C7-C8e, §3.3 A13, §3.5
Sa5, §3.6 It3) and by deal in Hand and Foot (§1.3)."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import sheet


@pytest.mark.parametrize(
    ("variant", "options", "total", "minimum"),
    [
        pytest.param("classic", {}, 0, 50, id="C7 a total of exactly 0 needs 50"),
        pytest.param("classic", {}, 1495, 50, id="C8a 1495 needs 50"),
        pytest.param("classic", {}, 1500, 90, id="C8b 1500 needs 90"),
        pytest.param("classic", {}, 2995, 90, id="C8c 2995 needs 90"),
        pytest.param("classic", {}, 3000, 120, id="C8d 3000 needs 120"),
        pytest.param("classic", {}, -5, 15, id="C8e any negative total needs 15"),
        pytest.param(
            "classic",
            {"negative_minimum": 0},
            -5,
            0,
            id="option negative total needs 0",
        ),
        pytest.param("classic-6p", {}, 7495, 120, id="6p 7495 needs 120"),
        pytest.param("classic-6p", {}, 7500, 150, id="6p 7500 needs 150 (RG-6)"),
        pytest.param("modern-american", {}, -300, 125, id="A13 -300 needs 125"),
        pytest.param("modern-american", {}, 0, 125, id="A13 0 needs 125"),
        pytest.param("modern-american", {}, 2995, 125, id="A13 2995 needs 125"),
        pytest.param("modern-american", {}, 3000, 155, id="A13 3000 needs 155"),
        pytest.param("modern-american", {}, 4995, 155, id="A13 4995 needs 155"),
        pytest.param("modern-american", {}, 5000, 180, id="A13 5000 needs 180"),
        pytest.param("samba", {}, 6995, 120, id="Samba 6995 needs 120"),
        pytest.param("samba", {}, 7000, 150, id="Sa5 7000 needs 150"),
        pytest.param("samba", {"minimum_at_7000": 160}, 7000, 160, id="Sa5 Bicycle option 160"),
        pytest.param("italian", {}, 4995, 120, id="It3 4995 needs 120"),
        pytest.param("italian", {}, 5000, 160, id="It3 5000 needs 160"),
        pytest.param("italian", {}, 7495, 160, id="It3 7495 needs 160"),
        pytest.param("italian", {}, 7500, 180, id="It3 7500 needs 180"),
        pytest.param("italian", {}, 9995, 180, id="It3 9995 needs 180"),
        pytest.param("italian", {}, 10000, 200, id="It3 10000 needs 200"),
        pytest.param("cuban", {}, 5000, 150, id="Cuban 5000 and up needs 150 (RG-CU)"),
    ],
)
def test_initial_meld_minimum(variant: str, options: dict[str, Any], total: int, minimum: int) -> None:
    assert scoring.initial_meld_minimum(scoring.rules_for(variant, options), total) == minimum


@pytest.mark.parametrize(("deal", "minimum"), [(1, 50), (2, 90), (3, 120), (4, 150)])
def test_hand_and_foot_minimum_goes_by_deal_not_score(deal: int, minimum: int) -> None:
    rules = scoring.rules_for("hand-and-foot", None)
    assert scoring.initial_meld_minimum(rules, 99999, deal=deal) == minimum


def test_c7_a_total_brought_back_to_zero_needs_50() -> None:
    # C7: prev 240, hand score -240 (never melded, 2 red threes, hand 40: -40 - 200).
    out = scoring.score_sheet(
        sheet(
            "classic",
            {
                "NS": {"red_threes": 2, "hand_points": 40},
                "EW": {
                    "natural_canastas": 1,
                    "went_out": True,
                    "melded_points": 200,
                    "hand_points": 20,
                },
            },
            start={"NS": 240, "EW": 0},
        )
    )
    assert out["totals"]["NS"] == 0
    assert out["initial_meld"]["NS"] == 50


@pytest.mark.parametrize(
    ("start", "melded", "hand", "total", "minimum"),
    [
        pytest.param(1210, 305, 20, 1495, 50, id="C8a 1210 + 285 = 1495 needs 50"),
        pytest.param(1210, 300, 10, 1500, 90, id="C8b 1210 + 290 = 1500 needs 90"),
        pytest.param(2500, 515, 20, 2995, 90, id="C8c 2500 + 495 = 2995 needs 90"),
        pytest.param(2500, 510, 10, 3000, 120, id="C8d 2500 + 500 = 3000 needs 120"),
    ],
)
def test_boundary_totals_through_a_sheet(
    start: int, melded: int, hand: int, total: int, minimum: int
) -> None:
    out = scoring.score_sheet(
        sheet(
            "classic",
            {
                "NS": {"melded_points": melded, "hand_points": hand},
                "EW": {
                    "natural_canastas": 1,
                    "went_out": True,
                    "melded_points": 150,
                    "hand_points": 10,
                },
            },
            start={"NS": start, "EW": 0},
        )
    )
    assert out["totals"]["NS"] == total
    assert out["initial_meld"]["NS"] == minimum
