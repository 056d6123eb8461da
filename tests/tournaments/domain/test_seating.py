"""Individual seating: the quality targets, counted here from the seatings themselves.

No database. The counts below are computed independently of
tournaments.domain.seating (SeatingHistory / seating_quality are only tested, not used
to judge the targets).
"""

from __future__ import annotations

import io
import itertools
import json
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.domain.seating import (
    RoundSeating,
    SeatingHistory,
    SeatingQuality,
    TableSeating,
    club_meetings,
    club_partners,
    individual_schedule,
    seat_round,
    seating_quality,
)


@dataclass
class Tally:
    partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    opponents: Counter[tuple[int, int]] = field(default_factory=Counter)
    meetings: Counter[tuple[int, int]] = field(default_factory=Counter)
    sit_outs: Counter[int] = field(default_factory=Counter)


def tally(rounds: Iterable[RoundSeating]) -> Tally:
    counts = Tally()
    for rnd in rounds:
        for table in rnd.tables:
            everyone = sorted(p for side in table.sides for p in side)
            for a, b in itertools.combinations(everyone, 2):
                counts.meetings[(a, b)] += 1
            for side in table.sides:
                for a, b in itertools.combinations(sorted(side), 2):
                    counts.partners[(a, b)] += 1
            for one, other in itertools.combinations(table.sides, 2):
                for a in one:
                    for b in other:
                        counts.opponents[(min(a, b), max(a, b))] += 1
        counts.sit_outs.update(rnd.sit_out)
    return counts


def assert_valid_round(rnd: RoundSeating, present: Iterable[int], *, allow_three: bool = False) -> None:
    """Every present player is seated exactly once, at a table of a legal shape."""
    seen = list(rnd.sit_out)
    for table in rnd.tables:
        shape = sorted(len(side) for side in table.sides)
        assert shape == [2, 2] or (allow_three and shape == [1, 1, 1]), table
        seen += [p for side in table.sides for p in side]
    assert sorted(seen) == sorted(present)


def pairs_of(players: Sequence[int]) -> list[tuple[int, int]]:
    return list(itertools.combinations(sorted(players), 2))


def play_night(
    present_by_round: Sequence[Sequence[int]], *, seed: int = 0, three_player_tables: bool = False
) -> list[RoundSeating]:
    """Seat a night round by round, as the live event does."""
    history = SeatingHistory()
    rounds = []
    for number, present in enumerate(present_by_round):
        rnd = seat_round(present, history, seed=seed + number, three_player_tables=three_player_tables)
        assert_valid_round(rnd, present, allow_three=three_player_tables)
        history.record(rnd)
        rounds.append(rnd)
    return rounds


# --- designs: whist cycles and AG(2, 4) ---------------------------------------------


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_8_players_7_rounds_partner_each_other_once_and_oppose_twice(seed: int) -> None:
    rounds = individual_schedule(8, 7, seed=seed)
    counts = tally(rounds)
    assert len(rounds) == 7
    for rnd in rounds:
        assert_valid_round(rnd, range(1, 9))
    for pair in pairs_of(range(1, 9)):
        assert counts.partners[pair] == 1, pair
        assert counts.opponents[pair] == 2, pair


def test_9_players_9_rounds_is_a_whist_with_one_sit_out_each() -> None:
    rounds = individual_schedule(9, 9, seed=3)
    counts = tally(rounds)
    assert [len(rnd.sit_out) for rnd in rounds] == [1] * 9
    assert all(counts.sit_outs[p] == 1 for p in range(1, 10))
    for pair in pairs_of(range(1, 10)):
        assert (counts.partners[pair], counts.opponents[pair]) == (1, 2), pair


@pytest.mark.parametrize(
    ("players", "rounds"),
    [(n, n - 1 if n % 4 == 0 else n) for n in (5, 12, 13, 16, 17, 20, 21, 24, 25, 28, 29, 32, 33)],
)
def test_full_cycle_with_a_stored_design_is_a_whist(players: int, rounds: int) -> None:
    plan = individual_schedule(players, rounds, seed=2)
    counts = tally(plan)
    for rnd in plan:
        assert_valid_round(rnd, range(1, players + 1))
    assert all(counts.sit_outs[p] == rounds - (players - 1) for p in range(1, players + 1))
    for pair in pairs_of(range(1, players + 1)):
        assert (counts.partners[pair], counts.opponents[pair]) == (1, 2), pair


