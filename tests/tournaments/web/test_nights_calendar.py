"""The club's nights ahead in its calendar feed, read back with the iCalendar library: each
night at its time in the club's zone, a moved night at its new time, a cancelled one cancelled
with a higher sequence, and a private club's feed refused without a member's personal address."""

from __future__ import annotations

import datetime
import zoneinfo

import icalendar
import pytest
from django.urls import reverse

from tournaments import selectors, services
from tournaments.models import Night

pytestmark = pytest.mark.django_db

MADRID = zoneinfo.ZoneInfo("Europe/Madrid")


def _season(club) -> list[Night]:
    """Four Tuesday nights at 19:30 from the first Tuesday after today, at the club's hall."""
    club.time_zone = "Europe/Madrid"
    club.save(update_fields=["time_zone"])
    today = selectors.club_today(club)
    first = today + datetime.timedelta(days=(1 - today.weekday()) % 7 or 7)
    asked = services.NightInput(
        date=first,
        start_time=datetime.time(19, 30),
        variant="classic",
        place="Calle Mayor 5, Madrid",
        repeat_until=first + datetime.timedelta(weeks=3),
    )
    return services.nights_schedule(club=club, asked=asked)


def _events(response) -> dict[str, icalendar.Event]:
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/calendar")
    calendar = icalendar.Calendar.from_ical(response.content)
    return {str(event["UID"]): event for event in calendar.walk("VEVENT")}


def _uid(night: Night) -> str:
    return f"night-{night.pk}@{night.club.slug}.canasta"


def test_a_public_clubs_feed_lists_its_nights_at_the_clubs_time_moved_and_cancelled(client, club):
    club.results_public = True
    club.save(update_fields=["results_public"])
    nights = _season(club)
    assert len(nights) == 4
    assert [n.date.weekday() for n in nights] == [1, 1, 1, 1]
    services.night_move(
        night=nights[1], date=nights[1].date, start_time=datetime.time(20, 15), place="Club house"
    )
    services.night_cancel(night=nights[2])

    events = _events(client.get(reverse("tournaments:calendar_feed", kwargs={"slug": club.slug})))

    assert set(events) == {_uid(n) for n in nights}
    first = events[_uid(nights[0])]
    start = first.decoded("DTSTART")
    assert start == datetime.datetime.combine(nights[0].date, datetime.time(19, 30), tzinfo=MADRID)
    assert str(start.tzinfo) == "Europe/Madrid"
    assert str(first["LOCATION"]) == "Calle Mayor 5, Madrid"
    assert str(first["STATUS"]) == "CONFIRMED"
    assert str(first["URL"]).endswith(reverse("tournaments:night_detail", kwargs={"night_id": nights[0].pk}))
    moved = events[_uid(nights[1])]
    assert moved.decoded("DTSTART").astimezone(MADRID).time() == datetime.time(20, 15)
    assert str(moved["LOCATION"]) == "Club house"
    assert int(moved["SEQUENCE"]) == 1
    cancelled = events[_uid(nights[2])]
    assert str(cancelled["STATUS"]) == "CANCELLED"
    assert int(cancelled["SEQUENCE"]) == 1
    assert int(events[_uid(nights[3])]["SEQUENCE"]) == 0


def test_the_feed_carries_the_time_zone_its_times_name(client, club):
    """RFC 5545 (3.2.19): each TZID a time names is defined by a VTIMEZONE of the calendar."""
    club.results_public = True
    club.save(update_fields=["results_public"])
    _season(club)
    response = client.get(reverse("tournaments:calendar_feed", kwargs={"slug": club.slug}))
    calendar = icalendar.Calendar.from_ical(response.content)
    zones = [str(zone["TZID"]) for zone in calendar.walk("VTIMEZONE")]
    assert zones == ["Europe/Madrid"]


def test_a_private_clubs_feed_needs_a_members_personal_address(client, club, bob, mallory):
    nights = _season(club)
    url = reverse("tournaments:calendar_feed", kwargs={"slug": club.slug})
    assert client.get(url).status_code == 404
    assert client.get(url + "?key=made-up").status_code == 404
    # Another club's director's address for this club is not a member's.
    mallorys = selectors.calendar_feed_token(user=mallory, club=club)
    assert client.get(f"{url}?key={mallorys}").status_code == 404
    bobs = selectors.calendar_feed_token(user=bob, club=club)
    events = _events(client.get(f"{url}?key={bobs}"))
    assert set(events) == {_uid(n) for n in nights}
    # Bob leaves the club: his address stops working.
    club.memberships.filter(user=bob).delete()
    assert client.get(f"{url}?key={bobs}").status_code == 404


def test_the_club_page_gives_a_member_their_personal_feed_address(client, club, bob):
    _season(club)
    client.force_login(bob)
    page = client.get(reverse("tournaments:club_detail", kwargs={"slug": club.slug})).content.decode()
    token = selectors.calendar_feed_token(user=bob, club=club)
    assert f"calendar.ics?key={token}" in page
    assert "Next nights" in page


def test_a_repeat_ending_before_the_first_night_is_refused(club):
    with pytest.raises(Exception, match="The repeat ends before the first night"):
        services.nights_schedule(
            club=club,
            asked=services.NightInput(
                date=datetime.date(2027, 1, 5),
                start_time=datetime.time(19, 0),
                variant="classic",
                repeat_until=datetime.date(2027, 1, 1),
            ),
        )


def test_a_signed_in_member_reads_a_private_clubs_feed(client, club, bob):
    nights = _season(club)
    client.force_login(bob)
    events = _events(client.get(reverse("tournaments:calendar_feed", kwargs={"slug": club.slug})))
    assert set(events) == {_uid(n) for n in nights}
