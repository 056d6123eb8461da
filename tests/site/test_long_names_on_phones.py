"""Long unbroken names on a 390 px phone, in English and Arabic: the club's members, a night's
page, its door and the club's page (with its calendar address) stay within the screen's width,
and the long name's button at the door can be tapped. Names as a roster file may hold them: 101
letters without a space, and a 42-letter Arabic word."""

from __future__ import annotations

import datetime

import pytest

from clubs.models import Club, Membership
from tests.support import browser
from tests.support.browser import ARTIFACTS, _log_in
from tests.support.factories import PlayerFactory
from tournaments import selectors, services

pytestmark = list(browser.pytestmark)
page = browser.page  # Playwright driving Debian's Chromium, phone-sized

LONG = "Wolfeschlegelsteinhausenbergerdorffvoralternwarengewissenhaftschaferswessenschafewarenwohlgepflegeund"
ARABIC = "ومستشفياتهموالمستوصفاتوالمختبراتوالعياداتا"


def _fits(page) -> bool:
    # The layout viewport's width: on a phone, window.innerWidth grows with a page too wide.
    return page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.documentElement.clientWidth"
    )


@pytest.mark.parametrize("language", ["en", "ar"])
def test_long_names_stay_within_a_phones_width(page, live_server, club, alice, bob, language):
    Club.objects.filter(pk=club.pk).update(language=language)
    long_one = PlayerFactory(club=club, name=LONG)
    PlayerFactory(club=club, name=ARABIC)
    bobs = Membership.objects.get(club=club, user=bob)
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    ARTIFACTS.mkdir(exist_ok=True)
    door = f"{live_server.url}/n/{selectors.night_door_token(night=night)}/"
    page.goto(door)  # signed out, at the door
    assert _fits(page), "door"
    page.tap(f"#pick-{long_one.pk}")
    page.wait_for_selector(f"#here-{long_one.pk}")
    assert _fits(page), "door, checked in"

    _log_in(page, live_server, "alice")
    for name, path in [
        ("members", f"/clubs/{club.slug}/members/"),
        ("night", f"/nights/{night.pk}/"),
        ("club", f"/clubs/{club.slug}/"),
    ]:
        page.goto(f"{live_server.url}{path}")
        page.screenshot(path=str(ARTIFACTS / f"long-names-{name}-{language}.png"), full_page=True)
        assert _fits(page), name
        if name == "members":  # the long name is offered to link to Bob's account
            assert page.locator(f"#member-{bobs.pk} select[name=player] option", has_text=LONG).count() == 1
