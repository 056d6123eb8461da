"""Who sits on the side of three of a table of five (one of them sits out each hand), round
after round through the services, and what the director reads of it
(`selectors.event_sides_of_three`, on the event page)."""

from __future__ import annotations

from collections import Counter

import pytest

from tests.support.factories import EVENT_DATE
from tournaments import services
from tournaments.models import Event, Round
from tournaments.selectors import event_sides_of_three

pytestmark = pytest.mark.django_db


def _classic_for_five(club, players) -> Event:
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Fives",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            players=players,
            table_shape="3+2",
        ),
    )


def _seat(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event, end_unfinished=True)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    return round_


def _sides_of_three(round_: Round) -> list[int]:
    """The players on the side of three of each table, counted from the seats."""
    players = []
    for table in round_.tables.all():
        by_side: dict[str, list[int]] = {}
        for seat in table.seats.all():
            by_side.setdefault(seat.side, []).append(seat.player_id)
        players += next(side for side in by_side.values() if len(side) == 3)
    return players


def test_fifteen_players_over_five_rounds_take_turns_on_the_side_of_three(
    club, players, django_capture_on_commit_callbacks
):
    # 15 players: three tables of five, 9 on a side of three a round, 45 over five rounds: 3
    # each. After round 1, 9 have been there once; round 2 seats the 6 others there and 3 of
    # the 9; and so on, nobody there twice while someone has not been there once.
    event = _classic_for_five(club, players[:15])
    times: Counter[int] = Counter()
    for number in range(1, 6):
        round_ = _seat(event, django_capture_on_commit_callbacks)
        assert round_.tables.count() == 3
        on_three = _sides_of_three(round_)
        times.update(on_three)
        visits = [times[p.pk] for p in players[:15]]
        assert max(visits) - min(visits) <= 1, (number, Counter(visits))
        read = event_sides_of_three(event=event)[number]
        assert sorted(side.player.pk for side in read) == sorted(on_three)
        assert all(side.times == times[side.player.pk] for side in read)
    assert set(times.values()) == {3}


def test_the_director_reads_who_is_on_the_side_of_three(
    client, alice, bob, club, players, django_capture_on_commit_callbacks
):
    event = _classic_for_five(club, players[:10])
    _seat(event, django_capture_on_commit_callbacks)
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="sides-of-three-1"' in page
    assert page.count('class="side-of-three"') == 6
    assert "On the side of three (one of them sits out each hand, in turn):" in page
    assert "(table 1, the first time)" in page
    client.force_login(bob)  # a member sees the tables, not the director's line
    assert 'id="sides-of-three-1"' not in client.get(f"/events/{event.pk}/").content.decode()


def test_no_line_at_tables_of_four(client, alice, league_night):
    client.force_login(alice)
    assert 'id="sides-of-three-' not in client.get(f"/events/{league_night.pk}/").content.decode()
