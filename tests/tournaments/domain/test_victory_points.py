"""The victory-point scales and tie-breaks (pure). Expected values are read by hand from the
preset tables in tournaments/domain/victory_points.py (a club convention, documented there)."""

from __future__ import annotations

import itertools

import pytest

from tournaments.domain import victory_points as vp
from tournaments.domain.standings import SideResult, rank_players

BURRACO = vp.PRESETS["burraco-20"]


@pytest.mark.parametrize(
    ("hands", "difference", "expected"),
    [
        pytest.param(4, 0, 10, id="4 hands: an even game is 10-10"),
        pytest.param(4, 95, 10, id="4 hands: 95 is still the 0-99 band"),
        pytest.param(4, 100, 11, id="4 hands: 100 opens the 11-9 band"),
        pytest.param(4, 450, 12, id="4 hands: 450 is in 300-499, 12-8"),
        pytest.param(4, 499, 12, id="4 hands: 499 is the top of 300-499"),
        pytest.param(4, 500, 13, id="4 hands: 500 opens 13-7"),
        pytest.param(4, 3495, 19, id="4 hands: 3495 is in 2900-3499, 19-1"),
        pytest.param(4, 3500, 20, id="4 hands: 3500 or more is 20-0"),
        pytest.param(3, 74, 10, id="3 hands: 74 is in 0-74, 10-10"),
        pytest.param(3, 75, 11, id="3 hands: 75 opens 11-9"),
        pytest.param(3, 450, 13, id="3 hands: 450 is in 375-599, 13-7"),
        pytest.param(3, 2625, 20, id="3 hands: 2625 or more is 20-0"),
        pytest.param(6, 450, 12, id="6 hands: no own table, the 4-hand one"),
    ],
)
def test_the_burraco_preset_converts_a_difference_for_both_sides(hands, difference, expected):
    ahead = vp.side_victory_points(BURRACO, difference=difference, hands=hands, won=True, drew=False)
    behind = vp.side_victory_points(BURRACO, difference=-difference, hands=hands, won=False, drew=False)
    assert ahead == expected
    assert ahead + behind == 20


def test_result_presets_read_the_result_only():
    two_one = vp.PRESETS["win-draw-loss"]
    three_one = vp.PRESETS["three-one-zero"]
    assert [
        vp.side_victory_points(two_one, difference=d, hands=4, won=w, drew=dr)
        for d, w, dr in ((5, True, False), (0, False, True), (-900, False, False))
    ] == [2, 1, 0]
    assert vp.side_victory_points(three_one, difference=5, hands=4, won=True, drew=False) == 3


def test_every_preset_band_adds_up_to_the_total_without_gaps():
    for scale in vp.PRESETS.values():
        for bands in (scale.tables or {}).values():
            assert bands[0].low == 0 and bands[-1].high is None
            for band, following in itertools.pairwise(bands):
                assert following.low == band.high + 1
            assert all(b.ahead + b.behind == scale.total for b in bands)


GOOD = {
    "total": 4,
    "tables": {
        "any": [
            {"from": 0, "to": 199, "ahead": 2, "behind": 2},
            {"from": 200, "to": None, "ahead": 4, "behind": 0},
        ],
        "3": [
            {"from": 0, "to": 99, "ahead": 2, "behind": 2},
            {"from": 100, "to": None, "ahead": 3, "behind": 1},
        ],
    },
}


def test_a_club_table_is_used_by_round_length():
    scale = vp.scale_for("custom", GOOD)
    assert vp.side_victory_points(scale, difference=150, hands=3, won=True, drew=False) == 3
    assert vp.side_victory_points(scale, difference=150, hands=4, won=True, drew=False) == 2
    assert vp.side_victory_points(scale, difference=-250, hands=4, won=False, drew=False) == 0


def _one_table(*bands):
    keys = ("from", "to", "ahead", "behind")
    return {"total": 4, "bands": [dict(zip(keys, band, strict=True)) for band in bands]}


