"""The table of seating planners: which planner seats which round, and a round none seats."""

from __future__ import annotations

import pytest

from tests.support.factories import EVENT_DATE
from tournaments import services
from tournaments.models import Event, Round, Stage
from tournaments.services import individual_seating, partnership_seating, planners, stage_seating

pytestmark = pytest.mark.django_db


def test_each_kind_of_round_has_the_planner_its_format_plays():
    # Written out from the formats (README, "Formats"): players alone rotate partners in every
    # stage of rounds; pairs follow their movement; a final table and a knockout seat their own.
    assert dict(planners.PLANNERS) == {
        ("", False): individual_seating.plan_individual_round,
        ("", True): partnership_seating.plan_pair_round,
        ("rounds", False): individual_seating.plan_individual_round,
        ("rounds", True): stage_seating.plan_stage_pairs_round,
        ("final_table", False): stage_seating.plan_final_table_round,
        ("final_table", True): stage_seating.plan_final_table_pairs_round,
        ("knockout", True): stage_seating.plan_knockout_round,
    }
    assert {kind for kind, _paired in planners.PLANNERS} - {""} == set(Stage.Kind.values)


def test_a_round_no_planner_seats_fails_with_the_reason_and_keeps_the_night(
    club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(name="Cup", date=EVENT_DATE, variant="classic", players=players[:8]),
    )
    # A knockout of players alone, which `stage_add` refuses, written straight to the table.
    stage = Stage.objects.create(event=event, number=1, kind=Stage.Kind.KNOCKOUT, format=event.format)
    round_ = Round.objects.create(event=event, number=1, stage=stage, status=Round.Status.SEATING)

    seated = services.round_seat(round_id=round_.pk)

    assert seated is not None and seated.status == Round.Status.FAILED
    assert "No seating planner" in seated.seating_error
    assert seated.seating_started_at is not None  # the worker's one call noted when it began
    assert not seated.tables.exists()


def test_the_worker_seats_a_round_through_one_service(club, players, django_capture_on_commit_callbacks):
    event = services.event_create(
        club=club,
        asked=services.EventInput(name="Night", date=EVENT_DATE, variant="classic", players=players[:8]),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert round_.seating_started_at is not None
    assert round_.tables.count() == 2
    assert event.format == Event.Format.INDIVIDUAL
