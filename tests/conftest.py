"""The named cast: `club`, `alice` (director), `sam` (scorer), `bob` (member), `mallory`
(director of another club), 16 `players`, and a seated `league_night` (built by
tests/support/cast.py, which a fixture of a wider scope can call too)."""

from __future__ import annotations

import pytest
from hypothesis import settings as hypothesis_settings

from clubs.models import Membership
from config import celery_app
from tests.support import cast
from tests.support.mail import smtp_server  # noqa: F401 (a fixture every test may ask for)

# Property tests have no time limit per example: the machines are shared, and an example that
# takes 200 ms under load is not a failure (speed is measured in bench/, never in tests).
hypothesis_settings.register_profile("project", deadline=None)
hypothesis_settings.load_profile("project")


def pytest_collection_modifyitems(items):
    """Browser and integration tests and tests/ops/ are slow: `make test-fast` leaves them out.
    (Called after the folders' own hooks, which mark the browser tests of tests/flows/, and
    before `-m` deselects.)"""
    for item in items:
        if (
            item.get_closest_marker("browser")
            or item.get_closest_marker("integration")
            or "/tests/ops/" in str(item.path)
        ):
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _tasks_in_process(request):
    """Unit tests run tasks in-process; only `integration` tests use the real broker and worker."""
    if request.node.get_closest_marker("integration"):
        yield
        return
    before = celery_app.conf.task_always_eager
    celery_app.conf.task_always_eager = True
    yield
    celery_app.conf.task_always_eager = before


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts in the default language: a request in another language (a club's, or the
    visitor's choice) activates it for the thread, and the next test would read its messages in
    that language."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _no_standings_marks():
    """Each test starts with no standings rebuild marked as queued (tournaments.services.queue),
    an empty task ledger (tournaments.workers.ledger), no beat holding the beat lock, no
    cached federation ranking or stamp (clubs/stamps.py), and no attempt counted against a
    limit (config/limits.py)."""
    from django.core.cache import cache

    from tournaments.services.queue import standings_mark

    patterns = [
        cache.make_key(name)
        for name in (
            standings_mark("*"),
            "tasks-ledger:*",
            "celery-beat:*",
            "stamp:*",
            "federation-ranking:*",
            "limit:*",
        )
    ]
    client = getattr(cache, "_cache", None)
    if client is not None and hasattr(client, "get_client"):
        redis = client.get_client(patterns[0], write=True)
        for pattern in patterns:
            for key in redis.scan_iter(match=pattern):
                redis.delete(key)
    else:
        cache.clear()


@pytest.fixture
def club(db):
    return cast.riverside()


@pytest.fixture
def alice(club):
    return cast.member(club, "alice", Membership.Role.DIRECTOR)


@pytest.fixture
def sam(club):
    return cast.member(club, "sam", Membership.Role.SCORER)


@pytest.fixture
def bob(club):
    return cast.member(club, "bob", Membership.Role.MEMBER)


@pytest.fixture
def mallory(db):
    return cast.mallory()


@pytest.fixture
def players(club):
    return cast.players(club)


@pytest.fixture
def league_night(club, players):
    """An 8-player classic league night of 4 hands per round, with round 1 seated."""
    return cast.league_night(club, players)
