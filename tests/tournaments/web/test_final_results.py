"""Results become final: once the event is finished, or once the next round has started, a
table's link and its scorers only read its results; a director changes a hand with a reason,
through the hand services, and the change is shown with its reason.

Hands worked by hand (tests/support/hands.py): HAND_A scores NS 1685, EW 485, so three of
them end the game at NS 5055, EW 1455 (5000 reached, classic rules.md §1.1). The correction
below has EW holding 15 in hand instead of 65: 150 − 15 + 300 + 100 = 535, so EW ends at 1505.
"""

from __future__ import annotations

import copy

import pytest
from django.core.exceptions import ValidationError

from tests.support.hands import HAND_A
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.models import Event, Game, Hand, Round, SideEntry
from tournaments.selectors import side_code

pytestmark = pytest.mark.django_db

CORRECTED = copy.deepcopy(HAND_A)
CORRECTED["EW"]["hand_points"] = 15


def _games(event):
    round_1 = Game.objects.filter(table__round__event=event, table__round__number=1)
    return list(round_1.order_by("table__number"))


@pytest.fixture
def played_round(league_night):
    """Round 1 of the league night with both games played to 5000 (three HAND_A each)."""
    for game in _games(league_night):
        for number in (1, 2, 3):
            services.hand_record(game=game, asked=services.HandInput(number=number, entries=HAND_A))
    game = _games(league_night)[0]
    assert game.game_over and game.totals == {"NS": 5055, "EW": 1455}
    return league_night


def _correction(**extra):
    return _form_data(None, 1, CORRECTED, save="1", expected_version="1", **extra)


def test_before_the_next_round_a_table_link_still_corrects_its_finished_game(client, played_round):
    game = _games(played_round)[0]
    response = client.post(f"/t/{game.table.access_token}/hands/", _correction())
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 5055, "EW": 1505}


@pytest.mark.parametrize("moment", ["event finished", "next round started"])
def test_once_final_a_table_link_reads_and_cannot_change_a_hand(
    client, played_round, moment, django_capture_on_commit_callbacks
):
    if moment == "event finished":
        services.event_finish(event=played_round)
    else:
        with django_capture_on_commit_callbacks(execute=True):
            services.round_start(event=played_round)
        assert Round.objects.get(event=played_round, number=1).results_final_at is not None
    game = _games(played_round)[0]
    link = f"/t/{game.table.access_token}/"

    page = client.get(link).content.decode()
    assert 'id="final-results"' in page
    assert 'name="NS-melded_points"' not in page
    assert "?hand=1" not in page  # no "Correct" link
    assert client.get(f"{link}?hand=1").content.decode().count('name="NS-melded_points"') == 0

    response = client.post(f"{link}hands/", _correction(), follow=True)
    assert "The results of this table are final" in response.content.decode()
    hand = Hand.objects.get(game=game, number=1)
    assert hand.version == 1
    game.refresh_from_db()
    assert game.totals == {"NS": 5055, "EW": 1455}


