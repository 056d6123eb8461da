"""The director's hand on a round: lock, swap, keep tables and seat the rest again; the
seating progress; the seating sheet, the round board, withdrawals and partnership events
from the pages."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Event, Game, Participant, Round, Seat, SitOut
from tournaments.services import round_tools

pytestmark = pytest.mark.django_db


def _places(round_) -> dict[int, tuple[int, str, str]]:
    return {
        s.player_id: (s.table.number, s.side, s.position)
        for s in Seat.objects.filter(table__round=round_).select_related("table")
    }


def test_a_swap_exchanges_two_places_and_keeps_their_tables(league_night):
    round_ = league_night.rounds.get()
    places = _places(round_)
    by_table: dict[int, list[int]] = {}
    for player, (table, _side, _pos) in places.items():
        by_table.setdefault(table, []).append(player)
    first, second = by_table[1][0], by_table[2][0]
    round_tools.seats_swap(
        round=round_,
        first=Seat.objects.get(player_id=first).player,
        second=Seat.objects.get(player_id=second).player,
    )
    after = _places(round_)
    assert after[first] == places[second] and after[second] == places[first]
    assert set(round_.tables.values_list("locked", flat=True)) == {True}


def test_a_swap_with_a_player_sitting_out(club, players, django_capture_on_commit_callbacks):
    event = services.event_create(
        club=club,
        asked=services.EventInput(name="Nine", date=EVENT_DATE, variant="classic", players=players[:9]),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    out = SitOut.objects.get(round=round_).player
    seated = Seat.objects.filter(table__round=round_).first()
    place = (seated.table_id, seated.side, seated.position)
    round_tools.seats_swap(round=round_, first=out, second=seated.player)
    assert SitOut.objects.get(round=round_).player == seated.player
    now = Seat.objects.get(table__round=round_, player=out)
    assert (now.table_id, now.side, now.position) == place


def test_seating_again_keeps_the_locked_tables_and_leaves_one_seating(
    club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(name="Twelve", date=EVENT_DATE, variant="classic", players=players[:12]),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    kept = round_.tables.get(number=2)
    round_tools.table_lock(table=kept, locked=True)
    kept_seats = set(kept.seats.values_list("player_id", "side", "position"))
    kept_game = kept.game.pk
    with django_capture_on_commit_callbacks(execute=True):
        services.round_reseat(round=round_)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED
    assert sorted(round_.tables.values_list("number", flat=True)) == [1, 2, 3]
    assert Game.objects.filter(table__round=round_).count() == 3
    table_two = round_.tables.get(number=2)
    assert set(table_two.seats.values_list("player_id", "side", "position")) == kept_seats
    assert table_two.game.pk == kept_game
    assert Seat.objects.filter(table__round=round_).count() == 12


def test_a_locked_round_refuses_a_reseat_and_a_swap(league_night):
    round_ = league_night.rounds.get()
    round_tools.round_lock(round=round_, locked=True)
    with pytest.raises(ValidationError, match="locked"):
        services.round_reseat(round=round_)
    a, b = Seat.objects.filter(table__round=round_).select_related("player")[:2]
    with pytest.raises(ValidationError, match="locked"):
        round_tools.seats_swap(round=round_, first=a.player, second=b.player)


def test_a_swap_at_a_table_with_hands_is_refused(league_night):
    round_ = league_night.rounds.get()
    game = Game.objects.filter(table__round=round_).first()
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    a = game.table.seats.first().player
    b = Seat.objects.filter(table__round=round_).exclude(table=game.table).first().player
    with pytest.raises(ValidationError, match="Hands are entered"):
        round_tools.seats_swap(round=round_, first=a, second=b)


def test_the_seating_task_records_when_a_worker_began(league_night):
    round_ = league_night.rounds.get()
    assert round_.seating_started_at is not None
    Round.objects.filter(pk=round_.pk).update(seating_started_at=None)
    round_tools.round_seating_began(round_id=round_.pk)  # a seated round is left alone
    round_.refresh_from_db()
    assert round_.seating_started_at is None


def test_the_event_page_shows_the_seating_progress(client, league_night, alice):
    round_ = league_night.rounds.get()
    Round.objects.filter(pk=round_.pk).update(status=Round.Status.SEATING, seating_started_at=None)
    client.force_login(alice)
    response = client.get(f"/events/{league_night.pk}/")
    assert b'<progress max="3" value="1">' in response.content
    assert b'http-equiv="refresh"' in response.content


def test_the_seating_sheet_lists_every_player_with_their_table(client, league_night, bob):
    client.force_login(bob)
    response = client.get(f"/events/{league_night.pk}/rounds/1/sheet/")
    assert response.status_code == 200
    for participant in Participant.objects.filter(event=league_night).select_related("player"):
        assert participant.player.name.encode() in response.content


def test_the_round_board_updates_itself_without_reloading(client, league_night, bob):
    client.force_login(bob)
    response = client.get(f"/events/{league_night.pk}/board/")
    assert response.status_code == 200
    assert b'http-equiv="refresh"' not in response.content  # board.js asks for its live part
    assert f'data-live-url="/events/{league_night.pk}/board/live/"'.encode() in response.content
    assert b"js/board.js" in response.content
    assert b"Player 01" in response.content


def test_director_pages_are_for_directors(client, league_night, bob):
    client.force_login(bob)
    assert client.post(f"/events/{league_night.pk}/rounds/1/lock/").status_code == 404
    player = league_night.participants.first().player_id
    assert client.post(f"/events/{league_night.pk}/players/{player}/withdraw/").status_code == 404


def test_a_director_swaps_locks_and_withdraws_from_the_page(client, league_night, alice):
    client.force_login(alice)
    round_ = league_night.rounds.get()
    a, b = (
        s.player_id
        for s in Seat.objects.filter(table__round=round_).order_by("table__number", "side")[::4][:2]
    )
    response = client.post(f"/events/{league_night.pk}/rounds/1/swap/", {"first": a, "second": b})
    assert response.status_code == 302
    assert round_.tables.filter(locked=True).count() == 2
    assert client.post(f"/events/{league_night.pk}/rounds/1/lock/").status_code == 302
    round_.refresh_from_db()
    assert round_.locked
    assert client.post(f"/events/{league_night.pk}/players/{a}/withdraw/").status_code == 302
    assert Participant.objects.get(event=league_night, player_id=a).withdrawn_after_round == 1
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert "withdrew after round 1" in page


def test_a_director_creates_a_swiss_event_from_the_page(client, club, alice, players):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/events/new/",
        {
            "name": "Pairs night",
            "date": "2026-11-27",
            "kind": "league_night",
            "format": "swiss",
            "variant": "classic",
            "missed_round_policy": "sit_out_score",
            "sit_out_victory_points": "1",
            "pairs": "\n".join(f"{players[n].name} & {players[n + 1].name}" for n in range(0, 8, 2)),
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    event = Event.objects.get(name="Pairs night")
    assert event.format == Event.Format.SWISS
    assert event.pairs.count() == 4


def test_an_entrant_withdrawn_before_the_first_round_is_said_so(client, club, alice, players):
    """withdrawn_after_round 0 is before round 1: the page does not say "after round 0"."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Later", date=datetime.date(2026, 12, 4), variant="classic", players=players[:9]
        ),
    )
    client.force_login(alice)
    assert client.post(f"/events/{event.pk}/players/{players[0].pk}/withdraw/").status_code == 302
    assert Participant.objects.get(event=event, player=players[0]).withdrawn_after_round == 0
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "withdrew before the first round" in page and "after round 0" not in page
    page = client.get(f"/events/{event.pk}/players/{players[0].pk}/").content.decode()
    assert "withdrew before the first round" in page
