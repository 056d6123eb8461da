"""Individual (rotating-partner) seating for Canasta league nights.

Pure Python: nothing here knows about the database, Django or Celery. The caller
hands in player ids and the history of earlier rounds and gets plain value
objects back; the Django side stores them.

A table of four has two sides of two partners facing each other. With
``three_player_tables=True`` the remainder of a field that is not a multiple of
four is absorbed by tables of three (three sides of one player) instead of
sit-outs: 6 = 3+3, 7 = 4+3, 9 = 3+3+3, 10 = 4+3+3, 11 = 4+4+3. Five players
cannot be split that way, so they get one table of four and one sit-out.

How a round is seated (``seat_round``)
    The quality of a round is one integer cost, summed over the pairs that sit
    at one table, computed against the history (earlier rounds):

    * sitting out a player who has sat out ``s`` times costs ``_W_SIT_OUT * s``,
      which makes the sit-outs the players with the fewest sit-outs;
    * partnering a pair that has partnered ``k`` times before costs
      ``_W_PARTNER * k`` (so a first partnership is free, a repeat is ruinous);
    * two players at one table who have shared a table ``m`` times cost
      ``3**m - 1`` (0 for a first meeting, then 2, 8, 26, ...), which spreads
      meetings and keeps the most frequent meeting low;
    * two opponents who have opposed ``o`` times cost ``_W_OPPONENT * o``;
    * optionally, earlier nights (of a season): a pair who partnered ``e`` times
      on earlier nights costs ``_W_EARLIER_PARTNER * e`` as partners (far below
      a repeat of tonight, far above meetings), and ``_W_EARLIER_OPPONENT`` per
      earlier opposition at one table;
    * a player at a table of three who has been at one ``t`` times costs
      ``_W_SHORT_TABLE * t``, which rotates the tables of three.

    The weights are so far apart that the order of priority is strict in
    practice: sit-out fairness (a rule, not a preference: there is always a
    fair choice, and ties among the players due to sit out leave the search
    plenty of room), then repeated partners, then meetings. The round is built
    from a random start (the players with the fewest sit-outs sit out) and
    improved by simulated annealing over swaps of two seats, with several
    restarts for small fields. If a repeated partner is left, a maximum-weight
    matching (networkx) over the pairs who have never partnered looks for new
    partnerships for everyone before giving up. Every random choice comes from
    ``random.Random(seed)`` and the search is bounded by iteration counts, not
    by the clock, so the result is a function of the arguments alone.

How a night is planned (``individual_schedule``)
    The general path seats round after round exactly as ``seat_round`` does,
    then polishes the whole night: it takes each round out in turn and
    re-anneals it against all the other rounds (sit-outs stay fixed so that the
    "nobody sits out twice before everyone has sat out once" order holds after
    every round).

    For tables of four with at most one sit-out (n = 0 or 1 mod 4) a second
    candidate takes its partnerships from a 1-factorisation of K_n (the
    round-robin circle method), so no one partners twice within a cycle, and
    only searches which two partnerships share a table. Whole-night restarts of
    the search follow, within a fixed amount of work, while the night misses
    the simple lower bounds on repeats and on the most frequent meeting.

    Where a known design exists it is a candidate too, and the best night
    wins:

    * whist tournaments Wh(n) for n = 0 or 1 (mod 4): a full cycle (n - 1
      rounds, or n rounds with one sit-out each) in which every pair partners
      exactly once and opposes exactly twice. They are developed from
      hard-coded base rounds over Z_(n-1) plus a fixed point, Z_n, or
      Z_3 x Z_3 for nine players (``_WHIST_BASES``), for n = 5 to 33;
    * the affine plane AG(2, 4) for 16 players: its 5 parallel classes are 5
      rounds in which no two players share a table twice.

Guarantees
    * every present player is seated exactly once per round (at a table or in
      ``sit_out``), and tables have 2 sides of 2 or 3 sides of 1;
    * ``seat_round`` sits out only players with the fewest sit-outs among those
      present (ties broken by the seating cost), so for a fixed field the
      sit-out spread never exceeds one after any round;
    * for a full whist cycle (or whole multiples of one) of 5 to 33 players the
      schedule is exact; for 16 players and at most 5 rounds no pair meets
      twice; for any other n = 0 or 1 (mod 4) no pair partners twice within a
      cycle (n - 1 or n rounds) in ``individual_schedule``;
    * otherwise repeated partners are avoided whenever the search finds a way.
      Round by round a repeat can become unavoidable late in a long night
      because earlier rounds were chosen without knowing the later ones; plan
      the night with ``individual_schedule`` when the field is fixed. Nothing
      here proves optimality of meetings.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

_W_SIT_OUT = 10**13
_W_PARTNER = 10**10
_W_OPPONENT = 2
# Earlier nights of a season (``SeatingHistory.earlier_*``): below any repeat of tonight
# (even summed over every partnership of a 100-player round), above meetings.
_W_EARLIER_PARTNER = 10**6
_W_EARLIER_OPPONENT = 1
_W_SHORT_TABLE = 3
# 3**m - 1 grows fast enough to keep the most frequent meeting low; capped so that
# meetings never outweigh a sit-out, even in very long histories.
_MEET_EXPONENT_CAP = 11

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

_TABLE = 4
_SHORT = 3
_OUT = 0


# --- value objects -----------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table: 2 sides of 2 partners, or 3 sides of 1 player at a table of three."""

    sides: tuple[tuple[int, ...], ...]

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for side in self.sides for p in side)


