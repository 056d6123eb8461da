"""Keeping one club's players apart (`Event.keep_clubs_apart`) through the services: the
individual and Swiss seatings of a championship's entrants of several clubs, the figure the
director sees (`selectors.event_club_meetings`), and the option set again between rounds.

The seating reads each entrant's club, however they were entered: these tests enter one club's
players, then give some of them to other clubs (tests/flows/test_championship.py enters a
championship's entrants from two clubs through the pages)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from clubs.models import Player
from tests.support.factories import EVENT_DATE, ClubFactory
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Event, Game, Round
from tournaments.selectors import ClubMeetings, event_club_meetings, round_seating
from tournaments.services import round_tools

pytestmark = pytest.mark.django_db


def _championship(club, players, *, format=Event.Format.INDIVIDUAL, keep=True, shape="") -> Event:
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name="Championship",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format=format,
            players=players,
            keep_clubs_apart=keep,
            table_shape=shape,
        ),
    )


def _give_to_new_clubs(*groups: list[Player]) -> None:
    """Each group of players joins a club of its own (entrants of other clubs)."""
    for number, group in enumerate(groups):
        other = ClubFactory(name=f"Other {number}", slug=f"other-{number}")
        Player.objects.filter(pk__in=[p.pk for p in group]).update(club=other)


def _seat(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    return round_


def _clubs_at_tables(round_: Round) -> list[list[int]]:
    """The club of each player of each table, counted from the seats."""
    return [
        sorted(seat.player.club_id for seat in table.seats.select_related("player"))
        for table in round_.tables.order_by("number")
    ]


def _four_clubs_of_two(club, players) -> list[Player]:
    """8 entrants: 2 of the host club and 2 of each of three other clubs."""
    entrants = players[:8]
    _give_to_new_clubs(entrants[2:4], entrants[4:6], entrants[6:8])
    return entrants


def test_round_one_seats_no_two_players_of_one_club_at_a_table(
    club, players, django_capture_on_commit_callbacks
):
    event = _championship(club, players[:8])
    _four_clubs_of_two(club, players)
    round_ = _seat(event, django_capture_on_commit_callbacks)
    # Two tables of four, four clubs of two: each table holds one player of each club.
    assert all(len(set(clubs)) == 4 for clubs in _clubs_at_tables(round_))
    assert event_club_meetings(event=event) == {1: ClubMeetings(round=0, so_far=0)}


def test_the_figure_counts_a_seating_changed_by_hand(club, players, django_capture_on_commit_callbacks):
    event = _championship(club, players[:8])
    _four_clubs_of_two(club, players)
    round_ = _seat(event, django_capture_on_commit_callbacks)
    first, second = (round_.tables.get(number=n) for n in (1, 2))
    at_first = [seat.player for seat in first.seats.select_related("player").order_by("position")]
    at_second = {seat.player.club_id: seat.player for seat in second.seats.select_related("player")}
    # a1 and b1 at table 1, their club-mates a2 and b2 at table 2. Swapping a1 and b2 puts b1
    # with b2 at table 1 and a1 with a2 at table 2: two meetings of one club.
    a1, b1 = at_first[0], at_first[1]
    b2 = at_second[b1.club_id]
    round_tools.seats_swap(round=round_, first=a1, second=b2)
    swapped = event_club_meetings(event=event)[1]
    assert (swapped.round, swapped.so_far) == (2, 2)
    # b2 takes a1's seat: b1's opponent (the first two seats are of two sides); a1 takes
    # b2's seat at table 2, beside a2 or facing them, as the seats say.
    sides = {seat.player_id: seat.side for seat in second.seats.all()}
    a2 = at_second[a1.club_id]
    partners = int(sides[a1.pk] == sides[a2.pk])
    assert (swapped.partners, swapped.opponents) == (partners, 2 - partners)

    for game in Game.objects.filter(table__round=round_):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    second_round = _seat(event, django_capture_on_commit_callbacks)
    # Round 2 can part them again (a first meeting of two other clubs costs nothing more).
    assert all(len(set(clubs)) == 4 for clubs in _clubs_at_tables(second_round))
    assert event_club_meetings(event=event)[2] == ClubMeetings(round=0, so_far=2)


def test_without_the_option_no_figure(club, players, django_capture_on_commit_callbacks):
    event = _championship(club, players[:8], keep=False)
    _four_clubs_of_two(club, players)
    _seat(event, django_capture_on_commit_callbacks)
    assert event_club_meetings(event=event) == {}


def test_swiss_round_one_pairs_the_pairs_of_opposite_clubs(club, players, django_capture_on_commit_callbacks):
    # Pairs 1 and 2 of the host club, 3 and 4 of another. The standings (all level, by pair
    # number) would pair 1-2 and 3-4; apart, 1 plays 3 and 2 plays 4.
    event = _championship(club, players[:8], format=Event.Format.SWISS)
    _give_to_new_clubs(players[4:8])
    round_ = _seat(event, django_capture_on_commit_callbacks)
    pair_of = {
        player: pair.number
        for pair in event.pairs.select_related("partnership")
        for player in (pair.partnership.first_id, pair.partnership.second_id)
    }
    played = round_seating(round=round_)
    meetings = {frozenset(pair_of[side[0]] for side in table.sides) for table in played.tables}
    assert meetings == {frozenset((1, 3)), frozenset((2, 4))}
    assert set(round_.tables.values_list("pairing_note", flat=True)) == {"club_avoided"}
    # Pairs facing each other: partners of one club are the event's pair, not counted.
    assert event_club_meetings(event=event) == {1: ClubMeetings(round=0, so_far=0)}


def test_swiss_without_the_option_follows_the_standings_and_the_figure_says_so(
    club, players, django_capture_on_commit_callbacks
):
    event = _championship(club, players[:8], format=Event.Format.SWISS, keep=False)
    _give_to_new_clubs(players[4:8])
    _seat(event, django_capture_on_commit_callbacks)
    # Turned on after round 1: 1-2 and 3-4 each put 2 players of one club against 2 of it,
    # 4 meetings a table, 8 in all.
    services.event_keep_clubs_apart_set(event=event, keep_clubs_apart=True)
    event.refresh_from_db()
    assert event_club_meetings(event=event) == {1: ClubMeetings(round=8, so_far=8)}


def test_one_clubs_players_are_seated_as_without_the_option(
    club, players, django_capture_on_commit_callbacks
):
    # Every pair of players is of one club: the cost is the same for every seating.
    kept, plain = (_championship(club, players[:8], keep=keep) for keep in (True, False))
    seatings = [round_seating(round=_seat(e, django_capture_on_commit_callbacks)) for e in (kept, plain)]
    assert seatings[0] == seatings[1]
    # 6 a table, of which 2 partners and 4 opponents.
    assert event_club_meetings(event=kept) == {
        1: ClubMeetings(round=12, so_far=12, partners=4, partners_so_far=4)
    }


def test_the_option_is_set_again_between_rounds_but_not_once_finished(club, players):
    event = _championship(club, players[:8], keep=False)
    assert services.event_keep_clubs_apart_set(event=event, keep_clubs_apart=True).keep_clubs_apart
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(ValidationError, match="finished"):
        services.event_keep_clubs_apart_set(event=event, keep_clubs_apart=False)


def _sides_of_one_club(round_: Round) -> int:
    """Two players of one club on one side of a table (partners), counted from the seats."""
    count = 0
    for table in round_.tables.all():
        by_side: dict[str, list[int]] = {}
        for seat in table.seats.select_related("player"):
            by_side.setdefault(seat.side, []).append(seat.player.club_id)
        count += sum(len(clubs) - len(set(clubs)) for clubs in by_side.values())
    return count


def test_three_clubs_of_four_at_three_tables_face_their_club_mates(
    club, players, django_capture_on_commit_callbacks
):
    # 12 entrants of 3 clubs at 3 tables of four: a table holds 4 players of 3 clubs, so at
    # least one pair of one club; 2 + 1 + 1 at each table makes 3 in all, the fewest. Each pair
    # can sit on opposite sides, so none partners.
    event = _championship(club, players[:12])
    _give_to_new_clubs(players[4:8], players[8:12])
    round_ = _seat(event, django_capture_on_commit_callbacks)
    assert _sides_of_one_club(round_) == 0
    assert [len(clubs) - len(set(clubs)) for clubs in _clubs_at_tables(round_)] == [1, 1, 1]
    figure = event_club_meetings(event=event)[1]
    assert (figure.partners, figure.opponents, figure.so_far) == (0, 3, 3)


def test_four_clubs_of_four_at_tables_of_five_face_their_club_mates(
    club, players, django_capture_on_commit_callbacks
):
    # Classic for 5: 16 entrants of 4 clubs make 3 tables of five and a sit-out; the clubs of
    # the 15 seated are 4, 4, 4 and 3, so each table holds one pair of one club (A A B C D),
    # which sits on opposite sides (A B C v A D).
    event = _championship(club, players[:16], shape="3+2")
    _give_to_new_clubs(players[4:8], players[8:12], players[12:16])
    round_ = _seat(event, django_capture_on_commit_callbacks)
    assert round_.tables.count() == 3
    assert _sides_of_one_club(round_) == 0
    assert [len(clubs) - len(set(clubs)) for clubs in _clubs_at_tables(round_)] == [1, 1, 1]
    assert event_club_meetings(event=event)[1] == ClubMeetings(
        round=3, so_far=3, partners=0, partners_so_far=0
    )
