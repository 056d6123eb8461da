"""Reads for an event's standings: rows, scale and tie-breaks, missed rounds, games as counted."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import F, Q, QuerySet

from clubs.users import Requester
from tournaments.display.labels import criterion_label
from tournaments.domain import victory_points as vp
from tournaments.domain.standings import NOTHING_CONFIRMED, SideResult, game_side_results
from tournaments.models import Event, Game, Hand, Round, Seat, SideEntry, Stage, Standing, Table
from tournaments.selectors.events import events_visible_to

POINT_DIFFERENCE = F("points_for") - F("points_against")


def event_standings(*, event: Event) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event=event)
        .select_related("player")
        .annotate(point_difference=POINT_DIFFERENCE)
    )


def standings_visible_to(*, user: Requester) -> QuerySet[Standing]:
    return (
        Standing.objects.filter(event__in=events_visible_to(user=user))
        .select_related("player")
        .annotate(point_difference=POINT_DIFFERENCE)
    )


def event_standings_rules(*, event: Event) -> tuple[vp.Scale, tuple[str, ...]]:
    """The event's victory-point scale and tie-break order; an invalid stored setting gives the defaults."""
    try:
        scale = vp.scale_for(event.vp_scale, event.vp_custom)
        tie_breaks = vp.checked_tie_breaks(event.tie_breaks)
    except vp.InvalidScale:
        return vp.PRESETS[vp.DEFAULT_SCALE], vp.DEFAULT_TIE_BREAKS
    return scale, tie_breaks


@dataclass(frozen=True, slots=True)
class StandingsRules:
    """How an event ranks, for the standings page: the scale and the criteria in order."""

    scale: vp.Scale
    criteria: list[str]  # display names, victory points first
    bands: list[tuple[int, tuple[vp.Band, ...]]]  # (hands, bands); hands 0: any other length


def event_standings_rules_description(*, event: Event) -> StandingsRules:
    """The event's scale and tie-break order with display names, victory points first."""
    scale, tie_breaks = event_standings_rules(event=event)
    criteria = [criterion_label(c) for c in (vp.VICTORY_POINTS, *tie_breaks)]
    tables = dict(scale.tables or {})
    if 0 in tables and list(tables.values()).count(tables[0]) > 1:
        del tables[0]  # the table for other lengths repeats one shown already
    bands = sorted(tables.items(), key=lambda item: (item[0] == 0, item[0]))
    return StandingsRules(scale=scale, criteria=criteria, bands=bands)


def event_missed_rounds(*, event: Event, through: int | None = None) -> dict[int, int]:
    """Player id -> seated rounds they were in without a seat (up to `through`): sit-outs, byes,
    rounds before a late arrival; not after a withdrawal, a no-show's, or a stage of entrants'."""
    seated = event.rounds.filter(status=Round.Status.SEATED).filter(
        Q(stage__isnull=True) | Q(stage__kind=Stage.Kind.ROUNDS)
    )
    if through is not None:
        seated = seated.filter(number__lte=through)
    rounds = list(seated.order_by().values_list("number", flat=True))
    numbers, tables = _event_tables(event)
    played: dict[int, set[int]] = {}
    for table_id, player in _event_seats(tables).values_list("table_id", "player_id"):
        played.setdefault(player, set()).add(numbers[tables[table_id][1]])
    missed = {}
    for player, present, withdrawn_after in event.participants.values_list(
        "player_id", "present", "withdrawn_after_round"
    ):
        if not present and withdrawn_after is None and player not in played:
            continue
        last = withdrawn_after if withdrawn_after is not None else max(rounds, default=0)
        count = sum(1 for n in rounds if n <= last and n not in played.get(player, ()))
        if count:
            missed[player] = count
    return missed


def _event_tables(event: Event) -> tuple[dict[int, int], dict[int, tuple[int, int]]]:
    """(round id -> number, table id -> (number, round id)) of the event, in two index reads
    (docs/writes-and-reads.md#queries-that-keep-to-an-index)."""
    rounds = dict(Round.objects.filter(event_id=event.pk).order_by().values_list("pk", "number"))
    tables = (
        Table.objects.filter(round_id__in=list(rounds)).order_by().values_list("pk", "number", "round_id")
    )
    return rounds, {pk: (number, round_id) for pk, number, round_id in tables}


