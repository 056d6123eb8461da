"""Reads for events: visibility, a club's events, an event's rounds and the round its screen shows."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Exists, OuterRef, Q, QuerySet

from clubs.models import Club, Player
from clubs.selectors import (
    clubs_with_results_visible_to,
    federations_with_ranking_visible_to,
    member_places,
)
from clubs.users import Requester
from tournaments.models import Event, Hand, Round
from tournaments.selectors.scope import Level, event_scope, events_in_scope


def events_visible_to(*, user: Requester) -> QuerySet[Event]:
    """The events the user sees (`scope.event_scope`, SEE), with their club."""
    return events_in_scope(user=user, level=Level.SEE).select_related("club")


def events_with_results_visible_to(*, user: Requester) -> QuerySet[Event]:
    """Events whose standings `user` may see: those they see, clubs' with public results, and
    championships of federations with a public ranking (not those of a host's public results)."""
    # A championship's results are public when its federation's ranking is, not when its host
    # club's results are: the host's public pages do not open another club's players' results.
    return Event.objects.filter(
        event_scope(user=user, level=Level.SEE)
        | Q(club__in=clubs_with_results_visible_to(user=user), federation__isnull=True)
        | Q(federation__in=federations_with_ranking_visible_to(user=user))
    ).select_related("club")


def events_directed_by(*, user: Requester) -> QuerySet[Event]:
    """The events `user` runs (`scope.event_scope`, RUN)."""
    return events_in_scope(user=user, level=Level.RUN)


def event_rounds(*, event: Event) -> QuerySet[Round]:
    """The event's rounds with tables, seats and sit-outs; `has_hands` says whether play began."""
    played = Hand.objects.filter(game__table__round=OuterRef("pk"))
    return (
        event.rounds.annotate(has_hands=Exists(played))
        .select_related("stage")
        .prefetch_related("tables__seats__player", "tables__game", "sit_outs__player")
    )


def club_events(*, club: Club, with_results: bool = False) -> QuerySet[Event]:
    """The club's own events, newest first, with `has_results`; `with_results`: only seated ones."""
    seated = Round.objects.filter(event=OuterRef("pk"), status=Round.Status.SEATED)
    events = club.events.filter(federation__isnull=True)
    events = events.annotate(has_results=Exists(seated)).order_by("-date", "-id")
    return events.filter(Exists(seated)) if with_results else events


def event_board_round(*, event: Event) -> Round | None:
    """The round the room's screen shows: the latest one, with its tables, seats and games."""
    return (
        event.rounds.order_by("-number")
        .prefetch_related("tables__seats__player", "tables__game", "sit_outs__player")
        .first()
    )


@dataclass(frozen=True)
class ClubEntrants:
    club: str
    count: int


def championship_entrants_by_club(*, event: Event) -> list[ClubEntrants]:
    """A championship's entrants (not withdrawn) counted by their club, by the club's name."""
    rows = (
        event.participants.filter(withdrawn_after_round__isnull=True)
        .values("player__club__name")
        .annotate(count=Count("pk"))
        .order_by("player__club__name")
    )
    return [ClubEntrants(row["player__club__name"], row["count"]) for row in rows]


def entrant_candidates(*, event: Event) -> QuerySet[Player]:
    """Active players who may be added to `event`; entering is still `services.entrant_refusal`'s rule."""
    if event.federation_id is None:
        return event.club.players.filter(active=True)
    members = member_places(federation_id=event.federation_id).values("club_id")
    return Player.objects.filter(
        active=True, club__in=members, person__federation_id=event.federation_id
    ).select_related("club", "person")


def club_championships(*, club: Club, user: Requester) -> QuerySet[Event]:
    """Championships of the club's federation now that `user` may see results of, newest first, with host."""
    place = member_places(club=club).first()
    if place is None:
        return Event.objects.none()
    return (
        events_with_results_visible_to(user=user)
        .filter(federation_id=place.federation_id)
        .select_related("club", "federation")
        .order_by("-date", "-id")
    )
