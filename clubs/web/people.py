"""The club's Federation members page: its players linked to the federation's people."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.http import require_POST

from clubs import services
from clubs.models import Club, Federation, Player
from clubs.selectors import (
    club_federation_now,
    federation_members_rows,
)
from clubs.users import SignedInRequest
from clubs.web.clubs import _errors_to_form, directed_club
from clubs.web.forms import (
    PersonLinkForm,
)


def _members_federation(request: HttpRequest, slug: str) -> tuple[Club, Federation]:
    """The club the user directs and its federation now; 404 for a club in none."""
    club = directed_club(request, slug)
    place = club_federation_now(club=club)
    if place is None:
        raise Http404
    return club, place.federation


def _federation_members_page(
    request: HttpRequest, club: Club, federation: Federation, errors: dict[int, Any] | None = None
) -> HttpResponse:
    rows = federation_members_rows(club=club, federation=federation)
    errors = errors or {}
    lines = [(row, errors.get(row.player.pk)) for row in rows]  # a form only where it was refused
    context = {"club": club, "federation": federation, "lines": lines}
    return render(request, "clubs/federation_members.html", context, status=400 if errors else 200)


@login_required
def federation_members(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's players and their persons in the federation: suggestions, links, waiting."""
    club, federation = _members_federation(request, slug)
    return _federation_members_page(request, club, federation)


_LINK_MESSAGES = {
    "linked": _lazy("%(player)s is linked to %(person)s (%(number)s)."),
    "created": _lazy("%(player)s is linked to a new member of the federation, number %(number)s."),
    "unchanged": _lazy("%(player)s is linked to %(number)s already."),
    "conflict": _lazy(
        "Number %(number)s waits for the federation's officers, who confirm or refuse the link of %(player)s."
    ),
}


@login_required
@require_POST
def federation_link(request: SignedInRequest, slug: str, player_id: int) -> HttpResponse:
    """A director links a player to the person of a member number (a suggestion's or typed)."""
    club, federation = _members_federation(request, slug)
    player = get_object_or_404(club.players, pk=player_id)
    form = PersonLinkForm(request.POST, auto_id=False)
    if form.is_valid():
        try:
            outcome = services.person_link(
                player=player, asked=services.PersonLinkInput(**form.cleaned_data), by=request.user
            )
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            person = outcome.person
            names = {"player": player.name, "person": person.name, "number": person.member_number}
            messages.success(request, _LINK_MESSAGES[outcome.result] % names)
            return _back_to_player(club, player)
    return _federation_members_page(request, club, federation, errors={player.pk: form})


@login_required
@require_POST
def federation_unlink(request: SignedInRequest, slug: str, player_id: int) -> HttpResponse:
    club, _federation = _members_federation(request, slug)
    player = get_object_or_404(club.players, pk=player_id)
    try:
        services.person_unlink(player=player, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, _("%(player)s is no longer linked to a person.") % {"player": player.name})
    return _back_to_player(club, player)


def _back_to_player(club: Club, player: Player) -> HttpResponse:
    """Back to the federation members page at the player's row, so a director keeps their place."""
    return redirect(reverse("clubs:federation_members", kwargs={"slug": club.slug}) + f"#player-{player.pk}")
