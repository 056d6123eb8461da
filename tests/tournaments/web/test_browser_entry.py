"""Entering hands at the table on a phone (390 x 844): a hand fits one screen, costs few
actions (tests/support/entry_actions.py counts them), and a save answers in place."""

from __future__ import annotations

import scoring
from tests.support import browser, variants
from tests.support.browser import ARTIFACTS, _log_in
from tests.support.entry_actions import Scorer
from tournaments.models import Game

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch
variant_game = variants.variant_game  # a seated game of a variant, to its target

# A 6-hand classic game, as a club plays it (worked by the engine: the sixth hand takes EW
# past 5000 and ends the game). Hand 1 is HAND_A and hand 2 HAND_B of tests/support/hands.py.
CLASSIC_GAME = [
    {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 310,
            "hand_points": 25,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65},
    },
    {
        "NS": {"red_threes": 1, "hand_points": 120},
        "EW": {"natural_canastas": 1, "went_out": True, "melded_points": 215, "hand_points": 25},
    },
    {
        "NS": {
            "natural_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 180,
            "hand_points": 15,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 2, "melded_points": 140, "hand_points": 40},
    },
    {
        "NS": {"red_threes": 1, "melded_points": 90, "hand_points": 55},
        "EW": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 260,
            "hand_points": 20,
        },
    },
    {
        "NS": {
            "mixed_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 230,
            "hand_points": 5,
        },
        "EW": {"natural_canastas": 1, "red_threes": 1, "melded_points": 175, "hand_points": 70},
    },
    {
        "NS": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 130, "hand_points": 45},
        "EW": {
            "natural_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 320,
            "hand_points": 10,
        },
    },
]
CLASSIC_TOTALS = [(1685, 485), (1465, 1275), (2330, 1875), (2465, 3115), (3590, 3820), (4075, 5430)]


def _kinds(variant: str) -> dict[str, str]:
    return {f.name: f.kind for f in scoring.entry_fields(scoring.rules_for(variant, {}))}


def _form_on_screen(page) -> None:
    box = page.locator("form[data-hand-form]").bounding_box()
    height = page.viewport_size["height"]
    assert page.evaluate("() => window.scrollY") == 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"the form spans {box} in {height} px"
    for side in ("NS", "EW"):  # both sides' columns on the screen
        cell = page.locator(f".pad-cell[data-side={side}]").first.bounding_box()
        assert cell["x"] >= 0 and cell["x"] + cell["width"] <= page.viewport_size["width"]


def test_a_classic_game_of_six_hands_one_screen_each(page, live_server, variant_game, sam):
    game = variant_game("classic")  # a game to 5000, no limit of hands
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    scorer = Scorer(page)
    kinds = _kinds("classic")
    costs = []
    for number, (hand, totals) in enumerate(zip(CLASSIC_GAME, CLASSIC_TOTALS, strict=True), start=1):
        _form_on_screen(page)
        cost = scorer.hand(hand, kinds)
        costs.append(cost)
        page.wait_for_selector(f"#hand-saved:has-text('Hand {number} saved')")
        assert page.locator(".side-total[data-side=NS]").inner_text() == str(totals[0])
        assert page.locator(".side-total[data-side=EW]").inner_text() == str(totals[1])
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"entry-classic-hand-{number}.png"))
        if number == 1:
            assert page.locator("#hand-saved").bounding_box()["y"] >= 0
    assert Game.objects.get(pk=game.pk).game_over
    for number, cost in enumerate(costs, start=1):
        assert cost.scrolls == 0, (number, cost.log)
        assert cost.actions <= 14, (number, cost.actions, cost.log)


