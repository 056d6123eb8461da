"""Where each seat of a round is: tables of four, tables of three and sit-outs.

A round is a flat list of local player indices, one per slot; `_Layout` says which slots
form which table.
"""

from __future__ import annotations

from dataclasses import dataclass

_TABLE = 4
_SHORT = 3
_OUT = 0


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
