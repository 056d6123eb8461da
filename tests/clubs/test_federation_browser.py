"""A federation in a real browser, phone-sized (Playwright driving Debian's Chromium): an officer
creates it from the home page and invites a club; a director of the club accepts in the club's
settings and links a player by member number, and gives the same number to another player,
which waits for the officer; the officer's page shows the club a member, one person known, and
the link held, which the officer refuses. Screenshots are kept under test-artifacts/."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from clubs.models import Person
from tests.support import browser
from tests.support.browser import ARTIFACTS, _log_in
from tests.support.factories import PlayerFactory, UserFactory

pytestmark = list(browser.pytestmark)
page = browser.page  # Playwright driving Debian's Chromium, phone-sized


def _log_out(page) -> None:
    page.get_by_role("button", name="Log out").click()


@pytest.fixture
def riverside_amira(club, alice):
    return PlayerFactory(club=club, name="Amira Haddad")


@pytest.fixture
def riverside_bob(club):
    return PlayerFactory(club=club, name="Bob Marley")


def test_an_officer_invites_and_a_director_accepts_and_links(
    page, live_server, club, riverside_amira, riverside_bob
):
    UserFactory(username="olga")
    ARTIFACTS.mkdir(exist_ok=True)
    _log_in(page, live_server, "olga")
    page.click("#nav-federations")
    page.click("#federation-new")
    page.fill("#id_name", "North League")
    page.get_by_role("button", name="Create the federation").click()
    expect(page.locator("h1")).to_have_text("North League")
    page.fill("#federation-invite input[name=club]", club.slug)
    page.get_by_role("button", name="Invite", exact=True).click()
    expect(page.locator("#federation-clubs")).to_contain_text("riverside · invited, no answer yet")
    page.screenshot(path=str(ARTIFACTS / "federation-officer-390x844.png"), full_page=True)
    _log_out(page)

    _log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/settings/")
    section = page.locator("#club-federation")
    expect(section).to_contain_text("North League invites the club to join")
    page.screenshot(path=str(ARTIFACTS / "federation-invitation-390x844.png"), full_page=True)
    section.get_by_role("button", name="Accept").click()
    expect(page.locator(".messages")).to_contain_text("The club is a member of North League.")
    page.click("#federation-members-link")
    line = page.locator(f"#player-{riverside_amira.pk}")
    line.get_by_label("Member number").fill("nl 0042")
    page.screenshot(path=str(ARTIFACTS / "federation-members-390x844.png"), full_page=True)
    line.get_by_role("button", name="Link", exact=True).click()
    expect(page.locator(".messages")).to_contain_text(
        "Amira Haddad is linked to a new member of the federation, number NL 0042."
    )
    expect(page.locator(f"#player-{riverside_amira.pk}")).to_contain_text(re.compile("Linked to .*NL 0042"))
    assert Person.objects.get(member_number="NL 0042").players.get() == riverside_amira
    # Amira's number typed for Bob, without its space: the same number, held for the officers.
    bob = page.locator(f"#player-{riverside_bob.pk}")
    bob.get_by_label("Member number").fill("NL0042")
    bob.get_by_role("button", name="Link", exact=True).click()
    expect(page.locator(f"#player-{riverside_bob.pk}")).to_contain_text("A link waits for the federation")
    _log_out(page)

    _log_in(page, live_server, "olga")
    page.click("#nav-federations")
    page.get_by_role("link", name="North League").click()
    expect(page.locator("#federation-clubs")).to_contain_text("Riverside · member since")
    expect(page.locator("#people-count")).to_have_text("The federation knows 1 person.")
    conflicts = page.locator("#federation-conflicts")
    expect(conflicts).to_contain_text("Bob Marley of Riverside as Amira Haddad, number NL 0042")
    page.screenshot(path=str(ARTIFACTS / "federation-conflict-390x844.png"), full_page=True)
    conflicts.get_by_role("button", name="Refuse the link").click()
    expect(page.locator("#federation-conflicts")).to_contain_text("No links wait for a decision.")
