"""A federation through the API: created (its creator its officer), read and its clubs listed
by its officers only; a club's director links a player by member number, the same service and
rule as the page."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Federation, FederationClub, Person, PersonLinkConflict
from tests.support.factories import ClubFactory, PlayerFactory, UserFactory

pytestmark = pytest.mark.django_db


def _as(user):
    api = APIClient()
    api.force_authenticate(user)
    return api


def test_an_officer_creates_reads_and_lists_the_clubs(club, alice):
    olga = UserFactory(username="olga")
    api = _as(olga)
    response = api.post("/api/v1/federations/", {"name": "North League"}, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["slug"] == "north-league" and response.json()["ranking_public"] is False
    north = Federation.objects.get(slug="north-league")
    assert list(north.officers.values_list("user__username", flat=True)) == ["olga"]
    member = FederationClub.objects.create(federation=north, club=club, joined_on="2026-12-01")
    invited = FederationClub.objects.create(
        federation=north, club=ClubFactory(name="Hilltop", slug="hilltop")
    )
    assert [f["slug"] for f in api.get("/api/v1/federations/").json()["results"]] == ["north-league"]
    assert api.get("/api/v1/federations/north-league/").json()["name"] == "North League"
    clubs = api.get("/api/v1/federations/north-league/clubs/").json()
    assert clubs == [
        {
            "id": member.pk,
            "club": "riverside",
            "club_name": "Riverside",
            "status": "member",
            "joined_on": "2026-12-01",
            "left_on": None,
            "declined_on": None,
            "counts_from": None,
        },
        {
            "id": invited.pk,
            "club": "hilltop",
            "club_name": "hilltop",  # its address: not a member, its name is not shown
            "status": "invited",
            "joined_on": None,
            "left_on": None,
            "declined_on": None,
            "counts_from": None,
        },
    ]
    # The listed id is the one that withdraws an invitation (or ends a membership).
    assert api.post(f"/api/v1/federations/north-league/clubs/{clubs[1]['id']}/end/").status_code in (200, 204)
    assert not FederationClub.objects.filter(pk=invited.pk).exists()
    # A director of a member club is no officer: the federation is not found for them.
    director = _as(alice)
    assert director.get("/api/v1/federations/").json()["results"] == []
    assert director.get("/api/v1/federations/north-league/").status_code == 404
    assert director.get("/api/v1/federations/north-league/clubs/").status_code == 404


def test_a_federation_refused_says_why(club):
    api = _as(UserFactory(username="olga"))
    assert (
        api.post("/api/v1/federations/", {"name": "North", "slug": "north"}, format="json").status_code == 201
    )
    response = api.post("/api/v1/federations/", {"name": "North again", "slug": "north"}, format="json")
    assert response.status_code == 400 and "slug" in response.json()
    response = api.post("/api/v1/federations/", {"name": "East", "slug": "North-East"}, format="json")
    assert response.status_code == 201 and response.json()["slug"] == "north-east"
    response = api.post("/api/v1/federations/", {"slug": "x"}, format="json")
    assert response.status_code == 400 and "name" in response.json()


def test_a_director_links_a_player_by_number(club, alice, mallory):
    north = Federation.objects.create(name="North League", slug="north")
    FederationClub.objects.create(federation=north, club=club, joined_on="2026-12-01")
    Person.objects.create(
        federation=north, member_number="N-1", name="Amira Haddad", name_words="amira haddad"
    )
    amira = PlayerFactory(club=club, name="Amira Hadad")
    bob = PlayerFactory(club=club, name="Bob Marley")
    api = _as(alice)
    url = "/api/v1/clubs/riverside/federation/players/{}/link/"
    response = api.post(url.format(amira.pk), {"member_number": "n-1"}, format="json")
    assert response.status_code == 200
    assert response.json() == {"result": "linked", "member_number": "N-1", "person_name": "Amira Haddad"}
    # Another name for the same number: held for the officers, the member's name not told.
    response = api.post(url.format(bob.pk), {"member_number": "N-1"}, format="json")
    assert response.json() == {"result": "conflict", "member_number": "N-1", "person_name": None}
    assert PersonLinkConflict.objects.filter(player=bob, outcome="").exists()
    # A new number is kept as written, spaces between its parts included, in capitals.
    response = api.post(url.format(bob.pk), {"member_number": " n  2 "}, format="json")
    assert response.json() == {"result": "created", "member_number": "N 2", "person_name": "Bob Marley"}
    response = api.post(url.format(bob.pk), {"member_number": "N_2"}, format="json")
    assert response.status_code == 400 and "member_number" in response.json()
    # Another club's director, or a player of another club: not found.
    assert _as(mallory).post(url.format(bob.pk), {"member_number": "N-3"}, format="json").status_code == 404
    elsewhere = PlayerFactory(club=ClubFactory(slug="far"), name="Far Away")
    assert api.post(url.format(elsewhere.pk), {"member_number": "N-3"}, format="json").status_code == 404
    assert not Person.objects.filter(member_number="N-3").exists()


def test_a_club_in_no_federation_is_told_so(club, alice):
    player = PlayerFactory(club=club, name="Bob Marley")
    response = _as(alice).post(
        f"/api/v1/clubs/riverside/federation/players/{player.pk}/link/",
        {"member_number": "N-1"},
        format="json",
    )
    assert response.status_code == 400 and "not a member of a federation" in response.json()["errors"][0]


def test_a_club_is_invited_accepts_leaves_and_an_officer_ends_another_through_the_api(club, alice):
    from django.utils import timezone

    olga = UserFactory(username="olga")
    officer = _as(olga)
    officer.post("/api/v1/federations/", {"name": "North League"}, format="json")
    answer = officer.post("/api/v1/federations/north-league/invite/", {"club": "nowhere"}, format="json")
    assert answer.status_code == 400 and "nowhere" in str(answer.json())
    answer = officer.post("/api/v1/federations/north-league/invite/", {"club": club.slug}, format="json")
    assert answer.status_code == 201 and answer.json()["status"] == "invited"
    place = FederationClub.objects.get(club=club)
    director = _as(alice)
    # Only the club's director answers; the officer is no director of the club.
    url = f"/api/v1/clubs/{club.slug}/federation/{place.pk}/answer/"
    assert officer.post(url, {"answer": "accept"}, format="json").status_code == 404
    assert director.post(url, {"answer": "maybe"}, format="json").status_code == 400
    answer = director.post(url, {"answer": "accept"}, format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "member"
    today = timezone.localdate().isoformat()
    answer = director.post(f"/api/v1/clubs/{club.slug}/federation/leave/", format="json")
    assert answer.status_code == 200 and answer.json()["status"] == "left"
    assert director.post(f"/api/v1/clubs/{club.slug}/federation/leave/", format="json").status_code == 404
    # An officer withdraws an invitation to another club.
    hilltop = ClubFactory(name="Hilltop", slug="hilltop")
    officer.post("/api/v1/federations/north-league/invite/", {"club": "hilltop"}, format="json")
    invited = FederationClub.objects.get(club=hilltop)
    answer = officer.post(f"/api/v1/federations/north-league/clubs/{invited.pk}/end/", format="json")
    assert answer.status_code == 204 and not FederationClub.objects.filter(pk=invited.pk).exists()
    assert FederationClub.objects.get(club=club).left_on.isoformat() == today


def test_an_officer_finds_and_renames_a_person_as_the_page_does(club, alice):
    olga = UserFactory(username="olga")
    north = Federation.objects.create(name="North", slug="north")
    north.officers.create(user=olga)
    amira = Person.objects.create(federation=north, member_number="NCF-001", name="Amira Hadad")
    Person.objects.create(federation=north, member_number="NCF-002", name="Bruno Costa")
    api = _as(olga)
    found = api.get("/api/v1/federations/north/people/", {"q": "ncf 001"}).json()  # written otherwise
    assert found == {
        "results": [{"id": amira.pk, "name": "Amira Hadad", "member_number": "NCF-001"}],
        "more": 0,
    }

    url = f"/api/v1/federations/north/people/{amira.pk}/rename/"
    renamed = api.post(url, {"name": " Amira Haddad ", "member_number": "ncf 001"}, format="json")
    assert renamed.status_code == 200, renamed.content
    assert renamed.json() == {
        "id": amira.pk,
        "name": "Amira Haddad",
        "member_number": "NCF 001",
    }  # capitals, as numbers are kept
    assert list(amira.renames.values_list("name_before", "name_after")) == [("Amira Hadad", "Amira Haddad")]
    # Another number is not a rename; the page's message, by its field.
    refused = api.post(url, {"name": "Amira Haddad", "member_number": "NCF-002"}, format="json")
    assert refused.status_code == 400
    assert "NCF-002 is not the number NCF 001" in refused.json()["member_number"][0]
    # Nobody but the federation's officers.
    for user in (alice, UserFactory(username="otto")):
        assert _as(user).get("/api/v1/federations/north/people/", {"q": "NCF"}).status_code == 404
        assert (
            _as(user).post(url, {"name": "X", "member_number": "NCF-001"}, format="json").status_code == 404
        )
    assert APIClient().get("/api/v1/federations/north/people/").status_code == 401
