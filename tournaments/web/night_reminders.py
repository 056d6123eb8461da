"""The nights' reminders by mail: a member turns them on or off on a night's page; the stop link
of each mail (`reminders/<token>/`) stops them without an account: a page with a button, or
the mail program's one-click POST (RFC 8058)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from clubs.middleware import use_club_language
from clubs.users import SignedInRequest
from tournaments import selectors, services
from tournaments.web.night_links import wrong_link


@login_required
@require_POST
def night_reminders(request: SignedInRequest, night_id: int) -> HttpResponse:
    """Turn the member's reminders of the night's club on (POST `on` "1", mails in the page's
    language) or off; back to the night's page."""
    night = get_object_or_404(selectors.nights_visible_to(user=request.user), pk=night_id)
    on = request.POST.get("on") == "1"
    try:
        services.night_reminders_set(
            club=night.club, user=request.user, on=on, language=translation.get_language() or ""
        )
    except ValidationError as exc:
        for message in exc.messages:
            messages.error(request, message)
    else:
        if on:
            message = _("Reminders are on: a mail to %(email)s the day before each night you are coming to.")
            messages.success(request, message % {"email": request.user.email})
        else:
            messages.success(request, _("Reminders are off."))
    return redirect("tournaments:night_detail", night_id=night.pk)


# The mail program's one-click POST carries no CSRF token; the signed token in the path is the
# credential, as a personal link's is.
@csrf_exempt
@never_cache
@require_http_methods(["GET", "POST"])
def night_reminders_stop(request: HttpRequest, token: str) -> HttpResponse:
    """A reminder's stop link: GET asks to confirm, POST stops the reminders of the club's
    nights for the account (the mail program's one-click POST too). Wrong links are limited
    per address, as the door's."""
    found = selectors.night_reminders_of_stop_token(token=token)
    if found is None:
        return wrong_link(
            request, _("This link opens nothing: open it exactly as the reminder's mail gives it.")
        )
    club, user = found
    use_club_language(request, club)
    if request.method == "POST":
        services.night_reminders_set(club=club, user=user, on=False)
        return render(request, "tournaments/night_reminders_stop.html", {"club": club, "stopped": True})
    on = selectors.night_reminders_of(user=user, club=club) is not None
    return render(request, "tournaments/night_reminders_stop.html", {"club": club, "on": on})
