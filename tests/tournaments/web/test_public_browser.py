"""The public results on a 360 px phone, in a real browser (Debian's Chromium): the standings
table comes first and fits the screen, the explanation is folded, the rankings have a rank,
and the same holds right to left (Arabic). Screenshots are kept under test-artifacts/."""

from __future__ import annotations

import pytest
from django.db import connections

from clubs.models import Club
from tests.support import browser as chromium
from tests.support import nights

pytestmark = chromium.pytestmark
three_rounds = nights.three_rounds  # a night of three rounds, the last in play
PHONE = {"width": 360, "height": 740}


@pytest.fixture
def phone(live_server, monkeypatch):
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=chromium.CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.set_default_timeout(15_000)
        yield page
        context.close()
        browser.close()
        connections.close_all()


def _fits(page, selector: str) -> bool:
    """Whether the element shows whole on the screen: no wider than the screen, and no sideways
    scrolling in its scroll box (`.scroll`, around each table)."""
    return page.evaluate(
        """(selector) => {
            const element = document.querySelector(selector);
            const box = element.getBoundingClientRect();
            const scroller = element.closest('.scroll');
            const scrolls = scroller !== null && scroller.scrollWidth > scroller.clientWidth;
            return box.left >= 0 && box.right <= document.documentElement.clientWidth && !scrolls;
        }""",
        selector,
    )


@pytest.mark.parametrize("language", ["en", "ar"])
def test_a_member_of_the_public_reads_the_results_on_a_phone(phone, live_server, three_rounds, language):
    club = three_rounds.club
    Club.objects.filter(pk=club.pk).update(results_public=True, language=language)
    chromium.ARTIFACTS.mkdir(exist_ok=True)

    phone.goto(f"{live_server.url}/")
    phone.click(f"#public-clubs a[href='/clubs/{club.slug}/results/']")
    phone.wait_for_url(f"{live_server.url}/clubs/{club.slug}/results/")
    assert phone.evaluate("document.documentElement.dir") == ("rtl" if language == "ar" else "ltr")
    assert _fits(phone, "#rankings")
    # Two games each: every rating is provisional (fewer than 10 games), so nobody is ranked; the
    # lines are still in order, each place marked P, and the page says why.
    mark = {"en": "P", "ar": "م"}[language]  # the short mark of "provisional" in the page's language
    assert phone.locator("#rankings tbody tr").first.locator("td").first.inner_text() == f"1 {mark}"
    assert phone.locator("#nobody-ranked").is_visible()
    phone.screenshot(path=str(chromium.ARTIFACTS / f"public-club-{language}.png"), full_page=True)

    phone.locator(f"a[href='/events/{three_rounds.pk}/standings/']").first.click()
    phone.wait_for_selector("#standings")
    # The table first, within the first screen; the explanation after it, folded.
    table_top = phone.evaluate("document.querySelector('#standings').getBoundingClientRect().top")
    assert table_top < PHONE["height"] / 2
    assert phone.evaluate("document.querySelector('#ranking-rules').open") is False
    assert phone.locator("#ranking-rules").bounding_box()["y"] > table_top
    assert _fits(phone, "#standings")
    assert _fits(phone, "#results-round-3 table")
    # Text of 16 px and more in the tables.
    sizes = phone.evaluate(
        "[...document.querySelectorAll('#standings th, #standings td, .round-results td')]"
        ".filter(e => e.offsetParent).map(e => parseFloat(getComputedStyle(e).fontSize))"
    )
    assert min(sizes) >= 16
    phone.screenshot(path=str(chromium.ARTIFACTS / f"public-standings-{language}.png"), full_page=True)

    # A player's night is one tap away, and its tap target is 44 px high or more.
    link = phone.locator("#standings tbody a").first
    assert link.bounding_box()["height"] >= 44
    link.click()
    phone.wait_for_selector("#night-rounds")
    assert phone.locator("#night-rounds > li").count() == 3
    assert _fits(phone, "#night-rounds")
    phone.screenshot(path=str(chromium.ARTIFACTS / f"public-night-{language}.png"), full_page=True)
