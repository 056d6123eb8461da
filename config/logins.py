"""Login throttling per client address across usernames (password spraying), on top of axes'.

Locks the address out at LOGIN_ADDRESS_FAILURE_LIMIT failures within AXES_COOLOFF_TIME, read
from axes' own records. Design: docs/deployment.md#logins"""

from __future__ import annotations

from typing import Any

from axes.attempts import get_cool_off_threshold
from axes.handlers.database import AxesDatabaseHandler
from axes.models import AccessAttempt
from django.conf import settings
from django.db.models import Sum
from django.http import HttpRequest


class AddressThrottlingHandler(AxesDatabaseHandler):
    """axes' database handler, whose failure count also weighs the address's failures."""

    def get_failures(self, request: HttpRequest, credentials: dict[str, Any] | None = None) -> int:
        """The pair's failures, or the address's scaled to the pair's limit if that is more.

        The address's count as `failures * AXES_FAILURE_LIMIT // LOGIN_ADDRESS_FAILURE_LIMIT`, which
        reaches AXES_FAILURE_LIMIT exactly when the address reaches its own limit."""
        pair = super().get_failures(request, credentials)
        address = getattr(request, "axes_ip_address", None)
        if not address:
            return pair
        attempts = AccessAttempt.objects.filter(ip_address=address)
        if settings.AXES_COOLOFF_TIME is not None:
            attempts = attempts.filter(attempt_time__gte=get_cool_off_threshold(request))
        failures = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
        limit = max(settings.LOGIN_ADDRESS_FAILURE_LIMIT, 1)
        return max(pair, failures * settings.AXES_FAILURE_LIMIT // limit)
