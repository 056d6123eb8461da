"""The table entry page in a real browser: Playwright driving Debian's Chromium, phone-sized.

Chromium comes from Debian's package (`make browser` installs it); nothing is downloaded.
Screenshots are kept under test-artifacts/ for a person to look at.
"""

from __future__ import annotations

from tests.support import browser
from tests.support.browser import ARTIFACTS, _fill_side, _game, _log_in
from tests.support.hands import HAND_A, HAND_TWO_OUT
from tournaments.models import Game, Hand

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, phone-sized


def test_entering_a_hand_on_a_phone(page, live_server, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])

    page.tap("text=Check score")
    preview = page.locator("#preview")
    preview.wait_for()
    # Worked in tests/support/hands.py from rules.md §2.1: NS 1685, EW 485.
    assert preview.locator("[data-side=NS] .preview-score").inner_text() == "+1685"
    assert preview.locator("[data-side=EW] .preview-score").inner_text() == "+485"
    assert not Hand.objects.filter(game=game).exists()

    page.tap("#save-hand")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert page.locator(".side-total[data-side=EW]").inner_text() == "485"
    assert "90" in page.locator(".side-1 .side-minimum").inner_text()
    assert "50" in page.locator(".side-2 .side-minimum").inner_text()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-page-390x844.png"), full_page=True)
    assert Hand.objects.filter(game=game).count() == 1


def test_a_rejected_hand_shows_the_error_by_the_field_and_saves_nothing(page, live_server, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_TWO_OUT["NS"])
    _fill_side(page, "EW", HAND_TWO_OUT["EW"])
    page.tap("#save-hand")
    error = page.locator(".pad-row-error .field-error").first
    error.wait_for()
    assert error.is_visible()
    assert page.locator(".has-error [name$='-went_out']").count() >= 1
    assert not Hand.objects.filter(game=game).exists()


def test_a_double_tap_on_save_records_one_hand(page, live_server, league_night, sam):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    # Two submits of the same form, as a double tap on a slow connection sends them.
    page.evaluate(
        """() => { const form = document.querySelector('form[data-hand-form]');
                   const button = document.getElementById('save-hand');
                   form.requestSubmit(button); form.requestSubmit(button); }"""
    )
    page.wait_for_selector("#hands")
    assert Hand.objects.filter(game=game).count() == 1


def test_two_phones_correcting_one_hand_get_a_conflict_not_an_overwrite(page, live_server, league_night, sam):
    from tournaments import services

    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    _log_in(page, live_server, "sam")
    second = page.context.new_page()
    for phone in (page, second):
        phone.goto(f"{live_server.url}/games/{game.pk}/?hand=1")
    page.fill("[name='EW-hand_points']", "30")  # EW: 150 − 30 + 300 + 100 = 520
    page.tap("#save-hand")
    page.wait_for_selector("text=Hand 1 corrected")
    second.fill("[name='EW-hand_points']", "90")
    second.click("#save-hand")
    second.wait_for_selector("text=changed by someone else")
    assert {e.side: e.score for e in Hand.objects.get(game=game).entries.all()} == {"NS": 1685, "EW": 520}


