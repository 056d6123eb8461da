"""The hand form laid out as a score pad: a line per field with every side's input, the rare
fields one tap away under "More", opened by itself when one of them has a value or an error."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

import scoring
from tests.support.hands import HAND_A, HAND_TWO_OUT
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.models import Game
from tournaments.web.forms.hands import RARE_FIELDS

pytestmark = pytest.mark.django_db


def _game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()


def _more(page: str) -> str:
    match = re.search(r'<details class="more" id="more-fields"[^>]*>.*?</details>', page, re.S)
    assert match, "no More section"
    return match.group(0)


def test_the_rare_fields_are_fields_of_the_engine():
    names = {f.name for v in scoring.VARIANTS for f in scoring.entry_fields(scoring.rules_for(v, {}))}
    assert names >= RARE_FIELDS


def test_the_pad_shows_the_usual_fields_and_keeps_the_rare_ones_a_tap_away(client, league_night, sam):
    client.force_login(sam)
    page = client.get(f"/games/{_game(league_night).pk}/").content.decode()
    more = _more(page)
    assert '<details class="more" id="more-fields">' in more  # closed
    for side in ("NS", "EW"):
        for name in ("red_threes_in_hand", "concealed", "penalty_points"):
            assert f'name="{side}-{name}"' in more
        usual = (
            "melded_points",
            "hand_points",
            "natural_canastas",
            "mixed_canastas",
            "red_threes",
            "went_out",
        )
        for name in usual:
            assert f'name="{side}-{name}"' in page
            assert f'name="{side}-{name}"' not in more
    # Each input is named by its line and its side's column.
    assert 'aria-labelledby="row-melded_points pad-side-0"' in page
    assert 'id="row-melded_points">Melded card points<' in page
    assert 'id="pad-side-1" data-side="EW">EW<' in page


def test_more_opens_by_itself_for_a_hand_with_a_penalty(client, league_night, sam):
    game = _game(league_night)
    hand = {"NS": {**HAND_A["NS"], "penalty_points": 100}, "EW": HAND_A["EW"]}
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=hand))
    client.force_login(sam)
    assert 'id="more-fields" open' in client.get(f"/games/{game.pk}/?hand=1").content.decode()
    assert 'id="more-fields" open' not in client.get(f"/games/{game.pk}/").content.decode()


def test_more_opens_by_itself_on_an_error_in_a_rare_field(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, save="1") | {"EW-penalty_points": "1,5"}
    response = client.post(f"/games/{game.pk}/hands/", data)
    assert response.status_code == 400
    page = response.content.decode()
    more = _more(page)
    assert 'id="more-fields" open' in more
    assert 'aria-invalid="true"' in more
    assert "EW: Type the number without separators" in more
    assert not game.hands.exists()


# --- a save from the page's script: answered in place, one round trip --------------------

HTMX = {"HTTP_HX_REQUEST": "true"}


def test_a_save_by_the_page_script_is_answered_with_what_the_page_needs(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    # Entered as the total only: the page after the save keeps that mode.
    total = {"NS": {"total": 1685, "went_out": True}, "EW": {"total": 485}}
    response = client.post(
        f"/games/{game.pk}/hands/", _form_data(game, 1, total, save="1", mode="total"), **HTMX
    )
    assert response.status_code == 200, response.content.decode()[:500]
    page = response.content.decode()
    head = r'<div id="save-answer" data-number="1" data-next-number="2" data-tag="\w+">'
    assert re.match(head, page.lstrip())
    assert "<html" not in page
    assert "Hand 1 saved:" in page
    assert '<div class="side-total" data-side="NS"><bdi dir="ltr" class="num">1685</bdi></div>' in page
    assert 'id="hands"' in page and 'id="hand-1"' in page  # the whole list of hands
    # Not the form (the next hand may be typed in it already), nor the director's tools.
    assert 'name="NS-total"' not in page and "game-director-tools" not in page
    assert response["HX-Replace-Url"] == f"/games/{game.pk}/?saved=1&mode=total"
    assert game.hands.count() == 1


def test_the_save_that_ends_the_game_says_so(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    total = {"NS": {"total": 5100, "went_out": True}, "EW": {"total": 485}}  # past the 5000 target
    response = client.post(
        f"/games/{game.pk}/hands/", _form_data(game, 1, total, save="1", mode="total"), **HTMX
    )
    page = response.content.decode()
    head = r'<div id="save-answer" data-number="1" data-next-number="2" data-tag="\w+" data-game-over>'
    assert re.match(head, page.lstrip())
    assert 'id="result"' in page


def test_a_refused_save_by_the_page_script_keeps_the_values_and_says_why(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, save="1") | {"NS-melded_points": "1,230"}
    response = client.post(f"/games/{game.pk}/hands/", data, **HTMX)
    assert response.status_code == 400
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="save-refused">')
    # The reason for the queue's line (until the hand is back in the form), and by its field
    # in the form (the page shows one or the other: test_table_queue.py).
    assert "NS · Melded card points: Type the number without separators" in page
    row = re.search(r'<div class="pad-row[^"]*pad-row-error">.*?</div>\s*</div>', page, re.S).group(0)
    assert 'id="row-melded_points"' in row and "NS: Type the number without separators" in row
    # What was typed, as typed, in the form to correct it (not a second copy in a table).
    assert 'class="typed"' not in page
    assert 'id="form-errors"' in page
    assert 'name="NS-melded_points" value="1,230"' in page and 'name="EW-melded_points" value="150"' in page
    assert "Hand 1 saved" not in page
    assert not game.hands.exists()


def test_a_save_without_the_script_still_redirects_to_the_page(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    response = client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_A, save="1"))
    assert response.status_code == 302
    assert response["Location"] == f"/games/{game.pk}/?saved=1"


def test_the_live_preview_asks_for_its_own_box_only(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, preview="1")
    page = client.post(f"/games/{game.pk}/hands/", data, HTTP_HX_TARGET="preview", **HTMX).content.decode()
    assert page.lstrip().startswith('<div class="preview" id="preview"')
    assert 'class="preview-score"><bdi dir="ltr" class="num">+1685</bdi>' in page
    assert 'name="NS-melded_points"' not in page
    # "Check score" asks for the whole form (its errors by the fields).
    page = client.post(f"/games/{game.pk}/hands/", data, HTTP_HX_TARGET="hand-form", **HTMX).content.decode()
    assert 'name="NS-melded_points"' in page and 'id="preview"' in page


def test_the_live_preview_reads_no_hand_of_the_game(
    client, league_night, sam, django_capture_on_commit_callbacks
):
    """The preview's box shows the preview or the form's errors only: its queries are the same
    at the first hand as after three (none reads the game's hands, corrections or players)."""
    game = _game(league_night)
    client.force_login(sam)
    url = f"/games/{game.pk}/hands/"

    def queries_of_a_preview(number: int) -> int:
        data = _form_data(game, number, HAND_A, preview="1")
        with CaptureQueriesContext(connection) as captured:
            page = client.post(url, data, HTTP_HX_TARGET="preview", **HTMX).content.decode()
        # HAND_A scores +1685 for NS (tests/support/hands.py), whatever came before it.
        assert 'class="preview-score"><bdi dir="ltr" class="num">+1685</bdi>' in page
        return len(captured)

    at_first = queries_of_a_preview(1)
    # Three small hands (of the night's four a round) that end nothing: NS melded 50 and
    # holds 10 (+40), EW melded nothing and holds 30 (-30).
    small = {"NS": {"melded_points": 50, "hand_points": 10}, "EW": {"melded_points": 0, "hand_points": 30}}
    for number in range(1, 4):
        with django_capture_on_commit_callbacks(execute=True):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=small))
    game.refresh_from_db()
    assert game.totals == {"NS": 120, "EW": -90}
    assert queries_of_a_preview(4) == at_first


