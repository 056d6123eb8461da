"""The federation's ranking table at a laptop's and a phone's width: its secondary columns give
way (CSS alone), so that the table does not run off the edge of the page nor of its box."""

from __future__ import annotations

import pytest
from django.db import connections

from clubs.models import Club, Federation, Person
from tests.support import browser as chromium
from tests.support.browser import ARTIFACTS, CHROMIUM
from tests.support.federation import north  # noqa: F401  (the fixture)

pytestmark = chromium.pytestmark


@pytest.fixture
def browser(live_server, monkeypatch):
    from playwright.sync_api import sync_playwright

    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
        )
        yield browser
        browser.close()
        connections.close_all()


SHOWN = {
    "en": ["Rank", "Player", "Rating", "Change"],
    "el": ["Θέση", "Παίκτης", "Βαθμός αξιολόγησης", "Μεταβολή"],
}


@pytest.mark.parametrize("language", ["en", "el"])
@pytest.mark.parametrize("width", [1280, 390])
def test_the_federation_ranking_fits_the_width(browser, live_server, north, width, language):  # noqa: F811
    Federation.objects.filter(pk=north.pk).update(ranking_public=True)
    # Names and clubs as long as real ones.
    for club in Club.objects.all():
        Club.objects.filter(pk=club.pk).update(name=f"{club.name}side Canasta Association")
    for person in Person.objects.all():
        Person.objects.filter(pk=person.pk).update(name=f"{person.name} Papadopoulou-Konstantinidou")
    context = browser.new_context(viewport={"width": width, "height": 900})
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/federations/north/ranking/")
    table = page.locator("table#federation-ranking")
    assert table.locator("tbody tr").count() >= 10
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"federation-ranking-{width}-{language}.png"), full_page=True)
    assert page.evaluate("() => document.scrollingElement.scrollWidth <= window.innerWidth")
    overflow = page.evaluate(
        """() => {
            const table = document.querySelector('table#federation-ranking');
            const box = table.closest('.scroll');
            return [table.getBoundingClientRect().width, box.clientWidth];
        }"""
    )
    assert overflow[0] <= overflow[1] + 1, overflow
    heads = table.locator("thead th")
    visible = [heads.nth(n).inner_text() for n in range(heads.count()) if heads.nth(n).is_visible()]
    # The secondary columns gave way (Uncertainty, Wins, the per-game figures, Last played).
    assert len(visible) == (7 if width == 1280 else 4), visible
    assert all(any(name in text for text in visible) for name in SHOWN[language]), visible
