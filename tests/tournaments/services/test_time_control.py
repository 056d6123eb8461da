"""Time control: the round clock, ending a game at its score when time is up, seating the next
round with the games still in play ended that way, and deleting a stray hand.

HAND_A (tests/support/hands.py): NS 1685, EW 485; HAND_B: NS −220, EW 790.
"""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tournaments import selectors, services
from tournaments.models import Event, Game, Hand, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def timed_night(club, players, django_capture_on_commit_callbacks):
    """8 players, classic, 60 minutes a round with a warning 10 minutes before the end."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Timed",
            date=EVENT_DATE,
            variant="classic",
            players=players[:8],
            minutes_per_round=60,
            warning_minutes=10,
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    return event


def _games(event, number=1):
    return list(
        Game.objects.select_related("table__round__event")
        .filter(table__round__event=event, table__round__number=number)
        .order_by("table__number")
    )


def test_the_clock_runs_warns_and_calls_the_last_hand(timed_night):
    round_ = Round.objects.select_related("event").get(event=timed_night, number=1)
    start = round_.clock_started_at
    assert start is not None  # started by the seating

    def at(minutes, seconds=0):
        return selectors.round_clock(
            round=round_, now=start + datetime.timedelta(minutes=minutes, seconds=seconds)
        )

    assert (at(0).state, at(0).left_text) == ("running", "1:00:00")
    assert (at(49, 59).state, at(49, 59).left_text) == ("running", "10:01")
    assert (at(50).state, at(50).left_text) == ("warning", "10:00")
    assert (at(60).state, at(60).left_text) == ("last_hand", "0:00")
    assert at(75).seconds_left == 0


def test_no_clock_without_minutes_per_round(league_night):
    round_ = Round.objects.select_related("event").get(event=league_night, number=1)
    assert round_.clock_started_at is None
    assert selectors.round_clock(round=round_) is None


def test_the_table_page_and_the_board_show_the_clock(client, timed_night, sam):
    game = _games(timed_night)[0]
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert 'id="round-clock"' in page and "data-ends-at=" in page
    board = client.get(f"/events/{timed_night.pk}/board/").content.decode()
    assert 'id="round-clock"' in board


def test_a_director_restarts_the_clock(client, timed_night, alice):
    round_ = Round.objects.get(event=timed_night, number=1)
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=round_.clock_started_at - datetime.timedelta(minutes=30)
    )
    client.force_login(alice)
    client.post(f"/events/{timed_night.pk}/rounds/1/clock/")
    round_.refresh_from_db()
    assert selectors.round_clock(round=round_).seconds_left > 59 * 60


def test_a_stopped_game_is_won_by_the_higher_total_and_stays_over(timed_night, alice):
    game = _games(timed_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.game_stop(game=game, stopped_by=alice)
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.is_draw, game.stopped_after) == (True, "NS", False, 1)
    with pytest.raises(ValidationError, match="The game is over"):
        services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    # A correction rescored the game: still stopped after one hand, now EW ahead (790 to −220).
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_B, expected_version=1))
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.totals) == (True, "EW", {"NS": -220, "EW": 790})
    with pytest.raises(ValidationError, match="over already"):
        services.game_stop(game=game)


def test_a_stopped_game_with_equal_totals_is_a_draw(timed_night):
    game = _games(timed_night)[0]
    services.hand_record(
        game=game, asked=services.HandInput(number=1, entries={"NS": {"total": 150}, "EW": {"total": 150}})
    )
    services.game_stop(game=game)
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.is_draw) == (True, "", True)


def test_the_next_round_waits_for_the_games_in_play_or_ends_them(
    timed_night, django_capture_on_commit_callbacks
):
    first, second = _games(timed_night)
    services.hand_record(game=first, asked=services.HandInput(number=1, entries=HAND_A))
    services.game_stop(game=first)
    services.hand_record(game=second, asked=services.HandInput(number=1, entries=HAND_B))
    with pytest.raises(ValidationError, match=r"a game in play at table 2:"):
        services.round_start(event=timed_night)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=timed_night, end_unfinished=True)
    second.refresh_from_db()
    assert (second.game_over, second.winner, second.stopped_after) == (True, "EW", 1)
    assert Round.objects.get(event=timed_night, number=2).status == Round.Status.SEATED


def test_a_director_ends_a_game_and_seats_the_round_from_the_pages(client, timed_night, alice):
    first, second = _games(timed_night)
    client.force_login(alice)
    assert client.post(f"/games/{first.pk}/stop/").status_code == 302
    first.refresh_from_db()
    assert first.game_over and first.is_draw  # no hand: 0 to 0
    page = client.get(f"/events/{timed_night.pk}/").content.decode()
    assert 'id="start-round-ending-games"' in page
    client.post(f"/events/{timed_night.pk}/rounds/start/", {"end_unfinished": "1"})
    second.refresh_from_db()
    assert second.game_over
    assert timed_night.rounds.count() == 2


def test_a_scorer_cannot_stop_a_game_or_delete_a_hand(client, timed_night, sam):
    game = _games(timed_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    client.force_login(sam)
    assert client.post(f"/games/{game.pk}/stop/").status_code == 404
    assert client.post(f"/games/{game.pk}/hands/delete/", {"number": "1"}).status_code == 404
    with pytest.raises(ValidationError, match="Only a director"):
        services.hand_delete(hand=game.hands.get(), deleted_by=sam)
    game.refresh_from_db()
    assert not game.game_over and game.hands.count() == 1


def test_a_director_deletes_a_stray_hand_and_the_game_is_rescored(client, timed_night, alice):
    game = _games(timed_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    client.force_login(alice)
    response = client.post(f"/games/{game.pk}/hands/delete/", {"number": "2", "reason": "entered twice"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 1685, "EW": 485}
    assert list(game.hands.values_list("number", flat=True)) == [1]
    deleted = Hand.history.filter(number=2, history_type="-").get()
    assert deleted.history_change_reason == "entered twice"
    # The next hand takes the next number after the last one kept.
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))


def test_once_final_a_hand_is_deleted_only_with_a_reason(timed_night, alice):
    game = _games(timed_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.event_finish(event=timed_night, end_unfinished=True)
    with pytest.raises(ValidationError):
        services.hand_delete(hand=game.hands.get(), deleted_by=alice)
    services.hand_delete(hand=game.hands.get(), deleted_by=alice, reason="not played")
    assert not game.hands.exists()
    assert Event.objects.get(pk=timed_night.pk).status == Event.Status.FINISHED


def test_the_admin_cannot_delete_hands_behind_the_services(admin_client, timed_night):
    game = _games(timed_night)[0]
    hand = services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    response = admin_client.post(f"/admin/tournaments/hand/{hand.pk}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert Hand.objects.filter(pk=hand.pk).exists()
