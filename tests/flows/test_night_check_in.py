"""Before the night and at the door, in a browser: the director schedules tonight's night; 14
members say they are coming (two looking for a partner, proposed as partners), one signed in
and the others by their personal links; 13 check in from their phones by the door's QR page;
the director's page, left open, comes to 13 by itself and proposes tables; the night's event
is created from the check-in and round 1 seats exactly those 13."""

from __future__ import annotations

import re

import pytest

from clubs.models import Player
from tests.support.pages import until
from tournaments import selectors
from tournaments.models import CheckIn, Event, Night, Round, Seat

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}


def _on_a_phone(chromium, url: str, act) -> None:
    """Open `url` on a phone of its own (no account), do `act(page)` there, put the phone away."""
    context = chromium.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(20_000)
    page.goto(url)
    act(page)
    context.close()


def _reply(answer: str):
    def act(page) -> None:
        page.locator(f"#player-nights button[value={answer}]").first.tap()
        page.wait_for_selector("text=Your reply is saved")

    return act


def _schedule_tonight(desktop, url: str, club) -> Night:
    desktop.goto(f"{url}/clubs/{club.slug}/")
    desktop.click("#schedule-nights")
    desktop.fill("#id_date", selectors.club_today(club).isoformat())
    desktop.fill("#id_start_time", "19:30")
    desktop.fill("#id_place", "The club house")
    desktop.select_option("#id_variant", "classic")
    desktop.click("button[type=submit].primary")
    desktop.wait_for_selector("text=1 night is scheduled.")
    assert desktop.locator("#next-nights li").count() == 1
    return Night.objects.get(club=club)


def test_fourteen_say_coming_thirteen_check_in_and_round_one_seats_them(
    chromium, desktop, phone, log_in, live_server, club, alice, bob, players
):
    url = live_server.url
    log_in(desktop, "alice")
    night = _schedule_tonight(desktop, url, club)

    # Bob, signed in on his phone, is Player 01: he looks for a partner on the night's page.
    Player.objects.filter(pk=players[0].pk).update(user=bob)
    log_in(phone, "bob")
    phone.goto(f"{url}/nights/{night.pk}/")
    phone.tap("#my-reply button[value=partner]")
    phone.wait_for_selector("text=Your reply is saved: Looking for a partner.")
    # The others reply by the personal links the director sends: Player 02 looks for a partner.
    for number, player in enumerate(players[1:14], start=2):
        link = f"{url}/r/{selectors.player_reply_token(player=player)}/"
        _on_a_phone(chromium, link, _reply("partner" if number == 2 else "coming"))
    _on_a_phone(
        chromium, f"{url}/r/{selectors.player_reply_token(player=players[14])}/", _reply("not_coming")
    )

    desktop.goto(f"{url}/nights/{night.pk}/")
    assert desktop.locator("#coming-count").inner_text().startswith("14 coming (2 looking for a partner)")
    assert desktop.locator("#proposed-partners").inner_text().strip() == "Player 01 & Player 02"
    assert "With tables of five: 4 + 5 + 5, no one sits out" in desktop.locator("#coming-tables").inner_text()
    # Those coming are listed first at the door.
    first_rows = desktop.locator("#check-in tbody tr td:first-child").all_inner_texts()[:14]
    assert first_rows == [p.name for p in players[:14]]

    # The door's printed QR code holds the check-in's address.
    desktop.click("#door-link")
    assert desktop.locator("#door-card svg").count() == 1
    door = desktop.locator("#door-address").inner_text()
    assert re.fullmatch(rf"{re.escape(url)}/n/\d+:[A-Za-z0-9_-]+/", door)

    # The director leaves the night's page open; 13 arrive (Player 14 said coming but stays home).
    desktop.goto(f"{url}/nights/{night.pk}/")
    phone.goto(door)
    phone.tap("#check-in-me button")  # Bob is recognised
    phone.wait_for_selector("text=Welcome, Player 01: you are checked in.")
    # Checked in, Bob is told so rather than offered the button again.
    assert phone.locator("#me-here").inner_text() == "Player 01, you are checked in."
    assert phone.locator("#check-in-me").count() == 0
    # His night's page says both: what he replied, and that he is here.
    phone.goto(f"{url}/nights/{night.pk}/")
    assert phone.locator("#my-answer").inner_text() == "Your reply: Looking for a partner"
    assert phone.locator("#me-checked-in").is_visible()
    for player in players[1:13]:

        def pick(page, player=player) -> None:
            page.tap(f"#pick-{player.pk}")
            page.wait_for_selector(f"#here-{player.pk}")

        _on_a_phone(chromium, door, pick)
    here = {p.pk for p in players[:13]}
    assert set(CheckIn.objects.filter(night=night).values_list("player_id", flat=True)) == here

    desktop.wait_for_selector("#here-count:has-text('13 checked in')", timeout=15_000)
    assert "With tables of five 4 + 4 + 5" in desktop.locator("#here-count").inner_text()
    # The director can still untick and tick.
    desktop.click(f"#check-in-{players[12].pk} button")
    desktop.wait_for_selector("#here-count:has-text('12 checked in')")
    desktop.click(f"#check-in-{players[12].pk} button")
    desktop.wait_for_selector("#here-count:has-text('13 checked in')")

    desktop.click("#night-event-create")
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(night__pk=night.pk)
    desktop.click("button:has-text('With tables of five')")
    desktop.wait_for_selector("text=The next rounds are seated this way.")
    desktop.click("#start-round")
    desktop.wait_for_selector("#round-1 .tables")
    round_one = Round.objects.get(event=event, number=1)
    until(lambda: Round.objects.get(pk=round_one.pk).status == Round.Status.SEATED)
    assert set(Seat.objects.filter(table__round=round_one).values_list("player_id", flat=True)) == here
    assert not round_one.sit_outs.exists()

    # Check-in is closed now: a late player is added on the event page, as before.
    phone.goto(door)
    assert "round 1 was seated" in phone.locator("#check-in-closed").inner_text()
