"""Writes for rounds: start, seat and reseat them, and the tables, cards and links a seating makes
(design: docs/writes-and-reads.md#seating-a-round)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

import scoring
from tournaments.domain import table_shapes
from tournaments.models import (
    Event,
    Game,
    Hand,
    Round,
    Seat,
    SitOut,
    Table,
    TableCard,
    new_access_token,
    new_short_code,
)
from tournaments.selectors.rounds import (
    next_round_refusal,
    round_clock_refusal,
    round_close_refusal,
    round_reseat_refusal,
)
from tournaments.services import planners, stage_seating
from tournaments.services.hands import game_stop
from tournaments.services.planned import PlannedRound
from tournaments.services.queue import seating_queue
from tournaments.services.round_tools import round_seating_began


def three_player_variant(variant: str) -> str:
    """The variant a table of three plays in an event of tables of four of `variant`."""
    return table_shapes.table_variant(variant, table_shapes.FOUR, table_shapes.THREE)


@transaction.atomic
def round_start(*, event: Event, end_unfinished: bool = False, by: User | None = None) -> Round:
    """Open the event's next round and queue its seating; the round before becomes final.

    Raises ValidationError with the codes of `selectors.next_round_refusal` ("too_few",
    "games_in_play" unless `end_unfinished`, "hands_unconfirmed", ...) or `next_round_stage`."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    refusal = next_round_refusal(event=event, end_unfinished=end_unfinished)
    if refusal is not None:
        raise refusal
    last = event.rounds.order_by("-number").first()
    if last is not None:
        last.event = event
        round_close(round=last, end_unfinished=end_unfinished, by=by)
        # Its tables' results are final from now on (selectors.game_results_final).
        last.results_final_at = timezone.now()
        last.save(update_fields=["results_final_at", "updated_at"])
    stage = stage_seating.next_round_stage(event=event)  # None: an event without stages
    new_round = Round.objects.create(event=event, number=(last.number + 1) if last else 1, stage=stage)
    if event.status == Event.Status.PLANNED:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    seating_queue(round_id=new_round.pk)
    return new_round


def round_close(*, round: Round, end_unfinished: bool = False, by: User | None = None) -> None:
    """Check a round can close, `end_unfinished` ending its games in play; reads `round.event`. Raises
    ValidationError naming the tables ("games_in_play", "hands_unconfirmed"), changing nothing."""
    refusal = round_close_refusal(round=round, end_unfinished=end_unfinished)
    if refusal is not None:
        raise refusal
    unfinished = Game.objects.filter(table__round=round, game_over=False).select_related("table")
    for game in unfinished:
        game_stop(game=game, stopped_by=by)


@transaction.atomic
def round_reseat(*, round: Round) -> Round:
    """Seat the round again before any hand is played, keeping locked tables; raises ValidationError
    for a locked round, or a hand recorded at an unlocked table."""
    round = Round.objects.select_for_update().get(pk=round.pk)
    refusal = round_reseat_refusal(round=round)
    if refusal is not None:
        raise refusal
    round.status = Round.Status.SEATING
    round.seating_error = ""
    round.seating_started_at = None
    round.save(update_fields=["status", "seating_error", "seating_started_at"])
    seating_queue(round_id=round.pk)
    return round


def round_seat(*, round_id: int) -> Round | None:
    """Seat the players present for a round by its planner: the worker's one call.

    Only a round in status SEATING is seated; one no planner can seat becomes FAILED with the
    reason. Returns None if the round no longer exists."""
    round_seating_began(round_id=round_id)
    return _round_seat(round_id)


@transaction.atomic
def _round_seat(round_id: int) -> Round | None:
    round = Round.objects.select_for_update().select_related("event").filter(pk=round_id).first()
    if round is None:
        return None
    if round.status != Round.Status.SEATING:
        return round  # seated already (a repeated task), or failed: round_reseat asks again
    # Lock the games about to be replaced: a save in progress at one of them finishes first
    # (and is seen below), and a save that comes after finds its game gone, never half-saved.
    list(
        Game.objects.select_for_update(of=("self",))
        .filter(table__round=round, table__locked=False)
        .values_list("pk", flat=True)
    )
    if Hand.objects.filter(game__table__round=round, game__table__locked=False).exists():
        # A hand reached a table between the director's request and this task (a late worker):
        # the tables it was played at are kept, as round_reseat would have kept them.
        round.status = Round.Status.SEATED
        round.save(update_fields=["status"])
        return round
    event = round.event
    kept_tables = list(round.tables.filter(locked=True).prefetch_related("seats"))
    kept = {seat.player_id for table in kept_tables for seat in table.seats.all()}
    present = list(
        event.participants.filter(present=True, withdrawn_after_round__isnull=True)
        .order_by("player_id")
        .values_list("player_id", flat=True)
    )
    try:
        planned = planners.round_plan(round, present, kept)
    except ValueError as exc:
        round.status = Round.Status.FAILED
        round.seating_error = str(exc)
        round.save(update_fields=["status", "seating_error"])
        return round
    _round_tables_replace(round, kept_tables, planned)
    round.status = Round.Status.SEATED
    round.seating_error = ""
    round.clock_started_at = timezone.now() if event.minutes_per_round else None
    round.save(update_fields=["status", "seating_error", "clock_started_at"])
    return round