def test_once_final_a_scorer_cannot_change_a_hand_by_page_or_api(client, played_round, sam):
    services.event_finish(event=played_round)
    game = _games(played_round)[0]
    client.force_login(sam)
    page = client.get(f"/games/{game.pk}/?hand=1").content.decode()
    assert 'name="NS-melded_points"' not in page
    client.post(f"/games/{game.pk}/hands/", _correction())
    response = client.post(
        f"/api/v1/games/{game.pk}/hands/",
        {"number": 1, "expected_version": 1, "entries": CORRECTED, "reason": "typo"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert "final" in response.content.decode()
    assert Hand.objects.get(game=game, number=1).version == 1


def test_once_final_the_other_side_can_no_longer_confirm_by_the_link(
    client, club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date="2026-11-27",
            variant="classic",
            hands_per_round=4,
            players=players[:8],
            confirmation_required=True,
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = _games(event)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS"))
    # Finishing waits for every hand to be confirmed now; an event finished before that rule
    # (or by hand in the database) may still hold one.
    Event.objects.filter(pk=event.pk).update(status=Event.Status.FINISHED)
    response = client.post(f"/t/{game.table.access_token}/hands/1/confirm/", {"side": "EW"}, follow=True)
    assert "The results of this table are final" in response.content.decode()
    hand = Hand.objects.get(game=game, number=1)
    assert hand.confirmed_at is None
    # The service says the same to any caller that is not a director.
    with pytest.raises(ValidationError, match="can no longer be confirmed here"):
        services.hand_confirm(hand=hand, side="EW", code=side_code(game=game, side="EW"))
    assert services.hand_confirm(hand=hand, side="EW", as_director=True).confirmed_at is not None


def test_a_director_corrects_a_final_hand_giving_a_reason(client, played_round, alice):
    services.event_finish(event=played_round)
    game = _games(played_round)[0]
    client.force_login(alice)
    form = client.get(f"/games/{game.pk}/?hand=1").content.decode()
    assert 'name="reason"' in form

    refused = client.post(f"/games/{game.pk}/hands/", _correction())
    assert refused.status_code == 400
    assert "say why you are changing this hand" in refused.content.decode()
    assert Hand.objects.get(game=game, number=1).version == 1

    reason = "EW held a 5 and a 4, not 65 (both sides agreed at the desk)"
    done = client.post(f"/games/{game.pk}/hands/", _correction(reason=reason))
    assert done.status_code == 302
    game.refresh_from_db()
    assert game.totals == {"NS": 5055, "EW": 1505}
    hand = Hand.objects.get(game=game, number=1)
    assert hand.version == 2
    assert hand.history.latest().history_change_reason == reason
    ew = SideEntry.objects.get(hand=hand, side="EW")
    assert ew.history.latest().history_change_reason == reason

    table_page = client.get(f"/games/{game.pk}/").content.decode()
    assert "485 → 535" in table_page and reason in table_page
    audit = client.get(f"/clubs/{played_round.club.slug}/audit/").content.decode()
    assert reason in audit
    standings = client.get(f"/events/{played_round.pk}/standings/").content.decode()
    assert 'id="corrected-after-final"' in standings and reason in standings


def test_a_director_corrects_a_final_hand_through_the_api_with_a_reason(client, played_round, alice):
    services.event_finish(event=played_round)
    game = _games(played_round)[0]
    client.force_login(alice)
    url = f"/api/v1/games/{game.pk}/hands/"
    body = {"number": 1, "expected_version": 1, "entries": CORRECTED}
    assert client.post(url, body, content_type="application/json").status_code == 400
    response = client.post(url, {**body, "reason": "desk check"}, content_type="application/json")
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.totals == {"NS": 5055, "EW": 1505}


def test_a_round_that_was_followed_by_another_is_final_and_the_new_one_is_not(
    played_round, django_capture_on_commit_callbacks
):
    from tournaments.selectors import game_results_final

    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=played_round)
    first = Game.objects.select_related("table__round__event").filter(table__round__number=1).first()
    second = Game.objects.select_related("table__round__event").filter(table__round__number=2).first()
    assert game_results_final(game=first) is True
    assert game_results_final(game=second) is False
    played_round.refresh_from_db()
    assert played_round.status == Event.Status.RUNNING  # a running event: finality came from the round


def test_a_directors_correction_in_a_confirmation_event_counts_as_confirmed(
    club, players, alice, django_capture_on_commit_callbacks
):
    """In a tournament, a director's correction after the event is finished keeps the game in
    the standings: it needs no other side's confirmation (the director is the arbiter)."""
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup", date="2026-11-27", variant="classic", players=players[:8], kind="tournament"
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = _games(event)[0]
    for number in (1, 2, 3):
        hand = services.hand_record(
            game=game, asked=services.HandInput(number=number, entries=HAND_A, entered_by_side="NS")
        )
        services.hand_confirm(hand=hand, side="EW", code=side_code(game=game, side="EW"))
    for other in _games(event)[1:]:
        services.game_stop(game=other)
    services.event_finish(event=event)
    hand = services.hand_record(
        game=game,
        recorded_by=alice,
        asked=services.HandInput(
            number=1, entries=CORRECTED, expected_version=1, entered_by_side="NS", reason="desk check"
        ),
    )
    assert (hand.confirmed_at is not None, hand.confirmed_via) == (True, "director")
    services.standings_rebuild(event_id=event.pk)
    ns = game.table.seats.filter(side="NS").values_list("player_id", flat=True)
    from tournaments.models import Standing

    for player in ns:
        row = Standing.objects.get(event=event, player_id=player)
        assert (row.games, row.wins) == (1, 1)  # NS 5055 against EW 1505: still counted


def test_the_next_round_and_the_end_wait_for_hands_to_be_confirmed(
    club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date="2026-11-27",
            variant="classic",
            players=players[:8],
            kind="tournament",
            hands_per_round=1,
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    first, second = _games(event)
    for game in (first, second):
        services.hand_record(
            game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
        )
    services.hand_confirm(hand=first.hands.get(), side="EW", code=side_code(game=first, side="EW"))
    table = second.table.number
    with pytest.raises(
        ValidationError, match=rf"waiting for the other side's confirmation at table {table}\."
    ):
        services.round_start(event=event)
    with pytest.raises(ValidationError, match="waiting for the other side's confirmation"):
        services.event_finish(event=event)
    assert Event.objects.get(pk=event.pk).status != Event.Status.FINISHED
    services.hand_confirm(hand=second.hands.get(), side="EW", code=side_code(game=second, side="EW"))
    services.event_finish(event=event)
    assert Event.objects.get(pk=event.pk).status == Event.Status.FINISHED


def test_the_event_is_not_finished_with_a_game_in_play_unless_the_director_ends_it(
    client, league_night, alice
):
    game = _games(league_night)[0]
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    client.force_login(alice)
    page = client.post(f"/events/{league_night.pk}/finish/", follow=True).content.decode()
    assert "still has games in play at tables 1, 2" in page
    assert Event.objects.get(pk=league_night.pk).status != Event.Status.FINISHED
    client.post(f"/events/{league_night.pk}/finish/", {"end_unfinished": "1"})
    assert Event.objects.get(pk=league_night.pk).status == Event.Status.FINISHED
    game.refresh_from_db()
    assert (game.game_over, game.winner) == (True, "NS")  # 1685 against 485 after one hand


def test_a_stale_hand_sent_once_final_is_refused_with_the_values_typed(client, played_round):
    """A correction typed in a page opened before the event was finished, sent after: not
    saved, and not lost either: the page says why and shows what was typed, for the director
    (with and without the page's script)."""
    services.event_finish(event=played_round)
    game = _games(played_round)[0]
    save = f"/t/{game.table.access_token}/hands/"
    data = _form_data(game, 1, CORRECTED, save="1", expected_version="1")
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        response = client.post(save, data, **headers)
        assert response.status_code == 409
        page = response.content.decode()
        assert "Hand 1 was not saved." in page
        assert "The results of this table are final" in page
        assert "give it to the director" in page
        # EW's hand points as typed (15), beside NS's (25); NS went out.
        assert (
            '<th scope="row">Card points left in hand</th>'
            '<td><bdi dir="ltr">25</bdi></td><td><bdi dir="ltr">15</bdi></td>'
        ) in page
        went_out = '<th scope="row">Went out</th><td><bdi dir="ltr">✓</bdi></td><td><bdi dir="ltr"></bdi>'
        assert went_out in page
        assert 'name="NS-melded_points"' not in page  # no form: only the director changes it now
    assert Hand.objects.get(game=game, number=1).version == 1
