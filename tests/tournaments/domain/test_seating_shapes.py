"""Individual seating at every table the variants are played at (rules.md §1.1-§1.12 "Players"):
two or three players alone, six in two teams of three or three of two, and a table of five
completing a round of tables of four (rules.md §1.1d)."""

from __future__ import annotations

from collections import Counter

import pytest

from tournaments.domain import seating


def _shape(table: seating.TableSeating) -> tuple[int, ...]:
    return tuple(len(side) for side in table.sides)


@pytest.mark.parametrize(
    ("shape", "players", "tables", "sit_outs"),
    [
        ((1, 1), 8, [(1, 1)] * 4, 0),
        ((1, 1), 9, [(1, 1)] * 4, 1),
        ((1, 1, 1), 7, [(1, 1, 1)] * 2, 1),
        ((3, 3), 12, [(3, 3)] * 2, 0),
        ((3, 3), 14, [(3, 3)] * 2, 2),
        ((2, 2, 2), 12, [(2, 2, 2)] * 2, 0),
        ((3, 2), 10, [(3, 2)] * 2, 0),
    ],
)
def test_a_round_at_the_event_s_own_table(
    shape: tuple[int, ...], players: int, tables: list[tuple[int, ...]], sit_outs: int
) -> None:
    ids = list(range(101, 101 + players))
    history = seating.SeatingHistory()
    for number in range(1, 4):
        played = seating.seat_round(ids, history, seed=number, shape=shape)
        assert sorted(played.players) == ids  # everyone once, at a table or sitting out
        assert [_shape(t) for t in played.tables] == tables
        assert len(played.sit_out) == sit_outs
        history.record(played)
    if sit_outs == 1:  # three rounds, one sit-out each: three different players
        assert max(history.sit_outs.values()) == 1


def test_six_in_two_teams_of_three_do_not_partner_again_while_they_can_avoid_it() -> None:
    # 12 players, tables of two teams of three: each round makes 4 teams, 12 partner pairs of
    # the 66; two rounds can use 24 different pairs.
    ids = list(range(1, 13))
    history = seating.SeatingHistory()
    for number in (1, 2):
        history.record(seating.seat_round(ids, history, seed=number, shape=(3, 3)))
    assert max(history.partners.values()) == 1
    assert sum(history.partners.values()) == 24


@pytest.mark.parametrize(
    ("players", "tables"),
    [(5, [(3, 2)]), (9, [(2, 2), (3, 2)]), (13, [(2, 2), (2, 2), (3, 2)]), (17, [(2, 2)] * 3 + [(3, 2)])],
)
def test_a_table_of_five_takes_the_one_left_over(players: int, tables: list[tuple[int, ...]]) -> None:
    played = seating.seat_round(list(range(players)), seating.SeatingHistory(), five_player_tables=True)
    assert sorted(_shape(t) for t in played.tables) == sorted(tables)
    assert played.sit_out == ()


def test_every_remainder_is_seated_at_tables_of_five_when_the_event_allows_them() -> None:
    # 14 = 4 + 5 + 5, 15 = 5 + 5 + 5, 17 = 4 + 4 + 4 + 5, 18 = 4 + 4 + 5 + 5: nobody sits out.
    for n, shapes in {
        14: [(2, 2), (3, 2), (3, 2)],
        15: [(3, 2), (3, 2), (3, 2)],
        17: [(2, 2), (2, 2), (2, 2), (3, 2)],
        18: [(2, 2), (2, 2), (3, 2), (3, 2)],
    }.items():
        seated = seating.seat_round(list(range(n)), seating.SeatingHistory(), five_player_tables=True)
        assert seated.sit_out == () and sorted(_shape(t) for t in seated.tables) == shapes, n
    # Too few for a table of five each: as few sitting out as can be (7 = 5, two out).
    seven = seating.seat_round(list(range(7)), seating.SeatingHistory(), five_player_tables=True)
    assert len(seven.sit_out) == 2 and [_shape(t) for t in seven.tables] == [(3, 2)]
    # Both allowed: no one out, the fewest odd tables, a table of five before tables of three.
    fourteen = list(range(14))
    both = seating.seat_round(
        fourteen, seating.SeatingHistory(), five_player_tables=True, three_player_tables=True
    )
    assert sorted(_shape(t) for t in both.tables) == [(2, 2), (3, 2), (3, 2)]
    eleven = seating.seat_round(
        list(range(11)), seating.SeatingHistory(), five_player_tables=True, three_player_tables=True
    )
    assert sorted(_shape(t) for t in eleven.tables) == [(1, 1, 1), (2, 2), (2, 2)]


