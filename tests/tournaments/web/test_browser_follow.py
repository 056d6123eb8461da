"""Pages that follow the room by themselves: a table's phone catches up with what another phone
or the director did (a hand saved elsewhere, the next round seated for its card), without
throwing away a hand being typed; the director's event page follows its tables and standings.
Each page asks every 15 s; the tests ask at once (the page's own "come back" event)."""

from __future__ import annotations

from tests.support import browser
from tests.support.browser import _game, _log_in
from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import TableCard

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch

FOLLOW = "() => document.dispatchEvent(new Event('visibilitychange'))"  # as when the phone wakes


def _saved_elsewhere(game, number: int, hand: dict) -> None:
    services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def test_an_idle_phone_catches_up_with_a_hand_saved_on_another(page, live_server, league_night):
    game = _game(league_night)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/")
    _saved_elsewhere(game, 1, HAND_A)
    page.evaluate(FOLLOW)
    page.wait_for_selector("#hands tbody tr#hand-1")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert page.input_value("form[data-hand-form] [name=number]") == "2"


def test_a_phone_in_the_middle_of_a_hand_keeps_it_and_is_told(page, live_server, league_night):
    game = _game(league_night)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/")
    page.fill("[name='NS-melded_points']", "310")  # hand 1 begun here
    page.locator("body").click()  # no field in use
    _saved_elsewhere(game, 1, HAND_A)
    page.evaluate(FOLLOW)
    page.wait_for_selector("#table-moved:not([hidden])")
    assert page.input_value("[name='NS-melded_points']") == "310"  # nothing typed is lost
    # The field emptied (the scorer gives up the hand): the page catches up at the next ask.
    page.fill("[name='NS-melded_points']", "")
    page.locator("body").click()
    page.evaluate(FOLLOW)
    page.wait_for_selector("#hands tbody tr#hand-1")
    assert page.locator("#table-moved").is_hidden()
    assert page.input_value("form[data-hand-form] [name=number]") == "2"


def test_a_card_left_on_game_over_shows_the_next_round(page, live_server, league_night):
    card = TableCard.objects.filter(event=league_night).order_by("number").first()
    page.goto(f"{live_server.url}/t/{card.access_token}/")
    for game in league_night.rounds.get(number=1).tables.all():
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            _saved_elsewhere(game.game, number, hand)
    page.evaluate(FOLLOW)
    page.wait_for_selector("#result")  # the game over, from another phone
    services.round_start(event=league_night)  # the director seats round 2
    page.evaluate(FOLLOW)
    page.wait_for_selector("#moves")  # where its players go, then the new game
    assert "Round 2" in page.locator("#moves").inner_text()


def test_the_event_page_follows_its_tables_and_standings(page, live_server, league_night, alice):
    game = _game(league_night)
    _log_in(page, live_server, "alice")
    page.goto(f"{live_server.url}/events/{league_night.pk}/")
    line = page.locator(f"#round-1-tables a[href='/games/{game.pk}/']")
    assert "1685" not in line.inner_text()
    for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
        _saved_elsewhere(game, number, hand)
    services.standings_rebuild(event_id=league_night.pk)
    page.evaluate("() => htmx.trigger('#event-follow', 'follow')")
    page.wait_for_function(
        "(id) => document.querySelector(`#round-1-tables a[href='/games/${id}/']`)"
        ".textContent.includes('2930')",
        arg=game.pk,
    )
    # The winners' difference in the standings: 2930 − 2550 = +380.
    assert "+380" in page.locator("#event-standings").inner_text()
