"""The three ways to enter a side's hand: summary, card count, total only (scoring.sheet).

Card values from rules.md §1.0; hand-worked examples from §3.1 (C1A/C1B) and §3.5 (Bo1/Bo2).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import scoring
from tests.support.sheets import HOLDING, errors_of, sheet, where

CLASSIC = scoring.VARIANTS["classic"]
BOLIVIA = scoring.VARIANTS["bolivia"]


# --- card_points and card_count_fields (rules.md §1.0) ---------------------------------------


@pytest.mark.parametrize(
    ("variant", "counts", "in_hand", "points"),
    [
        # 1 joker 50 + 2 twos 40 + 3 aces 60 + 7 eights-to-kings 70 + 4 fours-to-sevens 20
        pytest.param(
            "classic",
            {"jokers": 1, "twos": 2, "aces": 3, "high": 7, "low": 4},
            False,
            240,
            id="classic melded",
        ),
        pytest.param("classic", {"black_threes": 3}, False, 15, id="black threes melded going out 5 each"),
        pytest.param("classic", {"black_threes": 1, "low": 1}, True, 10, id="classic black three in hand 5"),
        pytest.param("bolivia", {"black_threes": 1}, True, 100, id="Bolivia black three in hand 100"),
        pytest.param("bolivia", {"black_threes": 3}, False, 15, id="Bolivia black threes melded 5"),
        pytest.param("brazilian", {"black_threes": 2}, True, 200, id="Brazilian as Bolivia"),
        pytest.param("spanish", {"black_threes": 1}, True, 100, id="Greek-Spanish black three 100"),
        pytest.param("modern-american", {"black_threes": 1}, True, 5, id="Modern American 3 in hand 5"),
        pytest.param("classic", {}, True, 0, id="nothing"),
    ],
)
def test_card_points(variant: str, counts: dict[str, int], in_hand: bool, points: int) -> None:
    rules = scoring.VARIANTS[variant]
    assert scoring.card_points(rules, counts, in_hand=in_hand) == points
    assert scoring.card_points(rules, scoring.CardCounts(**counts), in_hand=in_hand) == points


def test_card_points_option_black_three_in_hand_5() -> None:
    rules = scoring.rules_for("bolivia", {"black_three_in_hand": 5})
    assert scoring.card_points(rules, {"black_threes": 2}, in_hand=True) == 10
    assert rules.pack_points == 1770


@pytest.mark.parametrize(
    ("counts", "field"),
    [
        pytest.param({"kings": 1}, "cards.in_hand.kings", id="unknown kind"),
        pytest.param({"jokers": -1}, "cards.in_hand.jokers", id="negative"),
        pytest.param({"jokers": 1.0}, "cards.in_hand.jokers", id="float"),
        pytest.param({"high": "3"}, "cards.in_hand.high", id="string"),
        pytest.param({"low": True}, "cards.in_hand.low", id="bool"),
    ],
)
def test_card_points_rejects_bad_counts(counts: dict[str, Any], field: str) -> None:
    with pytest.raises(scoring.InvalidHandEntry) as exc:
        scoring.card_points(CLASSIC, counts, in_hand=True)
    assert [p.field for p in exc.value.problems] == [field]


def test_card_count_fields_for_a_form() -> None:
    fields = {f.name: f for f in scoring.card_count_fields(CLASSIC)}
    assert tuple(fields) == scoring.CARD_KINDS
    assert (fields["jokers"].melded_points, fields["jokers"].in_hand_points, fields["jokers"].in_pack) == (
        50,
        50,
        4,
    )
    assert (fields["high"].in_pack, fields["low"].in_pack, fields["black_threes"].in_pack) == (48, 32, 4)
    bolivia = {f.name: f for f in scoring.card_count_fields(BOLIVIA)}
    assert (bolivia["black_threes"].melded_points, bolivia["black_threes"].in_hand_points) == (5, 100)
    assert bolivia["jokers"].in_pack == 6
    american = {f.name: f for f in scoring.card_count_fields(scoring.VARIANTS["modern-american"])}
    assert american["black_threes"].meldable is False
    assert fields["black_threes"].meldable is True


@pytest.mark.parametrize("key", sorted(scoring.VARIANTS))
def test_pack_points_follow_from_the_card_counts(key: str) -> None:
    # rules.md §1.0 and §4 #10: the pack at the variant's card values, all in hand.
    rules = scoring.VARIANTS[key]
    full = {f.name: f.in_pack for f in scoring.card_count_fields(rules)}
    assert scoring.card_points(rules, full, in_hand=True) == rules.pack_points


# --- card-count entries in a sheet -------------------------------------------------------------

# C1A / C1B (rules.md §3.1) with cards counted. NS melds 1 joker, 2 twos, 3 aces, 14 high, 1 low:
# 50 + 40 + 60 + 140 + 5 = 295 (C1A has 285 with hand 0; here the partner keeps a 4: hand 5, so
# 295 - 5 + 500 + 600 + 200 + 100 = 1690). EW melds 1 two, 10 high, 6 low = 20 + 100 + 30 = 150,
# holds 2 aces, 2 high, 1 low = 40 + 20 + 5 = 65: 150 - 65 + 300 + 100 = 485 (C1B).
NS_CARDS = {
    "cards": {
        "melded": {"jokers": 1, "twos": 2, "aces": 3, "high": 14, "low": 1},
        "in_hand": {"low": 1},
    },
    "natural_canastas": 1,
    "mixed_canastas": 2,
    "red_threes": 2,
    "went_out": True,
}
EW_CARDS = {
    "cards": {"melded": {"twos": 1, "high": 10, "low": 6}, "in_hand": {"aces": 2, "high": 2, "low": 1}},
    "mixed_canastas": 1,
    "red_threes": 1,
}
NS_POINTS = {**{k: v for k, v in NS_CARDS.items() if k != "cards"}, "melded_points": 295, "hand_points": 5}
EW_POINTS = {**{k: v for k, v in EW_CARDS.items() if k != "cards"}, "melded_points": 150, "hand_points": 65}


def test_card_count_entries_score_as_their_points() -> None:
    by_cards = scoring.score_sheet(sheet("classic", {"NS": NS_CARDS, "EW": EW_CARDS}))
    by_points = scoring.score_sheet(sheet("classic", {"NS": NS_POINTS, "EW": EW_POINTS}))
    assert by_cards == by_points
    assert by_cards["totals"] == {"NS": 1690, "EW": 485}
    assert by_cards["hands"][0]["EW"]["breakdown"][:2] == [
        {"item": "melded_cards", "points": 150},
        {"item": "cards_in_hand", "points": -65},
    ]


def test_bo1_bo2_bolivia_black_threes_in_hand_by_count() -> None:
    # Bo1: partner holds 35 points + 1 black three (-100): hand 135. NS melds 890: 4 jokers and
    # 3 twos (the bolivia, 260) + 12 aces (240) + 39 high (390) = 890. Bo2: EW holds 170 + 2 black
    # threes (-200) = 370. Scores 5755 and 340 (rules.md §3.5; case bolivia-black-threes-minus-100).
    ns = {
        "sequence_canastas": 1,
        "wild_canastas": 1,
        "natural_canastas": 1,
        "red_threes": 3,
        "went_out": True,
        "cards": {
            "melded": {"jokers": 4, "twos": 3, "aces": 12, "high": 39},
            "in_hand": {"high": 3, "low": 1, "black_threes": 1},
        },
    }
    ew = {
        "natural_canastas": 1,
        "red_threes": 2,
        "melded_points": 410,
        "cards": {"melded": {}, "in_hand": {"high": 17, "black_threes": 2}},
    }
    ew_summary = {k: v for k, v in ew.items() if k != "cards"}
    errors = errors_of(sheet("bolivia", {"NS": ns, "EW": ew}))
    assert where(errors) == {(0, "EW", "melded_points")}  # cards and melded_points together
    out = scoring.score_sheet(sheet("bolivia", {"NS": ns, "EW": {**ew_summary, "hand_points": 370}}))
    assert out["totals"] == {"NS": 5755, "EW": 340}


def test_a_sheet_may_mix_the_three_modes() -> None:
    out = scoring.score_sheet(
        sheet(
            "classic",
            {"NS": NS_CARDS, "EW": {"total": 485}},
            {"NS": {"total": -240}, "EW": EW_POINTS},
        )
    )
    assert [h["NS"]["score"] for h in out["hands"]] == [1690, -240]
    assert out["totals"] == {"NS": 1450, "EW": 970}
    assert out["hands"][1]["NS"]["breakdown"] == [{"item": "hand_total", "points": -240}]


@pytest.mark.parametrize(
    ("ns", "field"),
    [
        pytest.param({**NS_CARDS, "melded_points": 295}, "melded_points", id="cards and melded_points"),
        pytest.param({**NS_CARDS, "hand_points": 5}, "hand_points", id="cards and hand_points"),
        pytest.param({**NS_CARDS, "cards": []}, "cards", id="cards not an object"),
        pytest.param({**NS_CARDS, "cards": {"table": {}}}, "cards.table", id="unknown place"),
        pytest.param({**NS_CARDS, "cards": {"melded": 3}}, "cards.melded", id="place not an object"),
        pytest.param(
            {**NS_CARDS, "cards": {"melded": {"jokers": "1"}}},
            "cards.melded.jokers",
            id="count as a string",
        ),
        pytest.param(
            {**NS_CARDS, "cards": {"melded": {"queens": 7}}},
            "cards.melded.queens",
            id="unknown kind of card",
        ),
        pytest.param(
            {**NS_CARDS, "cards": {"melded": {"jokers": 5, "high": 20}}},
            "cards.melded.jokers",
            id="more jokers than the pack on one side",
        ),
        pytest.param(
            {**NS_CARDS, "cards": {"melded": {"jokers": 1, "twos": 2, "high": 20, "black_threes": 2}}},
            "cards.melded.black_threes",
            id="two black threes melded",
        ),
        pytest.param(
            {**NS_CARDS, "cards": {"melded": {"high": 30}}},
            "cards.melded.jokers",
            id="mixed canastas without a wild card",
        ),
        pytest.param(
            # a natural and two mixed canastas hold 7 + 4 + 4 = 15 naturals in Classic; 10 melded
            {**NS_CARDS, "cards": {"melded": {"jokers": 2, "twos": 2, "high": 10}}},
            "mixed_canastas",
            id="too few natural cards for the canastas",
        ),
    ],
)
def test_card_count_errors_name_the_field(ns: dict[str, Any], field: str) -> None:
    assert (0, "NS", field) in where(errors_of(sheet("classic", {"NS": ns, "EW": EW_CARDS})))


def test_black_threes_are_melded_only_when_going_out() -> None:
    ew = {**EW_CARDS, "cards": {"melded": {**EW_CARDS["cards"]["melded"], "black_threes": 3}}}
    ns = {k: v for k, v in NS_POINTS.items() if k != "went_out"}
    assert (0, "EW", "cards.melded.black_threes") in where(errors_of(sheet("classic", {"NS": ns, "EW": ew})))
    ns_cards = NS_CARDS["cards"]
    ns_out = {**NS_CARDS, "cards": {**ns_cards, "melded": {**ns_cards["melded"], "black_threes": 3}}}
    out = scoring.score_sheet(sheet("classic", {"NS": ns_out, "EW": EW_CARDS}))
    assert out["hands"][0]["NS"]["breakdown"][0] == {"item": "melded_cards", "points": 310}  # C14


def test_modern_american_never_melds_black_threes_as_cards() -> None:
    entry = {"cards": {"melded": {"black_threes": 3, "high": 5}}, "went_out": False}
    errors = errors_of(sheet("modern-american", {"NS": entry, "EW": {}}))
    assert (0, "NS", "cards.melded.black_threes") in where(errors)


def test_more_jokers_than_the_pack_over_both_sides() -> None:
    ns = {**NS_CARDS, "cards": {"melded": {"jokers": 3, "twos": 2, "aces": 3, "high": 14}}}
    ew = {**EW_CARDS, "cards": {"melded": {"twos": 1, "high": 10, "low": 6}, "in_hand": {"jokers": 2}}}
    errors = errors_of(sheet("classic", {"NS": ns, "EW": ew}))
    assert (0, None, "cards.melded.jokers") in where(errors)
    assert "5 jokers" in next(e["message"] for e in errors if e["field"] == "cards.melded.jokers")


def test_black_threes_over_both_sides_include_threes_laid_down() -> None:
    # Modern American: 3 black threes laid down by NS + 2 in EW's hands > 4 in the pack.
    ns = {
        "natural_canastas": 1,
        "mixed_canastas": 1,
        "black_threes": 3,
        "melded_points": 300,
        "hand_points": 10,
    }
    ew = {"cards": {"in_hand": {"black_threes": 2, "high": 3}}}
    errors = errors_of(sheet("modern-american", {"NS": ns, "EW": ew}))
    assert (0, None, "cards.in_hand.black_threes") in where(errors)


def test_computed_points_name_the_card_count_in_rule_errors() -> None:
    # Total before 1500: the opening meld needed 90; 1 two + 10 high + 6 low = 150 is fine, but
    # 3 low = 15 is not (rules.md §4 #21), and the error names cards.melded.
    ew = {"cards": {"melded": {"low": 3}, "in_hand": {"high": 1}}}
    errors = errors_of(sheet("classic", {"NS": NS_CARDS, "EW": ew}, start={"NS": 0, "EW": 1500}))
    assert where(errors) == {(0, "EW", "cards.melded")}
    # 2 players: the player who went out holds no cards (§4 #18).
    ns = {**NS_CARDS, "cards": {**NS_CARDS["cards"], "in_hand": {"low": 1}}}
    errors = errors_of(sheet("classic-2p", {"NS": ns, "EW": EW_CARDS}))
    assert (0, "NS", "cards.in_hand") in where(errors)


# --- property: a card count scores exactly as its computed points ------------------------------


@st.composite
def card_count_hands(draw: st.DrawFn) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """(variant, hand with card counts, the same hand with the computed points instead)."""
    variant = draw(st.sampled_from(sorted(scoring.VARIANTS)))
    rules = scoring.VARIANTS[variant]
    sides = ["A", "B", "C"][: rules.side_counts[0]]
    out_side = draw(st.sampled_from([None, *sides]))
    by_cards: dict[str, Any] = {}
    by_points: dict[str, Any] = {}
    for side in sides:
        natural = draw(st.integers(0, 2))
        mixed = draw(st.integers(0, 2))
        melded = {
            "jokers": mixed,  # at most 2 a side: 2 sides stay within a 2-deck pack's 4
            "twos": draw(st.integers(0, 2)),
            "aces": draw(st.integers(0, 2)),
            "high": draw(st.integers(0, 6)) + 7 * natural + 4 * mixed,
            "low": draw(st.integers(0, 6)),
        }
        if side == out_side and rules.black_threes_meldable and draw(st.booleans()):
            melded["black_threes"] = 3
        in_hand = {kind: draw(st.integers(0, 2)) for kind in scoring.CARD_KINDS if kind != "jokers"}
        if side == out_side and rules.players_per_side == 1:
            in_hand = {}  # the player who went out holds no cards (rules.md §4 #18)
        entry: dict[str, Any] = {"natural_canastas": natural, "mixed_canastas": mixed}
        if "red_threes" in rules.fields:
            entry["red_threes"] = draw(st.integers(0, 1))
        if side == out_side:
            entry["went_out"] = True
        by_cards[side] = {**entry, "cards": {"melded": melded, "in_hand": in_hand}}
        by_points[side] = {
            **entry,
            "melded_points": scoring.card_points(rules, melded),
            "hand_points": scoring.card_points(rules, in_hand, in_hand=True),
        }
    return variant, by_cards, by_points


@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
@given(card_count_hands())
def test_scoring_with_cards_equals_scoring_with_the_computed_points(
    drawn: tuple[str, dict[str, Any], dict[str, Any]],
) -> None:
    variant, by_cards, by_points = drawn
    sides = tuple(by_cards)
    try:
        with_cards = scoring.score_sheet(sheet(variant, by_cards, sides=sides))
    except scoring.SheetRejected as exc:
        # A card count is checked at least as strictly; any point-field error names the count.
        assert all(
            e["field"] not in ("melded_points", "hand_points") or e["side"] is None for e in exc.errors
        )
        return
    assert with_cards == scoring.score_sheet(sheet(variant, by_points, sides=sides))


# --- total-only entries ------------------------------------------------------------------------


def test_total_only_c1a_c1b() -> None:
    out = scoring.score_sheet(
        sheet("classic", {"NS": {"total": 1685, "went_out": True}, "EW": {"total": 485}})
    )
    assert out["totals"] == {"NS": 1685, "EW": 485}
    assert out["initial_meld"] == {"NS": 90, "EW": 50}  # C1A / C1B
    assert out["hands"][0]["EW"] == {"score": 485, "breakdown": [{"item": "hand_total", "points": 485}]}


def test_total_only_with_a_director_penalty() -> None:
    out = scoring.score_sheet(sheet("classic", {"NS": {"total": 455, "penalty_points": 100}, "EW": HOLDING}))
    assert out["hands"][0]["NS"]["breakdown"] == [
        {"item": "hand_total", "points": 455},
        {"item": "penalty", "points": -100},
    ]
    assert out["totals"]["NS"] == 355  # C11


@pytest.mark.parametrize(
    ("entry", "field", "message"),
    [
        pytest.param({"total": "1,285"}, "total", "whole number", id="string"),
        pytest.param({"total": 1285.0}, "total", "whole number", id="float"),
        pytest.param({"total": None}, "total", "whole number", id="null"),
        pytest.param({"total": True}, "total", "whole number", id="bool"),
        pytest.param({"total": 1287}, "total", "multiple of 5", id="not a multiple of 5"),
        pytest.param({"total": 12850}, "total", "-3180 to 7680", id="above what a hand can score"),
        pytest.param({"total": -5000}, "total", "outside", id="below what a hand can score"),
        pytest.param({"total": 500, "natural_canastas": 1}, "natural_canastas", "remove", id="other field"),
        pytest.param({"total": 500, "cards": {}}, "cards", "remove", id="total and cards"),
        pytest.param({"total": 500, "went_out": 1}, "went_out", "true or false", id="bad went_out"),
    ],
)
def test_total_only_errors(entry: dict[str, Any], field: str, message: str) -> None:
    errors = errors_of(sheet("classic", {"NS": entry, "EW": {}}))
    assert (0, "NS", field) in where(errors)
    assert message in next(e["message"] for e in errors if e["field"] == field)


def test_two_total_only_sides_cannot_both_go_out() -> None:
    hand = {"NS": {"total": 500, "went_out": True}, "EW": {"total": 400, "went_out": True}}
    assert (0, None, "went_out") in where(errors_of(sheet("classic", hand)))


def test_initial_meld_is_not_checked_for_a_total_only_entry_but_later_hands_are() -> None:
    # NS starts at 1400: a total-only hand is accepted whatever its opening meld was; it brings NS
    # to 1500, so the next hand's opening meld needs 90 and a summary entry of 60 is rejected.
    hands = (
        {"NS": {"total": 100}, "EW": HOLDING},
        {"NS": {"melded_points": 60, "hand_points": 10}, "EW": HOLDING},
    )
    errors = errors_of(sheet("classic", *hands, start={"NS": 1400, "EW": 0}))
    assert where(errors) == {(1, "NS", "melded_points")}
    assert "at least 90" in errors[0]["message"]


def test_total_only_with_acaba_is_rejected() -> None:
    hand = {"NS": {"acaba": True}, "EW": {"total": 1500}}
    assert (0, "EW", "total") in where(errors_of(sheet("british", hand)))


@pytest.mark.parametrize("key", sorted(scoring.VARIANTS))
def test_hand_score_bounds_are_sane(key: str) -> None:
    lowest, highest = scoring.VARIANTS[key].hand_score_bounds
    assert lowest < 0 < highest
    assert lowest % 5 == 0 and highest % 5 == 0


def test_every_worked_case_hand_score_is_within_the_bounds() -> None:
    cases = Path(__file__).parent / "cases"
    checked = 0
    for path in sorted(cases.glob("*.json")):
        case = json.loads(path.read_text(encoding="utf-8"))
        rules = scoring.rules_for(case["sheet"]["variant"], case["sheet"].get("options"))
        lowest, highest = rules.hand_score_bounds
        for hand in case["expect"].get("hand_scores", []):
            for score in hand.values():
                assert lowest <= score <= highest, (path.name, score)
                checked += 1
    assert checked > 40
