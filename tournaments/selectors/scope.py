"""Who may see, score and run an event, and whose links act on it: the one rule under every door
(design: docs/writes-and-reads.md#the-one-scope)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from django.db.models import Case, Exists, IntegerField, OuterRef, Q, QuerySet, Value, When

from clubs.models import FederationOfficer, Membership
from clubs.selectors import member_places
from clubs.users import Requester
from tournaments.models import Event, Game, Table, TableCard


class Level(enum.IntEnum):
    """What someone may do with an event, each level allowing the ones below it."""

    NONE = 0
    SEE = 1
    SCORE = 2  # enter, correct and confirm hands
    RUN = 3  # seat rounds, print cards, finish it, change final results


_ROLES = {
    Level.SEE: tuple(Membership.Role),
    Level.SCORE: (Membership.Role.DIRECTOR, Membership.Role.SCORER),
    Level.RUN: (Membership.Role.DIRECTOR,),
}


def _held() -> Q:
    """Events their club holds: its own, and a championship it hosts while a federation member."""
    host_member = member_places(federation_id=OuterRef("federation_id"), club_id=OuterRef("club_id"))
    return Q(federation__isnull=True) | Q(Exists(host_member))


def event_scope(*, user: Requester | None, level: Level) -> Q:
    """The condition on Event of the events `user` may `level` (SEE, SCORE or RUN): subqueries, no join."""
    if user is None or not user.is_authenticated:
        return Q(pk__in=[])
    roles = Membership.objects.filter(user=user, role__in=_ROLES[level]).values("club_id")
    officers = FederationOfficer.objects.filter(user=user).values("federation_id")
    scope = (Q(club__in=roles) & _held()) | Q(federation__in=officers)
    if level == Level.SEE:
        member_clubs = member_places(club__memberships__user=user).values("federation_id")
        scope |= Q(federation__in=member_clubs)
    return scope


def events_in_scope(*, user: Requester | None, level: Level) -> QuerySet[Event]:
    """The events `user` may `level` (`event_scope`)."""
    return Event.objects.filter(event_scope(user=user, level=level))


def event_level(*, user: Requester | None, event_id: int) -> Level:
    """What `user` may do with event `event_id`; one query, NONE for a visitor or no such event."""
    if user is None or not user.is_authenticated:
        return Level.NONE
    highest_first = [each for each in reversed(Level) if each != Level.NONE]
    level = Case(
        *(When(event_scope(user=user, level=each), then=Value(int(each))) for each in highest_first),
        default=Value(0),
        output_field=IntegerField(),
    )
    found = Event.objects.filter(pk=event_id).annotate(level=level).values_list("level", flat=True).first()
    return Level(found or 0)


def event_allows(*, user: Requester | None, event_id: int, level: Level) -> bool:
    """Whether `user` may `level` event `event_id`; one query, False for a visitor."""
    if user is None or not user.is_authenticated:
        return False
    return events_in_scope(user=user, level=level).filter(pk=event_id).exists()


def events_held() -> QuerySet[Event]:
    """The events whose table links, cards and board link act (`_held`)."""
    return Event.objects.filter(_held())


def table_of_link(*, token: str) -> Table | None:
    """The held event's table whose own link `token` is, with its game, round, event, club; else None."""
    return (
        Table.objects.select_related("game", "round__event__club")
        .filter(access_token=token, round__event__in=events_held())
        .first()
    )


def card_of_token(*, token: str) -> TableCard | None:
    """The held event's table card whose link `token` is, with its event and club; else None."""
    return (
        TableCard.objects.select_related("event__club")
        .filter(access_token=token, event__in=events_held())
        .first()
    )


def games_reached_by(*, token: str) -> QuerySet[Game]:
    """The games of a held event a table's link or a table card's `token` reaches."""
    card = TableCard.objects.filter(
        access_token=token, event_id=OuterRef("table__round__event_id"), number=OuterRef("table__number")
    )
    return Game.objects.filter(table__round__event__in=events_held()).filter(
        Q(table__access_token=token) | Q(Exists(card))
    )


@dataclass(frozen=True, slots=True)
class Door:
    """Who acts at a table: a signed-in `user`, or whoever holds a table's link or card (`token`)."""

    user: Requester | None = None
    token: str = ""


def door_level(*, door: Door, game: Game) -> Level:
    """What `door` may do with `game`: the event's level by account, SCORE or NONE by token; reads
    `game.table.round`."""
    if door.token:
        return Level.SCORE if games_reached_by(token=door.token).filter(pk=game.pk).exists() else Level.NONE
    return event_level(user=door.user, event_id=game.table.round.event_id)
