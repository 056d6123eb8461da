"""Stages of an event: qualifying, knockout brackets, the final order. Entrants are ints, orders
best first, a tier shares a place. Design: docs/seating.md#stages."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass

# A table of a fixed-partnership event holds two pairs; an individual event's table holds the
# players of its shape (tournaments/domain/table_shapes.py: four in two partnerships for most).
PAIRS_PER_TABLE = 2


# --- who qualifies ---------------------------------------------------------------------------


def best_of(order: Sequence[int], count: int, eligible: Collection[int] | None = None) -> list[int]:
    """The first `count` entrants of `order` (best first) that are `eligible` (all when None), fewer
    when fewer are eligible. Raises ValueError when `count` is below 1 or an entrant appears twice
    in `order`."""
    _check_order(order)
    if count < 1:
        raise ValueError("At least one entrant qualifies.")
    return [entrant for entrant in order if eligible is None or entrant in eligible][:count]


@dataclass(frozen=True, slots=True)
class TablePlace:
    """One entrant at one table of a round: whether its side won or drew the table's game and
    its side's total there (points)."""

    entrant: int
    won: bool = False
    drew: bool = False
    points: int = 0


def table_order(places: Iterable[TablePlace], order: Sequence[int]) -> list[int]:
    """The entrants of one table, best first: a win, then a draw, then the side's total, then
    their place in `order` (entrants missing from `order` after the others, by id)."""
    position = {entrant: i for i, entrant in enumerate(order)}
    ranked = sorted(
        places,
        key=lambda p: (
            not p.won,
            not p.drew,
            -p.points,
            position.get(p.entrant, len(position)),
            p.entrant,
        ),
    )
    return [place.entrant for place in ranked]


def best_of_each_table(
    tables: Sequence[Sequence[TablePlace]],
    order: Sequence[int],
    count: int,
    eligible: Collection[int] | None = None,
) -> list[int]:
    """The best `count` eligible entrants of each table (`table_order`), seeded by `order` (the
    standings), entrants missing from it last by id. Raises ValueError when `count` is below 1 or an
    entrant appears twice in `order`."""
    _check_order(order)
    if count < 1:
        raise ValueError("At least one entrant of each table qualifies.")
    chosen: list[int] = []
    for places in tables:
        best = [e for e in table_order(places, order) if eligible is None or e in eligible]
        chosen += best[:count]
    position = {entrant: i for i, entrant in enumerate(order)}
    return sorted(chosen, key=lambda e: (position.get(e, len(position)), e))


def tables_needed(entrants: int, per_table: int) -> int:
    """How many tables seat `entrants` exactly (`per_table` each). Raises ValueError unless
    `entrants` is a positive multiple of `per_table`."""
    if per_table < 1 or entrants < per_table or entrants % per_table:
        raise ValueError(f"{entrants} entrants do not fill tables of {per_table}.")
    return entrants // per_table


def _check_order(order: Sequence[int]) -> None:
    if len(set(order)) != len(order):
        raise ValueError("An entrant appears twice in the order.")


# --- knockout --------------------------------------------------------------------------------


def bracket_size(entrants: int) -> int:
    """The smallest power of two that holds `entrants` (at least 2). Raises ValueError for
    fewer than two entrants."""
    if entrants < 2:
        raise ValueError("A knockout needs at least two entrants.")
    size = 2
    while size < entrants:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """The seeds (1 = best) in bracket order, top first; each two neighbours meet in round 1.

    8: [1, 8, 4, 5, 2, 7, 3, 6]. Raises ValueError unless `size` is a power of two of at least 2."""
    if size < 2 or size & (size - 1):
        raise ValueError(f"A bracket of {size} is not a power of two.")
    positions = [1, 2]
    while len(positions) < size:
        total = 2 * len(positions) + 1
        positions = [seed for top in positions for seed in (top, total - top)]
    return positions


@dataclass(frozen=True, slots=True)
class Match:
    """One match of a bracket. `high` is the better-seeded entrant, `low` the other; either is
    None until the match before is decided, and `low` is None for a bye (`bye`, round 1 only,
    won by `high`)."""

    round: int  # 1 = the first round of the bracket
    slot: int  # 1 = the top of the bracket
    high: int | None
    low: int | None
    winner: int | None = None
    bye: bool = False

    @property
    def entrants(self) -> tuple[int, ...]:
        return tuple(e for e in (self.high, self.low) if e is not None)

    @property
    def ready(self) -> bool:
        """Both entrants known and no winner yet: the match is to be played (or decided)."""
        return self.high is not None and self.low is not None and self.winner is None

    @property
    def loser(self) -> int | None:
        if self.winner is None or self.bye:
            return None
        return self.low if self.winner == self.high else self.high


@dataclass(frozen=True, slots=True)
class Bracket:
    """A knockout: its seeds (best first) and its rounds of matches, round 1 first."""

    seeds: tuple[int, ...]
    rounds: tuple[tuple[Match, ...], ...]

    @property
    def champion(self) -> int | None:
        return self.rounds[-1][0].winner

    @property
    def complete(self) -> bool:
        return self.champion is not None

    def match_of(self, round: int, entrant: int) -> Match | None:
        """The match of bracket round `round` that `entrant` plays (None if it plays none)."""
        return next((m for m in self.rounds[round - 1] if entrant in m.entrants), None)


