"""Chilean Canasta with three or four packs and Uruguayan Canasta, from the pages a director and a
scorer use: the event form, the event page, the table link, and the API (rules.md §1.11, §1.12).

The hands are worked in tests/scoring/test_chilean.py: the first hand of the four-pack case with
the card NS's partner still holds (NS 3310, EW 3315), and the same hand with six red threes
under three packs (NS 3610, EW 3215)."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.support.hands import EW_ONE, NS_SEVEN
from tests.support.table_form import _form_data
from tournaments.models import Event, Game, Hand
from tournaments.services.rounds import three_player_variant

pytestmark = pytest.mark.django_db


def _event_form(players, **fields):
    return {
        "name": "Chilean night",
        "date": "2026-11-30",
        "kind": "league_night",
        "variant": "chilean",
        "players": [p.pk for p in players[:8]],
        **fields,
    }


def _night(client, club, players, django_capture_on_commit_callbacks, **fields) -> Event:
    """An event made and its first round seated from the pages, as a director does."""
    response = client.post(f"/clubs/{club.slug}/events/new/", _event_form(players, **fields))
    assert response.status_code == 302, response.content.decode()[:2000]
    event = club.events.get(name=fields.get("name", "Chilean night"))
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"/events/{event.pk}/rounds/start/").status_code == 302
    return event


def _table_link(event: Event) -> tuple[Game, str]:
    game = Game.objects.filter(table__round__event=event).order_by("table__number").first()
    return game, f"/t/{game.table.access_token}/"


def test_a_four_pack_game_is_entered_at_the_table_link(
    client, club, alice, players, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    form = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    assert '<option value="chilean">Chilean Canasta (3 or 4 packs)</option>' in form
    assert "choose 4 packs in the house rules" in form  # the note under the list says how
    assert '<option value="4">4 packs (216 cards)</option>' in form
    event = _night(client, club, players, django_capture_on_commit_callbacks, rule_packs="4")
    assert event.options == {"packs": 4}
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Chilean Canasta, 4 packs (216 cards)" in page
    assert "rummy-games.com" in page  # the variant's sources

    scorer = type(client)()  # no account: the table link is enough
    game, link = _table_link(event)
    assert game.options == {"packs": 4}
    table = scorer.get(link).content.decode()
    assert "Chilean Canasta, 4 packs (216 cards)" in table
    assert 'data-max="8"' in table  # red threes: four packs hold eight
    hand = {"NS": NS_SEVEN, "EW": EW_ONE}
    response = scorer.post(f"{link}hands/", _form_data(game, 1, hand, save="1"))
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == {"NS": 3310, "EW": 3315}
    assert game.initial_meld == {"NS": 120, "EW": 120}


def test_three_packs_refuse_a_count_only_four_hold(
    client, club, alice, players, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    event = _night(client, club, players, django_capture_on_commit_callbacks)
    assert event.options == {}
    scorer = type(client)()
    game, link = _table_link(event)
    table = scorer.get(link).content.decode()
    assert "Chilean Canasta, 3 packs (162 cards)" in table
    assert 'data-max="6"' in table

    refused = scorer.post(f"{link}hands/", _form_data(game, 1, {"NS": NS_SEVEN, "EW": EW_ONE}, save="1"))
    assert refused.status_code == 400
    assert "8 red threes entered over all sides; the pack has 6." in refused.content.decode()
    assert not Hand.objects.filter(game=game).exists()

    six = {"NS": {**NS_SEVEN, "red_threes": 6}, "EW": {**EW_ONE, "red_threes": 0}}
    saved = scorer.post(f"{link}hands/", _form_data(game, 1, six, save="1"))
    assert saved.status_code == 302, saved.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == {"NS": 3610, "EW": 3215}


def test_an_event_refuses_a_pack_other_than_3_or_4(client, club, alice, players):
    """The page offers the engine's choices alone (3 or 4); a 5 sent all the same is refused."""
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/events/new/", _event_form(players, rule_packs="5"))
    assert response.status_code == 200
    assert response.context["form"].errors["rule_packs"] == [
        "Select a valid choice. 5 is not one of the available choices."
    ]
    assert not club.events.exists()


def test_the_api_takes_the_pack_and_refuses_a_bad_one(
    club, alice, players, django_capture_on_commit_callbacks
):
    api = APIClient()
    api.force_authenticate(alice)
    payload = {
        "club": club.pk,
        "name": "Chilean by API",
        "date": "2026-11-27",
        "variant": "chilean",
        "options": {"packs": 4},
        "players": [p.pk for p in players[:8]],
    }
    created = api.post("/api/v1/events/", payload, format="json")
    assert created.status_code == 201, created.json()
    assert (created.json()["variant"], created.json()["options"]) == ("chilean", {"packs": 4})
    bad = api.post("/api/v1/events/", {**payload, "name": "Bad", "options": {"packs": "4"}}, format="json")
    assert bad.status_code == 400
    assert bad.json()["options"] == [
        "Chilean Canasta is played with 3 or 4 packs (52 cards and 2 jokers each), not '4'."
    ]
    # The score-sheet scorer takes the pack too: the four-pack hand, 3310 and 3315.
    sheet = {
        "variant": "chilean",
        "options": {"packs": 4},
        "sides": ["NS", "EW"],
        "hands": [{"NS": NS_SEVEN, "EW": EW_ONE}],
    }
    scored = api.post("/api/v1/score-sheets/", sheet, format="json")
    assert scored.status_code == 200
    assert scored.json()["totals"] == {"NS": 3310, "EW": 3315}
    refused = api.post("/api/v1/score-sheets/", {**sheet, "options": {}}, format="json")
    assert refused.status_code == 400
    assert [(e["field"], e["message"]) for e in refused.json()["errors"]] == [
        ("red_threes", "8 red threes entered over all sides; the pack has 6")
    ]


def test_uruguayan_is_offered_as_the_original_rules_and_scored_as_classic(
    client, club, alice, players, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    form = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    assert '<option value="uruguayan">Uruguayan Canasta (the original rules, as Classic)</option>' in form
    settings = client.get(f"/clubs/{club.slug}/settings/").content.decode()
    assert '<option value="uruguayan">Uruguayan Canasta (the original rules, as Classic)</option>' in settings
    assert "the original game with its original rules" in settings
    event = _night(
        client, club, players, django_capture_on_commit_callbacks, name="Uruguay", variant="uruguayan"
    )
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Uruguayan Canasta (the original rules, as Classic)" in page
    assert "the original game with its original rules, scored exactly as Classic Canasta" in page
    game, link = _table_link(event)
    assert game.variant == "uruguayan"
    # rules.md §3.1 C1A with the partner's card, and C1B: 285 − 5 + 500 + 600 + 200 + 100 = 1680;
    # 150 − 65 + 300 + 100 = 485 (worked in tests/scoring/test_uruguayan.py).
    hand = {
        "NS": {
            "natural_canastas": 1,
            "mixed_canastas": 2,
            "red_threes": 2,
            "went_out": True,
            "melded_points": 285,
            "hand_points": 5,
        },
        "EW": {"mixed_canastas": 1, "red_threes": 1, "melded_points": 150, "hand_points": 65},
    }
    response = type(client)().post(f"{link}hands/", _form_data(game, 1, hand, save="1"))
    assert response.status_code == 302, response.content.decode()[:2000]
    game.refresh_from_db()
    assert game.totals == {"NS": 1680, "EW": 485}
    assert three_player_variant("uruguayan") == "classic-3p"
