"""Tables of three: when the director chooses them, nobody sits out and a table of three plays
the 3-player game with three sides of one player."""

from __future__ import annotations

import pytest

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import selectors, services
from tournaments.models import Game, Standing

pytestmark = pytest.mark.django_db

# N went out (1 natural + 2 mixed canastas, 2 red threes, melded 310, no cards left):
# 310 + 500 + 600 + 200 + 100 = 1710. E as HAND_A's EW: 485. S never melded, holds 40: −40.
HAND_THREE = {"N": {**HAND_A["NS"], "hand_points": 0}, "E": HAND_A["EW"], "S": {"hand_points": 40}}


def _ten_player_night(club, players, django_capture_on_commit_callbacks, **kwargs):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Ten", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players[:10], **kwargs
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    return event, round_


def test_ten_players_sit_at_one_table_of_four_and_two_of_three(
    club, players, django_capture_on_commit_callbacks
):
    _event, round_ = _ten_player_night(
        club, players, django_capture_on_commit_callbacks, three_player_tables=True
    )
    assert not round_.sit_outs.exists()
    games = list(Game.objects.filter(table__round=round_).prefetch_related("table__seats"))
    assert sorted(len(g.table.seats.all()) for g in games) == [3, 3, 4]
    for game in games:
        seats = list(game.table.seats.all())
        if len(seats) == 3:
            assert game.variant == "classic-3p"
            assert game.sides == ["N", "E", "S"]
            assert sorted((s.side, s.position) for s in seats) == [("E", "E"), ("N", "N"), ("S", "S")]
            assert game.totals == {"N": 0, "E": 0, "S": 0}
        else:
            assert game.variant == "classic" and game.sides == ["NS", "EW"]


def test_without_tables_of_three_two_of_ten_sit_out(club, players, django_capture_on_commit_callbacks):
    _event, round_ = _ten_player_night(club, players, django_capture_on_commit_callbacks)
    assert round_.sit_outs.count() == 2
    assert round_.tables.count() == 2


def test_a_table_of_three_scores_and_ranks_each_player(club, players, django_capture_on_commit_callbacks):
    event, round_ = _ten_player_night(
        club, players, django_capture_on_commit_callbacks, three_player_tables=True
    )
    game = next(g for g in Game.objects.filter(table__round=round_) if len(g.sides) == 3)
    with django_capture_on_commit_callbacks(execute=True):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_THREE))
    game.refresh_from_db()
    assert game.totals == {"N": 1710, "E": 485, "S": -40}
    assert game.game_over and game.winner == "N"
    north = game.table.seats.get(side="N").player
    row = Standing.objects.get(event=event, player=north)
    assert (row.wins, row.points_for, row.points_against) == (1, 1710, 485)


def test_a_table_of_three_of_a_variant_played_by_three_plays_it_alone(
    club, players, django_capture_on_commit_callbacks
):
    """Hand and Foot is played by three alone itself (rules.md §6a): its tables of three play
    Hand and Foot, three sides of one, with one deck more than the players (4 decks), not
    Classic for 3 players."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Feet",
            date=EVENT_DATE,
            variant="hand-and-foot",
            hands_per_round=1,
            players=players[:10],
            three_player_tables=True,
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    games = list(Game.objects.filter(table__round=round_))
    assert sorted((g.variant, len(g.sides), g.players) for g in games) == [
        ("hand-and-foot", 2, 2),
        ("hand-and-foot", 3, 1),
        ("hand-and-foot", 3, 1),
    ]
    three = next(g for g in games if len(g.sides) == 3)
    assert selectors.game_rules(game=three).decks == 4
