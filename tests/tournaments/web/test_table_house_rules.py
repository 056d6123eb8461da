"""The house rules at the table: for each worked case of a house rule (tests/scoring/cases/
option-*.json) that starts from 0 with summary entries, an event of its variant with its house
rules is seated, the table page offers the entry fields the rules add, and *Check score* shows
the case's first hand scored as the case works it out by hand, each line of its breakdown named
in the page's words (the option's own line among them)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scoring
from tests.support.factories import EVENT_DATE
from tests.support.variants import _as_seated, _form_data
from tournaments import services
from tournaments.display.labels import BREAKDOWN_LABELS, ENTRY_FIELD_LABELS, breakdown_label
from tournaments.models import Game

pytestmark = pytest.mark.django_db

CASES = [
    case
    for case in (
        json.loads(path.read_text(encoding="utf-8"))
        for path in sorted((Path(__file__).resolve().parents[2] / "scoring" / "cases").glob("option-*.json"))
    )
    if "start" not in case["sheet"]
    and "players" not in case["sheet"]
    and not any("cards" in entry for entry in case["sheet"]["hands"][0].values())
]
# The line each house rule adds to a side's breakdown, where it adds one (rules.md §6a).
OWN_LINES = {
    "option-wild-canasta-1000": ("NS", "wild_canastas"),
    "option-hand-and-foot-special-books": ("NS", "sevens_books"),
    "option-hand-and-foot-perfect-cut-100": ("NS", "perfect_cut"),
    "option-american-unfinished-wild-four-jokers": ("NS", "unfinished_wild"),
    "option-red-threes-against-all-four-400": ("NS", "red_threes"),
}


def _seated_game(club: Any, players: list[Any], capture: Any, sheet: dict[str, Any]) -> Game:
    rules = scoring.VARIANTS[sheet["variant"]]
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=sheet["variant"],
            date=EVENT_DATE,
            variant=sheet["variant"],
            options=sheet["options"],
            players=players[: sum(rules.tables[0])],
        ),
    )
    with capture(execute=True):
        services.round_start(event=event)
    game = Game.objects.filter(table__round__event=event).first()
    assert game is not None and game.options == sheet["options"]
    return game


def test_the_cases_here_cover_the_house_rules_that_add_a_field() -> None:
    ids = {case["id"] for case in CASES}
    assert set(OWN_LINES) <= ids
    assert len(CASES) >= 15


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_check_score_shows_the_worked_hand_with_its_lines(
    client, club, players, sam, django_capture_on_commit_callbacks, case
):
    game = _seated_game(club, players, django_capture_on_commit_callbacks, case["sheet"])
    hand = _as_seated(case["sheet"]["hands"][0], game.sides)
    scores = _as_seated(case["expect"]["hand_scores"][0], game.sides)
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    for entry in hand.values():
        for field in entry:
            assert f'-{field}"' in page, field  # the rules' fields are on the table page
    preview = client.post(f"/games/{game.pk}/hands/", _form_data(hand, preview="1"))
    assert preview.status_code == 200, preview.content.decode()[:2000]
    shown = preview.context["preview"]["hand"]
    assert {side: shown[side]["score"] for side in game.sides} == scores
    body = preview.content.decode()
    books = scoring.rules_for(game.variant, game.options).canastas_called_books  # Hand and Foot's words
    for side in game.sides:
        for line in shown[side]["breakdown"]:
            assert line["item"] in BREAKDOWN_LABELS or line["item"] in ENTRY_FIELD_LABELS, line["item"]
            assert breakdown_label(line["item"], books=books) in body
    if case["id"] in OWN_LINES:
        side, item = OWN_LINES[case["id"]]
        seated = game.sides[list(case["sheet"]["sides"]).index(side)]
        assert item in {line["item"] for line in shown[seated]["breakdown"]}
