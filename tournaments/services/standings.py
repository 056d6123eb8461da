"""Writes for an event's standings: rebuild them from its games and set how they rank
(the order itself: `tournaments/domain/standings.py`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Exists, OuterRef

from clubs.models import Player
from tournaments import selectors
from tournaments.display.messages import describe_scale
from tournaments.domain import victory_points as vp
from tournaments.domain.missed_rounds import NOTHING as MISSED_NOTHING
from tournaments.domain.missed_rounds import missed_round_credits
from tournaments.domain.standings import rank_players
from tournaments.models import Event, Stage, Standing
from tournaments.selectors import event_standings_rules
from tournaments.services.queue import ratings_queue, standings_queue

# A standings row's figures, in the order they are compared and written.
STANDING_FIELDS = (
    "rank",
    "games",
    "wins",
    "draws",
    "losses",
    "victory_points",
    "points_for",
    "points_against",
    "finished_points",
    "match_points",
    "separated_by",
)


@transaction.atomic
def standings_rebuild(*, event_id: int) -> int:
    """Rebuild an event's standings from its (confirmed) games, idempotent, locking the event row;
    returns the row count (0: no such event). Design: docs/writes-and-reads.md#rebuilding-the-standings"""
    # Whether the event has stages comes with the locked row (one query less a rebuild).
    stages = Stage.objects.filter(event=OuterRef("pk"))
    event = (
        Event.objects.select_for_update(of=("self",))
        .annotate(with_stages=Exists(stages))
        .filter(pk=event_id)
        .first()
    )
    if event is None:
        return 0
    # The players by their ids, not joined: without statistics PostgreSQL would read every
    # club's players to join them.
    ids = list(event.participants.order_by().values_list("player_id", flat=True))
    names = dict(Player.objects.filter(pk__in=ids).order_by().values_list("pk", "name"))
    results = [result for game in selectors.event_played_games(event=event) for result in game.results]
    scale, tie_breaks = event_standings_rules(event=event)
    rows = rank_players(results, names, scale=scale, tie_breaks=tie_breaks)
    # Missed rounds are credited from the rows over games played (the average policy reads
    # each player's victory points per finished game on the event's own scale), then ranked
    # again. The policy "nothing" credits none: no need to count the missed rounds.
    if event.missed_round_policy != MISSED_NOTHING:
        credits = missed_round_credits(
            event.missed_round_policy,
            rows,
            selectors.event_missed_rounds(event=event),
            event.sit_out_victory_points,
        )
        if credits:
            rows = rank_players(results, names, credits, scale=scale, tie_breaks=tie_breaks)
    ranks = _final_order_ranks(event, {row.player: row.rank for row in rows}, stages=event.with_stages)
    _standings_write(
        event,
        {
            row.player: (
                ranks[row.player],
                row.games,
                row.wins,
                row.draws,
                row.losses,
                row.victory_points,
                row.points_for,
                row.points_against,
                row.finished_points,
                row.match_points,
                row.separated_by,
            )
            for row in rows
        },
    )
    return len(rows)


def _standings_write(event: Event, figures: Mapping[int, tuple[Any, ...]]) -> None:
    """Make the stored rows equal `figures` (player id -> STANDING_FIELDS values); only what differs."""
    missing = dict(figures)
    stale = []
    for pk, player, *stored in (
        Standing.objects.filter(event=event).order_by().values_list("pk", "player_id", *STANDING_FIELDS)
    ):
        if missing.get(player) == tuple(stored):
            del missing[player]
        else:
            stale.append(pk)
    if stale:
        Standing.objects.filter(pk__in=stale).delete()
    Standing.objects.bulk_create(
        Standing(event=event, player_id=player, **dict(zip(STANDING_FIELDS, values, strict=True)))
        for player, values in missing.items()
    )


def _final_order_ranks(event: Event, ranks: Mapping[int, int], *, stages: bool) -> dict[int, int]:
    """Each player's rank: `ranks`, or with `stages` the event's final order, then the rest by `ranks`."""
    overview = selectors.event_stages_overview(event=event) if stages else None
    if overview is None or not overview.final_order:
        return dict(ranks)
    placed = {player.pk: place.rank for place in overview.final_order for player in place.entrant.players}
    last = max(placed.values())
    rest = sorted((rank, player) for player, rank in ranks.items() if player not in placed)
    placed.update({player: last + n for n, (_rank, player) in enumerate(rest, start=1)})
    return {player: placed[player] for player in ranks}


@transaction.atomic
def event_standings_rules_set(
    *,
    event: Event,
    vp_scale: str,
    tie_breaks: Iterable[str],
    vp_custom: Mapping[str, Any] | None = None,
    ranked: bool | None = None,
) -> Event:
    """Set the event's victory-point scale and tie-breaks, and with `ranked` whether it counts in ratings.

    `vp_custom` is required when `vp_scale` is "custom" (`victory_points.scale_from_custom`). Raises
    ValidationError (field `vp_scale`, `vp_custom` or `tie_breaks`)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    tie_breaks = list(tie_breaks)
    try:
        vp.checked_tie_breaks(tie_breaks)
    except vp.InvalidScale as exc:
        raise ValidationError({"tie_breaks": describe_scale(exc)}) from exc
    custom = dict(vp_custom or {})
    try:
        vp.scale_for(vp_scale, custom)
    except vp.InvalidScale as exc:
        raise ValidationError(
            {"vp_custom" if vp_scale == vp.CUSTOM else "vp_scale": describe_scale(exc)}
        ) from exc
    event.vp_scale = vp_scale
    event.vp_custom = custom if vp_scale == vp.CUSTOM else {}
    event.tie_breaks = tie_breaks
    if ranked is not None:
        event.ranked = ranked
    event.full_clean()
    event.save(update_fields=["vp_scale", "vp_custom", "tie_breaks", "ranked"])
    standings_queue(event_id=event.pk)
    ratings_queue(club_id=event.club_id)
    return event
