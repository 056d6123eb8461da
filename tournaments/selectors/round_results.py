"""Reads for a round's results: each table's confirmed totals and state, round by round."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Prefetch

from clubs.models import Player
from tournaments.domain import victory_points as vp
from tournaments.domain.standings import (
    IN_PLAY,
    NOTHING_CONFIRMED,
    UNCONFIRMED,
    game_side_results,
    result_victory_points,
    side_outcome,
)
from tournaments.models import Event, Round, Seat, SitOut, Stage, Table
from tournaments.selectors.standings import event_confirmed_totals, event_standings_rules

# A table's state in the round results: IN_PLAY, UNCONFIRMED (domain.standings) or FINISHED.
FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class SideLine:
    """One side of a table in the round results."""

    side: str  # "NS", "EW"; "N", "E", "S" at a table of three
    players: list[Player]  # in seat order
    points: int  # the side's game total (points), as the table page shows it
    result: str  # domain.standings.side_outcome: WON, DREW, LOST, IN_PLAY or UNCONFIRMED
    victory_points: int | None  # None until the game counts in the standings


@dataclass(frozen=True, slots=True)
class TableResult:
    """One table of a round: its game's sides, state and winner."""

    round: int
    number: int
    game_id: int
    hands: int
    state: str  # IN_PLAY, UNCONFIRMED or FINISHED
    winner: str  # the winning side's label; "" for a draw or while the game does not count
    sides: list[SideLine]
    ended_by_director: bool = False  # stopped at its score (services.game_stop), not played out


@dataclass(frozen=True, slots=True)
class RoundResult:
    number: int
    tables: list[TableResult]  # by table number
    sit_outs: list[Player]  # by name
    unfinished: int  # tables whose game does not count yet (in play, or awaiting a confirmation)
    stage: Stage | None = None  # None in an event without stages


def event_round_results(*, event: Event, number: int | None = None) -> list[RoundResult]:
    """Each seated round's results, round 1 first (round `number` alone: [] if not seated), victory
    points as the standings give them; four queries (five with confirmation)."""
    scale, _tie_breaks = event_standings_rules(event=event)
    seats = Seat.objects.select_related("player").order_by("position")
    tables = (
        Table.objects.select_related("game").prefetch_related(Prefetch("seats", seats)).order_by("number")
    )
    seated = event.rounds.filter(status=Round.Status.SEATED)
    if number is not None:
        seated = seated.filter(number=number)
    rounds = (
        seated.select_related("stage")
        .order_by("number")
        .prefetch_related(
            Prefetch("tables", tables),
            Prefetch("sit_outs", SitOut.objects.select_related("player").order_by("player__name")),
        )
    )
    confirmed = event_confirmed_totals(event=event) if event.confirmation_required else None
    results = []
    for round_ in rounds:
        lines = [
            _table_result(round_.number, table, scale, confirmed)
            for table in round_.tables.all()
            if getattr(table, "game", None) is not None
        ]
        sit_outs = [s.player for s in round_.sit_outs.all()]
        unfinished = sum(1 for line in lines if line.state != FINISHED)
        results.append(RoundResult(round_.number, lines, sit_outs, unfinished, round_.stage))
    return results


def _table_result(
    number: int, table: Table, scale: vp.Scale, confirmed: dict[int, tuple[dict[str, int], bool]] | None
) -> TableResult:
    """Table `table` of round `number` (its game and seats read): its sides and state."""
    game = table.game
    players: dict[str, list[Player]] = {side: [] for side in game.sides}
    for seat in table.seats.all():
        players.setdefault(seat.side, []).append(seat.player)
    counted = game_side_results(
        {side: [p.pk for p in side_players] for side, side_players in players.items()},
        game.totals,
        finished=game.game_over,
        winner=game.winner,
        is_draw=game.is_draw,
        hands=game.hands_played,
        confirmed=None if confirmed is None else confirmed.get(game.pk, NOTHING_CONFIRMED),
    )
    counts = bool(counted) and counted[0].finished
    state = FINISHED if counts else UNCONFIRMED if game.game_over else IN_PLAY
    sides = [
        SideLine(
            side=result.side,
            players=players[result.side],
            points=game.totals.get(result.side, 0),
            result=side_outcome(result, game_over=game.game_over),
            victory_points=result_victory_points(result, scale),
        )
        for result in counted
    ]
    winner = game.winner if counts and not game.is_draw else ""
    return TableResult(
        number,
        table.number,
        game.pk,
        game.hands_played,
        state,
        winner,
        sides,
        ended_by_director=game.stopped_at is not None,
    )
