"""A seated game of every variant the engine offers (`variant_game`), the house rules its worked
hand is played under, a worked hand put on the table's sides, and a hand as the table page's
form posts it. The hands themselves are worked in tests/tournaments/web/test_table_variants.py."""

from __future__ import annotations

from typing import Any

import pytest

import scoring
from tests.support.factories import EVENT_DATE
from tournaments import services
from tournaments.models import Game

# Chilean's worked hand is played with four packs, the event's house rule (rules.md §1.11, §6).
CHILEAN_OPTIONS = {"packs": 4}


def _options(variant: str) -> dict[str, Any]:
    """The event's house rules for `variant`'s worked hand: Chilean's four packs."""
    return dict(CHILEAN_OPTIONS) if variant == "chilean" else {}


def _form_data(hand: dict[str, dict[str, Any]], **extra: Any) -> dict[str, str]:
    data = {"submission_id": "6f1c2a1e-2b51-4f0a-9d3c-5a0f5d8c7e21", "number": "1", **extra}
    for side, entry in hand.items():
        for field, value in entry.items():
            if value is True:
                data[f"{side}-{field}"] = "on"
            elif value is not False and value is not None:
                data[f"{side}-{field}"] = str(value)
    return data


def _as_seated(worked: dict[str, Any], sides: list[str]) -> dict[str, Any]:
    """A worked hand (or its scores) on the table's sides, in order: its first side's for the
    table's first side, and so on (classic-5p's case is worked with its side of three first)."""
    assert len(worked) == len(sides), (list(worked), sides)
    return dict(zip(sides, worked.values(), strict=True))


@pytest.fixture
def variant_game(club, players, django_capture_on_commit_callbacks):
    """The first game of a seated event of the requested variant, with as many players as its
    own table seats: its sides and seats as the seating made them."""

    def make(variant: str) -> Game:
        seated = sum(scoring.VARIANTS[variant].tables[0])
        event = services.event_create(
            club=club,
            asked=services.EventInput(
                name=variant,
                date=EVENT_DATE,
                variant=variant,
                options=_options(variant),
                players=players[:seated],
            ),
        )
        with django_capture_on_commit_callbacks(execute=True):
            services.round_start(event=event)
        game = Game.objects.filter(table__round__event=event).order_by("table__number").first()
        assert game is not None and game.variant == variant
        assert game.table.seats.count() == seated
        return game

    return make
