"""The entries a scorekeeper must reject (rules.md §4), through whole score sheets: each error
names the hand (0-based), and the side and field where they apply."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, sheet, where

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
                        "hand_points": 5,
                    },
                    "EW": {"melded_points": 55, "hand_points": 10},
                },
                {
                    "NS": {"melded_points": 85, "hand_points": 10},
                    "EW": {"melded_points": 100, "hand_points": 10},
                },
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
                        "hand_points": 10,
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
                    # 675 + 5 (the partner's cards) + 400 + 100 = 1180
                    "NS": {
                        "natural_canastas": 1,
                        "went_out": True,
                        "melded_points": 675,
                        "hand_points": 5,
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
        "NS": scoring.SideEntry(went_out=True, melded_points=60, hand_points=5),
        "EW": scoring.SideEntry(hand_points=10),
    }
    with pytest.raises(scoring.InvalidHandEntry) as exc:
        scoring.score_hand(rules, entries, hand=2)
    assert [(p.hand, p.side, p.field) for p in exc.value.problems] == [(2, "NS", "went_out")]


# --- cards still held: at least 5 points per player who has not gone out (rules.md §3 note) -----

NOT_OUT = {"melded_points": 90}  # a side that melded and did not go out (classic minimum 50)
WENT_OUT = {"natural_canastas": 1, "went_out": True, "melded_points": 200}


@pytest.mark.parametrize(
    ("variant", "entry", "opponent", "score"),
    [
        # Classic partnerships: both partners hold cards. 90 − 10 = 80
        pytest.param("classic", {**NOT_OUT, "hand_points": 10}, OUT, 80, id="side of 2 not out: 10"),
        # The partner of the player who went out holds cards. 200 − 5 + 500 + 100 = 795
        pytest.param("classic", {**WENT_OUT, "hand_points": 5}, MELDED, 795, id="partner of the one out: 5"),
        # A red three never laid down is a held card too. 90 − 5 − 500 = −415
        pytest.param(
            "classic",
            {**NOT_OUT, "hand_points": 5, "red_threes_in_hand": 1},
            OUT,
            -415,
            id="5 points and a red three in hand",
        ),
        # 2 players: the player who went out holds nothing (§4 #18). 410 + 500 + 300 + 100 = 1310
        pytest.param(
            "classic-2p",
            {"natural_canastas": 1, "mixed_canastas": 1, "went_out": True, "melded_points": 410},
            {"melded_points": 90, "hand_points": 5},
            1310,
            id="2 players out: 0",
        ),
        # 2 players, not out: one player holds cards. 90 − 5 = 85
        pytest.param(
            "classic-2p",
            {**NOT_OUT, "hand_points": 5},
            {"natural_canastas": 2, "went_out": True, "melded_points": 300},
            85,
            id="2 players not out: 5",
        ),
    ],
)
def test_cards_held_accepted_at_the_boundary(
    variant: str, entry: dict[str, Any], opponent: dict[str, Any], score: int
) -> None:
    out = scoring.score_sheet(sheet(variant, {"NS": entry, "EW": opponent}))
    assert out["hands"][0]["NS"]["score"] == score


@pytest.mark.parametrize(
    ("variant", "entry", "opponent", "message"),
    [
        pytest.param(
            "classic",
            {**NOT_OUT, "hand_points": 5},
            OUT,
            "every player of the side still holds cards, worth at least 10 points in all; 5 entered",
            id="side of 2 not out: 5",
        ),
        pytest.param(
            "classic",
            NOT_OUT,
            OUT,
            "every player of the side still holds cards, worth at least 10 points in all; 0 entered",
            id="side of 2 not out: blank",
        ),
        pytest.param(
            "classic",
            WENT_OUT,
            MELDED,
            "the partner of the player who went out still holds cards, worth at least 5 points in all; "
            "0 entered",
            id="partner of the one out: 0",
        ),
        pytest.param(
            "classic-2p",
            NOT_OUT,
            {"natural_canastas": 2, "went_out": True, "melded_points": 300},
            "every player of the side still holds cards, worth at least 5 points in all; 0 entered",
            id="2 players not out: 0",
        ),
        pytest.param(
            "hand-and-foot",
            {"mixed_canastas": 1, "melded_points": 100, "hand_points": 5},
            {"melded_points": 60, "hand_points": 10},
            "every player of the side still holds cards, worth at least 10 points in all; 5 entered",
            id="hand and foot not out: 5",
        ),
    ],
)
def test_cards_held_rejected_just_below(
    variant: str, entry: dict[str, Any], opponent: dict[str, Any], message: str
) -> None:
    errors = errors_of(sheet(variant, {"NS": entry, "EW": opponent}))
    assert [(e["hand"], e["side"], e["field"], e["message"]) for e in errors] == [
        (0, "NS", "hand_points", message)
    ]


def test_cards_held_by_card_count_names_the_in_hand_cards() -> None:
    # One low card (5) in the hands of a side of 2 that did not go out: 10 needed.
    entry = {"cards": {"melded": {"high": 9}, "in_hand": {"low": 1}}}
    assert where(errors_of(sheet("classic", {"NS": entry, "EW": OUT}))) == {(0, "NS", "cards.in_hand")}
    entry = {"cards": {"melded": {"high": 9}, "in_hand": {"low": 2}}}
    # 90 − 10 = 80
    assert scoring.score_sheet(sheet("classic", {"NS": entry, "EW": OUT}))["totals"]["NS"] == 80


def test_cards_held_not_checked_when_acaba_is_called() -> None:
    # Ac1 (S0): Acaba ends the hand and nothing else is counted, for either side: 0 and 1500.
    out = scoring.score_sheet(sheet("british", {"NS": {"acaba": True}, "EW": {}}))
    assert out["totals"] == {"NS": 0, "EW": 1500}


def test_cards_held_not_checked_for_total_only_entries_or_special_hands() -> None:
    # A total-only entry says nothing about the cards: C11's 355 written as 455 less a 100 penalty.
    out = scoring.score_sheet(sheet("classic", {"NS": {"total": 455, "penalty_points": 100}, "EW": OUT}))
    assert out["totals"]["NS"] == 355
    # A8/A9: a special hand is the side's only score (2500); its opponents still count their
    # cards: −100 − 130 − 85 = −315.
    a9 = {"red_threes": 1, "melded_points": 130, "hand_points": 85}
    out = scoring.score_sheet(sheet("modern-american", {"NS": {"special_hand": "pairs"}, "EW": a9}))
    assert out["totals"] == {"NS": 2500, "EW": -315}
    blank = errors_of(
        sheet("modern-american", {"NS": {"special_hand": "pairs"}, "EW": {"melded_points": 130}})
    )
    assert where(blank) == {(0, "EW", "hand_points")}


# --- procedural penalties: at most scoring.checks.MAX_PENALTY_POINTS a side in one hand --------


def test_penalty_of_5000_is_accepted() -> None:
    # MELDED with a 5000 penalty: 90 − 20 − 5000 = −4930.
    out = scoring.score_sheet(sheet("classic", {"NS": {**MELDED, "penalty_points": 5000}, "EW": OUT}))
    assert out["totals"]["NS"] == -4930


@pytest.mark.parametrize(
    ("variant", "entry"),
    [
        pytest.param("classic", {**MELDED, "penalty_points": 5005}, id="summary entry"),
        pytest.param("classic", {"total": 455, "penalty_points": 5005}, id="total-only entry"),
        pytest.param("british", {"acaba": True, "penalty_points": 5005}, id="acaba"),
    ],
)
def test_penalty_above_5000_is_rejected(variant: str, entry: dict[str, Any]) -> None:
    opponent = OUT if variant == "classic" else {}
    errors = errors_of(sheet(variant, {"NS": entry, "EW": opponent}))
    assert where(errors) == {(0, "NS", "penalty_points")}
    assert "5005" in errors[0]["message"] and "5000" in errors[0]["message"]


# --- the pack's arithmetic: aces, 7s and wild cards over all sides (rules.md §1.0, §1.2) ------
#
# Two packs hold 2 x 4 = 8 aces, 8 sevens and 2 x (2 jokers + 4 twos) = 12 wild cards (§1.0).
# At least: a canasta of aces or of 7s holds 7 of them (a canasta has 7 cards, §1.1, and these
# are natural, §1.2), an unfinished aces or 7s meld 3 (a meld has 3 cards, §1.1, no wild card,
# §1.2), a player caught holding three or more 3 in hand (§1.2 Penalties); a wild canasta 7 wild
# cards, an unfinished wild meld 3 (§1.2: wild melds of 3 to 7), a mixed canasta 1.

MA_NOT_OUT = {"melded_points": 130, "hand_points": 10}  # both partners hold cards: 5 + 5
# Went out with two canastas; the partner still holds a 5-point card.
MA_WENT_OUT = {
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "went_out": True,
    "melded_points": 300,
    "hand_points": 5,
}


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_WENT_OUT, "aces_canastas": 1, "melded_points": 440},
                    "EW": {**MA_NOT_OUT, "players_with_three_aces": 1, "hand_points": 70},
                },
            ),
            (0, None, "players_with_three_aces", "too_many_aces_in_pack"),
            id="aces: a canasta of aces 7 + one player caught 3 = 10 > 8",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_NOT_OUT, "players_with_three_aces": 2, "hand_points": 130},
                    "EW": {**MA_NOT_OUT, "players_with_three_aces": 1, "hand_points": 70},
                },
            ),
            (0, None, "players_with_three_aces", "too_many_aces_in_pack"),
            id="aces: three players caught 3 + 3 + 3 = 9 > 8",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        **MA_NOT_OUT,
                        "unfinished_aces": 1,
                        "players_with_three_aces": 1,
                        "hand_points": 70,
                    },
                    "EW": {**MA_NOT_OUT, "unfinished_aces": 1},
                },
            ),
            (0, None, "players_with_three_aces", "too_many_aces_in_pack"),
            id="aces: two unfinished melds 3 + 3 + one player caught 3 = 9 > 8",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_NOT_OUT, "unfinished_aces": 1},
                    "EW": {**MA_NOT_OUT, "unfinished_aces": 1},
                },
                {
                    "NS": {
                        **MA_NOT_OUT,
                        "unfinished_aces": 1,
                        "players_with_three_aces": 1,
                        "hand_points": 70,
                    },
                    "EW": {**MA_NOT_OUT, "unfinished_aces": 1},
                },
                options={"target": 20000},
            ),
            (1, None, "players_with_three_aces", "too_many_aces_in_pack"),
            id="aces: each hand on its own: 6 in hand 0, 9 in hand 1",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_WENT_OUT, "sevens_canastas": 1, "melded_points": 335},
                    "EW": {**MA_NOT_OUT, "players_with_three_sevens": 1, "hand_points": 20},
                },
            ),
            (0, None, "players_with_three_sevens", "too_many_sevens_in_pack"),
            id="7s: a canasta of 7s 7 + one player caught 3 = 10 > 8",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_NOT_OUT, "unfinished_sevens": 1},
                    "EW": {
                        **MA_NOT_OUT,
                        "unfinished_sevens": 1,
                        "players_with_three_sevens": 1,
                        "hand_points": 20,
                    },
                },
            ),
            (0, None, "players_with_three_sevens", "too_many_sevens_in_pack"),
            id="7s: two unfinished melds 3 + 3 + one player caught 3 = 9 > 8",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {"wild_canastas": 1, "mixed_canastas": 3, "melded_points": 400, "hand_points": 10},
                    "EW": {**MA_NOT_OUT, "unfinished_wild": 1},
                },
            ),
            (0, None, "unfinished_wild", "too_many_wild_cards_in_pack"),
            id="wild: a wild canasta 7 + three mixed 3 + an unfinished wild meld 3 = 13 > 12",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        **MA_NOT_OUT,
                        "natural_canastas": 2,
                        "deuce_canastas": 1,
                        "melded_points": 300,
                        "unfinished_wild": 1,
                    },
                    "EW": {**MA_NOT_OUT, "unfinished_wild": 1},
                },
            ),
            (0, None, "unfinished_wild", "too_many_wild_cards_in_pack"),
            id="wild: seven 2s 7 + two unfinished wild melds 3 + 3 = 13 > 12",
        ),
        pytest.param(
            sheet(
                "bolivia",
                {
                    "NS": {"wild_canastas": 2, "mixed_canastas": 3, "melded_points": 450, "hand_points": 10},
                    "EW": {"mixed_canastas": 2, "melded_points": 200, "hand_points": 10},
                },
            ),
            (0, None, "mixed_canastas", "too_many_wild_cards_in_pack"),
            id="wild, Bolivia, three packs: two bolivias 14 + five mixed 5 = 19 > 18",
        ),
    ],
)
def test_pack_arithmetic_rejected(data: dict[str, Any], expected: tuple[Any, Any, Any, str]) -> None:
    # The sheet's only fault is the pack's arithmetic: one problem, over all sides (side None).
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    assert [(p.hand, p.side, p.field, p.code) for p in exc.value.problems] == [expected]


# A card count of NS's melded cards: an unfinished aces meld of `aces` aces and a meld of three
# 8s to kings; two 10-point cards left in its hands.
def _counted_aces(aces: int) -> dict[str, Any]:
    return {"cards": {"melded": {"aces": aces, "high": 3}, "in_hand": {"high": 2}}, "unfinished_aces": 1}


@pytest.mark.parametrize(
    ("data", "scores"),
    [
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": _counted_aces(5),
                    "EW": {**MA_NOT_OUT, "players_with_three_aces": 1, "hand_points": 70},
                },
            ),
            # NS: melded 5 x 20 + 3 x 10 = 130, no canasta so counted against (§1.2 swing), in hand
            # 2 x 10 = 20, unfinished aces meld 2500: -130 - 20 - 2500 = -2650.
            # EW: -130 - 70 - 1500 (one player caught with three aces) = -1700.
            (-2650, -1700),
            id="aces: exactly 8: 5 counted in NS's unfinished meld + one EW player caught 3",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {"NS": {**MA_WENT_OUT, "aces_canastas": 1, "melded_points": 440}, "EW": MA_NOT_OUT},
            ),
            # NS: 500 + 300 + 2500 canastas + 440 melded + 100 going out - 5 = 3835 (C = 3, no
            # threes). EW: -130 - 10 = -140.
            (3835, -140),
            id="aces: a canasta of aces alone, 7",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {
                        "mixed_canastas": 1,
                        "melded_points": 200,
                        "players_with_three_aces": 1,
                        "hand_points": 70,
                    },
                    "EW": {**MA_NOT_OUT, "players_with_three_aces": 1, "hand_points": 70},
                },
            ),
            # NS (C = 1): 300 + 200 - 70 - 1500 = -1070. EW: -130 - 70 - 1500 = -1700. 3 + 3 = 6 aces.
            (-1070, -1700),
            id="aces: one player caught on each side, 6",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {**MA_NOT_OUT, "unfinished_sevens": 1},
                    "EW": {**MA_NOT_OUT, "unfinished_sevens": 1},
                },
            ),
            # -130 - 10 - 2500 = -2640 each; 3 + 3 = 6 sevens.
            (-2640, -2640),
            id="7s: an unfinished 7s meld on each side, 6",
        ),
        pytest.param(
            sheet(
                "modern-american",
                {
                    "NS": {"wild_canastas": 1, "mixed_canastas": 2, "melded_points": 400, "hand_points": 10},
                    "EW": {**MA_NOT_OUT, "unfinished_wild": 1},
                },
            ),
            # 7 + 2 x 1 + 3 = 12 wild cards. NS (C = 3): 2000 + 2 x 300 + 400 - 10 = 2990.
            # EW: -130 - 10 - 2000 = -2140.
            (2990, -2140),
            id="wild: exactly 12: a wild canasta 7 + two mixed 2 + an unfinished wild meld 3",
        ),
        pytest.param(
            sheet(
                "bolivia",
                {
                    "NS": {"wild_canastas": 2, "mixed_canastas": 2, "melded_points": 400, "hand_points": 10},
                    "EW": {"mixed_canastas": 2, "melded_points": 200, "hand_points": 10},
                },
            ),
            # 2 x 7 + 2 + 2 = 18 wild cards in three packs (§1.0: 6 jokers + 12 twos). rules.md
            # §2.4: NS 400 - 10 + 2 x 2500 + 2 x 300 = 5990; EW 200 - 10 + 2 x 300 = 790.
            (5990, 790),
            id="wild, Bolivia: exactly 18: two bolivias 14 + four mixed 4",
        ),
    ],
)
def test_pack_arithmetic_accepted_at_the_boundary(data: dict[str, Any], scores: tuple[int, int]) -> None:
    out = scoring.score_sheet(data)
    assert (out["hands"][0]["NS"]["score"], out["hands"][0]["EW"]["score"]) == scores


def test_pack_arithmetic_one_more_counted_ace_is_refused() -> None:
    # 6 counted in NS's unfinished aces meld + 3 in the hand of EW's caught player = 9 > 8.
    data = sheet(
        "modern-american",
        {"NS": _counted_aces(6), "EW": {**MA_NOT_OUT, "players_with_three_aces": 1, "hand_points": 70}},
    )
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    [problem] = exc.value.problems
    assert (problem.hand, problem.side, problem.field, problem.code) == (
        0,
        None,
        "players_with_three_aces",
        "too_many_aces_in_pack",
    )
    assert problem.params == {
        "needed": 9,
        "in_pack": 8,
        "counted": 3,  # 6 counted, 3 of them forced by the unfinished meld: 3 more
        "fields": ["unfinished_aces", "players_with_three_aces"],
    }
    assert problem.message == (
        "the entries over all sides hold at least 9 aces (unfinished aces melds 1 × 3, players "
        "holding three or more aces 1 × 3, 3 more in card counts), but the pack has 8"
    )


def test_pack_arithmetic_leaves_counted_cards_alone_to_the_card_check() -> None:
    # 4 + 1 = 5 jokers counted over both sides: the card count's own check says so, once; the
    # canastas' wild cards (1 in NS's mixed canasta) are within what was counted.
    ns = {
        "cards": {"melded": {"jokers": 4, "twos": 8, "high": 9}, "in_hand": {"high": 2}},
        "mixed_canastas": 1,
    }
    ew = {"cards": {"melded": {"jokers": 1, "high": 7}, "in_hand": {"high": 1}}, "natural_canastas": 1}
    data = sheet("classic", {"NS": ns, "EW": {**ew, "went_out": True}})
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    assert [p.code for p in exc.value.problems] == ["too_many_cards_in_pack"]


def test_pack_arithmetic_counts_a_total_only_entry_as_nothing() -> None:
    # A pad's total says nothing about the cards: EW's 6 aces (two players caught) stand alone.
    data = sheet(
        "modern-american",
        {"NS": {"total": 500}, "EW": {**MA_NOT_OUT, "players_with_three_aces": 2, "hand_points": 130}},
    )
    # EW: -130 - 130 - 2 x 1500 = -3260.
    assert scoring.score_sheet(data)["totals"] == {"NS": 500, "EW": -3260}


# --- the cards of the players caught holding three or more aces or 7s are in hand (§1.2) ------
#
# k players caught with aces and m with 7s hold at least 3k aces (20 each) and 3m sevens (5 each,
# rules.md §1.0) in hand: hand points >= 3k x 20 + 3m x 5. A card count shows the cards themselves.
# The boundaries below are exact: NS went out, so only the partner holds cards (caught with aces,
# 7s or both), or NS did not and both partners are caught.

MA_CAUGHT_OUT = {**MA_WENT_OUT, "hand_points": 0}  # NS: 500 + 300 canastas + 300 melded + 100 out


@pytest.mark.parametrize(
    ("entry", "score"),
    [
        # k = 1: 3 x 20 = 60. 1200 - 60 - 1500 = -360.
        pytest.param(
            {**MA_CAUGHT_OUT, "players_with_three_aces": 1, "hand_points": 60}, -360, id="partner, aces: 60"
        ),
        # m = 1: 3 x 5 = 15. 1200 - 15 - 1500 = -315.
        pytest.param(
            {**MA_CAUGHT_OUT, "players_with_three_sevens": 1, "hand_points": 15}, -315, id="partner, 7s: 15"
        ),
        # k = 1, m = 1, the partner holds both: 60 + 15 = 75. 1200 - 75 - 3000 = -1875.
        pytest.param(
            {
                **MA_CAUGHT_OUT,
                "players_with_three_aces": 1,
                "players_with_three_sevens": 1,
                "hand_points": 75,
            },
            -1875,
            id="partner, aces and 7s: 75",
        ),
        # k = 2, not out: 6 x 20 = 120. -130 - 120 - 3000 = -3250.
        pytest.param(
            {**MA_NOT_OUT, "players_with_three_aces": 2, "hand_points": 120},
            -3250,
            id="both partners, aces: 120",
        ),
    ],
)
def test_caught_cards_accepted_at_the_boundary(entry: dict[str, Any], score: int) -> None:
    out = scoring.score_sheet(sheet("modern-american", {"NS": entry, "EW": MA_NOT_OUT}))
    assert out["hands"][0]["NS"]["score"] == score


@pytest.mark.parametrize(
    ("entry", "minimum"),
    [
        pytest.param(
            {**MA_CAUGHT_OUT, "players_with_three_aces": 1, "hand_points": 55}, 60, id="partner, aces: 55"
        ),
        pytest.param(
            {**MA_CAUGHT_OUT, "players_with_three_sevens": 1, "hand_points": 10}, 15, id="partner, 7s: 10"
        ),
        pytest.param(
            {
                **MA_CAUGHT_OUT,
                "players_with_three_aces": 1,
                "players_with_three_sevens": 1,
                "hand_points": 70,
            },
            75,
            id="partner, aces and 7s: 70",
        ),
        pytest.param(
            {**MA_NOT_OUT, "players_with_three_aces": 2, "hand_points": 115},
            120,
            id="both partners, aces: 115",
        ),
    ],
)
def test_caught_cards_rejected_just_below(entry: dict[str, Any], minimum: int) -> None:
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(sheet("modern-american", {"NS": entry, "EW": MA_NOT_OUT}))
    [problem] = exc.value.problems
    assert (problem.hand, problem.side, problem.field, problem.code) == (
        0,
        "NS",
        "hand_points",
        "hand_points_below_caught_cards",
    )
    assert problem.params["minimum"] == minimum
    assert problem.params["entered"] == entry["hand_points"]


def test_caught_cards_message_says_what_and_how_much() -> None:
    entry = {**MA_CAUGHT_OUT, "players_with_three_aces": 1, "players_with_three_sevens": 1, "hand_points": 70}
    errors = errors_of(sheet("modern-american", {"NS": entry, "EW": MA_NOT_OUT}))
    assert [e["message"] for e in errors] == [
        "1 player caught holding three or more aces and 1 player caught holding three or more 7s hold "
        "at least 3 aces (20 points each) and 3 sevens (5 points each) in hand, 75 points in all; "
        "70 entered"
    ]


def test_caught_cards_and_a_blank_hand_say_both() -> None:
    # Blank hand points: both partners hold cards (10) and the caught player holds 3 aces (60).
    entry = {"melded_points": 130, "players_with_three_aces": 1}
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(sheet("modern-american", {"NS": entry, "EW": MA_WENT_OUT}))
    assert [p.code for p in exc.value.problems] == ["held_cards_missing", "hand_points_below_caught_cards"]


def _counted_hand(in_hand: dict[str, int], **caught: int) -> dict[str, Any]:
    # Melded: thirteen 8s to kings, 130 points (the opening minimum is 125, §1.2).
    return {"cards": {"melded": {"high": 13}, "in_hand": in_hand}, **caught}


def test_caught_cards_by_card_count() -> None:
    # 3 aces for the player caught, a 4 for the partner: -130 - (60 + 5) - 1500 = -1695.
    ns = _counted_hand({"aces": 3, "low": 1}, players_with_three_aces=1)
    out = scoring.score_sheet(sheet("modern-american", {"NS": ns, "EW": MA_WENT_OUT}))
    assert out["hands"][0]["NS"]["score"] == -1695
    # 3 cards from 4 to 7 (the 7s among them) for the one caught with 7s, one more for the
    # partner: -130 - 20 - 1500 = -1650.
    ns = _counted_hand({"low": 4}, players_with_three_sevens=1)
    out = scoring.score_sheet(sheet("modern-american", {"NS": ns, "EW": MA_WENT_OUT}))
    assert out["hands"][0]["NS"]["score"] == -1650


@pytest.mark.parametrize(
    ("in_hand", "caught", "expected"),
    [
        pytest.param(
            {"aces": 2, "high": 1},
            {"players_with_three_aces": 1},
            ("cards.in_hand.aces", "caught_aces_not_in_hand", 3, 2),
            id="aces: 2 of 3",
        ),
        # Six 10-point cards are 60 points, what 3 aces are worth, but they are no aces.
        pytest.param(
            {"high": 6},
            {"players_with_three_aces": 1},
            ("cards.in_hand.aces", "caught_aces_not_in_hand", 3, 0),
            id="aces: 60 points without an ace",
        ),
        pytest.param(
            {"aces": 5, "high": 1},
            {"players_with_three_aces": 2},
            ("cards.in_hand.aces", "caught_aces_not_in_hand", 6, 5),
            id="aces: both partners, 5 of 6",
        ),
        pytest.param(
            {"low": 2, "high": 1},
            {"players_with_three_sevens": 1},
            ("cards.in_hand.low", "caught_sevens_not_in_hand", 3, 2),
            id="7s: 2 cards from 4 to 7 of 3",
        ),
    ],
)
def test_caught_cards_by_card_count_rejected(
    in_hand: dict[str, int], caught: dict[str, int], expected: tuple[str, str, int, int]
) -> None:
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(
            sheet("modern-american", {"NS": _counted_hand(in_hand, **caught), "EW": MA_WENT_OUT})
        )
    [problem] = exc.value.problems
    field, code, needed, counted = expected
    assert (problem.hand, problem.side, problem.field, problem.code) == (0, "NS", field, code)
    assert (problem.params["needed"], problem.params["counted"]) == (needed, counted)


# --- melded points alone against the pack's cards at their card values (rules.md §1.0, §4 #10) ---

# Three packs hold 3 x 590 = 1770 card points at card values (rules.md §1.0). In Bolivia a black
# three left in hand counts 100, not 5, so melded and hand points together may reach 1770 + 6 x 95
# = 2340 (§4 #10); but a black three is melded at 5 (§1.1), so the melded points of all sides
# never exceed 1770. NS went out with an escalera and a natural canasta, its partner holding one
# 5-point card; EW hold two black threes (2 x 100) and 100 points of other cards.
BOLIVIA_OUT = {"sequence_canastas": 1, "natural_canastas": 1, "went_out": True, "hand_points": 5}
BOLIVIA_BLACK_THREES_HELD = {"natural_canastas": 1, "melded_points": 800, "hand_points": 300}


@pytest.mark.parametrize(
    ("data", "points", "card_points"),
    [
        pytest.param(
            # 1000 + 800 = 1800 melded > 1770; with the hands 1800 + 5 + 300 = 2105 <= 2340.
            sheet("bolivia", {"NS": {**BOLIVIA_OUT, "melded_points": 1000}, "EW": BOLIVIA_BLACK_THREES_HELD}),
            1800,
            1770,
            id="bolivia: 1800 melded of 1770, 2105 of 2340 with the hands",
        ),
        pytest.param(
            # Four packs: 4 x 590 = 2360 at card values, 2360 + 8 x 95 = 3120 with black threes
            # at 100 in hand. 1600 + 800 = 2400 melded > 2360; with the hands 2705 <= 3120.
            sheet(
                "chilean",
                {"NS": {**BOLIVIA_OUT, "melded_points": 1600}, "EW": BOLIVIA_BLACK_THREES_HELD},
                options={"packs": 4},
            ),
            2400,
            2360,
            id="chilean, four packs: 2400 melded of 2360, 2705 of 3120 with the hands",
        ),
    ],
)
def test_melded_points_over_the_pack_at_card_values_are_refused(
    data: dict[str, Any], points: int, card_points: int
) -> None:
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    [problem] = exc.value.problems  # the old limit, black threes at their in-hand value, holds
    assert (problem.hand, problem.side, problem.field, problem.code) == (
        0,
        None,
        "melded_points",
        "too_many_melded_points",
    )
    assert problem.params == {"points": points, "card_points": card_points}


def test_melded_points_exactly_the_pack_at_card_values_are_accepted() -> None:
    # 970 + 800 = 1770 melded, the pack's card points; 1770 + 5 + 300 = 2075 with the hands.
    data = sheet("bolivia", {"NS": {**BOLIVIA_OUT, "melded_points": 970}, "EW": BOLIVIA_BLACK_THREES_HELD})
    assert scoring.score_sheet(data)["hands"][0]["NS"]["score"] > 0


def test_melded_points_over_the_pack_say_so_once_where_no_card_counts_more_in_hand() -> None:
    # Classic: the pack's 1180 points are its card values, so the limit of melded and hand
    # points together already holds the melded points: one problem, not two.
    data = sheet(
        "classic",
        {
            "NS": {"natural_canastas": 1, "went_out": True, "melded_points": 1200, "hand_points": 5},
            "EW": {"hand_points": 10},
        },
    )
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    assert [p.code for p in exc.value.problems] == ["too_many_card_points"]


def test_melded_points_over_the_pack_beside_the_old_limit_say_both() -> None:
    # Bolivia: 1000 + 900 = 1900 melded > 1770, and 1900 + 5 + 450 = 2355 > 2340.
    ew = {**BOLIVIA_BLACK_THREES_HELD, "melded_points": 900, "hand_points": 450}
    data = sheet("bolivia", {"NS": {**BOLIVIA_OUT, "melded_points": 1000}, "EW": ew})
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(data)
    assert [(p.code, p.params) for p in exc.value.problems] == [
        ("too_many_card_points", {"points": 2355, "pack_points": 2340}),
        ("too_many_melded_points", {"points": 1900, "card_points": 1770}),
    ]
