"""Stages of an event, as a room plays them, in a real browser.

(a) Sixteen players qualify over three individual rounds, then the best four play a final
table: the director adds both stages and confirms the finalists (swapping one) on the event
page, a scorer's phone enters every hand from the night's table cards, and the standings end
with the event's final order.

(b) Eight pairs play a knockout to the winner: the director adds it and confirms the field
on the event page; one semi-final ends level and the director sends a pair through on the
bracket page.

Every table plays one hand (hands per round: 1), typed as totals only. NS 300 against EW 120
unless said otherwise, so the North-South side wins: in the knockout the better seed.
"""

from __future__ import annotations

import re

import pytest

from clubs.models import Player
from tests.support.pages import card_links
from tournaments.models import Event, Game, Round, Stage, StageEntrant

pytestmark = pytest.mark.django_db(transaction=True)


def _enter(phone, card: str, ns: int = 300, ew: int = 120) -> None:
    phone.goto(f"{card}?mode=total")
    phone.fill("[name='NS-total']", str(ns))
    phone.fill("[name='EW-total']", str(ew))
    phone.tap("#save-hand")
    phone.wait_for_selector("text=Hand 1 saved:")


def _seat(desktop, url: str, event: Event, number: int) -> list[str]:
    """Seat the next round from the event page; the night's card links of its tables."""
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector(f"#round-{number} .tables")
    assert Round.objects.get(event=event, number=number).status == Round.Status.SEATED
    desktop.goto(f"{url}/events/{event.pk}/rounds/{number}/cards/")
    return card_links(desktop)


def _add_stage(desktop, url: str, event: Event, **fields: str) -> None:
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#stage-add-box summary")
    for name, value in fields.items():
        selector = f"#id_stage-{name}"
        if desktop.locator(selector).evaluate("element => element.tagName") == "SELECT":
            desktop.select_option(selector, value)
        else:
            desktop.fill(selector, value)
    desktop.click("#stage-add-submit")
    desktop.wait_for_selector(f"text=“{fields['name']}”, is added")


def _new_event(desktop, url: str, club, name: str) -> None:
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", name)
    desktop.fill("#id_date", "2026-12-11")
    desktop.select_option("#id_variant", "classic")
    desktop.fill("#id_hands_per_round", "1")


def test_qualifying_rounds_then_a_final_table_of_four(
    desktop, phone, log_in, live_server, club, alice, players
):
    url = live_server.url
    log_in(desktop, "alice")
    _new_event(desktop, url, club, "Final table night")
    for player in players:
        desktop.check(f"input[name=players][value='{player.pk}']")
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Final table night")

    _add_stage(desktop, url, event, name="Qualifying", kind="rounds", planned_rounds="3")
    _add_stage(
        desktop,
        url,
        event,
        name="Final table",
        kind="final_table",
        qualify="best",
        qualifiers="4",
        planned_rounds="1",
    )
    assert desktop.locator("#stages #stage-2").inner_text().count("the best 4 of the standings") == 1

    cards: list[str] = []
    for number in (1, 2, 3):
        cards = _seat(desktop, url, event, number)
        assert len(cards) == 4
        for card in cards:
            _enter(phone, card)
    assert Game.objects.filter(table__round__event=event, game_over=True).count() == 12

    # The proposal: the best four of the qualifying standings. The fourth went home: the
    # director puts the fifth in that place and confirms.
    desktop.goto(f"{url}/events/{event.pk}/")
    form = desktop.locator("#stage-entrants")
    assert form.is_visible()
    proposed = [desktop.locator(f"#id_seed_{n}").input_value() for n in (1, 2, 3, 4)]
    options = desktop.locator("#id_seed_4 option").all()
    fifth = options[5].get_attribute("value")  # after "—", the fifth of the qualifying order
    desktop.select_option("#id_seed_4", fifth)
    desktop.click("#confirm-entrants")
    desktop.wait_for_selector("text=is confirmed")
    finalists = [int(p) for p in (*proposed[:3], fifth)]
    final = Stage.objects.get(event=event, number=2)
    assert list(StageEntrant.objects.filter(stage=final).values_list("player_id", flat=True)) == finalists

    # The final table: one table, through the same cards; the others are out, not sitting out.
    final_cards = _seat(desktop, url, event, 4)
    assert len(final_cards) == 1
    desktop.goto(f"{url}/events/{event.pk}/")
    assert "Round 4 · Final table" in desktop.locator("#round-4 > summary").inner_text()
    assert desktop.locator("#round-4 .sitting-out").count() == 0
    _enter(phone, cards[0])  # table 1's card opens the final's game
    game = Game.objects.get(table__round__event=event, table__round__number=4)
    assert game.game_over and game.winner == "NS"

    desktop.goto(f"{url}/events/{event.pk}/")  # Finish, open now that the final is over
    desktop.click("#finish-event")
    desktop.wait_for_selector("text=Its standings are final")
    desktop.goto(f"{url}/events/{event.pk}/standings/")
    rows = desktop.locator("#final-order-table tbody tr")
    assert rows.count() == 16
    # The final table's result first: its winners (NS), the better seed ahead, then its losers.
    seed = {player: n for n, player in enumerate(finalists, start=1)}
    winners = sorted((s.player_id for s in game.table.seats.all() if s.side == "NS"), key=seed.__getitem__)
    losers = sorted(set(finalists) - set(winners), key=seed.__getitem__)
    names = dict(Player.objects.filter(pk__in=finalists).values_list("pk", "name"))
    top = [rows.nth(n).locator("td").nth(1).inner_text().strip() for n in range(4)]
    assert top == [names[p] for p in (*winners, *losers)]
    assert [rows.nth(n).locator("td").nth(0).inner_text() for n in range(5)] == ["1", "2", "3", "4", "5"]
    assert rows.nth(4).locator("td").nth(2).inner_text() == "Qualifying"
    assert desktop.locator("#stage-2-table tbody tr").count() == 4


