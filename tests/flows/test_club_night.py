"""A whole individual club night, as a room lives it, in a real browser.

A director (desktop, 1280×800) creates a timed night for 12 players, seats round 1 and prints
the table cards once. A scorer's phone (390×844) enters every hand from those cards, round
after round. Between rounds a late arrival and a guest join and a player withdraws; in round
2 the director ends a slow table's game at the clock. After the event is finished, an old
correction form on the phone is refused, and the director's correction with a reason lands in
the audit.

The hands are typed as totals only (as a paper pad has them), so each table's totals are the
sums of the figures typed here.
"""

from __future__ import annotations

import re

import pytest

from tests.support.pages import card_links
from tournaments.models import Event, Game, Hand, Round

pytestmark = pytest.mark.django_db(transaction=True)

# Two hands a table (hands per round: 2): NS 300 then 50, EW 120 then 400 → NS 350, EW 520.
HANDS = ((300, 120), (50, 400))


def _enter_hand(phone, number: int, ns: int, ew: int) -> None:
    phone.fill("[name='NS-total']", str(ns))
    phone.fill("[name='EW-total']", str(ew))
    phone.tap("#save-hand")
    phone.wait_for_selector(f"text=Hand {number} saved:")


def _play_table(phone, card_link: str, hands=HANDS) -> None:
    phone.goto(f"{card_link}?mode=total")
    for number, (ns, ew) in enumerate(hands, start=1):
        _enter_hand(phone, number, ns, ew)


def _seat_next_round(desktop, url: str, event: Event, number: int) -> None:
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#start-round")
    desktop.wait_for_selector(f"#round-{number} .tables")
    assert Round.objects.get(event=event, number=number).status == Round.Status.SEATED


def test_a_whole_club_night(desktop, phone, log_in, live_server, club, alice, players):
    url = live_server.url
    log_in(desktop, "alice")

    # The director creates the night in the page: 12 players, 60 minutes and 2 hands a round.
    desktop.goto(f"{url}/clubs/{club.slug}/events/new/")
    desktop.fill("#id_name", "Friday night")
    desktop.fill("#id_date", "2026-12-04")
    desktop.select_option("#id_variant", "classic")
    desktop.fill("#id_hands_per_round", "2")
    desktop.fill("#id_minutes_per_round", "60")
    for player in players[:12]:
        desktop.check(f"input[name=players][value='{player.pk}']")
    desktop.click("#create-event")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Friday night")
    assert event.minutes_per_round == 60

    # Round 1, and the cards printed once for the whole night.
    _seat_next_round(desktop, url, event, 1)
    desktop.goto(f"{url}/events/{event.pk}/rounds/1/cards/")
    cards = card_links(desktop)
    assert len(cards) == 3
    phone.goto(cards[0])
    assert phone.locator("#round-clock").is_visible()  # the round's clock on every table

    for card in cards:
        _play_table(phone, card)
    assert Game.objects.filter(table__round__event=event, table__round__number=1, game_over=True).count() == 3

    # Between rounds: a late arrival, a guest, and a player who goes home.
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.select_option(".add-player select[name=player]", str(players[12].pk))
    desktop.click(".add-player button[type=submit] >> nth=0")
    desktop.fill("#guest-name", "Dora Visitor")
    desktop.click("#guest-add button[type=submit]")
    desktop.wait_for_selector("text=Dora Visitor")
    withdraw = desktop.locator(f"form[action$='/players/{players[0].pk}/withdraw/'] button")
    withdraw.click()
    desktop.wait_for_selector("text=withdrew after round 1")

    # Round 2 from the same cards: each opens its table's new game and says where people go.
    _seat_next_round(desktop, url, event, 2)
    phone.goto(cards[0])
    assert phone.locator("#moves").is_visible()
    round_two = Game.objects.get(table__round__event=event, table__round__number=2, table__number=1)
    assert f"/games/{round_two.pk}/hands/" in phone.locator("form[data-hand-form]").get_attribute("action")
    _play_table(phone, cards[0])
    _play_table(phone, cards[1])
    _play_table(phone, cards[2], hands=HANDS[:1])  # a slow table: one hand when time is up

    slow = Game.objects.get(table__round__event=event, table__round__number=2, table__number=3)
    desktop.goto(f"{url}/games/{slow.pk}/")
    desktop.click("#game-director-tools summary")
    desktop.click("#game-stop")
    desktop.wait_for_selector("text=Ended by the director after 1 hand")
    slow.refresh_from_db()
    assert (slow.game_over, slow.winner, slow.totals) == (True, "NS", {"NS": 300, "EW": 120})

    # Round 3; the withdrawn player is not seated, the guest is.
    _seat_next_round(desktop, url, event, 3)
    seated = set(
        Game.objects.filter(table__round__event=event, table__round__number=3).values_list(
            "table__seats__player__name", flat=True
        )
    )
    assert players[0].name not in seated
    for card in cards:
        _play_table(phone, card)

    # The phone opens a correction of hand 1 at table 1 ... and the director finishes the night.
    phone.goto(f"{cards[0]}?hand=1&mode=total")
    phone.fill("[name='NS-total']", "1000")
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.click("#finish-event")
    desktop.wait_for_selector("text=Its standings are final")
    phone.tap("#save-hand")
    phone.wait_for_selector("text=The results of this table are final")
    last = Game.objects.get(table__round__event=event, table__round__number=3, table__number=1)
    assert Hand.objects.get(game=last, number=1).version == 1

    # Only the director changes a final hand, giving a reason; the audit shows it.
    desktop.goto(f"{url}/games/{last.pk}/?hand=1&mode=total")
    desktop.fill("[name='NS-total']", "350")
    desktop.click("#save-hand")
    desktop.wait_for_selector("text=say why you are changing this hand")
    desktop.fill("#id_reason", "NS held 50 more than written")
    desktop.fill("[name='NS-total']", "350")
    desktop.click("#save-hand")
    desktop.wait_for_selector("text=Hand 1 corrected:")
    last.refresh_from_db()
    assert last.totals == {"NS": 400, "EW": 520}
    desktop.goto(f"{url}/clubs/{club.slug}/audit/")
    assert desktop.locator("text=NS held 50 more than written").count() >= 1

    # The club makes its results public; a member of the public finds them from `/` on a phone.
    desktop.goto(f"{url}/clubs/{club.slug}/settings/")
    desktop.check("#id_results_public")
    desktop.click("#club-settings button[type=submit]")
    desktop.wait_for_load_state()
    phone.context.clear_cookies()
    phone.goto(f"{url}/")
    phone.click(f"text={club.name}")
    phone.click("text=Round results")
    phone.wait_for_selector("#standings")
    results = phone.locator("#round-results")
    assert results.is_visible()
    # Round 2, table 3: the game ended at the clock, NS 300 against EW 120.
    assert phone.locator("#results-round-2").count() == 1
