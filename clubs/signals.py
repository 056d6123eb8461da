"""A password change revokes the user's API tokens (docs/api.md): whoever learnt the old
password, or a token made with it, keeps nothing."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db.models.signals import pre_save
from django.dispatch import receiver

from clubs.services import api_tokens_revoke_all


@receiver(pre_save, sender=get_user_model())
def revoke_tokens_on_password_change(sender: Any, instance: Any, **kwargs: Any) -> None:
    fields = kwargs.get("update_fields")
    if instance.pk is None or kwargs.get("raw") or (fields is not None and "password" not in fields):
        return  # a new user, a fixture, or a save of other fields (the last login)
    before = sender.objects.filter(pk=instance.pk).values_list("password", flat=True).first()
    if before is not None and before != instance.password:
        api_tokens_revoke_all(user=instance)
