"""The club's partnerships page: members read the club's partnerships and the events each
played as a pair; directors add one. Thin: scope, validate, call a service or selector, render."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _

from clubs import services as club_services
from clubs.models import Membership
from clubs.selectors import clubs_where, role_in
from clubs.users import SignedInRequest
from tournaments import selectors
from tournaments.web.forms import PartnershipForm


@login_required
def club_partnerships(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's partnerships (members); a director's POST adds one (two players)."""
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    is_director = role_in(user=request.user, club=club) == Membership.Role.DIRECTOR
    if request.method == "POST" and not is_director:
        raise Http404
    form = PartnershipForm(request.POST or None, club=club) if is_director else None
    if form is not None and request.method == "POST" and form.is_valid():
        try:
            partnership, created = club_services.partnership_add(
                club=club, first=form.cleaned_data["first"], second=form.cleaned_data["second"]
            )
        except ValidationError as exc:
            for message in exc.messages:
                form.add_error(None, message)
        else:
            names = {"first": partnership.first.name, "second": partnership.second.name}
            if created:
                messages.success(request, _("%(first)s and %(second)s are a partnership now.") % names)
            else:
                messages.info(request, _("%(first)s and %(second)s are a partnership already.") % names)
            return redirect("tournaments:club_partnerships", slug=club.slug)
    context = {
        "club": club,
        "lines": selectors.club_partnerships(club=club),
        "form": form,
        "is_director": is_director,
    }
    return render(request, "tournaments/club_partnerships.html", context)
