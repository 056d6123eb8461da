"""Reads for invitations."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.utils import timezone

from clubs.models import (
    Club,
    Federation,
    Invitation,
)


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
