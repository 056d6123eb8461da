"""The hall board's pages: who may open them (public results, a member, the board's link, a
link replaced since), and its live part answered 304 while nothing changed, 200 with the new
score once a hand is saved. Scores from tests/support/hands.py (worked from the rules)."""

from __future__ import annotations

import datetime
import re

import pytest
from django.test import Client

from clubs import services as club_services
from clubs.models import Club
from tests.support import cast, nights
from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_B
from tournaments import selectors, services
from tournaments.models import Event, Game, Standing

pytestmark = pytest.mark.django_db
pairs_night = nights.pairs_night  # two pairs, round 1 seated


def _public(club):
    Club.objects.filter(pk=club.pk).update(results_public=True)


def _game(event, number=1):
    return Game.objects.get(table__round__event=event, table__number=number)


def _live(event):
    return f"/events/{event.pk}/board/live/"


def _link(event):
    return f"/board/{selectors.board_token(event=Event.objects.get(pk=event.pk))}/"


def _score(html: str, table: int, side: str) -> str:
    """The text of table `table`'s side `side` score on the board, tags dropped."""
    card = html[html.index(f'id="board-table-{table}"') :]
    side_html = card[card.index(f'data-side="{side}"') :]
    score = side_html[side_html.index('class="hall-score"') :]
    return re.sub(r"<[^>]+>", "", score[score.index(">") + 1 : score.index("</bdi>\n")]).strip()


# --- who may open it -------------------------------------------------------------------------


def test_a_public_clubs_board_opens_without_an_account(club, league_night):
    _public(club)
    client = Client()
    page = client.get(f"/events/{league_night.pk}/board/")
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="board-qr"' in html and 'data-live-url="/events/' in html
    assert client.get(_live(league_night)).status_code == 200


def test_a_private_board_is_not_found_without_its_link(client, club, league_night, mallory, bob):
    assert Client().get(f"/events/{league_night.pk}/board/").status_code == 404
    assert Client().get(_live(league_night)).status_code == 404
    client.force_login(mallory)  # a director of another club
    assert client.get(f"/events/{league_night.pk}/board/").status_code == 404
    assert client.get(_live(league_night)).status_code == 404
    client.force_login(bob)  # a member of the club sees it, as the club's other pages
    assert client.get(f"/events/{league_night.pk}/board/").status_code == 200


def test_the_board_link_opens_a_private_board_to_anyone(league_night):
    client = Client()
    page = client.get(_link(league_night))
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="board-qr"' not in html  # no public pages to point at
    assert "Player 01" in html
    live = client.get(_link(league_night) + "live/")
    assert live.status_code == 200 and "board-table-1" in live.content.decode()


def test_a_new_link_turns_the_old_one_down(club, alice, league_night):
    old = _link(league_night)
    client = Client()
    client.force_login(alice)
    response = client.post(f"/events/{league_night.pk}/board/new-link/")
    assert response.status_code == 302 and response["Location"].endswith("#hall-board")
    assert Client().get(old).status_code == 404
    assert Client().get(old + "live/").status_code == 404
    new = _link(league_night)
    assert new != old and Client().get(new).status_code == 200
    # The director's event page shows the new link, in full, as "Open the hall board".
    html = client.get(f"/events/{league_night.pk}/").content.decode()
    assert f'href="http://testserver{new}" id="board-link"' in html and "Open the hall board" in html


def test_a_forged_or_borrowed_signature_is_not_a_board_link(club, players, league_night):
    token = selectors.board_token(event=league_night)
    other = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Other", date=league_night.date, variant="classic", players=players[8:12]
        ),
    )
    signature = token.partition(":")[2]
    forged = [
        f"{other.pk}-0:{signature}",  # another event's id with this one's signature
        f"{league_night.pk}-1:{signature}",  # a later version of the link, not signed
        f"{league_night.pk}-0:{signature[:-2]}xx",  # a signature altered
    ]
    for value in forged:
        assert Client().get(f"/board/{value}/").status_code == 404, value


def test_a_member_link_on_the_event_page_for_others_than_the_director(client, bob, league_night):
    client.force_login(bob)
    html = client.get(f"/events/{league_night.pk}/").content.decode()
    assert f'href="/events/{league_night.pk}/board/" id="board-link"' in html
    assert "/board/new-link/" not in html and "Open the hall board" not in html


# --- the live part: 304 while nothing changed ------------------------------------------------


