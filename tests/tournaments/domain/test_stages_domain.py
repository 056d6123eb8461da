"""Stages, pure: who qualifies, the knockout bracket and the final order. No database.

Every expected value below is worked by hand from the rules in tournaments/domain/stages.py.
"""

from __future__ import annotations

import pytest

from tournaments.domain.stages import (
    Match,
    Place,
    TablePlace,
    best_of,
    best_of_each_table,
    bracket,
    bracket_size,
    break_ties,
    final_order,
    knockout_tiers,
    seed_positions,
    table_order,
    tables_needed,
    tiers_from_ranks,
)

# --- who qualifies ---------------------------------------------------------------------------


def test_best_of_takes_the_top_of_the_standings():
    assert best_of([7, 3, 9, 1, 5], 3) == [7, 3, 9]


def test_best_of_passes_over_someone_who_left_and_the_next_takes_the_place():
    # 3 went home: 1, the fourth, moves up into the final.
    assert best_of([7, 3, 9, 1, 5], 3, eligible={7, 9, 1, 5}) == [7, 9, 1]


def test_best_of_gives_what_it_has_when_too_few_are_eligible():
    assert best_of([7, 3], 4) == [7, 3]


@pytest.mark.parametrize(("order", "count"), [([1, 2], 0), ([1, 1], 1)], ids=["none", "twice"])
def test_best_of_refuses_a_count_below_one_or_a_repeated_entrant(order, count):
    with pytest.raises(ValueError, match=r"twice|At least one"):
        best_of(order, count)


def test_table_order_puts_the_winning_side_first_then_the_points_then_the_standings():
    # Table of four, individual: 11 & 12 won (both 900), 13 & 14 lost (600). Standings 14, 12, 11, 13.
    places = [
        TablePlace(11, won=True, points=900),
        TablePlace(13, points=600),
        TablePlace(12, won=True, points=900),
        TablePlace(14, points=600),
    ]
    assert table_order(places, [14, 12, 11, 13]) == [12, 11, 14, 13]


def test_table_order_a_draw_beats_a_loss_and_ranks_on_points_at_a_table_of_three():
    places = [TablePlace(1, points=50), TablePlace(2, drew=True, points=40), TablePlace(3, points=70)]
    assert table_order(places, []) == [2, 3, 1]


def test_the_best_two_of_each_table_go_to_the_final_seeded_by_the_standings():
    # Two tables of the last qualifying round. Table 1: 1 & 6 beat 2 & 5; table 2: 7 & 8 beat 3 & 4.
    # Standings before: 1, 2, 3, 4, 5, 6, 7, 8. Qualifiers: 1, 6 and 7, 8, seeded 1, 6, 7, 8.
    table_1 = [TablePlace(1, won=True, points=500), TablePlace(6, won=True, points=500)]
    table_1 += [TablePlace(2, points=200), TablePlace(5, points=200)]
    table_2 = [TablePlace(3, points=-40), TablePlace(4, points=-40)]
    table_2 += [TablePlace(7, won=True, points=310), TablePlace(8, won=True, points=310)]
    order = [1, 2, 3, 4, 5, 6, 7, 8]
    assert best_of_each_table([table_1, table_2], order, 2) == [1, 6, 7, 8]
    # The best one of each table: the better placed of each winning side.
    assert best_of_each_table([table_1, table_2], order, 1) == [1, 7]
    # 6 left: the next best of table 1 (2, a loser, but ahead of 5 in the standings) goes.
    eligible = {1, 2, 3, 4, 5, 7, 8}
    assert best_of_each_table([table_1, table_2], order, 2, eligible) == [1, 2, 7, 8]


def test_tables_needed_for_a_final_of_eight_players_is_two():
    assert tables_needed(8, 4) == 2
    assert tables_needed(2, 2) == 1


@pytest.mark.parametrize("entrants", [0, 3, 6])
def test_tables_needed_refuses_a_field_that_does_not_fill_its_tables(entrants):
    with pytest.raises(ValueError, match="do not fill tables of 4"):
        tables_needed(entrants, 4)


# --- knockout --------------------------------------------------------------------------------


@pytest.mark.parametrize(("entrants", "size"), [(2, 2), (3, 4), (4, 4), (5, 8), (8, 8), (9, 16), (16, 16)])
def test_bracket_size_is_the_next_power_of_two(entrants, size):
    assert bracket_size(entrants) == size


def test_seed_positions_of_the_usual_brackets():
    assert seed_positions(2) == [1, 2]
    assert seed_positions(4) == [1, 4, 2, 3]
    assert seed_positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    assert seed_positions(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]


@pytest.mark.parametrize("size", [0, 1, 6, 12])
def test_seed_positions_refuses_a_size_that_is_not_a_power_of_two(size):
    with pytest.raises(ValueError, match="not a power of two"):
        seed_positions(size)


def test_an_eight_pair_bracket_is_drawn_one_against_eight_with_the_better_seed_north_south():
    drawn = bracket([1, 2, 3, 4, 5, 6, 7, 8])
    assert [(m.high, m.low) for m in drawn.rounds[0]] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert len(drawn.rounds) == 3
    assert all(m.ready for m in drawn.rounds[0])
    assert [(m.high, m.low) for m in drawn.rounds[1]] == [(None, None), (None, None)]


