"""Invitations by mail, from the club's members page and the federation's page; the link's
page that accepts them; self sign-up where the deployment allows it.
Design: docs/club.md#invitations-by-mail"""

from __future__ import annotations

from typing import Any

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST

from clubs.models import Club, Federation, Invitation
from clubs.selectors import invitation_of_token
from clubs.services import invitations
from clubs.users import SignedInRequest
from clubs.web.clubs import _errors_to_form, _members_page, directed_club
from clubs.web.federations import _federation_page, officer_federation
from clubs.web.forms import (
    ClubCreateForm,
    ClubInvitationForm,
    FederationInvitationForm,
    NewAccountForm,
    SignUpForm,
)

# The backend a new account is signed in with (axes's own only refuses).
SIGN_IN_BACKEND = "django.contrib.auth.backends.ModelBackend"


def _sent(request: HttpRequest, invitation: Invitation) -> None:
    messages.success(request, _("The invitation is sent to %(email)s.") % {"email": invitation.email})


@login_required
@require_POST
def club_invitation_send(request: SignedInRequest, slug: str) -> HttpResponse:
    """A director invites an address to the club with a role."""
    club = directed_club(request, slug)
    form = ClubInvitationForm(request.POST)
    if form.is_valid():
        asked = invitations.InvitationInput(kind=Invitation.Kind.CLUB, **form.cleaned_data)
        try:
            invitation = invitations.invitation_send(
                asked=asked, by=request.user, link=request.build_absolute_uri, club=club,
                language=club.language or get_language(),
            )  # fmt: skip
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            _sent(request, invitation)
            return redirect("clubs:members", slug=club.slug)
    return _members_page(request, club, invitation=form)


@login_required
@require_POST
def federation_invitation_send(request: SignedInRequest, slug: str) -> HttpResponse:
    """An officer invites an address to be an officer, or to found a club that joins."""
    federation = officer_federation(request, slug)
    form = FederationInvitationForm(request.POST)
    if form.is_valid():
        asked = invitations.InvitationInput(**form.cleaned_data)
        try:
            invitation = invitations.invitation_send(
                asked=asked, by=request.user, link=request.build_absolute_uri, federation=federation,
                language=get_language(),
            )  # fmt: skip
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            _sent(request, invitation)
            return redirect("clubs:federation_detail", slug=federation.slug)
    return _federation_page(request, federation, invitation=form)


def _change(request: SignedInRequest, invitation: Invitation, action: str) -> list[str]:
    """Resend or withdraw `invitation`; the refusal's messages, if any."""
    if action not in ("resend", "withdraw"):
        raise Http404
    try:
        if action == "resend":
            invitations.invitation_resend(
                invitation=invitation, by=request.user, link=request.build_absolute_uri
            )
            _sent(request, invitation)
        else:
            invitations.invitation_withdraw(invitation=invitation, by=request.user)
            messages.success(request, _("The invitation is withdrawn: its link opens nothing."))
    except ValidationError as exc:
        return exc.messages
    return []


@login_required
@require_POST
def club_invitation_change(
    request: SignedInRequest, slug: str, invitation_id: int, action: str
) -> HttpResponse:
    """A director sends an invitation of the club again (a new link) or withdraws it."""
    club = directed_club(request, slug)
    invitation = get_object_or_404(Invitation, pk=invitation_id, club=club)
    errors = _change(request, invitation, action)
    if errors:
        return _members_page(request, club, errors=errors)
    return redirect("clubs:members", slug=club.slug)


@login_required
@require_POST
def federation_invitation_change(
    request: SignedInRequest, slug: str, invitation_id: int, action: str
) -> HttpResponse:
    """An officer sends an invitation of the federation again (a new link) or withdraws it."""
    federation = officer_federation(request, slug)
    invitation = get_object_or_404(Invitation, pk=invitation_id, federation=federation)
    errors = _change(request, invitation, action)
    if errors:
        return _federation_page(request, federation, errors=errors)
    return redirect("clubs:federation_detail", slug=federation.slug)


def _opened_url(opened: Club | Federation) -> str:
    if isinstance(opened, Club):
        return reverse("tournaments:club_detail", kwargs={"slug": opened.slug})
    return reverse("clubs:federation_detail", kwargs={"slug": opened.slug})


def _accept_page(
    request: HttpRequest, invitation: Invitation, status: int = 200, **forms: Any
) -> HttpResponse:
    founds = invitation.kind == Invitation.Kind.FOUND
    context = {
        "invitation": invitation,
        "account": forms.get("account") or NewAccountForm(),
        "club_form": (forms.get("club_form") or ClubCreateForm(prefix="club")) if founds else None,
        "errors": forms.get("errors", []),
        "login_url": f"{reverse('login')}?next={request.path}",
    }
    return render(request, "clubs/invitation.html", context, status=status)


