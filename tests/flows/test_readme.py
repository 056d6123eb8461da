"""The README's steps, as written, in a browser: "A night, for the director" steps 1 to 10 and
"Results, for a member" steps 1 to 5, on the demo club `make run` loads (`manage.py
demo_load`). Each step is named by its number here; when the README changes, this test
changes with it.

The director works at a desktop (1280 × 800); two tables score from phones (390 × 844), one
reached by its card's QR code, the other by the card's short code typed at the short address.
The demo night seats its eight players at two tables. Both play their full game (four hands a
round), each hand by Check score then Save hand; table 1 meets a refused hand, a correction, a
reload in the middle of its game and a hand saved while the phone is offline. In round 2 one
table plays a hand and the director ends the games in play at their score, as step 9 offers,
before finishing the event.

Table 1's hands, worked by hand from the classic rules (rules.md §1.1, §2.1; tests/support/
hands.py): HAND_A (NS 1685, EW 485), HAND_B (NS −220, EW 790), HAND_A, HAND_B: NS 2930, EW
2550. Hand 2 is first saved with EW's 25 left in hand typed as 45 (EW 770) and then
corrected to 25. Table 2's four hands as totals: NS 300, 150, 200, 50 and EW 100, 250, 400,
350: NS 700, EW 1100.
"""

from __future__ import annotations

import re

import pytest
from django.core.management import call_command

from tests.support.hands import HAND_A, HAND_B, HAND_TWO_OUT
from tests.support.pages import card_links, figure, table_rows, until
from tournaments.models import Event, Game, Hand

pytestmark = pytest.mark.django_db(transaction=True)

TOTALS = ((300, 100), (150, 250), (200, 400), (50, 350))  # table 2: NS 700, EW 1100


def _fill(phone, hand: dict) -> None:
    """Type a worked hand into *Points and canastas*, every field of both sides."""
    for side, entry in hand.items():
        for field, value in entry.items():
            if value is True:
                phone.locator(f"[name='{side}-{field}']").check()
            else:
                phone.fill(f"[name='{side}-{field}']", str(value))


def _check_then_save(phone, number: int, *, corrected: bool = False) -> None:
    """README step 6: Check score shows both sides' scores under "Before you save", then Save."""
    phone.get_by_role("button", name="Check score").tap()
    phone.wait_for_selector("#preview .preview-details summary:has-text('Before you save')")
    phone.get_by_role("button", name="Save correction" if corrected else "Save hand").tap()
    word = "corrected" if corrected else "saved"
    phone.wait_for_selector(f"#hand-saved:has-text('Hand {number} {word}')")


def _score(phone) -> tuple[int, int]:
    return tuple(
        figure(phone.locator(f".side-total[data-side={side}]").inner_text()) for side in ("NS", "EW")
    )


def _phone(chromium):
    """A phone's browser of its own (390 × 844, touch)."""
    return chromium.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)


