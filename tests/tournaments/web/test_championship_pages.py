"""A championship from the pages: an officer creates it at a member club and qualifies its
entrants by the clubs' rankings; a member club's director enters a player; who sees what.

The federation and its two club nights are those of tests/tournaments/services/test_championships.py
(Avon: Al & Ann beat Ada & Abe; Brook: Bud & Bix beat Bo & Bea; Ann has no member number).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, FederationOfficer, Membership
from tests.support import cast
from tests.support.championships import north  # noqa: F401  (the fixture)
from tests.support.factories import UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def _client(user):
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def officer(north):  # noqa: F811
    user = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=user)
    return _client(user)


def _create(officer, north, **fields):  # noqa: F811
    avon = north.clubs.get(club__slug="avon").club
    data = {
        "name": "North Open",
        "date": "2026-12-01",
        "host": avon.pk,
        "variant": "classic",
        "format": Event.Format.INDIVIDUAL,
        "hands_per_round": "1",
        "confirmation_required": "on",
        "keep_clubs_apart": "on",
        "ranked": "on",
        **fields,
    }
    return officer.post(reverse("tournaments:championship_create", args=[north.slug]), data)


def test_an_officer_creates_a_championship_and_qualifies_the_top_two_of_each_club(officer, north):  # noqa: F811
    page = officer.get(reverse("clubs:federation_detail", args=[north.slug]))
    assert reverse("tournaments:championship_create", args=[north.slug]) in page.content.decode()
    answer = _create(officer, north)
    event = Event.objects.get(name="North Open")
    assert answer.status_code == 302 and answer["Location"] == reverse(
        "tournaments:event_detail", args=[event.pk]
    )
    assert event.federation == north and event.club.slug == "avon" and event.keep_clubs_apart
    assert event.kind == Event.Kind.TOURNAMENT and event.confirmation_required

    answer = officer.post(
        reverse("tournaments:championship_qualify", args=[event.pk]),
        {"source": "clubs", "top": "2"},
        follow=True,
    )
    text = answer.content.decode()
    assert "Qualified: Al (Avon), Abe (Avon), Bix (Brook), Bud (Brook)." in text
    assert "Passed over: Ann has no member number of the federation" in text
    assert '<p class="meta" id="entrants-by-club"><bdi>Avon</bdi> 2 · <bdi>Brook</bdi> 2</p>' in text
    # The federation's page lists it.
    assert "North Open" in officer.get(reverse("clubs:federation_detail", args=[north.slug])).content.decode()


def test_a_host_that_is_not_a_member_is_refused_with_the_form_kept(officer, north):  # noqa: F811
    lonely = Club.objects.get(slug="lonely")
    answer = _create(officer, north, host=lonely.pk)
    assert answer.status_code == 400
    assert "Select a valid choice" in answer.content.decode()  # only member clubs are offered
    assert not Event.objects.filter(name="North Open").exists()


def test_a_club_director_enters_a_player_and_sees_only_their_clubs_linked_players(officer, north):  # noqa: F811
    _create(officer, north)
    event = Event.objects.get(name="North Open")
    brook = north.clubs.get(club__slug="brook").club
    director = _client(cast.member(brook, "bree", Membership.Role.DIRECTOR))
    settings = director.get(reverse("clubs:settings", args=[brook.slug])).content.decode()
    entries_url = reverse("tournaments:championship_entries", args=[brook.slug, event.pk])
    assert entries_url in settings
    page = director.get(entries_url).content.decode()
    # Brook's players with a member number, in the club's ranking's order (one game each, so all
    # provisional, listed by rating then name): Bix, Bud, Bea, Bo; Pia has not played at Brook
    # (not in the ranking, last); nobody of Avon.
    order = [
        page.index(f"{name} · no. {place} in the club&#x27;s ranking, provisional")
        for place, name in enumerate(("Bix", "Bud", "Bea", "Bo"), start=1)
    ]
    assert order == sorted(order) and page.index(">\n Pia</label>") > order[-1]
    pia = brook.players.get(name="Pia")
    assert f'value="{pia.pk}"' in page and "Pia · rank" not in page
    for avon_player in north.clubs.get(club__slug="avon").club.players.all():
        assert f'value="{avon_player.pk}"' not in page
    bix = brook.players.get(name="Bix")
    answer = director.post(entries_url, {"players": [bix.pk]}, follow=True)
    assert "Entered: Bix." in answer.content.decode()
    assert list(event.participants.values_list("player__name", flat=True)) == ["Bix"]
    # Once every linked player is in, the page says so instead of an empty list to tick.
    rest = brook.players.filter(person__isnull=False).exclude(pk=bix.pk)
    page = director.post(entries_url, {"players": [p.pk for p in rest]}, follow=True).content.decode()
    assert "Every player of the club with a member number is entered." in page
    assert 'id="championship-entries"' not in page
    # Another club's championship page and entries are not this director's to run.
    avon = north.clubs.get(club__slug="avon").club
    assert (
        director.get(reverse("tournaments:championship_entries", args=[avon.slug, event.pk])).status_code
        == 404
    )
    assert (
        director.post(
            reverse("tournaments:championship_qualify", args=[event.pk]), {"source": "clubs", "top": "2"}
        ).status_code
        == 404
    )


def test_a_club_outside_the_federation_sees_nothing_of_its_championship(officer, north):  # noqa: F811
    _create(officer, north)
    event = Event.objects.get(name="North Open")
    lonely_director = _client(cast.member(Club.objects.get(slug="lonely"), "lou", Membership.Role.DIRECTOR))
    assert lonely_director.get(reverse("tournaments:event_detail", args=[event.pk])).status_code == 404
    assert (
        lonely_director.get(
            reverse("tournaments:championship_entries", args=["lonely", event.pk])
        ).status_code
        == 404
    )
    # An Avon member (not a director) sees the championship of their club's federation.
    avon = north.clubs.get(club__slug="avon").club
    member = _client(cast.member(avon, "max", Membership.Role.MEMBER))
    assert member.get(reverse("tournaments:event_detail", args=[event.pk])).status_code == 200
