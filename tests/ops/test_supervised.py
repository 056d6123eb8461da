"""One machine under the supervisor it ships with: a worker killed with kill -9 is replaced, and
the standings are current again within 15 s, with nobody there (issue 29).

`make supervise` starts Debian's supervisord with deploy/supervisord.conf, which runs the web
node (`make serve`), a worker of both queues (`make worker`) and the beat (`make beat`), with
the production settings on the test database and a redis-server of the test's own. A hand is
saved through the web node and counted; the worker's Celery process is killed -9 (its pool
dies with it); another hand is saved at once, and the test measures when the standings count
it. Meanwhile the web node saves the hand and queues its rebuild, as always: a node does not
rebuild in its own process for a missing worker (docs/deployment.md, "The worker killed").

Runs when DATABASE_URL is PostgreSQL and CELERY_BROKER_URL is Redis, with Debian's supervisor
installed and the Makefile's .venv made (as `.ci/run` has them); skipped otherwise, unless
REQUIRE_INTEGRATION is set, which turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import tempfile
import time
from pathlib import Path

import pytest
from knox.models import AuthToken

from tests.ops.services import (
    NETWORK_ERRORS,
    Supervisor,
    ThrowawayRedis,
    children,
    free_port,
    has_venv,
    http_request,
    production_environment,
    seated_night,
    standings_current,
    wait_for,
)
from tests.ops.services import has_services as _has_services
from tests.support.hands import HAND_A, HAND_B
from tournaments.models import Game

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

_missing = [
    what
    for what, there in (
        ("DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)", _has_services()),
        ("Debian's supervisor (apt-get install supervisor)", shutil.which("supervisord") is not None),
        ("the Makefile's .venv (make venv)", has_venv()),
    )
    if not there
]
if _missing:
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(f"REQUIRE_INTEGRATION is set but this test needs {', '.join(_missing)}")
    pytestmark.append(pytest.mark.skip(reason=f"needs {', '.join(_missing)}"))

# Seconds from the worker's kill -9 to the standings counting the hand saved after it.
CURRENT_WITHIN = 15.0


@pytest.fixture
def night(club, players, sam):
    """An 8-player league night with round 1 seated (two tables), set up in-process, and the
    scorer's API token."""
    event = seated_night(club, players)
    games = list(Game.objects.filter(table__round__event=event).order_by("pk"))
    return {"event": event, "games": games, "token": AuthToken.objects.create(user=sam)[1]}


@pytest.fixture
def machine():
    """Redis and `make supervise` (web node, worker, beat), stopped and killed at the end:
    the supervisor, and the web node's address."""
    redis = ThrowawayRedis().start()
    # A short folder of its own: the control socket's path must stay under 108 bytes.
    run_dir = Path(tempfile.mkdtemp(prefix="canasta-sv-"))
    port = free_port()
    env = production_environment(
        redis.url,
        GUNICORN_BIND=f"127.0.0.1:{port}",
        GUNICORN_WORKERS="2",
        CELERY_BEAT_SCHEDULE_FILE=str(run_dir / "beat-schedule"),
    )
    supervisor = Supervisor(env=env, run_dir=run_dir)
    try:
        yield supervisor.start(), f"http://127.0.0.1:{port}"
    finally:
        supervisor.stop()  # the test stops it itself first; this is for a failed test
        redis.stop()
        shutil.rmtree(run_dir, ignore_errors=True)


def _health(base: str, query: str = "") -> tuple[int, list[str]]:
    try:
        status, _headers, text = http_request(base, "GET", f"/health/{query}")
    except NETWORK_ERRORS:
        return 0, ["no answer"]
    try:
        return status, json.loads(text).get("failed", [])
    except ValueError:
        return status, [text[:100]]


def _save(base: str, token: str, game: Game, number: int) -> int:
    body = {
        "number": number,
        "entries": (HAND_A, HAND_B)[(number - 1) % 2],
        "submission_id": f"00000000-0000-4000-8000-{game.pk:06d}{number:06d}",
    }
    headers = {"Authorization": f"Token {token}", "Content-Type": "application/json"}
    status, _headers, text = http_request(
        base, "POST", f"/api/v1/games/{game.pk}/hands/", json.dumps(body), headers
    )
    assert status == 201, (status, text[:300])
    return status


def test_a_worker_killed_under_the_supervisor_is_replaced_and_the_standings_catch_up(machine, night):
    event, games, token = night["event"], night["games"], night["token"]
    machine, base = machine
    wait_for(
        lambda: machine.alive() and _health(base)[0] == 200,
        "the supervised web node, worker and beat to answer /health/",
        timeout=120,
        step=0.5,
    )
    assert machine.running() == {"web", "worker", "beat"}, machine.logs()

    _save(base, token, games[0], 1)
    wait_for(lambda: standings_current(event.pk), "the standings of the first hand", timeout=30)

    make_worker = machine.pid("worker")
    (celery,) = children(make_worker)  # make's one child: the worker's Celery process
    os.kill(celery, signal.SIGKILL)
    killed = time.monotonic()

    # The web node saves the next hand at once and queues its rebuild; only the monitor's
    # check names the worker, the balancer's (the database) passes.
    _save(base, token, games[1], 1)
    saved = time.monotonic() - killed
    during = _health(base)
    balancer_check = _health(base, "?check=database")[0]

    current = replaced = None
    while time.monotonic() < killed + 60 and None in (current, replaced):
        if replaced is None and _health(base)[0] == 200:
            replaced = round(time.monotonic() - killed, 2)
        if current is None and standings_current(event.pk):
            current = round(time.monotonic() - killed, 2)
        time.sleep(0.1)
    new_worker = machine.pid("worker")
    figures = {
        "hand saved after the kill, s": round(saved, 2),
        "/health/ meanwhile": during,
        "/health/?check=database meanwhile": balancer_check,
        "worker answering again after the kill, s": replaced,
        "standings current after the kill, s": current,
        "worker's make pid": [make_worker, new_worker],
    }
    print("\nsupervised:", json.dumps(figures))

    assert new_worker not in (0, make_worker), (figures, machine.logs())
    assert balancer_check == 200, figures
    assert current is not None and current <= CURRENT_WITHIN, (figures, machine.logs())
    # supervisord calls the new worker RUNNING once it has stayed up startsecs (3 s,
    # deploy/supervisord.conf), which can be after the standings have caught up.
    wait_for(lambda: machine.running() == {"web", "worker", "beat"}, "the new worker RUNNING", timeout=15)

    # SIGTERM to `make supervise` stops all three, each program's SIGTERM reaching gunicorn,
    # the worker and the beat themselves: nothing is left running to be killed.
    logs = machine.logs()
    assert machine.stop() == [], logs
