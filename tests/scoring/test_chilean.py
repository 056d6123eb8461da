"""Chilean Canasta (rules.md §1.11, §6): Bolivia's fields and values, with 3 packs (162 cards, the
default) or 4 (216), the `packs` house rule. Everything the pack decides follows it (§1.0: threes,
jokers, card points; §4: the limits), and with four packs the red threes are 100 each with no
bonus for holding all eight (§6)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import scoring
from tests.support.hands import EW_ONE, NS_SEVEN
from tests.support.sheets import HOLDING, errors_of, sheet

CHILEAN = scoring.VARIANTS["chilean"]
BOLIVIA = scoring.VARIANTS["bolivia"]
FOUR = {"packs": 4}


def test_four_packs_score_seven_red_threes() -> None:
    out = scoring.score_sheet(sheet("chilean", {"NS": NS_SEVEN, "EW": EW_ONE}, options=FOUR))
    assert out["hands"][0]["NS"]["breakdown"] == [
        {"item": "melded_cards", "points": 420},
        {"item": "cards_in_hand", "points": -10},
        {"item": "natural_canastas", "points": 500, "count": 1},
        {"item": "sequence_canastas", "points": 1500, "count": 1},
        {"item": "red_threes", "points": 700, "count": 7},
        {"item": "going_out", "points": 200},
    ]
    assert out["totals"] == {"NS": 3310, "EW": 3315}
    # Both between 3000 and 6995: Bolivia's (Samba's) minimum 120 (rules.md §1.4, §1.5).
    assert out["initial_meld"] == {"NS": 120, "EW": 120}
    assert (out["game_over"], out["winner"]) == (False, None)


def test_a_four_pack_game_of_two_hands() -> None:
    # Hand 2: EW goes out with 2 escaleras and all eight red threes, its partner holding one
    # 5-point card: 600 − 5 + 2 × 1500 + 8 × 100 (no bonus for all eight, rules.md §6) + 200
    # = 4595. NS: a natural canasta, 150 melded (its minimum is 120), 120 in hand:
    # 150 − 120 + 500 = 530.
    ew_out = {
        "sequence_canastas": 2,
        "red_threes": 8,
        "went_out": True,
        "melded_points": 600,
        "hand_points": 5,
    }
    ns = {"natural_canastas": 1, "melded_points": 150, "hand_points": 120}
    data = sheet("chilean", {"NS": NS_SEVEN, "EW": EW_ONE}, {"NS": ns, "EW": ew_out}, options=FOUR)
    out = scoring.score_sheet(data)
    assert [{s: h[s]["score"] for s in h} for h in out["hands"]] == [
        {"NS": 3310, "EW": 3315},
        {"NS": 530, "EW": 4595},
    ]
    # NS 3310 + 530 = 3840 (120 to open); EW 3315 + 4595 = 7910: 150 from 7000 (BIC-BO).
    assert out["totals"] == {"NS": 3840, "EW": 7910}
    assert out["initial_meld"] == {"NS": 120, "EW": 150}
    assert out["game_over"] is False  # the target is Bolivia's 15 000


def test_three_packs_refuse_the_same_count() -> None:
    # 7 + 1 = 8 red threes over both sides; three packs hold six (rules.md §4 #1).
    for options in ({}, {"packs": 3}):
        with pytest.raises(scoring.SheetRejected) as exc:
            scoring.score_sheet(sheet("chilean", {"NS": NS_SEVEN, "EW": EW_ONE}, options=options))
        assert [p.as_detail() for p in exc.value.problems] == [
            {
                "hand": 0,
                "side": None,
                "field": "red_threes",
                "message": "8 red threes entered over all sides; the pack has 6",
                "code": "too_many_red_threes",
                "params": {"count": 8, "in_pack": 6},
            }
        ]


def test_four_packs_refuse_nine_red_threes() -> None:
    errors = errors_of(sheet("chilean", {"NS": NS_SEVEN, "EW": {**EW_ONE, "red_threes": 2}}, options=FOUR))
    assert [(e["field"], e["message"]) for e in errors] == [
        ("red_threes", "9 red threes entered over all sides; the pack has 8")
    ]


def test_three_packs_score_six_red_threes_as_bolivia() -> None:
    # All six: 1000 (Bolivia = Samba, rules.md §1.4, §1.5).
    # NS: 420 − 10 + 1500 + 500 + 1000 + 200 = 3610. EW (no red three): 480 − 65 + 2500 + 300 = 3215.
    ns = {**NS_SEVEN, "red_threes": 6}
    ew = {**EW_ONE, "red_threes": 0}
    out = scoring.score_sheet(sheet("chilean", {"NS": ns, "EW": ew}))
    assert out["totals"] == {"NS": 3610, "EW": 3215}
    assert out == scoring.score_sheet(sheet("bolivia", {"NS": ns, "EW": ew})) | {"variant": "chilean"}


@pytest.mark.parametrize(
    ("options", "red", "canastas", "points"),
    [
        pytest.param(FOUR, 8, 2, 800, id="4 packs: all eight 800, no bonus"),
        pytest.param(FOUR, 6, 2, 600, id="4 packs: six are 600, not Bolivia's 1000"),
        pytest.param(FOUR, 8, 1, -800, id="4 packs: against a side with fewer than two canastas"),
        pytest.param({}, 6, 2, 1000, id="3 packs: all six 1000"),
        pytest.param({}, 6, 1, -1000, id="3 packs: all six against, 1000"),
        pytest.param({}, 5, 2, 500, id="3 packs: five 500"),
    ],
)
def test_red_three_values(options: dict[str, Any], red: int, canastas: int, points: int) -> None:
    # The red threes' line alone; the side melded a natural canasta of 500 (and a mixed one of 300
    # when it has two), so the rest of its score is 120 − 10 + the canastas.
    entry = {"natural_canastas": 1, "mixed_canastas": canastas - 1, "red_threes": red}
    entry |= {"melded_points": 120, "hand_points": 10}
    out = scoring.score_sheet(sheet("chilean", {"NS": entry, "EW": HOLDING}, options=options))
    breakdown = out["hands"][0]["NS"]["breakdown"]
    assert {"item": "red_threes", "points": points, "count": red} in breakdown
    assert out["totals"]["NS"] == 120 - 10 + 500 + 300 * (canastas - 1) + points


def test_the_pack_decides_every_count() -> None:
    four = scoring.rules_for("chilean", FOUR)
    # rules.md §1.0: 4 decks + 8 jokers, 8 red and 8 black threes, 2360 card points; with a black
    # three in hand at 100 (95 more than its 5), 2360 + 8 × 95 = 3120 (§4 #10).
    assert (four.decks, four.red_threes_in_pack, four.black_threes_in_pack) == (4, 8, 8)
    assert four.pack_points == 3120
    assert four.red_three_values == (0, 100, 200, 300, 400, 500, 600, 700, 800)
    # 216 cards − 16 threes = 200, 7 to a canasta: 28; 8 jokers + 16 twos = 24 wild cards, one in
    # each mixed canasta, seven in each bolivia: 24 and 3.
    assert (four.max_canastas_per_side, four.max_natural_canastas_total, four.max_canastas_total) == (
        28,
        28,
        28,
    )
    assert (four.max_mixed_canastas_total, four.max_wild_canastas_total) == (24, 3)
    maxima = {f.name: f.maximum for f in scoring.entry_fields(four)}
    assert maxima["red_threes"] == 8
    counts = {f.name: f.in_pack for f in scoring.card_count_fields(four)}
    assert counts == {"jokers": 8, "twos": 16, "aces": 16, "high": 96, "low": 64, "black_threes": 8}
    # Three packs: Bolivia's pack (162 cards; 2340 points, 21 canastas, 18 mixed, 2 wild).
    three = scoring.rules_for("chilean", {"packs": 3})
    assert three == CHILEAN
    assert {f.name: f.in_pack for f in scoring.card_count_fields(three)}["jokers"] == 6
    assert {f.name: f.maximum for f in scoring.entry_fields(three)}["red_threes"] == 6


def test_three_packs_are_bolivia_under_another_name() -> None:
    assert dataclasses.replace(CHILEAN, key="bolivia", name="Bolivia", options=BOLIVIA.options) == BOLIVIA
    assert CHILEAN.options == (*BOLIVIA.options, "packs")
    assert "packs" not in BOLIVIA.options


def test_hand_score_bounds_follow_the_pack() -> None:
    # Highest, 4 packs: every card melded (4 × 590 = 2360), 28 canastas a side, the most valuable
    # first: 3 bolivias (24 wild cards) × 2500 = 7500 and 25 escaleras × 1500 = 37 500; eight red
    # threes 800; going out 200: 2360 + 7500 + 37500 + 800 + 200 = 48 360. Lowest: every card
    # against the side, black threes at 100 (3120), and eight red threes against it (800): −3920.
    assert scoring.rules_for("chilean", FOUR).hand_score_bounds == (-3920, 48360)
    # 3 packs: 1770 + 2 × 2500 + 19 × 1500 + 1000 + 200 = 36 470; −(2340 + 1000) = −3340.
    assert CHILEAN.hand_score_bounds == (-3340, 36470) == BOLIVIA.hand_score_bounds
    # A total-only entry is checked against them: 40 000 fits four packs only.
    total = {"total": 40000, "went_out": True}
    assert scoring.score_sheet(sheet("chilean", {"NS": total, "EW": {"total": 0}}, options=FOUR))[
        "totals"
    ] == {
        "NS": 40000,
        "EW": 0,
    }
    errors = errors_of(sheet("chilean", {"NS": total, "EW": {"total": 0}}))
    assert [(e["side"], e["field"]) for e in errors] == [("NS", "total")]


def test_the_card_points_of_the_pack_follow_it() -> None:
    # 1300 melded + 10 in hand by NS, 1000 melded + 65 in hand by EW: 2375 card points, over three
    # packs' 2340 but within four packs' 3120; 2300 melded, over three packs' 1770 at card values
    # but within four packs' 2360.
    ns = {**NS_SEVEN, "red_threes": 1, "melded_points": 1300}
    ew = {**EW_ONE, "melded_points": 1000}
    errors = errors_of(sheet("chilean", {"NS": ns, "EW": ew}))
    assert [(e["field"], e["message"]) for e in errors] == [
        (
            "melded_points",
            "melded points and points of cards left in hand over all sides add up to 2375; "
            "the pack holds only 2340 card points",
        ),
        (
            "melded_points",
            "melded points over all sides add up to 2300; the whole pack melded is worth only "
            "1770 card points",
        ),
    ]
    out = scoring.score_sheet(sheet("chilean", {"NS": ns, "EW": ew}, options=FOUR))
    # NS: 1300 − 10 + 1500 + 500 + 100 + 200 = 3590; EW: 1000 − 65 + 2500 + 300 + 100 = 3835.
    assert out["totals"] == {"NS": 3590, "EW": 3835}


def test_a_card_count_follows_the_pack() -> None:
    # NS holds seven jokers (7 × 50 = 350 in hand) after melding five kings (50, its opening
    # minimum): 50 − 350 = −300. Three packs hold six jokers.
    ns = {"cards": {"melded": {"high": 5}, "in_hand": {"jokers": 7}}}
    ew = {**EW_ONE, "red_threes": 0, "went_out": True, "sequence_canastas": 1, "mixed_canastas": 0}
    # EW went out with an escalera and a bolivia, its partner holding 65: 480 − 65 + 1500 + 2500
    # + 200 = 4615.
    out = scoring.score_sheet(sheet("chilean", {"NS": ns, "EW": ew}, options=FOUR))
    assert out["totals"] == {"NS": -300, "EW": 4615}
    errors = errors_of(sheet("chilean", {"NS": ns, "EW": ew}))
    assert [(e["side"], e["field"]) for e in errors] == [("NS", "cards.in_hand.jokers")]


def test_options_after_the_pack_see_the_pack() -> None:
    # red_three_values is checked against the pack chosen: eight values with four packs.
    eight = [100, 200, 300, 400, 500, 600, 700, 1600]
    assert scoring.rules_for("chilean", {"packs": 4, "red_three_values": eight}).red_three_values == (
        0,
        *eight,
    )
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for("chilean", {"red_three_values": eight})
    assert exc.value.code == "option_red_three_values_bad_shape"
    assert exc.value.params["in_pack"] == 6
    # {"each", "all"}: "all" is for the pack's eight.
    rules = scoring.rules_for("chilean", {"red_three_values": {"each": 100, "all": 1500}, "packs": 4})
    assert rules.red_three_values == (0, 100, 200, 300, 400, 500, 600, 700, 1500)
    # A black three in hand at 5: four packs' 2360 card points, and the bounds follow.
    rules = scoring.rules_for("chilean", {"black_three_in_hand": 5, "packs": 4})
    assert (rules.black_three_in_hand, rules.pack_points) == (5, 2360)
    assert rules.hand_score_bounds == (-(2360 + 800), 48360)


@pytest.mark.parametrize(
    "value",
    [
        pytest.param(2, id="two packs"),
        pytest.param(5, id="five packs"),
        pytest.param(0, id="none"),
        pytest.param(-4, id="negative"),
        pytest.param("4", id="a string"),
        pytest.param(4.0, id="a float"),
        pytest.param(True, id="a flag"),
        pytest.param(None, id="null"),
        pytest.param([4], id="a list"),
    ],
)
def test_packs_other_than_3_or_4_are_refused(value: Any) -> None:
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for("chilean", {"packs": value})
    assert (exc.value.code, exc.value.option) == ("option_packs_not_3_or_4", "packs")
    assert exc.value.params == {"option": "packs", "value": repr(value)}
    errors = errors_of(sheet("chilean", {"NS": NS_SEVEN, "EW": EW_ONE}, options={"packs": value}))
    assert [(e["field"], e["message"]) for e in errors] == [
        ("options", f"option 'packs' must be 3 or 4 (packs of 52 cards and 2 jokers), not {value!r}")
    ]


@pytest.mark.parametrize("packs", [3, 4])
def test_packs_3_and_4_are_accepted(packs: int) -> None:
    rules = scoring.rules_for("chilean", {"packs": packs})
    assert (rules.decks, rules.red_threes_in_pack, rules.name) == (
        packs,
        2 * packs,
        f"Chilean Canasta ({packs} packs)",
    )


@pytest.mark.parametrize("variant", ["bolivia", "samba", "classic", "spanish"])
def test_only_chilean_chooses_its_pack(variant: str) -> None:
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for(variant, FOUR)
    assert exc.value.code == "unknown_option"
