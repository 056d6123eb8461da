"""A guest who is not on the roster joins the night by name, plays, and is later merged into
the roster player they are.

HAND_A (tests/support/hands.py): NS 1685, EW 485; three of them end a classic game.
"""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Player
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game, Participant, Seat, Standing

pytestmark = pytest.mark.django_db


def test_a_director_adds_a_guest_on_the_night(client, league_night, alice):
    client.force_login(alice)
    response = client.post(f"/events/{league_night.pk}/guests/add/", {"name": "  Dora   Visitor "})
    assert response.status_code == 302
    guest = Player.objects.get(name="Dora Visitor")
    assert guest.guest and guest.club_id == league_night.club_id
    assert Participant.objects.get(event=league_night, player=guest).present
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert '<bdi>Dora Visitor</bdi></a> <small class="guest">(guest)</small>' in page


def test_a_guest_with_a_roster_name_is_refused(league_night, players):
    with pytest.raises(ValidationError, match="already a player of the club"):
        services.guest_add(event=league_night, name=players[0].name.upper())
    with pytest.raises(ValidationError, match="Type the guest's name"):
        services.guest_add(event=league_night, name="   ")


def test_a_scorer_cannot_add_a_guest(client, league_night, sam):
    client.force_login(sam)
    assert client.post(f"/events/{league_night.pk}/guests/add/", {"name": "Dora"}).status_code == 404
    assert not Player.objects.filter(name="Dora").exists()


def test_a_merged_guest_hands_over_every_result(club, players, django_capture_on_commit_callbacks):
    """A guest plays a finished game on the winning side, then is merged into a roster
    player who was not at that event: the seat, the participation and the standings row
    (2 victory points for a win, the default scale) become the roster player's."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Guest night", date="2026-11-27", variant="classic", players=players[:4]
        ),
    )
    services.participant_set_present(event=event, player=players[3], present=False)  # went home
    guest = services.guest_add(event=event, name="Dora Visitor")
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = Game.objects.get(table__round__event=event)
    with django_capture_on_commit_callbacks(execute=True):
        for number in (1, 2, 3):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=HAND_A))
    guest_side = Seat.objects.get(table=game.table, player=guest).side
    roster = players[10]
    with django_capture_on_commit_callbacks(execute=True):
        services.guest_merge(guest=guest, into=roster)
    assert not Player.objects.filter(pk=guest.pk).exists()
    assert Seat.objects.get(table=game.table, player=roster).side == guest_side
    assert Participant.objects.filter(event=event, player=roster).exists()
    row = Standing.objects.get(event=event, player=roster)
    won = guest_side == "NS"  # NS ends at 5055 against 1455
    assert (row.games, row.wins) == (1, 1 if won else 0)


def test_a_guest_and_a_player_of_the_same_night_are_not_merged(league_night, players):
    guest = services.guest_add(event=league_night, name="Dora Visitor")
    with pytest.raises(ValidationError, match="both played in"):
        services.guest_merge(guest=guest, into=players[0])
    with pytest.raises(ValidationError, match="is not a guest"):
        services.guest_merge(guest=players[0], into=players[1])


def test_the_director_merges_from_the_guest_page(client, league_night, alice, players):
    guest = services.guest_add(event=league_night, name="Dora Visitor")
    client.force_login(alice)
    page = client.get(f"/players/{guest.pk}/").content.decode()
    assert 'id="guest-merge"' in page
    roster = players[12]  # not in the league night (8 players)
    response = client.post(f"/players/{guest.pk}/merge/", {"into": roster.pk})
    assert response.status_code == 302 and response.url == f"/players/{roster.pk}/"
    assert Participant.objects.filter(event=league_night, player=roster).exists()