def test_two_full_cycles_of_8_players_partner_everyone_exactly_twice() -> None:
    counts = tally(individual_schedule(8, 14, seed=5))
    assert set(counts.partners.values()) == {2}
    assert set(counts.opponents.values()) == {4}


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_16_players_5_rounds_no_two_players_share_a_table_twice(seed: int) -> None:
    rounds = individual_schedule(16, 5, seed=seed)
    for rnd in rounds:
        assert_valid_round(rnd, range(1, 17))
    counts = tally(rounds)
    assert max(counts.meetings.values()) == 1
    assert len(counts.meetings) == 5 * 4 * 6


# --- the search, where no design is used -------------------------------------------------


@pytest.mark.parametrize(("players", "rounds", "seed"), [(20, 5, 0), (40, 8, 1), (100, 8, 1)])
def test_short_night_has_every_pair_meet_at_most_once(players: int, rounds: int, seed: int) -> None:
    # Not guaranteed for every seed at 20 x 5 (the search can stop at one pair meeting twice).
    plan = individual_schedule(players, rounds, seed=seed)
    counts = tally(plan)
    assert max(counts.meetings.values()) == 1
    assert max(counts.partners.values()) == 1


@pytest.mark.slow
def test_full_cycle_without_a_stored_design_repeats_no_partner() -> None:
    # 40 players: no whist design is stored, so this is the searched path.
    plan = individual_schedule(40, 39, seed=0)
    counts = tally(plan)
    assert max(counts.partners.values()) == 1
    assert len(counts.partners) == 40 * 39 // 2
    assert max(counts.meetings.values()) <= 4


@pytest.mark.slow
@pytest.mark.parametrize("players", [10, 11, 13, 14])
def test_schedule_spreads_sit_outs_after_every_round(players: int) -> None:
    plan = individual_schedule(players, 9, seed=4)
    everyone = range(1, players + 1)
    for played in range(1, len(plan) + 1):
        sits = tally(plan[:played]).sit_outs
        assert max(sits[p] for p in everyone) - min(sits[p] for p in everyone) <= 1
        assert_valid_round(plan[played - 1], everyone)
    assert max(tally(plan).partners.values()) == 1


def test_10_players_5_rounds_everyone_sits_out_once_and_no_partner_repeats() -> None:
    counts = tally(individual_schedule(10, 5, seed=1))
    assert all(counts.sit_outs[p] == 1 for p in range(1, 11))
    assert max(counts.partners.values()) == 1


@pytest.mark.slow
@pytest.mark.parametrize(
    ("players", "tables_of_three"),
    [(3, 1), (6, 2), (7, 1), (8, 0), (9, 3), (10, 2), (11, 1), (13, 3), (14, 2)],
)
def test_three_player_tables_absorb_the_remainder(players: int, tables_of_three: int) -> None:
    plan = individual_schedule(players, 6, seed=1, three_player_tables=True)
    for rnd in plan:
        assert rnd.sit_out == ()
        assert_valid_round(rnd, range(1, players + 1), allow_three=True)
        assert sum(len(t.sides) == 3 for t in rnd.tables) == tables_of_three
    assert max(tally(plan).partners.values(), default=0) <= 1


def test_five_players_with_three_player_tables_fall_back_to_one_sit_out() -> None:
    rnd = individual_schedule(5, 1, three_player_tables=True)[0]
    assert len(rnd.tables) == 1
    assert len(rnd.sit_out) == 1


# --- round by round, as at a live night --------------------------------------------------


def test_round_by_round_night_of_12_players_repeats_no_partner() -> None:
    rounds = play_night([range(1, 13)] * 5, seed=11)
    assert max(tally(rounds).partners.values()) == 1


@pytest.mark.parametrize("players", [10, 11, 13, 14])
def test_round_by_round_sit_outs_spread_after_every_round(players: int) -> None:
    everyone = list(range(1, players + 1))
    rounds = play_night([everyone] * 8, seed=2)
    for played in range(1, 9):
        sits = tally(rounds[:played]).sit_outs
        assert max(sits[p] for p in everyone) - min(sits[p] for p in everyone) <= 1
    assert max(tally(rounds).partners.values()) == 1


def test_late_arrival_and_withdrawal_cause_no_repeated_partner() -> None:
    # Database pks, not 1..n. Player 913 arrives for round 3; 305 leaves after round 4.
    regulars = [101, 102, 205, 206, 301, 305, 404, 407, 512, 518, 620, 777]
    present = [regulars] * 2 + [[*regulars, 913]] * 2 + [[p for p in regulars if p != 305] + [913]] * 3
    rounds = play_night(present, seed=5)
    counts = tally(rounds)
    assert max(counts.partners.values()) == 1
    assert 913 not in {p for rnd in rounds[:2] for p in rnd.players}
    assert 305 not in {p for rnd in rounds[4:] for p in rnd.players}


