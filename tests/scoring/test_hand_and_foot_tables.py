"""Hand and Foot at other tables than two partnerships (rules.md §1.3, §6a): two, three or four
players each alone (Simpson via GH-TS, TableScore, PAG-HF) and six in three partnerships
(PAG-HF), with a pack of one deck more than the players (PAG-HF, S0)."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.sheets import errors_of, sheet, where


@pytest.mark.parametrize(
    ("sides", "players", "decks"),
    [(2, 1, 3), (3, 1, 4), (4, 1, 5), (2, 2, 5), (3, 2, 7)],
)
def test_the_pack_is_one_deck_more_than_the_players(sides: int, players: int, decks: int) -> None:
    rules = scoring.rules_for("hand-and-foot", sides=sides, players=players)
    # A deck is 52 cards and 2 jokers: 590 card points, 2 red and 2 black threes (rules.md §1.0).
    assert (rules.decks, rules.pack_points, rules.red_threes_in_pack) == (decks, 590 * decks, 2 * decks)


def test_the_variant_alone_is_its_own_table() -> None:
    assert scoring.rules_for("hand-and-foot") == scoring.rules_for("hand-and-foot", sides=2, players=2)
    assert scoring.rules_for("hand-and-foot").decks == 5  # S2, PAG-HF: five packs for four


# Four players each alone: A went out with the books Pagat asks (2 clean, 2 dirty, 1 wild):
# 850 melded + 1000 + 600 + 1500 + 100 out = 4050, holding nothing (it is alone, §4 #18). Each
# other player holds cards: B 200 melded - 45 in hand + a clean book 500 = 655; C 90 - 60 = 30;
# D never melded, -85.
FOUR_ALONE = {
    "A": {
        "natural_canastas": 2,
        "mixed_canastas": 2,
        "wild_canastas": 1,
        "went_out": True,
        "melded_points": 850,
    },
    "B": {"natural_canastas": 1, "melded_points": 200, "hand_points": 45},
    "C": {"melded_points": 90, "hand_points": 60},
    "D": {"hand_points": 85},
}


def test_four_players_each_alone() -> None:
    out = scoring.score_sheet(
        {**sheet("hand-and-foot", FOUR_ALONE, sides=("A", "B", "C", "D")), "players": 1}
    )
    assert {side: score["score"] for side, score in out["hands"][0].items()} == {
        "A": 4050,
        "B": 655,
        "C": 30,
        "D": -85,
    }
    assert out["initial_meld"] == {"A": 90, "B": 90, "C": 90, "D": 90}  # deal 2 (S2)


def test_alone_the_player_who_went_out_holds_nothing() -> None:
    holding = {**FOUR_ALONE, "A": {**FOUR_ALONE["A"], "hand_points": 15}}
    errors = errors_of({**sheet("hand-and-foot", holding, sides=("A", "B", "C", "D")), "players": 1})
    assert where(errors) == {(0, "A", "hand_points")}


def test_six_in_three_partnerships_play_seven_decks() -> None:
    """Three partnerships: the partner of the player who went out holds cards (5 points at
    least); 14 red threes in 7 decks, so 11 laid are accepted where 5 decks would refuse them."""
    hand: dict[str, Any] = {
        "A": {**FOUR_ALONE["A"], "red_threes": 11, "hand_points": 5},
        "B": {"melded_points": 90, "hand_points": 60},
        "C": {"hand_points": 85},
    }
    out = scoring.score_sheet({**sheet("hand-and-foot", hand, sides=("A", "B", "C")), "players": 2})
    # 850 - 5 + 1000 + 600 + 1500 + 100 + 11 red threes x 100 = 5145
    assert out["hands"][0]["A"]["score"] == 5145
    four = {"A": hand["A"], "B": hand["B"]}
    assert where(errors_of(sheet("hand-and-foot", four, sides=("A", "B")))) == {(0, None, "red_threes")}


def test_a_total_only_entry_is_checked_against_the_tables_pack() -> None:
    two = scoring.rules_for("hand-and-foot", sides=2, players=1)
    four = scoring.rules_for("hand-and-foot")
    assert two.hand_score_bounds[1] < four.hand_score_bounds[1]
    total = {"total": two.hand_score_bounds[1] + 5}
    data = {**sheet("hand-and-foot", {"A": total, "B": {"total": 0}}, sides=("A", "B")), "players": 1}
    assert where(errors_of(data)) == {(0, "A", "total")}
