"""The table's undo of the hand it has just saved (services.hand_undo): one tap for a short
while, through the same deletion as the director's (history kept, the game rescored)."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from tests.support.hands import HAND_A, HAND_B
from tournaments import selectors, services
from tournaments.models import Game, Hand, SideEntry

pytestmark = pytest.mark.django_db


def _game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()


def _two_hands(event) -> tuple[Game, Hand]:
    game = _game(event)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    return game, services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))


def test_the_last_hand_is_taken_back_and_the_game_rescored_with_history(league_night):
    game, hand = _two_hands(league_night)
    services.hand_undo(hand=hand)
    game.refresh_from_db()
    assert list(game.hands.values_list("number", flat=True)) == [1]
    assert game.totals == {"NS": 1685, "EW": 485}
    deleted = Hand.history.filter(id=hand.pk, history_type="-").get()
    assert deleted.history_change_reason == "Undone at the table just after it was saved."
    assert SideEntry.history.filter(hand_id=hand.pk, history_type="-").count() == 2


def test_a_hand_that_ended_the_game_is_taken_back_and_the_game_goes_on(league_night):
    game = _game(league_night)
    for number in range(1, 4):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=HAND_B))
    last = services.hand_record(
        game=game, asked=services.HandInput(number=4, entries=HAND_B)
    )  # 4 hands a round: over
    game.refresh_from_db()
    assert game.game_over
    services.hand_undo(hand=last)
    game.refresh_from_db()
    assert not game.game_over
    assert game.totals == {"NS": 3 * -220, "EW": 3 * 790}


@pytest.mark.parametrize(
    ("case", "message"),
    [
        ("not_last", "Hand 1 is no longer the last hand."),
        ("corrected", "Hand 2 was corrected: correct it again instead."),
        ("confirmed", "Hand 2 is confirmed: ask the director to delete it."),
        ("too_late", "Hand 2 was saved more than two minutes ago: correct it instead."),
        ("final", "The results of this table are final"),
    ],
)
def test_the_undo_is_refused_once_its_moment_has_passed(league_night, case, message):
    game, hand = _two_hands(league_night)
    now = None
    if case == "not_last":
        hand = game.hands.get(number=1)
    elif case == "corrected":
        services.hand_record(
            game=game, asked=services.HandInput(number=2, entries=HAND_A, expected_version=1)
        )
    elif case == "confirmed":
        services.hand_confirm(hand=hand, side="EW", code=selectors.side_code(game=game, side="EW"))
    elif case == "too_late":
        now = hand.created_at + selectors.UNDO_WINDOW + datetime.timedelta(seconds=1)
    elif case == "final":
        services.event_finish(event=league_night, end_unfinished=True)
    with pytest.raises(ValidationError) as refused:
        services.hand_undo(hand=hand, now=now)
    assert message in " ".join(refused.value.messages)
    assert game.hands.count() == 2


def test_the_time_left_to_undo(league_night):
    game, _hand = _two_hands(league_night)
    hands = selectors.game_hands(game=game)
    saved = hands[-1].created_at
    assert selectors.undo_seconds_left(line=hands[-1], hands=hands, now=saved) == 120
    at = saved + datetime.timedelta(seconds=90)
    assert selectors.undo_seconds_left(line=hands[-1], hands=hands, now=at) == 30
    assert (
        selectors.undo_seconds_left(line=hands[-1], hands=hands, now=saved + selectors.UNDO_WINDOW * 2) == 0
    )
    assert selectors.undo_seconds_left(line=hands[0], hands=hands, now=saved) == 0  # not the last


def test_the_table_link_offers_the_undo_after_a_save_and_takes_the_hand_back(client, league_night):
    game = _game(league_night)
    token = game.table.access_token
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    page = client.get(f"/t/{token}/?saved=1").content.decode()
    assert f'action="/t/{token}/hands/1/undo/"' in page
    assert "Undo hand 1" in page
    response = client.post(f"/t/{token}/hands/1/undo/")
    assert response.status_code == 302 and response["Location"] == f"/t/{token}/"
    assert not game.hands.exists()
    assert "Hand 1 was taken back: enter it again." in client.get(f"/t/{token}/").content.decode()


def test_the_undo_is_not_offered_once_the_time_is_up(client, league_night):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    Hand.objects.filter(game=game).update(created_at=timezone.now() - datetime.timedelta(minutes=3))
    page = client.get(f"/t/{game.table.access_token}/?saved=1").content.decode()
    assert "Hand 1 saved:" in page
    assert "Undo hand 1" not in page


def test_the_page_script_undo_is_answered_with_the_live_part(client, league_night, sam):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    client.force_login(sam)
    response = client.post(f"/games/{game.pk}/hands/1/undo/", HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    page = response.content.decode()
    assert page.lstrip().startswith('<div id="table-live" ')
    assert "Hand 1 was taken back: enter it again." in page
    assert 'name="number" value="1"' in page  # the form for hand 1 again
    # A second tap finds no hand 1 any more.
    assert client.post(f"/games/{game.pk}/hands/1/undo/", HTTP_HX_REQUEST="true").status_code == 404


def test_a_refused_undo_says_why_in_place(client, league_night, sam):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    Hand.objects.filter(game=game).update(created_at=timezone.now() - datetime.timedelta(minutes=3))
    client.force_login(sam)
    page = client.post(f"/games/{game.pk}/hands/1/undo/", HTTP_HX_REQUEST="true").content.decode()
    assert 'id="undo-refused"' in page
    assert "more than two minutes ago" in page
    assert game.hands.count() == 1
