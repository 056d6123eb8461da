"""Real pairs: New event forms fixed partnerships from typed lines and picked partners through
one service (the page and the API alike), late pairs arrive and pairs withdraw as one, and the
club's partnerships page lists and adds partnerships."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError
from rest_framework.test import APIClient

from clubs.models import Partnership
from clubs.services import pair_requests_from_text
from tests.support import nights
from tests.support.factories import EVENT_DATE
from tournaments import selectors, services
from tournaments.models import Event, Pair, Participant, Standing

pytestmark = pytest.mark.django_db
pairs_night = nights.pairs_night  # two pairs, round 1 seated


def _form(**extra):
    return {
        "name": "Pairs night",
        "date": "2026-11-27",
        "kind": "league_night",
        "format": "swiss",
        "variant": "classic",
    } | extra


def _pairs(event) -> list[set[str]]:
    return [
        {pair.partnership.first.name, pair.partnership.second.name}
        for pair in event.pairs.select_related("partnership__first", "partnership__second").order_by("number")
    ]


# --- New event, the page ------------------------------------------------------------------------


def test_the_new_event_page_offers_a_partner_beside_each_player_and_a_box_for_lines(
    client, club, alice, players
):
    client.force_login(alice)
    html = client.get(f"/clubs/{club.slug}/events/new/").content.decode()
    first = players[0]
    assert f'<label for="id_partner_{first.pk}" class="visually-hidden">Partner of Player 01</label>' in html
    assert f'<select name="partner_{first.pk}"' in html
    assert '<textarea name="pairs"' in html and 'dir="auto"' in html
    assert "<bdi>Player 01</bdi>" in html
    assert "chosen below" not in html  # the old help text spoke of partnerships the page did not show


def test_typed_lines_become_the_pairs_in_the_order_typed(client, club, alice, players):
    client.force_login(alice)
    text = "player 03 & PLAYER 04\r\nPlayer 01 + Player 02\r\n\r\nPlayer 08 / Player 05\r\n"
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(pairs=text))
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="Pairs night")
    assert _pairs(event) == [
        {"Player 03", "Player 04"},
        {"Player 01", "Player 02"},
        {"Player 05", "Player 08"},
    ]
    assert event.participants.count() == 6


def test_picked_partners_become_pairs_after_the_typed_lines(client, club, alice, players):
    client.force_login(alice)
    p = {n: players[n - 1] for n in range(1, 9)}
    data = _form(
        pairs="Player 07 & Player 08",
        players=[p[1].pk, p[2].pk],
        # Player 01 and Player 02 pick each other (one pair); Player 03 picks Player 05.
        **{f"partner_{p[1].pk}": p[2].pk, f"partner_{p[2].pk}": p[1].pk, f"partner_{p[3].pk}": p[5].pk},
    )
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    event = Event.objects.get(name="Pairs night")
    assert _pairs(event) == [
        {"Player 07", "Player 08"},
        {"Player 01", "Player 02"},
        {"Player 03", "Player 05"},
    ]


def test_wrong_lines_are_named_on_the_page_and_nothing_is_made(client, club, alice, players):
    client.force_login(alice)
    text = "Player 01 & Player 02\nZoe & Player 03\nPlayer 04\nPlayer 01 & Player 05"
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(pairs=text))
    assert response.status_code == 200
    errors = response.context["form"].errors["pairs"]
    assert errors == [
        "Line 2: “Zoe” is not on the club's roster.",
        "Line 3: a pair is two players, written like “Amira & Bob”; this one has 1.",
        "Player 01 is in two pairs (Line 1 and Line 4).",
    ]
    assert "Line 2: “Zoe” is not on the club&#x27;s roster." in response.content.decode()
    assert not Event.objects.exists() and not Partnership.objects.exists()


def test_conflicting_picks_are_refused_naming_both(client, club, alice, players):
    client.force_login(alice)
    p1, p2, p3 = players[:3]
    # Player 01 picks Player 02, who picks Player 03.
    data = _form(**{f"partner_{p1.pk}": p2.pk, f"partner_{p2.pk}": p3.pk})
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.context["form"].errors["pairs"] == [
        "Player 02 is in two pairs (Partner of Player 01 and Partner of Player 02)."
    ]


def test_a_pair_format_without_pairs_is_refused_rather_than_paired_alphabetically(
    client, club, alice, players
):
    client.force_login(alice)
    response = client.post(f"/clubs/{club.slug}/events/new/", _form(players=[p.pk for p in players[:8]]))
    assert response.status_code == 200
    assert response.context["form"].errors["pairs"] == ["Type the pairs, or pick each player's partner."]
    assert not Event.objects.exists()


def test_a_ticked_player_left_out_of_the_pairs_is_named(client, club, alice, players):
    client.force_login(alice)
    data = _form(pairs="Player 01 & Player 02\nPlayer 03 & Player 04", players=[players[0].pk, players[8].pk])
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.context["form"].errors["players"] == [
        "Not in any pair: Player 09. Give each of them a partner, or leave them out."
    ]


def test_the_page_applies_the_services_four_player_rule(client, club, alice, players):
    client.force_login(alice)
    data = _form(format="individual", players=[p.pk for p in players[:3]])
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.status_code == 200
    assert response.context["form"].errors["players"] == ["An event needs at least 4 players; 3 are chosen."]
    one_pair = client.post(f"/clubs/{club.slug}/events/new/", _form(pairs="Player 01 & Player 02"))
    assert one_pair.context["form"].errors["pairs"] == [
        "Fixed partnerships need at least two pairs (4 players)."
    ]
    assert not Event.objects.exists()


def test_pairs_for_an_individual_event_are_refused(client, club, alice, players):
    client.force_login(alice)
    data = _form(format="individual", players=[p.pk for p in players[:4]], pairs="Player 01 & Player 02")
    response = client.post(f"/clubs/{club.slug}/events/new/", data)
    assert response.context["form"].errors["format"] == [
        "Pairs are for a fixed-partnership format (Swiss, round robin or Mitchell)."
    ]


def test_a_typed_pair_reuses_the_clubs_partnership_of_the_same_two(club, players):
    first, second = sorted(players[:2], key=lambda p: p.pk)
    existing = Partnership.objects.create(club=club, first=first, second=second)
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Pairs",
            date=EVENT_DATE,
            variant="classic",
            format=Event.Format.ROUND_ROBIN,
            players=[],
            pairs=pair_requests_from_text("Player 02 & Player 01\nPlayer 03 & Player 04"),
        ),
    )
    assert event.pairs.get(number=1).partnership_id == existing.pk
    assert Partnership.objects.count() == 2


def test_a_player_in_a_typed_pair_and_a_ticked_partnership_is_refused(club, players):
    ticked = Partnership.objects.create(club=club, first=players[0], second=players[4])
    with pytest.raises(ValidationError) as refused:
        services.event_create(
            club=club,
            asked=services.EventInput(
                name="Pairs",
                date=EVENT_DATE,
                variant="classic",
                format=Event.Format.SWISS,
                players=[],
                pairs=pair_requests_from_text("Player 01 & Player 02\nPlayer 03 & Player 04"),
                partnerships=[ticked],
            ),
        )
    assert refused.value.message_dict == {
        "pairs": ["Player 01 is in two pairs (Line 1 and the partnership Player 01 & Player 05)."]
    }
    assert Partnership.objects.count() == 1  # the typed pairs' partnerships went with the event


# --- New event, the API: the same service -------------------------------------------------------


def _api(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _event_data(club, **extra):
    return {"club": club.pk, "name": "Sat", "date": "2026-12-05", "variant": "classic"} | extra


def test_the_api_names_the_pair_at_fault(club, players, alice):
    a, b, c = players[:3]
    data = _event_data(club, format="swiss", pairs=[[a.pk, b.pk], [a.pk, c.pk]])
    response = _api(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 400
    assert response.json() == {"pairs": ["Player 01 is in two pairs (Pair 1 and Pair 2)."]}
    assert not Partnership.objects.exists()


def test_the_api_applies_the_same_four_player_rule(club, players, alice):
    data = _event_data(club, players=[p.pk for p in players[:3]])
    response = _api(alice).post("/api/v1/events/", data, format="json")
    assert response.status_code == 400
    assert response.json() == {"players": ["An event needs at least 4 players; 3 are chosen."]}


def test_the_api_shows_an_events_pairs(club, players, alice):
    pairs = [[players[1].pk, players[0].pk], [players[2].pk, players[3].pk]]
    response = _api(alice).post(
        "/api/v1/events/", _event_data(club, format="mitchell", pairs=pairs), format="json"
    )
    assert response.status_code == 201
    shown = response.json()["pairs"]
    assert [(pair["number"], set(pair["players"])) for pair in shown] == [
        (1, {players[0].pk, players[1].pk}),
        (2, {players[2].pk, players[3].pk}),
    ]


# --- late pairs, withdrawals, absences ----------------------------------------------------------


def _state(event) -> dict[str, tuple[bool, int | None]]:
    return {
        p.player.name: (p.present, p.withdrawn_after_round)
        for p in Participant.objects.filter(event=event).select_related("player")
    }


def test_withdrawing_one_player_from_the_page_withdraws_the_pair(client, pairs_night, alice, players):
    client.force_login(alice)
    response = client.post(f"/events/{pairs_night.pk}/players/{players[1].pk}/withdraw/", follow=True)
    assert _state(pairs_night) == {
        "Player 01": (False, 1),
        "Player 02": (False, 1),
        "Player 03": (True, None),
        "Player 04": (True, None),
    }
    html = response.content.decode()
    assert "Pair 1 (Player 01 &amp; Player 02) has withdrawn; its results so far stay." in html
    assert html.count("withdrew after round 1") == 1


def test_a_late_pair_arrives_from_the_page_with_the_next_number(
    client, pairs_night, alice, players, django_capture_on_commit_callbacks
):
    client.force_login(alice)
    page = client.get(f"/events/{pairs_night.pk}/").content.decode()
    assert "Add a late pair" in page and 'name="partner"' in page
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(
            f"/events/{pairs_night.pk}/players/add/",
            {"player": players[9].pk, "partner": players[8].pk},
            follow=True,
        )
    assert "Pair 3 (Player 09 &amp; Player 10) joins from the next round." in response.content.decode()
    pair = pairs_night.pairs.select_related("partnership").get(number=3)
    assert {pair.partnership.first, pair.partnership.second} == {players[8], players[9]}
    assert _state(pairs_night)["Player 09"] == _state(pairs_night)["Player 10"] == (True, None)
    assert Standing.objects.filter(event=pairs_night, player__in=players[8:10]).count() == 2


def test_a_late_player_without_a_partner_is_refused_in_a_pair_event(client, pairs_night, alice, players):
    with pytest.raises(ValidationError) as refused:
        services.participant_add(event=pairs_night, player=players[8])
    assert refused.value.message_dict == {
        "partner": ["Choose the partner of Player 09: in a pair event, players arrive in pairs."]
    }
    with pytest.raises(ValidationError) as taken:
        services.participant_add(event=pairs_night, player=players[8], partner=players[0])
    assert taken.value.message_dict == {"partner": ["Player 01 plays in pair 1 of this event already."]}
    assert pairs_night.pairs.count() == 2 and not Participant.objects.filter(player=players[8]).exists()


def test_marking_one_player_absent_marks_the_pair(client, pairs_night, alice, players):
    client.force_login(alice)
    client.post(f"/events/{pairs_night.pk}/players/{players[3].pk}/toggle/")
    assert _state(pairs_night)["Player 03"] == _state(pairs_night)["Player 04"] == (False, None)
    client.post(f"/events/{pairs_night.pk}/players/{players[2].pk}/toggle/")
    assert _state(pairs_night)["Player 03"] == _state(pairs_night)["Player 04"] == (True, None)


def test_the_api_adds_a_late_pair_and_withdraws_a_pair(pairs_night, alice, players):
    client = _api(alice)
    refused = client.post(
        f"/api/v1/events/{pairs_night.pk}/players/", {"player": players[8].pk}, format="json"
    )
    assert refused.status_code == 400 and "partner" in refused.json()
    added = client.post(
        f"/api/v1/events/{pairs_night.pk}/players/",
        {"player": players[8].pk, "partner": players[9].pk},
        format="json",
    )
    assert added.status_code == 201
    assert pairs_night.pairs.filter(number=3).exists()
    again = client.post(f"/api/v1/events/{pairs_night.pk}/players/", {"player": players[9].pk}, format="json")
    assert again.status_code == 400 and again.json() == {"player": ["Player 10 is in the event already."]}
    left = client.post(f"/api/v1/events/{pairs_night.pk}/players/{players[8].pk}/withdraw/")
    assert left.status_code == 200
    assert _state(pairs_night)["Player 09"] == _state(pairs_night)["Player 10"] == (False, 1)


def test_partners_are_not_offered_in_an_individual_event(client, league_night, alice):
    client.force_login(alice)
    html = client.get(f"/events/{league_night.pk}/").content.decode()
    assert 'name="partner"' not in html and "<h2>Players</h2>" in html


# --- the club's partnerships page ---------------------------------------------------------------


def test_members_read_the_partnerships_and_their_events_together(
    client, club, bob, players, pairs_night, django_assert_num_queries
):
    other = Partnership.objects.create(club=club, first=players[0], second=players[7])
    client.force_login(bob)
    html = client.get(f"/clubs/{club.slug}/partnerships/").content.decode()
    assert "<bdi>Player 01</bdi> &amp; <bdi>Player 02</bdi>" in html
    assert f'1 event together:\n        <a href="/events/{pairs_night.pk}/"><bdi>Pairs</bdi></a>' in html
    assert f'id="partnership-{other.pk}"' in html and "No event together yet." in html
    assert "Add a partnership" not in html  # members read only
    with django_assert_num_queries(2):
        lines = selectors.club_partnerships(club=club)
        assert [len(line.events) for line in lines] == [1, 0, 1]  # 01 & 02, 01 & 08, 03 & 04


def test_a_director_adds_a_partnership_once(client, club, alice, players):
    client.force_login(alice)
    url = f"/clubs/{club.slug}/partnerships/"
    response = client.post(url, {"first": players[5].pk, "second": players[4].pk}, follow=True)
    assert "Player 05 and Player 06 are a partnership now." in response.content.decode()
    response = client.post(url, {"first": players[4].pk, "second": players[5].pk}, follow=True)
    assert "Player 05 and Player 06 are a partnership already." in response.content.decode()
    assert Partnership.objects.count() == 1
    same = client.post(url, {"first": players[4].pk, "second": players[4].pk})
    assert same.status_code == 200
    assert same.context["form"].non_field_errors() == [
        "The new partnership: Player 05 cannot be their own partner."
    ]
    assert Pair.objects.count() == 0


def test_a_late_player_added_alone_on_the_page_is_told_to_bring_a_partner(
    client, pairs_night, alice, players
):
    client.force_login(alice)
    response = client.post(f"/events/{pairs_night.pk}/players/add/", {"player": players[8].pk}, follow=True)
    assert (
        "Choose the partner of Player 09: in a pair event, players arrive in pairs."
        in response.content.decode()
    )
    assert not Participant.objects.filter(event=pairs_night, player=players[8]).exists()
