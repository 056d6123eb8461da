"""How many players a variant is played by: its tables (rules.md §1.1-§1.12 "Players") and the
players each side has in one hand, which decide the checks that depend on partners (§4 #18)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, sheet


@pytest.mark.parametrize(
    ("variant", "tables"),
    [
        ("classic", ((2, 2),)),  # §1.1: 4 in 2 partnerships
        ("classic-2p", ((1, 1),)),  # §1.1a: 2, each for themself
        ("classic-3p", ((1, 1, 1),)),  # §1.1b: each for themself
        ("classic-5p", ((3, 2),)),  # §1.1d: a side of three against a side of two
        ("classic-6p", ((3, 3), (2, 2, 2))),  # §1.1c: 2 teams of 3 or 3 teams of 2
        ("modern-american", ((2, 2),)),  # §1.2: 4 in 2 partnerships
        # §1.3, §6a: 4 in 2 partnerships; 2, 3 or 4 each alone (Simpson, TableScore, Pagat); six
        # as three partnerships (Pagat)
        ("hand-and-foot", ((2, 2), (1, 1), (1, 1, 1), (1, 1, 1, 1), (2, 2, 2))),
        ("samba", ((2, 2), (1, 1), (1, 1, 1), (2, 2, 2))),  # §1.4: 4 in partnerships; also 2-6
        # §1.10, §6a: 2-4, alone or 4 in partnerships, and 6 in two teams of three (S3 "Τρίο")
        ("spanish", ((2, 2), (1, 1), (1, 1, 1), (3, 3))),
    ],
)
def test_the_tables_each_variant_is_played_at(variant: str, tables: tuple[tuple[int, ...], ...]) -> None:
    assert scoring.VARIANTS[variant].tables == tables


def test_players_in_a_hand_follow_the_table() -> None:
    samba = scoring.VARIANTS["samba"]
    assert samba.side_counts == (2, 3)
    assert samba.players_options(2) == (2, 1)
    assert samba.players_options(3) == (1, 2)
    assert samba.players_for(3) == 1  # three sides: three players alone unless the game says so
    six = scoring.VARIANTS["classic-6p"]
    assert (six.players_for(2), six.players_for(3)) == (3, 2)
    # Five: two of the three play each hand, so that the sides stay equal (§1.1d).
    assert scoring.VARIANTS["classic-5p"].players_for(2) == 2


def test_five_players_score_exactly_as_classic() -> None:
    five = scoring.VARIANTS["classic-5p"]
    classic = scoring.VARIANTS["classic"]
    assert dataclasses.replace(five, key="classic", name=classic.name, tables=classic.tables) == classic


# Spanish (S3, §1.10): going out needs a clean and a mixed canasta (§4 #4). 300 melded,
# 500 + 300 for the canastas, 200 for going out: 1300, with nothing in hand.
SPANISH_OUT = {"natural_canastas": 1, "mixed_canastas": 1, "melded_points": 300, "went_out": True}
SPANISH_OTHER = {"melded_points": 60, "hand_points": 20}


def test_three_players_of_spanish_alone_the_one_who_went_out_holds_nothing() -> None:
    # The issue: three sides were checked as if each had a partner still holding cards.
    hand = {"N": {**SPANISH_OUT, "hand_points": 0}, "E": SPANISH_OTHER, "S": SPANISH_OTHER}
    out = scoring.score_sheet(sheet("spanish", hand, sides=("N", "E", "S")))
    assert out["hands"][0]["N"]["score"] == 300 + 500 + 300 + 200
    # and alone, holding cards after going out is impossible (§4 #18)
    holding = {**hand, "N": {**SPANISH_OUT, "hand_points": 20}}
    codes = {(e["side"], e["field"]) for e in errors_of(sheet("spanish", holding, sides=("N", "E", "S")))}
    assert codes == {("N", "hand_points")}


def test_three_sides_of_two_partners_say_so() -> None:
    hand = {"A": {**SPANISH_OUT, "hand_points": 0}, "B": SPANISH_OTHER, "C": SPANISH_OTHER}
    errors = errors_of({**sheet("samba", hand, sides=("A", "B", "C")), "players": 2})
    assert [(e["side"], e["field"]) for e in errors] == [("A", "hand_points")]  # the partner holds cards


def test_spanish_for_six_is_two_teams_of_three_not_three_teams_of_two() -> None:
    """S3 "Τρίο": six players make two teams (§6a); the partners of the player who went out
    hold cards worth at least 5 points each, 10 for the two of them."""
    spanish = scoring.VARIANTS["spanish"]
    assert spanish.players_options(2) == (2, 1, 3)
    assert spanish.players_options(3) == (1,)  # three sides are three players alone
    hand = {"A": {**SPANISH_OUT, "hand_points": 10}, "B": {"melded_points": 60, "hand_points": 30}}
    out = scoring.score_sheet({**sheet("spanish", hand, sides=("A", "B")), "players": 3})
    # A: 300 - 10 + 500 + 300 + 200 = 1290; B (no canasta, S3: melded cards count against it)
    # -60 - 30 = -90.
    assert (out["hands"][0]["A"]["score"], out["hands"][0]["B"]["score"]) == (1290, -90)
    # One partner's card alone (5 points) cannot be: both partners still hold cards.
    short = {**hand, "A": {**SPANISH_OUT, "hand_points": 5}}
    errors = errors_of({**sheet("spanish", short, sides=("A", "B")), "players": 3})
    assert [(e["side"], e["field"]) for e in errors] == [("A", "hand_points")]
    # Three teams of two are not a Spanish table.
    three = {"A": {**SPANISH_OUT, "hand_points": 5}, "B": SPANISH_OTHER, "C": SPANISH_OTHER}
    errors = errors_of({**sheet("spanish", three, sides=("A", "B", "C")), "players": 2})
    assert [(e["field"], e["hand"]) for e in errors] == [("players", None)]


# Samba (§1.4): going out needs two canastas; 400 melded + 500 + 300 + 200 for going out = 1400.
SAMBA_OUT: dict[str, Any] = {
    "natural_canastas": 1,
    "mixed_canastas": 1,
    "melded_points": 400,
    "went_out": True,
}


def test_two_players_of_samba_alone() -> None:
    hand = {"N": {**SAMBA_OUT, "hand_points": 0}, "S": {"melded_points": 90, "hand_points": 35}}
    out = scoring.score_sheet({**sheet("samba", hand, sides=("N", "S")), "players": 1})
    assert out["hands"][0]["N"]["score"] == 1400
    assert out["hands"][0]["S"]["score"] == 90 - 35
    # Without "players", two sides of Samba are two partnerships: the partner holds cards.
    errors = errors_of(sheet("samba", hand, sides=("N", "S")))
    assert [(e["side"], e["field"]) for e in errors] == [("N", "hand_points")]


@pytest.mark.parametrize(
    ("variant", "sides", "players"),
    [
        ("classic", ("NS", "EW"), 1),
        ("classic-2p", ("N", "S"), 2),
        ("samba", ("N", "S"), 3),
        ("samba", ("N", "S"), "1"),
    ],
)
def test_a_count_of_players_the_variant_is_not_played_by_is_refused(
    variant: str, sides: tuple[str, ...], players: Any
) -> None:
    errors = errors_of({**sheet(variant, sides=sides), "players": players})
    assert [(e["field"], e["hand"]) for e in errors] == [("players", None)]
