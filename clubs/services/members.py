"""Writes for the members of a club, their roles, and the roster player each account is."""

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
    Player,
    PlayerClaim,
)
from clubs.text import isolated


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
    PlayerClaim.objects.filter(club_id=membership.club_id, user_id=membership.user_id).delete()
    membership.delete()


@transaction.atomic
def member_player_link(*, membership: Membership, player: Player | None, by: User) -> Player | None:
    """Link the member's account to `player` of the club's roster (None: to no player), the
    account's other player of the club unlinked and its claim settled; returns the player.
    Raises ValidationError (`player`): a player of another club, inactive, or linked to
    another account."""
    club_id, user = membership.club_id, membership.user
    if player is not None:
        player = Player.objects.select_for_update().get(pk=player.pk)
        if player.club_id != club_id or not player.active:
            raise ValidationError({"player": gettext("Choose an active player of the club's roster.")})
        if player.user_id not in (None, user.pk):
            message = gettext(
                "%(player)s is linked to %(user)s's account: link that account to no player first."
            )
            owner = player.user.get_username() if player.user else ""
            raise ValidationError({"player": message % {"player": isolated(player.name), "user": owner}})
    for other in Player.objects.select_for_update().filter(club_id=club_id, user=user):
        if player is None or other.pk != player.pk:
            _player_user_set(other, None, by)
    if player is not None and player.user_id != user.pk:
        _player_user_set(player, user, by)
    PlayerClaim.objects.filter(club_id=club_id, user=user).delete()
    return player


def _player_user_set(player: Player, user: User | None, by: User) -> None:
    """Set the player's account, the change on the audit page as `by`'s."""
    player.user = user
    player._history_user = by
    player._change_reason = "account linked" if user else "account unlinked"
    player.save(update_fields=["user"])


@transaction.atomic
def player_claim(*, club: Club, user: User, player: Player) -> PlayerClaim:
    """Record that the member `user` says they are `player`, for a director to confirm
    (replacing their earlier claim). Raises ValidationError (`player`): not a member, a
    player of another club, inactive or a guest, linked to an account, or the member's
    account linked to a player of the club already."""
    if not Membership.objects.filter(club=club, user=user).exists():
        raise ValidationError({"player": gettext("Only the club's members may say which player they are.")})
    linked = Player.objects.filter(club=club, user=user, active=True).first()
    if linked is not None:
        message = gettext("Your account is linked to %(player)s already: ask a director to change it.")
        raise ValidationError({"player": message % {"player": isolated(linked.name)}})
    if player.club_id != club.pk or not player.active or player.guest:
        raise ValidationError({"player": gettext("Choose an active player of the club's roster.")})
    if player.user_id is not None:
        message = gettext("%(player)s is linked to another account: ask a director.")
        raise ValidationError({"player": message % {"player": isolated(player.name)}})
    claim, _created = PlayerClaim.objects.update_or_create(club=club, user=user, defaults={"player": player})
    return claim
