"""Reads for seasons: which a user may see, and a season's table from its nights' standings."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from clubs.selectors import clubs_where, clubs_with_results_visible_to
from clubs.users import Requester
from clubs.viewer import shown_name
from tournaments.models import Event, Standing


def season_standings(*, season: Any) -> list[Any]:
    """The season table (`tournaments/domain/seasons.py`) from its nights' standings, oldest night
    first, named as the viewer sees them; two queries."""
    from tournaments.domain.seasons import NightResult, season_table

    events = list(Event.objects.filter(season=season).order_by("date", "pk").values_list("pk", flat=True))
    rows = (
        Standing.objects.filter(event_id__in=events)
        .order_by()
        .values_list(
            "event_id",
            "player_id",
            "player__name",
            "player__public_initials",
            "victory_points",
            "points_for",
            "points_against",
        )
    )
    with_rows: set[int] = set()
    results: dict[int, list[NightResult]] = {}
    names: dict[int, str] = {}
    for event_id, player_id, name, by_initials, victory_points, points_for, points_against in rows:
        with_rows.add(event_id)
        names[player_id] = shown_name(name, by_initials, season.club_id)
        results.setdefault(player_id, []).append(
            NightResult(event_id, victory_points, points_for - points_against)
        )
    nights = [event_id for event_id in events if event_id in with_rows]
    return season_table(nights, results, names, best_n=season.best_n, min_nights=season.min_nights)


def seasons_visible_to(*, user: Requester) -> QuerySet[Any]:
    from tournaments.models import Season

    return Season.objects.filter(club__in=clubs_where(user=user)).select_related("club")


def seasons_with_results_open_to(*, user: Requester) -> QuerySet[Any]:
    """The seasons whose table `user` may open: of their clubs, and of clubs with public results."""
    from tournaments.models import Season

    return Season.objects.filter(club__in=clubs_with_results_visible_to(user=user)).select_related("club")
