"""One table card for the night: its link opens the table's game in every round, shows where
the players of the table's previous game go, and can be revoked.

HAND_A (tests/support/hands.py) scores NS 1685, EW 485: three of them end a classic game
(5000, rules.md §1.1), so round 1 can be finished and round 2 started.
"""

from __future__ import annotations

import uuid

import pytest

from tests.support.hands import HAND_A, HAND_B
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.models import Game, Hand, Round, Seat, TableCard

pytestmark = pytest.mark.django_db


def _game(event, round_number, table_number):
    return Game.objects.get(
        table__round__event=event, table__round__number=round_number, table__number=table_number
    )


def _finish_round(event, number):
    for game in Game.objects.filter(table__round__event=event, table__round__number=number):
        for hand in (1, 2, 3):
            services.hand_record(game=game, asked=services.HandInput(number=hand, entries=HAND_A))


def _save_data(number, hand=HAND_B):
    return _form_data(None, number, hand, save="1") | {"submission_id": str(uuid.uuid4())}


def test_a_seating_makes_one_card_per_table_and_the_card_scores_its_table(client, league_night):
    cards = TableCard.objects.filter(event=league_night).order_by("number")
    assert [card.number for card in cards] == [1, 2]
    card = cards[0]
    game = _game(league_night, 1, 1)
    page = client.get(f"/t/{card.access_token}/").content.decode()
    save_url = f"/t/{card.access_token}/games/{game.pk}/hands/"
    assert f'action="{save_url}"' in page
    response = client.post(save_url, _save_data(1, HAND_A))
    assert response.status_code == 302
    assert response.url == f"/t/{card.access_token}/?saved=1"
    assert game.hands.count() == 1
    assert not _game(league_night, 1, 2).hands.exists()


