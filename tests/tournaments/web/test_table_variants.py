"""The table page for every variant the engine offers (`scoring.VARIANTS`), at its player count.

For each variant: the page renders in the three entry modes, the live preview scores a hand,
the hand saves, and a correction replaces it. A new variant gets this test by being added to
the engine, so it cannot break the table page unnoticed.

The hands are worked from the rule sources: the first hand of a case in tests/scoring/cases
(its expected scores are the case's), or, for the two variants without a case, the worked hands
of tests/scoring (Brazilian Br1/Br2, rules.md §3.5; three-player Th1-Th3, rules.md §3). Chilean
plays its case's first hand (the partner's cards added) with four packs, the event's house rule,
and five players theirs (the partner's card added too);
Uruguayan, Classic under its own name (rules.md §1.12), plays Classic's.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import scoring
from tests.support.factories import EVENT_DATE
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db

CASES = Path(__file__).resolve().parents[2] / "scoring" / "cases"

# Worked in tests/scoring/test_brazilian.py (Br1: 640 − 5 + 500 + 300 + 1000 + 200 = 2635;
# Br2: 95 − 230 − 100 − 1000 = −1235).
BRAZILIAN_HAND = (
    {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 5,
            "went_out": True,
            "melded_points": 640,
            "hand_points": 5,
        },
        "EW": {"red_threes": 1, "short_sequences": 1, "melded_points": 95, "hand_points": 230},
    },
    {"NS": 2635, "EW": -1235},
)
# Worked in tests/scoring/test_sheet.py (Th1: 240 + 500 + 100 = 840; Th2: 95 − 60 + 200 = 235;
# Th3: never melded, −110 − 100 = −210).
THREE_PLAYER_HAND = (
    {
        "P1": {"natural_canastas": 1, "went_out": True, "melded_points": 240},
        "P2": {"red_threes": 2, "melded_points": 95, "hand_points": 60},
        "P3": {"red_threes": 1, "hand_points": 110},
    },
    {"P1": 840, "P2": 235, "P3": -210},
)

# Chilean with four packs (rules.md §1.11, §6): the first hand of the shared case
# chilean-four-packs-seven-red-threes, with the cards NS's partner still holds (rules.md §3's
# note): the case has one 5-point card; here the partner holds a king, 10 points.
# NS: 420 − 10 + escalera 1500 + natural 500 + 7 red threes at 100 (700; four packs hold eight)
# + going out 200 = 3310. EW: 480 − 65 + bolivia 2500 + mixed 300 + red three 100 = 3315.
CHILEAN_OPTIONS = {"packs": 4}
CHILEAN_HAND = (
    {
        "NS": {
            "sequence_canastas": 1,
            "natural_canastas": 1,
            "red_threes": 7,
            "went_out": True,
            "melded_points": 420,
            "hand_points": 10,
        },
        "EW": {
            "wild_canastas": 1,
            "mixed_canastas": 1,
            "red_threes": 1,
            "melded_points": 480,
            "hand_points": 65,
        },
    },
    {"NS": 3310, "EW": 3315},
)


# Five players (rules.md §1.1d): the first hand of the shared case classic-5p-side-of-three, with
# the card the partner of NS's player who went out still holds (5 points, §3's note):
# NS 310 − 5 + natural 500 + red three 100 + out 100 = 1005; EW 260 − 45 + 300 + 200 = 715.
FIVE_PLAYER_HAND = (
    {
        "NS": {
            "natural_canastas": 1,
            "red_threes": 1,
            "went_out": True,
            "melded_points": 310,
            "hand_points": 5,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 2, "melded_points": 260, "hand_points": 45},
    },
    {"NS": 1005, "EW": 715},
)


def _options(variant: str) -> dict[str, Any]:
    """The event's house rules for `variant`'s worked hand: Chilean's four packs."""
    return dict(CHILEAN_OPTIONS) if variant == "chilean" else {}


def _first_hand(variant: str) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """A valid first hand of `variant` (under `_options(variant)`) and its worked scores per side."""
    if variant == "brazilian":
        return BRAZILIAN_HAND
    if variant == "classic-3p":
        return THREE_PLAYER_HAND
    if variant == "chilean":
        return CHILEAN_HAND
    if variant == "classic-5p":
        return FIVE_PLAYER_HAND
    if variant == "uruguayan":
        return _first_hand("classic")
    for path in sorted(CASES.glob("*.json")):
        case = json.loads(path.read_text())
        sheet = case["sheet"]
        # A hand's score does not depend on the totals before it (only the opening minimum
        # does, which is lowest from 0): a case that starts later still gives a valid first hand.
        if sheet["variant"] == variant and "hand_scores" in case["expect"] and not sheet.get("options"):
            return sheet["hands"][0], case["expect"]["hand_scores"][0]
    raise AssertionError(f"no worked hand for {variant}: add a case or a worked hand here")


