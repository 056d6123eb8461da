"""A season table from the nights' standings. Design: docs/seating.md#seasons."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class NightResult:
    night: int  # the event's id
    victory_points: int
    point_difference: int


@dataclass(slots=True, kw_only=True)
class SeasonRow:
    player: int
    name: str
    nights: int = 0
    counted: int = 0
    victory_points: int = 0
    point_difference: int = 0
    qualified: bool = True
    rank: int = 0
    movement: int | None = None


def season_table(
    nights: Sequence[int],
    results: Mapping[int, Sequence[NightResult]],
    names: Mapping[int, str],
    *,
    best_n: int | None = None,
    min_nights: int = 0,
) -> list[SeasonRow]:
    """The season table over `nights` (event ids, oldest first); `results` maps player id to their
    nights' results, players with none left out."""
    rows = _ranked(nights, results, names, best_n, min_nights)
    if len(nights) > 1:
        before = {row.player: row.rank for row in _ranked(nights[:-1], results, names, best_n, min_nights)}
        for row in rows:
            previous = before.get(row.player)
            row.movement = None if previous is None else previous - row.rank
    return rows


def _ranked(
    nights: Sequence[int],
    results: Mapping[int, Sequence[NightResult]],
    names: Mapping[int, str],
    best_n: int | None,
    min_nights: int,
) -> list[SeasonRow]:
    order = {night: index for index, night in enumerate(nights)}
    rows = []
    for player, played in results.items():
        played = [r for r in played if r.night in order]
        if not played:
            continue
        chosen = sorted(played, key=lambda r: (-r.victory_points, -r.point_difference, order[r.night]))
        if best_n is not None:
            chosen = chosen[:best_n]
        rows.append(
            SeasonRow(
                player=player,
                name=names.get(player, ""),
                nights=len(played),
                counted=len(chosen),
                victory_points=sum(r.victory_points for r in chosen),
                point_difference=sum(r.point_difference for r in chosen),
                qualified=len(played) >= min_nights,
            )
        )

    def merit(row: SeasonRow) -> tuple[bool, int, int]:
        return (not row.qualified, -row.victory_points, -row.point_difference)

    rows.sort(key=lambda row: (*merit(row), row.name, row.player))
    for position, row in enumerate(rows, start=1):
        previous = rows[position - 2] if position > 1 else None
        row.rank = previous.rank if previous is not None and merit(previous) == merit(row) else position
    return rows
