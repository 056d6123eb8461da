"""The club's language for its pages, for visitors who have not chosen one.

Runs after LocaleMiddleware. Design: docs/site.md#who-is-looking"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils import translation

from clubs.models import Club
from clubs.selectors import clubs_where
from clubs.viewer import viewer

# Links whose token begins with the id of what it opens (the view checks the signature): the
# night's door ("12:<signature>"), a player's personal link, a reminders' stop link ("3-7:...").
_TOKEN_LOOKUPS = {
    "night_check_in": "nights__pk",
    "player_nights": "players__pk",
    "night_reminders_stop": "pk",
}


def _leading_id(token: str) -> int | None:
    digits = token.partition(":")[0].partition("-")[0]
    return int(digits) if digits.isdigit() else None


def _club_language(url_name: str | None, kwargs: dict[str, Any]) -> str:
    clubs = Club.objects.exclude(language="")
    if url_name in _TOKEN_LOOKUPS:
        pk = _leading_id(kwargs.get("token", ""))
        if pk is None:
            return ""
        clubs = clubs.filter(**{_TOKEN_LOOKUPS[url_name]: pk})
    elif "night_id" in kwargs:
        clubs = clubs.filter(nights__pk=kwargs["night_id"])
    elif "slug" in kwargs:
        clubs = clubs.filter(slug=kwargs["slug"])
    elif "event_id" in kwargs:
        clubs = clubs.filter(events__pk=kwargs["event_id"])
    elif "game_id" in kwargs:
        clubs = clubs.filter(events__rounds__tables__game__pk=kwargs["game_id"])
    elif "token" in kwargs:
        clubs = clubs.filter(events__rounds__tables__access_token=kwargs["token"])
    elif "board_token" in kwargs:
        # A hall board's link begins with its event's id (the view checks the signature).
        clubs = clubs.filter(events__pk=int(kwargs["board_token"].partition("-")[0]))
    else:
        return ""
    return clubs.values_list("language", flat=True).first() or ""


class ClubLanguageMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        if settings.LANGUAGE_COOKIE_NAME in request.COOKIES or request.path.startswith("/api/"):
            return
        match = request.resolver_match
        language = _club_language(match.url_name if match else None, kwargs)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language


class ViewerMiddleware:
    """Sets who is looking for the names a page shows (clubs/viewer.py): the clubs the user is a
    member of, read at the first name that needs it, after authentication (an API token's user
    too, which DRF sets on the request it wraps)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        @cache
        def member_of() -> frozenset[int]:
            return frozenset(clubs_where(user=request.user).values_list("pk", flat=True))

        with viewer(member_of):
            return self.get_response(request)
