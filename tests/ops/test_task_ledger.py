"""The task ledger (tournaments/workers/ledger.py): what is asked stays written until a run that
began after it ends; a task lost with its worker is sent again, backing off, never while a
live worker holds its row; a duplicate is dropped at once.

Needs Redis as the cache (CELERY_BROKER_URL set to Redis, as `.ci/run` does); the row-lock check
needs PostgreSQL. Skipped otherwise, unless REQUIRE_INTEGRATION is set.
"""

from __future__ import annotations

import logging
import os
import time
from types import SimpleNamespace

import pytest

from tests.ops.services import database_url
from tests.ops.services import has_services as _has_services
from tournaments.workers import ledger as task_ledger
from tournaments.workers import tasks

pytestmark = [pytest.mark.integration]

if not _has_services():
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(
            "REQUIRE_INTEGRATION is set but DATABASE_URL/CELERY_BROKER_URL are not PostgreSQL/Redis"
        )
    pytestmark.append(
        pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)")
    )

NAME = "tournaments.tasks.standings_recompute"


def _task(name: str = NAME, **kwargs) -> str:
    return task_ledger.task_key(name, kwargs)


def test_a_task_is_crossed_off_by_a_run_that_began_after_it():
    task_ledger.sent(NAME, {"event_id": 7})
    assert list(task_ledger.pending()) == [_task(event_id=7)]
    run = task_ledger.run_started(NAME, {"event_id": 7})
    assert task_ledger.run_ended(run) is True
    assert task_ledger.pending() == {}


def test_a_task_asked_again_during_a_run_stays_until_the_next_run():
    task_ledger.sent(NAME, {"event_id": 7})
    run = task_ledger.run_started(NAME, {"event_id": 7})
    task_ledger.sent(NAME, {"event_id": 7})  # a hand saved while the rebuild runs
    assert task_ledger.run_ended(run) is False
    assert list(task_ledger.pending()) == [_task(event_id=7)]
    assert task_ledger.run_ended(task_ledger.run_started(NAME, {"event_id": 7})) is True


def test_a_task_with_a_countdown_is_due_when_its_countdown_ends():
    due = float(task_ledger.sent(NAME, {"event_id": 7}, delay=30))
    run = task_ledger.run_started(NAME, {"event_id": 7})
    assert due > float(run.began) + 29
    assert task_ledger.run_ended(run) is False  # began before it was due: it may not have seen it
    assert task_ledger.pending()


def test_a_message_due_before_the_last_run_began_is_covered():
    first = task_ledger.sent(NAME, {"event_id": 7})
    task_ledger.run_ended(task_ledger.run_started(NAME, {"event_id": 7}))
    later = task_ledger.sent(NAME, {"event_id": 7})
    run = task_ledger.run_started(NAME, {"event_id": 7})
    assert run.covered(first)  # a duplicate, or a redelivery after the visibility timeout
    assert not run.covered(later)
    assert not run.covered(None)  # a message sent while the ledger was unreachable always runs


class _Registered:
    """A registered task as the sweep sees it: sending it writes it in the ledger again."""

    def __init__(self, name: str, locks=None):
        self.name, self.locks, self.sent = name, locks, []

    def apply_async(self, kwargs):
        self.sent.append(kwargs)
        task_ledger.sent(self.name, kwargs)


def _app(*registered: _Registered):
    return SimpleNamespace(tasks={task.name: task for task in registered})


def test_the_sweep_sends_a_lost_task_again_and_backs_off():
    task = _Registered(NAME)
    task_ledger.sent(NAME, {"event_id": 7})
    assert task_ledger.sweep(_app(task), grace=0.2) == []  # not overdue yet
    time.sleep(0.25)
    assert task_ledger.sweep(_app(task), grace=0.2) == [_task(event_id=7)]
    assert task.sent == [{"event_id": 7}]
    time.sleep(0.25)  # overdue again, but the second send waits twice as long
    assert task_ledger.sweep(_app(task), grace=0.2) == []
    time.sleep(0.2)
    assert task_ledger.sweep(_app(task), grace=0.2) == [_task(event_id=7)]


def test_the_sweep_gives_up_on_a_task_that_never_ends(monkeypatch, caplog):
    monkeypatch.setattr(task_ledger, "MAX_RESENDS", 1)
    task = _Registered(NAME)
    task_ledger.sent(NAME, {"event_id": 7})
    time.sleep(0.15)
    assert task_ledger.sweep(_app(task), grace=0.1) == [_task(event_id=7)]
    time.sleep(0.25)
    with caplog.at_level(logging.ERROR):
        assert task_ledger.sweep(_app(task), grace=0.1) == []
    assert task_ledger.pending() == {}
    assert "is a worker consuming its queue?" in caplog.text


