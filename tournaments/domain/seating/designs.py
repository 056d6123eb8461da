"""Known designs: whist tournaments Wh(n) and the affine plane AG(2, 4) for 16 players."""

from __future__ import annotations

import random
from collections.abc import Sequence

from tournaments.domain.seating.layout import TABLE, Layout

# Base rounds of Z-cyclic whist tournaments, found by exhaustive / randomised search
# and checked by tests/tournaments/domain/test_seating.py. A game (a, b, c, d) is sides
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


def _whist_cycle(n: int) -> list[list[tuple[int, ...]]] | None:
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


def _affine_plane_16() -> list[list[tuple[int, ...]]]:
    """The 5 parallel classes of AG(2, 4): 16 points, lines of 4, each pair on one line."""
    # GF(4) = {0, 1, w, w+1} as 0..3: addition is XOR, multiplication by table.
    mul = ((0, 0, 0, 0), (0, 1, 2, 3), (0, 2, 3, 1), (0, 3, 1, 2))
    classes = [[tuple(4 * c + y for y in range(4)) for c in range(4)]]  # x = c
    for slope in range(4):
        classes.append([tuple(4 * x + (mul[slope][x] ^ c) for x in range(4)) for c in range(4)])
    return classes


def designed_night(
    n: int, rounds: int, layout: Layout, rng: random.Random
) -> tuple[list[list[list[int]]], bool]:
    """Nights, or their first rounds, taken from designs, and whether the first is best
    (docs/seating.md#how-a-night-is-planned)."""
    fours = layout.kinds.count(TABLE)
    if not layout.only_fours or layout.sit_outs > 1 or fours * 4 + layout.sit_outs != n:
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


def _seat_from_games(games: Sequence[tuple[int, ...]], label: Sequence[int], layout: Layout) -> list[int]:
    seat = [label[x] for game in games for x in game]
    seated = set(seat)
    seat += [label[x] for x in range(len(label)) if label[x] not in seated]
    assert len(seat) == layout.slots
    return seat
