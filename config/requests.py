"""The type of a request as the site's middleware leaves it (for mypy; nothing here runs)."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request with django-htmx's `request.htmx`, for views that read it."""

    htmx: HtmxDetails
