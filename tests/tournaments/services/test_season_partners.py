"""The `avoid_season_partners` option: partners of a season's earlier nights, through the services."""

from __future__ import annotations

import datetime

import pytest

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Event, Game, Round, Season
from tournaments.selectors import round_seating
from tournaments.services.individual_seating import individual_history

pytestmark = pytest.mark.django_db


def _night(club, players, season, date, avoid) -> Event:
    return services.event_create(
        club=club,
        asked=services.EventInput(
            name=f"Night {date}",
            date=date,
            variant="classic",
            hands_per_round=1,
            players=players,
            season=season,
            avoid_season_partners=avoid,
        ),
    )


def _play_round(event, capture) -> Round:
    with capture(execute=True):
        round_ = services.round_start(event=event)
    round_.refresh_from_db()
    assert round_.status == Round.Status.SEATED, round_.seating_error
    with capture(execute=True):
        for game in Game.objects.filter(table__round=round_):
            services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    return round_


def _partners(round_: Round) -> set[tuple[int, int]]:
    played = round_seating(round=round_)
    return {tuple(sorted(side)) for table in played.tables for side in table.sides}


@pytest.fixture
def season(club):
    return Season.objects.create(club=club, name="Autumn")


@pytest.fixture
def first_night(club, players, season, django_capture_on_commit_callbacks):
    """Night 1 of the season: 8 players, 3 rounds (12 of the 28 pairs partner)."""
    event = _night(club, players[:8], season, EVENT_DATE, avoid=False)
    for _ in range(3):
        _play_round(event, django_capture_on_commit_callbacks)
    return event


def _night_one_partners(event) -> set[tuple[int, int]]:
    return set().union(*(_partners(r) for r in event.rounds.all()))


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_with_the_option_night_two_repeats_no_partner_of_night_one(
    club, players, season, first_night, django_capture_on_commit_callbacks, rounds
):
    earlier = _night_one_partners(first_night)
    assert len(earlier) == 12  # night 1 itself repeated nobody
    night = _night(club, players[:8], season, EVENT_DATE + datetime.timedelta(days=7), avoid=True)
    for _ in range(rounds):  # the last of them is checked: each round is seeded by its number
        round_ = _play_round(night, django_capture_on_commit_callbacks)
    assert not _partners(round_) & earlier


def test_the_option_puts_the_earlier_nights_in_the_history(club, players, season, first_night):
    earlier = _night_one_partners(first_night)
    later = EVENT_DATE + datetime.timedelta(days=7)
    ids = [p.pk for p in players[:8]]
    for avoid, expected in ((False, set()), (True, earlier)):
        night = _night(club, players[:8], season, later, avoid=avoid)
        round_ = Round.objects.create(event=night, number=1)
        history = individual_history(round_, ids)
        assert set(history.earlier_partners) == expected
        assert not history.partners  # tonight has no earlier round
        assert bool(history.earlier_opponents) is avoid


def test_only_earlier_nights_of_the_same_season_count(club, players, season, first_night):
    other = Season.objects.create(club=club, name="Spring")
    later = EVENT_DATE + datetime.timedelta(days=7)
    elsewhere = _night(club, players[:8], other, later, avoid=True)
    before = _night(club, players[:8], season, EVENT_DATE - datetime.timedelta(days=7), avoid=True)
    ids = [p.pk for p in players[:8]]
    for night in (elsewhere, before):
        history = individual_history(Round.objects.create(event=night, number=1), ids)
        assert not history.earlier_partners


def test_a_season_of_another_club_is_refused(club, players, mallory):
    from django.core.exceptions import ValidationError

    foreign = Season.objects.create(club=mallory.memberships.first().club, name="Theirs")
    with pytest.raises(ValidationError, match="another club"):
        _night(club, players[:8], foreign, EVENT_DATE, avoid=True)