def test_round_by_round_three_player_tables_seat_everyone() -> None:
    rounds = play_night([range(1, 11)] * 6, seed=3, three_player_tables=True)
    assert all(rnd.sit_out == () for rnd in rounds)
    assert max(tally(rounds).partners.values()) == 1


def test_seat_round_ignores_the_order_of_players_and_absent_history() -> None:
    history = SeatingHistory.from_rounds([RoundSeating((TableSeating(((1, 2), (3, 99))),), (4,))])
    forward = seat_round([1, 2, 3, 4, 5, 6, 7, 8], history, seed=9)
    backward = seat_round([8, 7, 6, 5, 4, 3, 2, 1], history, seed=9)
    assert forward == backward
    assert {(1, 2)} & set(tally([forward]).partners) == set()


def test_seat_round_sits_out_the_players_with_fewest_sit_outs() -> None:
    history = SeatingHistory(sit_outs=Counter({p: 1 for p in range(1, 9)}))
    rnd = seat_round(range(1, 11), history)
    assert set(rnd.sit_out) == {9, 10}


# --- determinism and errors --------------------------------------------------------------


def test_same_seed_same_plan_and_seeds_differ() -> None:
    assert individual_schedule(14, 6, seed=3) == individual_schedule(14, 6, seed=3)
    assert individual_schedule(8, 7, seed=3) == individual_schedule(8, 7, seed=3)
    assert individual_schedule(14, 6, seed=3) != individual_schedule(14, 6, seed=4)
    history = SeatingHistory()
    assert seat_round(range(20), history, seed=1) == seat_round(range(20), history, seed=1)


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: individual_schedule(3, 2), "at least 4 players"),
        (lambda: individual_schedule(2, 2, three_player_tables=True), "at least 3 players"),
        (lambda: individual_schedule(8, 0), "rounds must be at least 1"),
        (lambda: seat_round([1, 2, 3], SeatingHistory()), "at least 4 players"),
        (lambda: seat_round([1, 2, 2, 3, 4], SeatingHistory()), "repeated: \\[2\\]"),
    ],
)
def test_bad_arguments_raise_value_error(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


# --- history and quality helpers ---------------------------------------------------------


def test_history_and_quality_count_what_happened() -> None:
    rounds = [
        RoundSeating((TableSeating(((1, 2), (3, 4))),), (5,)),
        RoundSeating((TableSeating(((1, 2), (3, 5))),), (4,)),
        RoundSeating((TableSeating(((1,), (3,), (4,))),), (2, 5)),
    ]
    history = SeatingHistory.from_rounds(rounds)
    assert history.partners == Counter({(1, 2): 2, (3, 4): 1, (3, 5): 1})
    assert history.opponents[(1, 3)] == 3
    assert history.opponents[(1, 4)] == 2
    assert history.sit_outs == Counter({5: 2, 4: 1, 2: 1})
    assert history.short_tables == Counter({1: 1, 3: 1, 4: 1})
    assert seating_quality(rounds, [1, 2, 3, 4, 5]) == SeatingQuality(
        repeated_partners=1, max_meetings=3, max_partnered=2, sit_out_spread=2
    )


# --- the management command --------------------------------------------------------------


def test_seating_command_prints_the_plan_as_json() -> None:
    out = io.StringIO()
    call_command("seating", "--players", "9", "--rounds", "9", "--seed", "1", stdout=out)
    plan = json.loads(out.getvalue())
    assert len(plan["rounds"]) == 9
    assert all(len(rnd["sit_out"]) == 1 for rnd in plan["rounds"])
    assert all(len(t["sides"]) == 2 for rnd in plan["rounds"] for t in rnd["tables"])


def test_seating_command_three_player_tables() -> None:
    out = io.StringIO()
    call_command("seating", "--players", "7", "--rounds", "2", "--three-player-tables", stdout=out)
    plan = json.loads(out.getvalue())
    assert all(rnd["sit_out"] == [] for rnd in plan["rounds"])
    assert sorted(len(t["sides"]) for t in plan["rounds"][0]["tables"]) == [2, 3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--players", "3", "--rounds", "2"], "at least 4 players"),
        (["--players", "8", "--rounds", "0"], "--rounds must be between"),
        (["--players", "5000", "--rounds", "2"], "--players must be at most"),
    ],
)
def test_seating_command_rejects_bad_arguments(args: list[str], message: str) -> None:
    with pytest.raises(CommandError, match=message):
        call_command("seating", *args, stdout=io.StringIO())


