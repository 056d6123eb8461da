"""Reads for clubs, roles and the roster players members say they are, scoped to the user asking."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from django.db.models import Q, QuerySet
from django.utils import timezone
from knox.models import AuthToken

from clubs.models import (
    Club,
    Membership,
    Player,
    PlayerClaim,
)
from clubs.names import name_key
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


def players_to_claim(*, club: Club) -> QuerySet[Player]:
    """The club's active roster players (guests apart) linked to no account, by name."""
    return club.players.filter(active=True, guest=False, user__isnull=True).order_by("name", "pk")


def player_claims_of(*, club: Club) -> dict[int, PlayerClaim]:
    """The club's waiting claims, by the claiming account's id, each with its player."""
    return {claim.user_id: claim for claim in club.player_claims.select_related("player")}


def player_claim_of(*, user: Requester, club: Club) -> PlayerClaim | None:
    """`user`'s waiting claim of a player of `club`, or None."""
    if not user.is_authenticated:
        return None
    return club.player_claims.filter(user=user).select_related("player").first()
