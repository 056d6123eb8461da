"""Fixed-partnership pairing: Swiss ("Danese"), round robin and Mitchell movements.

Pure Python (plus networkx): nothing here knows about the database, Django or Celery. A
partnership is an int (the event's pair number); the caller hands in the partnerships in
play, their order in the standings and the history of earlier rounds, and gets plain value
objects back. A round is a list of `Pairing`s: two partnerships at one table (the first sits
North-South), or one partnership with the bye.

Swiss (`swiss_round`)
    The bye (odd field) goes to the lowest-ranked partnership with the fewest byes, so no
    partnership has a second bye while another has had none (among those, to the
    lowest-ranked one that leaves a round without a rematch, if one does). The others are paired by a
    minimum-cost perfect matching (networkx `max_weight_matching` with maximum cardinality
    over inverted costs, as well-kept Swiss software does): pairing two partnerships costs
    the square of their distance in the standings, and a rematch costs more than any
    pairing without one, so rematches happen only when no pairing without one exists. With
    `clubs` (a championship's `keep_clubs_apart`), each two players of one club facing each
    other cost `_CLUB_COST`: below a rematch, above the standings' distances, so pairs of one
    club meet only when the round cannot be paired otherwise without a rematch. Each pairing
    carries the reason it differs from the plain 1-2, 3-4, ... order of the standings: the
    natural opponent was met before (`REMATCH_AVOIDED`) or is of the same club
    (`CLUB_AVOIDED`), or the lower partnership was pulled up to make the round work
    (`PULLED_UP`); or it is an unavoidable `REMATCH`, or the `BYE`. The bye is chosen as
    without `clubs`.

Round robin (`round_robin_round`)
    The circle method: with n partnerships (one phantom added when n is odd, its opponent
    has the bye) rounds 1 to n - 1 (or n) meet every partnership with every other exactly
    once. Later rounds repeat the cycle.

Mitchell (`mitchell_round`)
    The first half of the partnerships sit North-South and stay at their table; the others
    sit East-West and move up one table each round, so every NS partnership meets every EW
    partnership once in as many rounds as there are tables (NS never meet NS). An odd
    field gets a phantom EW partnership: its table is a bye.

Round robin and Mitchell are fixed movements: they take no `clubs` and cannot keep pairs of
one club apart (a round robin meets everyone with everyone; a Mitchell never meets two pairs
of its NS half, nor two of its EW half, which the pair numbers decide).

Deterministic: the same arguments always give the same round.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

import networkx as nx

NORMAL = ""
BYE = "bye"
REMATCH_AVOIDED = "rematch_avoided"
CLUB_AVOIDED = "club_avoided"
PULLED_UP = "pulled_up"
REMATCH = "rematch"

# Above any sum of squared rank gaps in a field of up to ~10 000 partnerships.
_REMATCH_COST = 10**12
# Two players of one club facing each other (`clubs`): above the sum of squared rank gaps of
# any pairing of a field of up to 200 partnerships (at most 100 tables * 200**2 = 4 * 10**6),
# so keeping clubs apart comes before the standings, as in the early rounds of Burraco's
# national events; below a rematch even summed over a round of 50 000 partnerships (4 such
# two a table at most), so the option never brings a rematch that could be avoided.
_CLUB_COST = 10**7


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table of a partnership round (`ns` faces `ew`), or `ns` alone with the bye."""

    ns: int
    ew: int | None
    reason: str = NORMAL

    @property
    def is_bye(self) -> bool:
        return self.ew is None


def meeting(a: int, b: int) -> frozenset[int]:
    """The key of a meeting between two partnerships, in either order."""
    return frozenset((a, b))


def swiss_round(
    ranking: Sequence[int],
    met: Collection[frozenset[int]] | Mapping[frozenset[int], int] = (),
    byes: Mapping[int, int] | None = None,
    clubs: Mapping[int, Sequence[int | None]] | None = None,
) -> list[Pairing]:
    """Pair `ranking` (partnerships, best first) by the standings, without rematches.

    `met` holds the meetings of earlier rounds (`meeting(a, b)`; a Counter counts repeats),
    `byes` how many byes each partnership has had, `clubs` (optional) the club of each
    partnership's players (None: of no club), kept from facing each other: a partnership of
    one club facing another of that club is 4 meetings of one club, one of clubs A and B
    facing one of B and C is 1 (`club_meetings`). See the module docstring.
    Raises ValueError for a field of fewer than two partnerships or a repeated one.
    """
    if len(set(ranking)) != len(ranking):
        raise ValueError("A partnership appears twice in the standings.")
    if len(ranking) < 2:
        raise ValueError("Pairing needs at least two partnerships.")
    met_count = met if isinstance(met, Mapping) else Counter(met)
    byes = Counter(byes or {})
    clubs = clubs or {}
    order = list(ranking)
    if len(order) % 2 == 0:
        return _swiss_tables(order, met_count, clubs)
    # The bye: among the partnerships with the fewest byes, the lowest-ranked one whose
    # absence leaves a round without a rematch (else simply the lowest-ranked of them).
    fewest = min(byes[p] for p in order)
    candidates = [p for p in reversed(order) if byes[p] == fewest]
    fallback: list[Pairing] | None = None
    for bye in candidates:
        tables = _swiss_tables([p for p in order if p != bye], met_count, clubs)
        pairings = [*tables, Pairing(bye, None, BYE)]
        if not any(t.reason == REMATCH for t in tables):
            return pairings
        fallback = fallback or pairings
    assert fallback is not None
    return fallback


