"""Server errors: while the database cannot be reached the API answers JSON 503 with Retry-After
and the pages a short translated "try again" page (503); other API errors are JSON too, and so
are the errors Django answers before any API view runs (an unknown path, a bad request).

The database is made unreachable for the request by an execute wrapper that refuses every query
as psycopg does when PostgreSQL is down (tests/ops/test_database_down.py does it for real, with
gunicorn and a PostgreSQL address nothing answers on).
"""

from __future__ import annotations

import pytest
from django.db import OperationalError, connection
from django.test import Client
from knox.models import AuthToken

from config.errors import RETRY_AFTER_SECONDS

pytestmark = pytest.mark.django_db


def _refuse(execute, sql, params, many, context):
    raise OperationalError('connection to server at "127.0.0.1", port 5432 failed: Connection refused')


@pytest.fixture
def database_down():
    with connection.execute_wrapper(_refuse):
        yield


def test_the_api_answers_json_503_with_retry_after_when_the_database_is_down(sam, club):
    token = AuthToken.objects.create(user=sam)[1]
    client = Client(raise_request_exception=False, HTTP_AUTHORIZATION=f"Token {token}")
    with connection.execute_wrapper(_refuse):
        for method, url in (("get", "/api/v1/games/"), ("post", "/api/v1/games/1/hands/")):
            response = getattr(client, method)(url)
            assert response.status_code == 503, url
            assert response["Content-Type"] == "application/json"
            assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
            assert "Try again" in response.json()["detail"]


@pytest.mark.parametrize(
    ("language", "text"),
    [("en", "Try again in a moment"), ("es", "Inténtelo de nuevo en un momento")],
)
def test_a_page_answers_a_translated_try_again_page_when_the_database_is_down(bob, club, language, text):
    client = Client(raise_request_exception=False, HTTP_ACCEPT_LANGUAGE=language)
    client.force_login(bob)
    with connection.execute_wrapper(_refuse):
        response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 503
    assert response["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert response["Content-Type"].startswith("text/html")
    page = response.content.decode()
    assert text in page and f'lang="{language}"' in page


def test_another_api_error_is_json_too(sam, monkeypatch):
    from tournaments.api import games

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(games.GameViewSet, "list", broken)
    client = Client(raise_request_exception=False)
    client.force_login(sam)
    response = client.get("/api/v1/games/")
    assert response.status_code == 500
    assert response.json() == {"detail": "A server error occurred."}
    assert "Retry-After" not in response


def test_a_page_error_keeps_djangos_500_page(bob, club, monkeypatch):
    from tournaments.web import member as views

    def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    monkeypatch.setattr(views, "render", broken)
    client = Client(raise_request_exception=False)
    client.force_login(bob)
    response = client.get(f"/clubs/{club.slug}/")
    assert response.status_code == 500
    assert response["Content-Type"].startswith("text/html")


@pytest.mark.parametrize(
    "path",
    ["/api/v1/nothing/", "/api/v1/games/1/nothing/", "/api/v1/clubs/riverside/ranking/x/", "/api/nothing"],
)
def test_an_unknown_api_path_answers_json_404(path):
    response = Client().get(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"detail": "Not found."}


def test_an_unknown_page_keeps_the_html_404():
    response = Client().get("/nothing/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


def test_the_api_404_is_in_the_request_language():
    response = Client(HTTP_ACCEPT_LANGUAGE="es").get("/api/v1/nothing/")
    assert response.json() == {"detail": "No encontrado."}


@pytest.mark.parametrize(
    ("headers", "body"),
    [
        pytest.param({"HTTP_HOST": "elsewhere.example"}, "{}", id="a host the site does not serve"),
        pytest.param({}, "[" + "1," * 2_000_000 + "1]", id="a body over DATA_UPLOAD_MAX_MEMORY_SIZE"),
    ],
)
def test_a_request_django_refuses_before_the_api_answers_json_400(headers, body):
    client = Client(raise_request_exception=False, **headers)
    response = client.post("/api/v1/score-sheets/", body, content_type="application/json")
    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) == {"detail"}
