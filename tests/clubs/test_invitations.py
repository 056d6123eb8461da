"""Invitations by mail (clubs/services/invitations.py): sent, accepted with a new account or an existing
one, expired, withdrawn, sent again, refused, throttled; and self sign-up's signed link."""

from __future__ import annotations

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.exceptions import PermissionDenied, ValidationError
from django.test import Client, override_settings
from django.utils import timezone

from clubs.models import Federation, FederationClub, FederationOfficer, Invitation, Membership
from clubs.selectors import invitation_of_token
from clubs.services import invitations
from tests.support.factories import UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "four red threes in hand"


def _link(path: str) -> str:
    return f"http://testserver{path}"


def _token(message: mail.EmailMessage) -> str:
    found = re.search(r"http://testserver/invitations/([^/\s]+)/", message.body)
    assert found, message.body
    return found.group(1)


def _invite(club, by, email="new@example.org", role="scorer", **kwargs) -> Invitation:
    asked = invitations.InvitationInput(email=email, kind="club", role=role)
    return invitations.invitation_send(asked=asked, by=by, link=_link, club=club, **kwargs)


@pytest.fixture
def north(alice):
    federation = Federation.objects.create(name="North", slug="north")
    FederationOfficer.objects.create(federation=federation, user=alice)
    return federation


def test_a_director_invites_and_the_mail_carries_a_link_for_one_use(club, alice):
    invitation = _invite(club, alice, language="es")
    [message] = mail.outbox
    assert message.to == ["new@example.org"]
    assert club.name in message.subject
    assert "alice" in message.body
    assert "días" in message.body  # the club's (here: the asked) language
    token = _token(message)
    assert invitation_of_token(token=token) == invitation
    assert invitation.token_digest != token  # the token itself is kept nowhere
    assert invitation.expires_at - invitation.sent_at == datetime.timedelta(days=14)


def test_accepting_with_a_new_account_opens_it_with_the_invited_address_and_the_role(club, alice):
    invitation = _invite(club, alice)
    user, opened = invitations.invitation_accept_new_account(
        invitation=invitation, asked=invitations.NewAccount("newbie", PASSWORD)
    )
    assert opened == club
    assert user.email == "new@example.org" and user.check_password(PASSWORD)
    assert Membership.objects.get(club=club, user=user).role == "scorer"
    invitation.refresh_from_db()
    assert invitation.accepted_by == user
    with pytest.raises(ValidationError, match="accepted already"):
        invitations.invitation_accept(invitation=invitation, user=UserFactory())


def test_accepting_with_an_existing_account_gives_it_the_role(club, alice, bob):
    invitation = _invite(club, alice, email="bob@example.org", role="director")
    invitations.invitation_accept(invitation=invitation, user=bob)
    assert Membership.objects.get(club=club, user=bob).role == "director"


def test_an_invitation_never_lowers_a_members_role(club, alice, sam):
    """Sam is the club's scorer; an invitation to be a member, sent before his address was
    known, leaves him a scorer when he accepts it."""
    invitation = _invite(club, alice, email="sam@example.org", role="member")
    invitations.invitation_accept(invitation=invitation, user=sam)
    assert Membership.objects.get(club=club, user=sam).role == "scorer"


def test_inviting_a_members_address_is_refused_naming_the_member(club, alice, sam):
    sam.email = "Sam@Example.org"
    sam.save(update_fields=["email"])
    with pytest.raises(ValidationError) as refused:
        _invite(club, alice, email="sam@example.org", role="member")
    [message] = refused.value.message_dict["email"]
    assert "sam, a member of the club already (Scorer)" in message
    assert not Invitation.objects.exists() and mail.outbox == []


def test_a_new_account_refused_opens_nothing(club, alice, bob):
    invitation = _invite(club, alice)
    with pytest.raises(ValidationError) as refused:
        invitations.invitation_accept_new_account(
            invitation=invitation, asked=invitations.NewAccount("bob", PASSWORD)
        )
    assert "username" in refused.value.message_dict
    invitation.refresh_from_db()
    assert invitation.accepted_at is None
    assert not get_user_model().objects.filter(email="new@example.org").exists()


def test_an_expired_invitation_is_refused_saying_so(club, alice, bob):
    invitation = _invite(club, alice)
    Invitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - datetime.timedelta(seconds=1)
    )
    with pytest.raises(ValidationError, match="expired"):
        invitations.invitation_accept(invitation=invitation, user=bob)
    assert not Membership.objects.filter(club=club, user=bob, role="scorer").exists()


def test_a_withdrawn_invitation_is_refused(club, alice, bob):
    invitation = _invite(club, alice)
    invitations.invitation_withdraw(invitation=invitation, by=alice)
    with pytest.raises(ValidationError, match="withdrawn"):
        invitations.invitation_accept(invitation=invitation, user=bob)


def test_sent_again_the_new_link_replaces_the_old(club, alice):
    invitation = _invite(club, alice)
    old = _token(mail.outbox[0])
    invitations.invitation_resend(invitation=invitation, by=alice, link=_link)
    new = _token(mail.outbox[1])
    assert new != old
    assert invitation_of_token(token=old) is None
    assert invitation_of_token(token=new) == invitation
    page = Client().get(f"/invitations/{old}/")
    assert page.status_code == 404
    assert "replaced by a newer mail" in page.content.decode()
    assert Client().get(f"/invitations/{new}/").status_code == 200


def test_a_role_that_is_not_one_is_refused(club, alice):
    with pytest.raises(ValidationError) as refused:
        _invite(club, alice, role="owner")
    assert "role" in refused.value.message_dict
    assert mail.outbox == [] and not Invitation.objects.exists()


