"""Every task's time limits, and what becomes of its task-ledger entry when one fires, with a real
worker (prefork, as `make worker` runs it: the pool enforces the limits).

A task is held past its soft limit by the row it locks, which this test holds locked from a
connection of its own (as a stuck transaction would): the run stops as a failure and is crossed
off the ledger, and the worker goes on with the next task. The hard limit, which Celery's pool
fires only after the soft one (when the soft one did not stop the run), is tested on the
ledger in tests/ops/test_task_ledger.py.

Runs when DATABASE_URL is PostgreSQL and CELERY_BROKER_URL is Redis (as `.ci/run` sets them);
skipped otherwise, unless REQUIRE_INTEGRATION is set, which turns the skip into a failure.
"""

from __future__ import annotations

import os
from contextlib import contextmanager

import psycopg
import pytest
from django.conf import settings

from tests.ops.services import Worker, database_url, seated_night, wait_for
from tests.ops.services import has_services as _has_services
from tournaments.models import Event, Standing
from tournaments.workers import ledger as task_ledger
from tournaments.workers import tasks

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

if not _has_services():
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(
            "REQUIRE_INTEGRATION is set but DATABASE_URL/CELERY_BROKER_URL are not PostgreSQL/Redis"
        )
    pytestmark.append(
        pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)")
    )


def test_every_task_has_a_soft_and_a_hard_limit_under_the_visibility_timeout():
    from config import celery_app

    ours = {name: task for name, task in celery_app.tasks.items() if name.startswith("tournaments.")}
    assert len(ours) == 8
    visibility = settings.CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"]
    for name, task in ours.items():
        assert task.soft_time_limit and task.time_limit, name
        assert task.soft_time_limit < task.time_limit < visibility, name


@contextmanager
def _row_locked(model, pk: int):
    """The row locked FOR UPDATE by a transaction of this test's own until the block ends."""
    with psycopg.connect(database_url()) as conn:
        conn.execute(f"SELECT 1 FROM {model._meta.db_table} WHERE id = %s FOR UPDATE", [pk])
        yield
        conn.rollback()


@pytest.fixture
def worker(tmp_path):
    worker = Worker(pool="prefork", log=tmp_path / "worker.log").start()
    yield worker
    worker.kill()


def _key(task, **kwargs) -> str:
    return task_ledger.task_key(task.name, kwargs)


@pytest.fixture
def night(club, players):
    """A seated night whose standings are yet to be built (no rows): a run that ends builds them."""
    event = seated_night(club, players)
    Standing.objects.filter(event=event).delete()
    return event


def _standings_built(event) -> bool:
    return Standing.objects.filter(event=event).count() == 8


def test_a_task_stopped_at_its_soft_limit_is_crossed_off_and_the_worker_goes_on(night, worker):
    with _row_locked(Event, night.pk):
        tasks.standings_recompute.apply_async(kwargs={"event_id": night.pk}, soft_time_limit=2, time_limit=20)
        assert _key(tasks.standings_recompute, event_id=night.pk) in task_ledger.pending()
        wait_for(lambda: not task_ledger.pending(), "the ledger to cross the task off", timeout=15)
    assert "Soft time limit (2s) exceeded" in worker.log.read_text()
    assert not _standings_built(night)  # stopped, not done
    tasks.standings_recompute.apply_async(kwargs={"event_id": night.pk})
    wait_for(lambda: _standings_built(night), "the standings of the next run", timeout=30)
