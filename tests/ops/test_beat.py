"""Of several celery beats, one sends and the others stand by (config/beat.py)."""

from __future__ import annotations

import pytest
from celery.beat import PersistentScheduler

from config import beat, celery_app


@pytest.fixture
def ticks(monkeypatch):
    """The scheduler's own tick, recorded instead of sending anything."""
    sent = []

    def tick(self, *args, **kwargs):
        sent.append(self.token)
        return 1.0

    monkeypatch.setattr(PersistentScheduler, "tick", tick)
    return sent


def _scheduler(tmp_path, name: str) -> beat.SingleBeatScheduler:
    return beat.SingleBeatScheduler(app=celery_app, schedule_filename=str(tmp_path / name))


def test_a_second_beat_stands_by_and_takes_over_when_the_first_stops(tmp_path, ticks, caplog):
    first, second = _scheduler(tmp_path, "first"), _scheduler(tmp_path, "second")
    assert first.tick() == 1.0
    assert second.tick() == beat.STANDBY_SECONDS  # started by mistake: sends nothing
    assert first.tick() == 1.0
    assert ticks == [first.token, first.token]
    assert "standing by" in caplog.text

    first.close()  # a clean stop hands the lock over at once
    assert second.tick() == 1.0
    assert ticks[-1] == second.token
    second.close()


def test_a_standby_takes_over_when_the_first_beat_dies(tmp_path, ticks):
    from django.core.cache import cache

    first, second = _scheduler(tmp_path, "first"), _scheduler(tmp_path, "second")
    first.tick()
    second.tick()
    cache.delete(beat.LOCK_KEY)  # the first beat was killed: its lock ran out
    assert second.tick() == 1.0
    assert first.tick() == beat.STANDBY_SECONDS
    assert ticks == [first.token, second.token]
    second.close()
    first.close()