def test_two_tables_of_five_rotate_like_sit_outs() -> None:
    # 14 players, ten seats at tables of five a round: over seven rounds everyone has been at
    # one five times (70 seats), none more than once more than another after each round.
    ids = list(range(1, 15))
    history = seating.SeatingHistory()
    for number in range(1, 8):
        played = seating.seat_round(ids, history, seed=number, five_player_tables=True)
        assert played.sit_out == ()
        history.record(played)
        visits = [history.five_tables[p] for p in ids]
        assert max(visits) - min(visits) <= 1, (number, Counter(visits))
        assert sum(visits) == 10 * number


def test_thirteen_players_rotate_through_the_table_of_five() -> None:
    # Five seats a round for 13 players: nobody sits there twice before all 13 have (rounds 1
    # and 2 seat 10 different players; round 3 the 3 left and 2 of the others). Its side of
    # three rotates too, before partners: by round 4 the three at a table of five who have
    # never been on a side of three may have partnered already, and then they partner again.
    ids = list(range(1, 14))
    history = seating.SeatingHistory()
    for number in range(1, 6):
        played = seating.seat_round(ids, history, seed=number, five_player_tables=True)
        history.record(played)
        visits = [history.five_tables[p] for p in ids]
        assert max(visits) - min(visits) <= 1, (number, Counter(visits))
        assert sum(visits) == 5 * number
    assert sum(k - 1 for k in history.partners.values()) <= 1  # one repeated partner at most


def test_odd_tables_only_complete_tables_of_four() -> None:
    with pytest.raises(ValueError, match="tables of four"):
        seating.seat_round(list(range(12)), seating.SeatingHistory(), shape=(3, 3), five_player_tables=True)
    with pytest.raises(ValueError, match="at least 6 players"):
        seating.seat_round(list(range(5)), seating.SeatingHistory(), shape=(2, 2, 2))


def _sides_of_three(played: seating.RoundSeating) -> list[int]:
    """The players on the side of three of each table of five (counted from the tables)."""
    return [p for table in played.tables if _shape(table) == (3, 2) for p in table.sides[0]]


@pytest.mark.parametrize(
    "options", [{"shape": (3, 2)}, {"five_player_tables": True}], ids=["classic-5p", "fives-completing-fours"]
)
def test_fifteen_players_take_turns_on_the_side_of_three(options: dict[str, object]) -> None:
    # 15 players make three tables of five: 9 seats on a side of three a round, 45 over five
    # rounds, 3 each. Round 1 seats 9 of them; round 2 the 6 left and 3 of the first 9; and so
    # on: after each round nobody has been there twice more than another, never twice while
    # someone has not been there at all.
    ids = list(range(1, 16))
    history = seating.SeatingHistory()
    times: Counter[int] = Counter()
    for number in range(1, 6):
        played = seating.seat_round(ids, history, seed=number, **options)  # type: ignore[arg-type]
        assert sorted(_shape(t) for t in played.tables) == [(3, 2)] * 3
        history.record(played)
        times.update(_sides_of_three(played))
        visits = [times[p] for p in ids]
        assert max(visits) - min(visits) <= 1, (number, Counter(visits))
        assert sum(visits) == 9 * number
    assert set(times.values()) == {3}
    assert dict(history.three_sides) == dict(times)
    assert max(history.partners.values()) == 1  # and no partner twice


@pytest.mark.slow  # a seating search of seconds
def test_a_night_of_fifteen_at_tables_of_five_takes_turns_on_the_side_of_three() -> None:
    ids = list(range(1, 16))
    night = seating.individual_schedule(15, 5, shape=(3, 2))
    times: Counter[int] = Counter()
    for played in night:
        times.update(_sides_of_three(played))
        visits = [times[p] for p in ids]
        assert max(visits) - min(visits) <= 1, Counter(visits)
    assert set(times.values()) == {3}
    assert seating.seating_quality(night, ids).three_side_spread == 1
