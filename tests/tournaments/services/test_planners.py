"""The table of seating planners: which planner seats which round, and a round none seats."""

from __future__ import annotations

import pytest

from tests.support.factories import EVENT_DATE
from tournaments import selectors, services
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


@pytest.mark.parametrize("count", [14, 17, 18])
def test_a_classic_night_of_14_17_or_18_seats_everyone_at_tables_of_five_for_three_rounds(
    client, club, alice, count, django_capture_on_commit_callbacks
):
    """The director asks, on the event page, for tables of five: 14 = 4 + 5 + 5, 17 = 4 + 4 + 4
    + 5, 18 = 4 + 4 + 5 + 5; every player present is seated in each of three rounds."""
    from tests.support.factories import PlayerFactory
    from tournaments.models import Game, SitOut

    players = [PlayerFactory(club=club, name=f"Seated {n:02d}") for n in range(count)]
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Everyone", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players
        ),
    )
    expected = {14: "4 + 5 + 5", 17: "4 + 4 + 4 + 5", 18: "4 + 4 + 5 + 5"}[count]
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert f'<bdi dir="ltr">{expected}</bdi>, no one sits out</button>' in page  # the choice, before
    assert client.post(f"/events/{event.pk}/odd-tables/", {"three": "0", "five": "1"}).status_code == 302
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert f'{count} present:</strong> <bdi dir="ltr">{expected}</bdi>, no one sits out.' in page
    for _ in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            round_ = services.round_start(event=event)
        round_.refresh_from_db()
        assert round_.status == Round.Status.SEATED, round_.seating_error
        seated = set(round_.tables.values_list("seats__player_id", flat=True))
        assert seated == {p.pk for p in players} and not SitOut.objects.filter(round=round_).exists()
        sizes = sorted(table.seats.count() for table in round_.tables.all())
        assert " + ".join(map(str, sizes)) == expected
        for game in Game.objects.filter(table__round=round_):
            sides = game.sides
            entries = {sides[0]: {"total": 300}, sides[1]: {"total": 120}}
            with django_capture_on_commit_callbacks(execute=True):
                services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))


def test_odd_tables_are_refused_where_the_game_has_none_and_after_the_event(club, players):
    from django.core.exceptions import ValidationError

    samba = services.event_create(
        club=club,
        asked=services.EventInput(name="Samba", date=EVENT_DATE, variant="samba", players=players[:8]),
    )
    with pytest.raises(ValidationError):
        services.event_odd_tables_set(event=samba, three_player_tables=False, five_player_tables=True)
    samba.refresh_from_db()
    assert not samba.five_player_tables
    assert selectors.event_seating_choices(event=samba) == (
        8,
        [selectors.SeatingChoice(False, False, (4, 4), 0, True)],
    )
    # Nine present: tables of three (3 + 3 + 3) and of five (4 + 5) each seat everyone.
    nine = services.event_create(
        club=club,
        asked=services.EventInput(name="Nine", date=EVENT_DATE, variant="classic", players=players[:9]),
    )
    present, choices = selectors.event_seating_choices(event=nine)
    assert present == 9
    assert [(c.three_player_tables, c.five_player_tables, c.tables, c.sit_outs) for c in choices] == [
        (False, False, (4, 4), 1),
        (False, True, (4, 5), 0),
        (True, False, (3, 3, 3), 0),
    ]
    services.event_finish(event=nine)
    with pytest.raises(ValidationError):
        services.event_odd_tables_set(event=nine, three_player_tables=False, five_player_tables=True)
