"""The table's private link, table cards, confirmation by the other side, and corrections."""

from __future__ import annotations

import pytest
from django.core.exceptions import ValidationError

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_A_SCORES, HAND_B
from tests.support.table_form import _form_data
from tournaments import services
from tournaments.models import Game, Hand, Standing, TableCard
from tournaments.selectors import side_code

pytestmark = pytest.mark.django_db


def _games(event):
    return list(Game.objects.filter(table__round__event=event).order_by("table__number"))


def test_a_table_link_scores_its_own_table_without_an_account(client, league_night):
    game, other = _games(league_night)
    link = f"/t/{game.table.access_token}/"
    assert client.get(link).status_code == 200
    response = client.post(f"{link}hands/", _form_data(game, 1, HAND_A, save="1"))
    assert response.status_code == 302
    hand = Hand.objects.get(game=game)
    assert {e.side: e.score for e in hand.entries.all()} == HAND_A_SCORES
    assert hand.recorded_by is None
    assert not Hand.objects.filter(game=other).exists()


def test_a_made_up_or_revoked_link_finds_nothing(client, league_night):
    game = _games(league_night)[0]
    assert client.get("/t/not-a-real-token/").status_code == 404
    old = game.table.access_token
    services.table_link_renew(table=game.table)
    assert client.get(f"/t/{old}/").status_code == 404
    assert client.post(f"/t/{old}/hands/", _form_data(game, 1, HAND_A, save="1")).status_code == 404
    assert not Hand.objects.filter(game=game).exists()


def test_a_table_link_does_not_open_the_event_pages(client, league_night):
    game = _games(league_night)[0]
    client.get(f"/t/{game.table.access_token}/")
    assert client.get(f"/events/{league_night.pk}/").status_code == 302  # to the login page
    assert client.get(f"/games/{game.pk}/").status_code == 302


def test_table_cards_print_a_qr_code_and_the_initial_meld_table(client, league_night, alice):
    client.force_login(alice)
    response = client.get(f"/events/{league_night.pk}/rounds/1/cards/")
    assert response.status_code == 200
    page = response.content.decode()
    assert page.count('class="table-card"') == 2
    assert page.count("<svg") == 2
    for game in _games(league_night):
        card = TableCard.objects.get(event=league_night, number=game.table.number)
        assert f"/t/{card.access_token}/" in page  # the night's card, not the round's table
    # Classic initial meld (rules.md §1.1): below 0 → 15, 0–1495 → 50, 1500–2995 → 90, 3000+ → 120.
    for label, minimum in (("&lt; 0", 15), ("0–1495", 50), ("1500–2995", 90), ("≥ 3000", 120)):
        assert f"<td>{label}</td><td>{minimum}</td>" in page


def test_table_cards_are_for_directors(client, league_night, sam):
    client.force_login(sam)
    assert client.get(f"/events/{league_night.pk}/rounds/1/cards/").status_code == 404


@pytest.fixture
def tournament(club, players, django_capture_on_commit_callbacks):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="Cup",
            date=EVENT_DATE,
            variant="classic",
            hands_per_round=2,
            players=players[:4],
            kind="tournament",
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    return event


def test_tournaments_ask_the_other_side_to_confirm_by_default(tournament, league_night):
    assert tournament.confirmation_required
    assert not league_night.confirmation_required


def test_a_hand_must_say_which_side_entered_it_when_confirmation_is_on(tournament):
    game = _games(tournament)[0]
    with pytest.raises(ValidationError) as caught:
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    assert "entered_by_side" in caught.value.message_dict


def test_the_entering_side_cannot_confirm_its_own_hand(tournament):
    game = _games(tournament)[0]
    hand = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )
    with pytest.raises(ValidationError, match="the other side confirms"):
        services.hand_confirm(hand=hand, side="NS")
    hand = services.hand_confirm(hand=hand, side="EW", code=side_code(game=game, side="EW"))
    assert hand.confirmed_at is not None


def test_standings_count_only_confirmed_hands(tournament):
    game = _games(tournament)[0]
    first = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B, entered_by_side="EW"))
    game.refresh_from_db()
    assert game.game_over  # two hands per round
    services.standings_rebuild(event_id=tournament.pk)
    assert sum(Standing.objects.filter(event=tournament).values_list("points_for", flat=True)) == 0
    services.hand_confirm(hand=first, side="EW", code=side_code(game=game, side="EW"))
    services.standings_rebuild(event_id=tournament.pk)
    rows = {r.player_id: r for r in Standing.objects.filter(event=tournament)}
    ns_players = game.table.seats.filter(side="NS").values_list("player_id", flat=True)
    for player in ns_players:
        assert rows[player].points_for == HAND_A_SCORES["NS"]
        assert rows[player].games == 0  # hand 2 is not confirmed: the game is not counted as played


def test_a_correction_needs_confirming_again_and_is_in_the_history(tournament, alice, sam):
    game = _games(tournament)[0]
    hand = services.hand_record(
        game=game, asked=services.HandInput(number=1, entries=HAND_A, entered_by_side="NS")
    )
    services.hand_confirm(hand=hand, side="EW", code=side_code(game=game, side="EW"))
    corrected = dict(HAND_A, EW={**HAND_A["EW"], "hand_points": 30})  # 150 − 30 + 300 + 100 = 520
    hand = services.hand_record(
        game=game,
        recorded_by=sam,
        asked=services.HandInput(number=1, entries=corrected, expected_version=1, entered_by_side="NS"),
    )
    assert hand.confirmed_at is None
    # A director's correction is the arbiter's: it counts as confirmed.
    hand = services.hand_record(
        game=game,
        recorded_by=alice,
        asked=services.HandInput(number=1, entries=HAND_A, expected_version=2, entered_by_side="NS"),
    )
    assert (hand.confirmed_at is not None, hand.confirmed_via) == (True, "director")
    from tournaments.selectors import game_corrections

    newest, first = game_corrections(game=game)
    assert (first.number, first.side, first.before, first.after) == (1, "EW", 485, 520)
    assert (newest.number, newest.side, newest.before, newest.after) == (1, "EW", 520, 485)


def test_the_director_is_told_of_a_correction_to_a_finished_game(client, league_night, alice):
    """Hand 1 of a finished game corrected: EW's 485 becomes 520 (150 − 30 + 300 + 100)."""
    game = _games(league_night)[0]
    for number, hand in enumerate([HAND_A, HAND_B, HAND_A, HAND_B], start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=hand))
    corrected = dict(HAND_A, EW={**HAND_A["EW"], "hand_points": 30})
    services.hand_record(
        game=game,
        recorded_by=alice,
        asked=services.HandInput(number=1, entries=corrected, expected_version=1),
    )
    client.force_login(alice)
    page = client.get(f"/events/{league_night.pk}/").content.decode()
    assert "Corrections to finished games" in page
    assert "Round 1, table 1, hand 1, EW: 485 → 520" in page
    assert "now won by NS" in page
