"""Reminders by mail the day before a night, through Django's SMTP backend to an SMTP server of
the test's own (tests/support/mail.py): a member turns them on from the night's page; the
beat's hourly task mails those coming once (a second run sends none), none to those not coming
or who did not ask; the mail's one-click stop link stops the next ones, from a page with a
button or by the mail program's POST (RFC 8058); the mail is in the language the member asked
in; and they go from 10:00 the day before in the club's zone."""

from __future__ import annotations

import datetime
import html
import re
import zoneinfo

import pytest
from django.conf import settings
from django.test import Client, override_settings
from django.utils import timezone

from tests.support.factories import UserFactory
from tests.support.mail import SMTP_BACKEND, _body
from tournaments import selectors, services
from tournaments.models import Night, NightReminders, NightReply
from tournaments.workers.tasks import night_reminders_send

pytestmark = pytest.mark.django_db

SITE = "https://scores.example.org"


def _zone_at_noon() -> str:
    """An Etc/GMT zone whose local time is now between 10:00 and 23:59 (so tomorrow's
    reminders are due there now), for the beat's task, which reads the clock."""
    hour = timezone.now().hour
    offset = (12 - hour + 12) % 24 - 12  # local hour 12 at UTC + offset, offset in -12..11
    return f"Etc/GMT{-offset:+d}" if offset else "Etc/GMT"  # Etc's signs are reversed


def _night(club, date: datetime.date) -> Night:
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=date, start_time=datetime.time(19, 30), variant="classic", place="Hall"
        ),
    )
    return night