def test_a_hand_entered_without_a_connection_is_sent_when_it_returns(page, live_server, league_night, sam):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.context.set_offline(True)
    page.tap("#save-hand")
    page.wait_for_selector("#pending-hands:not([hidden])")
    assert page.locator("#pending-hands .pending-count").inner_text() == "1"
    # As visible as an error: the error's colours, upright, full size.
    style = (
        "(el) => { const s = getComputedStyle(el);"
        " return [s.color, s.backgroundColor, s.fontStyle, s.fontSize]; }"
    )
    notice = page.locator("#pending-hands").evaluate(style)
    page.evaluate(
        "() => { const e = document.createElement('div'); e.className = 'errors'; e.id = 'probe';"
        " e.textContent = 'x'; document.body.append(e); }"
    )
    error = page.locator("#probe").evaluate(style)
    assert notice[:2] == error[:2] and notice[2] == "normal"
    assert float(notice[3].removesuffix("px")) >= 16
    assert not Hand.objects.filter(game=game).exists()
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_the_server_could_not_take_stays_queued_and_is_sent_again(
    page, live_server, league_night, sam
):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    refused = []

    # The save answered as a restarting server or a proxy answers it; the live preview
    # (the same address, without "save") goes through.
    def unavailable(route):
        if "save=1" not in (route.request.post_data or ""):
            route.continue_()
            return
        refused.append(route.request)
        route.fulfill(status=503, content_type="text/html", body="<h1>Service Unavailable</h1>")

    save_url = f"{live_server.url}/games/{game.pk}/hands/"
    page.route(save_url, unavailable)
    page.tap("#save-hand")
    page.wait_for_selector("#pending-hands .pending-server:visible")
    assert refused
    assert page.locator("#pending-hands .pending-count").inner_text() == "1"
    assert page.locator("#pending-hands .pending-offline").is_hidden()
    assert page.locator("#save-hand").is_visible()  # the form is still there, not an error page
    assert page.locator("text=Service Unavailable").count() == 0
    assert not Hand.objects.filter(game=game).exists()

    page.unroute(save_url)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert Hand.objects.filter(game=game).count() == 1
    assert page.evaluate("() => JSON.parse(localStorage.getItem('canasta-pending-hands') || '[]')") == []
    assert page.locator("#pending-hands").is_hidden()


def test_the_other_side_confirms_the_hand(
    page, live_server, club, players, sam, django_capture_on_commit_callbacks
):
    from tests.support.factories import EVENT_DATE
    from tournaments import services

    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:4], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    from tournaments.models import TableCard

    game = _game(event)
    card = TableCard.objects.get(event=event, number=game.table.number)
    page.goto(f"{live_server.url}/t/{card.access_token}/")  # the table's card, no account
    page.check("input[name=entered_by_side][value=NS]")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.tap("#save-hand")
    page.wait_for_selector("text=waiting for the other side")
    assert page.locator("button.confirm").count() == 1  # only EW may confirm
    # NS's code (on NS's half) does not confirm for EW; EW's does.
    page.fill("input[name=code]", card.side_codes["NS"])
    page.tap("button.confirm")
    page.wait_for_selector("text=That is not EW's code")
    assert Hand.objects.get(game=game).confirmed_at is None
    page.fill("input[name=code]", card.side_codes["EW"])
    page.tap("button.confirm")
    page.wait_for_selector(".confirmed")
    assert Hand.objects.get(game=game).confirmed_by_side == "EW"


def test_the_arabic_page_is_laid_out_right_to_left(page, live_server, league_night, sam):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    assert page.evaluate("() => document.documentElement.dir") == "rtl"
    assert page.evaluate("() => document.documentElement.lang") == "ar"
    # In a right-to-left page the first side's box stands on the right.
    first = page.locator(".scoreboard .side-1").bounding_box()
    second = page.locator(".scoreboard .side-2").bounding_box()
    assert first["x"] > second["x"]
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-page-arabic-rtl.png"), full_page=True)


def test_a_hand_can_be_entered_with_the_keyboard_alone(page, live_server, league_night, sam):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.focus("[name='NS-melded_points']")
    # HAND_A as typed: NS 1685, EW 485 (tests/support/hands.py).
    typed = {
        f"{side}-{field}": str(value)
        for side, entry in HAND_A.items()
        for field, value in entry.items()
        if not isinstance(value, bool)
    }
    # Walk the form in tab order, typing values and ticking "went out" for NS with the space bar.
    for _ in range(60):
        name = page.evaluate(
            "() => document.activeElement.id === 'save-hand' ? 'save-hand' : document.activeElement.name"
        )
        if name in typed:
            page.keyboard.type(typed[name])
        elif name == "NS-went_out":
            page.keyboard.press("Space")
        elif name == "save-hand":
            page.keyboard.press("Enter")
            break
        page.keyboard.press("Tab")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert page.locator(".side-total[data-side=EW]").inner_text() == "485"


