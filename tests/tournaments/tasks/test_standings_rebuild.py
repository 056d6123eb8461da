"""The standings kept up to date hand by hand (the task queued after each saved hand) equal a
full rebuild from the stored hands (`manage.py standings_rebuild`), row for row, including
after a corrected hand."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command

from clubs.models import Player
from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Game, Hand, Standing

pytestmark = pytest.mark.django_db

FIELDS = (
    "player_id",
    "rank",
    "games",
    "wins",
    "draws",
    "losses",
    "victory_points",
    "match_points",
    "points_for",
    "points_against",
    "finished_points",
    "separated_by",
)
SWAPPED_A = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}


def _rows(event) -> list[tuple]:
    return list(Standing.objects.filter(event=event).order_by("rank", "player_id").values_list(*FIELDS))


def _save(capture, *, game, **kwargs) -> None:
    """Save a hand and run what its commit queues (the standings task, in-process in tests)."""
    with capture(execute=True):
        services.hand_record(game=game, asked=services.HandInput(**kwargs))


def test_incremental_standings_equal_a_full_rebuild_after_a_correction(
    league_night, django_capture_on_commit_callbacks
):
    event = league_night
    first, second = Game.objects.filter(table__round__event=event).order_by("table__number")
    for number, (a, b) in enumerate(
        zip([HAND_A, HAND_B, HAND_A], [SWAPPED_A, HAND_A, HAND_B], strict=True), start=1
    ):
        _save(django_capture_on_commit_callbacks, game=first, number=number, entries=a)
        _save(django_capture_on_commit_callbacks, game=second, number=number, entries=b)
    before_correction = _rows(event)
    assert before_correction, "the task after each hand wrote the standings"

    # Table 2's second hand was mistyped: EW went out, not NS.
    hand = Hand.objects.get(game=second, number=2)
    _save(
        django_capture_on_commit_callbacks,
        game=second,
        number=2,
        entries=HAND_B,
        expected_version=hand.version,
    )
    incremental = _rows(event)
    assert incremental != before_correction, "the correction moved the standings"

    Standing.objects.filter(event=event).delete()
    call_command("standings_rebuild", str(event.pk), stdout=io.StringIO())
    assert _rows(event) == incremental


def test_finished_games_and_a_correction_after_the_finish_match_a_full_rebuild(
    league_night, django_capture_on_commit_callbacks
):
    """Both games played to the end of the round (4 hands), then a finished game corrected."""
    first, second = Game.objects.filter(table__round__event=league_night).order_by("table__number")
    for number, (a, b) in enumerate(
        zip([HAND_A, HAND_B, HAND_A, HAND_B], [SWAPPED_A, HAND_A, HAND_A, HAND_A], strict=True), start=1
    ):
        _save(django_capture_on_commit_callbacks, game=first, number=number, entries=a)
        _save(django_capture_on_commit_callbacks, game=second, number=number, entries=b)
    hand = Hand.objects.get(game=first, number=1)
    _save(
        django_capture_on_commit_callbacks,
        game=first,
        number=1,
        entries=SWAPPED_A,
        expected_version=hand.version,
    )
    incremental = _rows(league_night)
    assert {row[2] for row in incremental} == {1}, "every player has one finished game"

    call_command("standings_rebuild", str(league_night.pk), stdout=io.StringIO())
    assert _rows(league_night) == incremental


def test_a_rebuild_rewrites_only_the_rows_that_changed(league_night, django_capture_on_commit_callbacks):
    """A rebuild with nothing new writes no row; after a correction only the rows whose figures
    moved are written again; a row of a player who is not in the event goes. The rows equal a
    full rebuild's."""
    first, second = Game.objects.filter(table__round__event=league_night).order_by("table__number")
    for number, hand in enumerate([HAND_A, HAND_B, HAND_A], start=1):
        _save(django_capture_on_commit_callbacks, game=first, number=number, entries=hand)
        _save(django_capture_on_commit_callbacks, game=second, number=number, entries=hand)

    def stored() -> dict[int, tuple]:
        return {
            row[0]: row
            for row in Standing.objects.filter(event=league_night).values_list("player_id", "pk", *FIELDS[1:])
        }

    before = stored()
    assert services.standings_rebuild(event_id=league_night.pk) == 8
    assert stored() == before

    hand = Hand.objects.get(game=first, number=2)
    services.hand_record(
        game=first, asked=services.HandInput(number=2, entries=SWAPPED_A, expected_version=hand.version)
    )  # no task
    outsider = Player.objects.exclude(participations__event=league_night).first()
    Standing.objects.create(event=league_night, player=outsider, rank=9)
    assert services.standings_rebuild(event_id=league_night.pk) == 8
    after = stored()
    assert outsider.pk not in after and set(after) == set(before)
    moved = {player for player in after if after[player][2:] != before[player][2:]}
    assert moved, "the correction moved some rows"
    for player, row in after.items():
        assert (row[1] == before[player][1]) == (player not in moved), "only moved rows are written"

    incremental = _rows(league_night)
    Standing.objects.filter(event=league_night).delete()
    services.standings_rebuild(event_id=league_night.pk)
    assert _rows(league_night) == incremental
