"""The simulated-annealing search over one round, the polish of a whole night, and the search
effort: iteration counts, not the clock, so results are reproducible."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from tournaments.domain.seating.cost import Counts
from tournaments.domain.seating.layout import FIVE, OUT, SHORT, TABLE, Layout, side_slots

# Search effort. Iteration counts, not time, so results are reproducible.
_ITERS_PER_SLOT = 250
_MIN_ITERS = 2_000
_RESTART_SLOTS = 48  # restarts per round = max(1, _RESTART_SLOTS // slots), at most 6
_POLISH_PASSES = 3
_POLISH_ITERS_PER_SLOT = 120
_MATCHING_ATTEMPTS = 4  # sit-out choices tried when the search leaves a repeat
_ODD_TABLE_RESTARTS = 8  # more starts at other tables than fours, while a rule is missed
_NIGHT_RESTARTS = 8  # whole-night searches while a bound is not reached ...
_NIGHT_RESTART_WORK = 4_000  # ... at most this / (players * rounds) of them
_T_START = 3.0
_T_END = 0.05


def anneal(
    seat: list[int],
    layout: Layout,
    counts: Counts,
    rng: random.Random,
    iters: int,
    *,
    move_sit_outs: bool,
    keep_partners: bool = False,
    t_start: float = _T_START,
) -> tuple[list[int], int]:
    """Improve one round against `counts` (which must not include the round) by annealing.

    Returns (the best seating found, its cost); `seat` is left in the walk's last state.
    `keep_partners`: swap whole sides (tables of four)."""
    tables = counts.cost_tables()  # O(n²): once a call
    group_cost = _group_cost_of(seat, layout, tables)
    kinds = layout.kinds
    costs = [group_cost(g) for g in range(len(kinds))]
    movable = layout.slots if move_sit_outs else layout.seated
    if movable < 2 or (len(kinds) < 2 and max(kinds[0], default=1) == 1):
        return seat[:], sum(costs)
    walk = _Walk(seat, layout, costs, group_cost, rng, _cost_bound(seat, layout, tables), t_start, iters)
    if keep_partners:
        return walk.swapping_sides()
    return walk.swapping_seats(movable)


CostTables = tuple[
    list[list[int]], list[list[int]], list[int], list[int], list[int], list[int]
]  # Counts.cost_tables


def _group_cost_of(seat: list[int], layout: Layout, tables: CostTables) -> Callable[[int], int]:
    """The cost of group `g` (a table or a sit-out) of `seat` as it stands when called: its
    repeated partners and opponents, a sit-out's count, the odd tables' counts and the sides of
    three's."""
    pc, oc, so, t3, t5, three = tables
    kinds, starts = layout.kinds, layout.starts
    odd_cost = {SHORT: t3, FIVE: t5}

    def group_cost(g: int) -> int:
        kind, s = kinds[g], starts[g]
        if kind == TABLE:
            a, b, c, d = seat[s], seat[s + 1], seat[s + 2], seat[s + 3]
            oa, ob = oc[a], oc[b]
            return pc[a][b] + pc[c][d] + oa[c] + oa[d] + ob[c] + ob[d]
        if kind == OUT:
            return so[seat[s]]
        sides = [[seat[i] for i in slots] for slots in side_slots(kind, s)]
        cost = 0
        for i, side in enumerate(sides):
            for j, x in enumerate(side):
                px, ox = pc[x], oc[x]
                cost += sum(px[y] for y in side[j + 1 :])
                cost += sum(ox[y] for other in sides[i + 1 :] for y in other)
        if kind == FIVE:
            cost += sum(three[x] for x in sides[0])
        if layout.is_odd(kind):
            per_player = odd_cost[kind]
            cost += sum(per_player[x] for side in sides for x in side)
        return cost

    return group_cost


def _cost_bound(seat: list[int], layout: Layout, tables: CostTables) -> int:
    """A cost no seating of these players can beat: no pair costs, the cheapest sit-outs and
    the cheapest places at tables of three and five and on the sides of three."""
    _pc, _oc, so, t3, t5, three = tables
    kinds = layout.kinds
    bound = sum(sorted(so[p] for p in seat)[: layout.sit_outs])
    for odd, per_player in {SHORT: t3, FIVE: t5}.items():
        places = kinds.count(odd) * sum(odd)
        if places and layout.is_odd(odd):
            bound += sum(sorted(per_player[p] for p in seat)[:places])
    bound += sum(sorted(three[p] for p in seat)[: 3 * kinds.count(FIVE)])
    return bound


