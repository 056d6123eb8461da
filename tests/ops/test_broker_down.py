"""When Redis cannot take a task, the web process runs it itself: the hand and standings land."""

from __future__ import annotations

import pytest

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
        services.hand_record(game=game, number=1, entries=HAND_A)
    assert Hand.objects.filter(game=game).count() == 1
    rows = Standing.objects.filter(event=league_night)
    assert sum(row.points_for for row in rows) == 2 * (1685 + 485)  # two players per side
    assert "broker unreachable" in caplog.text
