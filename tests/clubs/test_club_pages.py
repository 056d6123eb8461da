"""Club settings, public results and the club's language."""

from __future__ import annotations

import datetime

import pytest
from django.test import Client

from clubs.models import Club, Player
from tournaments import selectors, services
from tournaments.models import Event, Game, Season

pytestmark = pytest.mark.django_db


def test_a_director_edits_the_club_settings(client, club, alice):
    client.force_login(alice)
    assert client.get(f"/clubs/{club.slug}/settings/").status_code == 200
    response = client.post(
        f"/clubs/{club.slug}/settings/",
        {"name": "Riverside CC", "time_zone": "Europe/Athens", "language": "el", "default_variant": "samba"},
    )
    assert response.status_code == 302
    club.refresh_from_db()
    assert (club.name, club.time_zone, club.language, club.default_variant) == (
        "Riverside CC",
        "Europe/Athens",
        "el",
        "samba",
    )
    assert club.results_public is False


def test_the_settings_refuse_an_unknown_time_zone(client, club, alice):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/settings/",
        {"name": "Riverside", "time_zone": "Mars/Olympus", "language": "", "default_variant": "classic"},
    )
    assert response.status_code == 200
    club.refresh_from_db()
    assert club.time_zone == "UTC"


def test_public_results_show_standings_and_rankings_only(client, club, league_night):
    Club.objects.filter(pk=club.pk).update(results_public=True)
    rankings = client.get(f"/clubs/{club.slug}/rankings/")
    assert rankings.status_code == 200
    page = rankings.content.decode()
    assert f"/events/{league_night.pk}/standings/" in page
    assert f'href="/events/{league_night.pk}/"' not in page
    assert f'href="/clubs/{club.slug}/"' not in page
    standings = client.get(f"/events/{league_night.pk}/standings/")
    assert standings.status_code == 200
    page = standings.content.decode()
    assert f'href="/events/{league_night.pk}/"' not in page
    for game in Game.objects.filter(table__round__event=league_night):
        assert game.table.access_token not in page
    # Everything else stays for members.
    assert client.get(f"/events/{league_night.pk}/").status_code == 302
    assert client.get(f"/clubs/{club.slug}/").status_code == 302
    assert client.get("/api/v1/standings/").status_code in (401, 403)


def test_public_results_link_no_members_only_page_and_download(client, club, league_night, bob):
    from tests.support.nights import _finish_round

    _finish_round(league_night)
    season = Season.objects.create(club=club, name="Winter")
    Event.objects.filter(pk=league_night.pk).update(season=season)
    Club.objects.filter(pk=club.pk).update(results_public=True)
    services.ratings_rebuild(club_id=club.pk)
    rankings = client.get(f"/clubs/{club.slug}/rankings/").content.decode()
    # Public results open the player pages and the season table to anyone, linked from the names.
    assert "Player 01" in rankings and 'href="/players/' in rankings
    player = Player.objects.get(club=club, name="Player 01")
    assert client.get(f"/players/{player.pk}/").status_code == 200
    standings = client.get(f"/events/{league_night.pk}/standings/").content.decode()
    assert f"/seasons/{season.pk}/" in standings
    assert client.get(f"/seasons/{season.pk}/").status_code == 200
    download = client.get(f"/events/{league_night.pk}/standings/?_export=csv")
    assert download.status_code == 200 and b"Player 01" in download.content
    assert client.get(f"/clubs/{club.slug}/rankings/?_export=csv").status_code == 200
    # Private results again: the player's page and the season table are the members' once more.
    Club.objects.filter(pk=club.pk).update(results_public=False)
    assert client.get(f"/players/{player.pk}/").status_code == 302
    assert client.get(f"/seasons/{season.pk}/").status_code == 302
    client.force_login(bob)
    assert 'href="/players/' in client.get(f"/clubs/{club.slug}/rankings/").content.decode()
    assert client.get(f"/players/{player.pk}/").status_code == 200


def test_private_results_send_a_visitor_to_the_login_page(client, club, league_night):
    response = client.get(f"/events/{league_night.pk}/standings/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
    download = client.get(f"/events/{league_night.pk}/standings/?_export=csv")
    assert download.status_code == 302 and download["Location"].startswith("/accounts/login/")


def test_the_club_language_is_the_default_for_its_pages(client, club, league_night, bob):
    Club.objects.filter(pk=club.pk).update(language="es")
    client.force_login(bob)
    response = client.get(f"/events/{league_night.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "es"
    game = Game.objects.filter(table__round__event=league_night).first()
    assert client.get(f"/t/{game.table.access_token}/")["Content-Language"] == "es"
    # The visitor's own choice wins.
    client.post("/i18n/setlang/", {"language": "el", "next": "/"})
    assert client.get(f"/events/{league_night.pk}/")["Content-Language"] == "el"


def test_pages_of_a_club_without_a_language_follow_the_browser(client, club, league_night, bob):
    client.force_login(bob)
    response = client.get(f"/events/{league_night.pk}/", HTTP_ACCEPT_LANGUAGE="el")
    assert response["Content-Language"] == "el"


def test_the_nights_pages_and_links_follow_the_club_language(client, club, players, bob):
    """A night's page, its door, a player's personal link and a reminders' stop link open in the
    club's language for a visitor who has not chosen one (phones at the door often say English)."""
    Club.objects.filter(pk=club.pk).update(language="ar")
    (night,) = services.nights_schedule(
        club=club,
        asked=services.NightInput(
            date=selectors.club_today(club), start_time=datetime.time(19, 30), variant="classic"
        ),
    )
    links = [
        f"/n/{selectors.night_door_token(night=night)}/",
        f"/r/{selectors.player_reply_token(player=players[0])}/",
        f"/reminders/{selectors.night_reminders_stop_token(club=club, user=bob)}/",
    ]
    for link in links:
        response = Client().get(link, HTTP_ACCEPT_LANGUAGE="en")
        assert (response.status_code, response["Content-Language"]) == (200, "ar"), link
    client.force_login(bob)
    assert client.get(f"/nights/{night.pk}/", HTTP_ACCEPT_LANGUAGE="en")["Content-Language"] == "ar"
    # A link this site did not sign opens nothing, in the browser's language, even when it
    # begins with the id of a real night or player: it tells nothing of the club.
    for wrong in (
        f"/n/{night.pk}:aaaaaaaaaaaaaaaaaaaaaaaa/",
        f"/r/{players[0].pk}:aaaaaaaaaaaaaaaaaaaaaaaa/",
    ):
        response = Client().get(wrong, HTTP_ACCEPT_LANGUAGE="el")
        assert (response.status_code, response["Content-Language"]) == (404, "el"), wrong
    # The visitor's own choice wins over the club's.
    chosen = Client()
    chosen.post("/i18n/setlang/", {"language": "es", "next": "/"})
    assert chosen.get(links[0])["Content-Language"] == "es"