def bracket(seeds: Sequence[int], winners: Mapping[tuple[int, int], int] | None = None) -> Bracket:
    """The bracket of `seeds` (best first) with the matches decided so far.

    `winners` maps (round, slot), both 1-based, to the match's winner; byes go to the top seeds.
    Raises ValueError for fewer than two seeds, a seed given twice, or a winner who does not play
    that match."""
    _check_order(seeds)
    winners = winners or {}
    size = bracket_size(len(seeds))
    seed_of = {entrant: i for i, entrant in enumerate(seeds, start=1)}
    by_seed = dict(enumerate(seeds, start=1))
    positions = seed_positions(size)
    rounds: list[tuple[Match, ...]] = []
    current: list[Match] = []
    for slot, (top, bottom) in enumerate(zip(positions[::2], positions[1::2], strict=True), start=1):
        high, low = by_seed.get(top), by_seed.get(bottom)
        if high is None:
            high, low = low, high
        if low is None:
            current.append(Match(1, slot, high, None, high, bye=True))
        else:
            current.append(_decided(Match(1, slot, high, low), winners))
    rounds.append(tuple(current))
    number = 1
    while len(current) > 1:
        number += 1
        following = []
        for slot, (a, b) in enumerate(zip(current[::2], current[1::2], strict=True), start=1):
            entrants = [e for e in (a.winner, b.winner) if e is not None]
            entrants.sort(key=seed_of.__getitem__)
            high = entrants[0] if entrants else None
            low = entrants[1] if len(entrants) == 2 else None
            if len(entrants) == 1:
                # Its opponent is not known yet: keep each entrant in its own half's place.
                high, low = (a.winner, None) if a.winner is not None else (b.winner, None)
            following.append(_decided(Match(number, slot, high, low), winners))
        current = following
        rounds.append(tuple(current))
    unknown = set(winners) - {(m.round, m.slot) for r in rounds for m in r if m.winner is not None}
    if unknown:
        raise ValueError(f"Winners given for matches not played: {sorted(unknown)}.")
    return Bracket(seeds=tuple(seeds), rounds=tuple(rounds))


def _decided(match: Match, winners: Mapping[tuple[int, int], int]) -> Match:
    winner = winners.get((match.round, match.slot))
    if winner is None:
        return match
    if match.high is None or match.low is None or winner not in (match.high, match.low):
        raise ValueError(f"{winner} does not play match {match.slot} of round {match.round}.")
    return Match(match.round, match.slot, match.high, match.low, winner)


def knockout_tiers(drawn: Bracket) -> list[list[int]]:
    """The bracket's entrants by how far they went, best first: those still in, then the loser
    of the final, of the semi-finals, and so on back to round 1; each tier in seed order."""
    seed_of = {entrant: i for i, entrant in enumerate(drawn.seeds)}
    lost_in: dict[int, int] = {}
    for matches in drawn.rounds:
        for match in matches:
            if match.loser is not None:
                lost_in[match.loser] = match.round
    tiers = [sorted((e for e in drawn.seeds if e not in lost_in), key=seed_of.__getitem__)]
    for number in range(len(drawn.rounds), 0, -1):
        out = sorted((e for e, r in lost_in.items() if r == number), key=seed_of.__getitem__)
        if out:
            tiers.append(out)
    return [tier for tier in tiers if tier]


# --- the final order -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Place:
    """An entrant's place in the event's final order; `stage` is the position (1-based) of the
    stage that placed it."""

    rank: int
    entrant: int
    stage: int


def tiers_from_ranks(ranked: Iterable[tuple[int, int]]) -> list[list[int]]:
    """(rank, entrant) pairs, best first, as tiers: entrants of equal rank share one."""
    tiers: list[list[int]] = []
    previous: int | None = None
    for rank, entrant in ranked:
        if tiers and rank == previous:
            tiers[-1].append(entrant)
        else:
            tiers.append([entrant])
        previous = rank
    return tiers


def break_ties(tiers: Iterable[Sequence[int]], seeds: Sequence[int]) -> list[list[int]]:
    """Split each tier by `seeds` (best first): an entrant with a better seed goes ahead. Entrants
    without a seed stay together at the end of their tier."""
    position = {entrant: i for i, entrant in enumerate(seeds)}
    split: list[list[int]] = []
    for tier in tiers:
        seeded = sorted((e for e in tier if e in position), key=position.__getitem__)
        split += [[entrant] for entrant in seeded]
        rest = [e for e in tier if e not in position]
        if rest:
            split.append(rest)
    return split


def final_order(stages: Sequence[Sequence[Sequence[int]]]) -> list[Place]:
    """The event's final order from each stage's order as tiers, first stage first; the last stage
    places first (docs/seating.md#stages). Ranks are shared within a tier (1, 2, 2, 4)."""
    placed: set[int] = set()
    order: list[Place] = []
    for index in range(len(stages), 0, -1):
        for tier in stages[index - 1]:
            new = [entrant for entrant in dict.fromkeys(tier) if entrant not in placed]
            rank = len(order) + 1
            for entrant in new:
                order.append(Place(rank=rank, entrant=entrant, stage=index))
                placed.add(entrant)
    return order
