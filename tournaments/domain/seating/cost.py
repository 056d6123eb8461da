"""The history as counts over local player indices, and the cost of seating pairs by them. Weights:
docs/seating.md#how-a-round-is-seated."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from tournaments.domain.seating.layout import FIVE, OUT, SHORT, TABLE, Layout, side_slots
from tournaments.domain.seating.values import SeatingHistory

_W_SIT_OUT = 10**16
_W_PARTNER = 10**13
_W_OPPONENT = 2
# Earlier nights of a season (``SeatingHistory.earlier_*``): below any repeat of tonight
# (even summed over every partnership of a 100-player round), above meetings.
_W_EARLIER_PARTNER = 10**6
_W_EARLIER_OPPONENT = 1
_W_SHORT_TABLE = 3
# Two players of one club at one table, with the event's `keep_clubs_apart` (a championship's
# early rounds keep clubs apart, as Burraco's national events do). As opponents: above any
# meeting, whose cost is capped at 3**11 - 1 < 2 * 10**5, and above an earlier night's partner
# (10**6), a softer wish than the rule the event chose for tonight. As partners: above every
# pair of one club as opponents in a round (at most 192 pairs in a 100-player round, at tables
# of six: < 2 * 10**9), so club-mates are opponents before they are partners; and, summed over
# every partnership of a 100-player round (at most 100 at tables of six: 10**12), below a
# repeated partner of tonight, a fair sit-out and the fair tables of five and sides of three.
# Flat costs, not growing
# with the meetings: who of one club meets whom, when they must, is the meetings' cost to spread.
_W_SAME_CLUB = 10**7
_W_SAME_CLUB_PARTNER = 10**10
# A table of five: nobody sits at one twice before everyone has (issue: rotate it as sit-outs
# are rotated), so below a sit-out but above a repeated partner.
_W_FIVE_TABLE = 10**15
# The side of three of a table of five (one of its players sits out each hand) rotates the
# same way among the players at tables of five: below a second table of five, above a repeated
# partner (late in a tight night, 15 players in their fifth round at tables of five, the fair
# sides of three may leave no seating without one).
_W_THREE_SIDE = 10**14
# 3**m - 1 grows fast enough to keep the most frequent meeting low; capped so that
# meetings never outweigh a sit-out, even in very long histories.
MEET_EXPONENT_CAP = 11


class Counts:
    """History counts over local player indices 0..n-1 (symmetric matrices)."""

    __slots__ = ("eopp", "epart", "five", "n", "opp", "part", "same", "short", "sits", "three")

    def __init__(self, n: int) -> None:
        self.n = n
        self.part = [[0] * n for _ in range(n)]
        self.opp = [[0] * n for _ in range(n)]
        self.sits = [0] * n
        self.short = [0] * n
        self.five = [0] * n
        self.three = [0] * n  # on the side of three at a table of five
        # Earlier nights: fixed costs, never changed by `add`.
        self.epart = [[0] * n for _ in range(n)]
        self.eopp = [[0] * n for _ in range(n)]
        # 1 for two players of one club (`keep_clubs_apart`): a fixed cost, never changed by `add`.
        self.same = [[0] * n for _ in range(n)]

    @classmethod
    def from_history(
        cls, ids: Sequence[int], history: SeatingHistory, clubs: Mapping[int, int] | None = None
    ) -> Counts:
        """The counts of `history` over `ids` (index i is ids[i]); with `clubs` (player id ->
        club id; a player missing from it is of no club), the pairs of one club too."""
        index = {p: i for i, p in enumerate(ids)}
        counts = cls(len(ids))
        if clubs:
            club = [clubs.get(p) for p in ids]
            for x, y in itertools.combinations(range(len(ids)), 2):
                if club[x] is not None and club[x] == club[y]:
                    counts.same[x][y] = counts.same[y][x] = 1
        for source, matrix in (
            (history.partners, counts.part),
            (history.opponents, counts.opp),
            (history.earlier_partners, counts.epart),
            (history.earlier_opponents, counts.eopp),
        ):
            for (a, b), k in source.items():
                i, j = index.get(a), index.get(b)
                if i is not None and j is not None and i != j:
                    matrix[i][j] += k
                    matrix[j][i] += k
        for p, i in index.items():
            counts.sits[i] = history.sit_outs.get(p, 0)
            counts.short[i] = history.short_tables.get(p, 0)
            counts.five[i] = history.five_tables.get(p, 0)
            counts.three[i] = history.three_sides.get(p, 0)
        return counts

    def add(self, seat: Sequence[int], layout: Layout, sign: int = 1) -> None:
        part, opp = self.part, self.opp
        for g, kind in enumerate(layout.kinds):
            s = layout.starts[g]
            if kind == TABLE:
                a, b, c, d = seat[s : s + 4]
                for x, y in ((a, b), (c, d)):
                    part[x][y] += sign
                    part[y][x] += sign
                for x, y in ((a, c), (a, d), (b, c), (b, d)):
                    opp[x][y] += sign
                    opp[y][x] += sign
            elif kind == OUT:
                self.sits[seat[s]] += sign
            else:
                sides = [[seat[i] for i in slots] for slots in side_slots(kind, s)]
                for side in sides:
                    for x, y in itertools.combinations(side, 2):
                        part[x][y] += sign
                        part[y][x] += sign
                for side_a, side_b in itertools.combinations(sides, 2):
                    for x in side_a:
                        for y in side_b:
                            opp[x][y] += sign
                            opp[y][x] += sign
                if kind == FIVE:
                    for x in sides[0]:
                        self.three[x] += sign
                if layout.is_odd(kind):
                    tally = self.short if kind == SHORT else self.five
                    for x in seat[s : s + sum(kind)]:
                        tally[x] += sign

    def cost_tables(
        self,
    ) -> tuple[list[list[int]], list[list[int]], list[int], list[int], list[int], list[int]]:
        """Marginal cost of seating each pair as partners / opponents, and per player: sitting
        out, at a table of three, at a table of five, on the side of three of a table of five."""
        n, part, opp = self.n, self.part, self.opp
        top = max((part[i][j] + opp[i][j] for i in range(n) for j in range(n)), default=0)
        meet = [3 ** min(m, MEET_EXPONENT_CAP) - 1 for m in range(top + 1)]
        epart, eopp, same = self.epart, self.eopp, self.same
        as_partners = [
            [
                _W_PARTNER * p
                + meet[p + o]
                + _W_EARLIER_PARTNER * ep
                + _W_EARLIER_OPPONENT * eo
                + _W_SAME_CLUB_PARTNER * c
                for p, o, ep, eo, c in zip(part[i], opp[i], epart[i], eopp[i], same[i], strict=True)
            ]
            for i in range(n)
        ]
        as_opponents = [
            [
                _W_OPPONENT * o + meet[p + o] + _W_EARLIER_OPPONENT * eo + _W_SAME_CLUB * c
                for p, o, eo, c in zip(part[i], opp[i], eopp[i], same[i], strict=True)
            ]
            for i in range(n)
        ]
        sit_cost = [_W_SIT_OUT * s for s in self.sits]
        short_cost = [_W_SHORT_TABLE * t for t in self.short]
        five_cost = [_W_FIVE_TABLE * f for f in self.five]
        three_cost = [_W_THREE_SIDE * t for t in self.three]
        return as_partners, as_opponents, sit_cost, short_cost, five_cost, three_cost
