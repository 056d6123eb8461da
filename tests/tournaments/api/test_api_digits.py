"""Digits as people type them and as programs send them (docs/api.md, "Recording a hand"): the
table's form reads Western, Arabic-Indic and Persian digits, as a scorer's phone types them; the
API's hand entries are the score-sheet contract's JSON numbers, and a number sent as a string,
in any digits, is refused naming its field, never read."""

from __future__ import annotations

import uuid

import pytest
from rest_framework.test import APIClient

from tests.support.hands import HAND_A, HAND_A_SCORES
from tests.support.variants import _form_data
from tournaments.models import Game, Hand

pytestmark = pytest.mark.django_db

ARABIC_INDIC = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


@pytest.fixture
def game(league_night):
    return Game.objects.filter(table__round__event=league_night).first()


def _typed(digits) -> dict:
    """HAND_A as typed on a phone in `digits`: every number a text of those digits."""
    return {
        side: {
            name: value if isinstance(value, bool) else str(value).translate(digits)
            for name, value in entry.items()
        }
        for side, entry in HAND_A.items()
    }


@pytest.mark.parametrize("digits", [ARABIC_INDIC, PERSIAN], ids=["arabic-indic", "persian"])
def test_the_table_form_reads_the_digits_a_phone_types(client, sam, game, digits):
    typed = _typed(digits)
    assert typed["NS"]["melded_points"] in ("٣١٠", "۳۱۰")
    client.force_login(sam)
    saved = client.post(f"/games/{game.pk}/hands/", _form_data(typed))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    hand = Hand.objects.get(game=game, number=1)
    assert {entry.side: entry.score for entry in hand.entries.all()} == HAND_A_SCORES


@pytest.mark.parametrize("digits", [ARABIC_INDIC, str.maketrans("", "")], ids=["arabic-indic", "western"])
def test_the_api_refuses_a_number_sent_as_a_string_naming_its_field(sam, game, digits):
    client = APIClient()
    client.force_authenticate(sam)
    entries = {"NS": {**HAND_A["NS"], "melded_points": "310".translate(digits)}, "EW": HAND_A["EW"]}
    body = {"number": 1, "submission_id": str(uuid.uuid4()), "entries": entries}
    refused = client.post(f"/api/v1/games/{game.pk}/hands/", body, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"NS.melded_points": ["“Melded card points” must be a whole number."]}
    assert not Hand.objects.filter(game=game).exists()
    body["entries"] = HAND_A  # JSON numbers
    saved = client.post(f"/api/v1/games/{game.pk}/hands/", body, format="json")
    assert saved.status_code == 201
    assert {side["side"]: side["score"] for side in saved.json()["entries"]} == HAND_A_SCORES
