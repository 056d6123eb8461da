"""Journeys through the product, most of them in a real browser: Playwright driving Debian's
Chromium.

`chromium` is the browser; a test opens the contexts it needs (a director's desktop at
1280×800, a scorer's phone at 390×844) with `desktop` and `phone`. A journey that uses them is
a browser test; one that needs no browser (a night through the API) is not.
"""

from __future__ import annotations

import os

import pytest
from django.db import connections

CHROMIUM = "/usr/bin/chromium"


def pytest_collection_modifyitems(items):
    for item in items:
        if "tests/flows/" in str(item.fspath) and "chromium" in item.fixturenames:
            item.add_marker(pytest.mark.browser)
            if not os.path.exists(CHROMIUM):
                if os.environ.get("CI") or os.environ.get("REQUIRE_INTEGRATION"):
                    raise RuntimeError(
                        f"{CHROMIUM} is missing: run `make browser` (apt-get install chromium)"
                    )
                item.add_marker(pytest.mark.skip(reason=f"{CHROMIUM} is not installed (make browser)"))


@pytest.fixture
def chromium(live_server, monkeypatch):
    from playwright.sync_api import sync_playwright

    # Playwright's sync API runs an event loop in this thread; the ORM calls the test makes
    # between page actions are still plain synchronous calls.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()
        connections.close_all()


@pytest.fixture
def desktop(chromium):
    context = chromium.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.on("dialog", lambda dialog: dialog.accept())  # the "are you sure?" of data-confirm
    yield page
    context.close()


@pytest.fixture
def phone(chromium):
    context = chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(20_000)
    yield page
    context.close()


@pytest.fixture
def log_in(live_server):
    """Sign a page in as `username` (the cast's password is "pw")."""

    def sign_in(page, username: str) -> None:
        page.goto(f"{live_server.url}/accounts/login/")
        page.fill("#id_username", username)
        page.fill("#id_password", "pw")
        page.click("button[type=submit]")
        page.wait_for_url(f"{live_server.url}/")

    return sign_in
