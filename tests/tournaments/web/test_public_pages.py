"""The pages anyone may read once a club made its results public: the home page, the club's
results page, the standings with their round results (and download), a player's night, the
rankings' rank column and the round board's QR code; the event page's round results for members.

The night is `three_rounds` (tests/tournaments/selectors/test_round_results.py), on the 20-point scale:
round 1 table 1 NS 2930 – EW 2550 (+380 after 4 hands: 12–8), table 2 NS 5055 – EW 1455
(+3600 after 3 hands: 20–0); round 2 table 1 4340 each (a draw, 10–10), table 2 NS −880 –
EW 3160 (4040 behind: 0–20); round 3 in play (table 1 NS −220 – EW 790, table 2 no hand).
"""

from __future__ import annotations

import pytest
from django.utils.text import slugify

from clubs.models import Club
from tests.support import nights
from tests.support.csp import INLINE_STYLE
from tests.support.factories import ClubFactory
from tests.support.tables import _csv_rows, _page_rows, _xlsx_rows
from tournaments import services
from tournaments.models import Event, Game, Standing

pytestmark = pytest.mark.django_db
three_rounds = nights.three_rounds


def _public(club):
    Club.objects.filter(pk=club.pk).update(results_public=True)


def _names(event, round_number, table, side):
    game = Game.objects.get(table__round__event=event, table__round__number=round_number, table__number=table)
    seats = game.table.seats.filter(side=side).select_related("player").order_by("position")
    return " & ".join(seat.player.name for seat in seats)


# --- home --------------------------------------------------------------------------------------


def test_a_visitor_lands_on_the_clubs_with_public_results_and_a_login_link(client, club, mallory):
    _public(club)  # Elsewhere, mallory's club, keeps its results to itself
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    assert 'href="/clubs/riverside/results/"' in html
    assert "/clubs/elsewhere/" not in html and "Elsewhere" not in html
    assert 'href="/accounts/login/"' in html


def test_without_public_clubs_a_visitor_is_told_so_and_can_log_in(client, club):
    html = client.get("/").content.decode()
    assert "No club has made its results public yet." in html
    assert "/clubs/riverside/" not in html
    assert 'href="/accounts/login/"' in html


def test_a_member_sees_their_clubs_then_the_other_public_ones(client, club, bob):
    _public(club)
    ClubFactory(name="Northside", slug="northside", results_public=True)
    client.force_login(bob)
    html = client.get("/").content.decode()
    assert 'href="/clubs/riverside/"' in html  # their own club's members' page
    assert 'href="/clubs/northside/results/"' in html
    assert 'href="/clubs/riverside/results/"' not in html  # not listed twice


# --- the club's results page ---------------------------------------------------------------------


def test_the_club_results_page_shows_events_and_rankings_and_no_members_page(client, club, three_rounds):
    _public(club)
    services.ratings_rebuild(club_id=club.pk)
    html = client.get("/clubs/riverside/results/").content.decode()
    event = three_rounds.pk
    assert f'href="/events/{event}/standings/"' in html
    assert f'href="/events/{event}/standings/#round-results"' in html
    assert f'href="/events/{event}/"' not in html
    assert 'href="/clubs/riverside/"' not in html
    assert 'href="/players/' in html  # the players' pages are public with the results
    rows = _page_rows(html, "rankings")
    assert rows[0][:2] == ["Rank", "Player"]
    assert len(rows) == 1 + 8  # the eight players with finished games


def test_a_member_on_the_results_page_finds_the_members_club_page(client, club, three_rounds, bob):
    services.ratings_rebuild(club_id=club.pk)
    client.force_login(bob)  # results not public: members still see the page
    html = client.get("/clubs/riverside/results/").content.decode()
    assert 'href="/clubs/riverside/"' in html
    assert 'href="/players/' in html


def test_dates_are_written_in_the_pages_language(client, club, three_rounds):
    # Django's own formats: Spanish "j \d\e F \d\e Y", Greek "d/m/Y" (the event is on 2026-11-27).
    _public(club)
    Club.objects.filter(pk=club.pk).update(language="es")
    assert "27 de noviembre de 2026" in client.get("/clubs/riverside/results/").content.decode()
    Club.objects.filter(pk=club.pk).update(language="el")
    assert "27/11/2026" in client.get(f"/events/{three_rounds.pk}/standings/").content.decode()


