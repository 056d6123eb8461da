"""The browser tests' Chromium: Playwright driving Debian's Chromium (`make browser` installs it;
nothing is downloaded), the marks of a browser test, a phone-sized `page`, and a scorer's first
steps on it: signing in, typing a side's entry. Screenshots go under test-artifacts/."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from django.db import connections

from tournaments.models import Game

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


def _game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()
