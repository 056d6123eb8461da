"""The federation's pages: the officers', and the club director's answer to an invitation."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from clubs import services
from clubs.models import Federation, FederationClub, FederationOfficer
from clubs.selectors import (
    club_federation_now,
    federation_conflict_of,
    federation_overview,
    federations_run_by,
    invitations_of,
)
from clubs.users import SignedInRequest
from clubs.web.clubs import _errors_to_form, directed_club
from clubs.web.forms import (
    FederationForm,
    FederationInvitationForm,
    FederationInviteForm,
    FederationOfficerForm,
    FederationRankingGroupsForm,
)


def officer_federation(request: HttpRequest, slug: str) -> Federation:
    """The federation of `slug` if the user is one of its officers; 404 otherwise."""
    return get_object_or_404(federations_run_by(user=request.user), slug=slug)


@login_required
def federation_list(request: SignedInRequest) -> HttpResponse:
    """The federations the user is an officer of, and the way to create one."""
    federations = federations_run_by(user=request.user)
    return render(request, "clubs/federation_list.html", {"federations": federations})


@login_required
def federation_create(request: SignedInRequest) -> HttpResponse:
    """A new federation; its creator is its first officer."""
    form = FederationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            federation = services.federation_create(
                asked=services.FederationInput(**form.cleaned_data), by=request.user
            )
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            messages.success(request, _("The federation is created; you are its officer."))
            return redirect("clubs:federation_detail", slug=federation.slug)
    return render(request, "clubs/federation_create.html", {"form": form})


def _federation_page(request: HttpRequest, federation: Federation, **forms: Any) -> HttpResponse:
    context = {
        "federation": federation,
        "overview": federation_overview(federation=federation),
        "invite": forms.get("invite") or FederationInviteForm(),
        "officer": forms.get("officer") or FederationOfficerForm(),
        "invitation": forms.get("invitation") or FederationInvitationForm(),
        "invitations": invitations_of(federation=federation),
        "invitation_days": settings.INVITATION_DAYS,
        "groups": forms.get("groups")
        or FederationRankingGroupsForm(together=federation.ranking_groups or {}),
        "errors": forms.get("errors", []),
    }
    return render(request, "clubs/federation_detail.html", context)


@login_required
def federation_detail(request: SignedInRequest, slug: str) -> HttpResponse:
    """An officer's page: the clubs with their dates, invitations, links to decide, officers."""
    return _federation_page(request, officer_federation(request, slug))


@login_required
@require_POST
def federation_ranking_settings(request: SignedInRequest, slug: str) -> HttpResponse:
    """An officer makes the federation's ranking public (`public=1`) or its officers' only, or
    (`groups`) saves its variants ranked together."""
    federation = officer_federation(request, slug)
    if "groups" in request.POST:
        form = FederationRankingGroupsForm(request.POST, together=federation.ranking_groups or {})
        if form.is_valid():
            try:
                services.federation_ranking_settings(
                    federation=federation, ranking_groups=form.cleaned_data["ranking_groups"]
                )
            except ValidationError as exc:
                return _federation_page(request, federation, errors=exc.messages, groups=form)
            messages.success(
                request, _("The variants ranked together are saved: the ranking is computed again.")
            )
            return redirect("clubs:federation_detail", slug=federation.slug)
        return _federation_page(request, federation, groups=form)
    public = request.POST.get("public")
    if public not in ("0", "1"):
        return _federation_page(request, federation, errors=[_("Choose whether the ranking is public.")])
    services.federation_ranking_settings(federation=federation, ranking_public=public == "1")
    if public == "1":
        messages.success(
            request, _("The federation's ranking is public: anyone may see it, without an account.")
        )
    else:
        messages.success(request, _("The federation's ranking is for its officers only."))
    return redirect("clubs:federation_detail", slug=federation.slug)


@login_required
@require_POST
def federation_invite(request: SignedInRequest, slug: str) -> HttpResponse:
    federation = officer_federation(request, slug)
    form = FederationInviteForm(request.POST)
    if form.is_valid():
        try:
            place = services.federation_club_invite(
                federation=federation,
                club_slug=form.cleaned_data["club"],
                by=request.user,
                counts_from=form.cleaned_data["counts_from"],
            )
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            message = _("%(club)s is invited. A director of the club accepts or declines in its settings.")
            messages.success(request, message % {"club": place.shown_name})
            return redirect("clubs:federation_detail", slug=federation.slug)
    return _federation_page(request, federation, invite=form)


