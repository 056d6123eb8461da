from __future__ import annotations

import uuid
from unittest import mock

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_A_SCORES, HAND_B, HAND_TWO_OUT
from tournaments import services
from tournaments.models import Game, Hand, Round, SideEntry, Standing

pytestmark = pytest.mark.django_db


def _first_game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()


def test_round_start_seats_two_tables_of_four(league_night):
    round_ = league_night.rounds.get()
    assert round_.status == Round.Status.SEATED
    tables = list(round_.tables.prefetch_related("seats"))
    assert len(tables) == 2
    seated = [seat.player_id for t in tables for seat in t.seats.all()]
    assert sorted(seated) == sorted(league_night.participants.values_list("player_id", flat=True))
    for table in tables:
        sides = sorted(seat.side for seat in table.seats.all())
        assert sides == ["EW", "EW", "NS", "NS"]


def test_hand_record_scores_and_keeps_totals(league_night):
    game = _first_game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    game.refresh_from_db()
    assert {e.side: e.score for e in SideEntry.objects.filter(hand__game=game)} == HAND_A_SCORES
    assert game.totals == HAND_A_SCORES
    assert game.initial_meld == {"NS": 90, "EW": 50}
    assert not game.game_over

    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    game.refresh_from_db()
    assert game.totals == {"NS": 1685 - 220, "EW": 485 + 790}


def test_hand_record_breakdown_adds_up_to_the_score(league_night):
    game = _first_game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    for side_entry in SideEntry.objects.filter(hand__game=game):
        assert sum(line["points"] for line in side_entry.breakdown) == side_entry.score


def test_a_retried_submission_records_one_hand(league_night):
    game = _first_game(league_night)
    submission = uuid.uuid4()
    first = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, submission_id=submission)
    )
    again = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, submission_id=submission)
    )
    assert first.pk == again.pk
    assert Hand.objects.filter(game=game).count() == 1


def test_a_second_hand_with_the_same_number_is_refused(league_night):
    game = _first_game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    with pytest.raises(ValidationError, match="already recorded"):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_B))
    assert Hand.objects.filter(game=game).count() == 1


def test_a_hand_number_with_a_gap_is_refused(league_night):
    game = _first_game(league_night)
    with pytest.raises(ValidationError, match="next one is hand 1"):
        services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_A))


def test_a_rejected_entry_names_the_side_and_field_and_saves_nothing(league_night):
    game = _first_game(league_night)
    with pytest.raises(ValidationError) as caught:
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_TWO_OUT))
    assert any(key.endswith(".went_out") for key in caught.value.message_dict)
    assert not Hand.objects.filter(game=game).exists()
    game.refresh_from_db()
    assert game.totals == {"NS": 0, "EW": 0}


def test_a_correction_rescoring_the_game(league_night):
    game = _first_game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    # Swap the sides of hand 1: NS now scores 485 and EW 1685.
    swapped = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}
    hand = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=swapped, expected_version=1)
    )
    assert hand.version == 2
    game.refresh_from_db()
    assert game.totals == {"NS": 485 - 220, "EW": 1685 + 790}


def test_a_stale_correction_is_a_conflict_not_an_overwrite(league_night):
    game = _first_game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, expected_version=1)
    )  # now version 2
    with pytest.raises(ValidationError, match="changed by someone else"):
        services.hand_record(
            game=game, asked=services.HandInput(number=1, entries=HAND_B, expected_version=1)
        )
    assert {e.side: e.score for e in SideEntry.objects.filter(hand__game=game)} == HAND_A_SCORES


def test_the_game_ends_after_the_rounds_hands_and_the_higher_total_wins(league_night):
    game = _first_game(league_night)
    for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    game.refresh_from_db()
    # NS: 1685 − 220 + 1685 − 220 = 2930; EW: 485 + 790 + 485 + 790 = 2550.
    assert game.totals == {"NS": 2930, "EW": 2550}
    assert game.game_over and game.winner == "NS" and not game.is_draw
    with pytest.raises(ValidationError, match="game is over"):
        services.hand_record(game=game, asked=services.HandInput(number=5, entries=HAND_A))


