"""The password reset, offered only where its mail reaches someone.

The reset mails a link to the address of the account. The settings read the mail server from
the environment (config/settings/base.py: EMAIL_URL or the EMAIL_* variables; without them mail
is printed to the console) and say in `PASSWORD_RESET_BY_MAIL` whether the reset is offered:
always in development, where the link is read from the console of `make run`; in production
only with an SMTP server to send through (config/settings/production.py).

Not offered, the login page has no link to it, and the four reset pages (the form, "mail
sent", the link's page, "password set") answer 404: no page says "mail sent" for a mail that
no one gets. Read on each request, so a test can turn it off with override_settings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.conf import settings
from django.http import Http404, HttpRequest
from django.http.response import HttpResponseBase
from django.urls import URLPattern, URLResolver

# django.contrib.auth.urls's names for the reset pages.
RESET_PAGES = frozenset(
    {"password_reset", "password_reset_done", "password_reset_confirm", "password_reset_complete"}
)

View = Callable[..., HttpResponseBase]


def password_reset_offered() -> bool:
    """True where the password reset is offered (settings.PASSWORD_RESET_BY_MAIL)."""
    return bool(settings.PASSWORD_RESET_BY_MAIL)


def reset_by_mail_only(view: View) -> View:
    """`view`, raising Http404 (before it reads the request) where the reset is not offered."""

    @wraps(view)
    def offered_only(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponseBase:
        if not password_reset_offered():
            raise Http404
        return view(request, *args, **kwargs)

    return offered_only


def reset_pages_by_mail_only(patterns: Sequence[URLPattern | URLResolver]) -> list[URLPattern | URLResolver]:
    """`patterns` (django.contrib.auth.urls's) as they are, but for the reset pages' views,
    each through `reset_by_mail_only`: same routes, same names."""
    return [
        URLPattern(pattern.pattern, reset_by_mail_only(pattern.callback), pattern.default_args, pattern.name)
        if isinstance(pattern, URLPattern) and pattern.name in RESET_PAGES
        else pattern
        for pattern in patterns
    ]


def password_reset(request: HttpRequest) -> dict[str, bool]:
    """Context processor: `password_reset_offered`, for the login page's link to the reset."""
    return {"password_reset_offered": password_reset_offered()}
