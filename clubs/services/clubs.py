"""Writes for clubs, their settings and their players."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.dispatch import Signal
from django.utils.text import slugify
from django.utils.translation import gettext

from clubs.models import (
    Club,
    Membership,
    Player,
)
from clubs.variants import ranking_groups_problems


def club_create(*, name: str, slug: str, time_zone: str = "UTC", default_variant: str = "classic") -> Club:
    """Create a club. Raises ValidationError on a taken slug or an unknown variant."""
    club = Club(name=name, slug=slug, time_zone=time_zone, default_variant=default_variant)
    club.full_clean()
    club.save()
    return club


RESERVED_CLUB_SLUGS = frozenset({"new"})  # /clubs/new/ is the page to create one


@transaction.atomic
def club_found(
    *, name: str, slug: str = "", time_zone: str = "UTC", default_variant: str = "classic", by: User
) -> Club:
    """A new club with `by` its first director; an empty `slug` is made from the name. Raises
    ValidationError (`name`, `slug`, `time_zone`, `default_variant`)."""
    slug = slug.strip().lower() or slugify(name)[:50].strip("-")
    if not slug or slug in RESERVED_CLUB_SLUGS:
        raise ValidationError({"slug": gettext("Choose an address of letters, digits and hyphens.")})
    if Club.objects.filter(slug=slug).exists():
        raise ValidationError({"slug": gettext("Another club has this address: choose another.")})
    club = club_create(name=name, slug=slug, time_zone=time_zone, default_variant=default_variant)
    Membership.objects.create(club=club, user=by, role=Membership.Role.DIRECTOR)
    return club


@transaction.atomic
def player_add(*, club: Club, name: str, user: User | None = None, guest: bool = False) -> Player:
    """Add a player (`guest`: added on the night, off the roster). Raises ValidationError on a taken name."""
    player = Player(club=club, name=name, user=user, guest=guest)
    player.full_clean()
    player.save()
    return player


CLUB_SETTINGS = ("name", "time_zone", "language", "default_variant", "results_public", "ranking_groups")

# Sent after the commit when a club's variants ranked together change (`club_id`): its ratings,
# kept per ranking group, are rebuilt by a receiver of the tournaments app (clubs imports none).
ranking_groups_changed = Signal()


@transaction.atomic
def club_update(*, club: Club, **changes: object) -> Club:
    """Change the club's settings (only the fields in CLUB_SETTINGS). Raises ValidationError
    (field `ranking_groups`: a variant ranked with one that is itself ranked with another)."""
    unknown = set(changes) - set(CLUB_SETTINGS)
    if unknown:
        raise ValueError(f"not a club setting: {sorted(unknown)}")
    groups_before = club.ranking_groups
    for name, value in changes.items():
        setattr(club, name, value)
    problems = ranking_groups_problems(club.ranking_groups or {})
    if problems:
        raise ValidationError({"ranking_groups": problems})
    club.full_clean()
    club.save()
    if club.ranking_groups != groups_before:
        club_id = club.pk
        transaction.on_commit(lambda: ranking_groups_changed.send(sender=Club, club_id=club_id))
    return club


@transaction.atomic
def player_public_initials_set(*, player: Player, by_initials: bool, by: User) -> Player:
    """Show the player by initials on the pages anyone may open, or by name again; on the audit page."""
    player = Player.objects.select_for_update().get(pk=player.pk)
    player.public_initials = by_initials
    player._history_user = by
    player._change_reason = "public initials" if by_initials else "public name"
    player.save(update_fields=["public_initials"])
    return player
