"""New event and the event page in a real browser, phone-sized: a Chilean night of 4 packs made
with everyone present and a player added inline, then Seat the next round shown disabled with
its reason while a table plays."""

from __future__ import annotations

from tests.support import browser
from tests.support.browser import _log_in
from tournaments import services
from tournaments.models import Event, Game, Round

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 px wide


def test_a_chilean_night_of_four_packs_made_on_a_phone(page, live_server, club, alice, players):
    _log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/clubs/{club.slug}/events/new/")
    assert page.locator("textarea[name=options]").count() == 0  # no JSON box
    page.fill("#id_name", "Chilean night")
    page.fill("#id_date", "2026-12-11")

    # The variant's house rules follow the variant chosen.
    page.select_option("#id_variant", "classic")
    assert page.locator("#rule-packs").is_hidden()
    assert page.locator("#rule-concealed_canasta_bonus").is_visible()
    page.select_option("#id_variant", "chilean")
    assert page.locator("#rule-packs").is_visible()
    assert page.locator("#rule-concealed_canasta_bonus").is_hidden()
    page.select_option("#id_rule_packs", "4")

    # The partner column for fixed partnerships alone.
    partner = page.locator(f"#id_partner_{players[0].pk}")
    assert partner.is_hidden()
    page.select_option("#id_format", "swiss")
    assert partner.is_visible() and page.locator("#pairs-field").is_visible()
    page.select_option("#id_format", "individual")
    assert partner.is_hidden() and page.locator("#pairs-field").is_hidden()

    # A player added inline, with the keyboard: what was typed stays.
    page.fill("#id_new_player", "Zoë Nguyen")
    page.press("#id_new_player", "Enter")
    page.wait_for_selector("text=Zoë Nguyen is on the roster, ticked present.")
    zoe = club.players.get(name="Zoë Nguyen")
    assert page.locator(f"input[name=players][value='{zoe.pk}']").is_checked()
    assert page.input_value("#id_name") == "Chilean night"
    assert page.input_value("#id_variant") == "chilean"
    assert page.input_value("#id_rule_packs") == "4"
    assert page.locator("#rule-packs").is_visible()

    # Everyone present, in place.
    boxes = page.locator("input[name=players]")
    assert boxes.count() == len(players) + 1
    page.tap("#tick-everyone")
    assert all(boxes.nth(i).is_checked() for i in range(boxes.count()))
    assert page.url.endswith("/events/new/")  # no round trip with the script
    page.screenshot(path=str(browser.ARTIFACTS / "new-event-chilean.png"), full_page=True)

    page.tap("button.primary:has-text('Create event')")
    page.wait_for_selector("h1:has-text('Chilean night')")
    event = Event.objects.get(name="Chilean night")
    assert (event.variant, event.options) == ("chilean", {"packs": 4})
    assert event.participants.count() == len(players) + 1
    assert "Chilean Canasta, 4 packs (216 cards)" in page.inner_text("main")

    # Seat round 1, a hand at table 1: the next round cannot be seated, and the page says why.
    page.tap("#start-round")
    page.wait_for_selector("#round-1 .tables")
    assert Round.objects.get(event=event, number=1).status == Round.Status.SEATED
    game = Game.objects.filter(table__round__event=event, table__number=1).get()
    hand = {"NS": {"total": 300}, "EW": {"total": 120}}  # totals only, as a paper pad has them
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=hand))
    page.reload()
    start = page.locator("#start-round")
    assert start.is_disabled()
    tables = ", ".join(
        str(n)
        for n in Game.objects.filter(table__round__event=event)
        .order_by("table__number")
        .values_list("table__number", flat=True)
    )
    assert "," in tables  # more than one table: the plural sentence
    reason = page.locator("#start-round-why")
    assert reason.inner_text() == (
        f"Round 1 still has games in play at tables {tables}: wait for them, or end them at "
        "their current score."
    )
    assert start.get_attribute("aria-describedby") == "start-round-why"

    page.locator("#round-1 .director-tools > summary").tap()
    page.screenshot(path=str(browser.ARTIFACTS / "event-page-seat-disabled.png"), full_page=True)

    # The tables finish without the director: the button opens by itself, the page not reloaded.
    page.evaluate("() => { window.stayed = true; }")
    for game in Game.objects.filter(table__round__event=event, game_over=False):
        services.game_stop(game=game, stopped_by=alice)
    page.wait_for_selector("#start-round:not([disabled])", timeout=25_000)
    assert page.locator("#start-round-why").count() == 0
    assert page.evaluate("() => window.stayed") is True
