"""Club pages for directors: the club's settings.

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
from clubs.forms import ClubSettingsForm
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
