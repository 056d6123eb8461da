"""A signed-out visitor on a phone finds a public federation from the home page: its member clubs
that publish, a finished championship's standings and its ranking, every step a tap; once an
officer keeps the ranking to the officers, the same visitor is sent to log in. The same page in
Arabic reads right to left and fits the phone.

North (tests/support/federation_front.py): Avon publishes its results, Brook does not; North
Open, at Avon, one table: Al's side 500, the other 100. Its standings, worked by hand: Al and his
partner won (2 victory points each, the default scale), the other two lost (0). North's ranking
counts Brook's night (Bo, Bea, Bud, Bix, all linked) and North Open (Al, Pia, Bix, Bo); Avon's
night is left out (Ann has no member number).
"""

from __future__ import annotations

import pytest

from clubs.models import FederationOfficer
from tests.support import championships, federation_front
from tests.support.browser import ARTIFACTS
from tests.support.factories import UserFactory
from tests.support.federation_front import OPEN
from tests.support.pages import figure, table_rows
from tournaments.models import Event

pytestmark = pytest.mark.django_db(transaction=True)
north = championships.north  # Avon and Brook members, Lonely not
public_north = federation_front.public_north  # its ranking and Avon's results public, two championships

RATED = {"Al", "Bea", "Bix", "Bo", "Bud", "Pia"}


def _no_sideways_scroll(page) -> bool:
    return page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.documentElement.clientWidth"
    )


def test_a_visitor_goes_from_home_to_the_federation_its_clubs_standings_and_ranking_then_is_refused(
    phone,
    desktop,
    live_server,
    log_in,
    public_north,
):
    url = live_server.url
    event = Event.objects.get(name=OPEN)
    FederationOfficer.objects.create(federation=public_north, user=UserFactory(username="olga"))

    # From the home page, signed out: the federation beside the clubs.
    phone.goto(f"{url}/")
    phone.locator("#public-federations").get_by_role("link", name="North").tap()
    phone.wait_for_url(f"{url}/federations/north/")
    assert phone.locator("h1").inner_text() == "North"
    assert _no_sideways_scroll(phone)

    # Its member clubs: Avon, which publishes; nothing of Brook, which does not.
    clubs = phone.locator("#federation-public-clubs")
    assert clubs.get_by_role("link").all_inner_texts() == ["Avon"]
    assert "Brook" not in phone.locator("main").inner_text()
    clubs.get_by_role("link", name="Avon").tap()
    phone.wait_for_url(f"{url}/clubs/avon/results/")
    phone.go_back()
    phone.wait_for_url(f"{url}/federations/north/")

    # The finished championship's standings, signed out: Al and his partner won.
    finished = phone.locator("#championships-finished li", has_text=OPEN)
    finished.get_by_role("link", name="Standings").tap()
    phone.wait_for_url(f"{url}/events/{event.pk}/standings/")
    standings = {row["Player"]: figure(row["Victory points"]) for row in table_rows(phone, "#standings")}
    assert set(standings) == {"Al", "Pia", "Bix", "Bo"}
    assert standings["Al"] == 2 and sorted(standings.values()) == [0, 0, 2, 2]

    # Back to the federation by the crumb, then its whole ranking.
    phone.locator(".crumbs").get_by_role("link", name="North").tap()
    phone.wait_for_url(f"{url}/federations/north/")
    phone.get_by_role("link", name="The whole ranking").tap()
    phone.wait_for_url(f"{url}/federations/north/ranking/?variant=classic")
    assert {row["Player"] for row in table_rows(phone, "#federation-ranking")} == RATED

    # An officer keeps the ranking to the officers, from the officers' page at the same address.
    log_in(desktop, "olga")
    desktop.goto(f"{url}/federations/north/")
    desktop.get_by_role("button", name="Show the ranking to officers only").click()
    desktop.wait_for_url(f"{url}/federations/north/")
    assert "for the federation's officers only" in desktop.locator("#federation-ranking").inner_text()

    # The same visitor is now sent to log in, from the federation, the standings and the ranking,
    # and the home page no longer names it.
    for path in ("/federations/north/", f"/events/{event.pk}/standings/", "/federations/north/ranking/"):
        phone.goto(f"{url}{path}")
        phone.wait_for_url(f"{url}/accounts/login/?next={path}")
    phone.goto(f"{url}/")
    assert phone.locator("#public-federations").count() == 0
    assert "North" not in phone.locator("main").inner_text()


def test_in_arabic_the_federations_page_reads_right_to_left_and_fits_a_phone(
    chromium, live_server, public_north
):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/federations/north/")
    assert page.locator("html").get_attribute("dir") == "rtl"
    assert page.locator("#front-clubs h2").inner_text() == "الأندية الأعضاء"
    assert _no_sideways_scroll(page)
    # The ranking's box keeps its table inside it, its secondary columns given way.
    widths = page.evaluate(
        """() => {
            const table = document.querySelector('table#federation-ranking');
            return [table.getBoundingClientRect().width, table.closest('.scroll').clientWidth];
        }"""
    )
    assert widths[0] <= widths[1] + 1, widths
    # Right to left: the federation's name stands at the right end of its heading.
    name, heading = page.locator("h1 bdi").bounding_box(), page.locator("h1").bounding_box()
    assert name is not None and heading is not None
    assert abs((name["x"] + name["width"]) - (heading["x"] + heading["width"])) < 2
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "federation-front-390-ar.png"), full_page=True)
    context.close()
