"""Club pages for directors (settings, roster import, members), each user's API tokens, and the
federation pages of officers and directors. Design: docs/site.md#clubs"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs import services
from clubs.forms import (
    ClubCreateForm,
    ClubInvitationForm,
    ClubSettingsForm,
    FederationForm,
    FederationInvitationForm,
    FederationInviteForm,
    FederationOfficerForm,
    FederationRankingGroupsForm,
    MemberCreateForm,
    MemberInviteForm,
    MemberRoleForm,
    PersonLinkForm,
    RosterConfirmForm,
    RosterUploadForm,
)
from clubs.models import Club, Federation, FederationClub, FederationOfficer, Membership, Player
from clubs.resources import roster_words_by_language
from clubs.selectors import (
    api_tokens_of,
    club_federation_now,
    club_federation_section,
    clubs_directed_by,
    federation_conflict_of,
    federation_members_rows,
    federation_overview,
    federations_run_by,
    invitations_of,
)
from clubs.users import SignedInRequest


def directed_club(request: HttpRequest, slug: str) -> Club:
    """The club of `slug` if the user directs it; 404 otherwise."""
    return get_object_or_404(clubs_directed_by(user=request.user), slug=slug)


@login_required
def club_settings(request: SignedInRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = ClubSettingsForm(request.POST or None, instance=Club.objects.get(pk=club.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.club_update(
                club=club, **{name: form.cleaned_data[name] for name in services.CLUB_SETTINGS}
            )
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.success(request, _("The club's settings are saved."))
            return redirect("clubs:settings", slug=club.slug)
    context = {"club": club, "form": form, "federation": club_federation_section(club=club)}
    return render(request, "clubs/settings.html", context)


@login_required
def player_import(request: SignedInRequest, slug: str) -> HttpResponse:
    """Upload a roster, see what it would do line by line, then confirm to import it."""
    club = directed_club(request, slug)
    upload = RosterUploadForm()
    context: dict[str, object] = {"club": club}
    confirm: RosterConfirmForm | None
    if request.method == "POST" and "data" in request.POST:
        confirm = RosterConfirmForm(request.POST)
        if confirm.is_valid():
            outcome = services.roster_import(
                club=club, text=confirm.cleaned_data["data"], dry_run=False, imported_by=request.user
            )
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
            outcome = services.roster_import(club=club, text=text, dry_run=True, imported_by=request.user)
            confirm = RosterConfirmForm(initial={"data": text}) if outcome.ok else None
            context |= {"outcome": outcome, "confirm": confirm}
    context |= {"upload": upload, "roster_words": roster_words_by_language()}
    return render(request, "clubs/player_import.html", context)


def _members_page(request: HttpRequest, club: Club, **forms: object) -> HttpResponse:
    memberships = club.memberships.select_related("user").order_by("user__username")
    context = {
        "club": club,
        # One small form a row; auto_id off so the rows' fields do not share an id.
        "memberships": [(m, MemberRoleForm(initial={"role": m.role}, auto_id=False)) for m in memberships],
        "invite": forms.get("invite") or MemberInviteForm(),
        "create": forms.get("create") or MemberCreateForm(),
        "invitation": forms.get("invitation") or ClubInvitationForm(),
        "invitations": invitations_of(club=club),
        "invitation_days": settings.INVITATION_DAYS,
        "errors": forms.get("errors", []),
    }
    return render(request, "clubs/members.html", context)


@login_required
def members(request: SignedInRequest, slug: str) -> HttpResponse:
    """The club's people and their roles; forms to add, change and remove them."""
    return _members_page(request, directed_club(request, slug))


@login_required
@require_POST
def member_invite(request: SignedInRequest, slug: str) -> HttpResponse:
    club = directed_club(request, slug)
    form = MemberInviteForm(request.POST)
    if form.is_valid():
        try:
            membership = services.member_invite(club=club, **form.cleaned_data)
        except ValidationError as exc:
            form.add_error(None, exc)
        else:
            messages.success(
                request,
                _("%(user)s is now a member of the club (%(role)s).")
                % {"user": membership.user.get_username(), "role": membership.get_role_display()},
            )
            return redirect("clubs:members", slug=club.slug)
    return _members_page(request, club, invite=form)


@login_required
@require_POST
@never_cache
def member_create(request: SignedInRequest, slug: str) -> HttpResponse:
    """Create an account and show its one-time password on this page only (never stored or sent again)."""
    club = directed_club(request, slug)
    form = MemberCreateForm(request.POST)
    if form.is_valid():
        try:
            membership, password = services.member_create_account(
                club=club, username=form.cleaned_data["new_username"], role=form.cleaned_data["role"]
            )
        except ValidationError as exc:
            for field, errors in exc.message_dict.items():
                form.add_error("new_username" if field == "username" else None, errors)
        else:
            context = {"club": club, "membership": membership, "password": password}
            return render(request, "clubs/member_created.html", context)
    return _members_page(request, club, create=form)


