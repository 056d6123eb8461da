"""Writes for the API tokens of a user."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from knox.models import AuthToken


@transaction.atomic
def api_token_create(*, user: User) -> tuple[AuthToken, str]:
    """A new API token for `user`, valid for settings.REST_KNOX["TOKEN_TTL"]: the stored (hashed)
    token and the token itself, shown once. The user's expired tokens are deleted first."""
    AuthToken.objects.filter(user=user, expiry__lt=timezone.now()).delete()
    return AuthToken.objects.create(user=user)


def api_token_revoke(*, user: User, token_key: str) -> int:
    """Revoke `user`'s own token whose key (its first characters, in clear) is `token_key`; returns 0 or 1."""
    deleted, _ = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return deleted


def api_tokens_revoke_all(*, user: User) -> int:
    """Revoke every API token of `user` (a password change does, `clubs.signals`)."""
    deleted, _ = AuthToken.objects.filter(user=user).delete()
    return deleted