def _round_tables_replace(round: Round, kept_tables: list[Table], planned: PlannedRound) -> None:
    """Replace the unlocked tables and sit-outs, numbered around the kept tables, with their cards."""
    round.tables.filter(locked=False).delete()
    round.sit_outs.all().delete()
    taken = {table.number for table in kept_tables}
    free_numbers = (n for n in itertools.count(1) if n not in taken)
    for table, number in zip(planned.tables, free_numbers, strict=False):
        _table_create(round, number, table.sides, table.note)
    SitOut.objects.bulk_create(SitOut(round=round, player_id=p) for p in planned.sit_out)
    _table_cards_ensure(round.event, round.tables.values_list("number", flat=True))


@transaction.atomic
def round_clock_start(*, round: Round) -> Round:
    """Start the round's clock again from now; raises ValidationError without minutes per round, or
    for a final round."""
    round = Round.objects.select_for_update().select_related("event").get(pk=round.pk)
    refusal = round_clock_refusal(round=round)
    if refusal is not None:
        raise refusal
    round.clock_started_at = timezone.now()
    round.save(update_fields=["clock_started_at", "updated_at"])
    return round


def _table_create(round: Round, number: int, sides_players: Iterable[Iterable[int]], note: str = "") -> Table:
    """A table of `round` with its seats and game, following its shape; a larger side comes first."""
    event = round.event
    by_size = sorted((tuple(side) for side in sides_players), key=len, reverse=True)
    shape = table_shapes.shape_of(tuple(by_size))
    variant = table_shapes.table_variant(
        event.variant, table_shapes.event_shape(event.variant, event.table_shape), shape
    )
    labelled = table_shapes.side_seats(shape)
    table = Table.objects.create(round=round, number=number, pairing_note=note)
    Seat.objects.bulk_create(
        Seat(table=table, player_id=player, side=side, position=position)
        for (side, positions), players_of_side in zip(labelled, by_size, strict=True)
        for player, position in zip(players_of_side, positions, strict=True)
    )
    sides = [side for side, _positions in labelled]
    Game.objects.create(
        table=table,
        variant=variant,
        options=event.options,
        sides=sides,
        players=scoring.playing(shape),
        hands_planned=event.hands_per_round,
        totals={side: 0 for side in sides},
        initial_meld=_opening_minimums(variant, event.options, sides, scoring.playing(shape)),
    )
    return table


def _opening_minimums(
    variant: str, options: Mapping[str, Any], sides: list[str], players: int
) -> dict[str, int]:
    rules = scoring.rules_for(variant, dict(options), sides=len(sides), players=players)
    return {side: scoring.initial_meld_minimum(rules, 0) for side in sides}


def _table_cards_ensure(event: Event, numbers: Iterable[int]) -> None:
    """A card for every table number the event seats, each with an unused short code."""
    wanted = set(numbers)
    for _attempt in range(5):
        missing = wanted - set(
            TableCard.objects.filter(event=event, number__in=wanted).values_list("number", flat=True)
        )
        if not missing:
            return
        TableCard.objects.bulk_create(
            [TableCard(event=event, number=number) for number in missing], ignore_conflicts=True
        )
    raise RuntimeError(f"no free short code for the cards of tables {sorted(missing)}")


@transaction.atomic
def table_card_renew(*, card: TableCard) -> TableCard:
    """Give a table card a new link and short code, and its table in every round a new link; the old
    ones stop at once."""
    card = TableCard.objects.select_for_update().get(pk=card.pk)
    card.access_token = new_access_token()
    card.short_code = _unused_short_code()
    card.renewed_at = timezone.now()
    card.save(update_fields=["access_token", "short_code", "renewed_at"])
    tables = list(Table.objects.filter(round__event_id=card.event_id, number=card.number).only("pk"))
    for table in tables:
        table.access_token = new_access_token()
    Table.objects.bulk_update(tables, ["access_token"])
    return card


def _unused_short_code() -> str:
    """A short code no card has yet."""
    while TableCard.objects.filter(short_code=(code := new_short_code())).exists():
        pass
    return code


@transaction.atomic
def table_link_renew(*, table: Table) -> Table:
    """Give a table a new private scoring link; the old link stops working at once."""
    table.access_token = new_access_token()
    table.save(update_fields=["access_token"])
    return table
