"""A ranking from night one: a joining club's earlier games counted from a date the officers chose
and the club's director accepted, and a new federation's first night read as an ordered table.

The `north` federation of tests/support/federation.py: Lonely, outside it, played one night on
Nov 12 (Lu & Lee 800 v Lo & Liv 100). Worked by hand there (OpenSkill's Plackett-Luce, two new
pairs): a first win is a rating of 2.430, a first loss -1.498.
"""

from __future__ import annotations

import datetime
import re

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse

from clubs import services as club_services
from clubs.models import Club, Federation, FederationClub, FederationOfficer, Person, Player
from clubs.names import name_words_key
from tests.support import cast, federation
from tests.support.factories import ClubFactory, PlayerFactory, UserFactory
from tests.support.federation import _night
from tournaments.models import PersonRating

pytestmark = pytest.mark.django_db
north = federation.north
D = datetime.date


def _join_and_link(north, counts_from, capture):
    lonely = Club.objects.get(slug="lonely")
    olga, lena = UserFactory(username="olga"), cast.member(lonely, "lena", "director")
    FederationOfficer.objects.create(federation=north, user=olga)
    with capture(execute=True):
        place = club_services.federation_club_invite(
            federation=north, club_slug="lonely", by=olga, counts_from=counts_from
        )
        club_services.federation_invitation_answer(place=place, accept=True, by=lena)
    with capture(execute=True):
        for player in lonely.players.all():
            asked = club_services.PersonLinkInput(member_number=f"N-LONELY-{player.name.upper()}")
            club_services.person_link(player=player, asked=asked, by=lena)
    return lonely, lena


def _federation_games(name):
    rating = PersonRating.objects.filter(person__member_number=f"N-LONELY-{name.upper()}").first()
    return (0, None) if rating is None else (rating.games, round(rating.ordinal, 3))


def test_a_club_joining_counts_its_games_from_the_date_it_accepted(north, django_capture_on_commit_callbacks):
    _join_and_link(north, D(2026, 11, 1), django_capture_on_commit_callbacks)
    # The Nov 12 night, before the club joined, counts: a first win and a first loss.
    assert _federation_games("Lu") == (1, 2.430)
    assert _federation_games("Lo") == (1, -1.498)


def test_without_an_earlier_date_the_games_before_joining_do_not_count(
    north, django_capture_on_commit_callbacks
):
    _join_and_link(north, None, django_capture_on_commit_callbacks)
    assert _federation_games("Lu") == (0, None)


def test_a_date_after_the_night_counts_nothing_before_it(north, django_capture_on_commit_callbacks):
    _join_and_link(north, D(2026, 11, 13), django_capture_on_commit_callbacks)
    assert _federation_games("Lu") == (0, None)


def test_a_date_after_today_is_refused_by_its_field(north):
    olga = UserFactory(username="olga")
    with pytest.raises(ValidationError) as refused:
        club_services.federation_club_invite(
            federation=north, club_slug="lonely", by=olga, counts_from=D(2099, 1, 1)
        )
    assert "today or an earlier date" in refused.value.message_dict["counts_from"][0]
    assert not FederationClub.objects.filter(club__slug="lonely").exists()


def test_the_officer_asks_for_the_date_and_the_director_sees_it_before_accepting(north):
    lonely = Club.objects.get(slug="lonely")
    olga, lena = UserFactory(username="olga"), cast.member(lonely, "lena", "director")
    FederationOfficer.objects.create(federation=north, user=olga)
    officer, director = Client(), Client()
    officer.force_login(olga)
    director.force_login(lena)
    invite = reverse("clubs:federation_invite", args=["north"])
    officer.post(invite, {"club": "lonely", "counts_from": "2026-11-01"})
    place = FederationClub.objects.get(club=lonely)
    assert place.counts_from == D(2026, 11, 1)
    officers_page = officer.get(reverse("clubs:federation_detail", args=["north"])).content.decode()
    assert "games counted from" in officers_page
    settings = director.get(reverse("clubs:settings", args=["lonely"])).content.decode()
    assert "Accepting also counts the club's ranked nights since" in settings


def test_a_new_federations_first_night_reads_as_an_ordered_table_saying_why_p(
    django_capture_on_commit_callbacks,
):
    new = Federation.objects.create(name="Fresh", slug="fresh")
    club = ClubFactory(name="First", slug="first")
    FederationClub.objects.create(federation=new, club=club, joined_on=D(2026, 12, 1))
    for name in ("Ann", "Bob", "Cat", "Dan"):
        player = PlayerFactory(club=club, name=name)
        person = Person.objects.create(
            federation=new, member_number=f"F-{name.upper()}", name=name, name_words=name_words_key(name)
        )
        Player.objects.filter(pk=player.pk).update(person=person)
    _night(
        club, D(2026, 12, 2), ("Cat", "Dan"), ("Ann", "Bob"), (700, 200), django_capture_on_commit_callbacks
    )
    officer = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=new, user=officer)
    client = Client()
    client.force_login(officer)
    page = client.get(reverse("tournaments:federation_rankings", args=["fresh"])).content.decode()
    assert 'id="nobody-ranked"' in page and "No one is ranked yet" in page
    rows = re.findall(
        r"<tr[^>]*>\s*<td[^>]*>(\d+) <abbr[^>]*title=\"([^\"]+)\"[^>]*>P</abbr>.*?<bdi>(\w+)</bdi>",
        page,
        re.S,
    )
    # Winners first (2.430 each: one place, by name), then the losers (-1.498 each); each marked P.
    assert [(place, name) for place, _title, name in rows] == [
        ("1", "Cat"),
        ("1", "Dan"),
        ("3", "Ann"),
        ("3", "Bob"),
    ]
    assert {title for _place, title, _name in rows} == {
        "Provisional: 1 rated game of the 10 that make a player ranked."
    }
