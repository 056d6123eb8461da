"""Middleware of the site as a whole (the apps' own live in their packages)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse

# No key of the site (slug, token, id) is longer; a longer path parameter finds nothing.
MAX_PATH_PARAMETER = 255


class NotFoundForUnstorablePathParameters:
    """Answers 404 for a path parameter no database look-up should get: one with a NUL byte
    (PostgreSQL refuses it with a DataError, which would be a 500) or over MAX_PATH_PARAMETER
    characters. Raises Http404 in process_view, before any later middleware's process_view
    (the club-language look-up) or the view runs. Values that are not UTF-8 reach views as
    their percent-escapes (Django's own handling), which any database takes.
    """

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        for value in (*args, *kwargs.values()):
            if isinstance(value, str) and ("\x00" in value or len(value) > MAX_PATH_PARAMETER):
                raise Http404
