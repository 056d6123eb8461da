"""Directors add people to the club, create accounts for new ones, and change or remove roles."""

from __future__ import annotations

import logging

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError

from clubs import services
from clubs.models import Membership
from tests.support.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_director_adds_an_existing_account_with_a_role(client, club, alice):
    dora = UserFactory(username="dora")
    client.force_login(alice)
    assert client.get(f"/clubs/{club.slug}/members/").status_code == 200
    response = client.post(f"/clubs/{club.slug}/members/invite/", {"username": "dora", "role": "scorer"})
    assert response.status_code == 302
    assert Membership.objects.get(club=club, user=dora).role == "scorer"
    # An unknown username, or someone already in the club, is refused on the page.
    response = client.post(f"/clubs/{club.slug}/members/invite/", {"username": "nobody", "role": "member"})
    assert response.status_code == 200 and "no account with that username" in response.content.decode()
    response = client.post(f"/clubs/{club.slug}/members/invite/", {"username": "dora", "role": "director"})
    assert response.status_code == 200
    assert Membership.objects.get(club=club, user=dora).role == "scorer"


def test_a_new_account_shows_its_password_once_and_nowhere_else(client, club, alice, caplog):
    client.force_login(alice)
    with caplog.at_level(logging.DEBUG):
        response = client.post(f"/clubs/{club.slug}/members/new/", {"new_username": "eve", "role": "member"})
    assert response.status_code == 200
    password = response.context["password"]
    assert len(password) >= 12 and password in response.content.decode()
    assert "no-store" in response["Cache-Control"]
    for cookie in response.cookies.values():
        assert password not in cookie.value
    assert password not in caplog.text
    assert password not in str(dict(client.session))
    eve = get_user_model().objects.get(username="eve")
    assert eve.check_password(password)
    assert Membership.objects.get(club=club, user=eve).role == "member"
    # The members page afterwards does not show it again.
    assert password not in client.get(f"/clubs/{club.slug}/members/").content.decode()
    # A taken username is refused.
    response = client.post(f"/clubs/{club.slug}/members/new/", {"new_username": "eve", "role": "member"})
    assert response.status_code == 200 and "password" not in response.context


def test_a_director_changes_and_removes_roles(client, club, alice, bob):
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=bob)
    response = client.post(f"/clubs/{club.slug}/members/{membership.pk}/role/", {"role": "scorer"})
    assert response.status_code == 302
    membership.refresh_from_db()
    assert membership.role == "scorer"
    response = client.post(f"/clubs/{club.slug}/members/{membership.pk}/remove/")
    assert response.status_code == 302
    assert not Membership.objects.filter(pk=membership.pk).exists()
    assert get_user_model().objects.filter(username="bob").exists()  # the account stays


def test_the_last_director_keeps_the_role(client, club, alice):
    mine = Membership.objects.get(club=club, user=alice)
    with pytest.raises(ValidationError):
        services.membership_change_role(membership=mine, role="member")
    with pytest.raises(ValidationError):
        services.membership_remove(membership=mine)
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/members/{mine.pk}/remove/")
    assert response.status_code == 200 and "at least one director" in response.content.decode()
    # With a second director, alice may step down.
    services.membership_add(club=club, user=UserFactory(username="zoe"), role="director")
    response = client.post(f"/clubs/{club.slug}/members/{mine.pk}/role/", {"role": "member"})
    assert response.status_code == 302 and response["Location"] == "/"
    mine.refresh_from_db()
    assert mine.role == "member"


def test_another_clubs_memberships_are_not_found(client, club, alice, mallory):
    theirs = Membership.objects.get(user=mallory)
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/members/{theirs.pk}/remove/")
    assert response.status_code == 404
    response = client.post(f"/clubs/elsewhere/members/{theirs.pk}/role/", {"role": "member"})
    assert response.status_code == 404
    theirs.refresh_from_db()
    assert theirs.role == "director"


def test_membership_changes_are_in_the_audit(client, club, alice, bob):
    client.force_login(alice)
    membership = Membership.objects.get(club=club, user=bob)
    client.post(f"/clubs/{club.slug}/members/{membership.pk}/role/", {"role": "scorer"})
    record = Membership.history.filter(id=membership.pk).order_by("-history_date").first()
    assert record.role == "scorer" and record.history_user == alice
