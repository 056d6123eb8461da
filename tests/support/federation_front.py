"""Federation North made public (`public_north`), for its public face: the North of
tests/support/championships.py (Avon and Brook members, Lonely not, a night at each member club)
with its ranking public, Avon's results public and Brook's not, one championship finished at Avon
and one to come.

North Open (Dec 1, 2026, at Avon, hands per round 1, no confirmation): Al, Pia (of
Avon), Bix and Bo at one table of four; Al's side types 500, the other 100. So Al and his
partner win (2 victory points each, the default scale), the other two lose (0).
North Winter Cup (Jan 10, 2027, at Avon): planned, no entrant.
"""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Club, Federation
from tests.support.championships import _championship, _player
from tournaments import services
from tournaments.models import Game

OPEN = "North Open"
COMING = "North Winter Cup"


@pytest.fixture
def public_north(north, django_capture_on_commit_callbacks):
    capture = django_capture_on_commit_callbacks
    Federation.objects.filter(pk=north.pk).update(ranking_public=True)
    Club.objects.filter(slug="avon").update(results_public=True)
    north.refresh_from_db()
    event = _championship(north, name=OPEN, hands_per_round=1, confirmation_required=False)
    al = _player("avon", "Al")
    services.championship_enter(
        event=event, players=[al, _player("avon", "Pia"), _player("brook", "Bix"), _player("brook", "Bo")]
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    game = Game.objects.get(table__round=round_)
    al_side = game.table.seats.get(player=al).side
    sides = set(game.table.seats.values_list("side", flat=True))
    entries = {side: {"total": 500 if side == al_side else 100} for side in sides}
    with capture(execute=True):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))
    with capture(execute=True):
        services.event_finish(event=event)
    _championship(north, name=COMING, date=datetime.date(2027, 1, 10))
    return north
