"""Reads for clubs and roles, scoped to the user asking."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone
from knox.models import AuthToken

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationLeftOut,
    FederationOfficer,
    Invitation,
    Membership,
    Person,
    PersonLinkConflict,
    Player,
)
from clubs.names import name_key, name_words_key
from clubs.users import Requester


def api_tokens_of(*, user: User) -> QuerySet[AuthToken]:
    """The user's API tokens that have not expired, newest first."""
    return (
        AuthToken.objects.filter(user=user)
        .filter(Q(expiry__isnull=True) | Q(expiry__gt=timezone.now()))
        .order_by("-created")
    )


def clubs_where(*, user: Requester, roles: Iterable[str] | None = None) -> QuerySet[Club]:
    """Clubs in which `user` has a membership (with one of `roles`, if given)."""
    if not user.is_authenticated:
        return Club.objects.none()
    memberships = Membership.objects.filter(user=user)
    if roles is not None:
        memberships = memberships.filter(role__in=list(roles))
    return Club.objects.filter(pk__in=memberships.values("club_id"))


def role_in(*, user: Requester, club: Club) -> str | None:
    """The user's role in the club, or None."""
    if not user.is_authenticated:
        return None
    return Membership.objects.filter(user=user, club=club).values_list("role", flat=True).first()


def clubs_directed_by(*, user: Requester) -> QuerySet[Club]:
    """The clubs `user` directs: the one rule of "directs this club" (`directs` for one club)."""
    return clubs_where(user=user, roles=(Membership.Role.DIRECTOR,))


def directs(*, user: Requester | None, club_id: int) -> bool:
    """Whether the user is a director of the club (one query; False for no user)."""
    if user is None or not user.is_authenticated:
        return False
    return clubs_directed_by(user=user).filter(pk=club_id).exists()


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


def clubs_with_results_visible_to(*, user: Requester) -> QuerySet[Club]:
    """Clubs whose standings and rankings the user may see: their own, and every public one."""
    return Club.objects.filter(Q(results_public=True) | Q(pk__in=clubs_where(user=user).values("pk")))


def roster_by_name_key(*, club: Club) -> dict[str, list[Player]]:
    """The club's players (active or not) by clubs.names.name_key (accents apart, two may share one)."""
    roster: dict[str, list[Player]] = {}
    for player in club.players.order_by("name", "pk"):
        roster.setdefault(name_key(player.name), []).append(player)
    return roster


def clubs_with_public_results() -> QuerySet[Club]:
    """Clubs that made their results public (anyone may see them), by name."""
    return Club.objects.filter(results_public=True).order_by("name")


# --- federations ----------------------------------------------------------------------------------


def federations_run_by(*, user: Requester) -> QuerySet[Federation]:
    """The federations of which `user` is an officer, by name (none for a visitor)."""
    if not user.is_authenticated:
        return Federation.objects.none()
    return Federation.objects.filter(
        pk__in=FederationOfficer.objects.filter(user=user).values("federation_id")
    ).order_by("name")


def federations_with_ranking_visible_to(*, user: Requester) -> QuerySet[Federation]:
    """The federations whose ranking and people `user` may see: those with `ranking_public`, and its own."""
    public = Federation.objects.filter(ranking_public=True)
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
    """By conflict id, where its player and another player of its person are both entrants of
    one of the federation's championships (two entrants are rarely one person). Two queries.

    Championships are read through their relation names (`participations`, the federation's
    `championships`): this layer imports nothing of the tournaments."""
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


@dataclass(frozen=True)
class PlayerPersonRow:
    """A line of the club's "Federation members" page: the player, their person (None if not
    linked), the suggestions, and the link waiting for an officer (its person's name not shown)."""

    player: Player
    person: Person | None
    suggestions: list[Person]
    waiting: PersonLinkConflict | None


def federation_members_rows(*, club: Club, federation: Federation) -> list[PlayerPersonRow]:
    """The club's active players (and any linked), by name, each with their person and, when not
    linked, the federation's people with the same name words (clubs.names.name_words_key) not
    linked to another player of the club. Three queries whatever the club's size."""
    players = list(
        club.players.filter(Q(active=True) | Q(person__federation=federation))
        .select_related("person")
        .order_by("name", "pk")
    )
    linked_here = club.players.filter(person__isnull=False).values("person_id")
    keys = {name_words_key(player.name) for player in players}
    alike = Person.objects.filter(federation=federation, name_words__in=keys).exclude(pk__in=linked_here)
    by_key: dict[str, list[Person]] = {}
    for suggested in alike.order_by("member_number"):
        by_key.setdefault(suggested.name_words, []).append(suggested)
    waiting = {
        conflict.player_id: conflict
        for conflict in PersonLinkConflict.objects.filter(player__club=club, outcome="")
    }
    rows = []
    for player in players:
        person: Person | None = player.person
        if person is not None and person.federation_id != federation.pk:
            person = None
        suggestions = [] if person else by_key.get(name_words_key(player.name), [])
        rows.append(PlayerPersonRow(player, person, suggestions, waiting.get(player.pk)))
    return rows


def invitation_of_token(*, token: str) -> Invitation | None:
    """The invitation whose link carries `token` (its last one), if any."""
    digest = hashlib.sha256(token.encode()).hexdigest()
    return (
        Invitation.objects.select_related("club", "federation", "invited_by")
        .filter(token_digest=digest)
        .first()
    )


@dataclass(frozen=True)
class InvitationRow:
    """An invitation as its list shows it, with its state now ("waiting", "expired", ...)."""

    invitation: Invitation
    status: str


def invitations_of(*, club: Club | None = None, federation: Federation | None = None) -> list[InvitationRow]:
    """The invitations of a club's or a federation's page, latest first: all waiting, the 20 latest others."""
    rows = Invitation.objects.select_related("accepted_by").filter(club=club, federation=federation)
    now = timezone.now()
    waiting = list(rows.filter(accepted_at=None, withdrawn_at=None, expires_at__gt=now))
    others = list(rows.exclude(pk__in=[i.pk for i in waiting])[:20])
    return [InvitationRow(invitation, invitation.status_at(now)) for invitation in waiting + others]
