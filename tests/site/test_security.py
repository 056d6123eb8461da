"""Security: CSRF on every form, the content security policy and headers, login throttling,
API tokens, no personal data in the logs, and `check --deploy` with the production settings."""

from __future__ import annotations

import logging
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from tests.support import permissions
from tests.support.csp import INLINE_HANDLER, INLINE_SCRIPT, INLINE_STYLE
from tests.support.permissions import DIRECTOR, LINK, MATRIX, SCORER, _url
from tournaments.models import Game
from tournaments.selectors import board_token, side_code

pytestmark = pytest.mark.django_db
ROOT = Path(__file__).resolve().parents[2]
TEMPLATES = ROOT / "templates"
# The permission matrix's club, night, tables and cast (alice, sam, bob, mallory), built once for
# this module and read afresh by each test.
_world_once = permissions._world_once
world = permissions.shared_world


# --- CSRF -------------------------------------------------------------------------------------


def test_every_post_form_in_the_templates_carries_a_csrf_token():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        for form in re.findall(r"<form\b[^>]*>.*?</form>", text, flags=re.S | re.I):
            if re.search(r'method="post"', form, flags=re.I):
                assert "{% csrf_token %}" in form, f"{path.relative_to(ROOT)}: a POST form without csrf_token"


# A reminder's stop link takes the mail program's one-click POST (RFC 8058), which carries no
# CSRF token; the signed token in its path is the credential.
ONE_CLICK = {"tournaments:night_reminders_stop"}
WRITES = [
    name
    for name, row in MATRIX.items()
    if row.kind == "page" and row.write in (SCORER, DIRECTOR, LINK) and name not in ONE_CLICK
]


@pytest.mark.parametrize("name", WRITES)
def test_every_page_write_refuses_a_post_without_the_csrf_token(world, name):
    row = MATRIX[name]
    client = Client(enforce_csrf_checks=True)
    if row.write != LINK:
        client.force_login(world.users["director"])
    row.prepare(world)
    response = client.post(_url(name, row, world, "director"), row.data(world))
    assert response.status_code == 403


def test_a_form_posted_with_its_csrf_token_is_accepted(world):
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users["director"])
    page = client.get(reverse("tournaments:event_detail", kwargs={"event_id": world.event.pk}))
    token = page.cookies["csrftoken"].value
    response = client.post(
        reverse("tournaments:event_finish", kwargs={"event_id": world.event.pk}),
        {"csrfmiddlewaretoken": token},
    )
    assert response.status_code == 302


def test_the_api_with_a_session_needs_the_csrf_token_but_not_with_a_token(world):
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(world.users["scorer"])
    url = f"/api/v1/games/{world.game.pk}/hands/1/confirm/"
    body = {"side": "EW", "code": side_code(game=world.game, side="EW")}
    assert session.post(url, body, format="json").status_code == 403
    token = APIClient().post("/api/v1/auth/token/", {"username": "sam", "password": "pw"}).json()["token"]
    with_token = APIClient(enforce_csrf_checks=True, HTTP_AUTHORIZATION=f"Token {token}")
    assert with_token.post(url, body, format="json").status_code == 200


# --- content security policy and headers ---------------------------------------------------


def test_pages_send_a_strict_content_security_policy_and_security_headers(client, world):
    client.force_login(world.users["director"])
    response = client.get(reverse("tournaments:game_detail", kwargs={"game_id": world.game.pk}))
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert "frame-ancestors 'none'" in policy
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["Cross-Origin-Opener-Policy"] == "same-origin"


def test_no_template_has_inline_scripts_or_handlers():
    for path in TEMPLATES.rglob("*.html"):
        text = path.read_text()
        assert not INLINE_HANDLER.search(text), f"{path.relative_to(ROOT)}: inline event handler"
        assert not INLINE_SCRIPT.search(text), f"{path.relative_to(ROOT)}: inline <script>"
        assert not INLINE_STYLE.search(text), f"{path.relative_to(ROOT)}: inline style"


