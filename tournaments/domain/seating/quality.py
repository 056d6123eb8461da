"""Quality measures: the summary of a night for the caller, and the lexicographic key and
lower bound that pick the best candidate night."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from tournaments.domain.seating.cost import MEET_EXPONENT_CAP, Counts
from tournaments.domain.seating.layout import OUT, Layout
from tournaments.domain.seating.values import RoundSeating, SeatingHistory, SeatingQuality


def seating_quality(
    rounds: Sequence[RoundSeating], players: Sequence[int], clubs: Mapping[int, int] | None = None
) -> SeatingQuality:
    """Summarise `rounds`; the sit-out and side-of-three spreads are taken over `players`, the
    meetings of one club by `clubs` (player id -> club id; none without it)."""
    history = SeatingHistory()
    three_spread = 0
    for seating in rounds:
        history.record(seating)
        if history.three_sides:
            threes = [history.three_sides[p] for p in players]
            three_spread = max(three_spread, max(threes) - min(threes) if threes else 0)
    meetings = Counter(history.partners)
    meetings.update(history.opponents)
    sit_outs = [history.sit_outs[p] for p in players]
    return SeatingQuality(
        repeated_partners=sum(k - 1 for k in history.partners.values() if k > 1),
        max_meetings=max(meetings.values(), default=0),
        max_partnered=max(history.partners.values(), default=0),
        sit_out_spread=max(sit_outs) - min(sit_outs) if sit_outs else 0,
        club_meetings=club_meetings(rounds, clubs or {}),
        club_partners=club_partners(rounds, clubs or {}),
        three_side_spread=three_spread,
    )


def club_meetings(rounds: Iterable[RoundSeating], clubs: Mapping[int, int], *, partners: bool = True) -> int:
    """How many times two players of one club sat at one table in `rounds`, each two each round.

    `clubs`: player id -> club id (missing: no club). Without `partners` only opponents count (a
    fixed partnership of one club is the event's pair, not the seating's doing)."""
    count = 0
    for seating in rounds:
        for table in seating.tables:
            sides = [[clubs.get(p) for p in side] for side in table.sides]
            if partners:
                everyone = [c for side in sides for c in side]
                count += sum(1 for a, b in itertools.combinations(everyone, 2) if a is not None and a == b)
                continue
            for side_a, side_b in itertools.combinations(sides, 2):
                count += sum(1 for a in side_a for b in side_b if a is not None and a == b)
    return count


def club_partners(rounds: Iterable[RoundSeating], clubs: Mapping[int, int]) -> int:
    """How many times two players of one club were partners (one side of a table) in `rounds`.

    `clubs`: player id -> club id (missing: no club). With `club_meetings(..., partners=False)`,
    the opponents, these make up `club_meetings`."""
    count = 0
    for seating in rounds:
        for table in seating.tables:
            for side in table.sides:
                of = [clubs.get(p) for p in side]
                count += sum(1 for a, b in itertools.combinations(of, 2) if a is not None and a == b)
    return count


def meeting_bound(rounds: int, n: int, layout: Layout) -> int:
    """No night can have its most frequent meeting below the average meeting count."""
    per_round = sum(sum(kind) * (sum(kind) - 1) for kind in layout.kinds if kind != OUT)
    return -(-rounds * per_round // (n * (n - 1)))


def night_key(night: list[list[int]], n: int, layout: Layout) -> tuple[int, ...]:
    """Lexicographic quality of a planned night (lower is better)."""
    counts = Counts(n)
    worst_spread = worst_three = 0
    for seat in night:
        counts.add(seat, layout)
        worst_spread = max(worst_spread, max(counts.sits) - min(counts.sits))
        worst_three = max(worst_three, max(counts.three) - min(counts.three))
    pairs = [(counts.part[i][j], counts.opp[i][j]) for i in range(n) for j in range(i + 1, n)]
    repeats = sum(p - 1 for p, _ in pairs if p > 1)
    meetings = max(p + o for p, o in pairs)
    opponents = max(o for _, o in pairs)
    spread = sum((3 ** min(p + o, MEET_EXPONENT_CAP)) + o * o for p, o in pairs)
    return (repeats, worst_spread, worst_three, meetings, opponents, spread)
