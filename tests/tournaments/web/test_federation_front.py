"""A federation's public face at /federations/<slug>/: who gets which page, and what a visitor is
shown of its clubs, championships and ranking.

North (tests/support/federation_front.py): Avon and Brook members, Avon's results public and
Brook's not, Lonely outside; North Open finished at Avon, North Winter Cup to come. The
federation's ranking counts Brook's night (Bo & Bea against Bud & Bix, every player linked) and
North Open (Al, Pia, Bix, Bo); Avon's night is left out (Ann has no member number). So its people
with a rating are Bea, Bix, Bo, Bud, Al and Pia, each with one or two games of the ten that
rank a person: all provisional.
"""

from __future__ import annotations

import datetime

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, Federation, FederationClub, FederationOfficer, Membership, Person
from tests.support import championships, federation_front
from tests.support.factories import UserFactory
from tests.support.federation_front import COMING, OPEN
from tests.support.pages import untokened
from tests.support.tables import _page_rows, _xlsx_rows
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db
north = championships.north  # Avon and Brook members, Lonely not
public_north = federation_front.public_north  # its ranking and Avon's results public, two championships

FACE = "/federations/north/"
RATED = {"Al", "Bea", "Bix", "Bo", "Bud", "Pia"}


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _private() -> None:
    Federation.objects.filter(slug="north").update(ranking_public=False)


def test_a_visitor_finds_the_federation_from_the_home_page(client, public_north):
    Federation.objects.create(name="Hidden League", slug="hidden-league")  # ranking private
    html = client.get("/").content.decode()
    assert f'href="{FACE}"' in html and "<bdi>North</bdi>" in html
    assert "Hidden League" not in html and "/federations/hidden-league/" not in html


def test_the_face_lists_the_clubs_that_publish_and_nothing_of_the_others(client, public_north):
    response = client.get(FACE)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="/clubs/avon/results/"' in html
    # Brook does not publish: neither its name, nor its address, nor its night.
    for brook in ("Brook", "/clubs/brook/", "Night 2026-11-03"):
        assert brook not in html
    # Lonely is not a member; Avon's own night is not the federation's.
    assert "Lonely" not in html and "Night 2026-11-02" not in html


def test_a_championship_hosted_by_a_club_that_does_not_publish_is_listed_without_its_host(
    client, public_north
):
    championships._championship(public_north, host="brook", name="Brook Cup", date=datetime.date(2027, 2, 1))
    html = client.get(FACE).content.decode()
    assert "Brook Cup" in html and "Brook" not in html.replace("Brook Cup", "")
    assert "at <bdi>Avon</bdi>" in html  # a host that publishes is named
    # Nor on the results page of a member club that publishes, but to that club's members.
    results = client.get("/clubs/avon/results/").content.decode()
    assert "Brook Cup" in results and "Brook" not in results.replace("Brook Cup", "")
    mia = UserFactory(username="mia")
    Membership.objects.create(club=Club.objects.get(slug="avon"), user=mia, role="member")
    assert "at <bdi>Brook</bdi>" in _signed_in(mia).get("/clubs/avon/results/").content.decode()


def test_the_face_lists_the_championships_coming_and_finished_with_their_standings(client, public_north):
    finished, coming = Event.objects.get(name=OPEN), Event.objects.get(name=COMING)
    html = client.get(FACE).content.decode()
    coming_list = html.split('id="championships-coming"')[1].split("</ul>")[0]
    finished_list = html.split('id="championships-finished"')[1].split("</ul>")[0]
    assert COMING in coming_list and "Jan. 10, 2027" in coming_list and "at <bdi>Avon</bdi>" in coming_list
    assert reverse("tournaments:event_standings", args=[coming.pk]) not in html  # nothing to show yet
    assert OPEN in finished_list and "Dec. 1, 2026" in finished_list
    assert f'href="{reverse("tournaments:event_standings", args=[finished.pk])}"' in finished_list


