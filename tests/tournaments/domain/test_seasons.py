"""Season tables: every night or the best N, minimum attendance, movement; the page and its
download."""

from __future__ import annotations

import datetime

import pytest
from django.urls import reverse

from tests.support.factories import PlayerFactory
from tests.support.standings import _play
from tests.support.tables import _csv_rows, _page_rows, _xlsx_rows
from tournaments import services
from tournaments.domain.seasons import NightResult, season_table
from tournaments.models import Event, Season

NIGHTS = [10, 20, 30]
NAMES = {1: "Ann", 2: "Bea", 3: "Cal"}
RESULTS = {
    1: [NightResult(10, 2, 300), NightResult(20, 0, -400), NightResult(30, 2, 50)],  # 4, −50
    2: [NightResult(10, 2, 100), NightResult(20, 2, 100)],  # 4, +200
    3: [NightResult(30, 6, 900)],  # 6, +900, one night
}


def _summary(rows):
    return [(r.name, r.rank, r.victory_points, r.point_difference, r.movement, r.qualified) for r in rows]


def test_every_night_counts_and_the_movement_is_since_the_last_night():
    # Before night 30: Bea 4/+200 first, Ann 2/−100 second; Cal had not played.
    assert _summary(season_table(NIGHTS, RESULTS, NAMES)) == [
        ("Cal", 1, 6, 900, None, True),
        ("Bea", 2, 4, 200, -1, True),
        ("Ann", 3, 4, -50, -1, True),
    ]


def test_the_best_two_nights_drop_anns_worst_night():
    # Ann's best two: nights 10 (2, +300) and 30 (2, +50) = 4, +350, ahead of Bea's 4, +200.
    rows = season_table(NIGHTS, RESULTS, NAMES, best_n=2)
    assert _summary(rows) == [
        ("Cal", 1, 6, 900, None, True),
        ("Ann", 2, 4, 350, 0, True),  # second before night 30 too (Bea 4/+200, Ann 2/−100 → 2nd)
        ("Bea", 3, 4, 200, -2, True),
    ]
    assert [r.counted for r in rows] == [1, 2, 2]


def test_a_player_below_the_minimum_attendance_is_listed_after_the_ranked_ones():
    assert _summary(season_table(NIGHTS, RESULTS, NAMES, min_nights=2)) == [
        ("Bea", 1, 4, 200, 0, True),
        ("Ann", 2, 4, -50, 0, True),
        ("Cal", 3, 6, 900, None, False),
    ]


@pytest.mark.django_db
@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_season_download_equals_the_page(client, club, league_night, bob, export_format):
    season = Season.objects.create(club=club, name="Autumn", best_n=3)
    league_night.season = season
    league_night.save(update_fields=["season"])
    _play(league_night)
    client.force_login(bob)
    url = f"/seasons/{season.pk}/"
    page = _page_rows(client.get(url).content.decode(), "season")
    download = (_csv_rows if export_format == "csv" else _xlsx_rows)(
        client.get(f"{url}?_export={export_format}").content
    )
    assert download == page
    assert len(page) == 9


def _night(club, name, date):
    """An event of four new players of `club` (an event needs four): a night to put in a season."""
    players = [PlayerFactory(club=club, name=f"{name} {n}") for n in range(1, 5)]
    return services.event_create(
        club=club, asked=services.EventInput(name=name, date=date, variant="classic", players=players)
    )


def test_a_director_creates_a_season_from_the_club_page_and_picks_its_nights(
    client, club, league_night, alice
):
    other_night = _night(club, "Next Friday", league_night.date + datetime.timedelta(days=7))
    left_out = _night(club, "Open day", league_night.date + datetime.timedelta(days=8))
    client.force_login(alice)
    club_page = client.get(reverse("tournaments:club_detail", args=[club.slug])).content.decode()
    create_url = reverse("tournaments:season_create", args=[club.slug])
    assert f'href="{create_url}"' in club_page
    response = client.post(
        create_url,
        {"name": "Winter", "best_n": "2", "min_nights": "1", "events": [league_night.pk, other_night.pk]},
    )
    season = Season.objects.get(club=club, name="Winter")
    assert response.status_code == 302 and response["Location"] == f"/seasons/{season.pk}/"
    assert (season.best_n, season.min_nights) == (2, 1)
    assert set(season.events.values_list("pk", flat=True)) == {league_night.pk, other_night.pk}
    left_out.refresh_from_db()
    assert left_out.season is None
    assert (
        f'href="{reverse("tournaments:season_edit", args=[season.pk])}"'
        in client.get(reverse("tournaments:club_detail", args=[club.slug])).content.decode()
    )

    # Changing it: a night dropped leaves the season, a night ticked joins it.
    response = client.post(
        reverse("tournaments:season_edit", args=[season.pk]),
        {"name": "Winter", "best_n": "", "min_nights": "0", "events": [other_night.pk, left_out.pk]},
    )
    assert response.status_code == 302
    season.refresh_from_db()
    assert season.best_n is None
    assert set(season.events.values_list("pk", flat=True)) == {other_night.pk, left_out.pk}
    league_night.refresh_from_db()
    assert league_night.season is None


def test_a_season_takes_no_night_of_another_club_and_counts_at_least_one_night(client, club, alice, mallory):
    theirs = _night(mallory.memberships.get().club, "Theirs", datetime.date(2026, 11, 6))
    client.force_login(alice)
    url = reverse("tournaments:season_create", args=[club.slug])
    response = client.post(url, {"name": "Winter", "min_nights": "0", "events": [theirs.pk]})
    assert response.status_code == 200 and "events" in response.context["form"].errors
    response = client.post(url, {"name": "Winter", "best_n": "0", "min_nights": "0"})
    assert response.status_code == 200 and "best_n" in response.context["form"].errors
    assert not Season.objects.exists()
    assert Event.objects.get(pk=theirs.pk).season is None


@pytest.mark.django_db
def test_the_season_table_takes_its_nights_by_date_and_only_those_with_standings(club):
    """The later night was created first, and a night still to come has no standings: the
    movement is since the night before the last one by date."""
    from tournaments import selectors
    from tournaments.models import Standing

    season = Season.objects.create(club=club, name="Winter")
    later = _night(club, "Later", datetime.date(2026, 1, 15))
    earlier = _night(club, "Earlier", datetime.date(2026, 1, 8))
    to_come = _night(club, "To come", datetime.date(2026, 1, 22))
    Event.objects.filter(pk__in=[later.pk, earlier.pk, to_come.pk]).update(season=season)
    ann, bea = PlayerFactory(club=club, name="Ann"), PlayerFactory(club=club, name="Bea")
    for event, ann_points, bea_points in ((earlier, 2, 0), (later, 0, 4)):
        Standing.objects.create(event=event, player=ann, rank=1, victory_points=ann_points)
        Standing.objects.create(event=event, player=bea, rank=2, victory_points=bea_points)
    rows = selectors.season_standings(season=season)
    # After the earlier night Ann led; the later night put Bea first.
    assert [(r.name, r.rank, r.victory_points, r.nights, r.movement) for r in rows] == [
        ("Bea", 1, 4, 2, 1),
        ("Ann", 2, 2, 2, -1),
    ]
