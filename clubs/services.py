"""Writes for clubs, players and memberships."""

from __future__ import annotations

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from clubs.models import Club, Membership, Player


@transaction.atomic
def club_create(*, name: str, slug: str, time_zone: str = "UTC", default_variant: str = "classic") -> Club:
    """Create a club. Raises ValidationError on a taken slug or an unknown variant."""
    club = Club(name=name, slug=slug, time_zone=time_zone, default_variant=default_variant)
    club.full_clean()
    club.save()
    return club


@transaction.atomic
def player_add(*, club: Club, name: str, user: AbstractBaseUser | None = None) -> Player:
    """Add a player to the club. Raises ValidationError if the club has a player of that name."""
    player = Player(club=club, name=name, user=user)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def membership_add(*, club: Club, user: AbstractBaseUser, role: str) -> Membership:
    """Give `user` a role in `club`, replacing any role they had there."""
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


CLUB_SETTINGS = ("name", "time_zone", "language", "default_variant", "results_public")


@transaction.atomic
def club_update(*, club: Club, **changes: object) -> Club:
    """Change the club's settings (only the fields in CLUB_SETTINGS). Raises ValidationError."""
    unknown = set(changes) - set(CLUB_SETTINGS)
    if unknown:
        raise ValueError(f"not a club setting: {sorted(unknown)}")
    for name, value in changes.items():
        setattr(club, name, value)
    club.full_clean()
    club.save()
    return club