def test_the_face_shows_the_top_of_the_ranking_without_the_peoples_clubs(client, public_north):
    html = client.get(FACE).content.decode()
    rows = _page_rows(html, "federation-ranking")
    heads, lines = rows[0], rows[1:]
    assert "Clubs" not in heads
    assert {line[1] for line in lines} == RATED
    # One or two games each: every one provisional, in order of rating, each place marked P,
    # and the page says why no one is ranked yet.
    assert [line[0] for line in lines] == [f"{place} P" for place in range(1, 7)]
    assert 'id="nobody-ranked"' in html
    assert 'href="/federations/north/ranking/?variant=classic"' in html


def test_a_visitor_opens_the_finished_championships_standings_and_the_ranking(client, public_north):
    standings = client.get(reverse("tournaments:event_standings", args=[Event.objects.get(name=OPEN).pk]))
    assert standings.status_code == 200
    names = {row[1] for row in _page_rows(standings.content.decode(), "standings")[1:]}
    assert names == {"Al", "Pia", "Bix", "Bo"}
    # The way back is the federation's page, not the host's results.
    assert f'<p class="crumbs"><a href="{FACE}"><bdi>North</bdi></a>' in standings.content.decode()
    ranking = client.get("/federations/north/ranking/")
    assert ranking.status_code == 200
    assert f'<a href="{FACE}"><bdi>North</bdi></a>' in ranking.content.decode()


def test_no_door_of_a_public_championship_names_a_club_that_does_not_publish(client, public_north):
    """Bix of Brook plays North Open: the federation shows his name, not Brook's, which does not
    publish: the standings, their downloads, his night and the ranking's, until Brook publishes."""
    event, bix = Event.objects.get(name=OPEN), Player.objects.get(club__slug="brook", name="Bix")
    standings = reverse("tournaments:event_standings", args=[event.pk])
    doors = [
        standings,
        f"{standings}?_export=csv",
        f"{standings}?_export=xlsx",
        reverse("tournaments:event_player", args=[event.pk, bix.pk]),
        "/federations/north/ranking/",
        "/federations/north/ranking/?_export=csv",
        "/federations/north/ranking/?_export=xlsx",
    ]

    def read(url: str) -> str:
        content = client.get(url).content
        return str(_xlsx_rows(content)) if url.endswith("xlsx") else untokened(content.decode("utf-8-sig"))

    for url in doors:
        assert "Bix" in read(url) and "Brook" not in read(url), url
    Club.objects.filter(slug="brook").update(results_public=True)
    assert [url for url in doors if "Brook" in read(url)] == doors[4:]  # the ranking names clubs


def test_a_member_club_that_stops_publishing_or_leaves_is_no_longer_listed(client, public_north):
    place = FederationClub.objects.get(federation=public_north, club__slug="avon")
    FederationClub.objects.filter(pk=place.pk).update(left_on="2026-12-20")
    assert "/clubs/avon/results/" not in client.get(FACE).content.decode()
    FederationClub.objects.filter(pk=place.pk).update(left_on=None)
    Club.objects.filter(pk=place.club_id).update(results_public=False)
    html = client.get(FACE).content.decode()
    assert "/clubs/avon/results/" not in html
    assert "No member club publishes its results yet." in html


@pytest.mark.parametrize(
    "url",
    [FACE, f"{FACE}?view=public", "/federations/north/ranking/", "standings"],
)
def test_while_the_ranking_is_private_a_visitor_is_sent_to_log_in(client, public_north, url):
    _private()
    if url == "standings":
        url = reverse("tournaments:event_standings", args=[Event.objects.get(name=OPEN).pk])
    response = client.get(url)
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/?next=")
    assert response.content == b""
    html = client.get("/").content.decode()
    assert "North" not in html and FACE not in html