@pytest.mark.parametrize(
    ("custom", "message"),
    [
        pytest.param(_one_table((0, 99, 2, 2), (150, None, 4, 0)), "must start at 100", id="a gap"),
        pytest.param(_one_table((0, 99, 2, 2), (50, None, 4, 0)), "must start at 100", id="an overlap"),
        pytest.param(_one_table((10, None, 2, 2)), "must start at 0", id="not from 0"),
        pytest.param(_one_table((0, 99, 2, 2), (100, 199, 3, 1)), "must be open-ended", id="closed end"),
        pytest.param(_one_table((0, None, 2, 2), (100, None, 3, 1)), "only the last", id="open middle"),
        pytest.param(_one_table((0, 99, 2, 2), (100, None, 3, 2)), "not the total 4", id="bad total"),
        pytest.param(_one_table((0, 99, 3, 1), (100, None, 2, 2)), "fewer points", id="decreasing"),
        pytest.param(_one_table((0, None, 1, 3)), "at least as many", id="behind gets more"),
        pytest.param({"total": 4}, '"any"', id="no table"),
        pytest.param(_one_table((0, 99, 2.5, 1.5), (100, None, 4, 0)), "whole numbers", id="fractions"),
    ],
)
def test_a_club_table_that_breaks_a_rule_is_refused_with_the_reason(custom, message):
    with pytest.raises(vp.InvalidScale, match=message):
        vp.scale_for("custom", custom)


def test_tie_breaks_are_checked():
    assert vp.checked_tie_breaks(["wins", "points_for"]) == ("wins", "points_for")
    with pytest.raises(vp.InvalidScale, match="Unknown tie-break"):
        vp.checked_tie_breaks(["luck"])
    with pytest.raises(vp.InvalidScale, match="twice"):
        vp.checked_tie_breaks(["wins", "wins"])


def _side(players, points_for, points_against, *, won=False, drew=False, hands=4):
    return SideResult(
        players=players,
        points_for=points_for,
        points_against=points_against,
        finished=True,
        won=won,
        drew=drew,
        hands=hands,
    )


# Four players, two one-against-one games: Ann beats Cal 2000 to 1500 (+500), Bea beats Dan
# 3000 to 2800 (+200). Ann and Bea are level on 2 victory points, Cal and Dan on 0.
RESULTS = [
    _side((1,), 2000, 1500, won=True),  # Ann: +500, 2000 scored
    _side((3,), 1500, 2000),  # Cal
    _side((2,), 3000, 2800, won=True),  # Bea: +200, 3000 scored
    _side((4,), 2800, 3000),  # Dan
]
NAMES = {1: "Ann", 2: "Bea", 3: "Cal", 4: "Dan"}


def test_a_tie_is_broken_by_the_configured_order_and_the_criterion_is_recorded():
    by_difference = rank_players(RESULTS, NAMES, tie_breaks=("point_difference", "points_for"))
    assert [(r.name, r.rank, r.separated_by) for r in by_difference] == [
        ("Ann", 1, "point_difference"),  # +500 against Bea's +200; both on 2 VP
        ("Bea", 2, "victory_points"),  # 2 VP against Dan's 0
        ("Dan", 3, "point_difference"),  # −200 against Cal's −500
        ("Cal", 4, ""),
    ]
    by_points = rank_players(RESULTS, NAMES, tie_breaks=("points_for", "point_difference"))
    assert [(r.name, r.rank, r.separated_by) for r in by_points] == [
        ("Bea", 1, "points_for"),  # 3000 scored against Ann's 2000
        ("Ann", 2, "victory_points"),
        ("Dan", 3, "points_for"),  # 2800 against Cal's 1500
        ("Cal", 4, ""),
    ]


def test_players_equal_on_every_criterion_share_a_rank_and_say_tied():
    rows = rank_players([_side((1, 2), 900, 400, won=True), _side((3, 4), 400, 900)], NAMES)
    assert [(r.name, r.rank, r.separated_by) for r in rows] == [
        ("Ann", 1, "tied"),
        ("Bea", 1, "victory_points"),
        ("Cal", 3, "tied"),
        ("Dan", 3, ""),
    ]


def test_in_an_individual_event_each_player_takes_their_sides_victory_points():
    # 4 hands, NS ahead by 450: 12-8 on the 20-point scale, for both partners.
    rows = rank_players(
        [_side((1, 2), 2450, 2000, won=True), _side((3, 4), 2000, 2450)], NAMES, scale=BURRACO
    )
    assert {r.name: (r.victory_points, r.match_points) for r in rows} == {
        "Ann": (12, 2),
        "Bea": (12, 2),
        "Cal": (8, 0),
        "Dan": (8, 0),
    }