def test_equal_totals_after_the_rounds_hands_are_a_draw(league_night):
    game = _first_game(league_night)
    swapped_a = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}
    swapped_b = {"NS": HAND_B["EW"], "EW": HAND_B["NS"]}
    for number, hand in enumerate([HAND_A, swapped_a, HAND_B, swapped_b], start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    game.refresh_from_db()
    assert game.totals["NS"] == game.totals["EW"]
    assert game.game_over and game.winner == "" and game.is_draw


def test_saving_a_hand_queues_the_standings_after_commit(league_night, django_capture_on_commit_callbacks):
    game = _first_game(league_night)
    with (
        mock.patch("tournaments.services.queue.task_send") as queue,
        django_capture_on_commit_callbacks(execute=True),
    ):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    queue.assert_called_once_with(
        "tournaments.tasks.standings_recompute", countdown=1, event_id=league_night.pk
    )


def test_a_burst_of_hands_queues_one_standings_rebuild(league_night, django_capture_on_commit_callbacks):
    """Two tables saving at once: the second hand finds the rebuild already queued."""
    first, second = Game.objects.filter(table__round__event=league_night)
    with mock.patch("tournaments.services.queue.task_send") as queue:
        for game in (first, second):
            with django_capture_on_commit_callbacks(execute=True):
                services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    assert queue.call_count == 1


def test_standings_follow_the_hands_and_rebuilding_twice_changes_nothing(league_night):
    game = _first_game(league_night)
    for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    services.standings_rebuild(event_id=league_night.pk)
    first = list(
        Standing.objects.filter(event=league_night).values_list(
            "player_id", "rank", "victory_points", "points_for", "games", "wins"
        )
    )
    services.standings_rebuild(event_id=league_night.pk)
    second = list(
        Standing.objects.filter(event=league_night).values_list(
            "player_id", "rank", "victory_points", "points_for", "games", "wins"
        )
    )
    assert first == second
    winners = set(game.table.seats.filter(side="NS").values_list("player_id", flat=True))
    top = Standing.objects.filter(event=league_night, rank=1)
    assert set(top.values_list("player_id", flat=True)) == winners
    for row in top:
        assert (row.victory_points, row.games, row.wins, row.points_for) == (2, 1, 1, 2930)


def test_the_next_round_waits_for_the_games_in_play(league_night):
    with pytest.raises(ValidationError, match=r"still has games in play at tables 1, 2:"):
        services.round_start(event=league_night)


def test_reseating_a_round_leaves_one_seating(league_night, django_capture_on_commit_callbacks):
    round_ = league_night.rounds.get()
    with django_capture_on_commit_callbacks(execute=True):
        services.round_reseat(round=round_)
    assert round_.tables.count() == 2
    assert Game.objects.filter(table__round=round_).count() == 2


def test_a_night_of_partners_who_never_repeat(league_night, django_capture_on_commit_callbacks):
    """Eight players over three rounds: nobody partners the same player twice."""
    partnered: set[frozenset[int]] = set()
    for round_number in (1, 2, 3):
        round_ = league_night.rounds.get(number=round_number)
        for table in round_.tables.prefetch_related("seats"):
            for side in ("NS", "EW"):
                pair = frozenset(s.player_id for s in table.seats.all() if s.side == side)
                assert pair not in partnered
                partnered.add(pair)
            game = table.game
            for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
                services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
        if round_number < 3:
            with django_capture_on_commit_callbacks(execute=True):
                services.round_start(event=league_night)
    assert len(partnered) == 12


def test_a_late_arrival_joins_the_next_round_without_sitting_out_first(
    club, players, django_capture_on_commit_callbacks
):
    """Nine players: round 1 seats eight and one sits out. A tenth who arrives for round 2
    missed round 1, which counts as a sit-out, so round 2's two sit-outs are others."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Late", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players[:9]
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    first = event.rounds.get(number=1)
    sat_out_first = set(first.sit_outs.values_list("player_id", flat=True))
    assert len(sat_out_first) == 1
    for game in Game.objects.filter(table__round=first):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    late = players[9]
    services.participant_set_present(event=event, player=late, present=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    second = event.rounds.get(number=2)
    sat_out_second = set(second.sit_outs.values_list("player_id", flat=True))
    assert len(sat_out_second) == 2
    assert late.pk not in sat_out_second
    assert not sat_out_first & sat_out_second
    assert second.tables.filter(seats__player=late).exists()


def test_a_repeated_seating_task_leaves_a_seated_round_alone(league_night):
    from tournaments.workers.tasks import round_seat

    round_ = league_night.rounds.get()
    games = set(Game.objects.filter(table__round=round_).values_list("pk", flat=True))
    assert round_seat(round_id=round_.pk) == Round.Status.SEATED
    assert set(Game.objects.filter(table__round=round_).values_list("pk", flat=True)) == games


def test_a_stuck_seating_can_be_asked_for_again(league_night, django_capture_on_commit_callbacks):
    round_ = league_night.rounds.get()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATING)  # its task was lost
    with django_capture_on_commit_callbacks(execute=True):
        services.round_reseat(round=round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert round_.tables.count() == 2


def test_one_submission_id_with_other_values_is_refused(league_night):
    game = _first_game(league_night)
    submission = uuid.uuid4()
    services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, submission_id=submission)
    )
    with pytest.raises(ValidationError, match="already saved as hand 1 with other values"):
        services.hand_record(
            game=game, asked=services.HandInput(number=1, entries=HAND_B, submission_id=submission)
        )
    with pytest.raises(ValidationError, match="already saved as hand 1"):
        services.hand_record(
            game=game, asked=services.HandInput(number=2, entries=HAND_A, submission_id=submission)
        )
    assert {e.side: e.score for e in SideEntry.objects.filter(hand__game=game)} == HAND_A_SCORES


def test_an_unknown_variant_is_an_error_on_the_variant(club, players):
    with pytest.raises(ValidationError) as caught:
        services.event_create(
            club=club,
            asked=services.EventInput(name="X", date=EVENT_DATE, variant="nope", players=players[:4]),
        )
    assert "variant" in caught.value.message_dict


def test_a_late_arrivals_missed_rounds_count_as_sit_outs_in_the_seating_history(
    club, players, django_capture_on_commit_callbacks
):
    """What the seating is told: the late player missed round 1, so it has one sit-out,
    as the player who sat round 1 out has; the eight who played have none."""
    from tournaments.services.individual_seating import individual_history

    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Late", date=EVENT_DATE, variant="classic", hands_per_round=1, players=players[:9]
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    first = event.rounds.get(number=1)
    sat_out = first.sit_outs.get().player_id
    for game in Game.objects.filter(table__round=first):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    late = players[9]
    services.participant_set_present(event=event, player=late, present=True)
    second = Round.objects.create(event=event, number=2)
    present = [p.pk for p in players[:10]]
    history = individual_history(second, present)
    assert history.sit_outs[late.pk] == 1
    assert history.sit_outs[sat_out] == 1
    assert sum(history.sit_outs[p] for p in present) == 2


def _record(game, hands):
    for number, entries in enumerate(hands, start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=entries))


def test_a_correction_finds_its_hand_by_number_after_a_director_deleted_an_earlier_one(league_night):
    """Hands 1 to 3, hand 2 deleted (the admin allows it): correcting hand 3 changes hand 3, and
    the next hand is 4. Totals: hand 1 (HAND_A) and hand 3 corrected to HAND_A again."""
    game = _first_game(league_night)
    _record(game, [HAND_A, HAND_B, HAND_B])
    Hand.objects.get(game=game, number=2).delete()
    hand = services.hand_record(
        game=game, asked=services.HandInput(number=3, entries=HAND_A, expected_version=1)
    )
    assert (hand.number, hand.version) == (3, 2)
    assert {e.side: e.score for e in SideEntry.objects.filter(hand=hand)} == HAND_A_SCORES
    game.refresh_from_db()
    assert game.totals == {side: 2 * score for side, score in HAND_A_SCORES.items()}
    with pytest.raises(ValidationError, match="the next one is hand 4"):
        services.hand_record(game=game, asked=services.HandInput(number=5, entries=HAND_B))


def test_a_correction_sent_twice_is_recorded_once(league_night):
    game = _first_game(league_night)
    _record(game, [HAND_A])
    submission = uuid.uuid4()
    first = services.hand_record(
        game=game,
        asked=services.HandInput(number=1, entries=HAND_B, expected_version=1, submission_id=submission),
    )
    again = services.hand_record(
        game=game,
        asked=services.HandInput(number=1, entries=HAND_B, expected_version=1, submission_id=submission),
    )
    assert (first.version, again.version, again.was_created) == (2, 2, False)
    assert Hand.objects.get(game=game, number=1).version == 2


def test_no_hand_is_taken_while_the_round_is_being_seated_again(league_night):
    game = _first_game(league_night)
    Round.objects.filter(pk=game.table.round_id).update(status=Round.Status.SEATING)
    with pytest.raises(ValidationError, match="seating this round again"):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    assert not Hand.objects.filter(game=game).exists()


def test_a_late_seating_task_keeps_the_tables_where_hands_were_played(league_night):
    """The director asked for a new seating, then a hand reached a table before the worker ran
    the task: the task keeps the round's tables (and the hand) instead of replacing them."""
    round_ = league_night.rounds.get()
    game = _first_game(league_night)
    services.round_reseat(round=round_)  # its task is not run here
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATED)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATING)
    tables_before = set(round_.tables.values_list("pk", flat=True))

    seated = services.round_seat(round_id=round_.pk)

    assert seated.status == Round.Status.SEATED
    assert set(round_.tables.values_list("pk", flat=True)) == tables_before
    assert Hand.objects.filter(game=game, number=1).exists()


