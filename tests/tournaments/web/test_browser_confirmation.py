"""A tournament hand at the table, on a phone through the table's card: the entering side chosen
by its large button (and chosen again by itself for the next hand), the hand confirmed with
the other side's code from the card."""

from __future__ import annotations

from tests.support import browser
from tests.support.browser import _fill_side, _game
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Hand, TableCard

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch


def test_the_entering_side_is_a_large_button_remembered_and_the_other_side_confirms(
    page, live_server, club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:4], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = _game(event)
    card = TableCard.objects.get(event=event, number=game.table.number)
    page.goto(f"{live_server.url}/t/{card.access_token}/")
    buttons = page.locator("fieldset.entered-by label.toggle")
    assert buttons.count() == 2
    for i in range(2):
        box = buttons.nth(i).bounding_box()
        assert box["width"] >= 150 and box["height"] >= 48, box  # half the form's width each
    # Saved without saying who enters: said at once beside the buttons, the hand kept.
    _fill_side(page, "NS", HAND_A["NS"])
    _fill_side(page, "EW", HAND_A["EW"])
    page.tap("#save-hand")
    page.wait_for_selector("#entered-by-error:has-text('Say which side is entering')")
    assert page.input_value("[name='NS-melded_points']") == str(HAND_A["NS"]["melded_points"])
    assert page.evaluate("() => localStorage.getItem('canasta-pending-hands') || '[]'") == "[]"
    # A tap anywhere on NS's button chooses NS.
    buttons.filter(has_text="NS").tap()
    assert page.locator("#entered-by-error").count() == 0
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved:has-text('Hand 1 saved')")
    # Hand 2: NS still chosen, on the phone and after a reload.
    assert page.is_checked("input[name=entered_by_side][value=NS]")
    page.reload()
    assert page.is_checked("input[name=entered_by_side][value=NS]")
    _fill_side(page, "NS", HAND_B["NS"])
    _fill_side(page, "EW", HAND_B["EW"])
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved:has-text('Hand 2 saved')")
    assert [h.entered_by_side for h in Hand.objects.filter(game=game).order_by("number")] == ["NS", "NS"]
    # EW confirms hand 1 with its code from the card (NS's does not).
    waiting = page.locator("#waiting-1")
    waiting.locator("input[name=code]").fill(card.side_codes["NS"])
    waiting.locator("button.confirm").tap()
    page.wait_for_selector("text=That is not EW's code")
    page.locator("#waiting-1 input[name=code]").fill(card.side_codes["EW"])
    page.locator("#waiting-1 button.confirm").tap()
    page.wait_for_selector("#hand-1-confirm .confirmed")
    assert Hand.objects.get(game=game, number=1).confirmed_by_side == "EW"
