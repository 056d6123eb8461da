"""The round clock's countdown (templates/tournaments/_round_clock.html, static/js/site.js) on a
table's phone, with the browser's clock in the test's hands (Playwright's `page.clock`).

The phone's own clock is set years wrong: the countdown keeps the offset to the server's time
when the page was made (docs/running-a-night.md, the clock), so it still shows the round's time
left. The round has 30 minutes, the warning 5 minutes before the end.
"""

from __future__ import annotations

import datetime
import math

from tests.support import browser
from tournaments import services
from tournaments.models import TableCard

pytestmark = browser.pytestmark
page = browser.page  # Playwright driving Debian's Chromium, 390 x 844, touch

PHONE_TIME = datetime.datetime(2020, 1, 1, 12, 0, tzinfo=datetime.UTC)  # the phone's wrong clock


def _shown(seconds: int) -> str:
    """A time left as a clock face shows it, worked by hand: 1800 -> "30:00", 270 -> "4:30"."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def _faces(seconds: float) -> set[str]:
    """What a clock may show for `seconds` left, whole seconds either side of a fraction."""
    return {_shown(max(0, math.floor(seconds))), _shown(max(0, math.ceil(seconds)))}


def test_the_round_clock_counts_down_to_time_up_whatever_the_phone_s_clock(page, live_server, league_night):
    league_night.minutes_per_round = 30
    league_night.warning_minutes = 5
    league_night.save(update_fields=["minutes_per_round", "warning_minutes"])
    round_ = services.round_clock_start(round=league_night.rounds.get(number=1))
    card = TableCard.objects.get(event=league_night, number=1)

    page.clock.install(time=PHONE_TIME)
    page.clock.pause_at(PHONE_TIME + datetime.timedelta(seconds=1))  # time moves only when told
    page.goto(f"{live_server.url}/t/{card.access_token}/")
    clock = page.locator("#round-clock")
    face, note = clock.locator(".clock-time"), clock.locator(".clock-note")

    # The page says when the round ends and what the server's time was; the time left at
    # that moment is the round's 30 minutes less the moments the page took to come.
    ends_at = datetime.datetime.fromisoformat(clock.get_attribute("data-ends-at"))
    server_now = datetime.datetime.fromisoformat(clock.get_attribute("data-server-now"))
    assert ends_at == round_.clock_started_at + datetime.timedelta(minutes=30)
    left = (ends_at - server_now).total_seconds()
    assert 1740 < left <= 1800
    assert face.inner_text() in _faces(left)
    assert "clock-running" in clock.get_attribute("class")
    assert note.inner_text() == ""

    # 24 minutes later on the phone: about 6 minutes left, not yet the warning.
    page.clock.fast_forward("24:00")
    assert face.inner_text() in _faces(left - 24 * 60)
    assert "clock-running" in clock.get_attribute("class")

    # 90 seconds more: about 4:30 left, under the warning's 5 minutes.
    page.clock.fast_forward("01:30")
    assert face.inner_text() in _faces(left - 25.5 * 60)
    assert "clock-warning" in clock.get_attribute("class")
    assert note.inner_text() == "Less than 5 minutes left in this round."

    # Past the end: 0:00, and the table is told to finish the hand in play.
    page.clock.fast_forward("05:00")
    assert face.inner_text() == "0:00"
    assert "clock-last_hand" in clock.get_attribute("class")
    assert "clock-warning" not in clock.get_attribute("class")
    assert note.inner_text() == "Time is up: this is the last hand. Finish the hand in play."