def test_rendered_pages_have_no_inline_scripts_or_handlers(client, world):
    client.force_login(world.users["director"])
    urls = [
        "/",
        reverse("tournaments:event_detail", kwargs={"event_id": world.event.pk}),
        reverse("tournaments:game_detail", kwargs={"game_id": world.game.pk}),
        reverse("tournaments:round_cards", kwargs={"event_id": world.event.pk, "number": 1}),
        reverse("tournaments:link_detail", kwargs={"token": world.other_game.table.access_token}),
        reverse("tournaments:event_standings", kwargs={"event_id": world.event.pk}),
        reverse("tournaments:event_standings_rules", kwargs={"event_id": world.event.pk}),
        reverse("tournaments:club_rankings", kwargs={"slug": world.club.slug}),
        reverse("tournaments:club_results", kwargs={"slug": world.club.slug}),
        reverse(
            "tournaments:event_player",
            kwargs={"event_id": world.event.pk, "player_id": world.event.participants.first().player_id},
        ),
        reverse(
            "tournaments:player_detail", kwargs={"player_id": world.event.participants.first().player_id}
        ),
        reverse("tournaments:season_detail", kwargs={"season_id": world.event.season_id}),
        reverse("tournaments:round_sheet", kwargs={"event_id": world.event.pk, "number": 1}),
        reverse("tournaments:round_board", kwargs={"event_id": world.event.pk}),
        reverse("tournaments:board_link", kwargs={"board_token": board_token(event=world.event)}),
        reverse("clubs:settings", kwargs={"slug": world.club.slug}),
        reverse("audit:club_audit", kwargs={"slug": world.club.slug}),
        "/api/docs/",
    ]
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        html = response.content.decode()
        assert not INLINE_HANDLER.search(html), url
        assert not INLINE_SCRIPT.search(html), url
        if url != "/api/docs/":
            assert not INLINE_STYLE.search(html), url


# --- login throttling and tokens -------------------------------------------------------------


def _login(client: Client, username: str, password: str):
    return client.post(reverse("login"), {"username": username, "password": password})


def test_repeated_wrong_passwords_lock_the_login_without_logging_the_username(client, world, caplog):
    caplog.set_level(logging.DEBUG)
    for _ in range(4):
        assert _login(client, "bob", "wrong").status_code == 200
    assert _login(client, "bob", "wrong").status_code == 429  # the fifth failure locks
    locked = _login(client, "bob", "pw")  # the right password, too late
    assert locked.status_code == 429
    assert b'id="locked-out"' in locked.content
    assert "_auth_user_id" not in client.session
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert "AXES" in logged  # axes did log the failures ...
    assert "bob" not in logged  # ... with the username masked


def test_a_successful_login_resets_the_failure_count(client, world):
    for _ in range(4):
        _login(client, "bob", "wrong")
    assert _login(client, "bob", "pw").status_code == 302
    client.logout()
    for _ in range(4):
        _login(client, "bob", "wrong")
    assert _login(client, "bob", "pw").status_code == 302


def test_many_usernames_from_one_address_lock_that_address_out(world, settings):
    """Password spraying: one password tried on many usernames from one address. Each pair
    fails once only, so the address's own, higher limit is what locks it out."""
    limit = settings.LOGIN_ADDRESS_FAILURE_LIMIT
    assert limit > settings.AXES_FAILURE_LIMIT
    spraying, elsewhere = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="198.51.100.20")
    for number in range(limit - 1):
        assert _login(spraying, f"member{number}", "Summer2026!").status_code == 200
    # One short of the limit a member at the same address still signs in.
    assert _login(spraying, "bob", "pw").status_code == 302
    spraying.logout()
    assert _login(spraying, f"member{limit}", "Summer2026!").status_code == 429  # the limit locks
    locked = _login(spraying, "bob", "pw")
    assert locked.status_code == 429 and b'id="locked-out"' in locked.content
    assert _login(elsewhere, "bob", "pw").status_code == 302  # other addresses are not locked


def test_a_user_gets_an_api_token_and_uses_it(world):
    response = APIClient().post("/api/v1/auth/token/", {"username": "bob", "password": "pw"})
    assert response.status_code == 200
    token = response.json()["token"]
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    games = client.get("/api/v1/games/").json()["results"]
    assert {g["id"] for g in games} == {world.game.pk, world.other_game.pk}
    assert APIClient().post("/api/v1/auth/token/", {"username": "bob", "password": "no"}).status_code == 400


def test_the_token_endpoint_is_throttled_too(world):
    client = APIClient()
    for _ in range(5):
        client.post("/api/v1/auth/token/", {"username": "bob", "password": "wrong"})
    response = client.post("/api/v1/auth/token/", {"username": "bob", "password": "pw"})
    assert response.status_code in (400, 429)
    assert "token" not in response.json()


def test_request_logs_do_not_carry_table_link_tokens(client, world, caplog):
    caplog.set_level(logging.WARNING, logger="django.request")
    token = world.game.table.access_token
    client.get(f"/t/{token}/hands/")  # a GET on a POST-only URL: logged as a warning
    client.get(f"/t/{token[:-1]}x/")  # a mistyped link: "Not Found"
    assert caplog.records, "the requests were logged"
    logged = "\n".join(record.getMessage() for record in caplog.records)
    assert token[:-1] not in logged
    assert Game.objects.filter(pk=world.game.pk).exists()


# --- production settings ---------------------------------------------------------------------


@pytest.mark.slow
def test_check_deploy_is_clean_with_the_production_settings():
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="canasta.example.org",
    )
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout
