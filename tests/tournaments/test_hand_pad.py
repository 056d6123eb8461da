"""The hand form laid out as a score pad: a line per field with every side's input, the rare
fields one tap away under "More", opened by itself when one of them has a value or an error."""

from __future__ import annotations

import re

import pytest

import scoring
from tests.tournaments.hands import HAND_A
from tests.tournaments.test_views import _form_data
from tournaments import services
from tournaments.forms import RARE_FIELDS
from tournaments.models import Game

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
    services.hand_record(game=game, number=1, entries=hand)
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