def _new_club(form: ClubCreateForm | None) -> invitations.NewClub | None:
    return invitations.NewClub(**form.cleaned_data) if form is not None else None


def _refusal_to_forms(exc: ValidationError, forms: list[Any]) -> list[str]:
    """A service's refusal put on the field of whichever of `forms` has it; the rest returned."""
    if not hasattr(exc, "error_dict"):
        return exc.messages
    left: list[str] = []
    for field, errors in exc.message_dict.items():
        form = next((f for f in forms if f is not None and field in f.fields), None)
        if form is None:
            left += errors
        else:
            form.add_error(field, errors)
    return left


def _accept(request: HttpRequest, invitation: Invitation) -> HttpResponse:
    """The accept page's POST: as the signed-in account, or with a new account."""
    founds = invitation.kind == Invitation.Kind.FOUND
    club_form = ClubCreateForm(request.POST, prefix="club") if founds else None
    account = NewAccountForm(request.POST) if not request.user.is_authenticated else None
    forms_ok = all(form.is_valid() for form in (club_form, account) if form is not None)
    if not forms_ok:
        return _accept_page(request, invitation, 400, account=account, club_form=club_form)
    try:
        if account is None:
            assert request.user.is_authenticated  # no account form only when signed in
            opened = invitations.invitation_accept(
                invitation=invitation, user=request.user, new_club=_new_club(club_form)
            )
        else:
            asked = invitations.NewAccount(
                account.cleaned_data["username"], account.cleaned_data["password1"]
            )
            user, opened = invitations.invitation_accept_new_account(
                invitation=invitation, asked=asked, new_club=_new_club(club_form)
            )
            login(request, user, backend=SIGN_IN_BACKEND)
    except ValidationError as exc:
        errors = _refusal_to_forms(exc, [club_form, account])
        return _accept_page(request, invitation, 400, errors=errors, account=account, club_form=club_form)
    messages.success(request, _("The invitation is accepted."))
    return redirect(_opened_url(opened))


# A link sent before "Send again", mistyped, or never sent: one answer for all, saying what to do.
_NO_SUCH_LINK = _lazy(
    "This invitation link does not work: it may have been replaced by a newer mail (an invitation "
    "sent again carries a new link) or copied incompletely. Open the latest mail, or ask the person "
    "who invited you to send it again."
)


@never_cache
def invitation(request: HttpRequest, token: str) -> HttpResponse:
    """The page an invitation's link opens: create an account and accept, or accept signed in.
    A link that leads nowhere, and each try to accept, count towards the address's limit."""
    found = invitation_of_token(token=token)
    if found is None or request.method == "POST":
        try:
            invitations.accept_attempt_count(client=get_client_ip_address(request) or "")
        except ValidationError as exc:
            return render(request, "clubs/invitation.html", {"errors": exc.messages}, status=429)
    if found is None:
        return render(request, "clubs/invitation.html", {"errors": [_NO_SUCH_LINK]}, status=404)
    try:
        invitations.invitation_usable(found)
    except ValidationError as exc:
        return render(request, "clubs/invitation.html", {"errors": exc.messages}, status=410)
    if request.method == "POST" and request.POST.get("action") == "accept":
        return _accept(request, found)
    return _accept_page(request, found, 400 if request.method == "POST" else 200)


def _sign_up_offered() -> None:
    if not settings.SELF_SIGN_UP:
        raise Http404


@never_cache
def sign_up(request: HttpRequest) -> HttpResponse:
    """Self sign-up's first step: the address, confirmed by a mailed link (SELF_SIGN_UP only)."""
    _sign_up_offered()
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            invitations.sign_up_mail(
                email=form.cleaned_data["email"], link=request.build_absolute_uri,
                client=get_client_ip_address(request) or "",
            )  # fmt: skip
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            return render(request, "clubs/sign_up.html", {"sent": form.cleaned_data["email"]})
    return render(request, "clubs/sign_up.html", {"form": form}, status=400 if form.errors else 200)


@never_cache
def sign_up_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Self sign-up's second step, from the mail: the account's username and password; then
    the new account founds a club or a federation (`found`)."""
    _sign_up_offered()
    try:
        email = invitations.sign_up_email(token=token)
    except ValidationError as exc:
        return render(request, "clubs/sign_up.html", {"errors": exc.messages}, status=410)
    form = NewAccountForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        asked = invitations.NewAccount(form.cleaned_data["username"], form.cleaned_data["password1"])
        try:
            user = invitations.sign_up(token=token, asked=asked)
        except ValidationError as exc:
            _errors_to_form(form, exc)
        else:
            login(request, user, backend=SIGN_IN_BACKEND)
            found = (
                "clubs:federation_create"
                if request.POST.get("found") == "federation"
                else "clubs:club_create"
            )
            return redirect(found)
    context = {"account": form, "email": email}
    return render(request, "clubs/sign_up.html", context, status=400 if form.errors else 200)
