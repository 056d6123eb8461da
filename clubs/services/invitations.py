"""Invitations by mail, self sign-up; the writers of `Invitation`. Design: docs/club.md#invitations-by-mail"""

from __future__ import annotations

import datetime
import hashlib
import logging
import secrets
from collections.abc import Callable
from dataclasses import asdict, dataclass

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.core import signing
from django.core.exceptions import PermissionDenied, ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import transaction
from django.template import loader
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext

from clubs.models import Club, Federation, FederationClub, FederationOfficer, Invitation, Membership
from clubs.selectors import directs, runs_federation
from clubs.services.clubs import club_found
from clubs.services.federations import federation_invitation_answer
from clubs.services.members import membership_add
from config import limits

logger = logging.getLogger(__name__)

# Builds the absolute address of a path of the site (a request's build_absolute_uri).
LinkBuilder = Callable[[str], str]
SEND_WINDOW_SECONDS = 3600
ACCEPT_WINDOW_SECONDS = 3600
SIGN_UP_SALT = "clubs.sign-up"


def token_digest(token: str) -> str:
    """The digest an invitation keeps of its link's token."""
    return hashlib.sha256(token.encode()).hexdigest()


def email_clean(text: str) -> str:
    """`text` as an email address (its domain in small letters). Raises ValidationError (`email`)."""
    address = text.strip()
    try:
        validate_email(address)
    except ValidationError:
        raise ValidationError({"email": gettext("Enter an email address, as name@example.org.")}) from None
    local, _at, domain = address.rpartition("@")
    return f"{local}@{domain.lower()}"


def _send_limits(by: User, email: str) -> None:
    """Refuse a mail over the inviter's or the address's limit this hour; else count it."""
    by_email = limits.attempt_key("invitation-email", email.casefold())
    counts = {
        limits.attempt_key("invitation-sender", str(by.pk)): settings.INVITATIONS_PER_HOUR,
        by_email: settings.INVITATIONS_PER_EMAIL,
    }
    over = limits.reached(counts)
    if over == by_email:
        message = gettext("Invitations to this address are paused for an hour: several were sent already.")
        raise ValidationError({"email": message}, code="throttled")
    if over is not None:
        message = gettext("You have sent many invitations this hour: try again in an hour.")
        raise ValidationError({"email": message}, code="throttled")
    limits.count(counts, SEND_WINDOW_SECONDS)


def _mail(invitation: Invitation, token: str, link: LinkBuilder) -> None:
    """Mail `invitation`'s link, in its language. Raises ValidationError if the mail server refuses it."""
    url = link(reverse("clubs:invitation", kwargs={"token": token}))
    with translation.override(invitation.language):
        context = {"invitation": invitation, "url": url, "days": settings.INVITATION_DAYS}
        subject = "".join(loader.render_to_string("clubs/mail/invitation_subject.txt", context).splitlines())
        body = loader.render_to_string("clubs/mail/invitation_body.txt", context)
    try:
        EmailMessage(subject, body, None, [invitation.email]).send()
    except Exception:  # refused, or no answer within EMAIL_TIMEOUT
        logger.exception("invitation mail %s not sent", invitation.pk)
        message = gettext("The mail server did not take the invitation, so none was sent. Try again later.")
        raise ValidationError(message) from None


@dataclass(frozen=True)
class InvitationInput:
    """What an inviter asks: the address, the kind, and a club's role (kind "club")."""

    email: str
    kind: str
    role: str = ""


def _already_waiting(invitation: Invitation) -> None:
    """Refuse a second waiting invitation of the same place to the same address."""
    same = Invitation.objects.filter(
        kind=invitation.kind,
        club=invitation.club,
        federation=invitation.federation,
        email__iexact=invitation.email,
        accepted_at=None,
        withdrawn_at=None,
        expires_at__gt=timezone.now(),
    )
    if same.exists():
        message = gettext("%(email)s is invited already: send the invitation again from its line below.")
        raise ValidationError({"email": message % {"email": invitation.email}})


def _allowed(by: User, *, club: Club | None, federation: Federation | None) -> None:
    """Raise PermissionDenied unless `by` directs `club` or is an officer of `federation`."""
    if club is not None and not directs(user=by, club_id=club.pk):
        raise PermissionDenied
    if federation is not None and not runs_federation(user=by, federation_id=federation.pk):
        raise PermissionDenied


