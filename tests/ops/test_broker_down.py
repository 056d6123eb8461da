"""When Redis cannot take a task, the web process runs it itself: the hand and standings land."""

from __future__ import annotations

import socket
import time

import pytest
from django.conf import settings
from django.test import override_settings

from tests.ops.services import app_broker
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game, Hand, Standing

pytestmark = pytest.mark.django_db


@pytest.fixture
def broker_down():
    """The app's broker is a port nothing listens on (connection refused at once)."""
    with app_broker("redis://127.0.0.1:1/0"):
        yield


def test_a_hand_saved_while_redis_is_down_still_reaches_the_standings(
    league_night, broker_down, django_capture_on_commit_callbacks, caplog
):
    game = Game.objects.filter(table__round__event=league_night).first()
    assert not Standing.objects.filter(event=league_night, games__gt=0).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    assert Hand.objects.filter(game=game).count() == 1
    rows = Standing.objects.filter(event=league_night)
    assert sum(row.points_for for row in rows) == 2 * (1685 + 485)  # two players per side
    assert "broker unreachable" in caplog.text


@pytest.fixture
def hung_redis():
    """A port that takes connections (the kernel's backlog) and never answers: a hung Redis."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(64)
    try:
        yield f"redis://127.0.0.1:{server.getsockname()[1]}/0"
    finally:
        server.close()


# gunicorn kills a request after 30 s (config/gunicorn.py) and answers its own 500 page: the
# save must end well before, with the hand saved and its standings rebuilt here.
WELL_BEFORE_THE_WORKER_TIMEOUT = 20


def test_a_hand_saved_while_redis_hangs_is_answered_and_reaches_the_standings(
    league_night, hung_redis, django_capture_on_commit_callbacks, caplog
):
    redis_cache = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": hung_redis,
        "OPTIONS": settings.REDIS_CLIENT_OPTIONS,
    }
    game = Game.objects.filter(table__round__event=league_night).first()
    # Django's test signals give the cache its new settings (and the old one back after).
    with override_settings(CACHES={"default": redis_cache}), app_broker(hung_redis):
        started = time.monotonic()
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
        elapsed = time.monotonic() - started
    print(f"saved in {elapsed:.1f} s")
    assert elapsed < WELL_BEFORE_THE_WORKER_TIMEOUT, elapsed
    assert Hand.objects.filter(game=game).count() == 1
    rows = Standing.objects.filter(event=league_night)
    assert sum(row.points_for for row in rows) == 2 * (1685 + 485)
    assert "broker unreachable" in caplog.text
