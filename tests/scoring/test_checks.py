"""The entries a scorekeeper must reject (rules.md §4), through whole score sheets: each error
names the hand (0-based), and the side and field where they apply."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.scoring.helpers import errors_of, sheet, where

OUT = {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 20}
MELDED = {"melded_points": 90, "hand_points": 20}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {"red_threes": 3, **MELDED},
                    "EW": {"red_threes": 1, "red_threes_in_hand": 1, **OUT},
                },
            ),
            (0, None, "red_threes"),
            id="#1 five red threes with one never laid down",
        ),
        pytest.param(
            sheet(
                "classic-6p",
                {
                    "NS": {"red_threes": 5, **MELDED},
                    "EW": {
                        "red_threes": 2,
                        "natural_canastas": 2,
                        "went_out": True,
                        "melded_points": 300,
                    },
                },
            ),
            (0, None, "red_threes"),
            id="#1 seven red threes with three decks",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {"black_threes": 3, "melded_points": 130},
                    "EW": {"black_threes": 2, "melded_points": 130},
                },
            ),
            (0, None, "black_threes"),
            id="#2 five black threes in Modern American",
        ),
        pytest.param(
            sheet("classic", {"NS": OUT, "EW": OUT}),
            (0, None, "went_out"),
            id="#3 two sides went out",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {"went_out": True, "melded_points": 60, "hand_points": 20},
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#4 classic out without a canasta",
        ),
        pytest.param(
            sheet(
                "classic-2p",
                {
                    "A": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "melded_points": 200,
                    },
                    "B": MELDED,
                },
                sides=("A", "B"),
            ),
            (0, "A", "went_out"),
            id="#4 2p out with one canasta",
        ),
        pytest.param(
            sheet(
                "hand-and-foot",
                {
                    "NS": {
                        "natural_canastas": 2,
                        "mixed_canastas": 2,
                        "went_out": True,
                        "melded_points": 400,
                    },
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#4 hand and foot out without a wild book",
        ),
        pytest.param(
            sheet(
                "bolivia",
                {
                    "NS": {
                        "natural_canastas": 2,
                        "went_out": True,
                        "melded_points": 300,
                    },
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#4 bolivia out without an escalera",
        ),
        pytest.param(
            sheet(
                "italian",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "wild_canastas": 1,
                        "went_out": True,
                        "melded_points": 400,
                    },
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#4 italian wild canastas do not count",
        ),
        pytest.param(
            sheet(
                "spanish",
                {
                    "NS": {
                        "natural_canastas": 2,
                        "went_out": True,
                        "melded_points": 300,
                    },
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#4 spanish needs a mixed canasta",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "concealed": True,
                        "melded_points": 200,
                    },
                    "EW": OUT,
                },
            ),
            (0, "NS", "concealed"),
            id="#5 concealed without going out",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {"went_out": True, "concealed": True, "melded_points": 200},
                    "EW": MELDED,
                },
            ),
            (0, "NS", "went_out"),
            id="#5 concealed with no canasta",
        ),
        pytest.param(
            sheet("classic", {"NS": {"natural_canastas": 1, "hand_points": 20}, "EW": OUT}),
            (0, "NS", "melded_points"),
            id="#8 canasta with nothing melded",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "melded_points": 80,
                    },
                    "EW": OUT,
                },
            ),
            (0, "NS", "melded_points"),
            id="#9 80 melded points cannot cover 35 + 50",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        "deuce_canastas": 1,
                        "natural_canastas": 1,
                        "melded_points": 170,
                    },
                    "EW": {"melded_points": 130},
                },
            ),
            (0, "NS", "melded_points"),
            id="#9 a canasta of seven 2s needs 140",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "melded_points": 700,
                    },
                    "EW": {"melded_points": 400, "hand_points": 100},
                },
            ),
            (0, None, "melded_points"),
            id="#10 1200 card points over the 1180 pack",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 6,
                        "mixed_canastas": 6,
                        "melded_points": 800,
                    },
                    "EW": MELDED,
                },
            ),
            (0, "NS", "natural_canastas"),
            id="#12 twelve canastas for one side",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {"natural_canastas": 6, "melded_points": 420},
                    "EW": {"natural_canastas": 6, "melded_points": 420},
                },
            ),
            (0, None, "natural_canastas"),
            id="#12 twelve natural canastas over both sides",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        "sevens_canastas": 1,
                        "natural_canastas": 1,
                        "melded_points": 200,
                    },
                    "EW": {
                        "sevens_canastas": 1,
                        "mixed_canastas": 1,
                        "melded_points": 200,
                    },
                },
            ),
            (0, None, "sevens_canastas"),
            id="#13 two canastas of 7s",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        "sevens_canastas": 1,
                        "natural_canastas": 1,
                        "melded_points": 200,
                    },
                    "EW": {"unfinished_sevens": 1, "melded_points": 200},
                },
            ),
            (0, "EW", "unfinished_sevens"),
            id="#13 unfinished 7s while the other side completed them",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {"special_hand": "pairs", "red_threes": 1},
                    "EW": {"melded_points": 130},
                },
            ),
            (0, "NS", "special_hand"),
            id="#14 special hand with red threes",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {"NS": {"special_hand": "pairs"}, "EW": {"special_hand": "straight"}},
            ),
            (0, None, "special_hand"),
            id="#14 two special hands",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {"special_hand": "pairs"},
                    "EW": {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "went_out": True,
                        "melded_points": 300,
                    },
                },
            ),
            (0, "EW", "went_out"),
            id="a special hand ends the hand: nobody else goes out",
        ),
        pytest.param(
            sheet(
                "classic-2p",
                {
                    "A": {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "went_out": True,
                        "melded_points": 300,
                        "hand_points": 10,
                    },
                    "B": MELDED,
                },
                sides=("A", "B"),
            ),
            (0, "A", "hand_points"),
            id="#18 2p the player who went out holds cards",
        ),
        pytest.param(
            sheet("british", {"NS": {"acaba": True}, "EW": {"acaba": True}}),
            (0, None, "acaba"),
            id="#20 both sides call Acaba",
        ),
        pytest.param(
            sheet("british", {"NS": {"acaba": True, "went_out": True}, "EW": {}}),
            (0, "NS", "acaba"),
            id="#20 Acaba and going out",
        ),
        pytest.param(
            sheet("british", {"NS": {"acaba": True}, "EW": OUT}),
            (0, "EW", "went_out"),
            id="#20 Acaba while the others went out",
        ),
        pytest.param(
            sheet("british", {"NS": {"acaba": True}, "EW": MELDED}),
            (0, "EW", "melded_points"),
            id="Acaba: the others score nothing else",
        ),
        pytest.param(
            sheet(
                "classic",
                {"NS": {"melded_points": 85, "hand_points": 20}, "EW": OUT},
                start={"NS": 1500, "EW": 0},
            ),
            (0, "NS", "melded_points"),
            id="#21 melded 85 with a 90 minimum",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "concealed": True,
                        "melded_points": 115,
                    },
                    "EW": MELDED,
                },
                start={"NS": 3000, "EW": 0},
            ),
            (0, "NS", "melded_points"),
            id="#21 concealed going out still needs the minimum (rules.md §6)",
        ),
        pytest.param(
            sheet(
                "classic",
                {"NS": OUT, "EW": MELDED},
                {"NS": {"melded_points": 45, "hand_points": 10}, "EW": OUT},
            ),
            (1, "NS", "melded_points"),
            id="#21 second hand: NS at 780 needs 50",
        ),
        pytest.param(
            sheet(
                "hand-and-foot",
                {
                    "NS": {
                        "natural_canastas": 2,
                        "mixed_canastas": 2,
                        "wild_canastas": 1,
                        "went_out": True,
                        "melded_points": 1000,
                    },
                    "EW": {"melded_points": 55},
                },
                {"NS": {"melded_points": 85}, "EW": {"melded_points": 100}},
            ),
            (1, "NS", "melded_points"),
            id="#21 hand and foot deal 2 needs 90",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "unfinished_aces": 1,
                        "went_out": True,
                        "melded_points": 300,
                    },
                    "EW": {"melded_points": 130},
                },
            ),
            (0, "NS", "went_out"),
            id="#22 out with an unfinished aces meld",
        ),
    ],
)
def test_rejected(data: dict[str, Any], expected: tuple[Any, Any, Any]) -> None:
    assert expected in where(errors_of(data))


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(
            sheet(
                "classic",
                {"NS": {"hand_points": 45}, "EW": OUT},
                start={"NS": 40, "EW": 0},
            ),
            id="#21 a side that did not meld is not held to the minimum",
        ),
        pytest.param(
            sheet(
                "classic",
                {"NS": {"melded_points": 15, "hand_points": 45}, "EW": OUT},
                start={"NS": -5, "EW": 0},
            ),
            id="#21 a negative total needs only 15",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "mixed_canastas": 1,
                        "melded_points": 85,
                    },
                    "EW": OUT,
                },
            ),
            id="#9 exactly 35 + 50 melded points",
        ),
        pytest.param(
            sheet(
                "classic",
                {"NS": {"red_threes": 3, **MELDED}, "EW": {"red_threes": 1, **OUT}},
            ),
            id="#1 exactly four red threes",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "melded_points": 680,
                    },
                    "EW": {"melded_points": 400, "hand_points": 100},
                },
            ),
            id="#10 exactly the pack's 1180 points",
        ),
        pytest.param(
            sheet(
                "classic",
                {
                    "NS": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "melded_points": 200,
                        "hand_points": 35,
                    },
                    "EW": MELDED,
                },
            ),
            id="#18 in partnerships the partner may hold cards",
        ),
    ],
)
def test_accepted(data: dict[str, Any]) -> None:
    scoring.score_sheet(data)


def test_all_errors_of_a_hand_are_reported() -> None:
    data = sheet(
        "classic",
        {
            "NS": {"concealed": True, "melded_points": 123, "natural_canastas": "1"},
            "EW": {"went_out": True, "hand_points": 7},
        },
    )
    assert where(errors_of(data)) >= {
        (0, "NS", "melded_points"),
        (0, "NS", "natural_canastas"),
        (0, "EW", "hand_points"),
    }
    rule_errors = errors_of(
        sheet(
            "classic",
            {
                "NS": {
                    "concealed": True,
                    "melded_points": 80,
                    "natural_canastas": 1,
                    "mixed_canastas": 1,
                },
                "EW": {"went_out": True},
            },
        )
    )
    assert where(rule_errors) >= {
        (0, "NS", "concealed"),
        (0, "NS", "melded_points"),
        (0, "EW", "went_out"),
    }


def test_later_hands_are_still_checked_after_a_bad_hand() -> None:
    data = sheet(
        "classic",
        {"NS": {"melded_points": 12}, "EW": OUT},
        {"NS": OUT, "EW": {"hand_points": "20"}},
    )
    assert where(errors_of(data)) == {
        (0, "NS", "melded_points"),
        (1, "EW", "hand_points"),
    }


def test_score_hand_raises_invalid_hand_entry_with_problems() -> None:
    rules = scoring.VARIANTS["classic"]
    entries = {
        "NS": scoring.SideEntry(went_out=True, melded_points=60),
        "EW": scoring.SideEntry(),
    }
    with pytest.raises(scoring.InvalidHandEntry) as exc:
        scoring.score_hand(rules, entries, hand=2)
    assert [(p.hand, p.side, p.field) for p in exc.value.problems] == [(2, "NS", "went_out")]