def _event_seats(tables: Mapping[int, Any]) -> QuerySet[Seat]:
    """The seats of `tables` (ids), by their unique (table, position) key, every position named."""
    return Seat.objects.filter(table_id__in=list(tables), position__in=Seat.Position.values).order_by()


def event_confirmed_totals(
    *, event: Event, games: Mapping[int, tuple[int, Sequence[str]]] | None = None
) -> dict[int, tuple[dict[str, int], bool]]:
    """Game id -> (points of its confirmed hands, whether all are confirmed), games with hands only;
    `games`: id -> (`next_number`, sides) if read. Two queries (four without)."""
    if games is None:
        _rounds, tables = _event_tables(event)
        games = {
            pk: (next_number, sides)
            for pk, next_number, sides in Game.objects.filter(table_id__in=list(tables))
            .order_by()
            .values_list("pk", "next_number", "sides")
        }
    numbers = range(1, max((next_number for next_number, _sides in games.values()), default=1))
    sides = sorted({side for _next, game_sides in games.values() for side in game_sides})
    hands = {
        pk: (game_id, confirmed_at)
        for pk, game_id, confirmed_at in Hand.objects.filter(
            game_id__in=list(games), number__in=list(numbers)
        )
        .order_by()
        .values_list("pk", "game_id", "confirmed_at")
    }
    totals: dict[int, dict[str, int]] = {}
    unconfirmed: set[int] = set()
    rows = (
        SideEntry.objects.filter(hand_id__in=list(hands), side__in=sides)
        .order_by()
        .values_list("hand_id", "side", "score")
    )
    for hand_id, side, score in rows:
        game_id, confirmed_at = hands[hand_id]
        game_totals = totals.setdefault(game_id, {})
        game_totals.setdefault(side, 0)
        if confirmed_at is None:
            unconfirmed.add(game_id)
        else:
            game_totals[side] += score
    return {game_id: (t, game_id not in unconfirmed) for game_id, t in totals.items()}


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """One game as the standings count it: its round, table and each side's result."""

    round_id: int
    round: int
    table: int
    game_id: int
    results: list[SideResult]
    game_over: bool = False  # over at the table (it counts once its hands are confirmed)


def event_played_games(*, event: Event) -> list[PlayedGame]:
    """Every game of the event by id, its sides' results as the standings count them (confirmed hands
    where asked); four queries (six with confirmation)."""
    # Plain values, no model ordering, and no join: each table read through its index whatever
    # PostgreSQL's statistics (`_event_tables`).
    numbers, tables = _event_tables(event)
    players: dict[int, dict[str, list[int]]] = {}
    seats = _event_seats(tables).order_by("table_id", "position")
    for table_id, side, player_id in seats.values_list("table_id", "side", "player_id"):
        players.setdefault(table_id, {}).setdefault(side, []).append(player_id)
    rows = list(
        Game.objects.filter(table_id__in=list(tables))
        .order_by("pk")
        .values_list(
            "pk",
            "table_id",
            "totals",
            "game_over",
            "winner",
            "is_draw",
            "hands_played",
            "next_number",
            "sides",
        )
    )
    confirmed = (
        event_confirmed_totals(event=event, games={row[0]: (row[7], row[8]) for row in rows})
        if event.confirmation_required
        else None
    )
    played = []
    for game_id, table_id, totals, finished, winner, is_draw, hands, _next, _sides in rows:
        table, round_id = tables[table_id]
        results = game_side_results(
            players.get(table_id, {}),
            totals,
            finished=finished,
            winner=winner,
            is_draw=is_draw,
            hands=hands,
            confirmed=None if confirmed is None else confirmed.get(game_id, NOTHING_CONFIRMED),
        )
        played.append(PlayedGame(round_id, numbers[round_id], table, game_id, results, finished))
    return played
