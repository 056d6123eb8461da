"""The value objects the caller sees: tables, rounds, the history of earlier rounds, and the
quality summary of a night."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from tournaments.domain.seating.layout import FIVE, SHORT


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table: its sides, each a tuple of player ids (2 sides of 2 partners; 3 sides of one
    player at a table of three; a side of three and a side of two at a table of five; ...)."""

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

    ``three_sides``: the side of three at a table of five. ``earlier_partners`` and ``earlier_opponents``
    (earlier nights) weigh below tonight's ``partners``. ``record`` and ``from_rounds`` fill tonight's
    counts only; ``record_earlier`` the earlier nights'."""

    partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    opponents: Counter[tuple[int, int]] = field(default_factory=Counter)
    sit_outs: Counter[int] = field(default_factory=Counter)
    short_tables: Counter[int] = field(default_factory=Counter)
    five_tables: Counter[int] = field(default_factory=Counter)
    three_sides: Counter[int] = field(default_factory=Counter)
    earlier_partners: Counter[tuple[int, int]] = field(default_factory=Counter)
    earlier_opponents: Counter[tuple[int, int]] = field(default_factory=Counter)

    @classmethod
    def from_rounds(cls, rounds: Iterable[RoundSeating]) -> SeatingHistory:
        """Count partners, opponents, sit-outs, tables of three and five and sides of three over
        `rounds`."""
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
            shape = tuple(sorted((len(side) for side in table.sides), reverse=True))
            odd = {SHORT: self.short_tables, FIVE: self.five_tables}.get(shape)
            if odd is not None:
                for p in table.players:
                    odd[p] += 1
            if shape == FIVE:
                self.three_sides.update(next(side for side in table.sides if len(side) == 3))
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
    club_meetings: int = 0  # two players of one club at one table, each round (quality.club_meetings)
    club_partners: int = 0  # of those, the two as partners (quality.club_partners)
    three_side_spread: int = 0  # max - min sides of three at tables of five, worst after any round
