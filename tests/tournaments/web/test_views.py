from __future__ import annotations

import pytest

from tests.support.hands import HAND_A, HAND_TWO_OUT
from tests.support.table_form import _form_data
from tournaments.models import Game, Hand

pytestmark = pytest.mark.django_db


def test_table_page_shows_the_form_to_a_scorer(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert b'name="NS-melded_points"' in response.content


def test_the_table_page_loads_no_htmx_and_the_pages_that_use_it_do(client, league_night, sam):
    """The table page's live preview is its own script's (static/js/table.js): htmx, 17 KB on
    a weak connection, is for the pages with hx-* attributes."""
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    table = client.get(f"/games/{game.pk}/").content.decode()
    assert "htmx" not in table and "hx-post" not in table
    assert "js/table" in table
    event = client.get(f"/events/{league_night.pk}/").content.decode()
    assert "js/htmx.min" in event


def test_table_page_hides_the_form_from_a_member(client, league_night, bob):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(bob)
    response = client.get(f"/games/{game.pk}/")
    assert response.status_code == 200
    assert b'name="NS-melded_points"' not in response.content
    assert client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_A)).status_code == 404


def test_preview_shows_scores_and_saves_nothing(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    response = client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_A, preview="1"))
    assert response.status_code == 200
    assert "+1685" in response.content.decode()
    assert not Hand.objects.filter(game=game).exists()


def test_saving_twice_with_one_submission_id_records_one_hand(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, save="1")
    assert client.post(f"/games/{game.pk}/hands/", data).status_code == 302
    assert client.post(f"/games/{game.pk}/hands/", data).status_code == 302
    assert Hand.objects.filter(game=game).count() == 1


def test_a_rejected_hand_is_a_400_with_the_message_and_nothing_saved(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    response = client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, HAND_TWO_OUT, save="1"))
    assert response.status_code == 400
    assert b"field-error" in response.content
    assert not Hand.objects.filter(game=game).exists()


def test_a_thousands_separator_is_refused_not_misread(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, save="1")
    data["NS-melded_points"] = "1,250"
    response = client.post(f"/games/{game.pk}/hands/", data)
    assert response.status_code == 400
    assert not Hand.objects.filter(game=game).exists()


def test_director_creates_an_event_and_seats_a_round(
    client, club, alice, players, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    response = client.post(
        f"/clubs/{club.slug}/events/new/",
        {
            "name": "Monday",
            "date": "2026-11-30",
            "kind": "league_night",
            "variant": "classic",
            "hands_per_round": "4",
            "players": [p.pk for p in players[:8]],
        },
    )
    assert response.status_code == 302
    event_url = response["Location"]
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(f"{event_url}rounds/start/").status_code == 302
    page = client.get(event_url).content.decode()
    assert page.count('class="table-link"') == 2


def test_rankings_and_standings_pages_render(client, club, league_night, bob):
    client.force_login(bob)
    assert client.get(f"/clubs/{club.slug}/rankings/?sort=-wins").status_code == 200
    assert client.get(f"/events/{league_night.pk}/standings/").status_code == 200


def test_another_clubs_director_gets_404(client, league_night, mallory):
    client.force_login(mallory)
    assert client.get(f"/events/{league_night.pk}/").status_code == 404


def test_after_a_refused_save_the_correct_links_still_lead_to_the_table_page(client, league_night, sam):
    from tournaments import services

    game = Game.objects.filter(table__round__event=league_night).first()
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    client.force_login(sam)
    response = client.post(f"/games/{game.pk}/hands/", _form_data(game, 2, HAND_TWO_OUT, save="1"))
    assert response.status_code == 400
    page = response.content.decode()
    assert "Hand 2 was not saved." in page
    assert f'href="/games/{game.pk}/?hand=1#hand-form"' in page


def test_a_director_adds_a_late_arrival_to_the_night(client, league_night, alice, players):
    client.force_login(alice)
    late = players[12]
    response = client.post(f"/events/{league_night.pk}/players/add/", {"player": late.pk})
    assert response.status_code == 302
    assert league_night.participants.filter(player=late, present=True).exists()


def test_a_scorer_cannot_add_players(client, league_night, sam, players):
    client.force_login(sam)
    assert (
        client.post(f"/events/{league_night.pk}/players/add/", {"player": players[12].pk}).status_code == 404
    )


def test_an_odd_hand_number_in_the_address_is_ignored(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    assert client.get(f"/games/{game.pk}/?hand=\u00b2").status_code == 200


def test_a_hand_entered_as_totals_only_with_a_typed_minus(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    data = {
        "submission_id": "0b7c6a8e-0f5e-4c77-8b55-3d2b8a3f1e01",
        "number": 1,
        "mode": "total",
        "save": "1",
        "NS-total": "1685",
        "NS-went_out": "on",
        "EW-total": "\u221285",
    }
    assert client.post(f"/games/{game.pk}/hands/", data).status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 1685, "EW": -85}


def test_a_hand_entered_by_counting_the_cards(client, league_night, sam):
    """NS went out with a natural canasta of seven kings (7 × 10) and three aces (3 × 20)
    melded, the partner holding two 5s: 130 − 10 + 500 + 100 = 720. EW melded three queens
    and a 2 (30 + 20 = 50, its opening minimum) and holds a joker and three 4s (50 + 15):
    50 − 65 = −15. Card values: rules.md §1.0."""
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    data = {
        "submission_id": "0b7c6a8e-0f5e-4c77-8b55-3d2b8a3f1e02",
        "number": 1,
        "mode": "cards",
        "save": "1",
        "NS-cards.melded.high": "7",
        "NS-cards.melded.aces": "3",
        "NS-cards.in_hand.low": "2",
        "NS-natural_canastas": "1",
        "NS-went_out": "on",
        "EW-cards.melded.high": "3",
        "EW-cards.melded.twos": "1",
        "EW-cards.in_hand.jokers": "1",
        "EW-cards.in_hand.low": "3",
    }
    assert client.post(f"/games/{game.pk}/hands/", data).status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 720, "EW": -15}
    # Correcting it opens the card count again, with the counts entered.
    page = client.get(f"/games/{game.pk}/?hand=1").content.decode()
    assert 'name="NS-cards.melded.high"' in page
    assert 'value="7"' in page


def test_an_event_with_a_bad_house_rule_is_refused_by_the_field(client, club, alice, players):
    client.force_login(alice)
    data = {
        "name": "Monday",
        "date": "2026-11-30",
        "kind": "league_night",
        "variant": "classic",
        "players": [p.pk for p in players[:8]],
        "rule_target": "3001",
    }
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.status_code == 200
    # The engine's own refusal, at the target's control, naming the rule as the control does.
    assert response.context["form"].errors["rule_target"] == [
        "The house rule “Points to win the game (target)” must be a positive multiple of 5 points, not 3001."
    ]
    data["rule_target"] = "3000"
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.status_code == 302
    assert club.events.get().options == {"target": 3000}


def test_the_preview_of_a_corrected_earlier_hand_shows_the_totals_after_that_hand(client, league_night, sam):
    from tournaments import services

    game = Game.objects.filter(table__round__event=league_night).first()
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_A))
    client.force_login(sam)
    data = _form_data(game, 1, HAND_A, preview="1", expected_version="1")
    page = client.post(f"/games/{game.pk}/hands/", data).content.decode()
    # After hand 1 alone: NS 1685, EW 485 (not the game's 3370 / 970 after hand 2).
    assert 'Total after this hand: <bdi dir="ltr" class="num">1685</bdi>' in page
    assert 'Total after this hand: <bdi dir="ltr" class="num">485</bdi>' in page


