"""The table page on a phone (390 x 844): an error outlines its own field only; *Count the
cards* has a line per kind of card with both sides on it, and its form fits the screen; and
axe-core finds nothing, of any impact, in any entry mode, in English and in Arabic."""

from __future__ import annotations

from tests.support import accessibility, browser
from tests.support.browser import _fill_side, _game, _log_in
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Hand

pytestmark = accessibility.pytestmark  # the browser, and axe-core
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch

BORDER = "(el) => { const s = getComputedStyle(el); return [s.borderTopColor, s.borderTopWidth]; }"

# A hand counted card by card, classic (rules.md §1: joker 50, 2 and ace 20, 8 to K 10, 4 to 7
# and black three 5; a natural canasta 500, a red three 100, going out 100):
# NS went out: melded 1 joker, 7 aces, 10 cards 8 to K = 50 + 140 + 100 = 290, a 4 to 7 left in
# the partner's hand −5, a natural canasta, a red three: 290 − 5 + 500 + 100 + 100 = 985;
# EW melded two 2s and six 4 to 7 = 40 + 30 = 70, an 8 to K left in hand −10: 60.
COUNTED = {
    "NS-cards.melded.jokers": 1,
    "NS-cards.melded.aces": 7,
    "NS-cards.melded.high": 10,
    "NS-cards.in_hand.low": 1,
    "EW-cards.melded.twos": 2,
    "EW-cards.melded.low": 6,
    "EW-cards.in_hand.high": 1,
}


def test_an_error_outlines_its_own_field_not_the_other_sides(page, live_server, league_night, sam):
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.fill("[name='NS-melded_points']", "1,230")  # a separator: NS's field is refused
    page.tap("#save-hand")
    page.locator(".pad-row-error .field-error").wait_for()
    refused = page.locator("[name='NS-melded_points']").evaluate(BORDER)
    other = page.locator("[name='EW-melded_points']").evaluate(BORDER)
    untouched = page.locator("[name='NS-hand_points']").evaluate(BORDER)
    assert refused == ["rgb(179, 38, 30)", "2px"]  # --error, thick
    assert other == untouched  # EW's field on the same line looks like any other field
    assert page.input_value("[name='NS-melded_points']") == "1,230"
    assert not Hand.objects.filter(game=game).exists()


def test_the_live_preview_and_check_score_without_htmx(page, live_server, league_night, sam):
    """The page's own script asks for the preview as the hand is typed, and *Check score*
    puts a refused hand's errors by their fields in place, with no page load and no htmx."""
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("() => { window.samePage = true; }")
    assert [url for url in requested if "htmx" in url] == []
    assert page.evaluate("() => typeof window.htmx") == "undefined"
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.locator("[name='EW-hand_points']").blur()
    page.wait_for_selector("#preview .preview-score")
    assert page.locator("#preview [data-side=NS] .preview-score").inner_text() == "+1685"
    page.tap("[name='EW-went_out']")  # both sides went out: the engine refuses the hand
    page.tap("button[name=preview]")
    page.locator(".pad-row-error .field-error").first.wait_for()
    assert page.locator(".has-error [name$='-went_out']").count() >= 1
    assert page.evaluate("() => window.samePage") is True
    assert not Hand.objects.filter(game=game).exists()


def test_count_the_cards_has_both_sides_on_a_line_per_kind_and_fits_the_screen(
    page, live_server, league_night, sam
):
    """The form fits the screen, opened from its entry mode's link (the page scrolled to the
    form): the whole page cannot be one screen, as the scores and the page's head stand above
    the form and the entry modes and the hands below it; every field of the hand is then on
    the screen, and the hand needs no scroll."""
    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.locator(".entry-modes a", has_text="Count the cards").tap()
    page.wait_for_url("**mode=cards**")
    height = page.viewport_size["height"]
    box = page.locator("form[data-hand-form]").bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, box
    # One line per kind: its four counts (NS melded, NS in hand, EW melded, EW in hand) level.
    for kind in ("jokers", "twos", "aces", "high", "low", "black_threes"):
        tops = {
            round(page.locator(f"[name='{side}-cards.{place}.{kind}']").bounding_box()["y"])
            for side in ("NS", "EW")
            for place in ("melded", "in_hand")
        }
        assert len(tops) == 1, (kind, tops)
    # Named by its line, its side and its place, for a screen reader.
    labelled = page.locator("[name='EW-cards.in_hand.high']").get_attribute("aria-labelledby")
    names = [page.locator(f"#{part}").inner_text() for part in labelled.split()]
    assert names == ["8 to K", "EW", "in hand"]
    taps = 0
    for name, value in COUNTED.items():
        field = page.locator(f"[name='{name}']")
        inside = field.bounding_box()
        assert inside["y"] >= 0 and inside["y"] + inside["height"] <= height, name  # no scroll
        field.tap()
        field.press_sequentially(str(value))
        taps += 1
    for control in (
        page.locator(".stepper", has=page.locator("[name='NS-natural_canastas']")).locator(".step-up"),
        page.locator(".stepper", has=page.locator("[name='NS-red_threes']")).locator(".step-up"),
        page.locator("[name='NS-went_out']"),
        page.locator("#save-hand"),
    ):
        inside = control.bounding_box()
        assert inside["y"] >= 0 and inside["y"] + inside["height"] <= height
        control.tap()
        taps += 1
    assert taps == 11  # a number typed per count, a tap per box or step; 22 taps before
    page.wait_for_selector("#hand-saved:has-text('Hand 1 saved')")
    hand = Hand.objects.get(game=game, number=1)
    assert {e.side: e.score for e in hand.entries.all()} == {"NS": 985, "EW": 60}
    assert page.locator("form[data-hand-form] [name=mode]").input_value() == "cards"


def test_every_entry_mode_of_the_table_page_passes_axe_at_every_impact(page, live_server, league_night, sam):
    # The policy forbids the injected script: this browser context lets axe in.
    context = page.context.browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, bypass_csp=True
    )
    page = context.new_page()
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    _log_in(page, live_server, "sam")
    every = ("minor", "moderate", "serious", "critical")
    problems: list[str] = []
    for language in ("en", "ar"):
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        for mode in ("summary", "cards", "total"):
            page.goto(f"{live_server.url}/games/{game.pk}/?mode={mode}&saved=1")
            if page.locator("#more-fields > summary").count():
                page.locator("#more-fields > summary").tap()  # the rare fields too
            problems += accessibility._check(page, f"{language} {mode}", every)
        # A refused hand: the errors by their fields.
        page.goto(f"{live_server.url}/games/{game.pk}/")
        page.fill("[name='NS-melded_points']", "1,230")
        page.tap("#save-hand")
        page.locator(".pad-row-error .field-error").wait_for()
        problems += accessibility._check(page, f"{language} refused", every)
        # The table's link, without an account.
        page.goto(f"{live_server.url}/t/{game.table.access_token}/?mode=cards")
        problems += accessibility._check(page, f"{language} table link", every)
    context.close()
    assert not problems, "\n".join(problems)
