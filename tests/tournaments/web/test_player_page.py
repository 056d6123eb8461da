"""The player page: figures, rating chart data, partners, head-to-head, recent events."""

from __future__ import annotations

import json

import pytest

from tests.support.nights import _finish_round, _seats
from tournaments import selectors

pytestmark = pytest.mark.django_db


def test_the_profile_counts_partners_and_opponents_in_a_fixed_number_of_queries(
    league_night, bob, django_assert_num_queries
):
    _finish_round(league_night)
    north, south, east = _seats(league_night)
    north = type(north).objects.select_related("club").get(pk=north.pk)
    # The totals, the player's seats, the others at those tables, the ratings, their history.
    with django_assert_num_queries(5):
        profile = selectors.player_profile(player=north, viewer=bob)
    assert (profile.games, profile.wins, profile.total_points) == (1, 1, 2930)
    assert [(r.name, r.games, r.wins) for r in profile.partners] == [(south.name, 1, 1)]
    assert sorted((r.name, r.losses, r.wins) for r in profile.opponents)[0][1:] == (0, 1)
    assert east.pk in {r.player for r in profile.opponents}
    [classic] = profile.ratings
    assert classic.group.key == "classic" and [point["game"] for point in classic.history] == [1]
    assert classic.rating.provisional


def test_a_member_sees_the_player_page_with_the_chart_data(client, league_night, bob):
    _finish_round(league_night)
    north, south, _ = _seats(league_night)
    client.force_login(bob)
    response = client.get(f"/players/{north.pk}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert (
        'class="rating-chart" data-history="rating-history-classic"' in html and "js/chart.umd.min.js" in html
    )
    start = html.index('id="rating-history-classic"')
    data = html[html.index(">", start) + 1 : html.index("</script>", start)]
    assert [p["game"] for p in json.loads(data)] == [1]
    assert south.name in html and league_night.name in html
    # The group's heading opens the club's ranking of that game over every night.
    ranking = f'href="/clubs/{league_night.club.slug}/rankings/?variant=classic&amp;season=all"'
    assert ranking in html


def test_another_clubs_director_cannot_see_the_player(client, league_night, mallory):
    north, _, _ = _seats(league_night)
    client.force_login(mallory)
    assert client.get(f"/players/{north.pk}/").status_code == 404
