"""`/health/`: 200 when the database, Redis and a worker answer; 503 naming what failed."""

from __future__ import annotations

import socket
import time

import pytest

from config import health
from tests.ops.services import app_broker

pytestmark = pytest.mark.django_db


def test_health_is_ok_in_the_embedded_set_up(client):
    response = client.get("/health/")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["failed"] == []
    assert body["checks"]["database"]["status"] == "ok"
    assert body["checks"]["redis"]["status"] == "in-process"
    assert body["checks"]["worker"]["status"] == "in-process"
    assert response["Cache-Control"].startswith("max-age=0")


def test_health_reports_a_broken_database_with_503(client, monkeypatch):
    def broken():
        raise ConnectionError("db down at 10.0.0.5")

    monkeypatch.setitem(health.CHECKS, "database", broken)
    response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["status"] == "failing"
    assert body["failed"] == ["database"]
    # The class name only: a public endpoint never shows hosts or passwords.
    assert body["checks"]["database"]["error"] == "ConnectionError"


def test_health_fails_when_redis_does_not_answer(client):
    # Nothing listens on port 1: the connection is refused at once.
    with app_broker("redis://127.0.0.1:1/0"):
        response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert "redis" in body["failed"]
    assert body["checks"]["database"]["ok"] is True


def test_health_fails_when_no_worker_answers(client, monkeypatch):
    from config import celery_app

    monkeypatch.setitem(health.CHECKS, "redis", lambda: "ok")
    monkeypatch.setattr(celery_app.control, "ping", lambda **kwargs: [])
    with app_broker("redis://127.0.0.1:1/0"):
        response = client.get("/health/")
    assert response.status_code == 503
    body = response.json()
    assert body["failed"] == ["worker"]
    assert body["checks"]["worker"]["error"] == "no Celery worker answered"


def test_health_is_ok_when_a_worker_answers(client, monkeypatch):
    from config import celery_app

    monkeypatch.setitem(health.CHECKS, "redis", lambda: "ok")
    monkeypatch.setattr(celery_app.control, "ping", lambda **kwargs: [{"w@host": {"ok": "pong"}}])
    with app_broker("redis://127.0.0.1:1/0"):
        response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["checks"]["worker"]["status"] == "ok"


def test_health_refuses_writes(client):
    assert client.post("/health/").status_code == 405


# What /health/ may take at most when Redis is gone: each broker check's own timeout, and a
# second of slack for a busy machine. Before the worker check was bounded, a refused Redis took
# 6 s (kombu retried the connection) and a silent one longer.
WITHIN_TIMEOUTS = health.REDIS_TIMEOUT + health.WORKER_TIMEOUT + 1.0


def _timed_health(client, broker_url):
    started = time.monotonic()
    with app_broker(broker_url):
        response = client.get("/health/")
    return response, time.monotonic() - started


def test_health_answers_within_its_timeouts_when_redis_refuses_connections(client):
    response, elapsed = _timed_health(client, "redis://127.0.0.1:1/0")
    assert response.status_code == 503
    assert response.json()["failed"] == ["redis", "worker"]
    assert elapsed < WITHIN_TIMEOUTS


def test_health_answers_within_its_timeouts_when_redis_accepts_but_never_answers(client):
    with socket.socket() as silent:  # a hung Redis: connections are accepted, nothing is read
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        response, elapsed = _timed_health(client, f"redis://127.0.0.1:{silent.getsockname()[1]}/0")
    assert response.status_code == 503
    assert response.json()["failed"] == ["redis", "worker"]
    assert elapsed < WITHIN_TIMEOUTS


def test_a_balancer_asks_for_the_database_only(client, monkeypatch):
    """A web node is fit to serve when it reaches the database, whatever the workers do."""
    monkeypatch.setitem(health.CHECKS, "worker", lambda: 1 / 0)
    assert client.get("/health/").status_code == 503
    response = client.get("/health/?check=database")
    assert response.status_code == 200
    assert list(response.json()["checks"]) == ["database"]
    assert client.get("/health/?check=database&check=worker").status_code == 503
    unknown = client.get("/health/?check=disk")
    assert unknown.status_code == 400
    assert unknown.json()["unknown"] == ["disk"]
