"""The simulated-annealing search over one round, the polish of a whole night, and the
search effort (all of it, the schedule's restarts too): iteration counts, not the clock, so
results are reproducible.
"""

from __future__ import annotations

import math
import random

from tournaments.domain.seating.cost import _Counts
from tournaments.domain.seating.layout import _FIVE, _OUT, _SHORT, _TABLE, _Layout, side_slots

# Search effort. Iteration counts, not time, so results are reproducible.
_ITERS_PER_SLOT = 250
_MIN_ITERS = 2_000
_RESTART_SLOTS = 48  # restarts per round = max(1, _RESTART_SLOTS // slots), at most 6
_POLISH_PASSES = 3
_POLISH_ITERS_PER_SLOT = 120
_MATCHING_ATTEMPTS = 4  # sit-out choices tried when the search leaves a repeat
_NIGHT_RESTARTS = 8  # whole-night searches while a bound is not reached ...
_NIGHT_RESTART_WORK = 4_000  # ... at most this / (players * rounds) of them
_T_START = 3.0
_T_END = 0.05


def _anneal(
    seat: list[int],
    layout: _Layout,
    counts: _Counts,
    rng: random.Random,
    iters: int,
    *,
    move_sit_outs: bool,
    keep_partners: bool = False,
    t_start: float = _T_START,
) -> tuple[list[int], int]:
    """Improve one round against `counts` (which must not include the round).

    A move swaps two seats, or with `keep_partners` two whole sides (tables of
    four only), so that only who faces whom changes.
    """
    pc, oc, so, t3, t5 = counts.cost_tables()
    kinds, starts, group_of, side_of = layout.kinds, layout.starts, layout.group_of, layout.side_of
    odd_cost = {_SHORT: t3, _FIVE: t5}

    def group_cost(g: int) -> int:
        kind, s = kinds[g], starts[g]
        if kind == _TABLE:
            a, b, c, d = seat[s], seat[s + 1], seat[s + 2], seat[s + 3]
            oa, ob = oc[a], oc[b]
            return pc[a][b] + pc[c][d] + oa[c] + oa[d] + ob[c] + ob[d]
        if kind == _OUT:
            return so[seat[s]]
        sides = [[seat[i] for i in slots] for slots in side_slots(kind, s)]
        cost = 0
        for i, side in enumerate(sides):
            for j, x in enumerate(side):
                px, ox = pc[x], oc[x]
                cost += sum(px[y] for y in side[j + 1 :])
                cost += sum(ox[y] for other in sides[i + 1 :] for y in other)
        if layout.is_odd(kind):
            per_player = odd_cost[kind]
            cost += sum(per_player[x] for side in sides for x in side)
        return cost

    costs = [group_cost(g) for g in range(len(kinds))]
    total = sum(costs)
    # Nothing can beat this: no pair costs, the cheapest sit-outs and tables of three and five.
    bound = sum(sorted(so[p] for p in seat)[: layout.sit_outs])
    for odd, per_player in odd_cost.items():
        places = kinds.count(odd) * sum(odd)
        if places and layout.is_odd(odd):
            bound += sum(sorted(per_player[p] for p in seat)[:places])
    best, best_seat = total, seat[:]
    movable = layout.slots if move_sit_outs else layout.seated
    if movable < 2 or (len(kinds) < 2 and max(kinds[0], default=1) == 1):
        return best_seat, best
    rand = rng.random
    temp = t_start
    cool = (_T_END / t_start) ** (1.0 / max(iters, 1))
    exp = math.exp
    sides = layout.seated // 2
    for _ in range(iters):
        if best <= bound:
            break
        temp *= cool
        if keep_partners:
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
            continue
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
            if kinds[g1] == _OUT and kinds[g2] == _OUT:
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


def _construct_iters(layout: _Layout) -> int:
    return max(_MIN_ITERS, _ITERS_PER_SLOT * layout.slots)


def _polish(
    night: list[list[int]],
    fixed: int,
    counts: _Counts,
    layout: _Layout,
    rng: random.Random,
    *,
    keep_partners: bool,
) -> None:
    """Re-anneal each unfixed round against all the others, in place.

    Sit-outs stay where they are, so their order (and fairness) is unchanged.
    """
    iters = max(_MIN_ITERS // 2, _POLISH_ITERS_PER_SLOT * layout.slots)
    for _ in range(_POLISH_PASSES):
        for r in range(fixed, len(night)):
            counts.add(night[r], layout, -1)
            night[r], _ = _anneal(
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
