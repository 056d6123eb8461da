"""Where each seat of a round is: the tables, each of its shape, and the sit-outs.

A table's shape is the number of players seated on each side: (2, 2) two partnerships,
(1, 1) and (1, 1, 1) players alone, (3, 3) and (2, 2, 2) six players, (3, 2) five (the side of
three sits out one player a hand). A round is a flat list of local player indices, one per
slot; `Layout` says which slots form which table and which side.
"""

from __future__ import annotations

from dataclasses import dataclass

Shape = tuple[int, ...]

TABLE: Shape = (2, 2)
SHORT: Shape = (1, 1, 1)
FIVE: Shape = (3, 2)
OUT: Shape = ()


@dataclass(frozen=True, slots=True)
class Layout:
    """Where each seat is: the tables first (fours, then a table of five or the tables of
    three), then one slot per sit-out.

    At a table the slots run side after side: (A, A, B, B) at a table of four, (A, A, A, B, B)
    at a table of five. `main` is the event's own table; a table of three or five in an event
    of tables of four is an odd table, which the seating rotates.
    """

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
        """The tables for `n` players at tables of `shape`. In an event of tables of four, the
        players a multiple of four leaves over sit out, or play at tables of three
        (`three_player_tables`: 6 = 3+3, 7 = 4+3, 10 = 4+3+3) or, one left over, at a table
        of five (`five_player_tables`: 9 = 4+5, 13 = 4+4+5). Raises ValueError for too few
        players, or odd tables asked of another shape."""
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
        elif five_player_tables and n % 4 == 1 and n >= 5:
            full, out, odd = (n - 5) // 4, 0, (FIVE,)
        elif three_player_tables:
            if n < 3:
                raise ValueError(f"need at least 3 players for a table of three, got {n}")
            short = {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
            if n == 5:  # 5 is neither 4+... nor 3+...: one table of four, one sit-out
                short = 0
            full, out = (n - 3 * short) // 4, (n - 3 * short) % 4
            odd = (SHORT,) * short
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


def side_slots(kind: Shape, start: int) -> list[range]:
    """The slots of each side of a table of `kind` whose first slot is `start`."""
    sides, slot = [], start
    for players in kind:
        sides.append(range(slot, slot + players))
        slot += players
    return sides
