"""API tokens (django-rest-knox): they expire, a password change revokes them, and a user lists
and revokes their own from a page (docs/api.md)."""

from __future__ import annotations

import datetime

import pytest
from django.test import override_settings
from django.utils import timezone
from knox.models import AuthToken
from knox.settings import CONSTANTS
from rest_framework.test import APIClient

from tests.support.factories import UserFactory

pytestmark = pytest.mark.django_db


def _token(username: str = "bob", password: str = "pw") -> dict:
    response = APIClient().post("/api/v1/auth/token/", {"username": username, "password": password})
    assert response.status_code == 200, response.content
    return response.json()


def _games(token: str) -> int:
    """The API's answer to a token: 200, or 401 when it is refused (unknown, expired, revoked)."""
    return APIClient(HTTP_AUTHORIZATION=f"Token {token}").get("/api/v1/games/").status_code


KEY = CONSTANTS.TOKEN_KEY_LENGTH  # the part of a token kept in clear to find it (15 characters)


def test_a_token_expires_after_the_days_set(bob):
    answer = _token()
    expiry = datetime.datetime.fromisoformat(answer["expiry"])
    assert datetime.timedelta(days=29, hours=23) < expiry - timezone.now() <= datetime.timedelta(days=30)
    assert _games(answer["token"]) == 200
    AuthToken.objects.update(expiry=timezone.now() - datetime.timedelta(seconds=1))
    assert _games(answer["token"]) == 401


@override_settings(REST_KNOX={"TOKEN_TTL": datetime.timedelta(days=2), "AUTH_HEADER_PREFIX": "Token"})
def test_the_days_are_a_setting(bob):
    from knox.settings import api_settings

    api_settings.reload()
    try:
        expiry = datetime.datetime.fromisoformat(_token()["expiry"])
        assert expiry - timezone.now() <= datetime.timedelta(days=2)
    finally:
        api_settings.reload()


def test_the_token_is_stored_hashed(bob):
    token = _token()["token"]
    stored = AuthToken.objects.get()
    assert stored.token_key == token[:KEY] and token not in stored.digest


def test_a_password_change_revokes_every_token(bob):
    first, second = _token()["token"], _token()["token"]
    bob.set_password("a new one 2026")
    bob.save()
    assert _games(first) == 401 and _games(second) == 401
    bob.last_login = timezone.now()
    bob.save(update_fields=["last_login"])  # other saves revoke nothing
    assert _games(_token(password="a new one 2026")["token"]) == 200


def test_the_api_logs_out_the_token_used(bob):
    token = _token()["token"]
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    assert client.post("/api/v1/auth/logout/").status_code == 204
    assert _games(token) == 401


def test_a_user_lists_makes_and_revokes_their_own_tokens(client, bob):
    other = UserFactory(username="carla")
    theirs = AuthToken.objects.create(user=other)[1]
    mine = _token()["token"]
    client.force_login(bob)
    page = client.get("/accounts/tokens/").content.decode()
    assert mine[:KEY] in page and theirs[:KEY] not in page
    made = client.post("/accounts/tokens/", {"action": "create"}).content.decode()
    new = AuthToken.objects.filter(user=bob).order_by("-created").first()
    assert new is not None and 'id="new-token-value"' in made
    # Someone else's token cannot be revoked from this page.
    refused = client.post("/accounts/tokens/", {"action": "revoke", "token_key": theirs[:KEY]}, follow=True)
    assert "No token of yours starts with" in refused.content.decode() and _games(theirs) == 200
    client.post("/accounts/tokens/", {"action": "revoke", "token_key": mine[:KEY]})
    assert _games(mine) == 401
    client.post("/accounts/tokens/", {"action": "revoke_all"})
    assert not AuthToken.objects.filter(user=bob).exists() and _games(theirs) == 200


def test_a_revoked_token_answers_401_asking_for_a_token(bob):
    token = _token()["token"]
    AuthToken.objects.filter(user=bob).delete()
    for method, url in (("get", "/api/v1/games/"), ("post", "/api/v1/games/1/hands/")):
        response = getattr(APIClient(HTTP_AUTHORIZATION=f"Token {token}"), method)(url)
        assert response.status_code == 401, url
        assert response["WWW-Authenticate"] == "Token"
        assert response.json() == {"detail": "Invalid token."}


def test_no_credentials_answer_401_and_a_session_write_without_its_csrf_token_403(bob):
    response = APIClient().get("/api/v1/games/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    # Signed in by session, a write without the CSRF token is refused: 403, not 401.
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(bob)
    assert session.get("/api/v1/games/").status_code == 200
    assert session.post("/api/v1/games/1/hands/", {}, format="json").status_code == 403
