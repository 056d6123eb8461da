"""Rank an event's players from their game results. Pure: no ORM, plain values in and out.

In an individual event each player takes their side's result at each table they played.
A finished game gives its winners 2 victory points and a draw gives both sides 1 (the usual
2-1-0 of club card play). Games still in progress count their points but no result yet, so
the standings move as hands are entered.

Order: victory points, then point difference, then points scored; players equal on all three
share a rank (1, 2, 2, 4), and are listed by name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

WIN_VICTORY_POINTS = 2
DRAW_VICTORY_POINTS = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class SideResult:
    """One side of one game, as the standings see it (points are the side's game total)."""

    players: tuple[int, ...]
    points_for: int
    points_against: int
    finished: bool
    won: bool
    drew: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Credit:
    """Victory points credited for rounds a player missed (see tournaments.missed_rounds)."""

    victory_points: int = 0


@dataclass(slots=True, kw_only=True)
class StandingRow:
    player: int
    name: str = ""
    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    victory_points: int = 0
    points_for: int = 0
    points_against: int = 0
    finished_points: int = 0
    rank: int = 0


def rank_players(
    results: Iterable[SideResult], names: dict[int, str], credits: Mapping[int, Credit] | None = None
) -> list[StandingRow]:
    """Standings rows for every player in `names`, ranked (see the module docstring).

    `results` holds one SideResult per side per game; `names` maps player id to the display
    name used to order players who share a rank. Players with no game get an empty row.
    `credits` adds victory points for missed rounds (no game, win or points).
    """
    rows = {player: StandingRow(player=player, name=name) for player, name in names.items()}
    for player, credit in (credits or {}).items():
        if player in rows:
            rows[player].victory_points += credit.victory_points
    for result in results:
        for player in result.players:
            row = rows.setdefault(player, StandingRow(player=player, name=names.get(player, "")))
            row.points_for += result.points_for
            row.points_against += result.points_against
            if not result.finished:
                continue
            row.games += 1
            row.finished_points += result.points_for
            if result.won:
                row.wins += 1
                row.victory_points += WIN_VICTORY_POINTS
            elif result.drew:
                row.draws += 1
                row.victory_points += DRAW_VICTORY_POINTS
            else:
                row.losses += 1
    ordered = sorted(rows.values(), key=lambda r: (*_merit(r), r.name, r.player))
    previous: tuple[int, ...] | None = None
    for position, row in enumerate(ordered, start=1):
        merit = _merit(row)
        row.rank = ordered[position - 2].rank if merit == previous else position
        previous = merit
    return ordered


def _merit(row: StandingRow) -> tuple[int, int, int]:
    # Negated so that an ascending sort puts the best first.
    return (-row.victory_points, -(row.points_for - row.points_against), -row.points_for)
