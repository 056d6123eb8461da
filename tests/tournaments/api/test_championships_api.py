"""A championship through the API: an officer creates it and qualifies its entrants, a member
club's director enters a player, a late entrant from another member club; the federation and its
nights are those of tests/tournaments/services/test_championships.py."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Club, FederationOfficer, Membership, Player
from tests.support import cast
from tests.support.championships import north  # noqa: F401  (the fixture)
from tests.support.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _api(user):
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def officer(north):  # noqa: F811
    user = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=user)
    return _api(user)


def _create(officer, **fields):
    body = {"host": "avon", "name": "North Open", "date": "2026-12-01", "variant": "classic", **fields}
    return officer.post("/api/v1/federations/north/championships/", body, format="json")


def test_an_officer_creates_lists_and_qualifies(officer, north):  # noqa: F811
    answer = _create(officer)
    assert answer.status_code == 201, answer.json()
    created = answer.json()
    assert created["federation"] == "north" and created["kind"] == "tournament"
    assert created["keep_clubs_apart"] is True and created["confirmation_required"] is True
    assert created["players"] == []
    listed = officer.get("/api/v1/federations/north/championships/").json()
    assert [event["id"] for event in listed] == [created["id"]]

    answer = officer.post(
        f"/api/v1/events/{created['id']}/qualify/", {"ranking": "clubs", "top": 2}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    # As the service's test works it: Avon's Al and Abe (Ann passed over), Brook's Bix and Bud.
    body = answer.json()
    assert [(e["club"], e["name"]) for e in body["entered"]] == [
        ("avon", "Al"),
        ("avon", "Abe"),
        ("brook", "Bix"),
        ("brook", "Bud"),
    ]
    assert [p["name"] for p in body["passed_over"]] == ["Ann"]


def test_a_host_outside_the_federation_and_a_bad_period_are_refused(officer, north):  # noqa: F811
    answer = _create(officer, host="lonely")
    assert answer.status_code == 400 and "host" in answer.json()
    event_id = _create(officer).json()["id"]
    answer = officer.post(
        f"/api/v1/events/{event_id}/qualify/",
        {"ranking": "clubs", "top": 2, "from": "2026-12-01", "to": "2026-11-01"},
        format="json",
    )
    assert answer.status_code == 400
    assert Event.objects.get(pk=event_id).participants.count() == 0


def test_a_club_director_enters_the_clubs_players_only(officer, north):  # noqa: F811
    event_id = _create(officer).json()["id"]
    brook = Club.objects.get(slug="brook")
    director = _api(cast.member(brook, "bree", Membership.Role.DIRECTOR))
    bix = Player.objects.get(club=brook, name="Bix")
    al = Player.objects.get(club__slug="avon", name="Al")
    url = f"/api/v1/clubs/brook/championships/{event_id}/entries/"
    assert director.post(url, {"players": [al.pk]}, format="json").status_code == 400  # not Brook's
    answer = director.post(url, {"players": [bix.pk]}, format="json")
    assert answer.status_code == 201 and answer.json() == [{"player": bix.pk, "name": "Bix", "club": "brook"}]
    # Another club's entries, and the officers' qualification, are not this director's.
    assert (
        director.post(f"/api/v1/clubs/avon/championships/{event_id}/entries/", {}, format="json").status_code
        == 404
    )
    assert (
        director.post(
            f"/api/v1/events/{event_id}/qualify/", {"ranking": "clubs", "top": 1}, format="json"
        ).status_code
        == 404
    )
    # A late entrant of another member club, added by the officer as at any event.
    answer = officer.post(f"/api/v1/events/{event_id}/players/", {"player": al.pk}, format="json")
    assert answer.status_code == 201
    assert sorted(Event.objects.get(pk=event_id).participants.values_list("player__name", flat=True)) == [
        "Al",
        "Bix",
    ]
