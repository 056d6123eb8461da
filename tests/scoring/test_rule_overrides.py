"""A club's or event's overrides of a variant's values (scoring.rules_for): the initial-meld table,
red-three values, going-out bonuses, Hand and Foot minimums by deal and book values, and their
validation. Every expected value is worked out by hand from the option and rules.md."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import sheet

# Classic: a side that melded 90 with 20 left in hand (rules.md §2.1: melded - hand + bonuses).
MELDED = {"melded_points": 90, "hand_points": 20}
# Classic: went out with one natural canasta (500), 200 melded, the partner holding 5.
OUT = {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 5}
TABLE = [
    {"below": 0, "minimum": 0},
    {"below": 2000, "minimum": 50},
    {"below": 4000, "minimum": 100},
    {"minimum": 125},
]


def _score(variant: str, options: dict[str, Any], fields: dict[str, Any]) -> int:
    rules = scoring.rules_for(variant, options)
    return scoring.score_side(rules, scoring.parse_entry(rules, fields)).score


def _rejected(variant: str, options: Any) -> scoring.InvalidRules:
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for(variant, options)
    return exc.value


# --- initial_meld_table ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "minimum"),
    [(-1000, 0), (-5, 0), (0, 50), (1995, 50), (2000, 100), (3995, 100), (4000, 125), (20000, 125)],
)
def test_initial_meld_table_replaces_the_classic_bands(total: int, minimum: int) -> None:
    rules = scoring.rules_for("classic", {"initial_meld_table": TABLE})
    assert scoring.initial_meld_minimum(rules, total) == minimum


def test_a_single_open_band_is_one_minimum_for_every_score() -> None:
    rules = scoring.rules_for("classic", {"initial_meld_table": [{"minimum": 50}]})
    assert [scoring.initial_meld_minimum(rules, t) for t in (-500, 0, 3000, 9000)] == [50, 50, 50, 50]


def test_initial_meld_table_is_checked_on_the_sheet() -> None:
    # At 2000 the table asks 100; classic's own table asks 90 (1500-2995), so 90 passes by default.
    hand = {"NS": MELDED, "EW": OUT}
    start = {"NS": 2000, "EW": 0}
    assert scoring.score_sheet(sheet("classic", hand, start=start))["totals"]["NS"] == 2000 + 70
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(sheet("classic", hand, start=start, options={"initial_meld_table": TABLE}))
    (problem,) = exc.value.problems
    assert (problem.code, problem.params) == (
        "opening_meld_too_low",
        {"minimum": 100, "total_before": 2000, "melded": 90},
    )


def test_initial_meld_table_for_modern_american() -> None:
    table = [{"below": 5000, "minimum": 120}, {"minimum": 150}]
    rules = scoring.rules_for("modern-american", {"initial_meld_table": table})
    assert [scoring.initial_meld_minimum(rules, t) for t in (-300, 4995, 5000)] == [120, 120, 150]


def test_brazilian_table_keeps_the_canasta_requirements_from_7000() -> None:
    table = [{"below": 3000, "minimum": 50}, {"minimum": 100}]
    rules = scoring.rules_for("brazilian", {"initial_meld_table": table})
    assert scoring.initial_meld_minimum(rules, 2995) == 50
    assert scoring.initial_meld_minimum(rules, 6995) == 100
    assert scoring.initial_meld_requirement(rules, 6995) is None
    # From 7000 on Brazilian asks a canasta (0 points), then a canasta and 200 (BIC-BR, RG-BR).
    assert (scoring.initial_meld_minimum(rules, 7000), scoring.initial_meld_requirement(rules, 7000)) == (
        0,
        "canasta",
    )
    assert (scoring.initial_meld_minimum(rules, 8000), scoring.initial_meld_requirement(rules, 8000)) == (
        200,
        "canasta_200",
    )


@pytest.mark.parametrize(
    ("table", "code", "params"),
    [
        pytest.param({"minimum": 50}, "option_meld_table_not_list", {}, id="object"),
        pytest.param([], "option_meld_table_not_list", {}, id="empty"),
        pytest.param([50], "option_meld_band_not_object", {"band": 1}, id="number band"),
        pytest.param(
            [{"below": 0}, {"minimum": 50}], "option_meld_band_not_object", {"band": 1}, id="no minimum"
        ),
        pytest.param(
            [{"below": 0, "minimum": 15, "above": 0}, {"minimum": 50}],
            "option_meld_band_not_object",
            {"band": 1},
            id="unknown key",
        ),
        pytest.param(
            [{"below": 1502, "minimum": 50}, {"minimum": 90}],
            "option_meld_band_bad_value",
            {"band": 1, "key": "below", "value": "1502"},
            id="below 1502",
        ),
        pytest.param(
            [{"below": 1500.0, "minimum": 50}, {"minimum": 90}],
            "option_meld_band_bad_value",
            {"band": 1, "key": "below", "value": "1500.0"},
            id="below float",
        ),
        pytest.param(
            [{"below": 0, "minimum": -5}, {"minimum": 50}],
            "option_meld_band_bad_value",
            {"band": 1, "key": "minimum", "value": "-5"},
            id="negative minimum",
        ),
        pytest.param(
            [{"below": 0, "minimum": 15}, {"minimum": 52}],
            "option_meld_band_bad_value",
            {"band": 2, "key": "minimum", "value": "52"},
            id="minimum 52",
        ),
        pytest.param(
            [{"minimum": True}],
            "option_meld_band_bad_value",
            {"band": 1, "key": "minimum", "value": "True"},
            id="minimum true",
        ),
        pytest.param(
            [{"below": 3000, "minimum": 50}, {"below": 1500, "minimum": 90}, {"minimum": 120}],
            "option_meld_bands_not_ascending",
            {"band": 2, "below": 1500, "previous": 3000},
            id="descending",
        ),
        pytest.param(
            [{"below": 1500, "minimum": 50}, {"below": 1500, "minimum": 90}, {"minimum": 120}],
            "option_meld_bands_not_ascending",
            {"band": 2, "below": 1500, "previous": 1500},
            id="equal",
        ),
        pytest.param(
            [{"below": 0, "minimum": 15}, {"below": 1500, "minimum": 50}],
            "option_meld_table_open_end",
            {"band": 2},
            id="last band closed: scores from 1500 uncovered",
        ),
        pytest.param(
            [{"below": 0, "minimum": 15}, {"minimum": 50}, {"minimum": 90}],
            "option_meld_table_open_end",
            {"band": 2},
            id="two open bands",
        ),
    ],
)
def test_bad_initial_meld_table(table: Any, code: str, params: dict[str, Any]) -> None:
    error = _rejected("classic", {"initial_meld_table": table})
    assert error.code == code
    assert error.params == {"option": "initial_meld_table", **params}
    assert error.option == "initial_meld_table"
    assert code in scoring.PROBLEM_CODES


@pytest.mark.parametrize(
    ("variant", "options", "other"),
    [
        ("classic", {"negative_minimum": 0, "initial_meld_table": TABLE}, "negative_minimum"),
        ("samba", {"initial_meld_table": TABLE, "minimum_at_7000": 160}, "minimum_at_7000"),
    ],
)
def test_two_options_setting_one_minimum_conflict(variant: str, options: dict[str, Any], other: str) -> None:
    error = _rejected(variant, options)
    assert (error.code, error.params) == (
        "options_conflict",
        {"option": "initial_meld_table", "other": other},
    )


def test_hand_and_foot_of_four_deals_has_no_score_table() -> None:
    # Its minimums go by deal; a table by score is for a game played to a target (rules.md §6a).
    assert _rejected("hand-and-foot", {"initial_meld_table": TABLE}).code == "option_only_without_deals"


# --- Hand and Foot: initial_meld_by_deal, book_values --------------------------------------------


def test_initial_meld_by_deal() -> None:
    rules = scoring.rules_for("hand-and-foot", {"initial_meld_by_deal": [60, 90, 120, 160]})
    minimums = [scoring.initial_meld_minimum(rules, 0, deal=deal) for deal in (1, 2, 3, 4)]
    assert minimums == [60, 90, 120, 160]
    assert scoring.initial_meld_minimum(rules, 5000, deal=1) == 60  # by deal, not by score


@pytest.mark.parametrize(
    ("value", "code", "params"),
    [
        ([50, 90, 120], "option_meld_by_deal_not_list", {"deals": 4}),
        ([50, 90, 120, 150, 180], "option_meld_by_deal_not_list", {"deals": 4}),
        ({"1": 50}, "option_meld_by_deal_not_list", {"deals": 4}),
        ([50, 90, 125, "150"], "option_item_bad_points", {"key": "4", "value": "'150'"}),
        ([50, 92, 120, 150], "option_item_bad_points", {"key": "2", "value": "92"}),
    ],
)
def test_bad_initial_meld_by_deal(value: Any, code: str, params: dict[str, Any]) -> None:
    error = _rejected("hand-and-foot", {"initial_meld_by_deal": value})
    assert (error.code, error.params) == (code, {"option": "initial_meld_by_deal", **params})


HF_OUT = {
    "natural_canastas": 2,
    "mixed_canastas": 2,
    "wild_canastas": 1,
    "went_out": True,
    "melded_points": 600,
    "hand_points": 10,
}


def test_book_values() -> None:
    # 600 - 10 + 2 x 500 + 2 x 300 + 1500 + 100 going out (S2) = 3790 by default;
    # clean 600 and wild 2000: 600 - 10 + 1200 + 600 + 2000 + 100 = 4490.
    assert _score("hand-and-foot", {}, HF_OUT) == 3790
    assert _score("hand-and-foot", {"book_values": {"clean": 600, "wild": 2000}}, HF_OUT) == 4490
    # dirty 0: 600 - 10 + 1000 + 0 + 1500 + 100 = 3190
    assert _score("hand-and-foot", {"book_values": {"dirty": 0}}, HF_OUT) == 3190


@pytest.mark.parametrize(
    ("value", "code", "params"),
    [
        ({"red": 100}, "option_book_values_not_object", {}),
        ({}, "option_book_values_not_object", {}),
        ([500, 300, 1500], "option_book_values_not_object", {}),
        ({"clean": 502}, "option_item_bad_points", {"key": "clean", "value": "502"}),
        ({"wild": -1500}, "option_item_bad_points", {"key": "wild", "value": "-1500"}),
    ],
)
def test_bad_book_values(value: Any, code: str, params: dict[str, Any]) -> None:
    error = _rejected("hand-and-foot", {"book_values": value})
    assert (error.code, error.params) == (code, {"option": "book_values", **params})


# --- red_three_values -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("options", "fields", "expected"),
    [
        # 150 each, all four 1000: 90 - 20 + 2 x 150 = 370; 90 - 20 + 1000 = 1070
        ({"each": 150, "all": 1000}, {**MELDED, "red_threes": 2}, 370),
        ({"each": 150, "all": 1000}, {**MELDED, "red_threes": 4}, 1070),
        # not melded: against the side, -20 - 150 = -170
        ({"each": 150, "all": 1000}, {"hand_points": 20, "red_threes": 1}, -170),
        # no "all": four threes are 4 x 100 = 400, not classic's 800: 90 - 20 + 400 = 470
        ({"each": 100}, {**MELDED, "red_threes": 4}, 470),
        # by count, Modern American's values: 3 threes 500: 90 - 20 + 500 = 570
        ([100, 300, 500, 1000], {**MELDED, "red_threes": 3}, 570),
        ([100, 300, 500, 1000], {"hand_points": 20, "red_threes": 4}, -1020),
    ],
)
def test_red_three_values_classic(options: Any, fields: dict[str, Any], expected: int) -> None:
    assert _score("classic", {"red_three_values": options}, fields) == expected


def test_red_three_values_follow_the_pack() -> None:
    # classic-6p has 6 red threes: 5 of them 1500 here: 90 - 20 + 1500 = 1570
    values = [100, 200, 300, 400, 1500, 2000]
    assert _score("classic-6p", {"red_three_values": values}, {**MELDED, "red_threes": 5}) == 1570
    # {"each": 50} in a 6-red-three pack: all six 300: 90 - 20 + 300 = 370
    assert _score("classic-6p", {"red_three_values": {"each": 50}}, {**MELDED, "red_threes": 6}) == 370


def test_samba_red_three_values_with_the_all_six_penalty() -> None:
    options = {"red_three_values": {"each": 100, "all": 1200}, "red_three_penalty_all_six": 600}
    # Two natural canastas: threes for the side, all six 1200: 400 - 20 + 1000 + 1200 = 2580.
    two = {"natural_canastas": 2, "melded_points": 400, "hand_points": 20, "red_threes": 6}
    assert _score("samba", options, two) == 2580
    # One mixed canasta: against it, all six at the penalty 600: 300 - 20 + 300 - 600 = -20.
    one = {"mixed_canastas": 1, "melded_points": 300, "hand_points": 20, "red_threes": 6}
    assert _score("samba", options, one) == -20
    # Without the penalty option all six count against at the new 1200: 300 - 20 + 300 - 1200.
    assert _score("samba", {"red_three_values": {"each": 100, "all": 1200}}, one) == -620


def test_red_three_values_widen_a_total_only_entry_s_range() -> None:
    # Classic's best hand: 1180 card points + 11 natural canastas (5500) + 800 + 200 = 7680, so a
    # total of 8000 is out of range; with all four threes at 5000 it is 1180 + 5500 + 5000 + 200.
    hand = {"NS": {"total": 8000, "went_out": True}, "EW": {"total": 100}}
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(sheet("classic", hand))
    assert {p.code for p in exc.value.problems} == {"total_out_of_range"}
    options = {"red_three_values": {"each": 100, "all": 5000}}
    assert scoring.score_sheet(sheet("classic", hand, options=options))["totals"] == {"NS": 8000, "EW": 100}


@pytest.mark.parametrize(
    ("variant", "value", "code", "params"),
    [
        ("classic", [100, 200], "option_red_three_values_bad_shape", {"in_pack": 4}),
        ("classic", [100, 200, 300, 400, 500], "option_red_three_values_bad_shape", {"in_pack": 4}),
        ("classic-6p", [100, 200, 300, 800], "option_red_three_values_bad_shape", {"in_pack": 6}),
        ("classic", {"all": 800}, "option_red_three_values_bad_shape", {"in_pack": 4}),
        ("classic", {"each": 100, "five": 1000}, "option_red_three_values_bad_shape", {"in_pack": 4}),
        ("classic", 100, "option_red_three_values_bad_shape", {"in_pack": 4}),
        ("classic", {"each": 100, "all": 802}, "option_item_bad_points", {"key": "all", "value": "802"}),
        ("classic", {"each": -100}, "option_item_bad_points", {"key": "each", "value": "-100"}),
        ("classic", [100, 200, 300, 800.0], "option_item_bad_points", {"key": "4", "value": "800.0"}),
    ],
)
def test_bad_red_three_values(variant: str, value: Any, code: str, params: dict[str, Any]) -> None:
    error = _rejected(variant, {"red_three_values": value})
    assert (error.code, error.params) == (code, {"option": "red_three_values", **params})


# --- going_out_bonus, concealed_going_out_bonus -------------------------------------------------


@pytest.mark.parametrize(
    ("options", "concealed", "expected"),
    [
        ({}, False, 795),  # 200 - 5 + 500 + 100
        ({}, True, 895),  # 200 in all when concealed
        ({"going_out_bonus": 300}, False, 995),
        ({"going_out_bonus": 300}, True, 895),  # the concealed bonus replaces it, unchanged
        ({"going_out_bonus": 0}, False, 695),
        ({"concealed_going_out_bonus": 500}, True, 1195),
        ({"concealed_going_out_bonus": 500}, False, 795),
        ({"going_out_bonus": 150, "concealed_going_out_bonus": 250}, True, 945),
    ],
)
def test_going_out_bonuses_classic(options: dict[str, Any], concealed: bool, expected: int) -> None:
    assert _score("classic", options, {**OUT, "concealed": concealed}) == expected


def test_going_out_bonus_samba_and_hand_and_foot() -> None:
    # Samba: 400 - 5 + 2 x 500 + 300 = 1695 (default 200: 1595)
    out = {"natural_canastas": 2, "went_out": True, "melded_points": 400, "hand_points": 5}
    assert _score("samba", {"going_out_bonus": 300}, out) == 1695
    # Hand and Foot: 3790 with 100 for going out (test_book_values), 3690 + 250 = 3940
    assert _score("hand-and-foot", {"going_out_bonus": 250}, HF_OUT) == 3940


@pytest.mark.parametrize(
    ("variant", "options", "code", "params"),
    [
        ("classic", {"going_out_bonus": 102}, "option_not_multiple_of_5", {"value": 102}),
        ("classic", {"going_out_bonus": -100}, "option_not_multiple_of_5", {"value": -100}),
        ("classic", {"going_out_bonus": 100.0}, "option_not_whole_number", {}),
        ("classic", {"concealed_going_out_bonus": 202}, "option_not_multiple_of_5", {"value": 202}),
        ("classic-2p", {"concealed_going_out_bonus": "200"}, "option_not_whole_number", {}),
        ("samba", {"concealed_going_out_bonus": 200}, "unknown_option", None),
        ("modern-american", {"concealed_going_out_bonus": 200}, "unknown_option", None),
    ],
)
def test_bad_going_out_bonus(variant: str, options: dict[str, Any], code: str, params: Any) -> None:
    error = _rejected(variant, options)
    assert error.code == code
    if params is not None:
        assert error.params == {"option": next(iter(options)), **params}


def test_the_classic_family_accepts_the_concealed_bonus() -> None:
    for variant in ("classic", "classic-2p", "classic-3p", "classic-6p", "british"):
        assert scoring.rules_for(variant, {"concealed_going_out_bonus": 300}).concealed_going_out_bonus == 300


# --- classic-6p: 2 teams of 3 or 3 teams of 2 (rules.md §1.1c) ----------------------------------

SIX_OUT = {
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "went_out": True,
    "melded_points": 560,
    "hand_points": 5,
}


def test_classic_6p_three_teams_of_two() -> None:
    # One partner holds cards beside the player who went out (5 is enough), two players of a team
    # that did not go out (10). 560 - 5 + 500 + 300 + 100 = 1455; 90 - 10 = 80; 120 - 10 = 110.
    hand = {
        "A": SIX_OUT,
        "B": {"melded_points": 90, "hand_points": 10},
        "C": {"melded_points": 120, "hand_points": 10},
    }
    result = scoring.score_sheet(sheet("classic-6p", hand, sides=("A", "B", "C")))
    assert result["totals"] == {"A": 1455, "B": 80, "C": 110}


def test_classic_6p_two_teams_of_three() -> None:
    # Two partners hold cards (at least 10), three players of the other team (at least 15).
    hand = {"A": SIX_OUT, "B": {"melded_points": 90, "hand_points": 10}}
    with pytest.raises(scoring.SheetRejected) as exc:
        scoring.score_sheet(sheet("classic-6p", hand, sides=("A", "B")))
    found = {(p.side, p.code): p.params for p in exc.value.problems}
    assert found == {
        ("A", "partner_held_cards_missing"): {"minimum": 10, "entered": 5, "players": 2},
        ("B", "held_cards_missing"): {"minimum": 15, "entered": 10, "players": 3},
    }
    ok = {"A": {**SIX_OUT, "hand_points": 10}, "B": {"melded_points": 90, "hand_points": 15}}
    result = scoring.score_sheet(sheet("classic-6p", ok, sides=("A", "B")))
    assert result["totals"] == {"A": 1450, "B": 75}  # 560 - 10 + 900; 90 - 15


def test_players_for_each_number_of_sides() -> None:
    six = scoring.VARIANTS["classic-6p"]
    assert (six.players_for(2), six.players_for(3)) == (3, 2)
    assert scoring.VARIANTS["classic"].players_for(2) == 2
    assert scoring.VARIANTS["classic-3p"].players_for(3) == 1


# --- a game keeps its rules ------------------------------------------------------------------------


def test_rule_sets_from_different_options_do_not_interfere() -> None:
    first = scoring.rules_for("classic", {"going_out_bonus": 300, "initial_meld_table": TABLE})
    second = scoring.rules_for("classic", {"red_three_values": {"each": 150, "all": 1000}})
    default = scoring.VARIANTS["classic"]
    assert (first.going_out_bonus, second.going_out_bonus, default.going_out_bonus) == (300, 100, 100)
    assert first.red_three_values == default.red_three_values == (0, 100, 200, 300, 800)
    assert second.red_three_values == (0, 150, 300, 450, 1000)
    assert scoring.initial_meld_minimum(first, 2000) == 100
    assert scoring.initial_meld_minimum(second, 2000) == scoring.initial_meld_minimum(default, 2000) == 90
    assert scoring.rules_for("classic") is default
    # Options are read, never changed.
    options = {"initial_meld_table": [dict(band) for band in TABLE]}
    scoring.rules_for("classic", options)
    assert options == {"initial_meld_table": TABLE}
