import pytest
from django.core.management import call_command

from clubs.models import Club, Membership
from tournaments.models import Event, Game, Standing

pytestmark = pytest.mark.django_db


def test_the_demo_club_loads_once_with_a_finished_night_and_one_ready_to_start():
    call_command("demo_load")
    call_command("demo_load")  # a second run leaves the club as it is
    club = Club.objects.get()
    assert club.players.count() == 16
    roles = dict(Membership.objects.values_list("user__username", "role"))
    assert roles == {"director": "director", "scorer": "scorer"}
    finished = Event.objects.get(status=Event.Status.FINISHED)
    assert Game.objects.filter(table__round__event=finished, game_over=False).count() == 0
    assert Standing.objects.filter(event=finished).count() == 16
    ready = Event.objects.get(status=Event.Status.PLANNED)
    assert ready.participants.count() == 8
    assert not ready.rounds.exists()
