"""A member's account linked to their roster player, by the pages: the member says on a night's
page which player they are; the director sees it on the Members page and confirms it; the
member then replies as that player. A director links or unlinks an account from the Members
page too, one player an account in a club; a player linked to another account is refused,
naming it."""

from __future__ import annotations

import datetime
import html
import re

import pytest
from django.test import Client

from clubs.models import Player, PlayerClaim
from tournaments import selectors, services
from tournaments.models import NightReply

pytestmark = pytest.mark.django_db


def _signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _text(response) -> str:
    return html.unescape(response.content.decode())


def _member_row(page: str, membership) -> str:
    return re.search(rf'<tr id="member-{membership.pk}">(.*?)</tr>', page, flags=re.S).group(1)


@pytest.fixture
def night(club):
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club) + datetime.timedelta(days=3),
            start_time=datetime.time(19, 30),
            variant="classic",
        ),
    )
    return night


def test_a_member_says_who_they_are_the_director_confirms_and_they_reply_as_that_player(
    club, alice, bob, players, night
):
    member = _signed_in(bob)
    page = _text(member.get(f"/nights/{night.pk}/"))
    assert 'id="player-claim"' in page and 'name="answer"' not in page
    asked = member.post(
        f"/clubs/{club.slug}/players/claim/",
        {"player": players[4].pk, "next": f"/nights/{night.pk}/"},
        follow=True,
    )
    assert asked.redirect_chain[-1][0] == f"/nights/{night.pk}/"
    page = _text(asked)
    assert "Asked: a director of the club will confirm that you are Player 05." in page
    assert "You said you are <bdi>Player 05</bdi>: a director of the club will link your account" in page

    director = _signed_in(alice)
    bobs = club.memberships.get(user=bob)
    row = _member_row(_text(director.get(f"/clubs/{club.slug}/members/")), bobs)
    assert "Says they are <bdi>Player 05</bdi>." in row
    chosen = re.search(r'<option value="(\d+)" selected>', row).group(1)  # the claim, preselected
    assert chosen == str(players[4].pk) and ">Confirm</button>" in row
    done = _text(
        director.post(f"/clubs/{club.slug}/members/{bobs.pk}/player/", {"player": chosen}, follow=True)
    )
    assert "bob's account is linked to Player 05: they reply and check in as that player." in done
    assert "Says they are" not in _member_row(done, bobs)
    assert not PlayerClaim.objects.exists()

    member.post(f"/nights/{night.pk}/reply/", {"answer": "coming"})
    assert NightReply.objects.get(night=night).player == players[4]
    page = _text(member.get(f"/nights/{night.pk}/"))
    assert 'id="player-claim"' not in page and 'aria-pressed="true">Coming' in page


def test_a_director_links_one_player_an_account_and_refuses_one_linked_to_another(
    club, alice, bob, sam, players
):
    director = _signed_in(alice)
    bobs, sams = club.memberships.get(user=bob), club.memberships.get(user=sam)
    members_url = f"/clubs/{club.slug}/members/"
    director.post(f"{members_url}{bobs.pk}/player/", {"player": players[4].pk})
    assert Player.objects.get(pk=players[4].pk).user == bob

    refused = _text(director.post(f"{members_url}{sams.pk}/player/", {"player": players[4].pk}))
    assert "Player 05 is linked to bob's account: link that account to no player first." in refused
    assert Player.objects.get(pk=players[4].pk).user == bob

    # Sam, a member, cannot claim a player linked to another account either.
    claim = _text(
        _signed_in(sam).post(f"/clubs/{club.slug}/players/claim/", {"player": players[4].pk}, follow=True)
    )
    assert "Player 05 is linked to another account: ask a director." in claim

    director.post(f"{members_url}{bobs.pk}/player/", {"player": players[5].pk})  # moved: one a club
    assert list(club.players.filter(user=bob)) == [players[5]]
    director.post(f"{members_url}{bobs.pk}/player/", {"player": ""})
    assert not club.players.filter(user=bob).exists()


def test_another_clubs_director_links_nothing(club, bob, mallory, players):
    bobs = club.memberships.get(user=bob)
    response = _signed_in(mallory).post(
        f"/clubs/{club.slug}/members/{bobs.pk}/player/", {"player": players[0].pk}
    )
    assert response.status_code == 404
    assert not club.players.filter(user=bob).exists()


def test_the_link_is_on_the_clubs_audit_page_as_the_directors(club, alice, bob, players):
    director = _signed_in(alice)
    bobs = club.memberships.get(user=bob)
    director.post(f"/clubs/{club.slug}/members/{bobs.pk}/player/", {"player": players[4].pk})
    page = _text(director.get(f"/clubs/{club.slug}/audit/"))
    line = next(
        row for row in re.findall(r"<tr[^>]*>(.*?)</tr>", page, flags=re.S) if "user: None → bob" in row
    )
    assert "alice" in line and "Player 05" in line and "account linked" in line


def test_a_director_who_plays_for_no_player_finds_the_nights_work_first(club, alice, players, night):
    page = _text(_signed_in(alice).get(f"/nights/{night.pk}/"))
    order = [page.index(f'id="{card}"') for card in ("replies", "night-tools", "check-in", "my-reply")]
    assert order == sorted(order), order
    # Linked to a player, the director's own reply comes first, as every member's does.
    membership = club.memberships.get(user=alice)
    _signed_in(alice).post(f"/clubs/{club.slug}/members/{membership.pk}/player/", {"player": players[0].pk})
    page = _text(_signed_in(alice).get(f"/nights/{night.pk}/"))
    assert page.index('id="my-reply"') < page.index('id="replies"')
    assert page.count('id="my-reply"') == 1


def test_a_member_reads_their_reply_and_that_they_are_checked_in(club, alice, bob, players):
    (tonight,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    bobs = club.memberships.get(user=bob)
    _signed_in(alice).post(f"/clubs/{club.slug}/members/{bobs.pk}/player/", {"player": players[2].pk})
    member = _signed_in(bob)
    page = _text(member.get(f"/nights/{tonight.pk}/"))
    assert 'id="my-answer"' not in page and 'id="me-checked-in"' not in page
    member.post(f"/nights/{tonight.pk}/reply/", {"answer": "partner"})
    page = _text(member.get(f"/nights/{tonight.pk}/"))
    assert "Your reply: <strong>Looking for a partner</strong>" in page and 'id="me-checked-in"' not in page
    door = f"/n/{selectors.night_door_token(night=tonight)}/"
    member.post(door, {"player": players[2].pk})
    assert "You are checked in for this night." in _text(member.get(f"/nights/{tonight.pk}/"))