def test_only_a_director_invites_to_the_club(club, sam, bob, mallory):
    for who in (sam, bob, mallory):
        with pytest.raises(PermissionDenied):
            _invite(club, who)
    assert mail.outbox == []


def test_only_an_officer_invites_to_the_federation(north, bob):
    asked = invitations.InvitationInput(email="o@example.org", kind="officer")
    with pytest.raises(PermissionDenied):
        invitations.invitation_send(asked=asked, by=bob, link=_link, federation=north)


def test_an_address_invited_already_is_told_to_send_it_again(club, alice):
    _invite(club, alice)
    with pytest.raises(ValidationError, match="invited already"):
        _invite(club, alice, email="NEW@example.org")


@override_settings(INVITATIONS_PER_EMAIL=2)
def test_invitations_to_one_address_are_throttled(club, alice):
    invitation = _invite(club, alice)
    invitations.invitation_resend(invitation=invitation, by=alice, link=_link)
    with pytest.raises(ValidationError, match="paused for an hour"):
        invitations.invitation_resend(invitation=invitation, by=alice, link=_link)
    assert len(mail.outbox) == 2


@override_settings(INVITATIONS_PER_HOUR=2)
def test_one_inviter_is_throttled(club, alice):
    _invite(club, alice, email="a@example.org")
    _invite(club, alice, email="b@example.org")
    with pytest.raises(ValidationError, match="many invitations this hour"):
        _invite(club, alice, email="c@example.org")


@override_settings(INVITATION_ACCEPTS_PER_ADDRESS=3)
def test_accept_attempts_from_one_network_address_are_throttled(club, alice):
    invitation = _invite(club, alice)
    token = _token(mail.outbox[0])
    client = Client()
    for _ in range(3):
        assert client.get("/invitations/made-up/").status_code == 404
    refused = client.post(f"/invitations/{token}/", {"action": "accept"})
    assert refused.status_code == 429
    assert "Too many attempts" in refused.content.decode()
    invitation.refresh_from_db()
    assert invitation.accepted_at is None


def test_an_officer_invites_an_officer(north, alice):
    asked = invitations.InvitationInput(email="olga@example.org", kind="officer")
    invitation = invitations.invitation_send(asked=asked, by=alice, link=_link, federation=north)
    user, opened = invitations.invitation_accept_new_account(
        invitation=invitation, asked=invitations.NewAccount("olga", PASSWORD)
    )
    assert opened == north
    assert FederationOfficer.objects.get(federation=north, user=user).added_by == alice


def test_founding_a_club_on_accepting_makes_a_director_of_a_member_club(north, alice):
    asked = invitations.InvitationInput(email="dora@example.org", kind="found")
    invitation = invitations.invitation_send(asked=asked, by=alice, link=_link, federation=north)
    assert "found the club" in mail.outbox[0].body
    user, club = invitations.invitation_accept_new_account(
        invitation=invitation,
        asked=invitations.NewAccount("dora", PASSWORD),
        new_club=invitations.NewClub(name="Harbour Canasta"),
    )
    assert club.slug == "harbour-canasta"
    assert Membership.objects.get(club=club, user=user).role == "director"
    place = FederationClub.objects.get(federation=north, club=club)
    assert place.status == "member" and place.answered_by == user


def test_the_accept_page_creates_the_account_and_signs_it_in(club, alice):
    _invite(club, alice)
    token = _token(mail.outbox[0])
    client = Client()
    page = client.get(f"/invitations/{token}/")
    assert page.status_code == 200 and "Create your account" in page.content.decode()
    data = {"action": "accept", "username": "newbie", "password1": PASSWORD, "password2": PASSWORD}
    done = client.post(f"/invitations/{token}/", data)
    assert done.status_code == 302 and done.url == f"/clubs/{club.slug}/"
    assert client.get(done.url).status_code == 200  # signed in, a scorer of the club
    assert client.get(f"/invitations/{token}/").status_code == 410  # used


def test_a_short_password_is_refused_in_the_pages_language(club, alice):
    _invite(club, alice)
    token = _token(mail.outbox[0])
    data = {"action": "accept", "username": "newbie", "password1": "abc", "password2": "abc"}
    refused = Client().post(f"/invitations/{token}/", data, HTTP_ACCEPT_LANGUAGE="es")
    assert refused.status_code == 400
    assert "contraseña" in refused.content.decode()
    assert not get_user_model().objects.filter(username="newbie").exists()


def test_self_sign_up_is_off_by_default():
    assert Client().get("/accounts/sign-up/").status_code == 404
    assert "sign-up" not in Client().get("/accounts/login/").content.decode()


@override_settings(SELF_SIGN_UP=True)
def test_self_sign_up_confirms_the_address_by_mail_then_founds_a_club():
    client = Client()
    assert "/accounts/sign-up/" in client.get("/accounts/login/").content.decode()
    client.post("/accounts/sign-up/", {"email": "fay@example.org"})
    [message] = mail.outbox
    link = re.search(r"http://testserver(/accounts/sign-up/[^/\s]+/)", message.body)
    assert link, message.body
    data = {"username": "fay", "password1": PASSWORD, "password2": PASSWORD, "found": "club"}
    done = client.post(link.group(1), data)
    assert done.status_code == 302 and done.url == "/clubs/new/"
    assert get_user_model().objects.get(username="fay").email == "fay@example.org"
    assert client.post(link.group(1), data | {"username": "fay2"}).status_code == 400  # once


@override_settings(SELF_SIGN_UP=True)
def test_a_sign_up_link_not_signed_by_the_site_is_refused():
    assert Client().get("/accounts/sign-up/fay@example.org:forged/").status_code == 410
