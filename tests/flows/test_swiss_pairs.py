"""A Swiss pairs event of 10 pairs formed in the page, in a real browser.

The director types the pairs as "A & B" lines on New event, seats two rounds (the second
paired by the standings), and the scorers enter each table's hand from the night's cards on a
phone. The standings have a row per pair.

Each table plays one hand (hands per round: 1), typed as totals only: NS 300, EW 120, so NS
wins every game of round 1 (higher total, hands-per-round rule).
"""

from __future__ import annotations

import re

import pytest

from clubs.models import Player
from tournaments.models import Event, Game, Pair, Standing

pytestmark = pytest.mark.django_db(transaction=True)


def _play_round(desktop, phone, url: str, event: Event, number: int) -> None:
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector(f"#round-{number} .tables")
    desktop.goto(f"{url}/events/{event.pk}/rounds/{number}/cards/")
    for card in desktop.locator(".table-card p.link").all_inner_texts():
        phone.goto(f"{card}?mode=total")
        phone.fill("[name='NS-total']", "300")
        phone.fill("[name='EW-total']", "120")
        phone.tap("#save-hand")
        phone.wait_for_selector("text=Hand 1 saved:")


def test_a_swiss_pairs_event_formed_in_the_page(desktop, phone, log_in, live_server, club, alice, players):
    roster = [*players, *(Player.objects.create(club=club, name=f"Player {n:02d}") for n in range(17, 21))]
    url = live_server.url
    log_in(desktop, "alice")
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", "Pairs cup")
    desktop.fill("#id_date", "2026-12-05")
    desktop.select_option("#id_variant", "classic")
    desktop.select_option("#id_format", "swiss")
    desktop.fill("#id_hands_per_round", "1")
    # Typed as people type: any capitals, "&" between the partners.
    lines = [f"{roster[i].name.lower()} & {roster[i + 1].name.upper()}" for i in range(0, 20, 2)]
    desktop.fill("#id_pairs", "\n".join(lines))
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Pairs cup")
    assert event.pairs.count() == 10
    first = Pair.objects.select_related("partnership__first", "partnership__second").get(
        event=event, number=1
    )
    assert {first.partnership.first, first.partnership.second} == {roster[0], roster[1]}
    assert desktop.locator("#pairs li").count() == 10

    _play_round(desktop, phone, url, event, 1)
    _play_round(desktop, phone, url, event, 2)
    assert Game.objects.filter(table__round__event=event, game_over=True).count() == 10

    # Partners always share a side: every table of round 2 has two pairs, each whole.
    for game in Game.objects.filter(table__round__event=event, table__round__number=2):
        sides = {}
        for seat in game.table.seats.all():
            sides.setdefault(seat.side, set()).add(seat.player_id)
        pairs = {frozenset((p.partnership.first_id, p.partnership.second_id)) for p in event.pairs.all()}
        assert all(frozenset(side) in pairs for side in sides.values())

    desktop.goto(f"{url}/events/{event.pk}/standings/")
    rows = desktop.locator("#standings tbody tr")
    assert rows.count() == 10
    # NS won every game; a pair that sat NS twice won twice and heads the standings.
    top = int(rows.first.locator("td").nth(1).inner_text())
    pair = Pair.objects.select_related("partnership").get(event=event, number=top)
    assert Standing.objects.get(event=event, player=pair.partnership.first_id).wins == 2