def _club_membership(club: Club, membership_id: int) -> Membership:
    return get_object_or_404(Membership.objects.select_related("user"), pk=membership_id, club=club)


def _after_membership_change(request: HttpRequest, club: Club) -> HttpResponse:
    if not clubs_directed_by(user=request.user).filter(pk=club.pk).exists():
        return redirect("home")  # the director gave up their own role
    return redirect("clubs:members", slug=club.slug)


@login_required
@require_POST
def member_role(request: SignedInRequest, slug: str, membership_id: int) -> HttpResponse:
    club = directed_club(request, slug)
    membership = _club_membership(club, membership_id)
    form = MemberRoleForm(request.POST)
    if form.is_valid():
        role = form.cleaned_data["role"]
        try:
            membership = services.membership_change_role(membership=membership, role=role)
        except ValidationError as exc:
            return _members_page(request, club, errors=exc.messages)
        messages.success(
            request,
            _("%(user)s is now %(role)s.")
            % {"user": membership.user.get_username(), "role": membership.get_role_display()},
        )
        return _after_membership_change(request, club)
    return _members_page(request, club, errors=[_("Choose a role.")])


@login_required
@require_POST
def member_remove(request: SignedInRequest, slug: str, membership_id: int) -> HttpResponse:
    club = directed_club(request, slug)
    membership = _club_membership(club, membership_id)
    try:
        services.membership_remove(membership=membership)
    except ValidationError as exc:
        return _members_page(request, club, errors=exc.messages)
    messages.success(request, _("%(user)s has left the club.") % {"user": membership.user.get_username()})
    return _after_membership_change(request, club)


@login_required
@never_cache
def api_tokens(request: SignedInRequest) -> HttpResponse:
    """The user's own API tokens: list them, make one (shown once), revoke one or all."""
    token = ""
    if request.method == "POST":
        action = request.POST.get("action", "")
        if action == "create":
            _stored, token = services.api_token_create(user=request.user)
        elif action == "revoke_all":
            count = services.api_tokens_revoke_all(user=request.user)
            messages.success(request, _("%(count)s token(s) revoked.") % {"count": count})
            return redirect("clubs:api_tokens")
        else:
            key = request.POST.get("token_key", "")
            if services.api_token_revoke(user=request.user, token_key=key):
                messages.success(request, _("The token %(key)s… is revoked.") % {"key": key})
            else:
                messages.error(request, _("No token of yours starts with %(key)s.") % {"key": key[:20]})
            return redirect("clubs:api_tokens")
    tokens = list(api_tokens_of(user=request.user))
    return render(request, "clubs/api_tokens.html", {"tokens": tokens, "new_token": token})


@login_required
@require_POST
def player_initials(request: SignedInRequest, player_id: int) -> HttpResponse:
    """A director shows a player by initials on the public pages (POST `initials`: "1"), or by name."""
    player = get_object_or_404(
        Player.objects.filter(club__in=clubs_directed_by(user=request.user)), pk=player_id
    )
    by_initials = request.POST.get("initials") == "1"
    services.player_public_initials_set(player=player, by_initials=by_initials, by=request.user)
    if by_initials:
        messages.success(request, _("Public pages now show this player by initials."))
    else:
        messages.success(request, _("Public pages now show this player's name."))
    return redirect("tournaments:player_detail", player_id=player.pk)


# --- federations: the officers' pages ---------------------------------------------------------------


def officer_federation(request: HttpRequest, slug: str) -> Federation:
    """The federation of `slug` if the user is one of its officers; 404 otherwise."""
    return get_object_or_404(federations_run_by(user=request.user), slug=slug)


@login_required
def federation_list(request: SignedInRequest) -> HttpResponse:
    """The federations the user is an officer of, and the way to create one."""
    federations = federations_run_by(user=request.user)
    return render(request, "clubs/federation_list.html", {"federations": federations})


@login_required
def club_create(request: SignedInRequest) -> HttpResponse:
    """A new club; its creator is its first director."""
    form = ClubCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            club = services.club_found(**form.cleaned_data, by=request.user)
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            messages.success(request, _("The club is created; you are its director."))
            return redirect("tournaments:club_detail", slug=club.slug)
    status = 400 if form.is_bound and form.errors else 200
    return render(request, "clubs/club_create.html", {"form": form}, status=status)


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


def _errors_to_form(form: Any, exc: ValidationError) -> None:
    """A service's refusal shown on the form: by field where the form has it, else above it."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc.messages)
        return
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)


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
                federation=federation, club_slug=form.cleaned_data["club"], by=request.user
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


# --- federations: the club's director -----------------------------------------------------------------


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
