"""The conventions rules.md §6a fixes for the house rules other clubs play, beyond their worked
cases (tests/scoring/cases/option-*.json): what each option allows, refuses, and leaves alone.
Every value is worked by hand from the option and rules.md."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, sheet, where

# Classic: EW went out with a natural canasta, its partner holding 20: 200 - 20 + 500 + 100 = 780.
EW_OUT = {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 20}
# Hand and Foot: Pagat's books to go out (2 clean, 2 dirty, 1 wild).
HF_OUT = {"natural_canastas": 2, "mixed_canastas": 2, "wild_canastas": 1, "went_out": True}
HF_OTHER = {"melded_points": 120, "hand_points": 40}  # 120 - 40 = 80


def _rejected(variant: str, options: Any) -> scoring.InvalidRules:
    with pytest.raises(scoring.InvalidRules) as exc:
        scoring.rules_for(variant, options)
    return exc.value


def _scores(data: dict[str, Any]) -> list[dict[str, int]]:
    return [{side: s["score"] for side, s in hand.items()} for hand in scoring.score_sheet(data)["hands"]]


# --- the classic family -------------------------------------------------------------------------


def test_red_threes_against_leave_the_threes_counted_for_a_side() -> None:
    # NS melded, so its four red threes count for it at Classic's 800 (§1.1), not the option's.
    options = {"red_threes_against": {"each": 100, "all": 400}}
    ns = {"red_threes": 4, "melded_points": 120, "hand_points": 30, "mixed_canastas": 1}
    assert _scores(sheet("classic", {"NS": ns, "EW": EW_OUT}, options=options)) == [{"NS": 1190, "EW": 780}]
    # (C2: 120 - 30 + 300 + 800 = 1190.) Two never laid down against: each, 100 a three.
    ns = {"red_threes": 2, "hand_points": 40}
    assert _scores(sheet("classic", {"NS": ns, "EW": EW_OUT}, options=options)) == [{"NS": -240, "EW": 780}]


def test_red_threes_against_in_the_six_player_game_all_is_six() -> None:
    # Against a side, all six red threes of the pack are the option's all, -400; counted for
    # it, 1200 still (RG-6).
    options = {"red_threes_against": {"each": 100, "all": 400}}
    rules = scoring.rules_for("classic-6p", options)
    assert rules.red_three_negative_values == (0, 100, 200, 300, 400, 500, 400)
    assert rules.red_three_values == (0, 100, 200, 300, 400, 1000, 1200)  # counted for: RG-6


def test_a_wild_canasta_is_one_per_two_packs() -> None:
    # Two packs hold 12 wild cards: one canasta of seven (rules.md §6a).
    two = {"wild_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 5}
    data = sheet("classic", {"NS": two, "EW": {**two, "went_out": False}}, options={"wild_canasta": 2000})
    assert (0, None, "wild_canastas") in where(errors_of(data))
    # Pagat's variations' 2000: 200 - 5 + 2000 + 100 = 2295.
    alone = sheet(
        "classic", {"NS": two, "EW": {"melded_points": 90, "hand_points": 20}}, options={"wild_canasta": 2000}
    )
    assert _scores(alone) == [{"NS": 2295, "EW": 70}]


def test_a_wild_canasta_is_not_a_classic_field_without_the_option() -> None:
    ns = {"wild_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 5}
    assert where(errors_of(sheet("classic", {"NS": ns, "EW": EW_OUT}))) >= {(0, "NS", "wild_canastas")}


def test_canasta_values_raise_the_concealed_canastas_with_them() -> None:
    # S1's concealed canasta is 100 more than an ordinary one: 800 natural, 600 mixed.
    rules = scoring.rules_for(
        "classic", {"canasta_values": {"natural": 700, "mixed": 500}, "concealed_canasta_bonus": True}
    )
    assert {k.field: k.bonus for k in rules.canastas} == {
        "natural_canastas": 700,
        "mixed_canastas": 500,
        "concealed_natural_canastas": 800,
        "concealed_mixed_canastas": 600,
    }


@pytest.mark.parametrize("value", [0, -1, 1.0, "2"])
def test_canastas_to_go_out_is_a_count_of_one_or_more(value: Any) -> None:
    assert _rejected("classic", {"canastas_to_go_out": value}).code == "option_not_a_count"


def test_a_perfect_cut_is_counted_only_for_a_side_that_melded() -> None:
    options = {"perfect_cut_bonus": 100}
    ns = {"hand_points": 40, "perfect_cut": True}  # never melded: a line of 0 points, shown
    out = scoring.score_sheet(sheet("classic", {"NS": ns, "EW": EW_OUT}, options=options))
    assert out["hands"][0]["NS"]["score"] == -40
    assert {"item": "perfect_cut", "points": 0, "count": 1} in out["hands"][0]["NS"]["breakdown"]
    ew = {**EW_OUT, "perfect_cut": True}  # 780 + 100
    out = scoring.score_sheet(sheet("classic", {"NS": {"hand_points": 40}, "EW": ew}, options=options))
    assert out["hands"][0]["EW"]["score"] == 880


def test_one_perfect_cut_a_deal() -> None:
    options = {"perfect_cut_bonus": 100}
    ns = {"melded_points": 90, "hand_points": 20, "perfect_cut": True}
    errors = errors_of(sheet("classic", {"NS": ns, "EW": {**EW_OUT, "perfect_cut": True}}, options=options))
    assert where(errors) == {(0, None, "perfect_cut")}


# --- an exact tie won by going out --------------------------------------------------------------


def _tie(ns: dict[str, Any], ew: dict[str, Any]) -> dict[str, Any]:
    return scoring.score_sheet(
        sheet(
            "classic",
            {"NS": ns, "EW": ew},
            options={"tie_policy": "went_out"},
            start={"NS": 4500, "EW": 4600},
        )
    )


def test_a_tie_not_decided_by_going_out_plays_on() -> None:
    # The stock ran out: NS 200 - 100 + 500 = 600, EW 150 - 50 + 300 + 100 = 500: 5100 each, no
    # one went out, so play goes on (rules.md §6a).
    out = _tie(
        {"natural_canastas": 1, "melded_points": 200, "hand_points": 100},
        {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 50},
    )
    assert (out["totals"], out["game_over"], out["winner"]) == ({"NS": 5100, "EW": 5100}, False, None)


def test_without_a_tie_the_higher_total_wins_as_always() -> None:
    # EW went out: 150 - 10 + 300 + 100 + 100 = 640, 5240; NS 240 - 100 + 500 = 640, 5140.
    out = _tie(
        {"natural_canastas": 1, "melded_points": 240, "hand_points": 100},
        {"mixed_canastas": 1, "red_threes": 1, "went_out": True, "melded_points": 150, "hand_points": 10},
    )
    assert (out["totals"], out["winner"]) == ({"NS": 5140, "EW": 5240}, "EW")


def test_a_tie_won_by_going_out_is_kept_in_the_games_state() -> None:
    # The worked case option-tie-policy-went-out, hand by hand: NS wins the tie at 5200; a game
    # resumed from its stored state (its totals, hands and won_by) is over, and refuses a hand.
    rules = scoring.rules_for("classic", {"tie_policy": "went_out"})
    start = scoring.game_start(rules, ["NS", "EW"], start={"NS": 4500, "EW": 4600})
    hand = {
        "NS": {"natural_canastas": 1, "went_out": True, "melded_points": 200, "hand_points": 100},
        "EW": {"mixed_canastas": 1, "red_threes": 2, "melded_points": 150, "hand_points": 50},
    }
    _scored, after = scoring.hands_score(rules, start, [hand])
    assert (after.won_by, after.game_over, after.winner) == ("NS", True, "NS")
    resumed = scoring.game_resume(rules, ["NS", "EW"], after.totals, hands=1, won_by=after.won_by)
    assert (resumed.game_over, resumed.winner) == (True, "NS")
    with pytest.raises(scoring.SheetRejected):
        scoring.hands_score(rules, resumed, [hand])


# --- Hand and Foot --------------------------------------------------------------------------------


def test_special_books_do_not_count_toward_going_out() -> None:
    # A book of 7s is not one of the two clean books going out needs (rules.md §6a).
    options = {"special_books": {"sevens": 1500, "black_threes": 2000}}
    ns = {**HF_OUT, "natural_canastas": 1, "sevens_books": 1, "melded_points": 900, "hand_points": 10}
    assert (0, "NS", "went_out") in where(
        errors_of(sheet("hand-and-foot", {"NS": ns, "EW": HF_OTHER}, options=options))
    )


def test_special_books_need_both_keys_and_zero_leaves_one_out() -> None:
    assert (
        _rejected("hand-and-foot", {"special_books": {"sevens": 1500}}).code == "option_record_part_missing"
    )
    rules = scoring.rules_for("hand-and-foot", {"special_books": {"sevens": 1500, "black_threes": 0}})
    assert "sevens_books" in rules.fields and "black_three_books" not in rules.fields
    assert not rules.black_threes_meldable  # black threes are still never melded (S2)


def test_black_threes_are_melded_only_in_their_books() -> None:
    # A card count: one book of black threes is 7 black threes melded, no more, no fewer.
    options = {"special_books": {"sevens": 0, "black_threes": 2000}}
    counted = {"melded": {"black_threes": 7, "high": 14}, "in_hand": {"high": 2}}
    ns = {"cards": counted, "natural_canastas": 2, "black_three_books": 1}
    # 14 x 10 + 7 x 5 = 175 melded, 20 in hand: 175 - 20 + 2 x 500 + 2000 = 3155
    assert _scores(sheet("hand-and-foot", {"NS": ns, "EW": HF_OTHER}, options=options))[0]["NS"] == 3155


def test_by_deal_options_and_their_single_counterparts_conflict() -> None:
    both = {"going_out_bonus_by_deal": [100, 200, 300, 400], "going_out_bonus": 100}
    assert _rejected("hand-and-foot", both).code == "options_conflict"
    books = {"clean": 1, "dirty": 1, "wild": 0}
    both = {"books_to_go_out_by_deal": [books] * 4, "books_to_go_out": books}
    assert _rejected("hand-and-foot", both).code == "options_conflict"


def test_a_game_to_a_target_gives_its_target_and_its_bands() -> None:
    table = [{"below": 3000, "minimum": 50}, {"minimum": 120}]
    assert _rejected("hand-and-foot", {"deals": 0, "initial_meld_table": table}).params["other"] == "target"
    assert _rejected("hand-and-foot", {"deals": 0, "target": 10000}).params["other"] == "initial_meld_table"
    # Options by deal need deals: a game to a target has none.
    by_deal = {"deals": 0, "target": 10000, "initial_meld_table": table, "going_out_bonus_by_deal": [100]}
    assert _rejected("hand-and-foot", by_deal).code == "option_series_bad_length"
    rules = scoring.rules_for("hand-and-foot", {"deals": 0, "target": 10000, "initial_meld_table": table})
    assert (rules.deals, rules.target_for(2), rules.target_for(3)) == (0, 10000, 10000)
    assert [scoring.initial_meld_minimum(rules, t, deal=9) for t in (0, 2995, 3000)] == [50, 50, 120]


def test_four_deals_is_the_game_without_the_option() -> None:
    # The game ends after deal 4 whatever the totals (S2); with 5 deals it goes on. NS melds 160,
    # over deal 4's (and 5's) minimum of 150.
    hand = {
        "NS": {"melded_points": 160, "hand_points": 40},
        "EW": {**HF_OUT, "melded_points": 1240, "hand_points": 10},
    }
    assert scoring.score_sheet(sheet("hand-and-foot", *[hand] * 4))["game_over"] is True
    assert (
        scoring.score_sheet(sheet("hand-and-foot", *[hand] * 4, options={"deals": 5}))["game_over"] is False
    )


def test_negative_red_three_values_only_where_they_count_as_they_are() -> None:
    assert _rejected("classic", {"red_three_values": {"each": -500}}).code == "option_item_bad_points"
    assert (
        scoring.rules_for("hand-and-foot", {"red_three_values": {"each": -500}}).red_three_values[2] == -1000
    )


# --- Modern American: an unfinished wild meld of all four jokers -------------------------------

MA_OPTIONS = {"unfinished_wild_four_jokers": 2500}
MA_OTHER = {"red_threes": 1, "melded_points": 130, "hand_points": 85}  # A9: -315


def test_without_the_flag_the_unfinished_wild_meld_costs_cla_s_2000() -> None:
    ns = {
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "unfinished_wild": 1,
        "melded_points": 310,
        "hand_points": 20,
    }
    # 500 + 300 + 310 - 20 - 2000 = -910
    assert _scores(sheet("modern-american", {"NS": ns, "EW": MA_OTHER}, options=MA_OPTIONS))[0]["NS"] == -910


def test_the_flag_needs_an_unfinished_wild_meld_and_the_four_jokers_once() -> None:
    flag = {"unfinished_wild_four_jokers": True}
    alone = {"natural_canastas": 1, "mixed_canastas": 1, "melded_points": 310, "hand_points": 20, **flag}
    errors = errors_of(sheet("modern-american", {"NS": alone, "EW": MA_OTHER}, options=MA_OPTIONS))
    assert where(errors) == {(0, "NS", "unfinished_wild_four_jokers")}
    # A canasta of four jokers and three 2s elsewhere leaves no joker for it (two packs: four).
    meld = {**alone, "unfinished_wild": 1}
    jokers = {"joker_canastas": 1, "melded_points": 330, "hand_points": 20}
    errors = errors_of(sheet("modern-american", {"NS": meld, "EW": jokers}, options=MA_OPTIONS))
    assert where(errors) == {(0, "NS", "unfinished_wild_four_jokers")}


def test_the_flag_is_not_a_field_without_the_option() -> None:
    ns = {"unfinished_wild": 1, "unfinished_wild_four_jokers": True, "melded_points": 310, "hand_points": 20}
    assert (0, "NS", "unfinished_wild_four_jokers") in where(
        errors_of(sheet("modern-american", {"NS": ns, "EW": MA_OTHER}))
    )
