"""Seats a round of players who change partners through `tournaments.domain.seating`; writes nothing."""

from __future__ import annotations

from collections.abc import Collection

from django.db.models import Q

from tournaments import selectors
from tournaments.domain import seating, table_shapes
from tournaments.models import Event, Round
from tournaments.services.planned import PlannedRound, PlannedTable


def plan_individual_round(round: Round, present: Collection[int], kept: Collection[int]) -> PlannedRound:
    """The round's tables for `present` players but those at `kept` (locked) tables; raises ValueError
    when too few players are left to fill a table."""
    event = round.event
    players = sorted(p for p in present if p not in kept)
    planned = seating.seat_round(
        players,
        individual_history(round, players),
        seed=round.number,
        three_player_tables=event.three_player_tables,
        shape=table_shapes.event_shape(event.variant, event.table_shape),
        five_player_tables=event.five_player_tables,
        clubs=player_clubs(event),
    )
    return PlannedRound(
        tables=tuple(PlannedTable(sides=t.sides) for t in planned.tables), sit_out=tuple(planned.sit_out)
    )


def player_clubs(event: Event) -> dict[int, int] | None:
    """Each player's club when the event keeps clubs apart, else None."""
    return selectors.event_player_clubs(event=event) if event.keep_clubs_apart else None


def individual_history(round: Round, players: list[int]) -> seating.SeatingHistory:
    """Tonight's earlier rounds; with `avoid_season_partners`, the season's earlier nights too."""
    history = seating.SeatingHistory()
    for earlier_night in _earlier_season_nights(round.event):
        for night_round in earlier_night.rounds.order_by("number"):
            history.record_earlier(selectors.round_seating(round=night_round))
    for earlier in round.event.rounds.filter(number__lt=round.number):
        played = selectors.round_seating(round=earlier)
        history.record(played)
        # A late arrival missed the rounds before it came: those count as its sit-outs, so
        # it is not also the first to sit out now.
        for player in set(players) - set(played.players):
            history.sit_outs[player] += 1
    return history


def _earlier_season_nights(event: Event) -> list[Event]:
    """The nights of the event's season before it (by date, then creation), if the option is on."""
    if not event.avoid_season_partners or event.season_id is None:
        return []
    return list(
        Event.objects.filter(season_id=event.season_id)
        .filter(Q(date__lt=event.date) | Q(date=event.date, pk__lt=event.pk))
        .order_by("date", "pk")
    )
