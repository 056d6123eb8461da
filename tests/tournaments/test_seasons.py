"""Season tables: every night or the best N, minimum attendance, movement; the page and its
download."""

from __future__ import annotations

import pytest

from tests.tournaments.test_standings_ranking import _csv_rows, _page_rows, _play, _xlsx_rows
from tournaments.models import Season
from tournaments.seasons import NightResult, season_table

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
