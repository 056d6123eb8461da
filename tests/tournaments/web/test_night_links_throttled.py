"""The door's check-in page and the personal links count wrong tries per network address: a link
this site did not sign, a name not on the club's roster picked at the door. Past the limit,
every night link from that address answers 429 saying why, the right ones too; another
address is not held up."""

from __future__ import annotations

import datetime
import html

import pytest
from django.test import Client, override_settings

from clubs.models import Player
from tournaments import selectors, services
from tournaments.models import CheckIn

pytestmark = pytest.mark.django_db

LIMIT = 3
TOO_MANY = (
    "Too many wrong links from this network: wait a few minutes, then scan the door's QR code "
    "again or open the link the director sent."
)


def _text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def links(club, players) -> tuple[str, str]:
    """Tonight's door and Player 01's personal link."""
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    return (
        f"/n/{selectors.night_door_token(night=night)}/",
        f"/r/{selectors.player_reply_token(player=players[0])}/",
    )


def _forged(link: str) -> str:
    """`link` with its signature's first character changed: the shape of a token, not signed."""
    kind, token = link.strip("/").split("/")
    ident, signature = token.split(":")
    return f"/{kind}/{ident}:{'B' if signature[0] == 'A' else 'A'}{signature[1:]}/"


@override_settings(NIGHT_LINK_WRONG_PER_ADDRESS=LIMIT)
def test_the_fourth_wrong_try_from_one_address_is_refused_with_429(links, mallory):
    door, personal = links
    stranger = Player.objects.create(club=mallory.memberships.get().club, name="Stranger")
    phone = Client()
    assert phone.get(door).status_code == 200 and phone.get(personal).status_code == 200

    wrong_door = phone.get(_forged(door))
    assert wrong_door.status_code == 404
    assert "This link opens nothing: check it against the one the director sent" in _text(wrong_door)
    assert phone.get(_forged(personal)).status_code == 404
    foreign = phone.post(door, {"player": stranger.pk})  # another club's player, picked at the door
    assert foreign.status_code == 404
    assert "That name is not on the club's roster" in _text(foreign)
    assert not CheckIn.objects.exists()

    for link in (_forged(door), door, personal):  # the fourth try and after: right or wrong
        refused = phone.get(link)
        assert refused.status_code == 429, link
        assert TOO_MANY in _text(refused)
    assert phone.post(door, {"player": stranger.pk}).status_code == 429
    assert phone.get(door, REMOTE_ADDR="203.0.113.9").status_code == 200


@override_settings(NIGHT_LINK_WRONG_PER_ADDRESS=LIMIT)
def test_right_links_and_names_count_nothing(links, players):
    door, personal = links
    phone = Client()
    for player in players[: LIMIT + 2]:
        response = phone.post(door, {"player": player.pk}, follow=True)
        assert f"Welcome, {player.name}: you are checked in." in _text(response)
    for _time in range(LIMIT + 2):
        assert phone.get(personal).status_code == 200
    assert CheckIn.objects.count() == LIMIT + 2
