"""A game the director ended at its score is said to be so wherever its result is read: the
round results (page and download), the player's night, the hall board; and a correction of its
last hand says the game stays ended, not that the hand ends it."""

from __future__ import annotations

import re

import pytest

from tests.support.hands import HAND_A, HAND_B
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db
ENDED = "ended by the director"


@pytest.fixture
def ended(league_night, alice, django_capture_on_commit_callbacks):
    """Table 1 stopped by the director after HAND_A (NS 1685 – EW 485: NS wins); table 2 played
    to its four hands (HAND_A, HAND_B twice: NS 2930 – EW 2550)."""
    first, second = Game.objects.filter(table__round__event=league_night).order_by("table__number")[:2]
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(game=first, asked=services.HandInput(number=1, entries=HAND_A))
        services.game_stop(game=first, stopped_by=alice)
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            services.hand_record(game=second, asked=services.HandInput(number=number, entries=hand))
    return first, second


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_round_results_and_their_download_say_which_game_the_director_ended(
    client, league_night, alice, ended
):
    client.force_login(alice)
    page = _text(client.get(f"/events/{league_night.pk}/standings/").content.decode())
    assert page.count(ENDED) == 2  # table 1's two sides; table 2 was played out
    download = client.get(f"/events/{league_night.pk}/standings/", {"table": "rounds", "_export": "csv"})
    lines = download.content.decode("utf-8-sig").splitlines()
    table_one = [line for line in lines if line.startswith("1,1,")]
    table_two = [line for line in lines if line.startswith("1,2,")]
    assert [line.split(",")[5] for line in table_one] == [f"Won · {ENDED}", f"Lost · {ENDED}"]
    assert len(table_two) == 2 and not any(ENDED in line for line in table_two)


def test_the_players_night_and_the_board_say_it_too(client, league_night, alice, ended):
    first, _second = ended
    client.force_login(alice)
    north = first.table.seats.get(position="N").player
    night = _text(client.get(f"/events/{league_night.pk}/players/{north.pk}/").content.decode())
    assert f"Won · {ENDED}" in night
    board = _text(client.get(f"/events/{league_night.pk}/board/").content.decode())
    assert f"NS wins · {ENDED}" in board
    assert board.count(ENDED) == 1


def test_correcting_the_last_hand_of_an_ended_game_says_the_game_stays_ended(
    client, league_night, alice, ended
):
    first, _second = ended
    client.force_login(alice)
    # Hand 1 corrected to HAND_B (NS −220, EW 790): the game stays ended, EW now ahead.
    data = _form_data(first, 1, HAND_B, preview="1", expected_version="1", reason="miscounted")
    page = _text(client.post(f"/games/{first.pk}/hands/", data).content.decode())
    assert "The director ended this game at its score: with this correction, EW wins." in page
    assert "This hand ends the game" not in page