def _form_data(hand: dict[str, dict[str, Any]], **extra: Any) -> dict[str, str]:
    data = {"submission_id": "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e21", "number": "1", **extra}
    for side, entry in hand.items():
        for field, value in entry.items():
            if value is True:
                data[f"{side}-{field}"] = "on"
            elif value is not False and value is not None:
                data[f"{side}-{field}"] = str(value)
    return data


@pytest.fixture
def variant_game(club, players, django_capture_on_commit_callbacks):
    """A seated game of the requested variant, its sides those of the worked hand."""

    def make(variant: str) -> Game:
        event = services.event_create(
            club=club,
            asked=services.EventInput(
                name=variant, date=EVENT_DATE, variant=variant, options=_options(variant), players=players[:8]
            ),
        )
        with django_capture_on_commit_callbacks(execute=True):
            services.round_start(event=event)
        game = Game.objects.filter(table__round__event=event).order_by("table__number").first()
        hand, _scores = _first_hand(variant)
        # The variant at its own player count: the sides the engine plays it with.
        game.variant = variant
        game.sides = list(hand)
        game.save(update_fields=["variant", "sides"])
        return game

    return make


@pytest.mark.parametrize("variant", list(scoring.VARIANTS))
def test_every_variant_is_scored_at_the_table(client, sam, variant_game, variant):
    game = variant_game(variant)
    hand, scores = _first_hand(variant)
    rules = scoring.rules_for(variant, _options(variant))
    assert game.options == _options(variant)
    client.force_login(sam)
    url = f"/games/{game.pk}/"

    for mode in ("summary", "cards", "total"):
        page = client.get(f"{url}?mode={mode}")
        assert page.status_code == 200, (variant, mode)
    page = client.get(url).content.decode()
    for side in game.sides:
        for field in scoring.entry_fields(rules):
            assert f'name="{side}-{field.name}"' in page, (variant, side, field.name)

    preview = client.post(f"{url}hands/", _form_data(hand, preview="1"))
    assert preview.status_code == 200
    assert preview.context["preview"]["hand"] == {
        side: {"score": scores[side], "breakdown": preview.context["preview"]["hand"][side]["breakdown"]}
        for side in game.sides
    }
    assert not game.hands.exists(), "a preview saves nothing"

    saved = client.post(f"{url}hands/", _form_data(hand, save="1"))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == scores

    # The correction page opens hand 1 with what was entered, then a total-only correction
    # (each side's figure as a paper pad has it) replaces it: the totals are the typed figures.
    correcting = client.get(f"{url}?hand=1").content.decode()
    assert 'name="expected_version" value="1"' in correcting
    typed = {side: 100 - 50 * i for i, side in enumerate(game.sides)}
    data = {
        "submission_id": "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e22",
        "number": "1",
        "expected_version": "1",
        "mode": "total",
        "save": "1",
        **{f"{side}-total": str(points) for side, points in typed.items()},
    }
    corrected = client.post(f"{url}hands/", data)
    assert corrected.status_code == 302, corrected.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == typed
    assert game.hands.get(number=1).version == 2


def test_a_modern_american_special_hand_is_offered_by_its_name(client, sam, variant_game):
    game = variant_game("modern-american")
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert '<option value="garbage">Garbage</option>' in page
    assert '<option value="dream_hand_4">Dream Hand +4</option>' in page


def test_the_chilean_hand_is_its_case_s_first_hand():
    case = json.loads((CASES / "chilean-four-packs-seven-red-threes.json").read_text())
    hand = case["sheet"]["hands"][0]
    assert hand["NS"]["hand_points"] == 5  # the partner's one card in the case (rules.md §3's note)
    hand["NS"]["hand_points"] = 10  # the partner's king here
    assert (hand, case["sheet"]["options"]) == (CHILEAN_HAND[0], CHILEAN_OPTIONS)
    expected = case["expect"]["hand_scores"][0]
    assert CHILEAN_HAND[1] == {"NS": expected["NS"] - 5, "EW": expected["EW"]}