@pytest.mark.django_db(transaction=True)
def test_the_sweep_leaves_a_task_whose_row_a_live_worker_holds(club):
    import psycopg

    task = _Registered("tournaments.tasks.ratings_recompute", locks=("clubs.Club", "club_id"))
    task_ledger.sent(task.name, {"club_id": club.pk})
    time.sleep(0.15)
    with psycopg.connect(database_url()) as worker:
        worker.execute("SELECT id FROM clubs_club WHERE id = %s FOR UPDATE", [club.pk])
        assert task_ledger.held_by_a_live_worker("clubs.Club", club.pk)
        assert task_ledger.sweep(_app(task), grace=0.1) == []
        worker.rollback()  # the worker died: PostgreSQL ended its transaction
    assert not task_ledger.held_by_a_live_worker("clubs.Club", club.pk)
    assert task_ledger.sweep(_app(task), grace=0.1) == [_task(task.name, club_id=club.pk)]


def test_publishing_a_guarded_task_writes_it_in_the_ledger_and_in_its_message():
    headers = {"eta": None}
    tasks._write_in_the_ledger(sender=NAME, body=((), {"event_id": 7}, {}), headers=headers)
    assert float(headers[task_ledger.HEADER]) == task_ledger.pending()[_task(event_id=7)]

    unguarded = {"ledger": "off"}  # the nightly refresh's rebuilds
    tasks._write_in_the_ledger(
        sender="tournaments.tasks.ratings_recompute", body=((), {"club_id": 1}, {}), headers=unguarded
    )
    other = {}
    tasks._write_in_the_ledger(
        sender="tournaments.tasks.ratings_refresh_all", body=((), {}, {}), headers=other
    )
    assert task_ledger.HEADER not in unguarded and task_ledger.HEADER not in other
    assert list(task_ledger.pending()) == [_task(event_id=7)]


def test_a_message_covered_by_a_later_run_does_nothing(monkeypatch):
    calls = []
    monkeypatch.setattr("tournaments.services.standings_rebuild", lambda **kw: calls.append(kw) or 0)
    first = task_ledger.sent(NAME, {"event_id": 7})
    tasks.standings_recompute.apply(kwargs={"event_id": 7}, headers={task_ledger.HEADER: first})
    assert len(calls) == 1 and task_ledger.pending() == {}
    # The same message again (a redelivery): a run that began after it was due has ended.
    again = tasks.standings_recompute.apply(kwargs={"event_id": 7}, headers={task_ledger.HEADER: first})
    assert again.result is None and len(calls) == 1
    # A message with no due time (sent while the ledger was unreachable) always runs.
    tasks.standings_recompute.apply(kwargs={"event_id": 7})
    assert len(calls) == 2


def test_a_run_killed_at_its_hard_limit_is_crossed_off_unless_asked_again_since_it_began():
    from celery.exceptions import TimeLimitExceeded

    # Celery's pool calls the task's on_failure in the worker's main process, the run's own
    # process killed: the run, begun 0.3 s ago, never reached run_ended.
    task_ledger.sent(NAME, {"event_id": 7})
    time.sleep(0.3)
    tasks.standings_recompute.on_failure(TimeLimitExceeded(0.2), "id", (), {"event_id": 7}, None)
    assert task_ledger.pending() == {}

    task_ledger.sent(NAME, {"event_id": 8})  # asked again while the killed run was running
    tasks.standings_recompute.on_failure(TimeLimitExceeded(0.2), "id", (), {"event_id": 8}, None)
    assert list(task_ledger.pending()) == [_task(event_id=8)]


def test_a_run_stopped_at_its_soft_limit_is_crossed_off_as_a_failure(monkeypatch):
    from celery.exceptions import SoftTimeLimitExceeded

    def stopped(**kwargs):
        raise SoftTimeLimitExceeded()

    monkeypatch.setattr("tournaments.services.standings_rebuild", stopped)
    task_ledger.sent(NAME, {"event_id": 7})
    with pytest.raises(SoftTimeLimitExceeded):
        tasks.standings_recompute.apply(kwargs={"event_id": 7})
    assert task_ledger.pending() == {}
