"""Uruguayan Canasta (rules.md §1.12): "exactly the original game with its original rules" (S0, S4),
Classic under another name, scored exactly as Classic."""

from __future__ import annotations

import copy
import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

import scoring
from tests.support.sheets import sheet

CLASSIC = scoring.VARIANTS["classic"]
URUGUAYAN = scoring.VARIANTS["uruguayan"]
CLASSIC_CASES = [
    path
    for path in sorted((Path(__file__).parent / "cases").glob("*.json"))
    if json.loads(path.read_text(encoding="utf-8"))["sheet"]["variant"] == "classic"
]


def _as_uruguayan(data: dict[str, Any]) -> dict[str, Any]:
    return {**copy.deepcopy(data), "variant": "uruguayan"}


def test_the_rules_are_classic_s() -> None:
    assert dataclasses.replace(URUGUAYAN, key="classic", name=CLASSIC.name) == CLASSIC
    assert URUGUAYAN.options == CLASSIC.options
    assert scoring.entry_fields(URUGUAYAN) == scoring.entry_fields(CLASSIC)


def test_classic_s_first_hand_worked_by_hand() -> None:
    # rules.md §3.1 C1A with the card NS's partner still holds (§3's note): natural 1, mixed 2,
    # 2 red threes, went out; meld 285, hand 5: 285 − 5 + 500 + 600 + 200 + 100 = 1680.
    # C1B: mixed 1, 1 red three, meld 150, hand 65: 150 − 65 + 300 + 100 = 485.
    ns = {
        "natural_canastas": 1,
        "mixed_canastas": 2,
        "red_threes": 2,
        "went_out": True,
        "melded_points": 285,
        "hand_points": 5,
    }
    ew = {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65}
    out = scoring.score_sheet(sheet("uruguayan", {"NS": ns, "EW": ew}))
    assert out["variant"] == "uruguayan"
    assert out["totals"] == {"NS": 1680, "EW": 485}
    # 1680 is in 1500–2995: 90; 485 in 0–1495: 50 (rules.md §1.1).
    assert out["initial_meld"] == {"NS": 90, "EW": 50}


def test_both_over_5000_the_higher_wins() -> None:
    # rules.md §3.1 C9: A 4700 + 1105 = 5805, B 4850 + 1030 = 5880: the game is over, B wins.
    # A: natural 500 + mixed 300 + meld 320 − hand 15 = 1105. B went out: natural 500 + mixed 300
    # + out 100 + meld 135 − hand 5 = 1030. (Both open with 120 or more: their minimum at 3000+.)
    a = {"natural_canastas": 1, "mixed_canastas": 1, "melded_points": 320, "hand_points": 15}
    b = {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True, "melded_points": 135, "hand_points": 5}
    out = scoring.score_sheet(sheet("uruguayan", {"NS": a, "EW": b}, start={"NS": 4700, "EW": 4850}))
    assert out["totals"] == {"NS": 5805, "EW": 5880}
    assert (out["game_over"], out["winner"]) == (True, "EW")


@pytest.mark.parametrize("path", CLASSIC_CASES, ids=[p.stem for p in CLASSIC_CASES])
def test_every_classic_case_scores_the_same(path: Path) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))["sheet"]
    try:
        classic: dict[str, Any] | list[dict[str, Any]] = scoring.score_sheet(data)
    except scoring.SheetRejected as exc:
        classic = exc.errors
    try:
        uruguayan: dict[str, Any] | list[dict[str, Any]] = scoring.score_sheet(_as_uruguayan(data))
    except scoring.SheetRejected as exc:
        uruguayan = exc.errors
    if isinstance(classic, dict):
        assert isinstance(uruguayan, dict)
        assert uruguayan == {**classic, "variant": "uruguayan"}
    else:
        assert uruguayan == classic


def test_classic_s_house_rules_apply() -> None:
    options = {"concealed_canasta_bonus": True, "target": 3000}
    assert dataclasses.replace(
        scoring.rules_for("uruguayan", options), key="classic", name=CLASSIC.name
    ) == scoring.rules_for("classic", options)
