"""Nights at tables other than four, in a real browser: a 13-player night whose odd player makes
a table of five (rules.md §1.1d), and a six-player night in two teams of three (§1.1c). The
director creates each from the event page alone; a scorer's phone (390×844) enters hands from
the table card and sees, at the table of five, who sits out the hand.

Hands are typed as totals only (as a paper pad has them).
"""

from __future__ import annotations

import re

import pytest

from tournaments.models import Event, Game, Hand, Seat, TableCard

pytestmark = pytest.mark.django_db(transaction=True)


def _create(desktop, url: str, club, players, name: str, variant: str, shape: str = "", five: bool = False):
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", name)
    desktop.fill("#id_date", "2026-12-04")
    desktop.select_option("#id_variant", variant)
    if shape:
        desktop.select_option("#id_table_shape", shape)
    if five:
        desktop.check("#id_five_player_tables")
    desktop.fill("#id_hands_per_round", "3")
    for player in players:
        desktop.check(f"input[name=players][value='{player.pk}']")
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name=name)
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    return event


def _in_view(page, selector: str) -> bool:
    box = page.locator(selector).bounding_box()
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 844


def test_a_table_of_five_shows_who_sits_out_each_hand(
    desktop, phone, log_in, live_server, club, alice, players
):
    url = live_server.url
    log_in(desktop, "alice")
    players = players[:13]
    event = _create(desktop, url, club, players, "Thirteen", "classic", five=True)
    assert event.five_player_tables

    five = next(g for g in Game.objects.filter(table__round__event=event) if g.table.seats.count() == 5)
    assert five.variant == "classic-5p"
    trio = [s.player.name for s in Seat.objects.filter(table=five.table, side="A").order_by("position")]
    card = TableCard.objects.get(event=event, number=five.table.number)
    phone.goto(f"{url}/t/{card.access_token}/?mode=total")
    assert phone.locator("#sitting-out").inner_text() == f"Hand 1: {trio[0]} sits out."
    assert _in_view(phone, "#sitting-out")  # at the top of the phone, beside side A's players

    # A against B, three a side with one sitting out: A 1005, B 715 (typed as totals).
    for number, (a, b) in enumerate(((1005, 715), (-25, 1330)), start=1):
        phone.fill("[name='A-total']", str(a))
        phone.fill("[name='B-total']", str(b))
        phone.tap("#save-hand")
        phone.wait_for_selector(f"text=Hand {number} saved:")
        assert phone.locator("#sitting-out").inner_text() == f"Hand {number + 1}: {trio[number]} sits out."
    assert [h.sat_out.name for h in Hand.objects.filter(game=five).order_by("number")] == trio[:2]
    assert phone.locator("#hands td.sat-out").all_inner_texts() == trio[:2]
    five.refresh_from_db()
    assert five.totals == {"A": 980, "B": 2045}


def test_a_six_player_night_in_two_teams_of_three(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")
    event = _create(desktop, url, club, players[:12], "Sixes", "classic-6p", shape="3+3")
    assert event.table_shape == "3+3"
    # Two tables of six: sides A and B of three players each (two "&" a side).
    assert desktop.locator("#round-1 .tables").inner_text().count("&") == 2 * 2 * 2

    desktop.goto(f"{url}/events/{event.pk}/rounds/1/cards/")
    cards = desktop.locator(".table-card p.link").all_inner_texts()
    assert len(cards) == 2
    phone.goto(f"{cards[0]}?mode=total")
    assert phone.locator(".scoreboard .side-players").count() == 2
    phone.fill("[name='A-total']", "1490")
    phone.fill("[name='B-total']", "540")
    phone.tap("#save-hand")
    phone.wait_for_selector("text=Hand 1 saved:")
    game = Game.objects.get(table__round__event=event, table__number=1)
    assert game.totals == {"A": 1490, "B": 540}