def test_a_negative_hand_score_typed_with_the_sign_control(page, live_server, league_night, sam):
    """Phone number pads have no minus key: the ± control beside the field makes 85 into −85."""
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/?mode=total")
    page.fill("[name='NS-total']", "1685")
    page.tap("[name='NS-went_out']")
    page.fill("[name='EW-total']", "85")
    page.locator(".pad-cell", has=page.locator("[name='EW-total']")).locator(".sign-toggle").tap()
    assert page.input_value("[name='EW-total']") == "\u221285"
    page.tap("#save-hand")
    page.wait_for_selector("#hands")
    assert page.locator(".side-total[data-side=EW]").inner_text() == "\u221285"
    game.refresh_from_db()
    assert game.totals == {"NS": 1685, "EW": -85}


def _box(page, selector: str) -> dict:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return box


def _reads_first_right_to_left(a: dict, b: dict) -> bool:
    """Whether box `a` comes before box `b` as a right-to-left page is read: an earlier line,
    or on the same line further right."""
    if abs(a["y"] - b["y"]) > min(a["height"], b["height"]) / 2:
        return a["y"] < b["y"]
    return a["x"] > b["x"]


def _apart(a: dict, b: dict) -> bool:
    """Whether two boxes do not overlap: a side's text split around the other's would."""
    return (
        a["x"] + a["width"] <= b["x"] + 0.5
        or b["x"] + b["width"] <= a["x"] + 0.5
        or a["y"] + a["height"] <= b["y"] + 0.5
        or b["y"] + b["height"] <= a["y"] + 0.5
    )


def _together(page, pair: str, label_side: str) -> None:
    """In the visual order: the side's box holds its label and its number, nothing between."""
    box = _box(page, pair)
    text = page.locator(pair).inner_text()
    assert text.startswith(label_side), (pair, text)
    number = page.locator(pair).locator("bdi.num").first
    inner = number.bounding_box()
    assert inner is not None
    assert box["x"] <= inner["x"] and inner["x"] + inner["width"] <= box["x"] + box["width"] + 0.5, pair


def test_in_arabic_each_side_keeps_its_own_number_in_the_preview_and_the_saved_line(
    page, live_server, league_night, sam
):
    """Rendered right to left, then read as the eye reads it: NS's box stands right of EW's
    (the first side first, from the right), and each box holds its own label and number."""
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.context.add_cookies([{"name": "django_language", "value": "ar", "url": live_server.url}])
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.tap("button[name=preview]")  # Check score, in Arabic
    page.locator("#preview .preview-side").first.wait_for()
    ns, ew = (
        _box(page, "#preview .preview-side[data-side=NS]"),
        _box(page, "#preview .preview-side[data-side=EW]"),
    )
    assert ns["x"] > ew["x"]  # NS first: on the right in a right-to-left line
    _together(page, "#preview .preview-side[data-side=NS]", "NS")
    _together(page, "#preview .preview-side[data-side=EW]", "EW")
    assert page.locator("#preview .preview-side[data-side=NS] .preview-score").inner_text() == "+1685"
    page.tap("#save-hand")
    page.locator("#hand-saved .saved-side").first.wait_for()
    sides = page.locator("#hand-saved .saved-side")
    first, second = sides.nth(0).bounding_box(), sides.nth(1).bounding_box()
    assert first is not None and second is not None and _reads_first_right_to_left(first, second)
    assert _apart(first, second)
    _together(page, "#hand-saved .saved-side >> nth=0", "NS")
    _together(page, "#hand-saved .saved-total >> nth=0", "NS")
    assert page.locator("#hand-saved .saved-total").nth(0).inner_text() == "NS 1685"
    totals = page.locator("#hand-saved .saved-total")
    a, b = totals.nth(0).bounding_box(), totals.nth(1).bounding_box()
    assert a is not None and b is not None and _reads_first_right_to_left(a, b) and _apart(a, b)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "table-page-arabic-saved.png"), full_page=True)
