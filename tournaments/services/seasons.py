"""Writes for seasons: a club's nights gathered under one season (its table is computed on read)."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club
from tournaments.models import Event, Season


@transaction.atomic
def season_save(
    *,
    club: Club,
    name: str,
    events: Iterable[Event],
    best_n: int | None = None,
    min_nights: int = 0,
    season: Season | None = None,
) -> Season:
    """Create a season of `club` (or change `season`) holding exactly `events`, moving them from others.

    Raises ValidationError for another club's night (a hosted championship is its federation's) or a
    setting out of range."""
    events = list(events)
    # A championship the club hosts is its federation's, never a night of the club's season.
    if any(event.club_id != club.pk or event.federation_id is not None for event in events):
        raise ValidationError({"events": _("Pick nights of this club only.")})
    if season is None:
        season = Season(club=club)
    elif season.club_id != club.pk:
        raise ValidationError(_("This season belongs to another club."))
    season.name = name
    season.best_n = best_n
    season.min_nights = min_nights
    season.full_clean()
    season.save()
    chosen = [event.pk for event in events]
    Event.objects.filter(season=season).exclude(pk__in=chosen).update(season=None)
    Event.objects.filter(club=club, pk__in=chosen).update(season=season)
    return season
