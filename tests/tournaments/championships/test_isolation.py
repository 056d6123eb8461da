"""Championships kept to their federation: a club in no federation, another federation's officer, a
plain member and a visitor can neither see nor act on one, and no page or API answer names a player
or club outside it. The federation is `north` of tests/tournaments/services/test_championships.py."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club, FederationOfficer, Membership, Player
from tests.support import cast
from tests.support.championships import _championship, north  # noqa: F401
from tests.support.factories import ClubFactory, PlayerFactory, UserFactory
from tournaments import services

pytestmark = pytest.mark.django_db
D = datetime.date


def _client(user):
    c = Client()
    c.force_login(user)
    return c


def _api(user):
    c = APIClient()
    c.force_authenticate(user)
    return c


def _secret_night():
    """An ordinary night of a club that has nothing to do with any federation."""
    secret = ClubFactory(name="Secret Club", slug="secret")
    players = [PlayerFactory(club=secret, name=f"Hidden {n}") for n in range(4)]
    return services.event_create(
        club=secret,
        asked=services.EventInput(
            name="Private Poker Night", date=D(2026, 12, 5), variant="classic", players=players
        ),
    )


def test_entries_page_of_a_non_member_club_opens_any_other_clubs_night(north):  # noqa: F811
    """A director of Lonely (in no federation) opens /clubs/lonely/championships/<id>/entries/
    with the id of another club's ordinary night: `federation_id=None` matches every club night."""
    night = _secret_night()
    lonely_director = _client(cast.member(Club.objects.get(slug="lonely"), "lou", Membership.Role.DIRECTOR))
    page = lonely_director.get(reverse("tournaments:championship_entries", args=["lonely", night.pk]))
    text = page.content.decode()
    # Should be 404: not a championship of the club's federation.
    assert page.status_code == 404, (page.status_code, "Private Poker Night" in text, "Secret Club" in text)


def test_entries_api_of_a_non_member_club_tells_other_clubs_nights_apart(north):  # noqa: F811
    night = _secret_night()
    api = _api(cast.member(Club.objects.get(slug="lonely"), "lou", Membership.Role.DIRECTOR))
    answer = api.post(
        f"/api/v1/clubs/lonely/championships/{night.pk}/entries/", {"players": []}, format="json"
    )
    missing = api.post("/api/v1/clubs/lonely/championships/999999/entries/", {"players": []}, format="json")
    # Both should be 404 alike; a 400 for an existing night lets anyone probe other clubs' event ids.
    assert answer.status_code == missing.status_code == 404, (answer.status_code, answer.json())


def test_late_player_api_of_a_championship_names_a_player_of_any_club(north):  # noqa: F811
    """An officer (or the host's director) posts any player id to the championship's players
    endpoint: the refusal names a player and club outside the federation."""
    officer = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=officer)
    event = _championship(north)
    _secret_night()
    hidden = Player.objects.get(name="Hidden 0")
    answer = _api(officer).post(f"/api/v1/events/{event.pk}/players/", {"player": hidden.pk}, format="json")
    body = str(answer.json())
    assert "Hidden 0" not in body and "Secret Club" not in body, (answer.status_code, body)


def test_host_director_probes_players_of_any_club_through_a_championship(north):  # noqa: F811
    event = _championship(north)
    _secret_night()
    hidden = Player.objects.get(name="Hidden 1")
    host_director = _api(cast.member(Club.objects.get(slug="avon"), "dee", Membership.Role.DIRECTOR))
    answer = host_director.post(f"/api/v1/events/{event.pk}/players/", {"player": hidden.pk}, format="json")
    body = str(answer.json())
    assert "Hidden 1" not in body and "Secret Club" not in body, (answer.status_code, body)


def test_outsiders_cannot_see_or_act(north):  # noqa: F811
    event = _championship(north)
    south_officer = UserFactory(username="sam")
    from clubs.models import Federation

    south = Federation.objects.create(name="South", slug="south")
    FederationOfficer.objects.create(federation=south, user=south_officer)
    lonely_dir = cast.member(Club.objects.get(slug="lonely"), "lou", Membership.Role.DIRECTOR)
    brook_member = cast.member(Club.objects.get(slug="brook"), "bm", Membership.Role.MEMBER)
    for user in (south_officer, lonely_dir, brook_member):
        c, a = _client(user), _api(user)
        if user is not brook_member:
            assert c.get(reverse("tournaments:event_detail", args=[event.pk])).status_code == 404
            assert a.get(f"/api/v1/events/{event.pk}/").status_code == 404
        assert (
            c.post(
                reverse("tournaments:championship_qualify", args=[event.pk]), {"source": "clubs", "top": "2"}
            ).status_code
            == 404
        )
        assert (
            a.post(
                f"/api/v1/events/{event.pk}/qualify/", {"ranking": "clubs", "top": 2}, format="json"
            ).status_code
            == 404
        )
        assert a.get("/api/v1/federations/north/championships/").status_code == 404
        assert (
            a.post(
                "/api/v1/federations/north/championships/",
                {"host": "avon", "name": "X", "date": "2026-12-01", "variant": "classic"},
                format="json",
            ).status_code
            == 404
        )
        assert a.post(f"/api/v1/events/{event.pk}/players/", {"player": 1}, format="json").status_code == 404
        assert c.get(reverse("tournaments:championship_create", args=["north"])).status_code == 404
    anon = Client()
    assert anon.get(reverse("tournaments:event_detail", args=[event.pk])).status_code in (302, 404)
    assert (
        APIClient()
        .post(f"/api/v1/events/{event.pk}/qualify/", {"ranking": "clubs", "top": 2}, format="json")
        .status_code
        == 401
    )
    assert event.participants.count() == 0
