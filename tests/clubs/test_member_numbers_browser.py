"""Member numbers in bulk in a real browser, phone-sized (Playwright driving Debian's Chromium), as a
director clicks: from the club's Federation members page, the file of 20 players chosen and
previewed (tests/support/member_numbers.py), then confirmed; back on the page, the players linked.
Then in Arabic, right to left, the preview of the same file. Screenshots go under test-artifacts/."""

from __future__ import annotations

from playwright.sync_api import expect

from clubs.models import Person, Player
from tests.support import browser
from tests.support.browser import ARTIFACTS, _log_in
from tests.support.member_numbers import EXPECTED, NUMBERS_FILE, numbers_world

pytestmark = list(browser.pytestmark)
page = browser.page  # Playwright driving Debian's Chromium, phone-sized

FILE = {"name": "numbers.csv", "mimeType": "text/csv", "buffer": NUMBERS_FILE.encode()}


def _preview(page, live_server, club):
    page.goto(f"{live_server.url}/clubs/{club.slug}/federation/members/")
    upload = page.locator("#numbers-upload")
    upload.locator("input[type=file]").set_input_files(FILE)
    upload.locator("button[type=submit]").click()
    expect(page.locator("#numbers-lines tbody tr")).to_have_count(20)


def test_a_director_uploads_previews_and_confirms_the_numbers(page, live_server, club, alice):
    world = numbers_world(club)
    ARTIFACTS.mkdir(exist_ok=True)
    _log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/settings/")
    page.click("#federation-members-link")
    expect(page.locator("#numbers-upload")).to_contain_text("Member numbers from a file")
    _preview(page, live_server, club)
    for line, status in EXPECTED.items():
        expect(page.locator(f"#line-{line}")).to_have_class(f"numbers-{status}")
    expect(page.locator("#line-2")).to_contain_text("the federation's member NCF-001")
    expect(page.locator("#line-9")).to_contain_text("The same number is on lines 7, 9")
    expect(page.locator("#line-12")).to_contain_text("Alike on the roster: Kostas Georgiu")
    page.screenshot(path=str(ARTIFACTS / "member-numbers-preview-390x844.png"), full_page=True)
    assert Person.objects.count() == 4  # nothing linked by the preview

    page.locator("#numbers-confirm").get_by_role("button", name="Link 10 players").click()
    expect(page.locator(".messages")).to_contain_text("10 players are linked to their member numbers.")
    amira = Player.objects.get(club=club, name="Amira Haddad")
    expect(page.locator(f"#player-{amira.pk}")).to_contain_text("Linked to Amira Haddad, number NCF-001")
    assert amira.person_id == world.amira_at_hilltop.person_id
    assert Person.objects.count() == 13  # the 4 known and 9 new
    page.screenshot(path=str(ARTIFACTS / "member-numbers-linked-390x844.png"), full_page=True)


def test_the_preview_reads_right_to_left_in_arabic(page, live_server, club, alice):
    numbers_world(club)
    _log_in(page, live_server, "alice")
    page.context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    _preview(page, live_server, club)
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    expect(page.locator("#line-2")).to_contain_text("NCF-001")
    expect(page.locator("#numbers-confirm button")).to_have_text(
        "ربط 10 لاعبين"
    )  # Arabic counts 3 to 10 in the plural
    # No column runs off the phone's screen.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width
    page.screenshot(path=str(ARTIFACTS / "member-numbers-preview-ar-390x844.png"), full_page=True)
