"""Fixed-partnership events through the services: Swiss, round robin and Mitchell rounds go
through round_start -> the seating task -> round_seat, like individual nights."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from clubs.models import Partnership
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.domain import pairing
from tournaments.models import Event, Game, Round

pytestmark = pytest.mark.django_db


def _event(club, players, format, count):
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name=format,
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format=format,
            players=players[: 2 * count],
        ),
    )


def _play_round(event, capture) -> Round:
    """Seat the next round and finish every game of it (NS wins each: HAND_A)."""
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    for game in Game.objects.filter(table__round=round_):
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    return round_


def _pairs_of(event) -> dict[int, int]:
    return {
        player: pair.number
        for pair in event.pairs.select_related("partnership")
        for player in (pair.partnership.first_id, pair.partnership.second_id)
    }


def _meetings_and_byes(event, round_) -> tuple[list[frozenset[int]], list[int]]:
    pair_of = _pairs_of(event)
    meetings = []
    for table in round_.tables.prefetch_related("seats"):
        by_side: dict[str, set[int]] = {}
        for seat in table.seats.all():
            by_side.setdefault(seat.side, set()).add(pair_of[seat.player_id])
        assert sorted(by_side) == ["EW", "NS"]
        assert all(len(pairs) == 1 for pairs in by_side.values()), "partners share a side"
        meetings.append(frozenset(p for pairs in by_side.values() for p in pairs))
    byes = sorted({pair_of[p] for p in round_.sit_outs.values_list("player_id", flat=True)})
    return meetings, byes


def test_event_create_pairs_the_chosen_players_in_order(club, players):
    event = _event(club, players, Event.Format.SWISS, 3)
    pairs = list(event.pairs.select_related("partnership"))
    assert [p.number for p in pairs] == [1, 2, 3]
    assert [{p.partnership.first_id, p.partnership.second_id} for p in pairs] == [
        {players[0].pk, players[1].pk},
        {players[2].pk, players[3].pk},
        {players[4].pk, players[5].pk},
    ]
    assert event.participants.count() == 6


def test_event_create_takes_the_clubs_partnerships(club, players):
    first = Partnership.objects.create(club=club, first=players[4], second=players[7])
    second = Partnership.objects.create(club=club, first=players[0], second=players[2])
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Pairs",
            date=EVENT_DATE,
            variant="classic",
            format=Event.Format.ROUND_ROBIN,
            players=[],
            partnerships=[first, second],
        ),
    )
    assert list(event.pairs.values_list("number", "partnership")) == [(1, first.pk), (2, second.pk)]
    assert set(event.participants.values_list("player_id", flat=True)) == {
        players[i].pk for i in (0, 2, 4, 7)
    }


def test_swiss_byes_go_round_the_odd_field_and_nobody_meets_twice(
    club, players, django_capture_on_commit_callbacks
):
    """Five partnerships over five rounds: every pair has one bye, no pair two."""
    event = _event(club, players, Event.Format.SWISS, 5)
    met: Counter = Counter()
    byes: Counter = Counter()
    for _ in range(5):
        round_ = _play_round(event, django_capture_on_commit_callbacks)
        meetings, round_byes = _meetings_and_byes(event, round_)
        assert len(round_byes) == 1
        (bye,) = round_byes
        assert byes[bye] == 0 or all(byes[p] for p in range(1, 6))
        byes[bye] += 1
        met.update(meetings)
    assert byes == Counter(dict.fromkeys(range(1, 6), 1))
    # 5 rounds x 2 tables = every one of the 10 meetings, each once.
    assert set(met.values()) == {1}
    assert len(met) == 10


def test_swiss_marks_why_a_table_left_the_standings_order(club, players, django_capture_on_commit_callbacks):
    event = _event(club, players, Event.Format.SWISS, 4)
    _play_round(event, django_capture_on_commit_callbacks)
    second = _play_round(event, django_capture_on_commit_callbacks)
    notes = set(second.tables.values_list("pairing_note", flat=True))
    # Round 1: 1-2, 3-4, both NS won. Round 2's natural pairing (the two winners, the two
    # losers) would repeat no one, so it is played as it stands or pulled up, never a rematch.
    assert pairing.REMATCH not in notes
    meetings, _ = _meetings_and_byes(event, second)
    assert frozenset({1, 2}) not in meetings and frozenset({3, 4}) not in meetings


def test_round_robin_meets_every_partnership_once(club, players, django_capture_on_commit_callbacks):
    event = _event(club, players, Event.Format.ROUND_ROBIN, 6)
    met: Counter = Counter()
    for _ in range(5):
        round_ = _play_round(event, django_capture_on_commit_callbacks)
        meetings, byes = _meetings_and_byes(event, round_)
        assert byes == []
        met.update(meetings)
    assert set(met) == {frozenset(pair) for pair in itertools.combinations(range(1, 7), 2)}
    assert set(met.values()) == {1}


def test_mitchell_north_south_pairs_keep_their_table(club, players, django_capture_on_commit_callbacks):
    event = _event(club, players, Event.Format.MITCHELL, 6)
    pair_of = _pairs_of(event)
    for _ in range(3):
        round_ = _play_round(event, django_capture_on_commit_callbacks)
        for table in round_.tables.prefetch_related("seats"):
            ns = {pair_of[s.player_id] for s in table.seats.all() if s.side == "NS"}
            assert ns == {table.number}


def test_swiss_ranks_the_pairs_by_the_events_tie_break_order(club, players):
    """Swiss pairs by the standings as the event ranks them: its tie-breaks, not a fixed order."""
    from tournaments.models import Standing
    from tournaments.services import partnership_seating

    event = _event(club, players, Event.Format.SWISS, 2)
    pairs = list(event.pairs.select_related("partnership"))
    # Equal victory points; pair 1 ahead on point difference, pair 2 on wins.
    for pair, (points_for, points_against, wins) in zip(pairs, [(900, 100, 1), (700, 600, 2)], strict=True):
        for player in (pair.partnership.first_id, pair.partnership.second_id):
            Standing.objects.create(
                event=event,
                player_id=player,
                rank=1,
                victory_points=4,
                wins=wins,
                points_for=points_for,
                points_against=points_against,
            )
    assert partnership_seating._pairs_by_standings(event, pairs, [1, 2]) == [1, 2]
    services.event_standings_rules_set(
        event=event, vp_scale="win-draw-loss", tie_breaks=["wins", "point_difference"]
    )
    event.refresh_from_db()
    assert partnership_seating._pairs_by_standings(event, pairs, [1, 2]) == [2, 1]
