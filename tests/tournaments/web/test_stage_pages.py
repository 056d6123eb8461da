"""Stages in the pages and the API: the director adds stages and confirms who plays from the
event page, the standings show each stage and the final order, a knockout's bracket is a
result page, and a level knockout game is decided from the bracket or the table's page.
The rules themselves are tested in test_stages.py and test_stages_domain.py."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from clubs.models import Club
from tests.support.stages import LEVEL, _individual, _pairs, _play, _seat
from tournaments import selectors, services
from tournaments.models import Game, MatchDecision, Stage, StageEntrant

pytestmark = pytest.mark.django_db


def _stage_form(**fields) -> dict[str, str]:
    return {f"stage-{name}": str(value) for name, value in fields.items()}


def test_a_director_adds_stages_from_the_event_page_and_a_member_only_reads_them(
    client, club, players, alice, bob
):
    event = _individual(club, players)
    client.force_login(bob)
    assert 'id="stage-add"' not in client.get(f"/events/{event.pk}/").content.decode()
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="stage-add"' in html and "An event without stages plays all its rounds as one stage." in html
    assert '<option value="knockout"' not in html  # a knockout is for pairs

    response = client.post(
        f"/events/{event.pk}/stages/add/", _stage_form(name="Qualifying", kind="rounds", planned_rounds=3)
    )
    assert response.status_code == 302 and response["Location"].endswith("#stages")
    response = client.post(
        f"/events/{event.pk}/stages/add/",
        _stage_form(name="Final table", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1),
    )
    assert response.status_code == 302
    assert list(event.stages.values_list("name", "kind")) == [
        ("Qualifying", "rounds"),
        ("Final table", "final_table"),
    ]
    client.force_login(bob)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert '<li id="stage-2">' in html and "the best 4 of the standings" in html
    assert "The next round is a round of “<bdi" not in html  # names are isolated, not raw


def test_a_refused_stage_comes_back_with_its_errors_and_what_was_typed(client, club, players, alice):
    event = _individual(club, players)
    client.force_login(alice)
    response = client.post(
        f"/events/{event.pk}/stages/add/",
        _stage_form(name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1),
    )
    assert response.status_code == 400
    html = response.content.decode()
    assert "The stage was not added." in html
    assert "A final table needs a stage before it, to qualify from." in html
    assert 'value="Final"' in html
    assert not event.stages.exists()


def test_the_director_confirms_the_proposed_finalists_with_one_swapped(
    client, club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _individual(club, players)
    services.stage_add(event=event, name="Qualifying", kind="rounds", planned_rounds=1)
    final = services.stage_add(
        event=event, name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1
    )
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="stage-entrants"' not in html
    _play(_seat(event, capture), capture)
    proposal = selectors.event_stages_overview(event=event).proposal
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="stage-entrants"' in html
    assert '<label for="id_seed_1">Seed 1:</label>' in html
    assert f'<option value="{proposal.proposed[0]}" selected>1. ' in html
    fifth = proposal.candidates[4].key
    data = {f"seed_{n}": key for n, key in enumerate(proposal.proposed, start=1)} | {"seed_4": fifth}
    response = client.post(f"/events/{event.pk}/stages/2/entrants/", data)
    assert response.status_code == 302
    assert list(StageEntrant.objects.filter(stage=final).values_list("player_id", flat=True)) == [
        *proposal.proposed[:3],
        fifth,
    ]
    twice = data | {"seed_2": data["seed_1"]}
    response = client.post(f"/events/{event.pk}/stages/2/entrants/", twice)
    assert response.status_code == 400 and "chosen twice" in response.content.decode()

    with capture(execute=True):
        client.post(f"/events/{event.pk}/rounds/start/")
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert "Round 2 · <bdi>Final</bdi>" in html


def test_the_standings_show_the_final_order_and_each_stage_to_the_public(
    client, club, players, alice, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    event = _individual(club, players)
    services.stage_add(event=event, name="Qualifying", kind="rounds", planned_rounds=1)
    final = services.stage_add(
        event=event, name="Final", kind="final_table", qualify="best", qualifiers=4, planned_rounds=1
    )
    _play(_seat(event, capture), capture)
    proposed = selectors.event_stages_overview(event=event).proposal.proposed
    services.stage_entrants_confirm(stage=final, entrants=proposed, by=alice)
    _play(_seat(event, capture), capture)
    Club.objects.filter(pk=club.pk).update(results_public=True)
    html = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert 'id="final-order-table"' in html and 'id="stage-2-table"' in html and 'id="stage-1-table"' in html
    first = selectors.event_stages_overview(event=event).final_order[0]
    assert f'<tr><td class="number">1</td><td><bdi>{first.entrant.players[0].name}</bdi>' in html
    assert (
        html.index('id="final-order"') < html.index('id="stage-2-standings"') < html.index('id="standings"')
    )


def _drawn_knockout(club, capture):
    event = _pairs(club, 4)
    stage = services.stage_add(event=event, name="Cup", kind="knockout")
    services.stage_entrants_confirm(stage=stage, entrants=[1, 2, 3, 4])
    first = _seat(event, capture)
    _play(first, capture, only={1})
    _play(first, capture, entries=LEVEL, only={2})
    return event, stage, first


def test_the_bracket_is_public_with_the_results_and_the_director_decides_a_level_game_there(
    client, club, alice, bob, django_capture_on_commit_callbacks
):
    event, stage, _first = _drawn_knockout(club, django_capture_on_commit_callbacks)
    url = f"/events/{event.pk}/stages/1/bracket/"
    assert client.get(url).status_code == 302  # to the login page while results are private
    Club.objects.filter(pk=club.pk).update(results_public=True)
    html = client.get(url).content.decode()
    assert '<h2 id="bracket-round-1-name">Semi-finals</h2>' in html
    assert '<h2 id="bracket-round-2-name">Final</h2>' in html
    assert "ended level: the director decides who goes through." in html
    assert "goes through</strong>" in html  # pair 1 won its game
    assert 'hx-trigger="every 20s"' in html
    assert "decide-1-2-" not in html  # a visitor gets no decision buttons
    client.force_login(alice)
    html = client.get(url).content.decode()
    assert 'id="decide-1-2-2"' in html and 'id="decide-1-2-3"' in html
    response = client.post(f"/events/{event.pk}/stages/1/matches/1/2/decide/", {"winner": "3"})
    assert response.status_code == 302 and response["Location"].endswith("/bracket/#match-1-2")
    assert MatchDecision.objects.get(stage=stage).winner.number == 3
    html = client.get(url).content.decode()
    assert "The game ended level; the director decided." in html


def test_the_table_page_asks_the_director_who_goes_through_a_level_game(
    client, club, alice, sam, django_capture_on_commit_callbacks
):
    _event, stage, first = _drawn_knockout(club, django_capture_on_commit_callbacks)
    level = Game.objects.get(table__round=first, table__number=2)
    client.force_login(sam)
    scorer = client.get(f"/games/{level.pk}/").content.decode()
    assert 'id="knockout-decide"' not in scorer
    assert "This knockout game ended level: the director decides which pair goes through." in scorer
    client.force_login(alice)
    html = client.get(f"/games/{level.pk}/").content.decode()
    assert 'id="knockout-decide"' in html and 'id="decide-pair-2"' in html
    won = Game.objects.get(table__round=first, table__number=1)
    assert 'id="knockout-decide"' not in client.get(f"/games/{won.pk}/").content.decode()
    response = client.post(
        f"/events/{stage.event_id}/stages/1/matches/1/2/decide/", {"winner": "2", "game": str(level.pk)}
    )
    assert response["Location"] == f"/games/{level.pk}/"
    assert MatchDecision.objects.get(stage=stage).winner.number == 2


def test_the_api_shows_an_events_stages_and_each_rounds_stage(
    club, bob, players, alice, django_capture_on_commit_callbacks
):
    event, _stage, _first = _drawn_knockout(club, django_capture_on_commit_callbacks)
    api = APIClient()
    api.force_authenticate(bob)
    body = api.get(f"/api/v1/events/{event.pk}/").json()
    assert body["stages"] == [
        {
            "number": 1,
            "name": "Cup",
            "kind": "knockout",
            "format": "swiss",
            "planned_rounds": None,
            "qualify": "everyone",
            "qualifiers": None,
            "seeding": "pair_numbers",
            "confirmed_at": body["stages"][0]["confirmed_at"],
            "entrants": [{"seed": n, "pair": n, "player": None} for n in (1, 2, 3, 4)],
        }
    ]
    rounds = api.get(f"/api/v1/rounds/?event={event.pk}").json()["results"]
    assert [r["stage"] for r in rounds] == [1]
    plain = _individual(club, players[:8])
    assert api.get(f"/api/v1/events/{plain.pk}/").json()["stages"] == []
    assert Stage.objects.filter(event=plain).count() == 0


def test_no_stage_is_offered_after_a_knockout_but_it_can_still_be_removed(client, club, alice):
    event = _pairs(club, 4)
    services.stage_add(event=event, name="Cup", kind="knockout")
    client.force_login(alice)
    html = client.get(f"/events/{event.pk}/").content.decode()
    assert 'id="stage-add"' not in html
    assert 'id="stage-remove-1"' in html
    assert 'class="entrants"' not in html  # nobody confirmed yet


def test_a_stage_whose_last_round_is_in_play_is_being_played(
    client, club, players, alice, django_capture_on_commit_callbacks
):
    from tests.support.stages import _qualifying_and_final

    capture = django_capture_on_commit_callbacks
    event = _qualifying_and_final(club, players)
    for _number in (1, 2):
        _play(_seat(event, capture), capture)
    _seat(event, capture)  # the qualifying stage's last round, not played yet
    client.force_login(alice)
    page = client.get(f"/events/{event.pk}/").content.decode()
    qualifying = page[page.index("Qualifying") : page.index("Qualifying") + 400]
    assert "being played" in qualifying and "to come" not in qualifying
    assert "Every round of the stages is seated" not in page  # the final table is still to come
    _play(selectors.event_rounds(event=event).last(), capture)
    final = event.stages.get(number=2)
    services.stage_entrants_confirm(
        stage=final, entrants=selectors.event_stages_overview(event=event).proposal.proposed, by=alice
    )
    _seat(event, capture)
    page = client.get(f"/events/{event.pk}/").content.decode()
    assert "Every round of the stages is seated: the last games are being played." in page
    assert "Every stage has played its rounds." not in page