def _member_page(user, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _reply_and_ask(client: Client, night: Night, answer: str, reminders: bool = True) -> str:
    """On the night's page: the reply, then (if asked) the reminders' button; the page after."""
    client.post(f"/nights/{night.pk}/reply/", {"answer": answer})
    page = client.get(f"/nights/{night.pk}/").content.decode()
    if reminders:
        assert 'name="on" value="1"' in page
        page = client.post(f"/nights/{night.pk}/reminders/", {"on": "1"}, follow=True).content.decode()
    return html.unescape(page)


@pytest.fixture
def tomorrow(club, players, bob, sam):
    """Bob (Player 01) and Sam (Player 02) with addresses; a night tomorrow in the club's zone,
    where it is now past 10:00, and the same night a week later."""
    club.time_zone = _zone_at_noon()
    club.save(update_fields=["time_zone"])
    for user, player in ((bob, players[0]), (sam, players[1])):
        user.email = f"{user.username}@example.org"
        user.save(update_fields=["email"])
        player.user = user
        player.save(update_fields=["user"])
    day = selectors.club_today(club) + datetime.timedelta(days=1)
    return _night(club, day), _night(club, day + datetime.timedelta(weeks=1))


@override_settings(SITE_URL=SITE)
def test_coming_and_asked_gets_one_mail_once_and_its_stop_link_stops_the_next(
    tomorrow, club, players, bob, sam, smtp_server
):
    night, next_week = tomorrow
    port, inbox = smtp_server
    bobs = _member_page(bob)
    page = _reply_and_ask(bobs, night, "coming")
    assert "Reminders are on: a mail to bob@example.org the day before each night you are coming to." in page
    _reply_and_ask(bobs, next_week, "partner", reminders=False)  # on for the club's nights already
    _reply_and_ask(_member_page(sam), night, "not_coming")  # asked, but not coming
    carol = UserFactory(username="carol", email="carol@example.org")  # coming, never asked
    club.memberships.create(user=carol, role="member")
    players[2].user = carol
    players[2].save(update_fields=["user"])
    _reply_and_ask(_member_page(carol), night, "coming", reminders=False)

    with override_settings(EMAIL_BACKEND=SMTP_BACKEND, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port):
        assert night_reminders_send() == 1
        assert night_reminders_send() == 0  # the beat's next run, or two at once: none again
    assert [m["X-Envelope-To"] for m in inbox.messages] == ["bob@example.org"]
    mail = inbox.messages[0]
    body = _body(mail)
    assert mail["Subject"].startswith("Riverside: tomorrow's night, ")
    assert "Hello Player 01," in body and "at 19:30" in body and "Hall" in body
    assert f"{SITE}/nights/{night.pk}/" in body
    stop_url = re.search(rf"{SITE}/reminders/\S+/", body).group(0)
    assert "".join(mail["List-Unsubscribe"].split()) == f"<{stop_url}>"  # unfolded
    assert mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # The link works signed out: the page asks first, the button stops.
    visitor = Client(enforce_csrf_checks=True)
    stop = stop_url.removeprefix(SITE)
    asked = visitor.get(stop).content.decode()
    assert 'id="reminders-stop-confirm"' in asked
    assert NightReminders.objects.filter(user=bob).exists()  # a GET (a mail scanner's) stops nothing
    stopped = html.unescape(visitor.post(stop).content.decode())
    assert "The reminders of <bdi>Riverside</bdi>'s nights are stopped" in stopped
    assert not NightReminders.objects.filter(user=bob).exists()

    # A week later, Bob's next night sends nothing; turned on again, it would.
    a_week_on = timezone.now() + datetime.timedelta(weeks=1)
    with override_settings(EMAIL_BACKEND=SMTP_BACKEND, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port):
        assert services.night_reminders_send(now=a_week_on) == 0
        bobs.post(f"/nights/{next_week.pk}/reminders/", {"on": "1"})
        assert services.night_reminders_send(now=a_week_on) == 1
    assert len(inbox.messages) == 2


@override_settings(SITE_URL=SITE)
def test_the_mail_programs_one_click_post_stops_them_without_a_page(tomorrow, bob, smtp_server):
    night, _next_week = tomorrow
    port, inbox = smtp_server
    _reply_and_ask(_member_page(bob), night, "coming")
    with override_settings(EMAIL_BACKEND=SMTP_BACKEND, EMAIL_HOST="127.0.0.1", EMAIL_PORT=port):
        night_reminders_send()
    stop = re.search(rf"{SITE}(/reminders/\S+/)", _body(inbox.messages[0])).group(1)
    one_click = Client(enforce_csrf_checks=True).post(
        stop, "List-Unsubscribe=One-Click", content_type="application/x-www-form-urlencoded"
    )
    assert one_click.status_code == 200
    assert not NightReminders.objects.filter(user=bob).exists()


def test_the_mail_is_in_the_language_the_member_asked_in(tomorrow, bob, mailoutbox):
    night, _next_week = tomorrow
    page = _reply_and_ask(_member_page(bob, "es"), night, "coming")
    assert "Los recordatorios están activados: un correo a bob@example.org" in page
    night_reminders_send()
    (mail,) = mailoutbox
    assert mail.subject.startswith("Riverside: la noche de mañana, ")
    assert "Hola, Player 01:" in mail.body
    assert "Para dejar de recibir estos recordatorios, abra este enlace:" in mail.body


def test_a_wrong_stop_link_opens_nothing(client, bob, club):
    token = selectors.night_reminders_stop_token(club=club, user=bob)
    forged = token[:-1] + ("A" if token[-1] != "A" else "B")
    response = client.post(f"/reminders/{forged}/")
    assert response.status_code == 404
    assert "This link opens nothing" in html.unescape(response.content.decode())


def test_reminders_go_from_ten_the_day_before_in_the_clubs_zone(club, players, bob, mailoutbox):
    club.time_zone = "Europe/Madrid"
    club.save(update_fields=["time_zone"])
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    players[0].user = bob
    players[0].save(update_fields=["user"])
    night = _night(club, datetime.date(2027, 3, 10))
    NightReply.objects.create(night=night, player=players[0], answer="coming")
    services.night_reminders_set(club=club, user=bob, on=True)
    madrid = zoneinfo.ZoneInfo("Europe/Madrid")  # UTC+1 in March before the 28th

    def at(day: int, hour: int, minute: int = 0) -> datetime.datetime:
        return datetime.datetime(2027, 3, day, hour, minute, tzinfo=madrid)

    assert services.night_reminders_send(now=at(8, 12)) == 0  # two days before
    assert services.night_reminders_send(now=at(9, 9, 59)) == 0  # the day before, before 10:00
    assert services.night_reminders_send(now=at(9, 10)) == 1  # 09:00 UTC
    assert services.night_reminders_send(now=at(9, 23, 59)) == 0  # sent already
    assert len(mailoutbox) == 1


def test_no_mail_for_a_night_cancelled_or_a_member_who_left(club, players, bob, mailoutbox):
    club.time_zone = "Europe/Madrid"
    club.save(update_fields=["time_zone"])
    bob.email = "bob@example.org"
    bob.save(update_fields=["email"])
    players[0].user = bob
    players[0].save(update_fields=["user"])
    cancelled, kept = _night(club, datetime.date(2027, 3, 10)), _night(club, datetime.date(2027, 3, 17))
    for night in (cancelled, kept):
        NightReply.objects.create(night=night, player=players[0], answer="coming")
    services.night_reminders_set(club=club, user=bob, on=True)
    services.night_cancel(night=cancelled)
    noon = datetime.datetime(2027, 3, 9, 12, tzinfo=zoneinfo.ZoneInfo("Europe/Madrid"))
    assert services.night_reminders_send(now=noon) == 0
    club.memberships.filter(user=bob).delete()
    assert services.night_reminders_send(now=noon + datetime.timedelta(weeks=1)) == 0
    assert not mailoutbox


def test_the_beat_runs_the_reminders_every_hour():
    entry = settings.CELERY_BEAT_SCHEDULE["night-reminders-hourly"]
    assert entry["task"] == night_reminders_send.name
    assert entry["schedule"].minute == {0} and len(entry["schedule"].hour) == 24
