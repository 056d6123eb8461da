"""Event standings by the event's scale and tie-breaks: the service, the page, the API and the
downloads (which must equal the page row for row)."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.standings import _play
from tests.support.tables import _csv_rows, _page_rows, _xlsx_rows
from tournaments import services
from tournaments.models import Standing

pytestmark = pytest.mark.django_db


def _by_group(event, sides):
    """(table, side) -> the set of (rank, separated_by) of its two players."""
    rows = {s.player_id: (s.rank, s.separated_by) for s in Standing.objects.filter(event=event)}
    return {key: sorted(rows[p] for p in players) for key, players in sides.items()}


def test_a_tie_on_victory_points_is_broken_by_the_configured_order(league_night):
    sides = _play(league_night)
    # Default order: point difference, then points. The two losing pairs are level on 0 VP;
    # table 1's EW lost by 380, table 2's EW by 2400, so table 1's EW is ahead on difference.
    assert _by_group(league_night, sides) == {
        (2, "NS"): [(1, "point_difference"), (1, "tied")],
        (1, "NS"): [(3, "tied"), (3, "victory_points")],
        (1, "EW"): [(5, "point_difference"), (5, "tied")],
        (2, "EW"): [(7, ""), (7, "tied")],
    }
    # Points scored first: table 2's EW scored 3140 against table 1's EW's 2550.
    services.event_standings_rules_set(
        event=league_night, vp_scale="win-draw-loss", tie_breaks=["points_for"]
    )
    services.standings_rebuild(event_id=league_night.pk)
    assert _by_group(league_night, sides) == {
        (2, "NS"): [(1, "points_for"), (1, "tied")],
        (1, "NS"): [(3, "tied"), (3, "victory_points")],
        (2, "EW"): [(5, "points_for"), (5, "tied")],
        (1, "EW"): [(7, ""), (7, "tied")],
    }


def test_the_20_point_scale_gives_each_player_their_sides_points(league_night):
    sides = _play(league_night)
    services.event_standings_rules_set(
        event=league_night, vp_scale="burraco-20", tie_breaks=["point_difference"]
    )
    services.standings_rebuild(event_id=league_night.pk)
    vps = dict(Standing.objects.filter(event=league_night).values_list("player_id", "victory_points"))
    # 4 hands: +380 is in the 300–499 band (12–8); +2400 in 2400–2899 (18–2).
    expected = {(1, "NS"): 12, (1, "EW"): 8, (2, "NS"): 18, (2, "EW"): 2}
    for key, players in sides.items():
        assert {vps[p] for p in players} == {expected[key]}


def test_a_club_table_that_breaks_a_rule_is_not_stored(league_night):
    bad = {"total": 4, "bands": [{"from": 0, "to": 99, "ahead": 2, "behind": 2}]}
    with pytest.raises(ValidationError) as caught:
        services.event_standings_rules_set(
            event=league_night, vp_scale="custom", vp_custom=bad, tie_breaks=[]
        )
    assert "open-ended" in caught.value.message_dict["vp_custom"][0]
    with pytest.raises(ValidationError) as caught:
        services.event_standings_rules_set(event=league_night, vp_scale="win-draw-loss", tie_breaks=["luck"])
    assert "tie_breaks" in caught.value.message_dict
    league_night.refresh_from_db()
    assert league_night.vp_scale == "win-draw-loss"
    assert league_night.tie_breaks == ["point_difference", "points_for"]


def test_the_standings_page_shows_the_order_and_each_rows_criterion(client, league_night, bob):
    _play(league_night)
    client.force_login(bob)
    html = client.get(f"/events/{league_night.pk}/standings/").content.decode()
    assert '<ol class="list" id="tie-break-order"><li>Victory points</li><li>Point difference</li>' in html
    rows = _page_rows(html, "standings")
    assert rows[0][-1] == "Ahead of the next on"
    assert [row[-1] for row in rows[1:]] == [
        "Tied",
        "Point difference",
        "Tied",
        "Victory points",
        "Tied",
        "Point difference",
        "Tied",
        "",  # the last row is ahead of nobody
    ]


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_standings_downloads_equal_the_page(client, league_night, bob, export_format):
    _play(league_night)
    client.force_login(bob)
    url = f"/events/{league_night.pk}/standings/?sort=-points_for"
    page = _page_rows(client.get(url).content.decode(), "standings")
    response = client.get(f"{url}&_export={export_format}")
    assert response.status_code == 200
    assert f'standings.{export_format}"' in response["Content-Disposition"]
    download = (_csv_rows if export_format == "csv" else _xlsx_rows)(response.content)
    assert download == page
    assert len(download) == 9  # the header and 8 players


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_rankings_download_lists_the_pages_rows_with_numbers_as_numbers(
    client, club, league_night, bob, export_format
):
    _play(league_night)
    services.ratings_rebuild(club_id=club.pk)
    client.force_login(bob)
    url = f"/clubs/{club.slug}/rankings/?season=all&sort=-points"
    page = _page_rows(client.get(url).content.decode(), "rankings")
    response = client.get(f"{url}&_export={export_format}")
    download = (_csv_rows if export_format == "csv" else _xlsx_rows)(response.content)
    # The same players in the same order, the 8 who played (the page's sort kept).
    assert [row[1] for row in download] == [row[1] for row in page] and len(download) == 9
    header = download[0]
    win_rate, last = header.index("Win rate"), header.index("Last played")
    # The page says "100%" and the date in its language; the download a fraction and ISO.
    assert {row[win_rate] for row in page[1:]} <= {"0%", "100%"}
    assert {float(row[win_rate]) for row in download[1:]} == {0.0, 1.0}
    # A date cell in XLSX (read back as a datetime), ISO text in CSV.
    assert {row[last][:10] for row in download[1:]} == {league_night.date.isoformat()}
    provisional = header.index("Provisional")  # in the download only: every player has 1 game
    assert {row[provisional] for row in download[1:]} == {"yes"} and "Provisional" not in page[0]
    assert response["Content-Disposition"].endswith(f'"{club.slug}-ranking-classic-all.{export_format}"')


def test_the_api_gives_the_separating_criterion(client, league_night, bob):
    _play(league_night)
    client.force_login(bob)
    rows = client.get(f"/api/v1/standings/?event={league_night.pk}").json()["results"]
    assert sorted(row["separated_by"] for row in rows).count("tied") == 4
    event = client.get(f"/api/v1/events/{league_night.pk}/").json()
    assert event["tie_breaks"] == ["point_difference", "points_for"]


def test_only_a_director_changes_the_ranking_rules(client, league_night, alice, bob):
    client.force_login(bob)
    assert client.get(f"/events/{league_night.pk}/ranking/").status_code == 404
    client.force_login(alice)
    assert client.get(f"/events/{league_night.pk}/ranking/").status_code == 200
    response = client.post(
        f"/events/{league_night.pk}/ranking/",
        {"vp_scale": "burraco-20", "vp_custom": "", "tie_break_1": "wins", "tie_break_2": "points_for"},
    )
    assert response.status_code == 302
    league_night.refresh_from_db()
    assert (league_night.vp_scale, league_night.tie_breaks) == ("burraco-20", ["wins", "points_for"])
    response = client.post(
        f"/events/{league_night.pk}/ranking/", {"vp_scale": "custom", "vp_custom": '{"total": 4}'}
    )
    assert response.status_code == 200
    assert "any" in response.content.decode()