def test_a_refused_hand_says_each_reason_once_by_its_field(client, league_night, sam):
    """Both sides marked as going out: the rules refuse it (one side goes out; rules.md). The
    page sends the reason by the field, not again in the preview's box; the live preview says
    only that the hand is not ready."""
    game = _game(league_night)
    client.force_login(sam)
    both_out = {
        "NS": {"went_out": True, "melded_points": 200, "natural_canastas": 1},
        "EW": {"went_out": True, "melded_points": 200, "natural_canastas": 1},
    }
    reason = "More than one side went out (NS, EW); a hand ends when one side goes out."
    url = f"/games/{game.pk}/hands/"
    page = client.post(url, _form_data(game, 1, both_out)).content.decode()
    assert page.count(reason) == 1  # once, on the "Went out" line of both sides
    assert "This hand cannot be scored yet" not in page
    box = client.post(
        url, _form_data(game, 1, both_out, preview="1"), HTTP_HX_TARGET="preview", **HTMX
    ).content.decode()
    # The live preview, while the hand is typed: one quiet line, the reason left to the fields.
    assert "Not ready to score yet" in box and reason not in box and "data-refused" in box


def test_a_preview_without_its_hidden_fields_says_the_form_is_out_of_date(client, league_night, sam):
    """A preview sent without the form's hidden submission id (a page from an older version)
    names no field the scorer cannot see: the form is out of date, in the page's language."""
    game = _game(league_night)
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, preview="1")
    del data["submission_id"]
    box = client.post(f"/games/{game.pk}/hands/", data, HTTP_HX_TARGET="preview", **HTMX).content.decode()
    assert "This form is out of date. Reload the page and enter the hand again." in box
    assert "Submission id" not in box


def test_a_reason_about_both_sides_is_said_once_and_check_score_saves_nothing(client, league_night, sam):
    game = _game(league_night)
    client.force_login(sam)
    # Both sides went out (rules.md §4 #3): one reason, about both sides.
    refused = client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_TWO_OUT, save="1"))
    page = refused.content.decode()
    assert refused.status_code == 400
    reason = re.search(r'<div class="pad-errors field-error" role="alert">(.*?)</div>', page, re.S).group(1)
    assert reason.count("<p ") == 1 and not re.search(r">\s*(NS|EW):", reason)  # once, no side
    message = re.sub(r"<[^>]+>", "", reason).strip()
    assert page.count(message) == 1
    assert page.count("Hand 1 was not saved.") == 1
    # Both went-out boxes are described by that one line.
    described = re.findall(r'name="(?:NS|EW)-went_out"[^>]*aria-describedby="([^"]+)"', page)
    line_id = re.search(r'<p id="([^"]+)">', reason).group(1)
    assert described == [line_id, line_id]
    # Check score: the same reason, and no word of saving.
    checked = client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_TWO_OUT, preview="1"), **HTMX)
    text = checked.content.decode()
    assert "This hand cannot be scored yet." in text
    assert "not saved" not in text
    assert text.count(message) == 1
    assert not game.hands.exists()
