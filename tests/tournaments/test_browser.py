"""The table entry page in a real browser: Playwright driving Debian's Chromium, phone-sized.

Chromium comes from Debian's package (`make browser` installs it); nothing is downloaded.
Screenshots are kept under test-artifacts/ for a person to look at.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connections

from tests.tournaments.hands import HAND_A, HAND_TWO_OUT
from tournaments.models import Game, Hand

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
if not os.path.exists(CHROMIUM):
    if os.environ.get("CI") or os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)")
    pytestmark.append(pytest.mark.skip(reason=f"{CHROMIUM} is not installed (make browser)"))


@pytest.fixture
def page(live_server, monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the test makes
    # between page actions are still plain synchronous calls.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield page
        context.close()
        browser.close()
        # While Playwright's loop runs, the ORM calls of the test get a connection of their
        # own (asgiref's Local is context-bound then); close it so the test database can go.
        connections.close_all()


def _log_in(page, live_server, username: str) -> None:
    page.goto(f"{live_server.url}/accounts/login/")
    page.fill("#id_username", username)
    page.fill("#id_password", "pw")
    page.click("button[type=submit]")
    page.wait_for_url(f"{live_server.url}/")


def _fill_side(page, side: str, entry: dict) -> None:
    for field, value in entry.items():
        selector = f"[name='{side}-{field}']"
        if isinstance(value, bool):
            if value:
                page.tap(selector)
        else:
            page.fill(selector, str(value))


def test_entering_a_hand_on_a_phone(page, live_server, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])

    page.tap("text=Check score")
    preview = page.locator("#preview")
    preview.wait_for()
    # Worked in tests/tournaments/hands.py from rules.md §2.1: NS 1685, EW 485.
    assert preview.locator("[data-side=NS] .preview-score").inner_text() == "+1685"
    assert preview.locator("[data-side=EW] .preview-score").inner_text() == "+485"
    assert not Hand.objects.filter(game=game).exists()

    page.tap("#save-hand")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert page.locator(".side-total[data-side=EW]").inner_text() == "485"
    assert "90" in page.locator(".side-1 .side-minimum").inner_text()
    assert "50" in page.locator(".side-2 .side-minimum").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-page-390x844.png"), full_page=True)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_rejected_hand_shows_the_error_by_the_field_and_saves_nothing(page, live_server, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_TWO_OUT["NS"])
    _fill_side(page, "EW", HAND_TWO_OUT["EW"])
    page.tap("#save-hand")
    error = page.locator(".has-error .field-error").first
    error.wait_for()
    assert error.is_visible()
    assert page.locator(".has-error [name$='-went_out']").count() >= 1
    assert not Hand.objects.filter(game=game).exists()
