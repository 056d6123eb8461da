"""Check score, then Save hand, hand after hand, on a phone whose network is slow (300 ms each
way): README step 6 as a table does it twenty times a night, Save tapped as soon as it can be.

Fifteen hands in a row at one table (ten by Check score then Save, then five alternating Save
alone and Check score then Save), then hand 2 and hand 14 corrected. After each write the
phone's page (the header's totals, every running total of the hands table, the saved line's
message, the next hand's number) is compared with a fresh load of the same address: all equal.
In the three ways of entering a hand: *Points and canastas*, *Count the cards* and the quick
path (the two totals).

The hands, worked by hand from the classic rules (rules.md §1.1, §2.1: a mixed canasta 300,
going out 100, melded points minus the points left in hand). Hand k: the side that goes out
(NS when k is odd, EW when even) melds 130 + 5k with one mixed canasta, its partner holds 10:
130 + 5k − 10 + 300 + 100 = 520 + 5k. The other side melds 120 and holds 50: 70.
After 15 hands NS has 8 hands out (520·8 + 5·(1+3+…+15) = 4160 + 320) and 7 at 70 (490):
4970; EW 7 out (3640 + 5·(2+4+…+14) = 3640 + 280) and 8 at 70 (560): 4480. Nobody reaches
5000 (the game goes on). Hand 2 corrected: NS held 60, not 50 (NS 60, −10): 4960. Hand 14
corrected: EW melded 210, not 200 (EW 600, +10): 4490.
"""

from __future__ import annotations

import re

import pytest

from tests.support import browser, variants
from tournaments.models import Hand

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch
variant_game = variants.variant_game

# Chromium's emulated network (CDP): `latency` is from the request sent to the answer's
# headers, so 600 ms is 300 ms each way.
SLOW_WIFI = {"offline": False, "latency": 600, "downloadThroughput": 100_000, "uploadThroughput": 100_000}
SIDES = ("NS", "EW")


def _hand(k: int, *, corrected: bool = False) -> dict[str, dict[str, int | bool]]:
    """Hand `k` of the module docstring, as points and counts (corrected: hand 2's or 14's
    correction)."""
    out, other = ("NS", "EW") if k % 2 else ("EW", "NS")
    melded = 130 + 5 * k + (10 if corrected and k == 14 else 0)
    held = 60 if corrected and k == 2 else 50
    return {
        out: {"mixed_canastas": 1, "went_out": True, "melded_points": melded, "hand_points": 10},
        other: {"melded_points": 120, "hand_points": held},
    }


def _score(entry: dict[str, int | bool]) -> int:
    """The classic score of one side of `_hand` (module docstring)."""
    bonus = 300 * int(entry.get("mixed_canastas", 0)) + (100 if entry.get("went_out") else 0)
    return int(entry["melded_points"]) - int(entry["hand_points"]) + bonus


