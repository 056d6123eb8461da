"""What a seating planner returns: a round's tables and sit-outs as player ids."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass

from tournaments.models import Round


@dataclass(frozen=True, slots=True)
class PlannedTable:
    """One table to store: sides of player ids (NS first) and why it was paired so."""

    sides: tuple[tuple[int, ...], ...]
    note: str = ""


@dataclass(frozen=True, slots=True)
class PlannedRound:
    tables: tuple[PlannedTable, ...]
    sit_out: tuple[int, ...]


# (the round, the player ids present and not withdrawn, the players at its locked tables) ->
# the round's new tables. Raises ValueError when the round cannot be seated.
Planner = Callable[[Round, Collection[int], Collection[int]], PlannedRound]