def test_the_readme_as_written(chromium, live_server):
    call_command("demo_load")  # `make run` loads the demo club
    url = live_server.url
    desktop = chromium.new_context(viewport={"width": 1280, "height": 800}).new_page()
    desktop.on("dialog", lambda dialog: dialog.accept())  # "Finish the event?" and the like
    phone_context = _phone(chromium)
    phone = phone_context.new_page()
    second = _phone(chromium).new_page()

    # A night, step 1: open the site and log in as director, password canasta-demo.
    desktop.goto(f"{url}/")
    desktop.get_by_role("link", name="Log in").first.click()
    desktop.fill("#id_username", "director")
    desktop.fill("#id_password", "canasta-demo")
    desktop.get_by_role("button", name="Log in").click()
    desktop.wait_for_url(f"{url}/")

    # Step 2: open the club, then the event "Tonight's league night".
    desktop.get_by_role("link", name="Riverside Canasta Club").first.click()
    desktop.get_by_role("link", name="Tonight's league night").first.click()
    desktop.wait_for_url(re.compile(r"/events/\d+/$"))
    event = Event.objects.get(name="Tonight's league night")

    # Step 3: Seat the next round: the round's tables appear, with who sits where.
    desktop.get_by_role("button", name="Seat the next round").click()
    desktop.wait_for_selector("#round-1 .tables")

    # Step 4: Director tools (open) has Print table cards; its page has Print.
    tools = desktop.locator("#round-1 details.director-tools[open]")
    tools.get_by_role("link", name="Print table cards").click()
    desktop.wait_for_url(re.compile(r"/rounds/1/cards/$"))
    desktop.evaluate("() => { window.print = () => { window.printed = true; }; }")
    desktop.get_by_role("button", name="Print").click()
    assert desktop.evaluate("() => window.printed") is True
    links = card_links(desktop)
    assert len(links) == 2  # eight players tonight, two tables
    code = desktop.locator("#card-2 .card-code .code").inner_text()
    address = desktop.locator("#card-2 .card-code bdi").inner_text()

    # Step 5: table 1 scans its card's QR code; table 2 types the short address and the code.
    phone.goto(links[0])
    second.goto(f"http://{address}/")
    second.fill("[name=code]", code.lower())
    second.get_by_role("button", name="Open the table").tap()
    second.wait_for_selector("form[data-hand-form]")
    assert second.url == links[1]

    # Step 6, table 1: each hand by Check score, then Save hand.
    _fill(phone, HAND_A)
    _check_then_save(phone, 1)
    assert _score(phone) == (1685, 485)
    # A refused hand: both sides went out. Check score says why, by the field; nothing saved.
    _fill(phone, HAND_TWO_OUT)
    phone.get_by_role("button", name="Check score").tap()
    phone.wait_for_selector("#form-errors:has-text('This hand cannot be scored yet.')")
    assert phone.locator(".pad-row-error .field-error").count() == 1
    phone.reload()  # in the middle of the game: the page as it was, the next hand's form
    assert _score(phone) == (1685, 485)
    assert phone.input_value("form[data-hand-form] [name=number]") == "2"
    typo = {"NS": HAND_B["NS"], "EW": {**HAND_B["EW"], "hand_points": 45}}  # EW 25 typed as 45
    _fill(phone, typo)
    _check_then_save(phone, 2)
    assert _score(phone) == (1465, 1255)
    # A correction: hand 2's EW held 25, not 45 (EW 790, not 770).
    phone.locator("#hand-2").get_by_role("link", name="Correct").tap()
    phone.fill("[name='EW-hand_points']", "25")
    _check_then_save(phone, 2, corrected=True)
    assert _score(phone) == (1465, 1275)
    _fill(phone, HAND_A)
    _check_then_save(phone, 3)
    # Hand 4 saved while the phone has no connection: kept on the phone, sent when it returns.
    _fill(phone, HAND_B)
    phone.get_by_role("button", name="Check score").tap()
    phone.wait_for_selector("#preview .preview-details")
    phone_context.set_offline(True)
    phone.get_by_role("button", name="Save hand").tap()
    phone.wait_for_selector("#pending-hands:not([hidden])")
    phone_context.set_offline(False)
    phone.evaluate("() => window.dispatchEvent(new Event('online'))")
    # Step 8: the game ends after the event's hands per round (four).
    phone.wait_for_selector("#result:has-text('Game over: NS wins.')")
    assert _score(phone) == (2930, 2550)

    # Step 6, table 2: the quick path, Total only, each hand by Check score then Save hand.
    second.get_by_role("link", name="Total only").tap()
    for number, (ns, ew) in enumerate(TOTALS, start=1):
        second.fill("[name='NS-total']", str(ns))
        second.fill("[name='EW-total']", str(ew))
        _check_then_save(second, number)
    second.wait_for_selector("#result:has-text('Game over: EW wins.')")
    assert _score(second) == (700, 1100)
    games = list(
        Game.objects.filter(table__round__event=event, table__round__number=1).order_by("table__number")
    )
    assert [g.hands.count() for g in games] == [4, 4]
    assert Hand.objects.get(game=games[0], number=2).version == 2  # corrected once

    # Step 7: the standings move on the event page, and in the club's Player rankings.
    desktop.goto(f"{url}/events/{event.pk}/")
    until(lambda: desktop.reload() or len(table_rows(desktop, "#standings")) >= 8)
    standings = table_rows(desktop, "#standings")
    assert any(figure(row["Points"]) == 2930 for row in standings if row.get("Points"))
    desktop.goto(f"{url}/clubs/{event.club.slug}/")
    desktop.get_by_role("link", name="Player rankings").first.click()
    desktop.wait_for_selector("#rankings tbody tr")

    # Step 9: every game of the round is over: Seat the next round again. Each card now shows
    # its players where to go, then opens the new game.
    desktop.goto(f"{url}/events/{event.pk}/")
    desktop.get_by_role("button", name="Seat the next round").click()
    desktop.wait_for_selector("#round-2 .tables")
    phone.goto(links[0])
    phone.wait_for_selector("#moves")
    assert "Round 2" in phone.locator("#moves").inner_text()
    phone.wait_for_selector("form[data-hand-form] [name=number][value='1']", state="attached", timeout=60_000)
    phone.get_by_role("link", name="Total only").tap()
    phone.fill("[name='NS-total']", "300")
    phone.fill("[name='EW-total']", "100")
    _check_then_save(phone, 1)
    # Time is up with games still going: end them at their score (the same step's other button).
    desktop.goto(f"{url}/events/{event.pk}/")

    # Step 10: after the last round, Finish the event and confirm (ending the games in play at
    # their score): the results are final.
    desktop.get_by_role("button", name="End the games in play at their score and finish the event").click()
    until(lambda: Event.objects.get(pk=event.pk).status == Event.Status.FINISHED)

    # Results, for a member (signed out: the demo club's results are public).
    visitor = _phone(chromium).new_page()
    # Step 1: the home page lists the clubs whose results are public.
    visitor.goto(f"{url}/")
    assert visitor.locator("main").get_by_role("link", name="Riverside Canasta Club").count() >= 1
    # Step 2: pick the club: its results page lists its events and the top of the rankings.
    visitor.get_by_role("link", name="Riverside Canasta Club").first.tap()
    visitor.wait_for_selector("#club-events")
    assert "Tonight's league night" in visitor.locator("#club-events").inner_text()
    # Step 3: an event's Standings: the table first, the round results under it.
    tonight = visitor.locator("#club-events li", has_text="Tonight's league night")
    tonight.get_by_role("link", name="Standings").tap()
    visitor.wait_for_selector("#round-results")
    first_row = table_rows(visitor, "#standings")[0]
    assert first_row
    # Step 4: tap a name for that player's night.
    north = games[0].table.seats.get(position="N").player
    visitor.locator("#standings").get_by_role("link", name=north.name).first.tap()
    visitor.wait_for_selector("#night-rounds")
    assert "2930" in visitor.locator("#night-rounds").inner_text().replace("\u202f", "")
    # Step 5: back on the results page, All player rankings; Find a player or download.
    visitor.goto(f"{url}/clubs/{event.club.slug}/results/")
    visitor.get_by_role("link", name="All player rankings").tap()
    visitor.locator("summary", has_text="Find a player or download").tap()
    visitor.fill("#find-player [name=player]", north.name.split()[-1].lower())
    visitor.get_by_role("button", name="Filter").tap()
    visitor.wait_for_url(re.compile(r"player="))
    assert [row["Player"] for row in table_rows(visitor, "#rankings")] == [north.name]
    with visitor.expect_download() as download:
        visitor.get_by_role("link", name="Download CSV").tap()
    assert download.value.suggested_filename.endswith(".csv")
