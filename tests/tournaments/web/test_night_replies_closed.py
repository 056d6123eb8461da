"""Once the night's event has begun (round 1 seated), the personal link and the night's page
stop offering replies and say why, and a reply posted anyway is refused; the event made from
the schedule is named in the language of the director who pressed the button."""

from __future__ import annotations

import datetime
import html

import pytest
from django.conf import settings
from django.test import Client

from tournaments import selectors, services
from tournaments.models import Event, Night, NightReply, Round

pytestmark = pytest.mark.django_db

BEGUN = "The night has begun: round 1 is seated, so replies are closed."


def _tonight(club) -> Night:
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    return night


def _director_begins(client: Client, night: Night, players, capture) -> Event:
    """The director ticks four players, creates the night's event and seats round 1, by the pages
    (the seating task run as the commit's callback)."""
    for player in players[:4]:
        client.post(f"/nights/{night.pk}/players/{player.pk}/check-in/")
    response = client.post(f"/nights/{night.pk}/event/")
    event = Event.objects.get(night__pk=night.pk)
    assert response["Location"] == f"/events/{event.pk}/"
    with capture(execute=True):
        client.post(f"/events/{event.pk}/rounds/start/")
    assert Round.objects.get(event=event, number=1).status == Round.Status.SEATED
    return event


def test_the_personal_link_stops_offering_replies_once_round_one_is_seated(
    club, alice, players, django_capture_on_commit_callbacks
):
    night = _tonight(club)
    link = f"/r/{selectors.player_reply_token(player=players[0])}/"
    player = Client()
    page = player.get(link).content.decode()
    assert f'name="night" value="{night.pk}"' in page  # replies open before the night
    player.post(link, {"night": night.pk, "answer": "coming"})

    director = Client()
    director.force_login(alice)
    _director_begins(director, night, players, django_capture_on_commit_callbacks)

    page = html.unescape(player.get(link).content.decode())
    assert f'name="night" value="{night.pk}"' not in page
    assert f"{BEGUN} Your reply: Coming." in page
    refused = player.post(link, {"night": night.pk, "answer": "not_coming"}, follow=True)
    assert BEGUN in html.unescape(refused.content.decode())
    assert NightReply.objects.get(night=night, player=players[0]).answer == "coming"


def test_a_signed_in_members_reply_is_refused_too_once_round_one_is_seated(
    club, alice, bob, players, django_capture_on_commit_callbacks
):
    night = _tonight(club)
    players[1].user = bob
    players[1].save(update_fields=["user"])
    director = Client()
    director.force_login(alice)
    _director_begins(director, night, players, django_capture_on_commit_callbacks)

    member = Client()
    member.force_login(bob)
    page = html.unescape(member.get(f"/nights/{night.pk}/").content.decode())
    assert BEGUN in page and 'name="answer"' not in page
    refused = member.post(f"/nights/{night.pk}/reply/", {"answer": "coming"}, follow=True)
    assert BEGUN in html.unescape(refused.content.decode())
    assert not NightReply.objects.filter(night=night).exists()


@pytest.mark.parametrize(
    ("language", "name"),
    [
        # The catalog's night name, the variant's label and each language's date format.
        ("es", "Noche de Canasta clásica (4 jugadores, 2 parejas), {d.day} de {month} de {d.year}"),
        ("el", "Βραδιά Κλασική κανάστα (4 παίκτες, 2 ζεύγη), {d:%d/%m/%Y}"),
        ("en", "Classic Canasta (4 players, 2 partnerships) night, {month_abbr} {d.day}, {d.year}"),
    ],
)
def test_the_event_from_the_schedule_is_named_in_the_directors_language(
    club, alice, players, language, name, django_capture_on_commit_callbacks
):
    club.language = "fa"  # the club's own language is not the director's
    club.save(update_fields=["language"])
    night = _tonight(club)
    director = Client(HTTP_ACCEPT_LANGUAGE=language)
    director.force_login(alice)
    director.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    event = _director_begins(director, night, players, django_capture_on_commit_callbacks)
    day = night.date
    spanish = ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto"]
    spanish += ["septiembre", "octubre", "noviembre", "diciembre"]
    english = [
        "Jan.",
        "Feb.",
        "March",
        "April",
        "May",
        "June",
        "July",
        "Aug.",
        "Sept.",
        "Oct.",
        "Nov.",
        "Dec.",
    ]
    expected = name.format(d=day, month=spanish[day.month - 1], month_abbr=english[day.month - 1])
    assert event.name == expected