def club_meetings(a: Sequence[int | None], b: Sequence[int | None]) -> int:
    """How many two players of one club face each other when partnerships of players of
    clubs `a` and of clubs `b` meet (None: a player of no club)."""
    return sum(1 for x in a for y in b if x is not None and x == y)


def _swiss_tables(
    order: list[int], met_count: Mapping[frozenset[int], int], clubs: Mapping[int, Sequence[int | None]]
) -> list[Pairing]:
    position = {p: i for i, p in enumerate(order)}
    graph: nx.Graph[int] = nx.Graph()
    costs = {}
    for i, a in enumerate(order):
        for b in order[i + 1 :]:
            costs[(a, b)] = (
                (position[b] - position[a]) ** 2
                + _REMATCH_COST * met_count.get(meeting(a, b), 0)
                + _CLUB_COST * club_meetings(clubs.get(a, ()), clubs.get(b, ()))
            )
    ceiling = max(costs.values()) + 1
    for (a, b), cost in costs.items():
        graph.add_edge(a, b, weight=ceiling - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    tables = sorted(
        (tuple(sorted((a, b), key=position.__getitem__)) for a, b in matching),
        key=lambda pair: position[pair[0]],
    )
    return [_swiss_pairing(high, low, order, position, met_count, clubs) for high, low in tables]


def _swiss_pairing(
    high: int,
    low: int,
    order: list[int],
    position: dict[int, int],
    met: Mapping[frozenset[int], int],
    clubs: Mapping[int, Sequence[int | None]],
) -> Pairing:
    if met.get(meeting(high, low), 0):
        return Pairing(high, low, REMATCH)
    natural = position[high] + 1 if position[high] % 2 == 0 else position[high] - 1
    if position[low] == natural:
        return Pairing(high, low, NORMAL)
    if met.get(meeting(high, order[natural]), 0):
        return Pairing(high, low, REMATCH_AVOIDED)
    if club_meetings(clubs.get(high, ()), clubs.get(order[natural], ())):
        return Pairing(high, low, CLUB_AVOIDED)
    return Pairing(high, low, PULLED_UP)


def round_robin_round(partnerships: Sequence[int], number: int) -> list[Pairing]:
    """Round `number` (1-based) of a round robin by the circle method; cycles after a full one."""
    field: list[int | None] = list(partnerships)
    if len(field) < 2:
        raise ValueError("A round robin needs at least two partnerships.")
    if len(field) % 2:
        field.append(None)
    n = len(field)
    shift = (number - 1) % (n - 1)
    rest = field[1:]
    rotated = [field[0], *rest[-shift:], *rest[:-shift]] if shift else field
    pairings = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        # Alternate who sits North-South so no partnership is always on one side.
        if (number + i) % 2 == 0:
            a, b = b, a
        pairings.append(_table(a, b))
    return _byes_last(pairings)


def mitchell_round(partnerships: Sequence[int], number: int) -> list[Pairing]:
    """Round `number` (1-based) of a Mitchell movement: NS stay, EW move up one table a round."""
    if len(partnerships) < 2:
        raise ValueError("A Mitchell movement needs at least two partnerships.")
    tables = (len(partnerships) + 1) // 2
    ns = list(partnerships[:tables])
    ew: list[int | None] = list(partnerships[tables:])
    if len(ew) < tables:
        ew.append(None)
    shift = (number - 1) % tables
    pairings = [_table(ns[t], ew[(t - shift) % tables]) for t in range(tables)]
    return _byes_last(pairings)


def _table(a: int | None, b: int | None) -> Pairing:
    if a is None:
        assert b is not None
        return Pairing(b, None, BYE)
    if b is None:
        return Pairing(a, None, BYE)
    return Pairing(a, b, NORMAL)


def _byes_last(pairings: list[Pairing]) -> list[Pairing]:
    return [p for p in pairings if not p.is_bye] + [p for p in pairings if p.is_bye]


def drop_withdrawn(pairings: Sequence[Pairing], active: Collection[int]) -> list[Pairing]:
    """A fixed movement's round for the partnerships still in play.

    A table whose opponent withdrew becomes a bye (reason BYE); a withdrawn partnership's
    bye disappears. The rest of the movement is unchanged, so no rematch is introduced.
    """
    kept = []
    for p in pairings:
        sides = [x for x in (p.ns, p.ew) if x is not None and x in active]
        if len(sides) == 2:
            kept.append(p)
        elif sides:
            kept.append(Pairing(sides[0], None, BYE))
    return _byes_last(kept)
