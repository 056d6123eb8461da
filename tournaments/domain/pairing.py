"""Fixed-partnership pairing, deterministic: Swiss ("Danese"), round robin and Mitchell. Design:
docs/seating.md#fixed-partnership-pairing."""

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

    `met` holds earlier meetings (`meeting(a, b)`; a Counter counts repeats), `byes` each one's
    byes, `clubs` (optional; None: of no club) its players' clubs, kept apart (`club_meetings`).
    Raises ValueError for a field of fewer than two partnerships or a repeated one."""
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
    """A fixed movement's round for the partnerships still in play: a table whose opponent withdrew
    becomes a bye (reason BYE), a withdrawn one's bye disappears; no rematch is added."""
    kept = []
    for p in pairings:
        sides = [x for x in (p.ns, p.ew) if x is not None and x in active]
        if len(sides) == 2:
            kept.append(p)
        elif sides:
            kept.append(Pairing(sides[0], None, BYE))
    return _byes_last(kept)
