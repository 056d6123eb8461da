"""The content security policy in a real browser: the pages run with no violation, and the
behaviour moved out of inline handlers (language picker, print button) still works."""

from __future__ import annotations

from tests.support import browser
from tests.support.browser import _log_in
from tournaments.models import Game

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, phone-sized


def test_pages_run_under_the_content_security_policy(page, live_server, league_night, alice):
    violations: list[str] = []
    page.on(
        "console",
        lambda msg: (
            violations.append(f"{page.url}: {msg.text[:60]}")
            if "Content Security Policy" in msg.text
            else None
        ),
    )
    _log_in(page, live_server, "alice")
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.wait_for_selector("button.step-up")  # table.js ran: it adds the steppers
    page.select_option("#language", "es")  # site.js sends the picker's form
    page.wait_for_function("document.documentElement.lang === 'es'")
    page.goto(f"{live_server.url}/events/{league_night.pk}/rounds/1/cards/")
    assert page.locator("button[data-print]").count() == 1
    page.goto(f"{live_server.url}/api/docs/")
    page.wait_for_selector(".swagger-ui .info")  # Swagger UI started from its script file
    assert violations == []


def test_the_player_chart_board_and_sheet_run_under_the_policy(page, live_server, league_night, bob):
    """Chart.js from static, started by rating_chart.js from the json_script data; the board
    asks for its live part by board.js and takes its styles from site.css; the sheet prints by
    site.js."""
    from tests.support.nights import _finish_round, _seats

    _finish_round(league_night)
    north, _, _ = _seats(league_night)
    problems: list[str] = []
    page.on(
        "console",
        lambda msg: (
            problems.append(f"{page.url}: {msg.text[:80]}") if "Content Security Policy" in msg.text else None
        ),
    )
    page.on("pageerror", lambda exc: problems.append(f"{page.url}: {exc}"))
    _log_in(page, live_server, "bob")
    browser.ARTIFACTS.mkdir(exist_ok=True)

    page.goto(f"{live_server.url}/players/{north.pk}/")
    page.wait_for_function("window.Chart && Chart.getChart(document.querySelector('canvas.rating-chart'))")
    assert page.evaluate("Chart.getChart(document.querySelector('canvas.rating-chart')).data.labels") == [1]
    page.screenshot(path=str(browser.ARTIFACTS / "csp-player-chart.png"), full_page=True)

    page.goto(f"{live_server.url}/events/{league_night.pk}/board/")
    assert page.locator("meta[http-equiv=refresh]").count() == 0
    assert page.locator(".topbar").is_hidden()  # the board's own styles, from site.css
    assert page.locator(".hall-table").count() == 2
    page.wait_for_function("document.documentElement.classList.contains('hall-js')")  # board.js ran
    page.screenshot(path=str(browser.ARTIFACTS / "csp-round-board.png"), full_page=True)

    page.goto(f"{live_server.url}/events/{league_night.pk}/rounds/1/sheet/")
    assert page.locator("button[data-print]").count() == 1
    assert page.evaluate("getComputedStyle(document.querySelector('.sheet-tables')).borderCollapse") == (
        "collapse"
    )
    assert problems == []


def test_entering_saving_and_undoing_a_hand_runs_under_the_policy(page, live_server, league_night, sam):
    """The live preview, the save answered in place and the undo: no violation (htmx would
    inject its indicator style; htmx-config keeps it out)."""
    from tests.support.browser import _fill_side
    from tests.support.hands import HAND_A

    violations: list[str] = []
    page.on(
        "console",
        lambda msg: violations.append(msg.text[:80]) if "Content Security Policy" in msg.text else None,
    )
    page.on("pageerror", lambda exc: violations.append(str(exc)))
    _log_in(page, live_server, "sam")
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.locator("[name='EW-hand_points']").blur()
    page.wait_for_selector("#preview .preview-score")  # the live preview answered
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved")
    page.tap("#undo-hand")
    page.wait_for_selector("#hand-undone")
    assert page.evaluate("() => document.querySelectorAll('style').length") == 0
    assert violations == []