@transaction.atomic
def invitation_send(
    *,
    asked: InvitationInput,
    by: User,
    link: LinkBuilder,
    club: Club | None = None,
    federation: Federation | None = None,
    language: str = "",
) -> Invitation:
    """Invite `asked.email`: to `club` with a role (by its director), or to `federation` as an
    officer or to found a club (by its officer); the mail sent in `language`. Raises
    PermissionDenied for anyone else, ValidationError (`email`, `role`) otherwise."""
    _allowed(by, club=club, federation=federation)
    kinds = [Invitation.Kind.CLUB] if club is not None else [Invitation.Kind.OFFICER, Invitation.Kind.FOUND]
    if asked.kind not in kinds:
        raise ValidationError({"kind": gettext("Not a kind of invitation.")})
    if club is not None and asked.role not in Membership.Role.values:
        raise ValidationError({"role": gettext("Not a role.")})
    invitation = Invitation(
        kind=asked.kind, email=email_clean(asked.email), club=club, federation=federation,
        role=asked.role if club is not None else "",
        language=language or settings.LANGUAGE_CODE, invited_by=by,
    )  # fmt: skip
    _already_waiting(invitation)
    if club is not None:
        _not_a_member(club, invitation.email)
    return _send(invitation, by, link)


# Roles from the least to the most: an invitation never lowers a member's role.
_ROLE_ORDER: list[str] = [Membership.Role.MEMBER, Membership.Role.SCORER, Membership.Role.DIRECTOR]


def _not_a_member(club: Club, email: str) -> None:
    """Refuse to invite an address whose account is a member of `club` already."""
    member = Membership.objects.filter(club=club, user__email__iexact=email).select_related("user").first()
    if member is not None:
        message = gettext(
            "%(email)s is the address of %(user)s, a member of the club already (%(role)s): change "
            "a member's role on this page's list of members."
        )
        role = member.get_role_display()
        raise ValidationError(
            {"email": message % {"email": email, "user": member.user.username, "role": role}}
        )


def _send(invitation: Invitation, by: User, link: LinkBuilder) -> Invitation:
    """Give `invitation` a new token and expiry, save it, and mail its link."""
    _send_limits(by, invitation.email)
    token = secrets.token_urlsafe(32)
    invitation.token_digest = token_digest(token)
    invitation.sent_at = timezone.now()
    invitation.expires_at = invitation.sent_at + datetime.timedelta(days=settings.INVITATION_DAYS)
    invitation.save()
    _mail(invitation, token, link)
    return invitation


def _open(invitation: Invitation) -> Invitation:
    """`invitation` locked, refused (ValidationError) once accepted or withdrawn."""
    invitation = Invitation.objects.select_for_update().get(pk=invitation.pk)
    if invitation.accepted_at is not None:
        raise ValidationError(gettext("This invitation has been accepted already."))
    if invitation.withdrawn_at is not None:
        raise ValidationError(gettext("This invitation was withdrawn."))
    return invitation


@transaction.atomic
def invitation_resend(*, invitation: Invitation, by: User, link: LinkBuilder) -> Invitation:
    """Mail `invitation` again with a new link, valid INVITATION_DAYS from now; the old link
    opens nothing. Raises PermissionDenied or ValidationError, as `invitation_send`."""
    _allowed(by, club=invitation.club, federation=invitation.federation)
    return _send(_open(invitation), by, link)


@transaction.atomic
def invitation_withdraw(*, invitation: Invitation, by: User) -> Invitation:
    """Withdraw `invitation`: its link opens nothing. Raises PermissionDenied or ValidationError."""
    _allowed(by, club=invitation.club, federation=invitation.federation)
    invitation = _open(invitation)
    invitation.withdrawn_at = timezone.now()
    invitation.save(update_fields=["withdrawn_at"])
    return invitation


def accept_attempt_count(*, client: str) -> None:
    """Count one attempt of network address `client` to accept, or to open a link that leads
    nowhere. Raises ValidationError (code "throttled") at INVITATION_ACCEPTS_PER_ADDRESS an hour."""
    key = limits.attempt_key("invitation-accept", client)
    if limits.reached({key: settings.INVITATION_ACCEPTS_PER_ADDRESS}) is not None:
        message = gettext("Too many attempts from your network: try again in an hour.")
        raise ValidationError(message, code="throttled")
    limits.count([key], ACCEPT_WINDOW_SECONDS)


def invitation_usable(invitation: Invitation) -> None:
    """Raise ValidationError, saying why, unless `invitation` may be accepted now."""
    status = invitation.status_at(timezone.now())
    if status == "expired":
        message = gettext("This invitation has expired. Ask whoever invited you to send it again.")
        raise ValidationError(message)
    if status == "accepted":
        raise ValidationError(gettext("This invitation has been accepted already."))
    if status == "withdrawn":
        raise ValidationError(gettext("This invitation was withdrawn."))


@dataclass(frozen=True)
class NewClub:
    """The club an invitation to found one creates: its name and, optionally, its address."""

    name: str
    slug: str = ""
    time_zone: str = "UTC"
    default_variant: str = "classic"


