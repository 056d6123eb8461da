"""A table card's short code, typed by a person: `/c/` asks for it, `/c/<code>/` opens the table.
Wrong codes are limited per address (TABLE_CODE_WRONG_PER_ADDRESS in TABLE_CODE_WINDOW s)."""

from __future__ import annotations

import re

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from config import limits
from tournaments.models import SHORT_CODE_LENGTH, Event, TableCard

TEMPLATE = "tournaments/table_code.html"


@require_GET
def code_entry(request: HttpRequest) -> HttpResponse:
    """The page asking for a table's code; typed (`?code=`), it opens as `code_open` does."""
    typed = request.GET.get("code", "").strip()[:20]
    if typed:
        return code_open(request, typed)
    return render(request, TEMPLATE, {})


@require_GET
def code_open(request: HttpRequest, code: str) -> HttpResponse:
    """The table page of the card with `code` (spaces, dashes and case ignored) of an event not
    finished (its link still opens the table after), or the form again saying the code is
    wrong (404) or that too many were wrong (429)."""
    wrong = limits.attempt_key("table-code", get_client_ip_address(request) or "")
    if limits.reached({wrong: settings.TABLE_CODE_WRONG_PER_ADDRESS}):
        message = _("Too many wrong codes from this network: wait a few minutes, or scan the card's QR code.")
        return render(request, TEMPLATE, {"typed": code, "error": message}, status=429)
    normal = re.sub(r"[\s\-]", "", code).upper()
    card = None
    if len(normal) == SHORT_CODE_LENGTH:
        card = TableCard.objects.filter(short_code=normal).select_related("event").first()
    if card is not None and card.event.status == Event.Status.FINISHED:
        message = _(
            "This table's event is finished: its code opens nothing now. Ask the director for the results."
        )
        return render(request, TEMPLATE, {"typed": code, "error": message}, status=404)
    if card is None:
        limits.count([wrong], settings.TABLE_CODE_WINDOW)
        message = _("No table has the code “%(code)s”. Check the code printed on the table's card.") % {
            "code": code
        }
        return render(request, TEMPLATE, {"typed": code, "error": message}, status=404)
    return redirect(reverse("tournaments:link_detail", kwargs={"token": card.access_token}))
