"""The director's pages for the club: its seasons, and the audit of its recent changes."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext_lazy as _
from django_tables2 import RequestConfig

from clubs.models import Club
from clubs.selectors import clubs_directed_by
from clubs.users import SignedInRequest
from clubs.web.clubs import directed_club
from tournaments import services
from tournaments.models import Season
from tournaments.selectors.audit import club_audit
from tournaments.web.forms.standings import SeasonForm
from tournaments.web.listings import AuditTable


@login_required
def season_create(request: SignedInRequest, slug: str) -> HttpResponse:
    """A director creates a season of the club and picks its nights."""
    club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
    return _season_form(request, club, None)


@login_required
def season_edit(request: SignedInRequest, season_id: int) -> HttpResponse:
    """A director changes a season: its name, how it counts and its nights."""
    directed = clubs_directed_by(user=request.user)
    season = get_object_or_404(Season.objects.filter(club__in=directed).select_related("club"), pk=season_id)
    return _season_form(request, season.club, season)


def _season_form(request: HttpRequest, club: Club, season: Season | None) -> HttpResponse:
    form = SeasonForm(request.POST or None, instance=season, club=club)
    if request.method == "POST" and form.is_valid():
        try:
            season = services.season_save(
                club=club,
                season=season,
                name=form.cleaned_data["name"],
                best_n=form.cleaned_data["best_n"],
                min_nights=form.cleaned_data["min_nights"],
                events=form.cleaned_data["events"],
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error(field if field in form.fields else None, errors)
        else:
            messages.success(request, _("The season is saved."))
            return redirect("tournaments:season_detail", season_id=season.pk)
    context = {"club": club, "season": season, "form": form}
    return render(request, "tournaments/season_form.html", context)


@login_required
def club_audit_page(request: SignedInRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    table = AuditTable(club_audit(club=club))
    RequestConfig(request, paginate={"per_page": 50}).configure(table)
    return render(request, "tournaments/club_audit.html", {"club": club, "table": table})
