"""One real rejected score sheet for every code of scoring.PROBLEM_CODES.

`PROBLEM_SHEETS` maps each code to a sheet (or a callable that scores one) that the engine
rejects with a problem of that code; `problems_of` returns the Problems a sheet is rejected
with. Shared by tests/scoring/test_problem_codes.py and tests/tournaments/display/test_display_messages.py,
so every code is exercised with the params a real problem carries.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import scoring
import scoring.rules
from tests.support.sheets import sheet

OUT = {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 20}
MELDED = {"melded_points": 90, "hand_points": 20}
MA_OUT = {"natural_canastas": 2, "went_out": True, "melded_points": 300, "hand_points": 10}
MA_MELDED = {"melded_points": 130, "hand_points": 20}
HF_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}
HF_OUT = {**HF_OUT, "melded_points": 600, "hand_points": 10}


def _classic(ns: Any, ew: Any = OUT, **extra: Any) -> dict[str, Any]:
    return sheet("classic", {"NS": ns, "EW": ew}, **extra)


def _cards(ns_cards: Any, **fields: Any) -> dict[str, Any]:
    return _classic({"cards": ns_cards, **fields})


def _unsupported_variant() -> list[scoring.Problem]:
    # Every contract variant is scored today: pretend classic is not (yet).
    with mock.patch.object(scoring.rules, "VARIANTS", {}):
        return problems_of(_classic(MELDED))


PROBLEM_SHEETS: dict[str, Any] = {
    # the sheet itself
    "sheet_not_object": [],
    "unknown_sheet_key": {**_classic(MELDED), "notes": "x"},
    "missing_variant": {"sides": ["NS", "EW"], "hands": []},
    "options_not_object": _classic(MELDED, options=[1]),
    "sides_not_list": {**_classic(MELDED), "sides": "NS"},
    "sides_not_distinct": {**_classic(MELDED), "sides": ["NS", "NS"]},
    "wrong_number_of_sides": sheet("classic", {}, sides=("N", "E", "S")),
    "wrong_number_of_players": {**sheet("classic", {}), "players": 1},
    "start_not_per_side": _classic(MELDED, start={"NS": 0}),
    "start_total_invalid": _classic(MELDED, start={"NS": 3, "EW": 0}),
    "start_not_allowed": sheet("hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, start={"NS": 0, "EW": 0}),
    "hands_not_list": {**_classic(MELDED), "hands": {}},
    "game_over_at_start": _classic(MELDED, start={"NS": 5000, "EW": 0}),
    "game_over_after_hand": sheet(
        "classic", {"NS": MELDED, "EW": OUT}, {"NS": MELDED, "EW": OUT}, start={"NS": 0, "EW": 4900}
    ),
    "hand_not_object": sheet("classic", []),  # type: ignore[arg-type]
    "unknown_side": sheet("classic", {"NS": MELDED, "EW": OUT, "XX": {}}),
    "missing_side_entry": sheet("classic", {"NS": MELDED}),
    # variant and options
    "unsupported_variant": _unsupported_variant,
    "unknown_variant": {**_classic(MELDED), "variant": "pinochle"},
    "unknown_option": _classic(MELDED, options={"jokers_wild": True}),
    "option_not_a_count": _classic(MELDED, options={"canastas_to_go_out": 0}),
    "option_record_bad_shape": _classic(MELDED, options={"canasta_values": {"clean": 700}}),
    "option_record_part_missing": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"special_books": {"sevens": 1500}}
    ),
    "option_series_bad_length": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"going_out_bonus_by_deal": [100, 200]}
    ),
    "option_needs_option": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"deals": 0, "target": 10000}
    ),
    "option_only_without_deals": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"target": 10000}
    ),
    "option_not_whole_number": _classic(MELDED, options={"target": 5000.0}),
    "option_not_positive_multiple_of_5": _classic(MELDED, options={"target": 5001}),
    "option_not_a_choice": _classic(MELDED, options={"tie_policy": "coin toss"}),
    "option_not_boolean": _classic(MELDED, options={"concealed_canasta_bonus": 1}),
    "option_books_not_object": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"books_to_go_out": 3}
    ),
    "option_books_bad_count": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"books_to_go_out": {"clean": -1}}
    ),
    "option_not_multiple_of_5": _classic(MELDED, options={"going_out_bonus": -100}),
    "option_item_bad_points": _classic(MELDED, options={"red_three_values": {"each": 100, "all": 802}}),
    "option_meld_table_not_list": _classic(MELDED, options={"initial_meld_table": {"minimum": 50}}),
    "option_meld_band_not_object": _classic(MELDED, options={"initial_meld_table": [50]}),
    "option_meld_band_bad_value": _classic(
        MELDED, options={"initial_meld_table": [{"below": 1502, "minimum": 50}, {"minimum": 90}]}
    ),
    "option_meld_bands_not_ascending": _classic(
        MELDED,
        options={
            "initial_meld_table": [
                {"below": 3000, "minimum": 50},
                {"below": 1500, "minimum": 90},
                {"minimum": 120},
            ]
        },
    ),
    "option_meld_table_open_end": _classic(
        MELDED, options={"initial_meld_table": [{"below": 0, "minimum": 15}]}
    ),
    "option_meld_by_deal_not_list": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"initial_meld_by_deal": [50, 90, 120]}
    ),
    "option_red_three_values_bad_shape": _classic(MELDED, options={"red_three_values": [100, 200]}),
    "option_book_values_not_object": sheet(
        "hand-and-foot", {"NS": HF_OUT, "EW": MELDED}, options={"book_values": {"red": 100}}
    ),
    "option_packs_not_3_or_4": sheet("chilean", {"NS": MELDED, "EW": MELDED}, options={"packs": 5}),
    "options_conflict": _classic(
        MELDED, options={"initial_meld_table": [{"minimum": 50}], "negative_minimum": 0}
    ),
    # one side's entry, field by field
    "entry_not_object": _classic(5),
    "unknown_field": _classic({**MELDED, "bonus_points": 100}),
    "field_not_in_variant": _classic({**MELDED, "sevens_canastas": 1}),
    "not_boolean": _classic({**MELDED, "concealed": 1}),
    "not_a_choice": sheet("modern-american", {"NS": {"special_hand": "royal flush"}, "EW": MA_MELDED}),
    "not_whole_number": _classic({**MELDED, "melded_points": "90"}),
    "negative": _classic({**MELDED, "red_threes": -1}),
    "not_multiple_of_5": _classic({**MELDED, "melded_points": 92}),
    "points_given_with_cards": _cards({"melded": {"high": 9}, "in_hand": {"high": 2}}, melded_points=90),
    "total_with_other_fields": _classic({"total": 500, "natural_canastas": 1}),
    "total_not_whole_number": _classic({"total": 1285.0}),
    "total_not_multiple_of_5": _classic({"total": 1287}),
    "total_out_of_range": _classic({"total": 12850}),
    "cards_not_object": _cards(5),
    "unknown_cards_key": _cards({"table": {"high": 1}}),
    "card_counts_not_object": _cards({"melded": 5}),
    "unknown_card_kind": _cards({"melded": {"kings": 1}}),
    "card_count_not_whole_number": _cards({"melded": {"high": 1.5}}),
    "card_count_negative": _cards({"melded": {"high": -1}}),
    "too_many_cards_for_side": _cards({"melded": {"jokers": 5, "high": 4}, "in_hand": {"high": 2}}),
    "black_threes_not_meldable": sheet(
        "modern-american",
        {"NS": {"cards": {"melded": {"black_threes": 3, "high": 9}, "in_hand": {"high": 2}}}, "EW": MA_OUT},
    ),
    "black_three_meld_too_small": _cards(
        {"melded": {"black_threes": 2, "high": 7}}, natural_canastas=1, went_out=True
    ),
    # one side's entry as a whole
    "penalty_too_high": _classic({**MELDED, "penalty_points": 5005}),
    "acaba_with_other_fields": sheet("british", {"NS": {"acaba": True, "melded_points": 90}, "EW": {}}),
    "special_hand_with_other_fields": sheet(
        "modern-american", {"NS": {"special_hand": "pairs", "melded_points": 100}, "EW": MA_MELDED}
    ),
    "concealed_without_going_out": _classic({**MELDED, "concealed": True}),
    "going_out_needs_canastas": _classic({"went_out": True, "melded_points": 200, "hand_points": 20}, MELDED),
    "going_out_needs_canasta_kind": sheet(
        "hand-and-foot", {"NS": {**HF_OUT, "natural_canastas": 1, "mixed_canastas": 3}, "EW": MELDED}
    ),
    "went_out_with_unfinished_meld": sheet(
        "modern-american", {"NS": {**MA_OUT, "unfinished_aces": 1}, "EW": MA_MELDED}
    ),
    "went_out_holding_points": sheet(
        "classic-2p",
        {
            "NS": {"natural_canastas": 2, "went_out": True, "melded_points": 300, "hand_points": 5},
            "EW": MELDED,
        },
    ),
    "went_out_holding_red_threes": sheet(
        "classic-2p",
        {
            "NS": {"natural_canastas": 2, "went_out": True, "melded_points": 300, "red_threes_in_hand": 1},
            "EW": MELDED,
        },
    ),
    "held_cards_missing": _classic({"melded_points": 90}),
    "partner_held_cards_missing": _classic({**OUT, "hand_points": 0}, MELDED),
    "canastas_without_melded_points": _classic({"natural_canastas": 1, "hand_points": 10}),
    "melded_points_below_canastas": _classic({"natural_canastas": 2, "melded_points": 50, "hand_points": 10}),
    "too_many_canastas_for_side": _classic(
        {"natural_canastas": 12, "melded_points": 6000, "hand_points": 10}
    ),
    "unfinished_melds_more_than_one": sheet(
        "modern-american", {"NS": {**MA_MELDED, "unfinished_aces": 2}, "EW": MA_OUT}
    ),
    "more_players_than_side": sheet(
        "modern-american", {"NS": {**MA_MELDED, "players_with_three_aces": 3}, "EW": MA_OUT}
    ),
    # A player caught holding three aces holds at least 3 x 20 = 60 points in hand; 20 entered.
    "hand_points_below_caught_cards": sheet(
        "modern-american", {"NS": {**MA_MELDED, "players_with_three_aces": 1}, "EW": MA_OUT}
    ),
    "caught_aces_not_in_hand": sheet(
        "modern-american",
        {
            "NS": {
                "cards": {"melded": {"high": 13}, "in_hand": {"aces": 2, "high": 1}},
                "players_with_three_aces": 1,
            },
            "EW": MA_OUT,
        },
    ),
    "caught_sevens_not_in_hand": sheet(
        "modern-american",
        {
            "NS": {
                "cards": {"melded": {"high": 13}, "in_hand": {"low": 2, "high": 1}},
                "players_with_three_sevens": 1,
            },
            "EW": MA_OUT,
        },
    ),
    "black_threes_melded_without_going_out": _cards(
        {"melded": {"black_threes": 3, "high": 9}, "in_hand": {"high": 2}}
    ),
    "canastas_need_wild_cards": _cards({"melded": {"high": 7}, "in_hand": {"high": 2}}, mixed_canastas=1),
    "canastas_need_natural_cards": _cards(
        {"melded": {"high": 3, "jokers": 4}, "in_hand": {"high": 2}}, natural_canastas=1
    ),
    "black_three_books_need_black_threes": sheet(
        "hand-and-foot",
        {
            "NS": {
                "cards": {"melded": {"black_threes": 6, "high": 14}, "in_hand": {"high": 2}},
                "natural_canastas": 2,
                "black_three_books": 1,
            },
            "EW": MELDED,
        },
        options={"special_books": {"sevens": 0, "black_threes": 2000}},
    ),
    "four_jokers_without_unfinished_wild": sheet(
        "modern-american",
        {"NS": {**MA_MELDED, "unfinished_wild_four_jokers": True}, "EW": MA_OUT},
        options={"unfinished_wild_four_jokers": 2500},
    ),
    "four_jokers_not_melded": sheet(
        "modern-american",
        {
            "NS": {
                "cards": {"melded": {"jokers": 3, "high": 9}, "in_hand": {"high": 2}},
                "unfinished_wild": 1,
                "unfinished_wild_four_jokers": True,
            },
            "EW": MA_OUT,
        },
        options={"unfinished_wild_four_jokers": 2500},
    ),
    "aces_canastas_need_aces": sheet(
        "modern-american",
        {
            "NS": {"cards": {"melded": {"aces": 3, "high": 8}, "in_hand": {"high": 2}}, "aces_canastas": 1},
            "EW": MA_OUT,
        },
    ),
    "sevens_canastas_need_sevens": sheet(
        "modern-american",
        {
            "NS": {"cards": {"melded": {"low": 3, "high": 8}, "in_hand": {"high": 2}}, "sevens_canastas": 1},
            "EW": MA_OUT,
        },
    ),
    "opening_meld_too_low": _classic({"melded_points": 60, "hand_points": 10}, start={"NS": 1500, "EW": 0}),
    "opening_meld_needs_canasta": sheet(
        "brazilian",
        {"NS": {"melded_points": 150, "hand_points": 10}, "EW": MELDED},
        start={"NS": 7000, "EW": 0},
    ),
    "opening_meld_needs_canasta_200": sheet(
        "brazilian",
        {"NS": {"melded_points": 250, "hand_points": 10}, "EW": MELDED},
        start={"NS": 8000, "EW": 0},
    ),
    "opening_meld_needs_natural_canasta": sheet(
        "brazilian",
        {"NS": {"mixed_canastas": 1, "melded_points": 350, "hand_points": 10}, "EW": MELDED},
        start={"NS": 9000, "EW": 0},
    ),
    # the sides of one hand together
    "too_many_red_threes": _classic({**MELDED, "red_threes": 3}, {**OUT, "red_threes": 2}),
    "too_many_black_threes": sheet(
        "modern-american", {"NS": {**MA_MELDED, "black_threes": 3}, "EW": {**MA_OUT, "black_threes": 2}}
    ),
    "two_sides_went_out": _classic(OUT, OUT),
    "too_many_card_points": _classic({"melded_points": 9000, "hand_points": 10}),
    # Three packs melded are 1770 points (black threes at 5), though Bolivia's hands may hold
    # more (a black three left in hand counts 100): 1000 + 800 = 1800 melded.
    "too_many_melded_points": sheet(
        "bolivia",
        {
            "NS": {
                "sequence_canastas": 1,
                "natural_canastas": 1,
                "went_out": True,
                "melded_points": 1000,
                "hand_points": 5,
            },
            "EW": {"natural_canastas": 1, "melded_points": 800, "hand_points": 300},
        },
    ),
    "too_many_cards_in_pack": _classic(
        {"cards": {"melded": {"jokers": 3, "high": 4}, "in_hand": {"high": 2}}},
        {"cards": {"melded": {"jokers": 3, "high": 8}}, "natural_canastas": 1, "went_out": True},
    ),
    # 7 (a canasta of aces) + 3 (a player caught holding three aces) = 10 aces; two packs hold 8.
    "too_many_aces_in_pack": sheet(
        "modern-american",
        {
            "NS": {**MA_OUT, "aces_canastas": 1},
            "EW": {**MA_MELDED, "players_with_three_aces": 1, "hand_points": 70},
        },
    ),
    # 3 + 3 (unfinished 7s melds) + 3 (a player caught holding three 7s) = 9 sevens; two packs hold 8.
    "too_many_sevens_in_pack": sheet(
        "modern-american",
        {
            "NS": {**MA_MELDED, "unfinished_sevens": 1, "players_with_three_sevens": 1},
            "EW": {**MA_MELDED, "unfinished_sevens": 1},
        },
    ),
    # 7 (a wild canasta) + 3 + 3 (unfinished wild melds) = 13 wild cards; two packs hold 12.
    "too_many_wild_cards_in_pack": sheet(
        "modern-american",
        {
            "NS": {
                **MA_MELDED,
                "mixed_canastas": 1,
                "wild_canastas": 1,
                "melded_points": 300,
                "unfinished_wild": 1,
            },
            "EW": {**MA_MELDED, "unfinished_wild": 1},
        },
    ),
    "too_many_canastas_in_pack": _classic(
        {"natural_canastas": 6, "mixed_canastas": 5, "melded_points": 3000, "hand_points": 10},
        {
            "natural_canastas": 2,
            "mixed_canastas": 2,
            "went_out": True,
            "melded_points": 1000,
            "hand_points": 10,
        },
    ),
    "too_many_canastas_of_kind": _classic(
        {"natural_canastas": 11, "melded_points": 3000, "hand_points": 10},
        {**OUT, "natural_canastas": 1},
    ),
    "unfinished_meld_after_canasta": sheet(
        "modern-american",
        {"NS": {**MA_OUT, "sevens_canastas": 1}, "EW": {**MA_MELDED, "unfinished_sevens": 1}},
    ),
    "four_jokers_twice": sheet(
        "modern-american",
        {
            "NS": {
                **MA_MELDED,
                "melded_points": 330,
                "unfinished_wild": 1,
                "unfinished_wild_four_jokers": True,
            },
            "EW": {
                **MA_MELDED,
                "melded_points": 330,
                "unfinished_wild": 1,
                "unfinished_wild_four_jokers": True,
            },
        },
        options={"unfinished_wild_four_jokers": 2500},
    ),
    "two_perfect_cuts": _classic(
        {**MELDED, "perfect_cut": True}, {**OUT, "perfect_cut": True}, options={"perfect_cut_bonus": 100}
    ),
    "two_special_hands": sheet(
        "modern-american", {"NS": {"special_hand": "pairs"}, "EW": {"special_hand": "pairs"}}
    ),
    "two_sides_called_acaba": sheet("british", {"NS": {"acaba": True}, "EW": {"acaba": True}}),
    "went_out_after_special_hand": sheet("modern-american", {"NS": {"special_hand": "pairs"}, "EW": MA_OUT}),
    "went_out_after_acaba": sheet("british", {"NS": {"acaba": True}, "EW": OUT}),
    "scores_after_acaba": sheet("british", {"NS": {"acaba": True}, "EW": MELDED}),
}


def problems_of(data: Any) -> list[scoring.Problem]:
    """The Problems a sheet (or a PROBLEM_SHEETS callable) is rejected with."""
    if callable(data):
        found: list[scoring.Problem] = data()
        return found
    try:
        scoring.score_sheet(data)
    except scoring.SheetRejected as exc:
        return list(exc.problems)
    raise AssertionError("the sheet was accepted, but it should be rejected")


def problem_with_code(code: str) -> scoring.Problem:
    """The first problem of code `code` that its PROBLEM_SHEETS sheet is rejected with."""
    return next(p for p in problems_of(PROBLEM_SHEETS[code]) if p.code == code)
