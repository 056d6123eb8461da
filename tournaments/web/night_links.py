"""The limit on wrong night links (a door's, a personal link's, a reminders' stop link, or a name
not on the roster picked at the door) per network address: NIGHT_LINK_WRONG_PER_ADDRESS in
NIGHT_LINK_WINDOW s, as table codes are limited."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from config import limits

# The page of a night link refused: wrong (404) or too many wrong from one address (429).
LINK_TEMPLATE = "tournaments/night_link_refused.html"


def links_refused(request: HttpRequest) -> HttpResponse | None:
    """The 429 page once this network address has tried too many wrong night links, else None."""
    wrong = limits.attempt_key("night-link", get_client_ip_address(request) or "")
    if limits.reached({wrong: settings.NIGHT_LINK_WRONG_PER_ADDRESS}):
        message = _(
            "Too many wrong links from this network: wait a few minutes, then scan the door's QR "
            "code again or open the link the director sent."
        )
        return render(request, LINK_TEMPLATE, {"error": message}, status=429)
    return None


def wrong_link(request: HttpRequest, message: str = "") -> HttpResponse:
    """Count a wrong night link (or name) against this network address; the 404 page saying so."""
    message = message or _(
        "This link opens nothing: check it against the one the director sent, or scan the door's "
        "QR code again."
    )
    wrong = limits.attempt_key("night-link", get_client_ip_address(request) or "")
    limits.count([wrong], settings.NIGHT_LINK_WINDOW)
    return render(request, LINK_TEMPLATE, {"error": message}, status=404)