def test_while_private_a_signed_in_member_of_a_member_club_is_not_found(public_north):
    _private()
    director = UserFactory(username="dora")
    Membership.objects.create(
        club=public_north.clubs.get(club__slug="avon").club, user=director, role="director"
    )
    assert _signed_in(director).get(FACE).status_code == 404


def test_a_signed_in_member_sees_the_face_while_the_ranking_is_public(public_north):
    member = UserFactory(username="mia")
    Membership.objects.create(club=public_north.clubs.get(club__slug="avon").club, user=member, role="member")
    html = _signed_in(member).get(FACE).content.decode()
    assert 'id="front-clubs"' in html and "Brook" not in html


def test_an_officer_keeps_the_officers_page_and_opens_the_public_face_from_it(public_north):
    olga = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=public_north, user=olga)
    officer = _signed_in(olga)
    page = officer.get(FACE).content.decode()
    assert 'id="federation-invite"' in page  # the officers' page, at the same address
    assert 'href="/federations/north/?view=public"' in page
    face = officer.get(FACE, {"view": "public"}).content.decode()
    assert 'id="front-clubs"' in face and 'id="federation-invite"' not in face
    assert "Brook" not in face  # the officer sees what a visitor sees
    # While private, the officer previews it, told that visitors do not see it yet.
    _private()
    face = officer.get(FACE, {"view": "public"}).content.decode()
    assert 'id="front-private"' in face and 'id="front-clubs"' in face


def test_the_page_to_create_a_federation_keeps_its_address(public_north):
    page = _signed_in(UserFactory(username="nina")).get("/federations/new/")
    assert page.status_code == 200
    assert 'name="slug"' in page.content.decode()


def _clubs_by_person(response) -> dict[str, str]:
    rows = _page_rows(response.content.decode(), "federation-ranking")
    at = rows[0].index("Clubs")
    return {row[1]: row[at] for row in rows[1:]}


def test_the_whole_ranking_names_only_the_clubs_that_publish_but_to_their_members(public_north):
    # Pia plays at Avon (publishes) and Brook (does not); Bo at Brook alone.
    visitor = Client()
    clubs = _clubs_by_person(visitor.get("/federations/north/ranking/"))
    assert (clubs["Pia"], clubs["Bo"]) == ("Avon", "")
    download = visitor.get("/federations/north/ranking/", {"_export": "csv"}).content.decode("utf-8-sig")
    assert "Brook" not in download and "Avon" in download
    api = visitor.get("/api/v1/federations/north/ranking/").json()["results"]
    assert {line["person"]["name"]: line["person"]["clubs"] for line in api}["Pia"] == ["Avon"]
    pia = Person.objects.get(federation=public_north, name="Pia")
    person_page = visitor.get(f"/federations/north/people/{pia.pk}/").content.decode()
    assert "<li><bdi>Avon</bdi></li>" in person_page and "Brook" not in person_page
    # A member of Brook and the federation's officers see Brook named.
    mia, olga = UserFactory(username="mia"), UserFactory(username="olga")
    Membership.objects.create(club=Club.objects.get(slug="brook"), user=mia, role="member")
    FederationOfficer.objects.create(federation=public_north, user=olga)
    for user in (mia, olga):
        clubs = _clubs_by_person(_signed_in(user).get("/federations/north/ranking/"))
        assert (clubs["Pia"], clubs["Bo"]) == ("Avon, Brook", "Brook"), user


def test_a_club_that_does_not_publish_is_not_named_for_a_publishing_club_of_the_same_name(public_north):
    # A new member club that publishes, named as Brook is: Bo's line still names no club.
    other = Club.objects.create(name="Brook", slug="brook-two", results_public=True)
    FederationClub.objects.create(federation=public_north, club=other, joined_on=datetime.date(2026, 11, 1))
    clubs = _clubs_by_person(Client().get("/federations/north/ranking/"))
    assert (clubs["Pia"], clubs["Bo"]) == ("Avon", "")
