"""The type of a request as the site's middleware leaves it (for mypy; nothing here runs)."""

from __future__ import annotations

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request with django-htmx's `request.htmx` (its middleware is the site's, so every
    request has it): django-htmx's documented way to type it. A view that reads
    `request.htmx` takes this type."""

    htmx: HtmxDetails
