"""Nights played for the page and selector tests: a round finished and rated (`_finish_round`),
the league night over three rounds on the 20-point scale (`three_rounds`), and a night of two
fixed pairs with round 1 seated (`pairs_night`)."""

from __future__ import annotations

import pytest

from clubs.services import pair_requests_from_text
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tournaments import services
from tournaments.models import Event, Game


def _finish_round(event):
    for game in Game.objects.filter(table__round__event=event):
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    services.standings_rebuild(event_id=event.pk)
    services.ratings_rebuild(club_id=event.club_id)


def _seats(event):
    game = Game.objects.filter(table__round__event=event).order_by("table__number").first()
    seats = {s.position: s.player for s in game.table.seats.select_related("player")}
    return seats["N"], seats["S"], seats["E"]


SWAPPED_A = {"NS": HAND_A["EW"], "EW": HAND_A["NS"]}


def _games(event, number):
    return list(
        Game.objects.filter(table__round__event=event, table__round__number=number).order_by("table__number")
    )


def _play(game, hands):
    for number, hand in enumerate(hands, start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def _next_round(event, capture):
    with capture(execute=True):
        services.round_start(event=event)


@pytest.fixture
def three_rounds(league_night, django_capture_on_commit_callbacks):
    """The league night on the 20-point scale, three rounds:

    round 1: table 1 A, B, A, B (NS 2930, EW 2550); table 2 A, A, A (NS 5055, EW 1455: 5000
    reached after 3 hands);
    round 2: table 1 A, swapped A, A, swapped A (4340 each, a draw); table 2 B, B, B, B
    (NS −880, EW 3160);
    round 3: table 1 one hand B (NS −220, EW 790), in play; table 2 no hand yet.
    """
    services.event_standings_rules_set(
        event=league_night, vp_scale="burraco-20", tie_breaks=["point_difference"]
    )
    league_night.refresh_from_db()
    first, second = _games(league_night, 1)
    _play(first, [HAND_A, HAND_B, HAND_A, HAND_B])
    _play(second, [HAND_A, HAND_A, HAND_A])
    _next_round(league_night, django_capture_on_commit_callbacks)
    first, second = _games(league_night, 2)
    _play(first, [HAND_A, SWAPPED_A, HAND_A, SWAPPED_A])
    _play(second, [HAND_B, HAND_B, HAND_B, HAND_B])
    _next_round(league_night, django_capture_on_commit_callbacks)
    first, _second = _games(league_night, 3)
    _play(first, [HAND_B])
    services.standings_rebuild(event_id=league_night.pk)
    return league_night


@pytest.fixture
def pairs_night(club, players, django_capture_on_commit_callbacks):
    """Two pairs (Player 01 & 02, Player 03 & 04), round 1 seated."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Pairs",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=1,
            format=Event.Format.SWISS,
            players=[],
            pairs=pair_requests_from_text("Player 01 & Player 02\nPlayer 03 & Player 04"),
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    return event