def test_the_same_tag_is_answered_304_without_rendering(
    client, bob, league_night, django_assert_max_num_queries
):
    client.force_login(bob)
    first = client.get(_live(league_night))
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('"') and "no-cache" in first["Cache-Control"]
    # The session and user, the club's language, the event, the membership, the tag's two
    # queries: nothing of the page.
    with django_assert_max_num_queries(7):
        again = client.get(_live(league_night), HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == tag
    assert [t.name for t in again.templates] == []


def test_a_saved_hand_answers_200_with_the_new_score(client, bob, league_night):
    client.force_login(bob)
    first = client.get(_live(league_night))
    assert _score(first.content.decode(), 1, "NS") == "NS 0"
    services.hand_record(game=_game(league_night), asked=services.HandInput(number=1, entries=HAND_A))
    after = client.get(_live(league_night), HTTP_IF_NONE_MATCH=first["ETag"])
    assert after.status_code == 200 and after["ETag"] != first["ETag"]
    html = after.content.decode()
    assert (_score(html, 1, "NS"), _score(html, 1, "EW")) == ("NS 1685", "EW 485")
    assert _score(html, 2, "NS") == "NS 0"
    assert client.get(_live(league_night), HTTP_IF_NONE_MATCH=after["ETag"]).status_code == 304


def test_a_compressed_answer_keeps_a_tag_the_screen_can_send_back(client, bob, league_night):
    """The site compresses pages (GZipMiddleware), which makes their ETag weak (W/"…"); the
    weak tag sent back is the same tag."""
    client.force_login(bob)
    first = client.get(_live(league_night), HTTP_ACCEPT_ENCODING="gzip")
    assert first["ETag"].startswith('W/"')
    again = client.get(_live(league_night), HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_ENCODING="gzip")
    assert again.status_code == 304


def test_the_tag_follows_the_standings_and_the_round(client, bob, league_night):
    """The standings are rebuilt by a worker after the hand's save: a rebuild that changes a
    figure changes the tag, as a deleted hand, a new round or another language does."""
    client.force_login(bob)
    tag = client.get(_live(league_night))["ETag"]
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    after_hand = client.get(_live(league_night), HTTP_IF_NONE_MATCH=tag)["ETag"]
    assert after_hand != tag
    services.standings_rebuild(event_id=league_night.pk)  # the worker's, a moment after the save
    after_rebuild = client.get(_live(league_night), HTTP_IF_NONE_MATCH=after_hand)
    assert after_rebuild.status_code == 200
    Standing.objects.filter(event=league_night).update(victory_points=7)  # another figure
    assert client.get(_live(league_night), HTTP_IF_NONE_MATCH=after_rebuild["ETag"]).status_code == 200
    spanish = client.get(_live(league_night), HTTP_ACCEPT_LANGUAGE="es")
    assert spanish["ETag"] != client.get(_live(league_night))["ETag"]


def test_the_tag_changes_when_a_hand_is_deleted(league_night):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B))
    before = selectors.board_tag(event=league_night)
    game.hands.filter(number=2).delete()  # the count of the round's hands falls
    assert selectors.board_tag(event=league_night) != before


# --- the round's end -------------------------------------------------------------------------


def _finish_round(event):
    """Every table plays its four hands: HAND_A, HAND_B, HAND_A, HAND_B, so NS ends on
    1685 − 220 + 1685 − 220 = 2930 and EW on 485 + 790 + 485 + 790 = 2550: NS wins."""
    for game in Game.objects.filter(table__round__event=event):
        for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))


def test_at_the_rounds_end_the_board_shows_its_results_and_the_standings_after_it(
    club, players, league_night
):
    _public(club)
    # A ninth player sits round 2 out (the league night seats eight, tables of four).
    services.participant_add(event=league_night, player=players[8])
    _finish_round(league_night)
    services.standings_rebuild(event_id=league_night.pk)
    html = Client().get(_live(league_night)).content.decode()
    assert "Round 1 results" in html and "Standings after round 1" in html
    assert 'id="board-results"' in html and 'id="board-tables"' not in html
    for table in (1, 2):
        assert (_score(html, table, "NS"), _score(html, table, "EW")) == ("NS 2930", "EW 2550")
    board = selectors.hall_board(event=league_night)
    assert board.round_over and board.finished_tables == 2
    # The standings as their selector gives them: the four winners 2 VP each, the four losers
    # and the late ninth player (a missed round counts nothing in this event) 0.
    assert [line.victory_points for line in board.standings] == [2, 2, 2, 2, 0, 0, 0, 0, 0]
    services.round_start(event=league_night)
    services.round_seat(round_id=league_night.rounds.get(number=2).pk)
    html = Client().get(_live(league_night)).content.decode()
    assert 'id="board-tables"' in html and "Round 2" in html
    sitting_out = html[html.index('id="board-sit-outs"') :]
    assert "Sitting out:" in sitting_out[:200]


def test_the_board_link_speaks_the_clubs_language(club, league_night):
    """A screen opened by the board's link, with no language chosen, reads in the club's."""
    Club.objects.filter(pk=club.pk).update(language="es")
    response = Client().get(_link(league_night), HTTP_ACCEPT_LANGUAGE="en")
    assert response["Content-Language"] == "es"
    assert Client().get(_link(league_night) + "live/")["Content-Language"] == "es"
    # A link with the event's id and a signature this site did not make: 404, in the screen's
    # language, telling nothing of the club.
    forged = f"/board/{league_night.pk}-0:{'a' * 27}/"
    response = Client().get(forged, HTTP_ACCEPT_LANGUAGE="el")
    assert (response.status_code, response["Content-Language"]) == (404, "el")


