"""Brazilian Canasta (rules.md §1.6, §3.5 Br1/Br2, §4, §5 #6, §6): "as Bolivia, except"."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import HOLDING, errors_of, sheet, where

BRAZILIAN = scoring.VARIANTS["brazilian"]

# Br1: out; natural 1 + mixed 1; 5 red threes (1000); meld 640, with the going-out bonus 200
# [derived] from Samba/Bolivia. rules.md §3 prints "hand 0" (2640), but the partner of the player
# who went out still holds at least one 5-point card (the note at the end of §3), so hand 5:
# 640 − 5 + 500 + 300 + 1000 + 200 = 2635.
BR1 = {
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "red_threes": 5,
    "went_out": True,
    "melded_points": 640,
    "hand_points": 5,
}
# Br2: no canasta; 1 red three (against); a 4-card sequence on the table (-1000); meld 95; hand 230:
# 95 - 230 - 100 - 1000 = -1235.
BR2 = {"red_threes": 1, "short_sequences": 1, "melded_points": 95, "hand_points": 230}


def test_br1_br2() -> None:
    out = scoring.score_sheet(sheet("brazilian", {"NS": BR1, "EW": BR2}))
    assert out["hands"][0]["NS"]["score"] == 2635
    assert out["hands"][0]["EW"]["score"] == -1235
    assert out["hands"][0]["NS"]["breakdown"] == [
        {"item": "melded_cards", "points": 640},
        {"item": "cards_in_hand", "points": -5},
        {"item": "natural_canastas", "points": 500, "count": 1},
        {"item": "mixed_canastas", "points": 300, "count": 1},
        {"item": "red_threes", "points": 1000, "count": 5},
        {"item": "going_out", "points": 200},
    ]
    assert {"item": "short_sequences", "points": -1000, "count": 1} in out["hands"][0]["EW"]["breakdown"]
    assert out["initial_meld"] == {"NS": 90, "EW": 15}
    assert out["initial_meld_requirement"] == {"NS": None, "EW": None}
    assert (out["game_over"], out["winner"]) == (False, None)


@pytest.mark.parametrize(
    ("red", "canastas", "points"),
    [
        pytest.param(4, 1, 400, id="1-4 are 100 each"),
        pytest.param(5, 1, 1000, id="five are 1000"),
        pytest.param(6, 1, 1200, id="six are 1200"),
        pytest.param(2, 1, 200, id="one canasta is enough (Bolivia needs two)"),
        pytest.param(2, 0, -200, id="against a side without a canasta"),
        pytest.param(6, 0, -1200, id="all six against"),
    ],
)
def test_red_threes(red: int, canastas: int, points: int) -> None:
    entry = {"red_threes": red, "mixed_canastas": canastas, "melded_points": 120, "hand_points": 10}
    out = scoring.score_sheet(sheet("brazilian", {"NS": entry, "EW": HOLDING}))
    items = {i["item"]: i["points"] for i in out["hands"][0]["NS"]["breakdown"]}
    assert items["red_threes"] == points


def test_wild_canasta_is_2000() -> None:
    # The partner of the player who went out holds at least 5 points (rules.md §3 note).
    entry = {
        "wild_canastas": 1,
        "natural_canastas": 1,
        "went_out": True,
        "melded_points": 400,
        "hand_points": 5,
    }
    out = scoring.score_sheet(sheet("brazilian", {"NS": entry, "EW": HOLDING}))
    # 2000 + 500 + 200 + 400 − 5 = 3095
    assert out["hands"][0]["NS"]["score"] == 3095


def test_any_two_canastas_go_out_no_escalera_needed() -> None:
    entry = {"natural_canastas": 2, "went_out": True, "melded_points": 300, "hand_points": 5}
    # 300 − 5 + 2 × 500 + 200 = 1495
    assert scoring.score_sheet(sheet("brazilian", {"NS": entry, "EW": HOLDING}))["totals"]["NS"] == 1495
    # Bolivia needs an escalera among them (BIC-BO).
    assert where(errors_of(sheet("bolivia", {"NS": entry, "EW": HOLDING}))) == {(0, "NS", "went_out")}
    one = {"natural_canastas": 1, "went_out": True, "melded_points": 300, "hand_points": 5}
    assert where(errors_of(sheet("brazilian", {"NS": one, "EW": HOLDING}))) == {(0, "NS", "went_out")}


def test_black_three_in_hand_is_100_as_in_bolivia() -> None:
    assert BRAZILIAN.black_three_in_hand == 100
    assert BRAZILIAN.pack_points == 2340
    rules = scoring.rules_for("brazilian", {"black_three_in_hand": 5})
    assert (rules.black_three_in_hand, rules.pack_points) == (5, 1770)


@pytest.mark.parametrize(
    ("total", "points", "requirement"),
    [
        pytest.param(-5, 15, None, id="negative 15"),
        pytest.param(1495, 50, None, id="1495 50"),
        pytest.param(2995, 90, None, id="2995 90"),
        pytest.param(3000, 120, None, id="3000 120"),
        pytest.param(6995, 120, None, id="6995 120 as Bolivia (BIC-BR)"),
        pytest.param(7000, 0, "canasta", id="7000 a canasta"),
        pytest.param(7995, 0, "canasta", id="7995 a canasta"),
        pytest.param(8000, 200, "canasta_200", id="8000 a canasta and 200"),
        pytest.param(8995, 200, "canasta_200", id="8995 a canasta and 200"),
        pytest.param(9000, 0, "natural_canasta", id="9000 a natural canasta"),
        pytest.param(12000, 0, "natural_canasta", id="over the target still natural"),
    ],
)
def test_initial_meld(total: int, points: int, requirement: str | None) -> None:
    assert scoring.initial_meld_minimum(BRAZILIAN, total) == points
    assert scoring.initial_meld_requirement(BRAZILIAN, total) == requirement
    out = scoring.score_sheet(sheet("brazilian", start={"NS": total, "EW": 0}))
    assert out["initial_meld"]["NS"] == points
    assert out["initial_meld_requirement"]["NS"] == requirement
    assert requirement is None or requirement in scoring.MELD_REQUIREMENTS


def test_other_variants_have_no_requirement_key() -> None:
    out = scoring.score_sheet(sheet("bolivia", start={"NS": 9000, "EW": 0}))
    assert "initial_meld_requirement" not in out
    assert scoring.initial_meld_requirement(scoring.VARIANTS["samba"], 9000) is None


@pytest.mark.parametrize(
    ("start", "entry", "field"),
    [
        pytest.param(
            7000, {"melded_points": 120, **HOLDING}, "natural_canastas", id="7000 without a canasta"
        ),
        pytest.param(
            8000,
            {"mixed_canastas": 1, "melded_points": 150, **HOLDING},
            "melded_points",
            id="8000 below 200",
        ),
        pytest.param(
            8000, {"melded_points": 250, **HOLDING}, "natural_canastas", id="8000 without a canasta"
        ),
        pytest.param(
            9000,
            {"mixed_canastas": 1, "melded_points": 150, **HOLDING},
            "natural_canastas",
            id="9000 a mixed canasta only",
        ),
    ],
)
def test_initial_meld_requirement_is_checked(start: int, entry: dict[str, Any], field: str) -> None:
    errors = errors_of(sheet("brazilian", {"NS": entry, "EW": HOLDING}, start={"NS": start, "EW": 0}))
    assert where(errors) == {(0, "NS", field)}


@pytest.mark.parametrize(
    ("start", "entry"),
    [
        pytest.param(7000, {"mixed_canastas": 1, "melded_points": 60, **HOLDING}, id="7000 a mixed canasta"),
        pytest.param(
            8000, {"mixed_canastas": 1, "melded_points": 200, **HOLDING}, id="8000 a canasta and 200"
        ),
        pytest.param(
            9000, {"natural_canastas": 1, "melded_points": 70, **HOLDING}, id="9000 a natural canasta"
        ),
        pytest.param(
            9000, {"sequence_canastas": 1, "melded_points": 70, **HOLDING}, id="9000 an escalera passes"
        ),
        pytest.param(9000, {"hand_points": 70}, id="a side that did not meld"),
        pytest.param(9000, {"total": -300}, id="a total-only entry cannot be checked"),
    ],
)
def test_initial_meld_requirement_met(start: int, entry: dict[str, Any]) -> None:
    scoring.score_sheet(sheet("brazilian", {"NS": entry, "EW": HOLDING}, start={"NS": start, "EW": 0}))


def test_a_brazilian_game_to_10000() -> None:
    out = scoring.score_sheet(sheet("brazilian", {"NS": BR1, "EW": BR2}, start={"NS": 7400, "EW": 0}))
    assert out["totals"]["NS"] == 10035  # 7400 + 2635
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_fields_and_bounds() -> None:
    names = [f.name for f in scoring.entry_fields(BRAZILIAN)]
    assert "short_sequences" in names and "wild_canastas" in names and "sequence_canastas" in names
    lowest, highest = BRAZILIAN.hand_score_bounds
    assert lowest <= -1235 and highest >= 2640
