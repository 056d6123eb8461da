"""A club whose results are public (`public_club`): two seasons, two variants, one game a night,
each worked in tests/flows/test_public_rankings.py."""

from __future__ import annotations

import datetime

import pytest

from clubs.services import pair_requests_from_text
from tests.support.factories import ClubFactory, PlayerFactory
from tournaments import services
from tournaments.models import Event, Game, Season, Standing

NAMES = ("Ann", "Bea", "Cal", "Dan", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jo")


NIGHTS = (  # name, date, season, variant, first pair, second pair, their totals
    ("Autumn Classic", "2026-11-02", "Autumn", "classic", "Ann & Bea", "Cal & Dan", 300, 120),
    ("Autumn Samba 1", "2026-11-09", "Autumn", "samba", "Eve & Fay", "Gus & Hal", 800, 400),
    ("Autumn Samba 2", "2026-11-16", "Autumn", "samba", "Fay & Hal", "Eve & Gus", 650, 500),
    ("Winter Samba", "2026-12-07", "Winter", "samba", "Ann & Cal", "Ivy & Jo", 900, 300),
    ("Winter Classic", "2026-12-14", "Winter", "classic", "Eve & Ivy", "Fay & Jo", 200, 100),
)


def _night(club, name, date, season, variant, first, second, first_total, second_total):
    """One night of one game: the pair `first` ("Ann & Bea") scores `first_total`, `second`
    `second_total`."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name=name,
            date=datetime.date.fromisoformat(date),
            variant=variant,
            hands_per_round=1,
            format=Event.Format.ROUND_ROBIN,
            players=[],
            pairs=pair_requests_from_text(f"{first}\n{second}"),
            season=season,
        ),
    )
    round_ = services.round_start(event=event)
    game = Game.objects.get(table__round=round_)
    side_of = {seat.player.name: seat.side for seat in game.table.seats.select_related("player")}
    leads = first.split(" & ")[0], second.split(" & ")[0]
    entries = {side_of[leads[0]]: {"total": first_total}, side_of[leads[1]]: {"total": second_total}}
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=entries))
    game.refresh_from_db()
    assert game.game_over


@pytest.fixture
def public_club(club):
    """The club with its results public, two seasons and two variants of nights (above)."""
    club.results_public = True
    club.save(update_fields=["results_public"])
    ClubFactory(name="Hidden Hollow", slug="hidden-hollow")  # results not public
    for name in NAMES:
        PlayerFactory(club=club, name=name)
    seasons = {name: Season.objects.create(club=club, name=name) for name in ("Autumn", "Winter")}
    for name, date, season, *game in NIGHTS:
        _night(club, name, date, seasons[season], *game)
    # The ratings are derived from the finished games: written here, whatever the queue did.
    services.ratings_rebuild(club_id=club.pk)
    assert Standing.objects.filter(event__club=club).count() == 4 * len(NIGHTS)
    return club
