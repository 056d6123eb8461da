"""Rank an event's players or pairs from game results (docs/seating.md#standings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from tournaments.domain import victory_points as vp


@dataclass(frozen=True, slots=True, kw_only=True)
class SideResult:
    """One side of one game for the standings (points: its game total); `points_against`: the
    best total among the other sides."""

    players: tuple[int, ...]
    points_for: int
    points_against: int
    finished: bool
    won: bool
    drew: bool
    hands: int = 0
    side: str = ""  # the side's label ("NS", "EW"; "N", "E", "S" at a table of three)


# What counts of a game without a hand in an event that asks for confirmation: nothing, and
# the game is not finished.
NOTHING_CONFIRMED: tuple[Mapping[str, int], bool] = ({}, False)


def game_side_results(
    players: Mapping[str, Sequence[int]],
    totals: Mapping[str, int],
    *,
    finished: bool,
    winner: str,
    is_draw: bool,
    hands: int,
    confirmed: tuple[Mapping[str, int], bool] | None = None,
) -> list[SideResult]:
    """One SideResult per side of a game, in the order of `players` (side label -> player ids);
    `totals` in points; `confirmed` (confirmed hands' totals, all confirmed?) where only
    confirmed points count. Raises nothing."""
    if confirmed is not None:
        totals, all_confirmed = confirmed
        finished = finished and all_confirmed
    results = []
    for side, side_players in players.items():
        others = [total for other, total in totals.items() if other != side]
        results.append(
            SideResult(
                side=side,
                players=tuple(side_players),
                points_for=totals.get(side, 0),
                points_against=max(others) if others else 0,
                finished=finished,
                won=finished and winner == side,
                drew=finished and is_draw,
                hands=hands,
            )
        )
    return results


def result_victory_points(result: SideResult, scale: vp.Scale) -> int | None:
    """A side's victory points from its game on `scale`; None while the game is not finished."""
    if not result.finished:
        return None
    return vp.side_victory_points(
        scale,
        difference=result.points_for - result.points_against,
        hands=result.hands,
        won=result.won,
        drew=result.drew,
    )


# A side's outcome in the round results: its result once the game counts in the standings,
# else the game's state (in play, or over but waiting for a hand's confirmation).
WON, DREW, LOST = "won", "drew", "lost"
IN_PLAY, UNCONFIRMED = "in_play", "unconfirmed"
SAT_OUT = "sat_out"  # a player who sat the round out (a sit-out or a bye): no table, no result


def side_outcome(result: SideResult, *, game_over: bool) -> str:
    """WON, DREW or LOST once the game counts (`result.finished`); else UNCONFIRMED (over,
    waiting for a confirmation) or IN_PLAY."""
    if result.finished:
        return WON if result.won else DREW if result.drew else LOST
    return UNCONFIRMED if game_over else IN_PLAY


# `separated_by` of the last row with a game when rows without one follow it.
PLAYED = "played"


def nothing_counted(games: int, victory_points: int, points_for: int, points_against: int) -> bool:
    """A standings row with nothing to rank by yet (a late player before their first game): it is
    listed after every row with a game, whatever their figures."""
    return not (games or victory_points or points_for or points_against)


@dataclass(frozen=True, slots=True, kw_only=True)
class Credit:
    """Victory points credited for missed rounds (tournaments.domain.missed_rounds)."""

    victory_points: int = 0


@dataclass(slots=True, kw_only=True)
class Figures:
    """A player's or pair's counts (points in Canasta points) and `criteria`."""

    games: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0
    victory_points: int = 0
    match_points: int = 0
    points_for: int = 0
    points_against: int = 0
    finished_points: int = 0
    rank: int = 0
    separated_by: str = ""

    @property
    def no_game(self) -> bool:
        """Nothing counted yet: no game finished or in play with points, no credit."""
        return nothing_counted(self.games, self.victory_points, self.points_for, self.points_against)

    def criteria(self) -> dict[str, int]:
        return {
            "victory_points": self.victory_points,
            "match_points": self.match_points,
            "point_difference": self.points_for - self.points_against,
            "points_for": self.points_for,
            "wins": self.wins,
            "points_against": self.points_against,
        }


@dataclass(slots=True, kw_only=True)
class StandingRow(Figures):
    player: int
    name: str = ""


def rank_players(
    results: Iterable[SideResult],
    names: dict[int, str],
    credits: Mapping[int, Credit] | None = None,
    *,
    scale: vp.Scale | None = None,
    tie_breaks: Sequence[str] = vp.DEFAULT_TIE_BREAKS,
) -> list[StandingRow]:
    """Ranked rows for every player in `names` (id -> display name), an empty row for one with
    no game. `credits`: missed rounds' victory points (docs/seating.md#missed-rounds); `scale`:
    2-1-0 by default; `tie_breaks` checked already (`victory_points.checked_tie_breaks`)."""
    scale = scale or vp.PRESETS[vp.DEFAULT_SCALE]
    rows = {player: StandingRow(player=player, name=name) for player, name in names.items()}
    for player, credit in (credits or {}).items():
        if player in rows:
            rows[player].victory_points += credit.victory_points
    for result in results:
        finished = result.finished
        if finished:  # the same for every player of the side: worked out once
            match_points = vp.match_points(won=result.won, drew=result.drew)
            victory_points = result_victory_points(result, scale) or 0
        for player in result.players:
            row = rows.get(player)
            if row is None:
                row = rows[player] = StandingRow(player=player, name=names.get(player, ""))
            row.points_for += result.points_for
            row.points_against += result.points_against
            if not finished:
                continue
            row.games += 1
            row.finished_points += result.points_for
            if result.won:
                row.wins += 1
            elif result.drew:
                row.draws += 1
            else:
                row.losses += 1
            row.match_points += match_points
            row.victory_points += victory_points
    return _ranked(list(rows.values()), lambda r: (r.name, r.player), tie_breaks)


class _Ranked(Protocol):
    rank: int
    separated_by: str

    @property
    def no_game(self) -> bool: ...

    def criteria(self) -> dict[str, int]: ...


_Row = TypeVar("_Row", bound=_Ranked)


def _ranked(
    rows: list[_Row], listed: Callable[[_Row], tuple[str | int, ...]], tie_breaks: Sequence[str]
) -> list[_Row]:
    """`rows` best first by criteria (then `listed`), each with its rank (shared when equal on
    all: 1, 2, 2, 4) and `separated_by`; rows with no game after the others (the row before
    them separated by PLAYED)."""
    criteria = [row.criteria() for row in rows]
    order = sorted(
        range(len(rows)),
        key=lambda i: (rows[i].no_game, *vp.standings_key(criteria[i], tie_breaks), *listed(rows[i])),
    )
    ordered = [rows[i] for i in order]
    for position, i in enumerate(order, start=1):
        row = rows[i]
        following = criteria[order[position]] if position < len(order) else None
        row.separated_by = vp.separating_criterion(criteria[i], following, tie_breaks)
        if following is not None and not row.no_game and rows[order[position]].no_game:
            row.separated_by = PLAYED
        previous = ordered[position - 2] if position > 1 else None
        row.rank = previous.rank if previous is not None and previous.separated_by == vp.TIED else position
    return ordered


@dataclass(slots=True, kw_only=True)
class PairStandingRow(Figures):
    """A pair's row: its number, two players and their shared figures (`rank_pairs`)."""

    pair: int
    players: tuple[int, int]
    partners_differ: bool = False


_FIGURES = (
    "games",
    "wins",
    "draws",
    "losses",
    "victory_points",
    "match_points",
    "points_for",
    "points_against",
    "finished_points",
)


def rank_pairs(
    rows: Iterable[StandingRow],
    pairs: Mapping[int, tuple[int, int]],
    *,
    tie_breaks: Sequence[str] = vp.DEFAULT_TIE_BREAKS,
) -> list[PairStandingRow]:
    """A fixed-partnership event's standings per pair: `rows` the players', `pairs` number ->
    two player ids. A pair takes its first player's figures (`partners_differ` when they
    differ); no row: an empty one. Ties share a rank, listed by number."""
    by_player = {row.player: row for row in rows}
    ranked = []
    for number, players in pairs.items():
        mine = [by_player[player] for player in players if player in by_player]
        row = PairStandingRow(pair=number, players=players)
        if mine:
            for figure in _FIGURES:
                setattr(row, figure, getattr(mine[0], figure))
            row.partners_differ = any(
                getattr(other, figure) != getattr(mine[0], figure)
                for other in mine[1:]
                for figure in _FIGURES
            )
        ranked.append(row)
    return _ranked(ranked, lambda r: (r.pair,), tie_breaks)