# --- the standings' round results ---------------------------------------------------------------


def test_the_standings_show_each_rounds_tables_with_scores_and_victory_points(client, club, three_rounds):
    _public(club)
    html = client.get(f"/events/{three_rounds.pk}/standings/").content.decode()
    # The table first, then the round results (the last round open), then the folded explanation.
    assert html.index('id="standings"') < html.index('id="round-results"') < html.index('id="ranking-rules"')
    assert '<details class="card" id="ranking-rules">' in html
    assert '<details class="round" id="results-round-3" open>' in html
    assert '<details class="round" id="results-round-1">' in html
    event = three_rounds
    assert _page_rows(html, "round-results-1") == [
        ["Table", "Side", "Players", "Points", "Result", "Victory points"],
        ["1", "NS", _names(event, 1, 1, "NS"), "2930", "Won", "12"],
        ["", "EW", _names(event, 1, 1, "EW"), "2550", "Lost", "8"],
        ["2", "NS", _names(event, 1, 2, "NS"), "5055", "Won", "20"],
        ["", "EW", _names(event, 1, 2, "EW"), "1455", "Lost", "0"],
    ]
    assert _page_rows(html, "round-results-3")[1:] == [
        ["1", "NS", _names(event, 3, 1, "NS"), "-220", "in play", "—"],
        ["", "EW", _names(event, 3, 1, "EW"), "790", "in play", "—"],
        ["2", "NS", _names(event, 3, 2, "NS"), "0", "in play", "—"],
        ["", "EW", _names(event, 3, 2, "EW"), "0", "in play", "—"],
    ]
    assert "2 tables are still playing this round." in html
    # A player's night is one tap from the standings.
    first = Standing.objects.filter(event=event).order_by("rank", "player__name").first()
    assert f'href="/events/{event.pk}/players/{first.player_id}/"' in html


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_round_results_download_holds_every_round(client, club, three_rounds, bob, export_format):
    client.force_login(bob)
    response = client.get(f"/events/{three_rounds.pk}/standings/?table=rounds&_export={export_format}")
    assert response.status_code == 200
    assert f'round-results.{export_format}"' in response["Content-Disposition"]
    rows = (_csv_rows if export_format == "csv" else _xlsx_rows)(response.content)
    event = three_rounds
    assert rows[0] == ["Round", "Table", "Side", "Players", "Points", "Result", "Victory points"]
    assert len(rows) == 1 + 3 * 4  # three rounds of two tables of two sides
    assert rows[5] == ["2", "1", "NS", _names(event, 2, 1, "NS"), "4340", "Drawn", "10"]
    assert rows[8] == ["2", "2", "EW", _names(event, 2, 2, "EW"), "3160", "Won", "20"]
    assert rows[9] == ["3", "1", "NS", _names(event, 3, 1, "NS"), "-220", "in play", ""]
    name = f"{club.slug}-{slugify(event.name)}-{event.date.isoformat()}-round-results.{export_format}"
    assert response["Content-Disposition"] == f'attachment; filename="{name}"'


@pytest.mark.parametrize("export_format", ["csv", "xlsx"])
def test_the_round_results_download_lists_who_sat_out(
    client, club, players, bob, export_format, django_capture_on_commit_callbacks
):
    from tests.support.factories import EVENT_DATE

    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Nine tonight", date=EVENT_DATE, variant="classic", players=players[:9]
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        round_ = services.round_start(event=event)
    out = round_.sit_outs.get().player
    client.force_login(bob)
    response = client.get(f"/events/{event.pk}/standings/?table=rounds&_export={export_format}")
    rows = (_csv_rows if export_format == "csv" else _xlsx_rows)(response.content)
    assert len(rows) == 1 + 2 * 2 + 1  # two tables of two sides, then who sat out
    assert rows[-1] == ["1", "", "", out.name, "", "sat out", ""]


def test_the_standings_page_of_three_rounds_takes_a_fixed_number_of_queries(
    client, club, three_rounds, django_assert_max_num_queries
):
    _public(club)
    # A visitor without a session: the club's language, the event, the round results' five
    # (rounds, tables with games, seats with players, sit-outs, hands a game), the
    # corrections after final (games, hands, history) and the standings. None a row or a round.
    with django_assert_max_num_queries(11):
        response = client.get(f"/events/{three_rounds.pk}/standings/")
    assert response.status_code == 200


# --- the event page (members) -------------------------------------------------------------------