@transaction.atomic
def invitation_accept(
    *, invitation: Invitation, user: User, new_club: NewClub | None = None
) -> Club | Federation:
    """`user` accepts `invitation`: takes its role (never lower than one held), becomes the
    federation's officer, or founds `new_club` (as its director; it joins the federation today).
    Returns the club or federation. Raises ValidationError."""
    invitation = (
        Invitation.objects.select_for_update(of=("self",))
        .select_related("club", "federation")
        .get(pk=invitation.pk)
    )
    invitation_usable(invitation)
    opened: Club | Federation
    federation = invitation.federation
    if invitation.kind == Invitation.Kind.CLUB:
        assert invitation.club is not None  # the row's constraint
        opened = invitation.club
        current = Membership.objects.filter(club=opened, user=user).values_list("role", flat=True).first()
        if current is None or _ROLE_ORDER.index(invitation.role) > _ROLE_ORDER.index(current):
            membership_add(club=opened, user=user, role=invitation.role)
    elif invitation.kind == Invitation.Kind.OFFICER:
        assert federation is not None  # the row's constraint
        opened = federation
        FederationOfficer.objects.get_or_create(
            federation=opened, user=user, defaults={"added_by": invitation.invited_by}
        )
    else:
        if new_club is None:
            raise ValidationError({"name": gettext("Give the club's name.")})
        opened = club_found(**asdict(new_club), by=user)
        assert federation is not None  # the row's constraint
        place = FederationClub.objects.create(
            federation=federation, club=opened, invited_by=invitation.invited_by
        )
        federation_invitation_answer(place=place, accept=True, by=user)
    invitation.accepted_at = timezone.now()
    invitation.accepted_by = user
    invitation.save(update_fields=["accepted_at", "accepted_by"])
    return opened


@dataclass(frozen=True)
class NewAccount:
    """An account to open: its username and password (checked by Django's validators)."""

    username: str
    password: str


def account_open(*, asked: NewAccount, email: str) -> User:
    """A new account of `asked.username`, with its password and the confirmed `email`. Raises
    ValidationError (`username`, `password`)."""
    user = get_user_model()(username=asked.username, email=email)
    user.set_password(asked.password)
    user.full_clean(exclude=["password"])
    user.save()
    return user


@transaction.atomic
def invitation_accept_new_account(
    *, invitation: Invitation, asked: NewAccount, new_club: NewClub | None = None
) -> tuple[User, Club | Federation]:
    """Open an account for the invited address and accept `invitation` with it, in one
    transaction: a refusal (ValidationError) opens no account. Returns it and what it opens."""
    invitation_usable(invitation)
    user = account_open(asked=asked, email=invitation.email)
    return user, invitation_accept(invitation=invitation, user=user, new_club=new_club)


def sign_up_token(*, email: str) -> str:
    """The signed token of a self sign-up's confirmation link for `email`."""
    return signing.dumps(email, salt=SIGN_UP_SALT)


def sign_up_email(*, token: str) -> str:
    """A sign-up `token`'s address. Raises ValidationError if unsigned or older than SIGN_UP_CONFIRM_DAYS."""
    try:
        return str(signing.loads(token, salt=SIGN_UP_SALT, max_age=settings.SIGN_UP_CONFIRM_DAYS * 86400))
    except signing.SignatureExpired:
        raise ValidationError(gettext("This link has expired: sign up again.")) from None
    except signing.BadSignature:
        raise ValidationError(gettext("This link is not valid: sign up again.")) from None


def sign_up_mail(*, email: str, link: LinkBuilder, client: str) -> None:
    """Mail `email` the link that confirms it, in the page's language. Raises ValidationError
    over the per-address limits (as an invitation's) or if the mail server refuses it."""
    email = email_clean(email)
    by_email = limits.attempt_key("invitation-email", email.casefold())
    counts = {
        by_email: settings.INVITATIONS_PER_EMAIL,
        limits.attempt_key("sign-up-address", client): settings.INVITATIONS_PER_HOUR,
    }
    if limits.reached(counts) is not None:
        message = gettext("Sign-up mails are paused for an hour: several were sent already.")
        raise ValidationError({"email": message}, code="throttled")
    limits.count(counts, SEND_WINDOW_SECONDS)
    url = link(reverse("clubs:sign_up_confirm", kwargs={"token": sign_up_token(email=email)}))
    context = {"url": url, "days": settings.SIGN_UP_CONFIRM_DAYS}
    subject = "".join(loader.render_to_string("clubs/mail/sign_up_subject.txt", context).splitlines())
    body = loader.render_to_string("clubs/mail/sign_up_body.txt", context)
    try:
        EmailMessage(subject, body, None, [email]).send()
    except Exception:
        logger.exception("sign-up mail not sent")
        message = gettext("The mail server did not take the mail, so none was sent. Try again later.")
        raise ValidationError(message) from None


@transaction.atomic
def sign_up(*, token: str, asked: NewAccount) -> User:
    """Open the account of a confirmed sign-up (`token`, from its mail). Raises ValidationError."""
    email = sign_up_email(token=token)
    if get_user_model().objects.filter(email__iexact=email).exists():
        message = gettext("An account has this email address already: log in, or reset its password.")
        raise ValidationError(message)
    return account_open(asked=asked, email=email)