def test_a_tournament_asks_the_other_side_to_confirm_unless_turned_off(client, club, alice, players):
    client.force_login(alice)
    data = {
        "name": "Cup",
        "date": "2026-11-30",
        "kind": "tournament",
        "variant": "classic",
        "players": [p.pk for p in players[:8]],
    }
    assert client.post(f"/clubs/{club.slug}/events/new/", data).status_code == 302
    assert club.events.get(name="Cup").confirmation_required is True
    data.update(name="Cup without confirmation", confirmation_required="no")
    client.post(f"/clubs/{club.slug}/events/new/", data)
    assert club.events.get(name="Cup without confirmation").confirmation_required is False
    data.update(name="League", kind="league_night", confirmation_required="")
    client.post(f"/clubs/{club.slug}/events/new/", data)
    assert club.events.get(name="League").confirmation_required is False


def test_went_out_concealed_alone_says_the_side_went_out(client, league_night, sam):
    """NS went out concealed with a natural canasta, melded 240, the partner holding 15:
    240 − 15 + 500 + 200 (concealed going out, 200 in all: rules.md §1.1) = 925. EW held 110:
    −110. Only "went out concealed" is ticked."""
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    hand = {
        "NS": {"natural_canastas": 1, "concealed": True, "melded_points": 240, "hand_points": 15},
        "EW": {"hand_points": 110},
    }
    assert client.post(f"/games/{game.pk}/hands/", _form_data(game, 1, hand, save="1")).status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 925, "EW": -110}


def test_after_a_save_the_page_shows_the_hand_and_keeps_the_entry_mode(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    data = {
        "submission_id": "0b7c6a8e-0f5e-4c77-8b55-3d2b8a3f1e09",
        "number": 1,
        "mode": "total",
        "save": "1",
        "NS-total": "330",
        "EW-total": "1705",
        "EW-went_out": "on",
    }
    response = client.post(f"/games/{game.pk}/hands/", data)
    assert response.status_code == 302
    assert response.url == f"/games/{game.pk}/?saved=1&mode=total"
    page = client.get(response.url).content.decode()
    assert 'id="hand-saved"' in page
    assert "Hand 1 saved:" in page
    assert '<bdi dir="ltr" class="num">+330</bdi>' in page
    assert '<bdi dir="ltr" class="num">+1705</bdi>' in page
    assert 'name="NS-total"' in page  # the next hand's form, still "total only"
    assert 'name="number" value="2"' in page


def test_the_red_three_stepper_stops_at_the_pack(client, league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/").content.decode()
    # Two packs hold four red threes (rules.md §1.0).
    assert 'name="NS-red_threes"' in page
    assert 'data-max="4"' in page