def test_the_event_page_gives_each_table_its_score_result_and_victory_points(client, three_rounds, bob):
    client.force_login(bob)
    html = client.get(f"/events/{three_rounds.pk}/").content.decode()
    assert '<details class="card round" id="round-3" open>' in html
    assert '<details class="card round" id="round-1">' in html
    round_1 = html[html.index('id="round-1"') :]
    table_1 = round_1[: round_1.index("</a>")]
    assert "2930" in table_1 and "2550" in table_1
    assert "12 victory points" in table_1 and "8 victory points" in table_1
    assert "NS won" in table_1
    round_2 = html[html.index('id="round-2"') :]
    assert "a draw" in round_2[: round_2.index("</a>")]
    assert "10 victory points" in round_2[: round_2.index("</a>")]


# --- a player's night ------------------------------------------------------------------------------


def test_anyone_reads_a_players_night_once_results_are_public(client, club, three_rounds):
    event = three_rounds
    game = Game.objects.get(table__round__event=event, table__round__number=1, table__number=1)
    north = game.table.seats.get(position="N").player
    south = game.table.seats.get(position="S").player
    url = f"/events/{event.pk}/players/{north.pk}/"
    assert client.get(url)["Location"].startswith("/accounts/login/")
    _public(club)
    html = client.get(url).content.decode()
    assert html.count('class="card night-round"') == 3
    first = html[html.index("Round 1 · Table 1") : html.index("Round 2")]
    assert south.name in first  # the partner
    assert _names(event, 1, 1, "EW").split(" & ")[0] in first  # an opponent
    assert "2930" in first and "2550" in first and "Won" in first
    assert ">12</bdi>" in first  # +380 after 4 hands: 12
    assert f'href="/players/{north.pk}/"' in html  # the player's page, public with the results


def test_a_player_who_is_not_in_the_event_has_no_night(client, club, three_rounds, players):
    _public(club)
    outsider = players[-1]  # the league night seats the first eight of sixteen
    assert client.get(f"/events/{three_rounds.pk}/players/{outsider.pk}/").status_code == 404


# --- the round board's QR code --------------------------------------------------------------------


def test_the_round_board_shows_the_public_pages_qr_code_only_when_results_are_public(
    client, club, league_night, bob
):
    client.force_login(bob)
    url = f"/events/{league_night.pk}/board/"
    assert 'id="board-qr"' not in client.get(url).content.decode()
    _public(club)
    response = client.get(url)
    assert response.context["public_link"] == "http://testserver/clubs/riverside/results/"
    html = response.content.decode()
    assert 'id="board-qr"' in html and "<svg" in html[html.index('id="board-qr"') :]
    assert not INLINE_STYLE.search(html)  # the content security policy forbids inline styles


def test_a_finished_event_lists_with_its_status(client, club, three_rounds):
    _public(club)
    Event.objects.filter(pk=three_rounds.pk).update(status=Event.Status.FINISHED)
    html = client.get("/clubs/riverside/results/").content.decode()
    assert "Finished" in html


def _ranking(client, url: str, **query: str) -> list[tuple[str, str]]:
    """(rank, name) of each line of the ranking page's table."""
    rows = _page_rows(client.get(url, {"season": "every", **query}).content.decode(), "rankings")
    return [(row[0], row[1]) for row in rows[1:] if len(row) > 1]  # the heading row, no empty text


def test_find_a_player_in_the_ranking_by_the_name_a_visitor_is_shown(client, club, three_rounds, alice):
    """README "Results, for a member", step 5: *Find a player or download*. A player who asked
    for initials is found by them, never by the name a visitor is not shown; ranks are kept."""
    from clubs import services as club_services

    _public(club)
    services.ratings_rebuild(club_id=club.pk)
    url = f"/clubs/{club.slug}/rankings/"
    everyone = _ranking(client, url)
    assert len(everyone) >= 8
    last = everyone[-1]
    found = _ranking(client, url, player=last[1].upper())
    assert found == [last]  # the line as it stood in the whole ranking, its rank kept
    shy = club.players.get(name=last[1])
    club_services.player_public_initials_set(player=shy, by_initials=True, by=alice)
    assert _ranking(client, url, player=shy.name) == []
    initials = next(line for line in _ranking(client, url) if line[0] == last[0])[1]
    assert _ranking(client, url, player=initials) == [(last[0], initials)]