def test_the_card_opens_the_next_rounds_game_and_shows_where_everyone_goes(
    client, league_night, django_capture_on_commit_callbacks
):
    card = TableCard.objects.get(event=league_night, number=1)
    _finish_round(league_night, 1)
    before = list(_game(league_night, 1, 1).table.seats.values_list("player_id", "player__name"))
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    round_two = _game(league_night, 2, 1)

    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert f"/t/{card.access_token}/games/{round_two.pk}/hands/" in page
    assert 'id="moves"' in page
    for player_id, name in before:
        seat = Seat.objects.select_related("table").get(table__round__number=2, player_id=player_id)
        assert f"{name}</bdi> → table {seat.table.number}, {seat.get_position_display()}" in page
    # Right to left, the arrow points from the name on the right to the table on the left.
    arabic = client.get(f"/t/{card.access_token}/", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert f"{before[0][1]}</bdi> ← " in arabic and "</bdi> → " not in arabic

    # Once the new game has a hand, the page is the game alone.
    client.post(f"/t/{card.access_token}/games/{round_two.pk}/hands/", _save_data(1, HAND_A))
    assert 'id="moves"' not in client.get(f"/t/{card.access_token}/").content.decode()


def test_the_card_cannot_change_the_finished_round(client, league_night, django_capture_on_commit_callbacks):
    card = TableCard.objects.get(event=league_night, number=1)
    _finish_round(league_night, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    old = _game(league_night, 1, 1)
    data = _form_data(None, 1, HAND_B, save="1", expected_version="1")
    response = client.post(f"/t/{card.access_token}/games/{old.pk}/hands/", data, follow=True)
    assert "The results of this table are final" in response.content.decode()
    assert Hand.objects.get(game=old, number=1).version == 1


def test_a_card_reaches_only_its_own_tables_games(client, league_night):
    card_two = TableCard.objects.get(event=league_night, number=2)
    game_one = _game(league_night, 1, 1)
    response = client.post(f"/t/{card_two.access_token}/games/{game_one.pk}/hands/", _save_data(1))
    assert response.status_code == 404
    assert not game_one.hands.exists()


def test_while_the_next_round_is_seated_the_card_waits(client, league_night):
    card = TableCard.objects.get(event=league_night, number=1)
    _finish_round(league_night, 1)
    services.round_start(event=league_night)  # the seating task is not run: still "seating"
    assert Round.objects.get(event=league_night, number=2).status == Round.Status.SEATING
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert "Round 2 is being seated." in page
    assert 'http-equiv="refresh"' in page
    assert 'id="previous-game"' in page


def test_a_table_the_next_round_does_not_use_shows_where_its_players_go(
    client, league_night, django_capture_on_commit_callbacks
):
    card = TableCard.objects.get(event=league_night, number=2)
    _finish_round(league_night, 1)
    leaving = list(_game(league_night, 1, 2).table.seats.values_list("player_id", flat=True))
    for player_id in leaving:  # table 2's four players go home: round 2 has one table
        services.participant_set_present(
            event=league_night, player=Seat.objects.get(player_id=player_id).player, present=False
        )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert "Table 2 has no game in round 2." in page
    assert page.count("sits out this round") == 4


def test_a_revoked_card_stops_working_in_every_round(client, league_night):
    card = TableCard.objects.get(event=league_night, number=1)
    old = card.access_token
    services.table_card_renew(card=card)
    card.refresh_from_db()
    assert client.get(f"/t/{old}/").status_code == 404
    game = _game(league_night, 1, 1)
    assert client.post(f"/t/{old}/games/{game.pk}/hands/", _save_data(1)).status_code == 404
    assert client.get(f"/t/{card.access_token}/").status_code == 200


def test_revoking_a_card_revokes_its_tables_own_links_in_every_round(
    client, league_night, django_capture_on_commit_callbacks
):
    """A photographed card may have been photographed with a round's own link (the table's
    `access_token`): revoking the card revokes those of its table number too, not another
    table's."""
    card = TableCard.objects.get(event=league_night, number=1)
    _finish_round(league_night, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    old = [_game(league_night, number, 1).table.access_token for number in (1, 2)]
    other = _game(league_night, 2, 2).table.access_token
    services.table_card_renew(card=card)
    for token in old:
        assert client.get(f"/t/{token}/").status_code == 404
    assert client.post(f"/t/{old[1]}/hands/", _save_data(1)).status_code == 404
    assert not _game(league_night, 2, 1).hands.exists()
    new = _game(league_night, 2, 1).table.access_token
    assert new not in old
    assert client.get(f"/t/{new}/").status_code == 200  # the director's tools show the new ones
    assert client.get(f"/t/{other}/").status_code == 200


def _finished(event, django_capture_on_commit_callbacks):
    """Round 1 played and the event finished."""
    _finish_round(event, 1)
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=event)


def test_after_the_event_a_tables_links_read_the_table_and_score_nothing(
    client, league_night, django_capture_on_commit_callbacks
):
    """The round table's own link and the night's card both open the game to read: no form, no
    page that waits; a hand sent (a phone's pending hand) is refused with the reason."""
    _finished(league_night, django_capture_on_commit_callbacks)
    game = _game(league_night, 1, 1)
    card = TableCard.objects.get(event=league_night, number=1)
    for link, save in (
        (f"/t/{game.table.access_token}/", f"/t/{game.table.access_token}/hands/"),
        (f"/t/{card.access_token}/", f"/t/{card.access_token}/games/{game.pk}/hands/"),
    ):
        page = client.get(link).content.decode()
        assert "Round 1, table 1" in page
        assert 'id="hands"' in page
        assert 'name="NS-melded_points"' not in page
        assert 'http-equiv="refresh"' not in page
        for data in (_save_data(4), _form_data(None, 1, HAND_B, save="1", expected_version="1")):
            response = client.post(save, data)
            # Refused in place, the values typed shown (for the director), not a redirect.
            assert response.status_code == 409
            answer = response.content.decode()
            assert "The results of this table are final" in answer
            assert f"Hand {data['number']} was not saved." in answer
    assert [hand.version for hand in Hand.objects.filter(game=game)] == [1, 1, 1]


def test_after_the_event_a_card_whose_table_sat_out_the_last_round_reads_its_last_game(
    client, league_night, django_capture_on_commit_callbacks
):
    """Table 2 has no game in round 2: once the event is finished, its card opens its game of
    round 1, to read, instead of a page that waits for a round that will not come."""
    card = TableCard.objects.get(event=league_night, number=2)
    _finish_round(league_night, 1)
    for seat in _game(league_night, 1, 2).table.seats.select_related("player"):
        services.participant_set_present(event=league_night, player=seat.player, present=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=league_night)
    services.hand_record(game=_game(league_night, 2, 1), asked=services.HandInput(number=1, entries=HAND_A))
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=league_night, end_unfinished=True)
    last = _game(league_night, 1, 2)

    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert "Round 1, table 2" in page
    assert 'name="NS-melded_points"' not in page
    assert 'http-equiv="refresh"' not in page
    assert "sits out this round" not in page  # the night is over: nobody moves
    response = client.post(f"/t/{card.access_token}/games/{last.pk}/hands/", _save_data(4))
    assert response.status_code == 409
    assert "The results of this table are final" in response.content.decode()
    assert last.hands.count() == 3


def test_after_the_event_a_card_that_never_had_a_game_stops_waiting(
    client, league_night, django_capture_on_commit_callbacks
):
    """Round 1 seated again with one table: card 2 never had a game. After the event, its page
    says the event is finished and no longer refreshes itself."""
    card = TableCard.objects.get(event=league_night, number=2)
    for seat in _game(league_night, 1, 2).table.seats.select_related("player"):
        services.participant_set_present(event=league_night, player=seat.player, present=False)
    with django_capture_on_commit_callbacks(execute=True):
        services.round_reseat(round=Round.objects.get(event=league_night, number=1))
    assert not Game.objects.filter(table__round__event=league_night, table__number=2).exists()
    with django_capture_on_commit_callbacks(execute=True):
        services.event_finish(event=league_night, end_unfinished=True)
    page = client.get(f"/t/{card.access_token}/").content.decode()
    assert "The event is finished." in page
    assert 'http-equiv="refresh"' not in page
    assert "This page refreshes itself" not in page


def test_a_director_revokes_a_card_from_the_cards_page(client, league_night, alice):
    card = TableCard.objects.get(event=league_night, number=1)
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/rounds/1/cards/").content.decode()
    assert f"/cards/{card.pk}/renew/" in page
    assert client.post(f"/cards/{card.pk}/renew/").status_code == 302
    renewed = TableCard.objects.get(pk=card.pk)
    assert renewed.access_token != card.access_token
    assert renewed.renewed_at is not None
