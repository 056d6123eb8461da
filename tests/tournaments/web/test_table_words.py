"""The table page in the words players use and as the table left it: Hand and Foot's books, the
partners' cards of a side that went out, the way and the side the table entered its last hand."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from tests.support import variants
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.display.messages import BOOK_TEMPLATES, TEMPLATES
from tournaments.models import Game

pytestmark = pytest.mark.django_db
variant_game = variants.variant_game
HTMX = {"HTTP_HX_REQUEST": "true"}
CASES = Path(__file__).resolve().parents[2] / "scoring" / "cases"


def _deal_one() -> dict:
    """The first deal of tests/scoring/cases/hand-and-foot-deal-one.json (NS 4740, EW 1995)."""
    case = json.loads((CASES / "hand-and-foot-deal-one.json").read_text())
    return case["sheet"]["hands"][0]


def _form(page: str) -> str:
    """The hand form's words (its text, not its markup)."""
    section = re.search(r'<section class="card" id="hand-form">.*?</section>', page, re.S).group(0)
    return html.unescape(re.sub(r"<[^>]+>", " ", section))


def test_hand_and_foot_says_books_on_the_page_in_the_preview_and_in_a_refusal(client, variant_game):
    game = variant_game("hand-and-foot")
    url = f"/t/{game.table.access_token}/"
    form = _form(client.get(url).content.decode())
    for label in ("Clean books", "Dirty books", "Wild books", "Points and books", "the book bonuses"):
        assert label in form, label
    assert "anasta" not in form
    # The preview's breakdown of the case's deal (S2, rules.md §1.3): NS's books by their names.
    preview = client.post(
        url + "hands/", _form_data(game, 1, _deal_one(), preview="1"), **HTMX
    ).content.decode()
    words = html.unescape(re.sub(r"<[^>]+>", " ", preview))
    assert "+4740" in words and "Clean books" in words and "anasta" not in words
    # Going out with one clean book of the five H&F asks (S2: 2 clean, 2 dirty, 1 wild).
    short = {
        "NS": {"natural_canastas": 1, "went_out": True, "melded_points": 300, "hand_points": 10},
        "EW": {"melded_points": 100, "hand_points": 50},
    }
    refused = client.post(url + "hands/", _form_data(game, 1, short, save="1")).content.decode()
    reasons = re.findall(r'<p id="[^"]+-error">(.*?)</p>', refused)
    assert reasons and all("book" in r and "anasta" not in r for r in reasons), reasons
    assert not game.hands.exists()


def test_the_book_templates_are_the_canasta_templates_in_other_words():
    assert set(BOOK_TEMPLATES) <= set(TEMPLATES)


def test_hand_and_foot_says_books_in_arabic_as_the_glossary_does(client, variant_game):
    game = variant_game("hand-and-foot")
    client.cookies["django_language"] = "ar"
    form = _form(client.get(f"/t/{game.table.access_token}/").content.decode())
    # glossary.md §7 "book": AR S2 كومة (clean نظيفة, dirty متّسخة, wild حرّة).
    for label in ("كومات نظيفة", "كومات متّسخة", "كومات حرّة"):
        assert label in form, label


def test_a_side_that_went_out_has_its_partners_cards_in_hand(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    client.force_login(sam)
    page = html.unescape(client.get(f"/games/{game.pk}/").content.decode())
    notes = re.findall(r'<small data-went-out-note="(\w+)"( hidden)?>(.*?)</small>', page)
    assert notes == [("NS", " hidden", "the partner's cards"), ("EW", " hidden", "the partner's cards")]
    # Checked with NS out: NS's note shown, and its field named by it; EW's hidden.
    data = _form_data(game, 1, HAND_A, preview="1")
    checked = client.post(f"/games/{game.pk}/hands/", data).content.decode()
    notes = re.findall(r'<small data-went-out-note="(\w+)"( hidden)?>', checked)
    assert notes == [("NS", ""), ("EW", " hidden")]
    field = re.search(r'<input[^>]*name="NS-hand_points"[^>]*>', checked).group(0)
    assert "note-NS" in re.search(r'aria-labelledby="([^"]+)"', field).group(1)


def test_a_side_of_one_that_went_out_holds_nothing_and_gets_no_note(client, variant_game):
    game = variant_game("classic-2p")
    page = client.get(f"/t/{game.table.access_token}/").content.decode()
    assert "data-went-out-note" not in page


def test_the_next_hand_is_entered_the_way_the_table_entered_its_last(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    client.force_login(sam)
    url = f"/games/{game.pk}/"
    assert 'name="NS-melded_points"' in client.get(url).content.decode()  # the first: points
    total = {"NS": {"total": 1685, "went_out": True}, "EW": {"total": 485}}
    client.post(f"{url}hands/", _form_data(game, 1, total, save="1", mode="total"))
    page = client.get(url).content.decode()
    assert 'name="NS-total"' in page and 'name="NS-melded_points"' not in page
    # The scorer's choice still wins, one tap away.
    assert 'name="NS-melded_points"' in client.get(f"{url}?mode=summary").content.decode()


def test_the_side_that_entered_the_last_hand_is_chosen_for_the_next(
    client, club, players, sam, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:4], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = Game.objects.filter(table__round__event=event).first()
    assert event.confirmation_required
    client.force_login(sam)
    url = f"/games/{game.pk}/"
    side = r'name="entered_by_side" value="(\w+)"[^>]*?( checked)?>'
    checked = re.findall(side, client.get(url).content.decode())
    assert checked == [("NS", ""), ("EW", "")]  # the first hand: none chosen yet
    client.post(f"{url}hands/", _form_data(game, 1, HAND_A, save="1", entered_by_side="EW"))
    page = client.get(url).content.decode()
    checked = re.findall(side, page)
    assert checked == [("NS", ""), ("EW", " checked")]
    # A correction asks again who enters it (the other side confirms the change): none chosen.
    correction = client.get(f"{url}?hand=1").content.decode()
    assert re.findall(side, correction) == [("NS", ""), ("EW", "")]
    second = _form_data(game, 2, HAND_B, save="1", entered_by_side="EW")
    client.post(f"{url}hands/", second | {"submission_id": "0b5e8a52-3c1d-4f6e-8a2b-9c7d1e0f2a34"})
    assert game.hands.count() == 2
