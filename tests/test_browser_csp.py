"""The content security policy in a real browser: the pages run with no violation, and the
behaviour moved out of inline handlers (language picker, print button) still works."""

from __future__ import annotations

from tests.tournaments import test_browser
from tests.tournaments.test_browser import _log_in
from tournaments.models import Game

pytestmark = test_browser.pytestmark
page = test_browser.page  # Playwright driving Debian's Chromium, phone-sized


def test_pages_run_under_the_content_security_policy(page, live_server, league_night, alice):
    violations: list[str] = []
    page.on(
        "console",
        lambda msg: (
            violations.append(f"{page.url}: {msg.text[:60]}")
            if "Content Security Policy" in msg.text
            else None
        ),
    )
    _log_in(page, live_server, "alice")
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("button.step-up")  # table.js ran: it adds the steppers
    page.select_option("#language", "es")  # site.js sends the picker's form
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.goto(f"{live_server.url}/events/{league_night.pk}/rounds/1/cards/")
    assert page.locator("button[data-print]").count() == 1
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info")  # Swagger UI started from its script file
    assert violations == []
