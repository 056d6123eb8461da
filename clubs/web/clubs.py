"""The club's own pages for its directors: settings, roster import, members, API tokens."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs import services
from clubs.models import Club, Membership, Player
from clubs.resources import roster_words_by_language
from clubs.selectors import (
    api_tokens_of,
    club_federation_section,
    clubs_directed_by,
    clubs_where,
    invitations_of,
    player_claims_of,
    players_to_claim,
)
from clubs.text import isolated
from clubs.users import SignedInRequest
from clubs.web.forms import (
    ClubCreateForm,
    ClubInvitationForm,
    ClubSettingsForm,
    MemberCreateForm,
    MemberInviteForm,
    MemberRoleForm,
    RosterConfirmForm,
    RosterUploadForm,
)


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
    linked = {p.user_id: p for p in club.players.filter(user__isnull=False).order_by("-pk")}
    claims = player_claims_of(club=club)
    context = {
        "club": club,
        # One small form a row; auto_id off so the rows' fields do not share an id. Each row's
        # player linked to the account, and the player the member says they are.
        "memberships": [
            (
                m,
                MemberRoleForm(initial={"role": m.role}, auto_id=False),
                linked.get(m.user_id),
                claims.get(m.user_id),
            )
            for m in memberships
        ],
        "free_players": list(players_to_claim(club=club)),
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
@require_POST
def member_player(request: SignedInRequest, slug: str, membership_id: int) -> HttpResponse:
    """Link a member's account to a roster player (POST `player`: its id, or empty for none),
    confirming the player they said they are or another."""
    club = directed_club(request, slug)
    membership = _club_membership(club, membership_id)
    chosen = request.POST.get("player", "")
    player = get_object_or_404(club.players, pk=int(chosen)) if chosen.isdigit() else None
    try:
        linked = services.member_player_link(membership=membership, player=player, by=request.user)
    except ValidationError as exc:
        return _members_page(request, club, errors=exc.messages)
    user = membership.user.get_username()
    if linked is None:
        messages.success(request, _("%(user)s's account is linked to no player.") % {"user": user})
    else:
        message = _("%(user)s's account is linked to %(player)s: they reply and check in as that player.")
        messages.success(request, message % {"user": user, "player": isolated(linked.name)})
    return redirect("clubs:members", slug=club.slug)


@login_required
@require_POST
def player_claim(request: SignedInRequest, slug: str) -> HttpResponse:
    """A member says which roster player they are (POST `player`), for a director to confirm on
    the Members page; back to `next` (a page of this site) or the club's page."""
    club = get_object_or_404(clubs_where(user=request.user), slug=slug)
    chosen = request.POST.get("player", "")
    player = club.players.filter(pk=int(chosen)).first() if chosen.isdigit() else None
    if player is None:
        messages.error(request, _("Choose your name in the list."))
    else:
        try:
            services.player_claim(club=club, user=request.user, player=player)
        except ValidationError as exc:
            for message in exc.messages:
                messages.error(request, message)
        else:
            message = _("Asked: a director of the club will confirm that you are %(player)s.")
            messages.success(request, message % {"player": isolated(player.name)})
    after = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        after, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(after)
    return redirect("tournaments:club_detail", slug=club.slug)


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


def _errors_to_form(form: Any, exc: ValidationError) -> None:
    """A service's refusal shown on the form: by field where the form has it, else above it."""
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc.messages)
        return
    for field, errors in exc.message_dict.items():
        form.add_error(field if field in form.fields else None, errors)