@login_required
@require_POST
def federation_officer_add(request: SignedInRequest, slug: str) -> HttpResponse:
    federation = officer_federation(request, slug)
    form = FederationOfficerForm(request.POST)
    if form.is_valid():
        try:
            officer = services.federation_officer_add(
                federation=federation, who=form.cleaned_data["who"], by=request.user
            )
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            message = _("%(user)s is now an officer of the federation.")
            messages.success(request, message % {"user": officer.user.get_username()})
            return redirect("clubs:federation_detail", slug=federation.slug)
    return _federation_page(request, federation, officer=form)


@login_required
@require_POST
def federation_officer_remove(request: SignedInRequest, slug: str, officer_id: int) -> HttpResponse:
    """An officer takes an officer's role away (their own included); never the last officer's."""
    federation = officer_federation(request, slug)
    officer = get_object_or_404(
        FederationOfficer.objects.select_related("user"), pk=officer_id, federation=federation
    )
    try:
        services.federation_officer_remove(officer=officer, by=request.user)
    except ValidationError as exc:
        return _federation_page(request, federation, errors=exc.messages)
    message = _("%(user)s is no longer an officer of the federation.")
    messages.success(request, message % {"user": officer.user.get_username()})
    if officer.user_id == request.user.pk:
        return redirect("clubs:federation_list")
    return redirect("clubs:federation_detail", slug=federation.slug)


@login_required
@require_POST
def federation_place_end(request: SignedInRequest, slug: str, place_id: int) -> HttpResponse:
    """An officer ends a club's membership (the club leaves today) or withdraws an invitation."""
    federation = officer_federation(request, slug)
    place = get_object_or_404(
        FederationClub.objects.select_related("club"), pk=place_id, federation=federation
    )
    try:
        ended = services.federation_place_end(place=place, by=request.user)
    except ValidationError as exc:
        return _federation_page(request, federation, errors=exc.messages)
    if ended is None:
        messages.success(request, _("The invitation of %(club)s is withdrawn.") % {"club": place.shown_name})
    else:
        message = _("%(club)s has left the federation; its past results stay where they were counted.")
        messages.success(request, message % {"club": place.shown_name})
    return redirect("clubs:federation_detail", slug=federation.slug)


@login_required
@require_POST
def federation_conflict_decide(request: SignedInRequest, slug: str, conflict_id: int) -> HttpResponse:
    """An officer confirms (POST `decision` "confirm") or refuses (anything else) a held link."""
    federation = officer_federation(request, slug)
    conflict = federation_conflict_of(federation=federation, conflict_id=conflict_id)
    if conflict is None:
        raise Http404
    confirm = request.POST.get("decision") == "confirm"
    try:
        services.person_conflict_decide(conflict=conflict, confirm=confirm, by=request.user)
    except ValidationError as exc:
        return _federation_page(request, federation, errors=exc.messages)
    names = {"player": conflict.player.name, "person": conflict.person.name}
    if confirm:
        messages.success(request, _("%(player)s is linked to %(person)s.") % names)
    else:
        messages.success(request, _("The link of %(player)s to %(person)s is refused.") % names)
    return redirect("clubs:federation_detail", slug=federation.slug)


@login_required
@require_POST
def club_federation_answer(request: SignedInRequest, slug: str, place_id: int) -> HttpResponse:
    """A director accepts (POST `answer` "accept") or declines (anything else) an invitation."""
    club = directed_club(request, slug)
    place = get_object_or_404(
        FederationClub.objects.select_related("federation"), pk=place_id, club=club, joined_on__isnull=True
    )
    accept = request.POST.get("answer") == "accept"
    try:
        services.federation_invitation_answer(place=place, accept=accept, by=request.user)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        names = {"federation": place.federation.name}
        if accept:
            messages.success(request, _("The club is a member of %(federation)s.") % names)
        else:
            messages.success(request, _("The invitation of %(federation)s is declined.") % names)
    return redirect("clubs:settings", slug=club.slug)


@login_required
@require_POST
def club_federation_leave(request: SignedInRequest, slug: str) -> HttpResponse:
    """A director takes the club out of its federation (its past results stay counted)."""
    club = directed_club(request, slug)
    place = club_federation_now(club=club)
    if place is None:
        raise Http404
    try:
        services.federation_place_end(place=place, by=request.user)
    except ValidationError as exc:  # ended meanwhile by an officer or another director
        messages.error(request, " ".join(exc.messages))
    else:
        message = _("The club has left %(federation)s; its past results stay where they were counted.")
        messages.success(request, message % {"federation": place.federation.name})
    return redirect("clubs:settings", slug=club.slug)
