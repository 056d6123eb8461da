"""Seat one round (`seat_round`) or plan a whole night (`individual_schedule`): the entry
points, the construction of a round and of a night, and the conversion back to value objects."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence

from tournaments.domain.seating.anneal import (
    _MATCHING_ATTEMPTS,
    _NIGHT_RESTART_WORK,
    _NIGHT_RESTARTS,
    _ODD_TABLE_RESTARTS,
    _RESTART_SLOTS,
    anneal,
    construct_iters,
    polish,
)
from tournaments.domain.seating.cost import Counts
from tournaments.domain.seating.designs import designed_night
from tournaments.domain.seating.layout import FIVE, OUT, TABLE, Layout, Shape, side_slots
from tournaments.domain.seating.matching import factorized_night, seat_by_matching
from tournaments.domain.seating.quality import meeting_bound, night_key
from tournaments.domain.seating.values import RoundSeating, SeatingHistory, TableSeating


def seat_round(
    players: Sequence[int],
    history: SeatingHistory,
    *,
    seed: int = 0,
    three_player_tables: bool = False,
    shape: Shape = TABLE,
    five_player_tables: bool = False,
    clubs: Mapping[int, int] | None = None,
) -> RoundSeating:
    """Seat the next round's players, deterministic for a seed (docs/seating.md#how-a-round-is-seated).

    History of absent players is ignored, a player missing from it counts as new; missed rounds
    counted as sit-outs must be in ``history.sit_outs`` first. `shape`: the players on each side (odd
    tables only with tables of four). `clubs`: player id -> club id, kept apart where the field
    allows. Raises ValueError for duplicate ids or fewer players than a table (3 with
    ``three_player_tables``)."""
    ids = sorted(players)
    if len(set(ids)) != len(ids):
        duplicates = sorted(p for p, k in Counter(ids).items() if k > 1)
        raise ValueError(f"players must be distinct; repeated: {duplicates}")
    layout = Layout.for_field(
        len(ids), three_player_tables, shape=shape, five_player_tables=five_player_tables
    )
    counts = Counts.from_history(ids, history, clubs)
    rng = random.Random(seed)
    seat = _construct_round(counts, layout, rng)
    return _to_round(seat, layout, ids)


def individual_schedule(
    n_players: int,
    rounds: int,
    *,
    seed: int = 0,
    three_player_tables: bool = False,
    shape: Shape = TABLE,
    five_player_tables: bool = False,
) -> list[RoundSeating]:
    """Plan a whole individual night for players 1..n_players; deterministic for a given seed.

    Design (whist, AG(2, 4), search): docs/seating.md#how-a-night-is-planned. Raises ValueError if
    rounds < 1 or there are fewer than 4 players (3 with ``three_player_tables``)."""
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise ValueError(f"n_players must be an int, got {n_players!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise ValueError(f"rounds must be an int, got {rounds!r}")
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    layout = Layout.for_field(
        n_players, three_player_tables, shape=shape, five_player_tables=five_player_tables
    )
    ids = list(range(1, n_players + 1))
    rng = random.Random(seed)

    designed, exact = designed_night(n_players, rounds, layout, rng)
    if exact:
        return [_to_round(seat, layout, ids) for seat in designed[0]]
    candidates = [_complete_night(start, rounds, n_players, layout, rng) for start in designed]
    factorized = factorized_night(n_players, rounds, layout, rng)
    if factorized is not None:
        candidates.append(factorized)
    best = min(candidates, key=lambda night: night_key(night, n_players, layout), default=None)
    # Whole-night restarts of the search while the most frequent meeting is above
    # the average's ceiling (a lower bound), within a fixed amount of work.
    bound = meeting_bound(rounds, n_players, layout)
    partnerships = rounds * 2 * layout.kinds.count(TABLE)
    least_repeats = max(0, partnerships - n_players * (n_players - 1) // 2)
    for _ in range(max(1, min(_NIGHT_RESTARTS, _NIGHT_RESTART_WORK // (n_players * rounds)))):
        if best is not None:
            repeats, spread, threes, meetings, *_ = night_key(best, n_players, layout)
            if repeats <= least_repeats and spread <= 1 and threes <= 1 and meetings <= bound:
                break
        night = _complete_night([], rounds, n_players, layout, rng)
        if best is None or night_key(night, n_players, layout) < night_key(best, n_players, layout):
            best = night
    assert best is not None  # the loop runs at least once
    return [_to_round(seat, layout, ids) for seat in best]


def _construct_round(counts: Counts, layout: Layout, rng: random.Random) -> list[int]:
    """Seat one round from scratch against `counts`; the fewest sit-outs sit out."""
    slots = layout.slots
    iters = construct_iters(layout)
    restarts = max(1, min(6, _RESTART_SLOTS // slots))
    best_seat: list[int] = []
    best = -1
    for _ in range(restarts):
        seat, cost = anneal(_fair_start(counts, layout, rng), layout, counts, rng, iters, move_sit_outs=True)
        if best < 0 or cost < best:
            best, best_seat = cost, seat
    # Other tables than fours: the search may leave a repeated partner or an unfair side of
    # three that another start avoids (the matchings below are for tables of four).
    for _ in range(_ODD_TABLE_RESTARTS if not layout.only_fours else 0):
        if not _rules_missed(best_seat, layout, counts):
            break
        seat, cost = anneal(_fair_start(counts, layout, rng), layout, counts, rng, iters, move_sit_outs=True)
        if cost < best:
            best, best_seat = cost, seat
    if _repeated_partners(best_seat, layout, counts):
        for attempt in range(_MATCHING_ATTEMPTS):
            start = best_seat if attempt == 0 else _fair_start(counts, layout, rng)
            matched = seat_by_matching(start, layout, counts, rng)
            if matched is not None:
                return matched
    return best_seat


def _fair_start(counts: Counts, layout: Layout, rng: random.Random) -> list[int]:
    """A random seating whose last slots (the sit-outs) hold the fewest sit-outs, the slots
    before them (the tables of five) the fewest tables of five, and whose sides of three at
    those tables hold the fewest sides of three of their players."""
    order = list(range(counts.n))
    rng.shuffle(order)
    order.sort(key=lambda p: (-counts.sits[p], -counts.five[p]))  # stable: ties stay shuffled
    fives = [g for g, kind in enumerate(layout.kinds) if kind == FIVE]
    if fives:
        slots = [layout.starts[g] + i for g in fives for i in range(5)]
        threes = [s for s in slots if layout.side_of[s] == 0]
        twos = [s for s in slots if layout.side_of[s] == 1]
        players = sorted((order[s] for s in slots), key=lambda p: counts.three[p])  # stable
        for s, p in zip(threes + twos, players, strict=True):
            order[s] = p
    return order


def _repeated_partners(seat: Sequence[int], layout: Layout, counts: Counts) -> int:
    part = counts.part
    return sum(
        1
        for g, kind in enumerate(layout.kinds)
        if kind == TABLE
        for s in (layout.starts[g], layout.starts[g] + 2)
        if part[seat[s]][seat[s + 1]]
    )


def _rules_missed(seat: Sequence[int], layout: Layout, counts: Counts) -> bool:
    """Whether `seat` repeats a partner at any table, or seats on a side of three someone who
    has been there more often than a player on a side of two at a table of five."""
    part = counts.part
    for g, kind in enumerate(layout.kinds):
        for slots in side_slots(kind, layout.starts[g]) if kind != OUT else ():
            side = [seat[i] for i in slots]
            if any(part[x][y] for i, x in enumerate(side) for y in side[i + 1 :]):
                return True
    fives = [layout.starts[g] for g, kind in enumerate(layout.kinds) if kind == FIVE]
    if not fives:
        return False
    threes = [counts.three[seat[s + i]] for s in fives for i in range(3)]
    twos = [counts.three[seat[s + i]] for s in fives for i in (3, 4)]
    return max(threes) > min(twos)


def _complete_night(
    planned: list[list[int]], rounds: int, n: int, layout: Layout, rng: random.Random
) -> list[list[int]]:
    """Extend `planned` to `rounds` rounds with the search, then polish the new rounds (unless
    that breaks the order of the sides of three: the fewest there first, round by round)."""
    night = [seat[:] for seat in planned[:rounds]]
    fixed = len(night)
    counts = Counts(n)
    for seat in night:
        counts.add(seat, layout)
    while len(night) < rounds:
        seat = _construct_round(counts, layout, rng)
        counts.add(seat, layout)
        night.append(seat)
    built = [seat[:] for seat in night]
    polish(night, fixed, counts, layout, rng, keep_partners=False)
    if _three_side_spread(night, n, layout) > _three_side_spread(built, n, layout):
        return built
    return night


def _three_side_spread(night: list[list[int]], n: int, layout: Layout) -> int:
    """The largest max - min of the players' sides of three after any round of `night`."""
    counts, worst = Counts(n), 0
    for seat in night:
        counts.add(seat, layout)
        worst = max(worst, max(counts.three) - min(counts.three))
    return worst


def _to_round(seat: Sequence[int], layout: Layout, ids: Sequence[int]) -> RoundSeating:
    tables = []
    for g, kind in enumerate(layout.kinds):
        if kind == OUT:
            continue
        sides = [tuple(sorted(ids[seat[i]] for i in slots)) for slots in side_slots(kind, layout.starts[g])]
        # Sides of one size in order of their players; a table of five keeps its side of three first.
        tables.append(TableSeating(tuple(sorted(sides, key=lambda side: (-len(side), side)))))
    tables.sort(key=lambda t: t.sides)
    sit_out = tuple(sorted(ids[p] for p in seat[layout.seated :]))
    return RoundSeating(tuple(tables), sit_out)
