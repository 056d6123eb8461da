"""Whole score sheets: the contract's shape, running totals, game end, winner and ties."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, sheet, where

# A: mixed 1, meld 150, hand 150 -> 300 - 150 + 150 = 300.   B: meld 300, hand 100 -> 200.
A_300 = {"mixed_canastas": 1, "melded_points": 150, "hand_points": 150}
B_200 = {"melded_points": 300, "hand_points": 100}


def test_result_has_exactly_the_contract_keys() -> None:
    out = scoring.score_sheet(sheet("classic", {"NS": A_300, "EW": B_200}))
    assert set(out) == {
        "variant",
        "hands",
        "totals",
        "initial_meld",
        "game_over",
        "winner",
    }
    assert out["variant"] == "classic"
    assert out["hands"][0]["NS"]["score"] == 300
    assert out["hands"][0]["EW"] == {
        "score": 200,
        "breakdown": [
            {"item": "melded_cards", "points": 300},
            {"item": "cards_in_hand", "points": -100},
        ],
    }
    assert out["totals"] == {"NS": 300, "EW": 200}


def test_c10_reaching_exactly_5000_ends_the_game() -> None:
    # C10: A 4400 + 600 = 5000 (mixed 1, meld 400, hand 100: 400 - 100 + 300), B 3900 + 700
    # (natural 1, meld 250, hand 50: 250 - 50 + 500) = 4600.
    out = scoring.score_sheet(
        sheet(
            "classic",
            {
                "NS": {"mixed_canastas": 1, "melded_points": 400, "hand_points": 100},
                "EW": {"natural_canastas": 1, "melded_points": 250, "hand_points": 50},
            },
            start={"NS": 4400, "EW": 3900},
        )
    )
    assert out["totals"] == {"NS": 5000, "EW": 4600}
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_a14_modern_american_both_pass_8500_higher_wins() -> None:
    # A14: A 8200 + 900, B 7900 + 1500 -> 9100 vs 9400, B wins. A: natural 1 + mixed 1 (800),
    # meld 300, hand 200 = 900; B: natural 2 + mixed 1 (1300), meld 400, hand 200 = 1500.
    out = scoring.score_sheet(
        sheet(
            "modern-american",
            {
                "NS": {
                    "natural_canastas": 1,
                    "mixed_canastas": 1,
                    "melded_points": 300,
                    "hand_points": 200,
                },
                "EW": {
                    "natural_canastas": 2,
                    "mixed_canastas": 1,
                    "melded_points": 400,
                    "hand_points": 200,
                },
            },
            start={"NS": 8200, "EW": 7900},
        )
    )
    assert out["totals"] == {"NS": 9100, "EW": 9400}
    assert (out["game_over"], out["winner"]) == (True, "EW")


def test_a11_dream_hand_wins_the_game_at_once() -> None:
    out = scoring.score_sheet(
        sheet(
            "modern-american",
            {
                "NS": {"special_hand": "dream_hand_4"},
                "EW": {"melded_points": 130, "hand_points": 40},
            },
            start={"NS": -500, "EW": 0},
        )
    )
    assert out["hands"][0]["NS"]["score"] == 8500
    assert (out["game_over"], out["winner"]) == (True, "NS")


@pytest.mark.parametrize(
    ("options", "game_over"),
    [
        pytest.param({}, True, id="no policy: over, the club decides"),
        pytest.param({"tie_policy": "draw"}, True, id="draw"),
        pytest.param({"tie_policy": "play_on"}, False, id="play on"),
    ],
)
def test_exact_tie_over_the_target_names_no_winner(options: dict[str, Any], game_over: bool) -> None:
    # 4700 + 300 = 5000 and 4800 + 200 = 5000.
    out = scoring.score_sheet(
        sheet(
            "classic",
            {"NS": A_300, "EW": B_200},
            start={"NS": 4700, "EW": 4800},
            options=options,
        )
    )
    assert out["totals"] == {"NS": 5000, "EW": 5000}
    assert out["winner"] is None
    assert out["game_over"] is game_over


def test_play_on_after_a_tie_accepts_another_hand() -> None:
    out = scoring.score_sheet(
        sheet(
            "classic",
            {"NS": A_300, "EW": B_200},
            {"NS": A_300, "EW": B_200},
            start={"NS": 4700, "EW": 4800},
            options={"tie_policy": "play_on"},
        )
    )
    assert out["totals"] == {"NS": 5300, "EW": 5200}
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_no_hand_after_the_game_is_over() -> None:
    data = sheet(
        "classic",
        {"NS": A_300, "EW": B_200},
        {"NS": A_300, "EW": B_200},
        start={"NS": 4700, "EW": 0},
    )
    assert (1, None, None) in where(errors_of(data))


def test_target_option() -> None:
    out = scoring.score_sheet(
        sheet(
            "classic",
            {"NS": A_300, "EW": B_200},
            start={"NS": 2700, "EW": 0},
            options={"target": 3000},
        )
    )
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_three_sides_classic_3p() -> None:
    # Th1-Th3: 840, 235, -210; red threes 2 + 1 <= 4.
    out = scoring.score_sheet(
        sheet(
            "classic-3p",
            {
                "P1": {"natural_canastas": 1, "went_out": True, "melded_points": 240},
                "P2": {"red_threes": 2, "melded_points": 95, "hand_points": 60},
                "P3": {"red_threes": 1, "hand_points": 110},
            },
            sides=("P1", "P2", "P3"),
        )
    )
    assert out["totals"] == {"P1": 840, "P2": 235, "P3": -210}
    assert out["initial_meld"] == {"P1": 50, "P2": 50, "P3": 15}


def test_an_empty_sheet_reports_the_start() -> None:
    out = scoring.score_sheet(sheet("classic", start={"NS": 1500, "EW": -20}))
    assert out["hands"] == []
    assert out["totals"] == {"NS": 1500, "EW": -20}
    assert out["initial_meld"] == {"NS": 90, "EW": 15}
    assert out["game_over"] is False


@pytest.mark.parametrize(
    ("data", "field"),
    [
        pytest.param([], None, id="not an object"),
        pytest.param({"sides": ["NS", "EW"], "hands": []}, "variant", id="no variant"),
        pytest.param(sheet("rummy"), "variant", id="unknown variant"),
        pytest.param(sheet("classic", options={"bogus": 1}), "options", id="unknown option"),
        pytest.param(sheet("classic", options=[]), "options", id="options not an object"),
        pytest.param(sheet("classic", sides=("NS",)), "sides", id="one side"),
        pytest.param(
            sheet("classic", sides=("A", "B", "C")),
            "sides",
            id="three sides in a 2-side variant",
        ),
        pytest.param(sheet("classic", sides=("NS", "NS")), "sides", id="duplicate sides"),
        pytest.param(sheet("classic", start={"NS": 0}), "start", id="start misses a side"),
        pytest.param(
            sheet("classic", start={"NS": "0", "EW": 0}),
            "start",
            id="start as a string",
        ),
        pytest.param(
            sheet("classic", start={"NS": 12, "EW": 0}),
            "start",
            id="start not a multiple of 5",
        ),
        pytest.param(
            sheet("hand-and-foot", start={"NS": 0, "EW": 0}),
            "start",
            id="hand and foot cannot resume from totals",
        ),
        pytest.param({**sheet("classic"), "hands": {}}, "hands", id="hands not a list"),
        pytest.param({**sheet("classic"), "players": 4}, "players", id="unknown sheet key"),
    ],
)
def test_sheet_level_errors_have_no_hand(data: Any, field: str | None) -> None:
    errors = errors_of(data)
    assert (None, None, field) in where(errors)


def test_unsupported_variant_message(monkeypatch: pytest.MonkeyPatch) -> None:
    # Every contract variant is implemented now; the mechanism stays for the next one.
    implemented = {k: v for k, v in scoring.VARIANTS.items() if k != "brazilian"}
    monkeypatch.setattr("scoring.rules.VARIANTS", implemented)
    assert errors_of(sheet("brazilian")) == [
        {
            "hand": None,
            "side": None,
            "field": "variant",
            "message": "variant 'brazilian' is not supported yet",
        }
    ]


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        pytest.param({"NS": {}}, (0, "EW", None), id="missing side"),
        pytest.param({"NS": {}, "EW": {}, "XY": {}}, (0, "XY", None), id="unknown side"),
        pytest.param([], (0, None, None), id="hand not an object"),
    ],
)
def test_hand_shape_errors(hand: Any, expected: tuple[Any, Any, Any]) -> None:
    assert expected in where(errors_of(sheet("classic", hand)))


def test_errors_are_plain_json_data() -> None:
    (error,) = errors_of(sheet("classic", {"NS": {"melded_points": 123}, "EW": {}}))
    assert set(error) == {"hand", "side", "field", "message"}
    assert isinstance(error["message"], str) and "multiple of 5" in error["message"]


# --- start totals (scoring.sheet.MAX_START_TOTAL) ------------------------------------------------


def test_start_totals_at_the_target_reject_the_first_hand() -> None:
    # Classic ends when a side has 5000 (rules.md §1.1): a sheet starting there has no hands left.
    errors = errors_of(sheet("classic", {"NS": A_300, "EW": B_200}, start={"NS": 5000, "EW": 0}))
    assert errors == [
        {
            "hand": 0,
            "side": None,
            "field": None,
            "message": "the game was already over at the starting totals; no more hands can be entered",
        }
    ]


def test_start_totals_just_below_the_target_accept_the_first_hand() -> None:
    # 4995 + 300 = 5295 and 0 + 200 = 200: NS reaches 5000 in this hand and wins.
    out = scoring.score_sheet(sheet("classic", {"NS": A_300, "EW": B_200}, start={"NS": 4995, "EW": 0}))
    assert out["totals"] == {"NS": 5295, "EW": 200}
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_start_totals_tied_at_the_target_with_play_on_accept_a_hand() -> None:
    # A tie at 5000 with tie_policy play_on is not over (rules.md §6): 5300 and 5200, NS wins.
    out = scoring.score_sheet(
        sheet(
            "classic",
            {"NS": A_300, "EW": B_200},
            start={"NS": 5000, "EW": 5000},
            options={"tie_policy": "play_on"},
        )
    )
    assert out["totals"] == {"NS": 5300, "EW": 5200}
    assert (out["game_over"], out["winner"]) == (True, "NS")


def test_start_totals_of_100000_are_accepted() -> None:
    out = scoring.score_sheet(sheet("classic", start={"NS": 100_000, "EW": -100_000}))
    assert out["totals"] == {"NS": 100_000, "EW": -100_000}


@pytest.mark.parametrize("start", [{"NS": 100_005, "EW": 0}, {"NS": 0, "EW": -100_005}])
def test_start_totals_beyond_100000_are_rejected(start: dict[str, int]) -> None:
    errors = errors_of(sheet("classic", start=start))
    assert where(errors) == {(None, None, "start")}
    assert "between -100000 and 100000" in errors[0]["message"]
