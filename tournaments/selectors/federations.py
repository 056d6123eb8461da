"""Reads for a federation's public face: its member clubs that publish, and its championships."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from clubs.models import Club, Federation
from clubs.selectors import member_clubs
from clubs.users import Requester
from tournaments.models import Event
from tournaments.selectors.events import events_with_results_visible_to


@dataclass(frozen=True)
class FederationFront:
    """The public face: member clubs publishing their results, championships still to come or
    under way (soonest first) and finished ones (newest first), each with its host."""

    clubs: list[Club]
    coming: list[Event]
    finished: list[Event]


def federations_with_public_ranking() -> QuerySet[Federation]:
    """Federations whose ranking is public, so that anyone may open their page; by name."""
    return Federation.objects.filter(ranking_public=True).order_by("name")


def federation_front(*, federation: Federation, user: Requester) -> FederationFront:
    """`federation`'s public face as `user` may see it; a member club that keeps its results to
    its members is left out."""
    championships = (
        events_with_results_visible_to(user=user).filter(federation=federation).select_related("club")
    )
    return FederationFront(
        clubs=list(member_clubs(federation_id=federation.pk).filter(results_public=True)),
        coming=list(championships.exclude(status=Event.Status.FINISHED).order_by("date", "id")),
        finished=list(championships.filter(status=Event.Status.FINISHED).order_by("-date", "-id")),
    )
