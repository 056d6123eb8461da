"""Where each seat of a round is: the tables, each of its shape, and the sit-outs."""

from __future__ import annotations

from dataclasses import dataclass

Shape = tuple[int, ...]

TABLE: Shape = (2, 2)
SHORT: Shape = (1, 1, 1)
FIVE: Shape = (3, 2)
OUT: Shape = ()


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each seat is: the tables first (fours, then a table of five or the tables of three),
    then one slot per sit-out; at a table the slots run side after side. `main` is the event's own
    table; the others are odd tables, which the seating rotates."""

    kinds: tuple[Shape, ...]  # per group: its shape, or OUT
    starts: tuple[int, ...]  # per group: first slot
    group_of: tuple[int, ...]  # per slot
    side_of: tuple[int, ...]  # per slot: its side at the table (0 for a sit-out)
    seated: int  # slots [0, seated) are at tables
    main: Shape = TABLE

    @classmethod
    def for_field(
        cls,
        n: int,
        three_player_tables: bool = False,
        *,
        shape: Shape = TABLE,
        five_player_tables: bool = False,
    ) -> Layout:
        """The tables for `n` players at tables of `shape`, odd tables completing tables of four
        (docs/seating.md#individual-seating). Raises ValueError for too few players, or odd tables
        asked of another shape."""
        if isinstance(n, bool) or not isinstance(n, int):
            raise ValueError(f"number of players must be an int, got {n!r}")
        size = sum(shape)
        if len(shape) < 2 or min(shape) < 1:
            raise ValueError(f"a table needs two or more sides of players, got {shape!r}")
        odd: tuple[Shape, ...] = ()
        if shape != TABLE:
            if three_player_tables or five_player_tables:
                raise ValueError("tables of three or five complete only an event of tables of four")
            if n < size:
                raise ValueError(f"need at least {size} players for a table of {size}, got {n}")
            full, out = n // size, n % size
        elif three_player_tables or five_player_tables:
            full, odd, out = _fewest_sit_outs(n, three_player_tables, five_player_tables)
        else:
            if n < 4:
                raise ValueError(f"need at least 4 players for a table of four, got {n}")
            full, out = n // 4, n % 4
        kinds = (shape,) * full + odd + (OUT,) * out
        starts, group_of, side_of, slot = [], [], [], 0
        for g, kind in enumerate(kinds):
            starts.append(slot)
            for side, players in enumerate(kind or (1,)):
                group_of.extend([g] * players)
                side_of.extend([side if kind else 0] * players)
                slot += players
        return cls(kinds, tuple(starts), tuple(group_of), tuple(side_of), slot - out, shape)

    @property
    def slots(self) -> int:
        return len(self.group_of)

    @property
    def sit_outs(self) -> int:
        return self.slots - self.seated

    @property
    def only_fours(self) -> bool:
        """Tables of four and sit-outs alone: what the designs and the matchings are for."""
        return all(kind in (TABLE, OUT) for kind in self.kinds)

    def is_odd(self, kind: Shape) -> bool:
        """A table of three or five completing an event of tables of four."""
        return self.main == TABLE and kind in (SHORT, FIVE)


def _fewest_sit_outs(n: int, threes: bool, fives: bool) -> tuple[int, tuple[Shape, ...], int]:
    """(tables of four, the odd tables, sit-outs) for `n` players, tables of three (`threes`) and/or
    five (`fives`) allowed: fewest sit-outs, then fewest odd tables, fives before threes. Raises
    ValueError below 3 players."""
    smallest = 3 if threes else 4
    if n < smallest:
        raise ValueError(f"need at least {smallest} players for a table, got {n}")
    best: tuple[tuple[int, int, int], tuple[int, tuple[Shape, ...], int]] | None = None
    for five in range(n // 5 + 1 if fives else 1):
        for three in range((n - 5 * five) // 3 + 1 if threes else 1):
            rest = n - 5 * five - 3 * three
            full, out = rest // 4, rest % 4
            key = (out, five + three, three)
            if best is None or key < best[0]:
                best = (key, (full, (FIVE,) * five + (SHORT,) * three, out))
    assert best is not None
    return best[1]


def side_slots(kind: Shape, start: int) -> list[range]:
    """The slots of each side of a table of `kind` whose first slot is `start`."""
    sides, slot = [], start
    for players in kind:
        sides.append(range(slot, slot + players))
        slot += players
    return sides


def field_tables(
    n: int, three_player_tables: bool, five_player_tables: bool, shape: Shape = TABLE
) -> tuple[tuple[int, ...], int]:
    """(the players at each table, how many sit out) a round of `n` players gets: what the
    director is told before seating ("14 present: 4 + 5 + 5, no one sits out"). Raises
    ValueError as `Layout.for_field`."""
    layout = Layout.for_field(n, three_player_tables, shape=shape, five_player_tables=five_player_tables)
    return tuple(sum(kind) for kind in layout.kinds if kind), layout.sit_outs