def test_a_standings_rebuild_that_loses_the_database_is_tried_again(league_night):
    """PostgreSQL restarting mid-task: the rebuild asks Celery to retry it (eagerly, Retry is
    raised), rather than failing for good with the event's mark already cleared."""
    from celery.exceptions import Retry
    from django.db import OperationalError

    from tournaments.workers import tasks

    lost = OperationalError("server closed the connection unexpectedly")
    with mock.patch("tournaments.services.standings_rebuild", side_effect=lost), pytest.raises(Retry):
        tasks.standings_recompute.apply(kwargs={"event_id": league_night.pk}, throw=True)


def test_a_hand_for_a_table_that_was_seated_again_is_refused_not_lost_in_a_500(league_night):
    game = _first_game(league_night)
    Game.objects.filter(pk=game.pk).delete()  # the round was seated again meanwhile
    with pytest.raises(ValidationError, match="seated again"):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))


def test_the_save_refusals_reach_the_scorer_in_the_scorers_language(league_night):
    from django.utils import translation

    game = _first_game(league_night)
    _record(game, [HAND_A])
    with translation.override("es"), pytest.raises(ValidationError) as caught:
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_B))
    assert caught.value.messages == ["La mano 1 ya está registrada. Ábrala para corregirla."]
    with translation.override("el"), pytest.raises(ValidationError) as caught:
        services.hand_record(game=game, asked=services.HandInput(number=3, entries=HAND_B))
    assert caught.value.messages == [
        "Το χέρι 3 δεν μπορεί να περαστεί: αυτή η παρτίδα έχει 1 χέρι(α), άρα το επόμενο είναι το χέρι 2."
    ]