class _Walk:
    """One annealing walk over `seat`, with each group's cost kept in `costs`. Its two loops are
    written out, each in one function: they run hundreds of thousands of moves a night."""

    def __init__(
        self,
        seat: list[int],
        layout: Layout,
        costs: list[int],
        group_cost: Callable[[int], int],
        rng: random.Random,
        bound: int,
        t_start: float,
        iters: int,
    ) -> None:
        self.seat, self.layout, self.costs, self.group_cost = seat, layout, costs, group_cost
        self.rand, self.bound, self.t_start, self.iters = rng.random, bound, t_start, iters

    def swapping_sides(self) -> tuple[list[int], int]:
        """Moves that swap two whole sides of different tables: partners stay together."""
        seat, costs, group_cost, rand = self.seat, self.costs, self.group_cost, self.rand
        group_of, bound = self.layout.group_of, self.bound
        total = sum(costs)
        best, best_seat = total, seat[:]
        temp = self.t_start
        cool = (_T_END / self.t_start) ** (1.0 / max(self.iters, 1))
        exp = math.exp
        sides = self.layout.seated // 2
        for _ in range(self.iters):
            if best <= bound:
                break
            temp *= cool
            s1, s2 = 2 * int(rand() * sides), 2 * int(rand() * sides)
            g1, g2 = group_of[s1], group_of[s2]
            if g1 == g2:
                continue
            seat[s1], seat[s2], seat[s1 + 1], seat[s2 + 1] = (seat[s2], seat[s1], seat[s2 + 1], seat[s1 + 1])
            new1, new2 = group_cost(g1), group_cost(g2)
            delta = new1 + new2 - costs[g1] - costs[g2]
            if delta <= 0 or rand() < exp(-delta / temp):
                costs[g1], costs[g2] = new1, new2
                total += delta
                if total < best:
                    best, best_seat = total, seat[:]
            else:
                seat[s1], seat[s2], seat[s1 + 1], seat[s2 + 1] = (
                    seat[s2],
                    seat[s1],
                    seat[s2 + 1],
                    seat[s1 + 1],
                )
        return best_seat, best

    def swapping_seats(self, movable: int) -> tuple[list[int], int]:
        """Moves that swap two of the first `movable` seats (sit-outs included or not)."""
        seat, costs, group_cost, rand = self.seat, self.costs, self.group_cost, self.rand
        kinds, group_of, side_of, bound = (
            self.layout.kinds,
            self.layout.group_of,
            self.layout.side_of,
            self.bound,
        )
        total = sum(costs)
        best, best_seat = total, seat[:]
        temp = self.t_start
        cool = (_T_END / self.t_start) ** (1.0 / max(self.iters, 1))
        exp = math.exp
        for _ in range(self.iters):
            if best <= bound:
                break
            temp *= cool
            # Prefer a seat at a table that costs something: that is where a swap helps.
            s1 = int(rand() * movable)
            if not costs[group_of[s1]]:
                s1 = int(rand() * movable)
                if not costs[group_of[s1]]:
                    s1 = int(rand() * movable)
            s2 = int(rand() * movable)
            g1, g2 = group_of[s1], group_of[s2]
            if g1 == g2:
                # Only swapping across the sides of one table with partners changes anything.
                if side_of[s1] == side_of[s2] or max(kinds[g1], default=1) == 1:
                    continue
                seat[s1], seat[s2] = seat[s2], seat[s1]
                new1 = group_cost(g1)
                delta = new1 - costs[g1]
                if delta <= 0 or rand() < exp(-delta / temp):
                    costs[g1] = new1
                    total += delta
                else:
                    seat[s1], seat[s2] = seat[s2], seat[s1]
                    continue
            else:
                if kinds[g1] == OUT and kinds[g2] == OUT:
                    continue
                seat[s1], seat[s2] = seat[s2], seat[s1]
                new1, new2 = group_cost(g1), group_cost(g2)
                delta = new1 + new2 - costs[g1] - costs[g2]
                if delta <= 0 or rand() < exp(-delta / temp):
                    costs[g1], costs[g2] = new1, new2
                    total += delta
                else:
                    seat[s1], seat[s2] = seat[s2], seat[s1]
                    continue
            if total < best:
                best, best_seat = total, seat[:]
        return best_seat, best


def construct_iters(layout: Layout) -> int:
    return max(_MIN_ITERS, _ITERS_PER_SLOT * layout.slots)


def polish(
    night: list[list[int]],
    fixed: int,
    counts: Counts,
    layout: Layout,
    rng: random.Random,
    *,
    keep_partners: bool,
) -> None:
    """Re-anneal each unfixed round against all the others, in place; sit-outs stay put."""
    iters = max(_MIN_ITERS // 2, _POLISH_ITERS_PER_SLOT * layout.slots)
    for _ in range(_POLISH_PASSES):
        for r in range(fixed, len(night)):
            counts.add(night[r], layout, -1)
            night[r], _ = anneal(
                night[r],
                layout,
                counts,
                rng,
                iters,
                move_sit_outs=False,
                keep_partners=keep_partners,
                t_start=1.0,
            )
            counts.add(night[r], layout)
