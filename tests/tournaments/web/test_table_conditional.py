"""The table page asked again where nothing changed: a 304 without the page (ETag), so a
phone on the club's weak Wi-Fi coming back to its table gets a few bytes, not the page; any
change the page shows (a hand saved, corrected, confirmed, taken back; the language) gives
the page again."""

from __future__ import annotations

import pytest

from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def _game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()


def _get(client, url, etag=None):
    return client.get(url, **({"HTTP_IF_NONE_MATCH": etag} if etag else {}))


def test_an_unchanged_table_page_is_answered_304_and_a_changed_one_in_full(client, league_night):
    game = _game(league_night)
    link = f"/t/{game.table.access_token}/"
    first = _get(client, link)
    assert first.status_code == 200 and first["Cache-Control"] == "private, no-cache"
    etag = first["ETag"]
    again = _get(client, link, etag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == etag
    # Another mode is another page.
    assert _get(client, f"{link}?mode=total", etag).status_code == 200
    # A hand saved (by another phone): the page again, with it.
    hand = services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    changed = _get(client, link, etag)
    assert changed.status_code == 200
    assert 'id="hand-1"' in changed.content.decode()
    assert changed["ETag"] != etag
    etag = changed["ETag"]
    assert _get(client, link, etag).status_code == 304
    # Taken back: the page again, without it.
    services.hand_undo(hand=hand)
    back = _get(client, link, etag)
    assert back.status_code == 200
    assert 'id="hand-1"' not in back.content.decode()


def test_a_confirmation_or_a_language_changes_the_page(
    client, club, players, django_capture_on_commit_callbacks
):
    from tests.support.factories import EVENT_DATE

    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date=EVENT_DATE, variant="classic", players=players[:4], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = _game(event)
    hand = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )
    link = f"/t/{game.table.access_token}/"
    etag = _get(client, link)["ETag"]
    assert _get(client, link, etag).status_code == 304
    services.hand_confirm(hand=hand, side="EW", as_director=True)
    confirmed = _get(client, link, etag)
    assert confirmed.status_code == 200 and "Confirmed" in confirmed.content.decode()
    etag = confirmed["ETag"]
    client.cookies["django_language"] = "es"
    assert _get(client, link, etag).status_code == 200


def test_no_conditional_answer_for_a_page_that_changes_by_itself(client, league_night, alice):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    link = f"/t/{game.table.access_token}/"
    assert "ETag" not in _get(client, f"{link}?saved=1")  # the undo's time runs out
    client.force_login(alice)  # the club's director
    assert "ETag" not in _get(client, f"/games/{game.pk}/")
