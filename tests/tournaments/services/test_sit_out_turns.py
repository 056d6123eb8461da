"""At a table of five, who of the side of three sits out each hand is chosen from the turns
kept in the game's row (`Game.sat_out_turns`), not from the earlier hands: the order is the
rules' (each in turn, rules.md §1.1d, §6) and a save at hand 30 costs the queries of hand 1."""

from __future__ import annotations

import importlib
import uuid

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests.support.factories import EVENT_DATE
from tournaments import services
from tournaments.domain.table_shapes import next_sitting_out
from tournaments.models import Game, Hand, Seat

pytestmark = pytest.mark.django_db

SMALL = {"A": {"total": 100}, "B": {"total": 50}}  # 30 of them stay under the target


def _five(club, players, capture) -> tuple[Game, list[int]]:
    """A classic night of five: one table of five, no limit of hands; (its game, the side of
    three's player ids in seat order)."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Five", date=EVENT_DATE, variant="classic", five_player_tables=True, players=players[:5]
        ),
    )
    with capture(execute=True):
        round_ = services.round_start(event=event)
    game = Game.objects.get(table__round=round_)
    Game.objects.filter(pk=game.pk).update(hands_planned=None)
    trio = list(
        Seat.objects.filter(table=game.table, side="A")
        .order_by("position")
        .values_list("player_id", flat=True)
    )
    assert game.variant == "classic-5p" and len(trio) == 3
    return game, trio


def _save(game: Game, number: int) -> Hand:
    return services.hand_record(
        game=game, asked=services.HandInput(number=number, entries=SMALL, submission_id=uuid.uuid4())
    )


def _queries_of_a_save(game: Game, number: int) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        _save(game, number)
    return [q["sql"] for q in queries.captured_queries]


def test_thirty_hands_sit_out_in_turn_with_the_same_queries_at_hand_1_and_hand_30(
    club, players, django_capture_on_commit_callbacks
):
    game, trio = _five(club, players, django_capture_on_commit_callbacks)
    first = _queries_of_a_save(game, 1)
    for number in range(2, 30):
        _save(game, number)
    thirtieth = _queries_of_a_save(game, 30)
    # Each in turn, the first of the side sitting out hand 1 (rules.md §6): 1, 2, 3, 1, 2, 3, ...
    sat_out = list(Hand.objects.filter(game=game).order_by("number").values_list("sat_out_id", flat=True))
    assert sat_out == [trio[(number - 1) % 3] for number in range(1, 31)]
    # The same queries, and none reads the earlier hands' sit-outs (the same count held before,
    # when one query read all 29 of them).
    assert len(thirtieth) == len(first), (first, thirtieth)
    assert not [sql for sql in first + thirtieth if '"tournaments_hand"."sat_out_id" FROM' in sql]
    game.refresh_from_db()
    assert game.sat_out_turns == {str(trio[0]): [10, 28], str(trio[1]): [10, 29], str(trio[2]): [10, 30]}


def test_a_director_s_change_an_undo_and_a_deletion_keep_the_turns(
    club, players, alice, django_capture_on_commit_callbacks
):
    game, (one, two, three) = _five(club, players, django_capture_on_commit_callbacks)
    for number in (1, 2):
        _save(game, number)  # one, two
    # The director says the third sat out hand 2: one and three have sat out once, two never.
    services.hand_sat_out_set(hand=Hand.objects.get(game=game, number=2), player_id=three, by=alice)
    assert _save(game, 3).sat_out_id == two
    # Undone and saved again: two has still not sat out, so two again.
    services.hand_undo(hand=Hand.objects.get(game=game, number=3))
    assert _save(game, 3).sat_out_id == two
    # All once, two the latest: the next after two.
    assert _save(game, 4).sat_out_id == three
    # Hand 3 deleted (a gap): one once (hand 1), three twice (hands 2 and 4), two never.
    services.hand_delete(hand=Hand.objects.get(game=game, number=3), deleted_by=alice, reason="stray")
    game.refresh_from_db()
    assert game.sat_out_turns == {str(one): [1, 1], str(three): [2, 4]}
    assert _save(game, 5).sat_out_id == two
    assert _save(game, 6).sat_out_id == one  # one and two once, two the latest: then three (twice), one


def test_the_migration_fills_the_turns_of_games_played_before_it(
    club, players, django_capture_on_commit_callbacks
):
    game, (one, two, three) = _five(club, players, django_capture_on_commit_callbacks)
    for number in range(1, 5):
        _save(game, number)  # one, two, three, one
    Game.objects.filter(pk=game.pk).update(sat_out_turns={})
    migration = importlib.import_module("tournaments.migrations.0004_game_sat_out_turns")
    migration.turns_from_hands(apps, None)
    game.refresh_from_db()
    assert game.sat_out_turns == {str(one): [2, 4], str(two): [1, 2], str(three): [1, 3]}
    assert _save(game, 5).sat_out_id == two


@pytest.mark.parametrize(
    ("sat_out", "next_one"),
    [
        ([9, 1], 2),  # 9 has left the side since: the turns go on from the side's own
        ([1, 9], 2),
        ([2, None, 9], 3),
    ],
)
def test_who_sat_out_but_is_no_longer_on_the_side_does_not_count(sat_out, next_one):
    assert next_sitting_out((1, 2, 3), sat_out) == next_one