def test_a_save_is_one_round_trip_and_leaves_the_result_in_view(page, live_server, league_night, sam):
    from tests.support.browser import _fill_side, _game

    game = _game(league_night)
    _log_in(page, live_server, "sam")
    page.goto(f"{live_server.url}/games/{game.pk}/")
    page.evaluate("() => { window.samePage = true; }")
    _fill_side(page, "NS", CLASSIC_GAME[0]["NS"])
    _fill_side(page, "EW", CLASSIC_GAME[0]["EW"])
    page.wait_for_load_state("networkidle")  # the live preview of the last field is answered
    requests: list[str] = []
    page.on("request", lambda request: requests.append(f"{request.method} {request.url}"))
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved:has-text('Hand 1 saved')")
    page.wait_for_load_state("networkidle")
    assert requests == [f"POST {live_server.url}/games/{game.pk}/hands/"]  # no redirect, no reload
    assert page.evaluate("() => window.samePage") is True
    assert page.url == f"{live_server.url}/games/{game.pk}/?saved=1"
    # The saved hand's line and the new totals in view; the next hand's form ready below them.
    saved = page.locator("#hand-saved").bounding_box()
    assert saved["y"] >= 0 and saved["y"] + saved["height"] <= 844
    assert page.locator(".side-total[data-side=NS]").inner_text() == "1685"
    assert page.locator("form[data-hand-form] [name=number]").input_value() == "2"
    assert page.input_value("[name='NS-melded_points']") == ""
    assert page.locator("#preview").inner_text() == ""  # no preview of the saved hand in the next
    _form_on_screen(page)
    # The new form is live: its steppers and its preview work.
    page.locator(".stepper", has=page.locator("[name='NS-red_threes']")).locator(".step-up").tap()
    assert page.input_value("[name='NS-red_threes']") == "1"


def test_the_hand_just_saved_is_undone_in_one_tap(page, live_server, league_night, sam):
    from tests.support.browser import _fill_side, _game

    game = _game(league_night)
    page.goto(f"{live_server.url}/t/{game.table.access_token}/")  # the table link, no account
    page.evaluate("() => { window.samePage = true; }")
    _fill_side(page, "NS", CLASSIC_GAME[0]["NS"])
    _fill_side(page, "EW", CLASSIC_GAME[0]["EW"])
    page.tap("#save-hand")
    page.wait_for_selector("#hand-saved:has-text('Hand 1 saved')")
    undo = page.locator("#undo-hand")
    box = undo.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 844  # one tap, no scroll
    undo.tap()
    page.wait_for_selector("#hand-undone")
    assert page.evaluate("() => window.samePage") is True
    assert page.locator(".side-total[data-side=NS]").inner_text() == "0"
    assert page.locator("form[data-hand-form] [name=number]").input_value() == "1"
    assert not game.hands.exists()
    assert page.locator("#hand-undone").bounding_box()["y"] >= 0


def test_the_quick_path_is_the_digits_and_the_keyboards_next_and_go(page, live_server, variant_game):
    """A casual table's six hands as the two totals (CLASSIC_TOTALS's hand scores, hand 2's NS
    −220 with the ± control): the first total ready to type, the keyboard's Next to the second,
    its Go saves, and the next hand's first total ready again."""
    game = variant_game("classic")
    link = f"{live_server.url}/t/{game.table.access_token}/"
    page.goto(f"{link}?mode=total")
    assert page.evaluate("() => document.activeElement.name") == "NS-total"  # ready to type
    assert page.get_attribute("[name='NS-total']", "enterkeyhint") == "next"
    assert page.get_attribute("[name='EW-total']", "enterkeyhint") == "go"
    scorer = Scorer(page)
    for number, (hand, totals) in enumerate(zip(CLASSIC_GAME, CLASSIC_TOTALS, strict=True), start=1):
        cost = scorer.quick_hand(hand, "classic")
        page.wait_for_selector(f"#hand-saved:has-text('Hand {number} saved')")
        assert page.locator(".side-total[data-side=NS]").inner_text() == str(totals[0]), number
        assert page.locator(".side-total[data-side=EW]").inner_text() == str(totals[1]), number
        # Nothing but the digits, Next and Go (and ± for a negative score): no tap to begin.
        digits = sum(len(str(abs(score))) for score in _scores(hand))
        negative = sum(score < 0 for score in _scores(hand))
        assert (cost.key_presses, cost.actions) == (digits + 2 + negative, 2 + negative), cost.log
        if number < len(CLASSIC_GAME):
            assert page.evaluate("() => document.activeElement.name") == "NS-total"
    assert Game.objects.get(pk=game.pk).game_over


def _scores(hand: dict) -> list[int]:
    """The engine's scores of a worked hand, side by side."""
    sheet = {"variant": "classic", "sides": list(hand), "hands": [hand]}
    return [side["score"] for side in scoring.score_sheet(sheet)["hands"][0].values()]
