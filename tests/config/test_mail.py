"""Mail: the server read from the environment, the password reset mailed through it, and no
reset offered in production without a server to send through.

The reset mail is received by an SMTP server of the test's own (aiosmtpd, on 127.0.0.1 and a
free port), through Django's real SMTP backend: in this process for the whole reset, and from
the production settings in a process of their own, with only EMAIL_URL naming the server.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from aiosmtpd.controller import Controller
from django.core import mail
from django.test import Client, override_settings

from tests.support.mail import SMTP_BACKEND, _body, _free_port

ROOT = Path(__file__).resolve().parents[2]
RESET_PAGES = [
    "/accounts/password_reset/",
    "/accounts/password_reset/done/",
    "/accounts/reset/MQ/cf8x2k-5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d/",
    "/accounts/reset/done/",
]
NEW_PASSWORD = "four red threes in hand"


@pytest.mark.django_db
def test_the_reset_mail_goes_through_the_smtp_server_and_its_link_sets_a_new_password(bob, smtp_server):
    port, inbox = smtp_server
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    client = Client()
    with override_settings(
        EMAIL_BACKEND=SMTP_BACKEND,
        EMAIL_HOST="127.0.0.1",
        EMAIL_PORT=port,
        DEFAULT_FROM_EMAIL="club@example.org",
    ):
        login = client.get("/accounts/login/").content.decode()
        assert 'href="/accounts/password_reset/"' in login
        response = client.post("/accounts/password_reset/", {"email": "bob@example.org"})
    assert response.status_code == 302 and response.url == "/accounts/password_reset/done/"

    [message] = inbox.messages
    assert message["X-Envelope-To"] == "bob@example.org"
    assert message["From"] == "club@example.org"
    link = re.search(r"http://testserver(/accounts/reset/[^/\s]+/[^/\s]+/)", _body(message))
    assert link, _body(message)
    form = client.get(link.group(1))
    assert form.status_code == 302  # to the same page without the token in its address
    done = client.post(form.url, {"new_password1": NEW_PASSWORD, "new_password2": NEW_PASSWORD})
    assert done.status_code == 302 and done.url == "/accounts/reset/done/"
    bob.refresh_from_db()
    assert bob.check_password(NEW_PASSWORD)


@pytest.mark.django_db
@override_settings(PASSWORD_RESET_BY_MAIL=False)
def test_without_mail_the_login_page_offers_no_reset_and_its_pages_are_not_found(bob):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    client = Client()
    login = client.get("/accounts/login/")
    assert login.status_code == 200
    assert "/accounts/password_reset/" not in login.content.decode()
    for page in RESET_PAGES:
        assert client.get(page).status_code == 404, page
    assert client.post(RESET_PAGES[0], {"email": "bob@example.org"}).status_code == 404
    assert mail.outbox == []


def _settings_of(module: str, **env: str) -> dict[str, object]:
    """The mail settings as Django reads them from settings `module`, in a process started with
    only `env` (and PATH) set."""
    names = [
        *("EMAIL_BACKEND", "EMAIL_HOST", "EMAIL_PORT", "EMAIL_HOST_USER", "EMAIL_HOST_PASSWORD"),
        *("EMAIL_USE_TLS", "EMAIL_USE_SSL", "EMAIL_TIMEOUT", "DEFAULT_FROM_EMAIL", "PASSWORD_RESET_BY_MAIL"),
    ]
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{name: getattr(settings, name, None) for name in {names!r}}}))"
    )
    shown = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={"PATH": os.environ["PATH"], "DJANGO_SETTINGS_MODULE": module, **env},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert shown.returncode == 0, shown.stderr
    return json.loads(shown.stdout)


PRODUCTION = {"DJANGO_SECRET_KEY": "x" * 50, "DJANGO_ALLOWED_HOSTS": "example.org"}


def test_the_embedded_default_prints_mail_to_the_console_and_offers_the_reset():
    shown = _settings_of("config.settings.base")
    assert shown["EMAIL_BACKEND"] == "django.core.mail.backends.console.EmailBackend"
    assert shown["PASSWORD_RESET_BY_MAIL"] is True


def test_production_without_a_mail_server_offers_no_reset():
    shown = _settings_of("config.settings.production", **PRODUCTION)
    assert shown["PASSWORD_RESET_BY_MAIL"] is False
    # A console is no mail server either: no one reads it.
    assert (
        _settings_of("config.settings.production", **PRODUCTION, EMAIL_URL="consolemail://")[
            "PASSWORD_RESET_BY_MAIL"
        ]
        is False
    )


def test_production_reads_the_mail_server_from_email_url():
    shown = _settings_of(
        "config.settings.production",
        **PRODUCTION,
        EMAIL_URL="smtp+tls://club%40example.org:p%40ss%2Fword@smtp.example.org",
        EMAIL_FROM="Riverside scores <scores@example.org>",
    )
    assert shown == {
        "EMAIL_BACKEND": SMTP_BACKEND,
        "EMAIL_HOST": "smtp.example.org",
        "EMAIL_PORT": 587,  # STARTTLS's port, none given
        "EMAIL_HOST_USER": "club@example.org",
        "EMAIL_HOST_PASSWORD": "p@ss/word",
        "EMAIL_USE_TLS": True,
        "EMAIL_USE_SSL": False,
        "EMAIL_TIMEOUT": 10,
        "DEFAULT_FROM_EMAIL": "Riverside scores <scores@example.org>",
        "PASSWORD_RESET_BY_MAIL": True,
    }


def test_production_reads_the_mail_server_from_the_email_variables_too():
    shown = _settings_of(
        "config.settings.production",
        **PRODUCTION,
        EMAIL_HOST="smtp.example.org",
        EMAIL_PORT="2525",
        EMAIL_HOST_USER="club",
        EMAIL_HOST_PASSWORD="p@ss/word",
        EMAIL_USE_TLS="true",
    )
    assert shown["EMAIL_BACKEND"] == SMTP_BACKEND
    assert (shown["EMAIL_HOST"], shown["EMAIL_PORT"], shown["EMAIL_HOST_USER"]) == (
        "smtp.example.org",
        2525,
        "club",
    )
    assert (shown["EMAIL_HOST_PASSWORD"], shown["EMAIL_USE_TLS"]) == ("p@ss/word", True)
    assert shown["PASSWORD_RESET_BY_MAIL"] is True
    # And one of them overrides its part of EMAIL_URL: a password kept apart, unencoded.
    shown = _settings_of(
        "config.settings.production",
        **PRODUCTION,
        EMAIL_URL="smtp://club@smtp.example.org:25",
        EMAIL_HOST_PASSWORD="p@ss/word",
    )
    assert (shown["EMAIL_HOST"], shown["EMAIL_PORT"], shown["EMAIL_HOST_PASSWORD"]) == (
        "smtp.example.org",
        25,
        "p@ss/word",
    )


def test_production_sends_through_the_server_email_url_names(smtp_server, tmp_path):
    """The production settings in a process of their own, with EMAIL_URL alone naming the test's
    server: Django's test mail arrives there."""
    port, inbox = smtp_server
    sent = subprocess.run(
        [sys.executable, "manage.py", "sendtestemail", "director@example.org"],
        cwd=ROOT,
        env={
            "PATH": os.environ["PATH"],
            **PRODUCTION,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'unused.sqlite3'}",
            "EMAIL_URL": f"smtp://127.0.0.1:{port}",
            "EMAIL_FROM": "scores@example.org",
        },
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert sent.returncode == 0, sent.stderr
    [message] = inbox.messages
    assert message["X-Envelope-To"] == "director@example.org"
    assert message["From"] == "scores@example.org"
    assert message["Subject"].startswith("Test email from")


