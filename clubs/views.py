"""Club pages for directors: the club's settings, its roster import and its members.

Each view scopes the club to the clubs the user directs (404 otherwise), checks shape with a
form, calls a service, and renders.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs import services
from clubs.forms import ClubSettingsForm, RosterConfirmForm, RosterUploadForm
from clubs.models import Club, Membership
from clubs.selectors import clubs_where


def directed_club(request: HttpRequest, slug: str) -> Club:
    """The club of `slug` if the user directs it; 404 otherwise."""
    return get_object_or_404(clubs_where(user=request.user, roles=(Membership.Role.DIRECTOR,)), slug=slug)


@login_required
def club_settings(request: HttpRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = ClubSettingsForm(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(
                club=club, **{name: form.cleaned_data[name] for name in services.CLUB_SETTINGS}
            )
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(request, _("The club's settings are saved."))
            return redirect("clubs:settings", slug=club.slug)
    return render(request, "clubs/settings.html", {"club": club, "form": form})


@login_required
def player_import(request: HttpRequest, slug: str) -> HttpResponse:
    """Upload a roster, see what it would do line by line, then confirm to import it."""
    club = directed_club(request, slug)
    upload = RosterUploadForm()
    context: dict[str, object] = {"club": club}
    if request.method == "POST" and "data" in request.POST:
        confirm = RosterConfirmForm(request.POST)
        if confirm.is_valid():
            outcome = services.roster_import(club=club, text=confirm.cleaned_data["data"], dry_run=False)
            if outcome.saved:
                messages.success(
                    request,
                    _("The roster is imported: %(new)s new, %(update)s updated, %(skip)s unchanged.")
                    % outcome.summary,
                )
                return redirect("tournaments:club_detail", slug=club.slug)
            context |= {"outcome": outcome, "confirm": confirm if outcome.ok else None}
    elif request.method == "POST":
        upload = RosterUploadForm(request.POST, request.FILES)
        if upload.is_valid():
            text = upload.cleaned_data["file"]
            outcome = services.roster_import(club=club, text=text, dry_run=True)
            confirm = RosterConfirmForm(initial={"data": text}) if outcome.ok else None
            context |= {"outcome": outcome, "confirm": confirm}
    context["upload"] = upload
    return render(request, "clubs/player_import.html", context)
