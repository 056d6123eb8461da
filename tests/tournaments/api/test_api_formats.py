"""The API for the event formats: creating an event with its format options, late arrivals and
withdrawals. Permissions for every visitor are in tests/site/test_permissions.py."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Partnership
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Event, Game, Participant, Season, Standing

pytestmark = pytest.mark.django_db


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _event_data(club, **extra):
    return {"club": club.pk, "name": "Sat", "date": "2026-12-05", "variant": "classic"} | extra


def test_an_individual_event_with_every_format_option(club, players, alice):
    season = Season.objects.create(club=club, name="Autumn")
    data = _event_data(
        club,
        players=[p.pk for p in players[:7]],
        three_player_tables=True,
        missed_round_policy="sit_out_score",
        sit_out_victory_points=2,
        avoid_season_partners=True,
        season=season.pk,
    )
    response = _client(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(pk=response.json()["id"])
    assert (event.format, event.three_player_tables, event.missed_round_policy) == (
        "individual",
        True,
        "sit_out_score",
    )
    assert (event.sit_out_victory_points, event.avoid_season_partners, event.season) == (2, True, season)
    assert response.json()["avoid_season_partners"] is True
    assert event.participants.count() == 7


def test_a_swiss_event_from_partnership_ids(club, players, alice):
    partnerships = [
        Partnership.objects.create(club=club, first=players[i], second=players[i + 1]) for i in (0, 2, 4, 6)
    ]
    data = _event_data(club, format="swiss", partnerships=[p.pk for p in partnerships])
    response = _client(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(pk=response.json()["id"])
    assert event.format == "swiss"
    assert [p.partnership_id for p in event.pairs.order_by("number")] == [p.pk for p in partnerships]
    assert event.participants.count() == 8


def test_a_round_robin_event_from_pairs_of_player_ids(club, players, alice):
    pairs = [[players[1].pk, players[0].pk], [players[2].pk, players[3].pk], [players[4].pk, players[5].pk]]
    data = _event_data(club, format="round_robin", pairs=pairs)
    response = _client(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 201, response.json()
    event = Event.objects.get(pk=response.json()["id"])
    stored = [{p.partnership.first_id, p.partnership.second_id} for p in event.pairs.order_by("number")]
    assert stored == [set(pair) for pair in pairs]


@pytest.mark.parametrize(
    ("extra", "field"),
    [
        ({"format": "swiss", "pairs": [[1, 2]], "partnerships": [1]}, "pairs"),
        ({"pairs": [[1, 2]]}, "format"),  # pairs for an individual event
        ({"format": "swiss", "pairs": [[1, 1], [2, 3]]}, "pairs"),
        ({"format": "swiss", "partnerships": [987654]}, "partnerships"),
        ({"format": "mitchell"}, "pairs"),  # no players, no partnerships: fewer than two pairs
        ({"missed_round_policy": "never"}, "missed_round_policy"),
        ({"season": 987654}, "season"),
    ],
)
def test_bad_format_input_is_a_400_that_creates_nothing(club, players, alice, extra, field):
    if "players" not in extra and extra.get("format") in (None, "individual"):
        extra = {"players": [p.pk for p in players[:4]]} | extra
    events, partnerships = Event.objects.count(), Partnership.objects.count()
    response = _client(alice).post("/api/v1/events/", _event_data(club, **extra), format="json")
    assert response.status_code == 400
    assert field in response.json()
    assert (Event.objects.count(), Partnership.objects.count()) == (events, partnerships)


def test_a_refused_event_keeps_no_partnership_made_from_its_pairs(club, players, alice):
    data = _event_data(club, format="swiss", pairs=[[players[0].pk, players[1].pk]])  # one pair only
    response = _client(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 400
    assert not Partnership.objects.exists()


# --- late arrivals and withdrawals ------------------------------------------------------------


def test_a_late_player_joins_and_is_in_the_standings(
    league_night, players, alice, django_capture_on_commit_callbacks
):
    late = players[8]
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(alice).post(
            f"/api/v1/events/{league_night.pk}/players/", {"player": late.pk}, format="json"
        )
    assert response.status_code == 201
    assert response.json() == {
        "event": league_night.pk,
        "player": late.pk,
        "present": True,
        "withdrawn_after_round": None,
    }
    assert Standing.objects.filter(event=league_night, player=late).exists()
    again = _client(alice).post(
        f"/api/v1/events/{league_night.pk}/players/", {"player": late.pk}, format="json"
    )
    assert again.status_code == 400


def test_a_player_of_another_club_cannot_join(league_night, alice, mallory):
    from clubs.models import Player

    stranger = Player.objects.create(club=mallory.memberships.first().club, name="Stranger")
    response = _client(alice).post(
        f"/api/v1/events/{league_night.pk}/players/", {"player": stranger.pk}, format="json"
    )
    assert response.status_code == 400
    assert not Participant.objects.filter(player=stranger).exists()


def test_a_withdrawal_keeps_the_results(league_night, alice, django_capture_on_commit_callbacks):
    game = Game.objects.filter(table__round__event=league_night).first()
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    player = game.table.seats.first().player_id
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(alice).post(f"/api/v1/events/{league_night.pk}/players/{player}/withdraw/")
    assert response.status_code == 200
    assert response.json()["withdrawn_after_round"] == 1
    assert response.json()["present"] is False
    assert Standing.objects.get(event=league_night, player_id=player).points_for != 0
    assert game.table.seats.filter(player_id=player).exists()


def test_withdrawing_a_player_not_in_the_event_is_a_404(league_night, players, alice):
    response = _client(alice).post(f"/api/v1/events/{league_night.pk}/players/{players[12].pk}/withdraw/")
    assert response.status_code == 404


@pytest.mark.parametrize("who", ["sam", "bob", "mallory"])
def test_only_the_clubs_directors_add_or_withdraw(league_night, players, who, request):
    user = request.getfixturevalue(who)
    client = _client(user)
    added = client.post(
        f"/api/v1/events/{league_night.pk}/players/", {"player": players[8].pk}, format="json"
    )
    withdrawn = client.post(f"/api/v1/events/{league_night.pk}/players/{players[0].pk}/withdraw/")
    assert (added.status_code, withdrawn.status_code) == (404, 404)
    assert not Participant.objects.filter(event=league_night, player=players[8]).exists()
    assert not Participant.objects.filter(event=league_night, withdrawn_after_round__isnull=False).exists()
    created = client.post(
        "/api/v1/events/", _event_data(league_night.club, players=[p.pk for p in players[:4]]), format="json"
    )
    assert created.status_code == 404
