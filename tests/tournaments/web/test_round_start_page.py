"""Seating the next round from the event page while games are still in play: the director is
told which tables, before (the page, the confirmation) and after (which games were ended)."""

from __future__ import annotations

import pytest

from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def test_the_director_is_told_which_tables_are_ended(
    client, alice, league_night, django_capture_on_commit_callbacks
):
    games = list(Game.objects.filter(table__round__event=league_night).order_by("table__number"))
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(
            game=games[0], asked=services.HandInput(number=1, entries=HAND_A)
        )  # table 1 has a hand, table 2 none
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert "2 tables are still playing this round: tables 1, 2." in page
    assert "End the games still in play at tables 1, 2 at their current score" in page
    with django_capture_on_commit_callbacks(execute=True):
        answer = client.post(f"/events/{league_night.pk}/rounds/start/", {"end_unfinished": "1"}, follow=True)
    assert (
        "The games at tables 1, 2 of round 1 were ended at their score (a table with no hand "
        "entered ends 0 to 0, a draw)."
    ) in answer.content.decode()
    assert all(Game.objects.get(pk=game.pk).game_over for game in games)
