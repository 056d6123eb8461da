"""The password reset, offered only where its mail reaches someone (`PASSWORD_RESET_BY_MAIL`);
not offered, its pages answer 404. Limits and design: docs/deployment.md#mail"""

from __future__ import annotations

import logging
import unicodedata
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from axes.helpers import get_client_ip_address
from django import forms
from django.conf import settings
from django.contrib.auth import forms as auth_forms
from django.contrib.auth import views as auth_views
from django.core.mail import EmailMultiAlternatives
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase
from django.template import loader
from django.urls import URLPattern, URLResolver
from django.utils.translation import gettext as _

from config import limits

logger = logging.getLogger(__name__)

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


# The window of the reset's limits.
RESET_WINDOW_SECONDS = 3600


def _over_the_limit(counts: dict[str, int]) -> str | None:
    """The first kind of `counts` (cache key: limit) at its limit this hour, else None and each
    counted once more."""
    over = limits.reached(counts)
    if over is None:
        limits.count(counts, RESET_WINDOW_SECONDS)
    return over


class PasswordResetForm(auth_forms.PasswordResetForm):
    """Django's reset form, refusing a request over `PASSWORD_RESET_PER_EMAIL` or `_PER_ADDRESS` an
    hour and noting a mail the server refused (`mail_refused`), where Django's only logs it."""

    mail_refused = False

    def __init__(self, *args: Any, request: HttpRequest | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.request = request

    def clean_email(self) -> str:
        email: str = self.cleaned_data["email"]
        # The address as Django's get_users compares it: one count for all its spellings.
        folded = unicodedata.normalize("NFKC", email).casefold()
        address = get_client_ip_address(self.request) if self.request is not None else None
        by_email = limits.attempt_key("password-reset-email", folded)
        counts = {by_email: settings.PASSWORD_RESET_PER_EMAIL}
        counts[limits.attempt_key("password-reset-address", address or "")] = (
            settings.PASSWORD_RESET_PER_ADDRESS
        )
        over = _over_the_limit(counts)
        if over == by_email:
            raise forms.ValidationError(
                _("Reset mails to this address are paused for an hour: several were sent already."),
                code="throttled",
            )
        if over is not None:
            raise forms.ValidationError(
                _("Reset mails asked from your network are paused for an hour: many were asked already."),
                code="throttled",
            )
        return email

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        subject = "".join(loader.render_to_string(subject_template_name, context).splitlines())
        body = loader.render_to_string(email_template_name, context)
        message = EmailMultiAlternatives(subject, body, from_email, [to_email])
        if html_email_template_name is not None:
            html = loader.render_to_string(html_email_template_name, context)
            message.attach_alternative(html, "text/html")
        try:
            message.send()
        except Exception:  # refused, or no answer within EMAIL_TIMEOUT
            logger.exception("password reset mail to user %s not sent", context["user"].pk)
            self.mail_refused = True


class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset page with `PasswordResetForm`: its limits said on the page, and a mail
    the server refused said on the form again rather than "mail sent"."""

    form_class = PasswordResetForm

    def get_form_kwargs(self) -> dict[str, Any]:
        return {**super().get_form_kwargs(), "request": self.request}

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["per_email"] = settings.PASSWORD_RESET_PER_EMAIL
        context["per_address"] = settings.PASSWORD_RESET_PER_ADDRESS
        return context

    def form_valid(self, form: PasswordResetForm) -> HttpResponse:  # type: ignore[override]
        response = super().form_valid(form)
        if not form.mail_refused:
            return response
        form.add_error(
            None,
            _(
                "The mail server did not take the reset mail, so none was sent. Try again later, "
                "or ask an administrator of the site to set a new password."
            ),
        )
        return self.form_invalid(form)


def reset_pages_by_mail_only(patterns: Sequence[URLPattern | URLResolver]) -> list[URLPattern | URLResolver]:
    """`patterns` (django.contrib.auth.urls's) with each reset view through `reset_by_mail_only`
    (the form's, `PasswordResetView`): same routes, same names."""
    own = {"password_reset": PasswordResetView.as_view()}
    return [
        URLPattern(
            pattern.pattern,
            reset_by_mail_only(own.get(pattern.name or "", pattern.callback)),
            pattern.default_args,
            pattern.name,
        )
        if isinstance(pattern, URLPattern) and pattern.name in RESET_PAGES
        else pattern
        for pattern in patterns
    ]


def password_reset(request: HttpRequest) -> dict[str, bool]:
    """Context processor: `password_reset_offered` and `self_sign_up`, for the login page's
    links to the reset and to self sign-up."""
    return {"password_reset_offered": password_reset_offered(), "self_sign_up": bool(settings.SELF_SIGN_UP)}