def test_a_pairs_board_names_each_side_and_standings_line_by_its_pair(pairs_night):
    """Fixed partnerships: the standings per pair (event_pair_standings), the winning pair 2
    victory points and the other 0 after the one hand of the round (HAND_A: NS 1685, EW 485)."""
    game = Game.objects.get(table__round__event=pairs_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.standings_rebuild(event_id=pairs_night.pk)
    html = Client().get(_link(pairs_night) + "live/").content.decode()
    assert html.count('<span class="pair-number">Pair ') == 4  # each side of the table, each line
    board = selectors.hall_board(event=pairs_night)
    assert [(line.pair is not None, len(line.players), line.victory_points) for line in board.standings] == [
        (True, 2, 2),
        (True, 2, 0),
    ]
    winners = {seat.player for seat in game.table.seats.filter(side="NS")}
    assert set(board.standings[0].players) == winners


def test_the_board_reads_in_as_many_queries_for_fifteen_tables_as_for_two(club, league_night):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from clubs.models import Player

    many = [Player.objects.create(club=club, name=f"Guest {n:02d}") for n in range(60)]
    big = services.event_create(
        club=club,
        asked=services.EventInput(name="Big", date=league_night.date, variant="classic", players=many),
    )
    round_ = services.round_start(event=big)
    services.round_seat(round_id=round_.pk)
    assert Game.objects.filter(table__round__event=big).count() == 15
    counts = []
    for event in (league_night, big):
        event = Event.objects.select_related("club").get(pk=event.pk)
        with CaptureQueriesContext(connection) as queries:
            selectors.hall_board(event=event)
        counts.append(len(queries))
    assert counts[0] == counts[1] <= 6, counts


def test_the_tag_changes_when_a_player_asks_for_initials_or_is_renamed(league_night, players):
    """The board shows its players by initials to the room when they asked for them: a board
    that answered "not modified" would keep showing the whole name."""
    director = cast.member(league_night.club, "dina", "director")
    before = selectors.board_tag(event=league_night)
    club_services.player_public_initials_set(player=players[0], by_initials=True, by=director)
    by_initials = selectors.board_tag(event=league_night)
    assert by_initials != before
    players[1].name = "Renamed Player"  # as the admin renames one
    players[1].save()
    assert selectors.board_tag(event=league_night) != by_initials


def test_before_the_first_round_the_tag_follows_a_players_initials(club, players):
    """Before round 1 the board lists the entrants: their choice of initials changes its tag
    though no round exists yet."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Later", date=datetime.date(2026, 12, 4), variant="classic", players=players[:8]
        ),
    )
    director = cast.member(club, "dina", "director")
    before = selectors.board_tag(event=event)
    assert selectors.board_tag(event=event) == before  # nothing changed: the same tag
    club_services.player_public_initials_set(player=players[0], by_initials=True, by=director)
    assert selectors.board_tag(event=event) != before


def _night_of(club, players, **options) -> Event:
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Night", date=EVENT_DATE, variant="classic", players=players, **options
        ),
    )
    round_ = services.round_start(event=event)
    services.round_seat(round_id=round_.pk)
    return event


@pytest.mark.parametrize(("field", "pages"), [(16, [16]), (18, [18]), (19, [10, 9]), (37, [13, 12, 12])])
def test_the_standings_fit_up_to_eighteen_lines_before_paging(club, field, pages):
    # 16 players used to page 15 + 1. Up to 18 lines fit; more are shared out evenly.
    from clubs.models import Player

    many = [Player.objects.create(club=club, name=f"Guest {n:02d}") for n in range(field)]
    event = _night_of(club, many)
    services.standings_rebuild(event_id=event.pk)
    html = Client().get(_link(event) + "live/").content.decode()
    box = html[html.index('id="board-standing-pages"') :]
    box = box[: box.index('<p class="hall-key"')]
    assert [page.count('class="hall-line"') for page in box.split("<ol")[1:]] == pages


def test_the_board_clock_stops_when_the_rounds_last_game_ends(club, players):
    event = _night_of(club, players[:8], minutes_per_round=60, hands_per_round=1)
    assert selectors.hall_board(event=event).clock is not None
    assert "data-clock" in Client().get(_link(event) + "live/").content.decode()
    games = list(Game.objects.filter(table__round__event=event).order_by("table__number"))
    services.hand_record(game=games[0], asked=services.HandInput(number=1, entries=HAND_A))
    assert selectors.hall_board(event=event).clock is not None  # one table still plays
    services.hand_record(game=games[1], asked=services.HandInput(number=1, entries=HAND_A))
    board = selectors.hall_board(event=event)
    assert board.round_over and board.clock is None
    assert "data-clock" not in Client().get(_link(event) + "live/").content.decode()
