"""PostgreSQL unreachable, for real: the site under gunicorn with the production settings and a
database address that refuses connections, or one that takes them and never answers (a hung
server). The API answers JSON 503 with Retry-After, a page the translated "try again" page
(503), and /health/ names the database. Needs no service running.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from config.errors import RETRY_AFTER_SECONDS
from tests.ops.services import ROOT, wait_for


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module", params=["refused", "hung"])
def database_address(request):
    """A PostgreSQL address that refuses connections, or takes them (the kernel's backlog) and
    never answers."""
    if request.param == "refused":
        yield "127.0.0.1:1"
        return
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen(64)
        yield f"127.0.0.1:{server.getsockname()[1]}"


@pytest.fixture(scope="module")
def site_without_database(database_address):
    port = _free_port()
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "CELERY_", "CACHE_", "GUNICORN_"))
    }
    env.update(
        DJANGO_SETTINGS_MODULE="config.settings.production",
        DJANGO_SECRET_KEY="a-secret-for-this-test-only-" + "x" * 40,
        DJANGO_ALLOWED_HOSTS="127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DATABASE_URL=f"postgres://postgres@{database_address}/unreachable",
        DJANGO_DB_CONNECT_TIMEOUT="2",  # gunicorn's own timeout is 30 s
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="1",
    )
    process = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "-c", "config/gunicorn.py", "config.wsgi"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:

        def listening() -> bool:
            with socket.socket() as probe:
                return probe.connect_ex(("127.0.0.1", port)) == 0

        wait_for(listening, "gunicorn to listen", timeout=60)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.terminate()
        process.wait(timeout=20)


def _get(url: str, **headers: str) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=20) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def test_the_api_answers_json_503_with_retry_after(site_without_database):
    status, headers, body = _get(f"{site_without_database}/api/v1/games/", Authorization="Token abc")
    assert status == 503
    assert headers["Content-Type"] == "application/json"
    assert headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "detail" in json.loads(body)


def test_a_page_answers_the_translated_try_again_page(site_without_database):
    status, headers, body = _get(f"{site_without_database}/clubs/riverside/", **{"Accept-Language": "es"})
    assert status == 503
    assert headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "Inténtelo de nuevo en un momento" in body.decode()


def test_health_names_the_database(site_without_database):
    status, _headers, body = _get(f"{site_without_database}/health/")
    assert status == 503
    assert json.loads(body)["failed"] == ["database"]