RESET = "/accounts/password_reset/"
THROTTLED_EMAIL = "Reset mails to this address are paused for an hour"
THROTTLED_NETWORK = "Reset mails asked from your network are paused for an hour"


@pytest.mark.django_db
def test_the_reset_page_says_its_limits(client):
    page = client.get(RESET).content.decode()
    assert (
        "At most 3 reset mails an hour are sent to one email address, and at most 20 an hour are "
        "asked from one network." in " ".join(page.split())
    )


@pytest.mark.django_db
@pytest.mark.parametrize("address", ["bob@example.org", "nobody@example.org"])
def test_a_fourth_reset_within_the_hour_to_one_address_is_refused_with_or_without_an_account(
    client, bob, address
):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    # Three, however the address is written (Django finds its account whatever the case).
    for typed in (address, address.upper(), address.title()):
        response = client.post(RESET, {"email": typed})
        assert response.status_code == 302 and response.url == "/accounts/password_reset/done/"
    refused = client.post(RESET, {"email": address})
    assert refused.status_code == 200
    assert THROTTLED_EMAIL in refused.content.decode()
    assert len(mail.outbox) == (3 if address == "bob@example.org" else 0)
    # The same answer for an address without an account: it tells no one which have one.
    other = client.post(RESET, {"email": "ann@example.org"})
    assert other.status_code == 302


@pytest.mark.django_db
@override_settings(PASSWORD_RESET_PER_ADDRESS=2)
def test_resets_asked_from_one_network_address_are_refused_past_its_limit(bob):
    ours, theirs = Client(REMOTE_ADDR="203.0.113.7"), Client(REMOTE_ADDR="198.51.100.9")
    for typed in ("a@example.org", "b@example.org"):
        assert ours.post(RESET, {"email": typed}).status_code == 302
    refused = ours.post(RESET, {"email": "c@example.org"})
    assert refused.status_code == 200 and THROTTLED_NETWORK in refused.content.decode()
    assert theirs.post(RESET, {"email": "c@example.org"}).status_code == 302


class _Refusing:
    """aiosmtpd's handler: refuses every message, as a server refusing the sender does."""

    async def handle_DATA(self, server, session, envelope) -> str:  # aiosmtpd's name
        return "550 5.7.1 Sender refused"


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "es"])
def test_a_reset_mail_the_server_refuses_is_said_on_the_page_not_mail_sent(bob, language):
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    controller = Controller(_Refusing(), hostname="127.0.0.1", port=_free_port())
    controller.start()
    try:
        server = {"EMAIL_BACKEND": SMTP_BACKEND, "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": controller.port}
        with override_settings(**server):
            response = Client(HTTP_ACCEPT_LANGUAGE=language).post(RESET, {"email": "bob@example.org"})
    finally:
        controller.stop()
    assert response.status_code == 200  # the form again, not the "mail sent" page
    text = {
        "en": "The mail server did not take the reset mail, so none was sent.",
        "es": "El servidor de correo no aceptó el correo de restablecimiento, así que no se envió ninguno.",
    }[language]
    assert text in response.content.decode()