# --- earlier nights (a season) ---------------------------------------------------------------


def test_partners_of_earlier_nights_are_avoided():
    history = SeatingHistory(earlier_partners=Counter({(1, 2): 1, (3, 4): 1, (5, 6): 1, (7, 8): 1}))
    for seed in range(5):
        seated = seat_round(range(1, 9), history, seed=seed)
        assert not _partner_pairs(seated) & {(1, 2), (3, 4), (5, 6), (7, 8)}


def test_a_repeat_of_tonight_weighs_more_than_earlier_nights():
    # Four players: every other partnering was partnered on earlier nights, some twice; a repeat
    # of tonight's (1, 2) & (3, 4) is still the last resort.
    history = SeatingHistory(
        partners=Counter({(1, 2): 1, (3, 4): 1}),
        earlier_partners=Counter({(1, 3): 2, (2, 4): 2, (1, 4): 1, (2, 3): 1}),
    )
    assert _partner_pairs(seat_round([1, 2, 3, 4], history)) == {(1, 4), (2, 3)}


def test_earlier_counts_are_kept_apart_from_tonights():
    history = SeatingHistory()
    history.record_earlier(RoundSeating((TableSeating(((1, 2), (3, 4))),), (5,)))
    assert history.earlier_partners == Counter({(1, 2): 1, (3, 4): 1})
    assert history.earlier_opponents == Counter({(1, 3): 1, (1, 4): 1, (2, 3): 1, (2, 4): 1})
    assert not history.partners and not history.opponents and not history.sit_outs


def _partner_pairs(seated: RoundSeating) -> set[tuple[int, int]]:
    return {tuple(sorted(side)) for table in seated.tables for side in table.sides if len(side) == 2}


# --- keeping one club's players apart (a championship's keep_clubs_apart) ---------------------


def _same_club_at_tables(seated: RoundSeating, clubs: dict[int, str]) -> int:
    """Two players of one club at one table, counted here from the tables themselves."""
    return sum(
        1
        for table in seated.tables
        for a, b in itertools.combinations(table.players, 2)
        if clubs.get(a) is not None and clubs.get(a) == clubs.get(b)
    )


FOUR_CLUBS_OF_TWO = {1: "A", 2: "A", 3: "B", 4: "B", 5: "C", 6: "C", 7: "D", 8: "D"}


@pytest.mark.parametrize("seed", range(5))
def test_four_clubs_of_two_at_two_tables_meet_no_club_in_round_one(seed: int) -> None:
    # Each table can hold one player of each club: that is the round to find.
    seated = seat_round(range(1, 9), SeatingHistory(), seed=seed, clubs=FOUR_CLUBS_OF_TWO)
    assert_valid_round(seated, range(1, 9))
    assert _same_club_at_tables(seated, FOUR_CLUBS_OF_TWO) == 0
    assert seating_quality([seated], range(1, 9), FOUR_CLUBS_OF_TWO).club_meetings == 0


@pytest.mark.parametrize("seed", range(3))
def test_two_clubs_of_four_split_two_and_two_at_each_table(seed: int) -> None:
    # A table of 2 + 2 holds 2 pairs of one club, 3 + 1 holds 3, 4 + 0 holds 6: 4 is the least.
    clubs = {p: "A" if p <= 4 else "B" for p in range(1, 9)}
    seated = seat_round(range(1, 9), SeatingHistory(), seed=seed, clubs=clubs)
    assert _same_club_at_tables(seated, clubs) == 4
    assert all(sorted(clubs[p] for p in table.players) == ["A", "A", "B", "B"] for table in seated.tables)


def test_the_figure_counts_a_seating_built_by_hand() -> None:
    clubs = {1: 10, 3: 10, 5: 10, 7: 10, 2: 20, 4: 20, 6: 20, 8: 20}
    first = RoundSeating((TableSeating(((1, 3), (2, 4))), TableSeating(((5, 6), (7, 8)))))
    second = RoundSeating((TableSeating(((1, 2), (5, 6))), TableSeating(((3, 4), (7, 8)))))
    # Round 1, table 1: partners 1-3 (club 10) and 2-4 (club 20), no opponents of one club;
    # table 2: opponents 5-7 and 6-8. Round 2: 1-5 and 2-6 at table 1, 3-7 and 4-8 at table 2.
    assert club_meetings([first], clubs) == 4
    assert club_meetings([first], clubs, partners=False) == 2  # the event's pairs left out
    assert club_meetings([first, second], clubs) == 8
    assert seating_quality([first, second], range(1, 9), clubs).club_meetings == 8
    assert seating_quality([first, second], range(1, 9)).club_meetings == 0  # without clubs
    # A player missing from the clubs is of none; a table of one club counts all its pairs.
    assert club_meetings([RoundSeating((TableSeating(((1, 3), (5, 9))),))], clubs) == 3
    assert club_meetings([RoundSeating((TableSeating(((1, 3), (5, 7))),))], clubs) == 6


def test_keeping_clubs_apart_never_makes_a_sit_out_unfair() -> None:
    # Sitting out one of club A (who all sat out once) would leave 1 meeting of one club instead
    # of 3; but 4 or 5, who have not sat out yet, must.
    clubs = {1: "A", 2: "A", 3: "A", 4: "C", 5: "D"}
    history = SeatingHistory(sit_outs=Counter({1: 1, 2: 1, 3: 1}))
    for seed in range(5):
        seated = seat_round(range(1, 6), history, seed=seed, clubs=clubs)
        assert seated.sit_out in ((4,), (5,))
        assert _same_club_at_tables(seated, clubs) == 3  # 1, 2 and 3 at one table


def test_keeping_clubs_apart_never_repeats_a_partner_when_it_can_be_avoided() -> None:
    # 1 has partnered everyone but 2, of its own club: 1 partners 2 rather than repeat. The
    # rest is then as apart as can be: 1, 2 and one of two other clubs; the four left, of
    # three clubs, hold one pair of one club. 2 in all.
    history = SeatingHistory(partners=Counter({(1, p): 1 for p in range(3, 9)}))
    for seed in range(5):
        seated = seat_round(range(1, 9), history, seed=seed, clubs=FOUR_CLUBS_OF_TWO)
        partners = _partner_pairs(seated)
        assert (1, 2) in partners
        assert not partners & set(history.partners)
        assert _same_club_at_tables(seated, FOUR_CLUBS_OF_TWO) == 2


def test_a_meeting_of_one_club_weighs_more_than_meetings_repeated() -> None:
    # 1 met 3 to 8 twice each, 2 never: without clubs 2 sits at 1's table (each other player
    # there costs a third meeting); with 1 and 2 of one club, they sit apart all the same.
    history = SeatingHistory(opponents=Counter({(1, p): 2 for p in range(3, 9)}))
    clubs = {1: "A", 2: "A"}
    for seed in range(3):
        together = seat_round(range(1, 9), history, seed=seed)
        apart = seat_round(range(1, 9), history, seed=seed, clubs=clubs)
        assert any({1, 2} <= set(t.players) for t in together.tables)
        assert not any({1, 2} <= set(t.players) for t in apart.tables)


FOUR_CLUBS_OF_FOUR = {p: "ABCD"[(p - 1) // 4] for p in range(1, 17)}


@pytest.mark.parametrize("seed", range(6))
def test_four_clubs_of_four_at_tables_of_five_seat_no_club_mates_as_partners(seed: int) -> None:
    # 16 players at tables of five: 15 seated (clubs 4, 4, 4 and 3), one sits out. A club of
    # four over three tables puts two at one table, so a round holds 3 meetings of one club at
    # the least, one a table (A A B C D, A B B C D, A B C C D); each table can put its two
    # club-mates on opposite sides (A B C v A D). So the round seats 3 club-mates, as opponents.
    clubs = FOUR_CLUBS_OF_FOUR
    seated = seat_round(range(1, 17), SeatingHistory(), seed=seed, shape=(3, 2), clubs=clubs)
    assert sorted(seated.players) == list(range(1, 17))
    assert [tuple(map(len, t.sides)) for t in seated.tables] == [(3, 2)] * 3
    assert _same_club_at_tables(seated, clubs) == 3
    assert club_partners([seated], clubs) == 0, [t.sides for t in seated.tables]
    assert club_meetings([seated], clubs, partners=False) == 3


def test_the_figure_counts_partners_of_one_club_apart() -> None:
    clubs = {1: 10, 3: 10, 5: 10, 7: 10, 2: 20, 4: 20, 6: 20, 8: 20}
    first = RoundSeating((TableSeating(((1, 3), (2, 4))), TableSeating(((5, 6), (7, 8)))))
    # Table 1: partners 1-3 and 2-4; table 2: opponents 5-7 and 6-8.
    assert club_partners([first], clubs) == 2
    quality = seating_quality([first], range(1, 9), clubs)
    assert (quality.club_meetings, quality.club_partners) == (4, 2)
    assert club_partners([RoundSeating((TableSeating(((1, 3, 5), (2, 4))),))], clubs) == 4