def test_seeds_are_entrants_whatever_their_numbers():
    # Seeded from the standings: pair 6 is seed 1, pair 2 seed 2, pair 9 seed 3, pair 4 seed 4.
    drawn = bracket([6, 2, 9, 4])
    assert [(m.high, m.low) for m in drawn.rounds[0]] == [(6, 4), (2, 9)]


def test_six_pairs_give_byes_to_the_top_two_seeds_and_fill_in_as_matches_are_won():
    drawn = bracket([10, 20, 30, 40, 50, 60])
    first = drawn.rounds[0]
    assert first[0] == Match(1, 1, 10, None, 10, bye=True)
    assert (first[1].high, first[1].low) == (40, 50)
    assert first[2] == Match(1, 3, 20, None, 20, bye=True)
    assert (first[3].high, first[3].low) == (30, 60)
    # Round 2 knows each bye's entrant already; the other place waits for its match.
    assert (drawn.rounds[1][0].high, drawn.rounds[1][0].low) == (10, None)
    assert not drawn.rounds[1][0].ready

    winners = {(1, 2): 50, (1, 4): 30}
    drawn = bracket([10, 20, 30, 40, 50, 60], winners)
    assert [(m.high, m.low) for m in drawn.rounds[1]] == [(10, 50), (20, 30)]
    assert all(m.ready for m in drawn.rounds[1])

    winners |= {(2, 1): 50, (2, 2): 20}  # seed 5 beats seed 1
    drawn = bracket([10, 20, 30, 40, 50, 60], winners)
    final = drawn.rounds[2][0]
    assert (final.high, final.low) == (20, 50)  # seed 2 is the better seed: North-South
    assert drawn.champion is None

    drawn = bracket([10, 20, 30, 40, 50, 60], winners | {(3, 1): 50})
    assert drawn.champion == 50 and drawn.complete
    assert drawn.rounds[2][0].loser == 20
    assert drawn.match_of(2, 30) == drawn.rounds[1][1]
    # Champion, runner-up, the semi-finals' losers, then round 1's losers (byes lose nothing).
    assert knockout_tiers(drawn) == [[50], [20], [10, 30], [40, 60]]


def test_knockout_tiers_while_the_bracket_is_played_put_those_still_in_first():
    drawn = bracket([1, 2, 3, 4, 5, 6, 7, 8], {(1, 1): 1, (1, 2): 5, (1, 3): 2, (1, 4): 6})
    assert knockout_tiers(drawn) == [[1, 2, 5, 6], [3, 4, 7, 8]]


@pytest.mark.parametrize(
    "winners",
    [{(1, 1): 5}, {(2, 1): 1}, {(4, 1): 1}],
    ids=["not in the match", "match not known yet", "no such round"],
)
def test_bracket_refuses_a_winner_who_does_not_play_that_match(winners):
    with pytest.raises(ValueError, match=r"does not play|not played"):
        bracket([1, 2, 3, 4], winners)


def test_bracket_refuses_fewer_than_two_entrants_or_a_repeated_one():
    with pytest.raises(ValueError, match="at least two"):
        bracket([1])
    with pytest.raises(ValueError, match="twice"):
        bracket([1, 2, 2])


# --- the final order -------------------------------------------------------------------------


def test_tiers_from_ranks_group_shared_ranks():
    assert tiers_from_ranks([(1, 5), (2, 3), (2, 8), (4, 1)]) == [[5], [3, 8], [1]]


def test_break_ties_by_seed_puts_the_better_qualifier_ahead():
    # A final table: 7 and 2 share first place; 2 qualified second, 7 fourth.
    assert break_ties([[7, 2], [9], [4]], [3, 2, 9, 7, 4]) == [[2], [7], [9], [4]]
    assert break_ties([[7, 99]], [7]) == [[7], [99]]


def test_final_table_result_first_then_the_qualifying_order_for_the_rest():
    qualifying = [[n] for n in (11, 12, 13, 14, 15, 16, 17, 18)]
    final_table = [[13], [11], [14], [12]]
    order = final_order([qualifying, final_table])
    assert [p.entrant for p in order] == [13, 11, 14, 12, 15, 16, 17, 18]
    assert [p.rank for p in order] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert order[0] == Place(rank=1, entrant=13, stage=2)
    assert order[4] == Place(rank=5, entrant=15, stage=1)


def test_a_knockout_shares_the_places_of_those_who_went_out_in_one_round():
    seeds = [1, 2, 3, 4, 5, 6, 7, 8]
    winners = {(1, 1): 1, (1, 2): 4, (1, 3): 2, (1, 4): 3, (2, 1): 1, (2, 2): 3, (3, 1): 1}
    order = final_order([knockout_tiers(bracket(seeds, winners))])
    assert [(p.rank, p.entrant) for p in order] == [
        (1, 1),
        (2, 3),
        (3, 2),
        (3, 4),
        (5, 5),
        (5, 6),
        (5, 7),
        (5, 8),
    ]


def test_three_stages_place_from_the_last_back_to_the_first():
    # 12 qualify order 1..12; the 8 best play semi-final tables, whose best 4 play the final.
    qualifying = [[n] for n in range(1, 13)]
    semi_final = [[n] for n in (5, 1, 2, 8, 3, 4, 6, 7)]
    final = [[2], [8], [5], [1]]
    order = [p.entrant for p in final_order([qualifying, semi_final, final])]
    assert order == [2, 8, 5, 1, 3, 4, 6, 7, 9, 10, 11, 12]
