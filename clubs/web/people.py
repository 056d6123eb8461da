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
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from clubs import services
from clubs.models import Club, Federation, Player
from clubs.resources import roster_words_by_language
from clubs.selectors import (
    club_federation_now,
    federation_members_rows,
)
from clubs.users import SignedInRequest
from clubs.web.clubs import _errors_to_form, directed_club
from clubs.web.forms import (
    MemberNumbersConfirmForm,
    MemberNumbersUploadForm,
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
    context = {"club": club, "federation": federation, "lines": lines, "upload": MemberNumbersUploadForm()}
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


@login_required
def federation_numbers_import(request: SignedInRequest, slug: str) -> HttpResponse:
    """Upload the players' member numbers, see what each line would do, then confirm to link the
    linkable lines (services.member_numbers_import)."""
    club, federation = _members_federation(request, slug)
    upload = MemberNumbersUploadForm()
    context: dict[str, object] = {"club": club, "federation": federation}
    outcome: services.MemberNumbersImport | None = None
    if request.method == "POST" and "data" in request.POST:
        confirm = MemberNumbersConfirmForm(request.POST)
        if confirm.is_valid():
            text = confirm.cleaned_data["data"]
            outcome = services.member_numbers_import(
                club=club, text=text, by=request.user, expected=confirm.cleaned_data["plan"]
            )
            if outcome.saved:
                count = len(outcome.linkable)
                message = ngettext(
                    "%(count)s player is linked to their member number.",
                    "%(count)s players are linked to their member numbers.",
                    count,
                )
                messages.success(request, message % {"count": count})
                return redirect("clubs:federation_members", slug=club.slug)
            if outcome.changed:
                messages.error(
                    request,
                    _(
                        "The club's players or the federation's members changed since the preview: nothing "
                        "is linked. Here is the file as it would be linked now; confirm it again."
                    ),
                )
    elif request.method == "POST":
        upload = MemberNumbersUploadForm(request.POST, request.FILES)
        if upload.is_valid():
            text = upload.cleaned_data["file"]
            outcome = services.member_numbers_import(club=club, text=text, by=request.user)
    if outcome is not None:
        confirm_again = MemberNumbersConfirmForm(initial={"data": text, "plan": outcome.plan})
        context |= {"outcome": outcome, "confirm": confirm_again if outcome.linkable else None}
    context |= {"upload": upload, "roster_words": roster_words_by_language()}
    return render(request, "clubs/federation_numbers_import.html", context)
