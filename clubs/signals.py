"""A password change revokes the user's API tokens (docs/api.md). A write of a person, a player, a
club or a member club's place renews the stamp of the federations' names (clubs/stamps.py)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import post_delete, post_save, pre_save
from django.dispatch import receiver

from clubs import stamps
from clubs.models import Club, FederationClub, Person, Player
from clubs.services import api_tokens_revoke_all


@receiver(pre_save, sender=get_user_model())
def revoke_tokens_on_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    fields = kwargs.get("update_fields")
    if instance.pk is None or kwargs.get("raw") or (fields is not None and "password" not in fields):
        return  # a new user, a fixture, or a save of other fields (the last login)
    before = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        api_tokens_revoke_all(user=instance)


@receiver(post_save, sender=Person)
@receiver(post_save, sender=Player)
@receiver(post_save, sender=Club)
@receiver(post_save, sender=FederationClub)
@receiver(post_delete, sender=Person)
@receiver(post_delete, sender=Player)
@receiver(post_delete, sender=Club)
@receiver(post_delete, sender=FederationClub)
def renew_federation_names(sender: Any, **kwargs: Any) -> None:
    # Any such write, the federation's or not: they are rare beside the reads they cache, and
    # every path (services, admin, a cascade) sends these signals. A bulk write sends none:
    # none of these models is written in bulk.
    stamps.touch(stamps.FEDERATION_NAMES)
