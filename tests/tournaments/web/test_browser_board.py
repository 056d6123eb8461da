"""The hall board in a real browser (Playwright driving Debian's Chromium): a phone at a table
saves a hand through the table card and the room's screen, 1920 x 1080, shows the new score
without reloading, then the round's results and the standings once every table is done; fifteen
tables fit the screen without scrolling; in Arabic each side keeps its own number, read as the
eye reads it. Scores from tests/support/hands.py (worked from the rules)."""

from __future__ import annotations

import datetime
import time

import pytest
from django.db import connections

from clubs.models import Player
from tests.support import browser as chromium
from tests.support.browser import ARTIFACTS, CHROMIUM, _fill_side
from tests.support.hands import HAND_A, HAND_B
from tournaments import selectors, services
from tournaments.models import Event, Game, TableCard

pytestmark = chromium.pytestmark

SCREEN = {"width": 1920, "height": 1080}


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


def _screen(browser, live_server, url: str, language: str = ""):
    """The room's screen: a 1920 x 1080 page on `url`, in `language` when given."""
    context = browser.new_context(viewport=SCREEN)
    if language:
        context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}{url}")
    return page


def _board_url(event) -> str:
    return f"/board/{selectors.board_token(event=Event.objects.get(pk=event.pk))}/"


def _score(page, table: int, side: str) -> str:
    return page.locator(f"#board-table-{table} [data-side={side}] .hall-score").inner_text()


def _play(game, hands, first=1):
    for number, hand in enumerate(hands, start=first):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def test_a_hand_saved_on_a_phone_shows_on_the_hall_board_without_a_reload(browser, live_server, league_night):
    board = _screen(browser, live_server, _board_url(league_night))
    board.evaluate("() => { window.boardMarker = 'first load'; }")
    assert _score(board, 1, "NS") == "NS 0"

    # The phone at table 1 opens the night's table card, as a player scanning its QR code.
    card = TableCard.objects.get(event=league_night, number=1)
    phone = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    ).new_page()
    phone.set_default_timeout(15_000)
    phone.goto(f"{live_server.url}/t/{card.access_token}/")
    _fill_side(phone, "NS", HAND_A["NS"])
    _fill_side(phone, "EW", HAND_A["EW"])
    phone.tap("#save-hand")
    phone.wait_for_selector("#hands")
    saved_at = time.monotonic()

    # Within 10 s the board shows NS 1685 and EW 485 (rules.md §2.1, tests/support/hands.py).
    ns_score = "document.querySelector('#board-table-1 [data-side=NS] .hall-score')"
    board.wait_for_function(f"() => {ns_score}.textContent.includes('1685')", timeout=10_000)
    assert time.monotonic() - saved_at < 10
    assert (_score(board, 1, "NS"), _score(board, 1, "EW")) == ("NS 1685", "EW 485")
    assert board.locator("#board-table-1 .hall-hands").inner_text() == "1 hand"
    assert board.evaluate("() => window.boardMarker") == "first load"  # the same page: no reload

    # Every table finishes the round: table 1 its hands 2 to 4, table 2 all four. NS ends on
    # 1685 − 220 + 1685 − 220 = 2930 and EW on 485 + 790 + 485 + 790 = 2550 at both: NS wins.
    game_one, game_two = Game.objects.filter(table__round__event=league_night).order_by("table__number")
    _play(game_one, [HAND_B, HAND_A, HAND_B], first=2)
    _play(game_two, [HAND_A, HAND_B, HAND_A, HAND_B])
    services.standings_rebuild(event_id=league_night.pk)
    board.locator("#board-results").wait_for(timeout=10_000)
    assert board.locator("#board-tables-title").inner_text() == "Round 1 results"
    for table in (1, 2):
        assert _score(board, table, "NS") == "NS 2930"
        assert _score(board, table, "EW") == "EW 2550"
        assert board.locator(f"#board-table-{table} .hall-state").inner_text() == "NS wins"
    assert board.locator("#board-standings-title").inner_text() == "Standings after round 1"
    points = board.locator("#board-standings .hall-points").all_inner_texts()
    assert points == ["2", "2", "2", "2", "0", "0", "0", "0"]
    assert board.evaluate("() => window.boardMarker") == "first load"
    ARTIFACTS.mkdir(exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "hall-board-round-results-1920x1080.png"))


