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


def _club_language(kwargs: dict[str, Any]) -> str:
    clubs = Club.objects.exclude(language="")
    if "night_id" in kwargs:
        clubs = clubs.filter(nights__pk=kwargs["night_id"])
    elif "slug" in kwargs:
        clubs = clubs.filter(slug=kwargs["slug"])
    elif "event_id" in kwargs:
        clubs = clubs.filter(events__pk=kwargs["event_id"])
    elif "game_id" in kwargs:
        clubs = clubs.filter(events__rounds__tables__game__pk=kwargs["game_id"])
    elif "token" in kwargs:
        clubs = clubs.filter(events__rounds__tables__access_token=kwargs["token"])
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
        if settings.LANGUAGE_COOKIE_NAME not in request.COOKIES and not request.path.startswith("/api/"):
            _speak(request, _club_language(kwargs))


def _speak(request: HttpRequest, language: str) -> None:
    """Speak `language` from here on, unless the visitor chose one (the language cookie)."""
    if language and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
        translation.activate(language)
        request.LANGUAGE_CODE = language


def use_club_language(request: HttpRequest, club: Club) -> None:
    """Speak `club`'s language from here on, for a visitor who has not chosen one: for the views
    that find the club only once a signed link checks out (a hall board's, a night's door, a
    player's personal link, a reminders' stop link), so that a mistyped link tells nothing."""
    _speak(request, club.language)


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