@dataclass(frozen=True, slots=True)
class RoundSeating:
    """The tables of one round and the players sitting it out."""

    tables: tuple[TableSeating, ...]
    sit_out: tuple[int, ...] = ()

    @property
    def players(self) -> tuple[int, ...]:
        return tuple(p for t in self.tables for p in t.players) + self.sit_out


def _pair(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a < b else (b, a)


@dataclass
class SeatingHistory:
    """Counts from earlier rounds, keyed by player id and sorted pairs of ids.

    ``short_tables`` (times at a table of three) is optional; it only steers who
    gets the tables of three when ``three_player_tables=True``.

    ``earlier_partners`` and ``earlier_opponents`` (optional) count earlier nights,
    for instance of a season: they steer the seating away from those partners too,
    but always less than a repeat of tonight (``partners``). ``record`` and
    ``from_rounds`` fill tonight's counts only; ``record_earlier`` fills these.
    """

    partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    opponents: Counter[tuple[int, int]] = field(default_factory=Counter)
    sit_outs: Counter[int] = field(default_factory=Counter)
    short_tables: Counter[int] = field(default_factory=Counter)
    earlier_partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    earlier_opponents: Counter[tuple[int, int]] = field(default_factory=Counter)

    @classmethod
    def from_rounds(cls, rounds: Iterable[RoundSeating]) -> SeatingHistory:
        """Count partners, opponents, sit-outs and tables of three over `rounds`."""
        history = cls()
        for seating in rounds:
            history.record(seating)
        return history

    def record(self, seating: RoundSeating) -> None:
        """Add one played round to the counts (in place)."""
        for table in seating.tables:
            for side in table.sides:
                for a, b in itertools.combinations(side, 2):
                    self.partners[_pair(a, b)] += 1
            for side_a, side_b in itertools.combinations(table.sides, 2):
                for a in side_a:
                    for b in side_b:
                        self.opponents[_pair(a, b)] += 1
            if len(table.sides) == _SHORT:
                for p in table.players:
                    self.short_tables[p] += 1
        for p in seating.sit_out:
            self.sit_outs[p] += 1

    def record_earlier(self, seating: RoundSeating) -> None:
        """Add a round of an earlier night to the earlier partners and opponents (in place)."""
        night = SeatingHistory.from_rounds([seating])
        self.earlier_partners.update(night.partners)
        self.earlier_opponents.update(night.opponents)


@dataclass(frozen=True)
class SeatingQuality:
    """Summary of a night: 0 / low is good everywhere."""

    repeated_partners: int  # sum over pairs of (times partnered - 1) where positive
    max_meetings: int  # most times any two players shared a table
    max_partnered: int  # most times any two players were partners
    sit_out_spread: int  # max - min sit-outs over the players


# --- public functions --------------------------------------------------------------


def seat_round(
    players: Sequence[int],
    history: SeatingHistory,
    *,
    seed: int = 0,
    three_player_tables: bool = False,
) -> RoundSeating:
    """Seat the players present for the next round, given what happened before.

    `players` are arbitrary distinct ids (their order does not matter); history
    entries for absent players are ignored, and a player missing from the history
    (a late arrival) counts as having partnered, met and sat out nobody. If the
    club counts missed rounds as sit-outs, add them to ``history.sit_outs`` first.
    Deterministic for a given seed.

    Raises ValueError for duplicate ids or fewer than 4 players (3 with
    ``three_player_tables``).
    """
    ids = sorted(players)
    if len(set(ids)) != len(ids):
        duplicates = sorted(p for p, k in Counter(ids).items() if k > 1)
        raise ValueError(f"players must be distinct; repeated: {duplicates}")
    layout = _Layout.for_field(len(ids), three_player_tables)
    counts = _Counts.from_history(ids, history)
    rng = random.Random(seed)
    seat = _construct_round(counts, layout, rng)
    return _to_round(seat, layout, ids)


def individual_schedule(
    n_players: int,
    rounds: int,
    *,
    seed: int = 0,
    three_player_tables: bool = False,
) -> list[RoundSeating]:
    """Plan a whole individual night for players 1..n_players.

    Uses a whist design or AG(2, 4) where one fits (see the module docstring) and
    the search otherwise, keeping whichever night is better. Deterministic for a
    given seed.

    Raises ValueError if rounds < 1 or there are fewer than 4 players (3 with
    ``three_player_tables``).
    """
    if isinstance(n_players, bool) or not isinstance(n_players, int):
        raise ValueError(f"n_players must be an int, got {n_players!r}")
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise ValueError(f"rounds must be an int, got {rounds!r}")
    if rounds < 1:
        raise ValueError(f"rounds must be at least 1, got {rounds}")
    layout = _Layout.for_field(n_players, three_player_tables)
    ids = list(range(1, n_players + 1))
    rng = random.Random(seed)

    designed, exact = _designed_night(n_players, rounds, layout, rng)
    if exact:
        return [_to_round(seat, layout, ids) for seat in designed[0]]
    candidates = [_complete_night(start, rounds, n_players, layout, rng) for start in designed]
    factorized = _factorized_night(n_players, rounds, layout, rng)
    if factorized is not None:
        candidates.append(factorized)
    best = min(candidates, key=lambda night: _night_key(night, n_players, layout), default=None)
    # Whole-night restarts of the search while the most frequent meeting is above
    # the average's ceiling (a lower bound), within a fixed amount of work.
    bound = _meeting_bound(rounds, n_players, layout)
    partnerships = rounds * 2 * layout.kinds.count(_TABLE)
    least_repeats = max(0, partnerships - n_players * (n_players - 1) // 2)
    for _ in range(max(1, min(_NIGHT_RESTARTS, _NIGHT_RESTART_WORK // (n_players * rounds)))):
        if best is not None:
            repeats, spread, meetings, *_ = _night_key(best, n_players, layout)
            if repeats <= least_repeats and spread <= 1 and meetings <= bound:
                break
        night = _complete_night([], rounds, n_players, layout, rng)
        if best is None or _night_key(night, n_players, layout) < _night_key(best, n_players, layout):
            best = night
    assert best is not None  # the loop runs at least once
    return [_to_round(seat, layout, ids) for seat in best]


def seating_quality(rounds: Sequence[RoundSeating], players: Sequence[int]) -> SeatingQuality:
    """Summarise `rounds`; the sit-out spread is taken over `players`."""
    history = SeatingHistory.from_rounds(rounds)
    meetings = Counter(history.partners)
    meetings.update(history.opponents)
    sit_outs = [history.sit_outs[p] for p in players]
    return SeatingQuality(
        repeated_partners=sum(k - 1 for k in history.partners.values() if k > 1),
        max_meetings=max(meetings.values(), default=0),
        max_partnered=max(history.partners.values(), default=0),
        sit_out_spread=max(sit_outs) - min(sit_outs) if sit_outs else 0,
    )


# --- table layout ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each seat is: tables of 4 and 3 first, then one slot per sit-out.

    A round is a flat list of local player indices, one per slot. At a table of
    four the slots are (side A, side A, side B, side B).
    """

    kinds: tuple[int, ...]  # per group: _TABLE, _SHORT or _OUT
    starts: tuple[int, ...]  # per group: first slot
    group_of: tuple[int, ...]  # per slot
    seated: int  # slots [0, seated) are at tables

    @classmethod
    def for_field(cls, n: int, three_player_tables: bool) -> _Layout:
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"number of players must be an int, got {n!r}")
        if three_player_tables:
            if n < _SHORT:
                raise ValueError(f"need at least 3 players for a table of three, got {n}")
            short = {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
            if n == 5:  # 5 is neither 4+... nor 3+...: one table of four, one sit-out
                short = 0
            full, out = (n - _SHORT * short) // 4, (n - _SHORT * short) % 4
        else:
            if n < _TABLE:
                raise ValueError(f"need at least 4 players for a table of four, got {n}")
            short, full, out = 0, n // 4, n % 4
        kinds = (_TABLE,) * full + (_SHORT,) * short + (_OUT,) * out
        starts, group_of, slot = [], [], 0
        for g, kind in enumerate(kinds):
            starts.append(slot)
            size = kind or 1
            group_of.extend([g] * size)
            slot += size
        return cls(kinds, tuple(starts), tuple(group_of), slot - out)

    @property
    def slots(self) -> int:
        return len(self.group_of)

    @property
    def sit_outs(self) -> int:
        return self.slots - self.seated


# --- counts and the cost -----------------------------------------------------------


class _Counts:
    """History counts over local player indices 0..n-1 (symmetric matrices)."""

    __slots__ = ("eopp", "epart", "n", "opp", "part", "short", "sits")

    def __init__(self, n: int) -> None:
        self.n = n
        self.part = [[0] * n for _ in range(n)]
        self.opp = [[0] * n for _ in range(n)]
        self.sits = [0] * n
        self.short = [0] * n
        # Earlier nights: fixed costs, never changed by `add`.
        self.epart = [[0] * n for _ in range(n)]
        self.eopp = [[0] * n for _ in range(n)]

    @classmethod
    def from_history(cls, ids: Sequence[int], history: SeatingHistory) -> _Counts:
        index = {p: i for i, p in enumerate(ids)}
        counts = cls(len(ids))
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
        return counts

    def add(self, seat: Sequence[int], layout: _Layout, sign: int = 1) -> None:
        part, opp = self.part, self.opp
        for g, kind in enumerate(layout.kinds):
            s = layout.starts[g]
            if kind == _TABLE:
                a, b, c, d = seat[s : s + 4]
                for x, y in ((a, b), (c, d)):
                    part[x][y] += sign
                    part[y][x] += sign
                for x, y in ((a, c), (a, d), (b, c), (b, d)):
                    opp[x][y] += sign
                    opp[y][x] += sign
            elif kind == _SHORT:
                trio = seat[s : s + 3]
                for x, y in itertools.combinations(trio, 2):
                    opp[x][y] += sign
                    opp[y][x] += sign
                for x in trio:
                    self.short[x] += sign
            else:
                self.sits[seat[s]] += sign

    def cost_tables(self) -> tuple[list[list[int]], list[list[int]], list[int], list[int]]:
        """Marginal cost of seating each pair as partners / opponents, and per player."""
        n, part, opp = self.n, self.part, self.opp
        top = max((part[i][j] + opp[i][j] for i in range(n) for j in range(n)), default=0)
        meet = [3 ** min(m, _MEET_EXPONENT_CAP) - 1 for m in range(top + 1)]
        epart, eopp = self.epart, self.eopp
        as_partners = [
            [
                _W_PARTNER * p + meet[p + o] + _W_EARLIER_PARTNER * ep + _W_EARLIER_OPPONENT * eo
                for p, o, ep, eo in zip(part[i], opp[i], epart[i], eopp[i], strict=True)
            ]
            for i in range(n)
        ]
        as_opponents = [
            [
                _W_OPPONENT * o + meet[p + o] + _W_EARLIER_OPPONENT * eo
                for p, o, eo in zip(part[i], opp[i], eopp[i], strict=True)
            ]
            for i in range(n)
        ]
        sit_cost = [_W_SIT_OUT * s for s in self.sits]
        short_cost = [_W_SHORT_TABLE * t for t in self.short]
        return as_partners, as_opponents, sit_cost, short_cost


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
    pc, oc, so, t3 = counts.cost_tables()
    kinds, starts, group_of = layout.kinds, layout.starts, layout.group_of

    def group_cost(g: int) -> int:
        kind, s = kinds[g], starts[g]
        if kind == _TABLE:
            a, b, c, d = seat[s], seat[s + 1], seat[s + 2], seat[s + 3]
            oa, ob = oc[a], oc[b]
            return pc[a][b] + pc[c][d] + oa[c] + oa[d] + ob[c] + ob[d]
        if kind == _SHORT:
            a, b, c = seat[s], seat[s + 1], seat[s + 2]
            return oc[a][b] + oc[a][c] + oc[b][c] + t3[a] + t3[b] + t3[c]
        return so[seat[s]]

    costs = [group_cost(g) for g in range(len(kinds))]
    total = sum(costs)
    # Nothing can beat this: no pair costs, the cheapest sit-outs and tables of three.
    bound = sum(sorted(so[p] for p in seat)[: layout.sit_outs])
    shorts = kinds.count(_SHORT) * _SHORT
    if shorts:
        bound += sum(sorted(t3[p] for p in seat)[:shorts])
    best, best_seat = total, seat[:]
    movable = layout.slots if move_sit_outs else layout.seated
    if movable < 2 or (len(kinds) < 2 and kinds[0] == _SHORT):
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
            # Only swapping across the sides of one table of four changes anything.
            if kinds[g1] != _TABLE or (s1 - starts[g1]) // 2 == (s2 - starts[g1]) // 2:
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


def _construct_round(counts: _Counts, layout: _Layout, rng: random.Random) -> list[int]:
    """Seat one round from scratch against `counts`; the fewest sit-outs sit out."""
    slots = layout.slots
    iters = _construct_iters(layout)
    restarts = max(1, min(6, _RESTART_SLOTS // slots))
    best_seat: list[int] = []
    best = -1
    for _ in range(restarts):
        seat, cost = _anneal(_fair_start(counts, rng), layout, counts, rng, iters, move_sit_outs=True)
        if best < 0 or cost < best:
            best, best_seat = cost, seat
    if _repeated_partners(best_seat, layout, counts):
        for attempt in range(_MATCHING_ATTEMPTS):
            start = best_seat if attempt == 0 else _fair_start(counts, rng)
            seat = _seat_by_matching(start, layout, counts, rng)
            if seat is not None:
                return seat
    return best_seat


def _fair_start(counts: _Counts, rng: random.Random) -> list[int]:
    """A random seating whose last slots (the sit-outs) hold the fewest sit-outs."""
    order = list(range(counts.n))
    rng.shuffle(order)
    order.sort(key=lambda p: -counts.sits[p])  # stable: ties stay shuffled
    return order


def _repeated_partners(seat: Sequence[int], layout: _Layout, counts: _Counts) -> int:
    part = counts.part
    return sum(
        1
        for g, kind in enumerate(layout.kinds)
        if kind == _TABLE
        for s in (layout.starts[g], layout.starts[g] + 2)
        if part[seat[s]][seat[s + 1]]
    )


def _seat_by_matching(
    start: list[int], layout: _Layout, counts: _Counts, rng: random.Random
) -> list[int] | None:
    """Keep the sit-outs of `start`, find new partners for everyone if possible.

    Simulated annealing can miss the last ways to avoid a repeated partner late in
    a night; a maximum matching over the pairs who have never partnered cannot.
    Needs networkx and tables of four only; returns None when it cannot help.
    """
    if layout.kinds.count(_SHORT):
        return None
    try:
        import networkx as nx  # optional, only for this rescue
    except ImportError:  # pragma: no cover - networkx is in requirements.txt
        return None
    seated, out = start[: layout.seated], start[layout.seated :]
    pc, _, _, _ = counts.cost_tables()
    ceiling = max(pc[a][b] for a in seated for b in seated) + 1
    graph = nx.Graph()
    graph.add_nodes_from(seated)
    graph.add_weighted_edges_from(
        (a, b, ceiling - pc[a][b]) for a, b in itertools.combinations(seated, 2) if not counts.part[a][b]
    )
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) < len(seated):
        return None
    pairs = sorted(tuple(sorted(edge)) for edge in matching)
    rng.shuffle(pairs)
    seat = [p for pair in pairs for p in pair] + out
    seat, _ = _anneal(
        seat,
        layout,
        counts,
        rng,
        _construct_iters(layout),
        move_sit_outs=False,
        keep_partners=True,
    )
    return seat


def _complete_night(
    planned: list[list[int]], rounds: int, n: int, layout: _Layout, rng: random.Random
) -> list[list[int]]:
    """Extend `planned` to `rounds` rounds with the search, then polish the new rounds."""
    night = [seat[:] for seat in planned[:rounds]]
    fixed = len(night)
    counts = _Counts(n)
    for seat in night:
        counts.add(seat, layout)
    while len(night) < rounds:
        seat = _construct_round(counts, layout, rng)
        counts.add(seat, layout)
        night.append(seat)
    _polish(night, fixed, counts, layout, rng, keep_partners=False)
    return night


def _factorized_night(n: int, rounds: int, layout: _Layout, rng: random.Random) -> list[list[int]] | None:
    """Partners from a 1-factorisation of K_n, so no pair partners twice per cycle.

    Only for tables of four with at most one sit-out (n = 0 or 1 mod 4). The
    round-robin "circle method" gives n - 1 (n even) or n (n odd, the player
    left without a partner sits out) perfect matchings; the search then only
    decides which two partnerships share a table.
    """
    if layout.kinds.count(_SHORT) or layout.sit_outs > 1:
        return None
    even = n + n % 2  # with a dummy player for odd n; its partner sits out
    fixed_point, cycle = even - 1, even - 1
    night: list[list[int]] = []
    counts = _Counts(n)
    while len(night) < rounds:
        label = list(range(n))
        rng.shuffle(label)
        label.append(n)  # the dummy of an odd field keeps its number
        order = list(range(cycle))
        rng.shuffle(order)
        for r in order[: rounds - len(night)]:
            pairs = [(fixed_point, r)] + [((r + i) % cycle, (r - i) % cycle) for i in range(1, even // 2)]
            rng.shuffle(pairs)
            seat, out = [], []
            for a, b in pairs:
                if n in (label[a], label[b]):
                    out.append(label[a] + label[b] - n)
                else:
                    seat += [label[a], label[b]]
            seat, _ = _anneal(
                seat + out,
                layout,
                counts,
                rng,
                _construct_iters(layout),
                move_sit_outs=False,
                keep_partners=True,
            )
            counts.add(seat, layout)
            night.append(seat)
    _polish(night, 0, counts, layout, rng, keep_partners=True)
    return night


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


def _meeting_bound(rounds: int, n: int, layout: _Layout) -> int:
    """No night can have its most frequent meeting below the average meeting count."""
    per_round = sum(12 if kind == _TABLE else 6 for kind in layout.kinds if kind != _OUT)
    return -(-rounds * per_round // (n * (n - 1)))


def _night_key(night: list[list[int]], n: int, layout: _Layout) -> tuple[int, ...]:
    """Lexicographic quality of a planned night (lower is better)."""
    counts = _Counts(n)
    worst_spread = 0
    for seat in night:
        counts.add(seat, layout)
        worst_spread = max(worst_spread, max(counts.sits) - min(counts.sits))
    pairs = [(counts.part[i][j], counts.opp[i][j]) for i in range(n) for j in range(i + 1, n)]
    repeats = sum(p - 1 for p, _ in pairs if p > 1)
    meetings = max(p + o for p, o in pairs)
    opponents = max(o for _, o in pairs)
    spread = sum((3 ** min(p + o, _MEET_EXPONENT_CAP)) + o * o for p, o in pairs)
    return (repeats, worst_spread, meetings, opponents, spread)


def _to_round(seat: Sequence[int], layout: _Layout, ids: Sequence[int]) -> RoundSeating:
    tables = []
    for g, kind in enumerate(layout.kinds):
        s = layout.starts[g]
        if kind == _TABLE:
            sides = [
                tuple(sorted((ids[seat[s]], ids[seat[s + 1]]))),
                tuple(sorted((ids[seat[s + 2]], ids[seat[s + 3]]))),
            ]
        elif kind == _SHORT:
            sides = [(ids[p],) for p in seat[s : s + 3]]
        else:
            continue
        tables.append(TableSeating(tuple(sorted(sides))))
    tables.sort(key=lambda t: t.sides)
    sit_out = tuple(sorted(ids[p] for p in seat[layout.seated :]))
    return RoundSeating(tuple(tables), sit_out)


# --- known designs -----------------------------------------------------------------

# Base rounds of Z-cyclic whist tournaments, found by exhaustive / randomised search
# and checked by tests/tournaments/test_seating.py. A game (a, b, c, d) is sides
# (a, b) against (c, d). For n = 0 (mod 4) the points are Z_(n-1) plus a fixed
# point written n-1; for n = 1 (mod 4) they are Z_n and point 0 sits out. Round i
# adds i to every finite point.
_WHIST_BASES: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    5: ((1, 4, 2, 3),),
    8: ((7, 0, 1, 3), (2, 6, 4, 5)),
    12: ((11, 0, 1, 3), (2, 9, 6, 7), (4, 10, 5, 8)),
    13: ((1, 4, 2, 7), (3, 12, 6, 8), (5, 11, 9, 10)),
    16: ((15, 0, 1, 2), (3, 6, 9, 11), (4, 13, 8, 12), (5, 10, 7, 14)),
    17: ((1, 2, 3, 8), (4, 15, 10, 12), (5, 9, 6, 13), (7, 16, 11, 14)),
    20: ((19, 0, 1, 2), (3, 5, 9, 15), (4, 14, 12, 17), (6, 18, 10, 13), (7, 11, 8, 16)),
    21: ((1, 2, 3, 6), (4, 13, 12, 19), (5, 9, 14, 16), (7, 20, 11, 17), (8, 18, 10, 15)),
    24: (
        (23, 1, 20, 16),
        (5, 10, 21, 19),
        (6, 0, 8, 18),
        (12, 11, 9, 17),
        (3, 15, 22, 2),
        (13, 4, 14, 7),
    ),
    25: (
        (10, 20, 24, 21),
        (23, 5, 13, 4),
        (22, 3, 9, 1),
        (16, 17, 19, 8),
        (11, 15, 6, 18),
        (7, 2, 12, 14),
    ),
    28: (
        (27, 23, 25, 11),
        (10, 22, 1, 5),
        (26, 19, 6, 4),
        (13, 2, 9, 3),
        (17, 12, 21, 20),
        (16, 7, 15, 18),
        (0, 8, 14, 24),
    ),
    29: (
        (28, 5, 23, 9),
        (7, 27, 26, 25),
        (8, 16, 2, 4),
        (21, 10, 22, 18),
        (14, 17, 11, 1),
        (13, 6, 15, 20),
        (19, 3, 24, 12),
    ),
    32: (
        (31, 10, 14, 29),
        (9, 5, 30, 20),
        (13, 6, 26, 8),
        (19, 27, 11, 0),
        (2, 3, 16, 28),
        (23, 1, 22, 25),
        (18, 24, 17, 15),
        (7, 12, 21, 4),
    ),
    33: (
        (2, 17, 10, 30),
        (27, 22, 7, 16),
        (5, 1, 9, 31),
        (21, 20, 19, 25),
        (18, 32, 15, 8),
        (11, 14, 26, 28),
        (13, 3, 12, 24),
        (23, 6, 29, 4),
    ),
}
# No Z-cyclic Wh(9) exists; this one lives on Z_3 x Z_3, element (x, y) written 3x + y.
_WHIST_9_BASE = ((1, 2, 3, 6), (4, 8, 5, 7))


def _whist_cycle(n: int) -> list[list[tuple[int, int, int, int]]] | None:
    """All rounds of Wh(n) as games over points 0..n-1, or None if we have none."""
    if n == 9:

        def add9(x: int, i: int) -> int:
            return 3 * ((x // 3 + i // 3) % 3) + (x % 3 + i % 3) % 3

        return [[tuple(add9(x, i) for x in game) for game in _WHIST_9_BASE] for i in range(9)]
    base = _WHIST_BASES.get(n)
    if base is None:
        return None
    if n % 4 == 1:
        return [[tuple((x + i) % n for x in game) for game in base] for i in range(n)]
    m = n - 1
    return [[tuple(x if x == m else (x + i) % m for x in game) for game in base] for i in range(m)]


def _affine_plane_16() -> list[list[tuple[int, int, int, int]]]:
    """The 5 parallel classes of AG(2, 4): 16 points, lines of 4, each pair on one line."""
    # GF(4) = {0, 1, w, w+1} as 0..3: addition is XOR, multiplication by table.
    mul = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
    classes = [[tuple(4 * c + y for y in range(4)) for c in range(4)]]  # x = c
    for slope in range(4):
        classes.append([tuple(4 * x + (mul[slope][x] ^ c) for x in range(4)) for c in range(4)])
    return classes


def _designed_night(
    n: int, rounds: int, layout: _Layout, rng: random.Random
) -> tuple[list[list[list[int]]], bool]:
    """Nights, or their first rounds, taken from designs; and whether the first is best.

    A whole number of whist cycles, or up to 5 rounds of AG(2, 4) for 16 players,
    cannot be beaten and is returned alone with True. Otherwise the candidates are
    whole cycles plus the start of one more, and (after at least one cycle) whole
    cycles alone for the search to complete. Designs are relabelled by a seeded
    permutation so that different seeds give different nights.
    """
    fours = layout.kinds.count(_TABLE)
    if layout.kinds.count(_SHORT) or layout.sit_outs > 1 or fours * 4 + layout.sit_outs != n:
        return [], False
    label = list(range(n))
    rng.shuffle(label)
    if n == 16 and rounds <= 5:
        games = _affine_plane_16()[:rounds]
        return [[_seat_from_games(r, label, layout) for r in games]], True
    cycle = _whist_cycle(n)
    if cycle is None:
        return [], False
    full, rest = divmod(rounds, len(cycle))
    night: list[list[int]] = []
    for _ in range(full):
        night.extend(_seat_from_games(r, label, layout) for r in cycle)
        rng.shuffle(label)
    if rest == 0:
        return [night], True
    candidates = [night + [_seat_from_games(r, label, layout) for r in cycle[:rest]]]
    if full:
        candidates.append(night)
    return candidates, False


def _seat_from_games(games: Sequence[tuple[int, ...]], label: Sequence[int], layout: _Layout) -> list[int]:
    seat = [label[x] for game in games for x in game]
    seated = set(seat)
    seat += [label[x] for x in range(len(label)) if label[x] not in seated]
    assert len(seat) == layout.slots
    return seat
