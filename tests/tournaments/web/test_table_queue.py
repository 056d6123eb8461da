"""Instant entry at the table: *Save hand* queues the hand on the phone and shows the next
hand's form at once; the queue is sent in order, one hand at a time, each with its submission
id, over the club's weak Wi-Fi (Chromium's network emulated through CDP: 400 ms round trip,
400 kbit/s, as bench/entry_bench.py does), through a dropped connection, and a hand the server
refuses keeps its values and says why."""

from __future__ import annotations

from tests.support import browser, variants
from tests.support.browser import _fill_side, _game
from tests.support.hands import HAND_A, HAND_TWO_OUT
from tournaments import services
from tournaments.models import Game, Hand

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch
variant_game = variants.variant_game  # a seated game of a variant, to its target

WEAK_WIFI = {"offline": False, "latency": 400, "downloadThroughput": 50_000, "uploadThroughput": 50_000}
OFFLINE = {**WEAK_WIFI, "offline": True}

# Six hands as a paper pad has them, in *Total only*: the scores of the 6-hand classic game of
# test_browser_entry.py (CLASSIC_GAME, worked there: its running totals 1685–485, 1465–1275,
# 2330–1875, 2465–3115, 3590–3820, 4075–5430), the side that went out ticked. The sixth takes
# EW past 5000 and ends the game.
SIX_HANDS = [
    ((1685, 485), "NS"),
    ((-220, 790), "EW"),
    ((865, 600), "NS"),
    ((135, 1240), "EW"),
    ((1125, 705), "NS"),
    ((485, 1610), "EW"),
]


def _network(page, conditions: dict):
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", conditions)
    return cdp


def _type_total(page, scores: tuple[int, int], went_out: str) -> None:
    for side, score in zip(("NS", "EW"), scores, strict=True):
        page.fill(f"[name='{side}-total']", str(score))
    page.tap(f"[name='{went_out}-went_out']")


def _shown(page, text: str) -> int:
    """How many elements on the screen say `text` (the innermost, visible)."""
    return page.evaluate(
        """(text) => Array.from(document.querySelectorAll('body *')).filter((el) =>
             el.checkVisibility() && el.textContent.includes(text) &&
             !Array.from(el.children).some((child) => child.textContent.includes(text))).length""",
        text,
    )


def _form_for(page, number: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelector('form[data-hand-form] [name=number]').value === String(n)",
        arg=number,
        timeout=2_000,  # the form is the page's own: no round trip to wait for
    )


def test_six_hands_saved_in_a_row_on_weak_wifi_through_a_dropped_connection(page, live_server, variant_game):
    game = variant_game("classic")  # to 5000, no limit of hands
    cdp = _network(page, WEAK_WIFI)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/?mode=total")
    for number, (scores, went_out) in enumerate(SIX_HANDS, start=1):
        _type_total(page, scores, went_out)
        page.tap("#save-hand")
        # The next hand's form at once, the hand's line in the queue until the server confirms it.
        _form_for(page, number + 1)
        assert page.input_value("[name='NS-total']") == ""
        assert page.locator(f"#hand-queue li[data-number='{number}']").count() == 1
        if number == 3:
            cdp.send("Network.emulateNetworkConditions", OFFLINE)
    # Offline: the hands wait on the phone (and survive a reload), none is lost.
    page.wait_for_selector("#pending-hands:not([hidden])")
    waiting = page.evaluate("() => JSON.parse(localStorage.getItem('canasta-pending-hands')).length")
    assert waiting >= 3
    assert "waiting for the connection" in page.locator("#hand-queue").inner_text()
    # The connection back, the page reloaded at once: the queue is sent from where it was (a
    # hand whose answer the reload cut off is sent again with its id, and not doubled).
    cdp.send("Network.emulateNetworkConditions", WEAK_WIFI)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    page.reload()
    assert page.input_value("form[data-hand-form] [name=number]") == "7"  # past the queued hands
    page.wait_for_selector("#hand-saved:has-text('Hand 6 saved')", timeout=30_000)
    page.wait_for_function("() => localStorage.getItem('canasta-pending-hands') === '[]'")
    assert page.locator("#hand-queue li").count() == 0
    # Each hand stored once, in order, with the values typed; the sixth ended the game.
    hands = list(Hand.objects.filter(game=game).order_by("number").prefetch_related("entries"))
    assert [hand.number for hand in hands] == [1, 2, 3, 4, 5, 6]
    assert len({hand.submission_id for hand in hands}) == 6
    for hand, (scores, _went_out) in zip(hands, SIX_HANDS, strict=True):
        assert {e.side: e.score for e in hand.entries.all()} == {"NS": scores[0], "EW": scores[1]}
    game.refresh_from_db()
    assert game.totals == {"NS": 4075, "EW": 5430} and game.game_over
    assert page.locator(".side-total[data-side=EW]").inner_text() == "5430"
    assert page.locator("#hands tbody tr").count() == 6
    assert page.locator("#result").is_visible()
    assert page.locator("form[data-hand-form]").count() == 0  # no form after the last hand


