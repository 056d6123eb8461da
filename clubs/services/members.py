"""Writes for the members of a club and their roles."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from clubs.models import (
    Club,
    Membership,
)


@transaction.atomic
def membership_add(*, club: Club, user: User, role: str) -> Membership:
    """Give `user` a role in `club`, replacing any role they had there."""
    if role not in Membership.Role.values:
        raise ValidationError({"role": gettext("Not a role.")})
    current = Membership.objects.select_for_update().filter(club=club, user=user).first()
    if current is not None and role != Membership.Role.DIRECTOR:
        _keep_a_director(current)
    membership, _ = Membership.objects.update_or_create(club=club, user=user, defaults={"role": role})
    return membership


def _keep_a_director(membership: Membership) -> None:
    """Refuse to take the last director's role away: a club always has someone to run it."""
    if membership.role != Membership.Role.DIRECTOR:
        return
    directors = Membership.objects.select_for_update().filter(
        club_id=membership.club_id, role=Membership.Role.DIRECTOR
    )
    if not directors.exclude(pk=membership.pk).exists():
        raise ValidationError(gettext("The club needs at least one director."))


@transaction.atomic
def member_invite(*, club: Club, username: str, role: str) -> Membership:
    """Give the existing account `username` a role in the club. Raises ValidationError."""
    user = get_user_model().objects.filter(username=username).first()
    if user is None:
        raise ValidationError({"username": gettext("There is no account with that username.")})
    if Membership.objects.filter(club=club, user=user).exists():
        raise ValidationError({"username": gettext("They are already a member; change their role below.")})
    return membership_add(club=club, user=user, role=role)


@transaction.atomic
def member_create_account(*, club: Club, username: str, role: str) -> tuple[Membership, str]:
    """Create an account with a one-time password for a new person, with a role in the club: (membership,
    password in clear, this once: show it to the director, store it nowhere)."""
    model = get_user_model()
    user = model(username=username)
    user.set_unusable_password()
    user.full_clean(exclude=["password"])  # username shape and uniqueness
    password = secrets.token_urlsafe(12)
    user.set_password(password)
    user.save()
    return membership_add(club=club, user=user, role=role), password


@transaction.atomic
def membership_change_role(*, membership: Membership, role: str) -> Membership:
    """Change a member's role. Raises ValidationError for an unknown role or the last director."""
    if role not in Membership.Role.values:
        raise ValidationError({"role": gettext("Not a role.")})
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    if role != Membership.Role.DIRECTOR:
        _keep_a_director(membership)
    membership.role = role
    membership.save(update_fields=["role"])
    return membership


@transaction.atomic
def membership_remove(*, membership: Membership) -> None:
    """Take a person out of the club (their account stays). Refuses to remove the last director."""
    membership = Membership.objects.select_for_update().get(pk=membership.pk)
    _keep_a_director(membership)
    membership.delete()