def _fifteen_tables(club) -> Event:
    """A night of 60 players, round 1 seated: 15 tables of four. Long names, as clubs have."""
    players = [
        Player.objects.create(club=club, name=f"Alexandra Montgomery-Fairweather {n:02d}")
        for n in range(1, 61)
    ]
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Club championship, qualifying night",
            date=datetime.date(2026, 11, 27),
            variant="classic",
            hands_per_round=1,
            minutes_per_round=90,
            players=players,
        ),
    )
    services.round_start(event=event)  # seated at the commit (tasks in-process)
    return event


def _fits(page) -> None:
    """No scrolling, and no table card or standings line cut off inside its box."""
    assert page.evaluate("() => document.scrollingElement.scrollHeight <= window.innerHeight")
    assert page.evaluate(
        "() => document.scrollingElement.scrollWidth <= document.documentElement.clientWidth"
    )
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('.hall-table, .hall-standings, .hall-tables')]
                .filter(el => el.offsetParent !== null && el.scrollHeight > el.clientHeight + 1)
                .map(el => el.id || el.className)"""
    )
    assert clipped == []


def test_fifteen_tables_fit_a_1920_by_1080_screen_without_scrolling(browser, live_server, club):
    event = _fifteen_tables(club)
    assert Game.objects.filter(table__round__event=event).count() == 15
    board = _screen(browser, live_server, _board_url(event))
    cards = board.locator(".hall-table")
    assert cards.count() == 15
    for n in range(15):
        box = cards.nth(n).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= SCREEN["height"]
    ARTIFACTS.mkdir(exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "hall-board-15-tables-1920x1080.png"))
    _fits(board)

    for game in Game.objects.filter(table__round__event=event):
        _play(game, [HAND_B])  # one hand a round: every game ends, EW wins 790 to −220
    services.standings_rebuild(event_id=event.pk)
    board.locator("#board-results").wait_for(timeout=10_000)  # the live part replaced, no reload
    assert board.locator("#board-results .hall-table.state-finished").count() == 15
    _fits(board)
    board.screenshot(path=str(ARTIFACTS / "hall-board-15-tables-results-1920x1080.png"))
    # Every game is over: the round's clock stops, gone from the new part.
    assert board.locator("[data-clock]").count() == 0
    # 60 players: the standings show 15 lines at a time (four even pages of at most 18), and
    # turn to the next page by themselves.
    pages = board.locator("#board-standing-pages > [data-page]")
    assert pages.count() == 4
    assert [pages.nth(n).is_visible() for n in range(4)] == [True, False, False, False]
    assert pages.nth(0).locator(".hall-line").count() == 15
    pages.nth(1).wait_for(state="visible", timeout=15_000)
    assert [pages.nth(n).is_visible() for n in range(4)] == [False, True, False, False]
    _fits(board)


def _box(page, locator) -> dict:
    box = locator.bounding_box()
    assert box is not None
    return box


def _same_line(a: dict, b: dict) -> bool:
    return abs((a["y"] + a["height"] / 2) - (b["y"] + b["height"] / 2)) < min(a["height"], b["height"]) / 2


def _char_box(page, selector: str, character: str) -> dict:
    """The box of the first `character` in the text of `selector`, as drawn."""
    return page.evaluate(
        """([selector, character]) => {
            const root = document.querySelector(selector);
            const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const at = node.textContent.indexOf(character);
                if (at >= 0) {
                    const range = document.createRange();
                    range.setStart(node, at);
                    range.setEnd(node, at + character.length);
                    const r = range.getBoundingClientRect();
                    return {x: r.x, y: r.y, width: r.width, height: r.height};
                }
            }
            return null;
        }""",
        [selector, character],
    )


def test_in_arabic_each_side_keeps_its_own_number_on_the_board_and_the_round_results(
    browser, live_server, club, league_night
):
    """Right to left, read as the eye reads it: a table's first side above the second, each
    side's label beside its own number with the minus sign in front (−220, not 220−); a line of
    the standings rank, name, then victory points from the right; and the round results page's
    rows side, players, points from the right."""
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    _play(game, [HAND_B])  # NS −220, EW 790
    services.standings_rebuild(event_id=league_night.pk)
    board = _screen(browser, live_server, _board_url(league_night), language="ar")
    assert board.evaluate("() => document.documentElement.dir") == "rtl"

    card = "#board-table-1"
    ns, ew = (_box(board, board.locator(f"{card} [data-side={side}] .hall-score")) for side in ("NS", "EW"))
    assert ns["y"] + ns["height"] <= ew["y"] + 0.5  # NS's line first
    for side, number in (("NS", "−220"), ("EW", "790")):
        score = f"{card} [data-side={side}] .hall-score"
        assert board.locator(score).inner_text() == f"{side} {number}"
        label, figure = _char_box(board, score, side), _box(board, board.locator(f"{score} bdi.num"))
        assert _same_line(label, figure)
        # The label and its number side by side, nothing of the other side between them.
        assert label["x"] + label["width"] <= figure["x"] + 0.5
        assert figure["x"] - (label["x"] + label["width"]) < label["height"] * 1.5
    number = f"{card} [data-side=NS] bdi.num"
    minus, digits = _char_box(board, number, "−"), _char_box(board, number, "220")
    assert minus["x"] + minus["width"] <= digits["x"] + 0.5  # the sign in front of the number

    line = board.locator("#board-standings .hall-line").first
    rank, name, points = (
        _box(board, line.locator(part)) for part in (".hall-rank", ".hall-entrant", ".hall-points")
    )
    assert _same_line(rank, name) and _same_line(name, points)
    assert rank["x"] > name["x"] > points["x"]  # rank, name, points from the right
    ARTIFACTS.mkdir(exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "hall-board-arabic-1920x1080.png"))

    # The round results on the standings page (a member's, in Arabic): each side's row reads
    # side, players, points from the right, the points in their own cell with the sign in front.
    club.results_public = True
    club.save(update_fields=["results_public"])
    results = _screen(browser, live_server, f"/events/{league_night.pk}/standings/", language="ar")
    row = results.locator("#results-round-1 table.round-results tbody tr").first
    # The columns: table, side, players, points, result, victory points.
    side, players, scored = (_box(results, row.locator("td").nth(n)) for n in (1, 2, 3))
    assert _same_line(side, scored)
    assert side["x"] > players["x"] > scored["x"]
    assert row.locator("td").nth(1).inner_text() == "NS" and row.locator("td").nth(3).inner_text() == "−220"
    points = "#results-round-1 tbody tr td:nth-child(4)"
    sign, figure = _char_box(results, points, "−"), _char_box(results, points, "220")
    assert sign["x"] + sign["width"] <= figure["x"] + 0.5
    results.screenshot(path=str(ARTIFACTS / "round-results-arabic.png"), full_page=True)


def _overlap(a: dict, b: dict) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_qr_code_covers_nothing_and_a_finished_event_shows_its_final_standings(
    browser, live_server, club, league_night
):
    """With the results public the QR code stands at the screen's top corner: the standings'
    heading, at the round's end too, is below it, not under it. Once the event is finished the
    board names the final standings, no longer a round's."""
    club.results_public = True
    club.save(update_fields=["results_public"])
    for game in Game.objects.filter(table__round__event=league_night):
        _play(game, [HAND_A, HAND_B, HAND_A, HAND_B])
    services.standings_rebuild(event_id=league_night.pk)
    board = _screen(browser, live_server, _board_url(league_night))
    board.locator("#board-results").wait_for(timeout=10_000)
    qr = _box(board, board.locator("#board-qr"))
    for part in ("#board-standings-title", "#board-standings .hall-line >> nth=0", "#board-tables-title"):
        assert not _overlap(qr, _box(board, board.locator(part))), part
    assert board.locator("#board-standings-title").inner_text() == "Standings after round 1"

    services.event_finish(event=league_night)
    board.wait_for_function(
        "() => document.querySelector('#board-standings-title').textContent === 'Final standings'",
        timeout=10_000,
    )
    assert "Round" not in board.locator("#board-live h1").inner_text()
    assert not _overlap(
        _box(board, board.locator("#board-qr")), _box(board, board.locator("#board-standings-title"))
    )
    ARTIFACTS.mkdir(exist_ok=True)
    board.screenshot(path=str(ARTIFACTS / "hall-board-finished-1920x1080.png"))