def test_a_queued_hand_refused_because_the_event_was_finished_keeps_its_values(
    page, live_server, league_night, django_capture_on_commit_callbacks
):
    game = _game(league_night)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/?mode=total")
    page.context.set_offline(True)
    _type_total(page, (1685, 485), "NS")
    page.tap("#save-hand")
    _form_for(page, 2)
    # Meanwhile the director finishes the night: the table's results are final.
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=league_night, end_unfinished=True)
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    line = page.locator("#hand-queue li.queued-refused[data-number='1']")
    line.wait_for()
    text = line.inner_text()
    assert "Hand 1 was not saved." in text
    assert "The results of this table are final" in text
    # What was typed, for the director: each side's score as typed, and who went out.
    typed = page.locator("#hand-queue .typed")
    assert typed.locator("tr:has-text('Hand score') td").all_inner_texts() == ["1685", "485"]
    assert typed.locator("tr:has-text('Went out') td").all_inner_texts() == ["✓", ""]
    assert not Hand.objects.filter(game=game).exists()
    page.reload()  # kept on the phone until the scorer closes it
    assert "1685" in page.locator("#hand-queue li.queued-refused").inner_text()
    page.locator("#hand-queue li.queued-refused button").tap()
    assert page.locator("#hand-queue li").count() == 0


def test_a_queued_hand_the_engine_refuses_comes_back_to_correct_and_holds_the_next(
    page, live_server, league_night
):
    game = _game(league_night)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/")
    # Offline, the live preview cannot check the hand: two sides going out is queued ...
    page.context.set_offline(True)
    _fill_side(page, "NS", HAND_TWO_OUT["NS"])
    _fill_side(page, "EW", HAND_TWO_OUT["EW"])
    page.tap("#save-hand")
    _form_for(page, 2)
    page.tap("[name='EW-went_out']")  # hand 2 begun: the form is no longer blank
    page.context.set_offline(False)
    page.evaluate("() => window.dispatchEvent(new Event('online'))")
    # ... and refused by the engine when it arrives: the line says why, with the values.
    line = page.locator("#hand-queue li.queued-refused[data-number='1']")
    line.wait_for()
    assert "Hand 1 was not saved." in line.inner_text()
    assert "went out" in line.locator(".refusal-reasons").inner_text().lower()
    assert page.input_value("form[data-hand-form] [name=number]") == "2"  # hand 2 being typed: kept
    # One tap brings hand 1 back into the form, its values and its errors by the fields.
    line.locator("button").tap()
    assert page.input_value("form[data-hand-form] [name=number]") == "1"
    assert page.input_value("[name='NS-melded_points']") == str(HAND_TWO_OUT["NS"]["melded_points"])
    assert page.locator(".has-error [name$='-went_out']").count() >= 1
    # Said once on the screen: the form's summary, the reason on the "Went out" line of both
    # sides; the queue's line of hand 1 gives way to the form.
    assert _shown(page, "Hand 1 was not saved.") == 1
    assert _shown(page, "More than one side went out") == 1
    assert page.locator("#hand-queue li").count() == 0
    page.tap("[name='EW-went_out']")  # only NS went out: now hand A's sides
    page.fill("[name='EW-natural_canastas']", "0")
    for side in ("NS", "EW"):
        for field, value in HAND_A[side].items():
            if not isinstance(value, bool):
                page.fill(f"[name='{side}-{field}']", str(value))
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved:has-text('Hand 1 saved')")
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"  # HAND_A: 1685–485
    hand = Hand.objects.get(game=game)
    assert {e.side: e.score for e in hand.entries.all()} == {"NS": 1685, "EW": 485}
    assert Game.objects.get(pk=game.pk).hands.count() == 1
