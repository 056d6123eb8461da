"""Login throttling per client address across usernames (password spraying), on top of axes'.

django-axes locks a (username, address) pair out after AXES_FAILURE_LIMIT failures; trying one
password on many usernames from one address never reaches that. `AddressThrottlingHandler`
also counts every failed login from the address, whatever the username, within the same
cool-off time (AXES_COOLOFF_TIME), and locks the address out at LOGIN_ADDRESS_FAILURE_LIMIT,
a higher threshold than a pair's: people of a club share an address (the club's Wi-Fi), and one
member's typos must not lock out the room.

The failures are axes' own records (AccessAttempt: one row per username, address and browser),
so `axes_reset_ip ADDRESS` lifts an address lockout, and a successful login resets only that
user's own row (AXES_RESET_ON_SUCCESS), never the other usernames tried from the address.
"""

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

        axes compares this one number with AXES_FAILURE_LIMIT; the address's failures count as
        `failures * AXES_FAILURE_LIMIT // LOGIN_ADDRESS_FAILURE_LIMIT`, which reaches the pair's
        limit exactly when the address reaches its own. Returns an int; raises nothing of its own.
        """
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
