import pytest
from django.core.management import call_command

from clubs.models import Club, Membership
from tournaments.models import Event, Game, Rating, Standing

pytestmark = pytest.mark.django_db


@pytest.mark.slow
def test_the_demo_club_loads_once_with_a_season_of_finished_nights_and_one_ready_to_start():
    call_command("demo_load")
    call_command("demo_load")  # a second run leaves the club as it is
    club = Club.objects.get()
    assert club.players.count() == 16 and club.results_public
    roles = dict(Membership.objects.values_list("user__username", "role"))
    assert roles == {"director": "director", "scorer": "scorer"}
    finished = Event.objects.filter(status=Event.Status.FINISHED)
    assert finished.count() == 4 and {e.season.name for e in finished} == {"Autumn season"}
    assert Game.objects.filter(table__round__event__in=finished, game_over=False).count() == 0
    assert Standing.objects.filter(event__in=finished).count() == 4 * 16
    # Four nights of three rounds: every player has twelve rated games, a settled rating.
    ratings = Rating.objects.filter(player__club=club, group="classic")
    assert ratings.count() == 16 and set(ratings.values_list("games", flat=True)) == {12}
    assert not ratings.filter(provisional=True).exists()
    ready = Event.objects.get(status=Event.Status.PLANNED)
    assert ready.participants.count() == 8
    assert not ready.rounds.exists()
