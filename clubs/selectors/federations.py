"""Reads for federations: their officers, member clubs and links waiting."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db.models import QuerySet

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationLeftOut,
    FederationOfficer,
    Person,
    PersonLinkConflict,
    Player,
)
from clubs.selectors.clubs import clubs_where
from clubs.users import Requester


def member_places(**filters: Any) -> QuerySet[FederationClub]:
    """Member clubs' places now (joined, not left), by `filters`: the one rule of "a member club now"."""
    return FederationClub.objects.filter(joined_on__isnull=False, left_on__isnull=True, **filters)


def member_clubs(*, federation_id: int) -> QuerySet[Club]:
    """The federation's member clubs now, by name."""
    places = member_places(federation_id=federation_id)
    return Club.objects.filter(pk__in=places.values("club_id")).order_by("name")


def runs_federation(*, user: Requester | None, federation_id: int) -> bool:
    """Whether the user is an officer of the federation (one query; False for no user)."""
    if user is None or not user.is_authenticated:
        return False
    return FederationOfficer.objects.filter(user=user, federation_id=federation_id).exists()


def federations_run_by(*, user: Requester) -> QuerySet[Federation]:
    """The federations of which `user` is an officer, by name (none for a visitor)."""
    if not user.is_authenticated:
        return Federation.objects.none()
    return Federation.objects.filter(
        pk__in=FederationOfficer.objects.filter(user=user).values("federation_id")
    ).order_by("name")


def federation_clubs_unnamed_to(*, federation: Federation, user: Requester) -> frozenset[str]:
    """The names of the federation's clubs, past or present, that its people's lines do not name
    to `user`: clubs that do not publish their results, unless `user` is a member or an officer of
    the federation (who sees every name). A publishing club of the same name is not named either."""
    if runs_federation(user=user, federation_id=federation.pk):
        return frozenset()
    mine = set(clubs_where(user=user).values_list("pk", flat=True))
    clubs = Club.objects.filter(
        federation_places__federation=federation, federation_places__joined_on__isnull=False
    )
    rows = clubs.distinct().values_list("pk", "name", "results_public")
    return frozenset(name for pk, name, public in rows if not public and pk not in mine)


def federations_with_public_ranking() -> QuerySet[Federation]:
    """The federations whose ranking is public (anyone may open their page), by name."""
    return Federation.objects.filter(ranking_public=True).order_by("name")


def federations_with_ranking_visible_to(*, user: Requester) -> QuerySet[Federation]:
    """The federations whose ranking and people `user` may see: those with `ranking_public`, and its own."""
    public = federations_with_public_ranking()
    if not user.is_authenticated:
        return public
    return (public | federations_run_by(user=user)).distinct().order_by("name")


def club_federation_now(*, club: Club) -> FederationClub | None:
    """The club's place in its federation now (with the federation), or None."""
    return member_places(club=club).select_related("federation").first()


@dataclass(frozen=True)
class ClubFederationSection:
    """The club settings' "Federation" section: the place now, open invitations; `shown` False if neither."""

    current: FederationClub | None
    invitations: list[FederationClub]

    @property
    def shown(self) -> bool:
        return self.current is not None or bool(self.invitations)


def club_federation_section(*, club: Club) -> ClubFederationSection:
    invitations = FederationClub.objects.select_related("federation").filter(
        club=club, joined_on__isnull=True, declined_on__isnull=True
    )
    return ClubFederationSection(club_federation_now(club=club), list(invitations.order_by("invited_at")))


@dataclass(frozen=True)
class FederationOverview:
    """An officer's federation page: each club's place with dates, waiting links, officers, people count."""

    places: list[FederationClub]
    conflicts: list[PersonLinkConflict]
    officers: list[FederationOfficer]
    people: int
    # Each club's finished games of ranked nights counted in the federation's ranking, and
    # those left out for a player linked to no person (the last rebuild's), by club name.
    published: list[FederationLeftOut]
    # By conflict id: the person's other players entered with the conflict's player in one of
    # the federation's championships (`federation_entered_together`).
    entered_together: dict[int, list[EnteredTogether]] = field(default_factory=dict)


@dataclass(frozen=True)
class EnteredTogether:
    """A link's player and `other`, a player the person is linked to already, both entrants of
    the championship named `championship`."""

    other: Player
    championship: str


def federation_entered_together(
    *, federation: Federation, conflicts: list[PersonLinkConflict]
) -> dict[int, list[EnteredTogether]]:
    """By conflict id, where its player and another player of its person are both entrants of one of
    the federation's championships (two entrants are rarely one person). Two queries; championships
    read by relation name (`participations`, `championships`), as `clubs` imports no `tournaments`."""
    others: dict[int, list[Player]] = {}
    for player in Player.objects.filter(person__in=[c.person_id for c in conflicts]):
        if player.person_id is not None:
            others.setdefault(player.person_id, []).append(player)
    ids = {c.player_id for c in conflicts} | {p.pk for group in others.values() for p in group}
    entered: dict[int, dict[int, str]] = {}
    for player_id, event_id, name in Player.objects.filter(
        pk__in=ids, participations__event__federation=federation
    ).values_list("pk", "participations__event_id", "participations__event__name"):
        entered.setdefault(player_id, {})[event_id] = name
    together: dict[int, list[EnteredTogether]] = {}
    for conflict in conflicts:
        mine = entered.get(conflict.player_id, {})
        for other in others.get(conflict.person_id, []):
            if other.pk == conflict.player_id:
                continue
            for event_id, name in sorted(entered.get(other.pk, {}).items()):
                if event_id in mine:
                    together.setdefault(conflict.pk, []).append(EnteredTogether(other, name))
    return together


_PLACE_ORDER = {"member": 0, "invited": 1, "left": 2, "declined": 3}


def federation_places(*, federation: Federation) -> list[FederationClub]:
    """Every club's place in the federation: members, invited, left, declined; by club name within each."""
    places = list(FederationClub.objects.select_related("club").filter(federation=federation))
    places.sort(key=lambda place: (_PLACE_ORDER[place.status], place.club.name, -place.pk))
    return places


def federation_overview(*, federation: Federation) -> FederationOverview:
    places = federation_places(federation=federation)
    conflicts = PersonLinkConflict.objects.select_related("player__club", "person", "asked_by").filter(
        person__federation=federation, outcome=""
    )
    officers = FederationOfficer.objects.select_related("user").filter(federation=federation)
    waiting = list(conflicts)
    return FederationOverview(
        places=places,
        conflicts=waiting,
        officers=list(officers.order_by("user__username")),
        people=Person.objects.filter(federation=federation).count(),
        published=list(
            FederationLeftOut.objects.select_related("club")
            .filter(federation=federation)
            .order_by("club__name")
        ),
        entered_together=federation_entered_together(federation=federation, conflicts=waiting),
    )


def federation_conflict_of(*, federation: Federation, conflict_id: int) -> PersonLinkConflict | None:
    """A link waiting for an officer of `federation`, or None (decided, or another's)."""
    return PersonLinkConflict.objects.filter(
        pk=conflict_id, person__federation=federation, outcome=""
    ).first()
