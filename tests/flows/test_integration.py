"""A whole league night through the API against PostgreSQL, Redis and a real Celery worker.

Runs when DATABASE_URL points at PostgreSQL and CELERY_BROKER_URL at Redis (as `.ci/run` sets
them); skipped otherwise, unless REQUIRE_INTEGRATION is set, which turns the skip into a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection
from rest_framework.test import APIClient

from config import celery_app
from tests.support.hands import HAND_A, HAND_B

ROOT = Path(__file__).resolve().parents[2]
HAS_SERVICES = os.environ.get("DATABASE_URL", "").startswith("postgres") and os.environ.get(
    "CELERY_BROKER_URL", ""
).startswith("redis")

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

if not HAS_SERVICES:
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(
            "REQUIRE_INTEGRATION is set but DATABASE_URL/CELERY_BROKER_URL are not PostgreSQL/Redis"
        )
    pytestmark.append(
        pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)")
    )


@pytest.fixture
def worker():
    """A real Celery worker process on the test database, on a queue of its own."""
    queue = f"{settings.TASK_QUEUE_SHORT},{settings.TASK_QUEUE_LONG}"
    hostname = f"{settings.TEST_RUN_ID}@localhost"
    db = connection.settings_dict
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}",
    }
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "-n",
            hostname,
            "--loglevel=warning",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
    )
    celery_app.conf.task_always_eager = False
    try:
        _wait_for_worker(hostname, process)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=20)


def _wait_for_worker(hostname: str, process: subprocess.Popen, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the Celery worker exited with {process.returncode}")
        replies = celery_app.control.ping(destination=[hostname], timeout=1.0)
        if replies:
            return
    raise RuntimeError("the Celery worker did not answer within a minute")


def _wait(predicate, what: str, timeout: float = 30):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.2)
    raise AssertionError(f"timed out waiting for {what}")


def test_a_league_night_through_the_api_with_a_real_worker(worker, club, alice, sam, players):
    director, scorer = APIClient(), APIClient()
    director.force_authenticate(alice)
    scorer.force_authenticate(sam)

    response = director.post(
        "/api/v1/events/",
        {
            "club": club.pk,
            "name": "Friday",
            "date": "2026-11-27",
            "variant": "classic",
            "hands_per_round": 2,
            "players": [p.pk for p in players[:8]],
        },
        format="json",
    )
    assert response.status_code == 201, response.content
    event_id = response.json()["id"]

    for round_number in (1, 2):
        response = director.post(f"/api/v1/events/{event_id}/rounds/")
        assert response.status_code == 202, response.content
        round_id = response.json()["id"]

        def seated_round(round_id=round_id):
            body = director.get(f"/api/v1/rounds/{round_id}/").json()
            return body if body["status"] == "seated" else None

        seated = _wait(seated_round, f"the worker to seat round {round_number}")
        assert len(seated["tables"]) == 2
        for table in seated["tables"]:
            for number, hand in ((1, HAND_A), (2, HAND_B)):
                response = scorer.post(
                    f"/api/v1/games/{table['game']}/hands/",
                    {"number": number, "entries": hand},
                    format="json",
                )
                assert response.status_code == 201, response.content

        # Each game: NS 1685 − 220 = 1465 beats EW 485 + 790 = 1275; the worker rebuilds standings.
        def standings_done(round_number=round_number):
            rows = director.get(f"/api/v1/standings/?event={event_id}").json()["results"]
            return rows if sum(r["games"] for r in rows) == 8 * round_number else None

        rows = _wait(standings_done, f"standings after round {round_number}")
        assert sum(r["wins"] for r in rows) == 4 * round_number
        assert sum(r["victory_points"] for r in rows) == 8 * round_number
        assert sum(r["points_for"] for r in rows) == 4 * round_number * (1465 + 1275)

    games = director.get(f"/api/v1/games/?table__round__event={event_id}").json()["results"]
    assert len(games) == 4
    assert all(
        g["game_over"] and g["winner"] == "NS" and g["totals"] == {"NS": 1465, "EW": 1275} for g in games
    )
