"""A championship's pages name each player as the viewer sees them (clubs/viewer.py): a player
who asked for initials is "B. L." to everyone but the members of their own club, on the event
page, the round's cards and sheet, the hall board, the standings and their downloads, and the
API, as on the federation's ranking. A club's own event is unchanged for its members.

The federation is that of tests/tournaments/services/test_championships.py: Avon and Brook are
members of North. Brook's Bix is renamed Bixente Lizarazu here and asked for initials; the
championship is held at Avon, its entrants Al and Pia of Avon, Bixente and Bo of Brook, one
table of four, one hand played.
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import Club, FederationOfficer, Membership, Player
from tests.support import cast
from tests.support.championships import _championship, _player, north  # noqa: F401
from tests.support.factories import UserFactory
from tournaments import services
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db

FULL = "Bixente Lizarazu"
INITIALS = "B. L."


def _client(user):
    client = Client()
    client.force_login(user)
    return client


def _member(slug, username, role=Membership.Role.MEMBER):
    return cast.member(Club.objects.get(slug=slug), username, role)


@pytest.fixture
def seated(north, django_capture_on_commit_callbacks):  # noqa: F811
    """The championship with its first round seated, no hand played yet."""
    Player.objects.filter(club__slug="brook", name="Bix").update(name=FULL, public_initials=True)
    event = _championship(north, hands_per_round=1)
    services.championship_enter(
        event=event,
        players=[
            _player(slug, name)
            for slug, name in (("avon", "Al"), ("avon", "Pia"), ("brook", FULL), ("brook", "Bo"))
        ],
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    return event


@pytest.fixture
def championship(seated, django_capture_on_commit_callbacks):
    """The championship with its one hand played and confirmed."""
    event = seated
    game = Game.objects.get(table__round__event=event)
    sides = sorted({seat.side for seat in game.table.seats.all()})
    entries = {side: {"total": 500 if n == 0 else 100} for n, side in enumerate(sides)}
    with django_capture_on_commit_callbacks(execute=True):
        asked = services.HandInput(number=1, entries=entries, entered_by_side=sides[0])
        hand = services.hand_record(game=game, asked=asked)
        services.hand_confirm(hand=hand, side=sides[1], as_director=True)
    return event


def _shows_initials(text):
    return INITIALS in text and FULL not in text


def test_a_brook_player_who_chose_initials_is_shown_by_initials_to_avon_members_and_officers(
    north,  # noqa: F811
    championship,
):
    url = reverse("tournaments:event_detail", args=[championship.pk])
    avon_member = _client(_member("avon", "max"))
    officer = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=officer)
    # The federation's ranking shows him as "B. L." to them; the championship's page does too.
    assert _shows_initials(avon_member.get(url).content.decode())
    assert _shows_initials(_client(officer).get(url).content.decode())
    # Brook's own members know him: his name in full.
    assert FULL in _client(_member("brook", "bea")).get(url).content.decode()


def test_the_host_directors_action_forms_name_him_as_the_page_does(seated):
    answer = _client(_member("avon", "dee", Membership.Role.DIRECTOR)).get(
        reverse("tournaments:event_detail", args=[seated.pk])
    )
    text = answer.content.decode()
    assert _shows_initials(text)
    # The withdraw button's question and the swap choices identify him by the same initials.
    assert "Withdraw \u2068B. L.\u2069 from the event?" in text
    bix = _player("brook", FULL)
    assert f'<option value="{bix.pk}">\u2068B. L.\u2069 (table 1)</option>' in text


def test_the_rounds_cards_and_seating_sheet_show_his_initials_to_the_host_director(championship):
    director = _client(_member("avon", "dee", Membership.Role.DIRECTOR))
    cards = director.get(reverse("tournaments:round_cards", args=[championship.pk, 1]))
    sheet = director.get(reverse("tournaments:round_sheet", args=[championship.pk, 1]))
    assert cards.status_code == sheet.status_code == 200
    assert _shows_initials(cards.content.decode())
    assert _shows_initials(sheet.content.decode())


def test_the_hall_board_shows_his_initials_to_avon_and_his_name_to_brook(north, championship):  # noqa: F811
    board = reverse("tournaments:round_board", args=[championship.pk])
    live = reverse("tournaments:board_live", args=[championship.pk])
    avon_member = _client(_member("avon", "max"))
    brook_member = _client(_member("brook", "bea"))
    assert _shows_initials(avon_member.get(board).content.decode())
    assert _shows_initials(avon_member.get(live).content.decode())
    assert FULL in brook_member.get(live).content.decode()
    # Neither Brook's member nor the officer is a member of the host club, yet they see him
    # differently: the screen of one never keeps the other's names on the live part's tag.
    user = UserFactory(username="olga")
    FederationOfficer.objects.create(federation=north, user=user)
    officer_tag = _client(user).get(live)["ETag"]
    again = brook_member.get(live, headers={"If-None-Match": officer_tag})
    assert again.status_code == 200 and FULL in again.content.decode()


def test_the_standings_and_their_downloads_show_his_initials_to_avon(championship):
    url = reverse("tournaments:event_standings", args=[championship.pk])
    avon_member = _client(_member("avon", "max"))
    assert _shows_initials(avon_member.get(url).content.decode())
    standings_csv = avon_member.get(url, {"_export": "csv"})
    assert standings_csv["Content-Type"].startswith("text/csv")
    assert _shows_initials(standings_csv.content.decode("utf-8-sig"))
    rounds_csv = avon_member.get(url, {"table": "rounds", "_export": "csv"})
    assert _shows_initials(rounds_csv.content.decode("utf-8-sig"))
    assert FULL in _client(_member("brook", "bea")).get(url, {"_export": "csv"}).content.decode("utf-8-sig")


def test_his_night_in_the_event_is_headed_by_his_initials(championship):
    bix = _player("brook", FULL)
    url = reverse("tournaments:event_player", args=[championship.pk, bix.pk])
    assert _shows_initials(_client(_member("avon", "max")).get(url).content.decode())


def test_the_api_gives_his_initials_to_avon(championship):
    api = APIClient()
    api.force_authenticate(_member("avon", "max"))
    standings = api.get(f"/api/v1/events/{championship.pk}/standings/")
    assert standings.status_code == 200
    names = [player["name"] for row in standings.json() for player in row["players"]]
    assert INITIALS in names and FULL not in names
    game = Game.objects.get(table__round__event=championship)
    seats = api.get(f"/api/v1/games/{game.pk}/")
    assert seats.status_code == 200
    assert {seat["player_name"] for seat in seats.json()["seats"]} == {"Al", "Pia", INITIALS, "Bo"}


def test_the_table_page_names_him_by_the_viewer_by_account_and_in_full_by_its_link(championship):
    game = Game.objects.get(table__round__event=championship)
    by_account = _client(_member("avon", "max")).get(reverse("tournaments:game_detail", args=[game.pk]))
    assert by_account.status_code == 200
    assert _shows_initials(by_account.content.decode())
    # The table's own link: the players seated there, who tell one another apart by name.
    by_link = Client().get(reverse("tournaments:link_detail", args=[game.table.access_token]))
    assert FULL in by_link.content.decode()


def test_a_clubs_own_night_still_names_him_in_full_to_its_members(north, championship):  # noqa: F811
    night = Event.objects.get(club__slug="brook", federation__isnull=True)
    director = _client(_member("brook", "dan", Membership.Role.DIRECTOR))
    member = _client(_member("brook", "bea"))
    for client, url in (
        (director, reverse("tournaments:event_detail", args=[night.pk])),
        (director, reverse("tournaments:round_cards", args=[night.pk, 1])),
        (director, reverse("tournaments:round_sheet", args=[night.pk, 1])),
        (member, reverse("tournaments:event_standings", args=[night.pk])),
        (member, reverse("tournaments:board_live", args=[night.pk])),
    ):
        answer = client.get(url)
        assert answer.status_code == 200, url
        assert FULL in answer.content.decode() and INITIALS not in answer.content.decode(), url


def test_a_search_by_his_full_name_finds_him_only_for_his_clubs_members(championship):
    """Searching the standings for "Bixente" would tell an Avon member who "B. L." is: it finds
    nothing for them, and finds him for Brook's members; his initials find him for anyone."""
    url = reverse("tournaments:event_standings", args=[championship.pk])
    avon_member = _client(_member("avon", "max"))
    brook_member = _client(_member("brook", "bea"))
    found_by_avon = avon_member.get(url, {"player": "Bixente", "_export": "csv"}).content.decode("utf-8-sig")
    found_by_brook = brook_member.get(url, {"player": "Bixente", "_export": "csv"}).content.decode(
        "utf-8-sig"
    )
    assert INITIALS not in found_by_avon and FULL not in found_by_avon
    assert FULL in found_by_brook
    # Al of Avon, who asked for nothing, is found by anyone.
    assert "Al" in avon_member.get(url, {"player": "Al", "_export": "csv"}).content.decode("utf-8-sig")