def test_a_knockout_of_eight_pairs_to_the_winner(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")
    _new_event(desktop, url, club, "Pairs cup")
    desktop.select_option("#id_format", "swiss")
    desktop.fill(
        "#id_pairs", "\n".join(f"{players[i].name} & {players[i + 1].name}" for i in range(0, 16, 2))
    )
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Pairs cup")

    _add_stage(desktop, url, event, name="Cup", kind="knockout")
    assert "every pair in play, by pair number" in desktop.locator("#stage-1").inner_text()
    assert desktop.locator("#id_seed_1").input_value() == "1"
    desktop.click("#confirm-entrants")
    desktop.wait_for_selector("text=is confirmed")

    # Quarter-finals: 1 v 8, 4 v 5, 2 v 7, 3 v 6, the better seed North-South; it wins.
    cards = _seat(desktop, url, event, 1)
    assert len(cards) == 4
    for card in cards:
        _enter(phone, card)
    bracket = f"{url}/events/{event.pk}/stages/1/bracket/"
    desktop.goto(bracket)
    assert desktop.locator("#bracket-round-1 .through").count() == 4
    assert "Quarter-finals" in desktop.locator("#bracket-round-1 h2").inner_text()

    # Semi-finals: 1 v 4 is won; 2 v 3 ends level, and the next round waits for the director.
    cards = _seat(desktop, url, event, 2)
    assert len(cards) == 2
    _enter(phone, cards[0])
    _enter(phone, cards[1], ns=200, ew=200)
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector("text=has no winner yet")
    desktop.goto(bracket)
    assert "ended level" in desktop.locator("#match-2-2").inner_text()
    desktop.click("#decide-2-2-3")
    desktop.wait_for_selector("text=Pair 3 goes through.")

    # The final: 1 v 3; pair 3 (East-West) wins it.
    cards = _seat(desktop, url, event, 3)
    assert len(cards) == 1
    _enter(phone, cards[0], ns=100, ew=450)
    desktop.goto(bracket)
    assert "Pair 3" in desktop.locator("#champion").inner_text()
    desktop.goto(f"{url}/events/{event.pk}/standings/")
    rows = desktop.locator("#final-order-table tbody tr")
    ranks = [
        (rows.nth(n).locator("td").nth(0).inner_text(), rows.nth(n).locator("td").nth(1).inner_text())
        for n in range(8)
    ]
    assert [rank for rank, _names in ranks] == ["1", "2", "3", "3", "5", "5", "5", "5"]
    assert ranks[0][1].startswith("Pair 3:") and ranks[1][1].startswith("Pair 1:")
