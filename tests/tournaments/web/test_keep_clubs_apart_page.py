"""Keeping one club's players apart on the pages and the API: the figure beside each round for
the director, the control that turns the option on or off between rounds, the New event form's
checkbox (for a federation's clubs) and the API's field."""

from __future__ import annotations

import datetime
import re

import pytest
from rest_framework.test import APIClient

from clubs.models import Federation, FederationClub, Player
from tests.support.factories import EVENT_DATE, ClubFactory
from tournaments import services
from tournaments.models import Event, Round
from tournaments.services import round_tools

pytestmark = pytest.mark.django_db


@pytest.fixture
def championship(club, players, django_capture_on_commit_callbacks):
    """8 entrants of 4 clubs, 2 each (the host's 2, then 2 of each of three other clubs: no
    page enters another club's players yet), keeping clubs apart; round 1 seated."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Championship",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            players=players[:8],
            keep_clubs_apart=True,
        ),
    )
    for number, start in enumerate((2, 4, 6)):
        other = ClubFactory(name=f"Other {number}", slug=f"other-{number}")
        Player.objects.filter(pk__in=[p.pk for p in players[start : start + 2]]).update(club=other)
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    return event


def _figure(page: str, number: int) -> str | None:
    found = re.search(rf'<p class="meta club-meetings" id="club-meetings-{number}">(.*?)</p>', page, re.S)
    return re.sub(r"<[^>]+>", "", found.group(1)) if found else None


def test_the_director_sees_the_meetings_of_one_club_beside_the_round(client, alice, bob, championship):
    client.force_login(alice)
    page = client.get(f"/events/{championship.pk}/").content.decode()
    assert _figure(page, 1) == (
        "Players of one club as partners: 0 this round, 0 in the rounds so far. "
        "Players of one club as opponents: 0 this round, 0 in the rounds so far."
    )

    # Swap a player of table 1 with the club-mate of another player of table 1: 2 meetings.
    round_ = championship.rounds.get(number=1)
    at_first = [
        s.player for s in round_.tables.get(number=1).seats.select_related("player").order_by("position")
    ]
    mate = round_.tables.get(number=2).seats.select_related("player").get(player__club_id=at_first[1].club_id)
    round_tools.seats_swap(round=round_, first=at_first[0], second=mate.player)
    page = client.get(f"/events/{championship.pk}/").content.decode()
    partners = sum(
        len(clubs) - len(set(clubs))
        for table in round_.tables.all()
        for clubs in _clubs_by_side(table).values()
    )
    assert _figure(page, 1) == (
        f"Players of one club as partners: {partners} this round, {partners} in the rounds so far. "
        f"Players of one club as opponents: {2 - partners} this round, {2 - partners} in the rounds so far."
    )

    client.force_login(bob)  # a member sees the tables, not the director's figures
    assert _figure(client.get(f"/events/{championship.pk}/").content.decode(), 1) is None


def _clubs_by_side(table) -> dict[str, list[int]]:
    by_side: dict[str, list[int]] = {}
    for seat in table.seats.select_related("player"):
        by_side.setdefault(seat.side, []).append(seat.player.club_id)
    return by_side


def test_no_figure_without_the_option(client, alice, league_night):
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert _figure(page, 1) is None
    assert 'id="clubs-apart"' not in page  # a club's night: no control either


def test_the_director_turns_the_option_off_and_on_between_rounds(client, alice, championship):
    client.force_login(alice)
    page = client.get(f"/events/{championship.pk}/").content.decode()
    assert "The seating keeps players of one club apart where it can." in page
    response = client.post(f"/events/{championship.pk}/clubs-apart/", {"keep": "0"})
    assert response.status_code == 302
    championship.refresh_from_db()
    assert championship.keep_clubs_apart is False
    page = client.get(f"/events/{championship.pk}/").content.decode()
    assert _figure(page, 1) is None
    client.post(f"/events/{championship.pk}/clubs-apart/", {"keep": "1"})
    championship.refresh_from_db()
    assert championship.keep_clubs_apart is True


def test_the_new_event_form_offers_the_option_to_a_federations_club(client, alice, club, players):
    client.force_login(alice)
    assert 'name="keep_clubs_apart"' not in client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    north = Federation.objects.create(name="North", slug="north")
    FederationClub.objects.create(federation=north, club=club, joined_on=datetime.date(2026, 11, 1))
    assert 'name="keep_clubs_apart"' in client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    data = {
        "name": "Open",
        "date": "2026-11-30",
        "kind": "tournament",
        "variant": "classic",
        "players": [p.pk for p in players[:8]],
        "keep_clubs_apart": "on",
    }
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.status_code == 302
    assert Event.objects.get(name="Open").keep_clubs_apart is True


def test_the_api_takes_and_shows_the_option(club, players, alice):
    api = APIClient()
    api.force_authenticate(alice)
    body = {
        "club": club.pk,
        "name": "Open",
        "date": "2026-12-05",
        "variant": "classic",
        "players": [p.pk for p in players[:8]],
        "keep_clubs_apart": True,
    }
    response = api.post("/api/v1/events/", body, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["keep_clubs_apart"] is True
    assert Event.objects.get(pk=response.json()["id"]).keep_clubs_apart is True
