"""Bad input to the championship pages and API is refused with a 400 (or the page's message) and
nothing is created or entered. The federation is `north` of
tests/tournaments/services/test_championships.py."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club, FederationClub, FederationOfficer, Membership, Player
from tests.support import cast
from tests.support.championships import _championship, _entrants, _player, north  # noqa: F401
from tests.support.factories import PlayerFactory, UserFactory
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def officer(north):  # noqa: F811
    user = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=user)
    return user


def _web(user):
    c = Client()
    c.force_login(user)
    return c


def _api(user):
    c = APIClient()
    c.force_authenticate(user)
    return c


BASE = {
    "name": "North Open",
    "date": "2026-12-01",
    "variant": "classic",
    "format": "individual",
    "hands_per_round": "1",
    "confirmation_required": "on",
    "keep_clubs_apart": "on",
    "ranked": "on",
}


@pytest.mark.parametrize(
    "change",
    [
        {"name": ""},
        {"name": "   "},
        {"name": "\u200b\u200b"},
        {"name": "\u202eevil"},
        {"variant": "nope"},
        {"hands_per_round": "0"},
        {"hands_per_round": "-3"},
        {"hands_per_round": "99999999999"},
        {"minutes_per_round": "99999999999"},
        {"date": "2026-13-45"},
        {"date": ""},
        {"format": "bogus"},
        {"host": "999999"},
        {"host": "abc"},
    ],
)
def test_new_championship_page_refuses_bad_input_with_400(officer, north, change):  # noqa: F811
    data = {**BASE, "host": Club.objects.get(slug="avon").pk, **change}
    answer = _web(officer).post(reverse("tournaments:championship_create", args=["north"]), data)
    assert answer.status_code == 400, (change, answer.status_code)
    assert not Event.objects.filter(federation__isnull=False).exists()


@pytest.mark.parametrize(
    "change",
    [
        {"name": ""},
        {"name": "\u200b\u200b"},
        {"variant": "nope"},
        {"hands_per_round": 0},
        {"hands_per_round": 10**9},
        {"minutes_per_round": 10**9},
        {"warning_minutes": -1},
        {"date": "2026-02-30"},
        {"host": "lonely"},
        {"host": ""},
        {"host": "../avon"},
        {"format": "bogus"},
        {"table_shape": "3+3"},
        {"ranked": "maybe"},
    ],
)
def test_new_championship_api_refuses_bad_input_with_400(officer, north, change):  # noqa: F811
    body = {"host": "avon", "name": "North Open", "date": "2026-12-01", "variant": "classic", **change}
    answer = _api(officer).post("/api/v1/federations/north/championships/", body, format="json")
    if change == {"table_shape": "3+3"}:  # unknown field ignored: fine
        return
    assert answer.status_code == 400, (change, answer.status_code, answer.content[:300])
    assert not Event.objects.filter(federation__isnull=False).exists()


def test_new_championship_page_with_a_host_that_left_meanwhile(officer, north):  # noqa: F811
    """The form was opened while Avon was a member; it leaves before the officer presses Create."""
    data = {**BASE, "host": Club.objects.get(slug="avon").pk}
    FederationClub.objects.filter(club__slug="avon").update(left_on="2026-11-20")
    answer = _web(officer).post(reverse("tournaments:championship_create", args=["north"]), data)
    assert answer.status_code == 400 and not Event.objects.filter(federation__isnull=False).exists()


@pytest.mark.parametrize(
    "body",
    [
        {"ranking": "clubs", "top": 0},
        {"ranking": "clubs", "top": -1},
        {"ranking": "clubs", "top": 10**9},
        {"ranking": "clubs", "top": "abc"},
        {"ranking": "clubs", "top": 2.5},
        {"ranking": "nope", "top": 2},
        {"ranking": "clubs", "top": 2, "from": "2026-12-01", "to": "2026-11-01"},
        {"ranking": "clubs", "top": 2, "from": "yesterday"},
        {"ranking": "clubs", "top": 2, "to": "2026-02-30"},
        {"ranking": ["clubs"], "top": 2},
        {},
    ],
)
def test_qualify_api_refuses_bad_input(officer, north, body):  # noqa: F811
    event = _championship(north)
    answer = _api(officer).post(f"/api/v1/events/{event.pk}/qualify/", body, format="json")
    assert answer.status_code == 400, (body, answer.status_code)
    assert event.participants.count() == 0


@pytest.mark.parametrize(
    "data",
    [
        {"source": "clubs", "top": "0"},
        {"source": "clubs", "top": "abc"},
        {"source": "clubs", "top": str(10**9)},
        {"source": "x", "top": "2"},
        {"source": "clubs", "top": "2", "start": "2026-12-01", "end": "2026-11-01"},
        {"source": "clubs", "top": "2", "start": "2026-99-01"},
    ],
)
def test_qualify_page_refuses_bad_input(officer, north, data):  # noqa: F811
    event = _championship(north)
    answer = _web(officer).post(
        reverse("tournaments:championship_qualify", args=[event.pk]), data, follow=True
    )
    assert answer.status_code == 200
    assert event.participants.count() == 0


def test_qualify_on_a_pair_championship_is_refused(officer, north):  # noqa: F811
    event = _championship(north, format=Event.Format.SWISS)
    answer = _api(officer).post(
        f"/api/v1/events/{event.pk}/qualify/", {"ranking": "clubs", "top": 2}, format="json"
    )
    assert answer.status_code == 400


def _brook_director():
    return cast.member(Club.objects.get(slug="brook"), "bree", Membership.Role.DIRECTOR)


def test_entries_api_inactive_and_guest_players(north):  # noqa: F811
    event = _championship(north)
    bo, bea = _player("brook", "Bo"), _player("brook", "Bea")
    Player.objects.filter(pk=bo.pk).update(active=False)
    Player.objects.filter(pk=bea.pk).update(guest=True)
    api = _api(_brook_director())
    answer = api.post(
        f"/api/v1/clubs/brook/championships/{event.pk}/entries/", {"players": [bo.pk]}, format="json"
    )
    # The page does not offer an inactive player, nor does the late-player API; nor the entries API.
    assert answer.status_code == 400, (answer.status_code, answer.json())


def test_entries_api_same_player_twice(north):  # noqa: F811
    event = _championship(north)
    bix = _player("brook", "Bix")
    api = _api(_brook_director())
    answer = api.post(
        f"/api/v1/clubs/brook/championships/{event.pk}/entries/", {"players": [bix.pk, bix.pk]}, format="json"
    )
    print(answer.status_code, answer.json())
    assert answer.status_code in (201, 400)


def test_entries_api_pair_with_the_same_player_twice(north):  # noqa: F811
    event = _championship(north, format=Event.Format.SWISS)
    bix = _player("brook", "Bix")
    api = _api(_brook_director())
    answer = api.post(
        f"/api/v1/clubs/brook/championships/{event.pk}/entries/", {"pairs": [[bix.pk, bix.pk]]}, format="json"
    )
    assert answer.status_code == 400, answer.status_code
    assert event.pairs.count() == 0 and event.participants.count() == 0


def test_entries_api_players_to_a_pair_championship_and_pairs_to_individual(north):  # noqa: F811
    api = _api(_brook_director())
    pair_event = _championship(north, format=Event.Format.SWISS)
    solo_event = _championship(north, name="Solo")
    bix, bud = _player("brook", "Bix"), _player("brook", "Bud")
    a = api.post(
        f"/api/v1/clubs/brook/championships/{pair_event.pk}/entries/", {"players": [bix.pk]}, format="json"
    )
    b = api.post(
        f"/api/v1/clubs/brook/championships/{solo_event.pk}/entries/",
        {"pairs": [[bix.pk, bud.pk]]},
        format="json",
    )
    c = api.post(
        f"/api/v1/clubs/brook/championships/{solo_event.pk}/entries/", {"players": "x"}, format="json"
    )
    d = api.post(
        f"/api/v1/clubs/brook/championships/{solo_event.pk}/entries/", {"pairs": [[bix.pk]]}, format="json"
    )
    e = api.post(f"/api/v1/clubs/brook/championships/{solo_event.pk}/entries/", [1, 2], format="json")
    assert [x.status_code for x in (a, b, c, d, e)] == [400] * 5


def test_entries_page_pairs_text(north):  # noqa: F811
    event = _championship(north, format=Event.Format.SWISS)
    web = _web(_brook_director())
    url = reverse("tournaments:championship_entries", args=["brook", event.pk])
    for text in ("bix & BUD\nBea", "Bix & Bix", "Bix & Al", "Bix &", "&", "Bix, Bud", "Bix & Bud & Bea"):
        answer = web.post(url, {"pairs": text})
        assert answer.status_code == 400, (text, answer.status_code)
        assert event.pairs.count() == 0, text
    answer = web.post(url, {"pairs": "bix & BUD"}, follow=True)
    assert event.pairs.count() == 1


def test_entries_page_pairs_text_with_names_differing_only_by_case(north):  # noqa: F811
    """Brook has 'Bix' and 'bix' (the roster's names are unique as typed, not by case)."""
    event = _championship(north, format=Event.Format.SWISS)
    real_bix = _player("brook", "Bix")
    other = PlayerFactory(club=real_bix.club, name="bix")
    Player.objects.filter(pk=other.pk).update(person=_player("brook", "Bea").person)  # any person
    web = _web(_brook_director())
    url = reverse("tournaments:championship_entries", args=["brook", event.pk])
    web.post(url, {"pairs": "Bix & Bud"})
    names = sorted(event.participants.values_list("player__name", flat=True))
    assert names == ["Bix", "Bud"], names


def test_entries_page_accents(north):  # noqa: F811
    event = _championship(north, format=Event.Format.SWISS)
    brook = Club.objects.get(slug="brook")
    zoe = PlayerFactory(club=brook, name="Zoë")
    Player.objects.filter(pk=zoe.pk).update(person=_player("brook", "Pia").person)
    web = _web(_brook_director())
    url = reverse("tournaments:championship_entries", args=["brook", event.pk])
    answer = web.post(url, {"pairs": "Zoe & Bud"})
    print(answer.status_code)
    answer = web.post(url, {"pairs": "Zoë & Bud"})
    assert answer.status_code == 302


def test_entries_page_post_after_finish_and_for_withdrawn(north, django_capture_on_commit_callbacks):  # noqa: F811
    event = _championship(north)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    web = _web(_brook_director())
    url = reverse("tournaments:championship_entries", args=["brook", event.pk])
    assert web.post(url, {"players": [_player("brook", "Bix").pk]}).status_code == 404
    assert event.participants.count() == 0