def _cards(points: int) -> dict[str, int]:
    """Cards worth `points` (a multiple of 5) at rules.md §1.0's values: 8 to K 10, 4 to 7 5;
    a meld of a mixed canasta shows its 2 and joker (20 + 50) as `_wilds`."""
    return {"high": points // 10, "low": (points % 10) // 5}


def _fill(page, hand: dict[str, dict[str, int | bool]], mode: str) -> None:
    """Type one hand into the form as the mode asks, every field emptied first (a correction
    comes back with the hand's values)."""
    for side, entry in hand.items():
        if mode == "total":
            page.fill(f"[name='{side}-total']", str(_score(entry)))
            _tick(page, f"{side}-went_out", bool(entry.get("went_out")))
            continue
        if mode == "cards":
            wild = 70 if entry.get("mixed_canastas") else 0  # its 2 and joker
            melded = {**_cards(int(entry["melded_points"]) - wild)}
            if wild:
                melded.update(twos=1, jokers=1)
            for kind in ("jokers", "twos", "aces", "high", "low"):
                page.fill(f"[name='{side}-cards.melded.{kind}']", str(melded.get(kind, "")))
            held = _cards(int(entry["hand_points"]))
            for kind in ("jokers", "twos", "aces", "high", "low"):
                page.fill(f"[name='{side}-cards.in_hand.{kind}']", str(held.get(kind, "")))
        else:
            for name in ("melded_points", "hand_points"):
                page.fill(f"[name='{side}-{name}']", str(entry[name]))
        page.fill(f"[name='{side}-mixed_canastas']", str(entry.get("mixed_canastas", "")))
        _tick(page, f"{side}-went_out", bool(entry.get("went_out")))


def _tick(page, name: str, on: bool) -> None:
    box = page.locator(f"[name='{name}']")
    if box.is_checked() != on:
        box.tap()


class Requests:
    """The page's requests still on their way (Playwright's request events)."""

    def __init__(self, page) -> None:
        self.open: set = set()
        page.on("request", lambda request: self.open.add(request))
        page.on("requestfinished", lambda request: self.open.discard(request))
        page.on("requestfailed", lambda request: self.open.discard(request))

    def settle(self, page) -> None:
        """Wait until no request is on its way and no hand waits in the phone's queue."""
        page.wait_for_function("() => localStorage.getItem('canasta-pending-hands') === '[]'", timeout=20_000)
        for _ in range(200):
            if not self.open:
                page.wait_for_timeout(100)  # an answer's own follow-up, if any
                if not self.open:
                    return
            page.wait_for_timeout(50)
        raise AssertionError(f"requests still open: {[r.url for r in self.open]}")


def _state(page) -> dict:
    """What the page says of the game: the header's totals, each hand's scores and running
    totals, the saved line's message, the next hand's number (the form's)."""
    return page.evaluate(
        """() => {
          const text = (el) => el ? el.textContent.replace(/\\s+/g, ' ').trim() : null;
          const totals = {};
          document.querySelectorAll('.side-total[data-side]').forEach(
            (el) => { totals[el.dataset.side] = text(el); });
          const rows = Array.from(document.querySelectorAll('#hands tbody tr[id^=hand-]'))
            .filter((tr) => !tr.id.endsWith('-confirm'))
            .map((tr) => text(tr).replace(/\\s*Correct$/, ''));
          const form = document.querySelector('form[data-hand-form]');
          return {
            totals, rows,
            message: text(document.getElementById('hand-saved')),
            result: text(document.getElementById('result')),
            next: form ? form.elements.number.value : null,
            editing: form ? form.elements.expected_version.value : null,
          };
        }"""
    )


def _compare_with_reload(phone, other) -> dict:
    """The phone's page against a fresh load of its address in another tab: equal."""
    seen = _state(phone)
    other.goto(phone.url)
    fresh = _state(other)
    # The message names the hand just written; a fresh load shows it from the address (?saved=).
    assert seen == fresh, (phone.url, seen, fresh)
    return seen


def _totals_text(totals: dict[str, int]) -> dict[str, str]:
    return {side: str(value) for side, value in totals.items()}  # all positive here


def _write(phone, requests: Requests, *, check_first: bool) -> None:
    if check_first:
        phone.tap("button[name=preview]")  # Check score ...
    phone.tap("#save-hand")  # ... and Save at once, before the check's answer is back
    requests.settle(phone)


@pytest.mark.parametrize("mode", ["summary", "cards", "total"])
def test_check_score_then_save_hand_after_hand_on_slow_wifi(page, live_server, variant_game, mode):
    game = variant_game("classic")  # four players, to 5000, no limit of hands
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW_WIFI)
    requests = Requests(page)
    other = page.context.browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    page.goto(f"{live_server.url}/t/{game.table.access_token}/?mode={mode}")
    totals = dict.fromkeys(SIDES, 0)
    ids: set[str] = set()
    for k in range(1, 16):
        hand = _hand(k)
        assert page.input_value("form[data-hand-form] [name=number]") == str(k)
        ids.add(page.input_value("form[data-hand-form] [name=submission_id]"))
        _fill(page, hand, mode)
        _write(page, requests, check_first=k <= 10 or k % 2 == 0)
        for side in SIDES:
            totals[side] += _score(hand[side])
        seen = _compare_with_reload(page, other)
        assert seen["totals"] == _totals_text(totals), k
        assert seen["next"] == str(k + 1)
        assert re.match(rf"Hand {k} saved:", seen["message"] or ""), seen["message"]
    assert totals == {"NS": 4970, "EW": 4480}
    assert len(ids) == 15  # a fresh submission id for every hand

    for k, change in ((2, {"NS": 4960, "EW": 4480}), (14, {"NS": 4960, "EW": 4490})):
        page.locator(f"#hand-{k} a", has_text="Correct").tap()
        page.wait_for_selector(f"form[data-hand-form] [name=number][value='{k}']", state="attached")
        _fill(page, _hand(k, corrected=True), mode)
        _write(page, requests, check_first=True)
        seen = _compare_with_reload(page, other)
        assert seen["totals"] == _totals_text(change), k
        assert seen["next"] == "16" and seen["editing"] == ""
        shown = " – ".join(f"{side} {value}" for side, value in change.items())
        assert seen["message"].startswith(f"Hand {k} corrected"), seen["message"]
        assert f"the game now stands {shown}" in seen["message"], seen["message"]

    hands = list(Hand.objects.filter(game=game).order_by("number").prefetch_related("entries"))
    assert [hand.number for hand in hands] == list(range(1, 16))
    for hand in hands:
        corrected = hand.number in (2, 14)
        expected = {side: _score(entry) for side, entry in _hand(hand.number, corrected=corrected).items()}
        assert {e.side: e.score for e in hand.entries.all()} == expected, hand.number
    game.refresh_from_db()
    assert game.totals == {"NS": 4960, "EW": 4490} and not game.game_over
