"""Every worked case of tests/scoring/cases/ (copied verbatim from the shared cases, and the
project's own that the end of its README lists), compared exactly as tools/check_cases.py
compares them: hand scores, totals, initial_meld, game_over, winner; for an error case, an
error naming its hand (and side and field where given).

A case that prints "hand 0" for a partnership side that went out (PARTNER_HAND_0) is the
simplification that the note at the end of rules.md §3 names: the partner of the player who
went out still holds cards, worth at least 5 points, and the engine refuses the entry
(`partner_held_cards_missing`), as it refuses rules.md §3's rows that print it
(tests/scoring/test_score_hand.py). Such a case is checked twice: as written it is refused with
that problem and no other; with the partner holding one 5-point card it scores the case's
values, 5 less for that side in that hand and in its totals.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import scoring

CASES_DIR = Path(__file__).parent / "cases"
CASE_FILES = sorted(CASES_DIR.glob("*.json"))
# case id -> the (hand, side) entries that print "hand 0" for a partnership side that went out
PARTNER_HAND_0: dict[str, tuple[tuple[int, str], ...]] = {
    "chilean-four-packs-seven-red-threes": ((0, "NS"),),
    "classic-5p-side-of-three": ((0, "NS"), (1, "EW")),
}
PARTNER_CARD = 5  # the cheapest card the partner can hold (rules.md §1.0)


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

    held = PARTNER_HAND_0.get(case["id"], ())
    if held:
        data = _with_the_partners_card(data, held)
    out = scoring.score_sheet(data)
    for index, scores in enumerate(expect.get("hand_scores", [])):
        for side, score in scores.items():
            less = PARTNER_CARD if (index, side) in held else 0
            assert out["hands"][index][side]["score"] == score - less, (index, side)
    for key in ("totals", "initial_meld"):
        if expect.get(key) is not None:
            for side, value in expect[key].items():
                less = PARTNER_CARD * sum(1 for _hand, s in held if s == side) if key == "totals" else 0
                assert out[key][side] == value - less, (key, side)
    if "game_over" in expect:
        assert out["game_over"] == expect["game_over"]
    if "winner" in expect:
        assert out["winner"] == expect["winner"]


def _with_the_partners_card(data: dict[str, Any], held: tuple[tuple[int, str], ...]) -> dict[str, Any]:
    """`data` after checking that it is refused for the "hand 0" of `held` alone; then the same
    sheet with the partner of each of those sides holding one 5-point card."""
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    assert {(p.hand, p.side, p.field, p.code) for p in exc.value.problems} == {
        (hand, side, "hand_points", "partner_held_cards_missing") for hand, side in held
    }
    fixed = copy.deepcopy(data)
    for hand, side in held:
        entry = fixed["hands"][hand][side]
        assert entry["went_out"] is True and entry.get("hand_points", 0) == 0
        entry["hand_points"] = PARTNER_CARD
    return fixed


def test_every_contract_variant_is_implemented() -> None:
    assert set(scoring.CONTRACT_VARIANTS) == set(scoring.VARIANTS)
