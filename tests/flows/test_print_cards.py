"""The table cards print one card a page (Chromium's print to PDF, A4 and Letter)."""

from __future__ import annotations

import re

import pytest

from tests.support.factories import EVENT_DATE
from tournaments import services

pytestmark = pytest.mark.django_db(transaction=True)


def _pages(pdf: bytes) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_each_table_card_prints_on_one_page(desktop, log_in, live_server, club, alice, players, paper):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:12], kind="tournament"
        ),
    )
    services.round_start(event=event)
    log_in(desktop, "alice")
    desktop.goto(f"{live_server.url}/events/{event.pk}/rounds/1/cards/")
    assert desktop.locator(".table-card").count() == 3
    desktop.emulate_media(media="print")
    pdf = desktop.pdf(format=paper)
    assert _pages(pdf) == 3
