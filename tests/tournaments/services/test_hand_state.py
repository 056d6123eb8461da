"""A game's state after its last hand, kept in its row: a new hand is scored against it alone
(no hand read), a correction from the hands before it, and the row always says what
rescoring every hand would say (services.game_rescore)."""

from __future__ import annotations

import uuid

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.support.factories import EVENT_DATE
from tests.support.hands import HAND_A, HAND_A_SCORES, HAND_B, HAND_B_SCORES
from tournaments import services
from tournaments.models import Game, Hand

pytestmark = pytest.mark.django_db

STATE = ("totals", "initial_meld", "game_over", "winner", "is_draw", "hands_played", "next_number", "won_by")
SMALL = {"NS": {"total": 100}, "EW": {"total": 50}}


def _state(game: Game) -> dict:
    game.refresh_from_db()
    return {name: getattr(game, name) for name in STATE}


def _rescored(game: Game) -> dict:
    services.game_rescore(game=game)
    return _state(game)


def _game(event) -> Game:
    return Game.objects.filter(table__round__event=event).order_by("table__number").first()


def test_the_row_after_saves_corrections_and_deletions_is_what_rescoring_gives(league_night, alice):
    league_night.hands_per_round = None
    league_night.save(update_fields=["hands_per_round"])
    game = _game(league_night)
    Game.objects.filter(pk=game.pk).update(hands_planned=None)
    for number, entries in enumerate([HAND_A, SMALL, HAND_B, SMALL], start=1):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=entries))
    state = _state(game)
    assert (state["hands_played"], state["next_number"]) == (4, 5)
    assert state["totals"] == {
        side: HAND_A_SCORES[side] + HAND_B_SCORES[side] + 2 * SMALL[side]["total"] for side in ("NS", "EW")
    }
    assert state == _rescored(game)

    services.hand_record(game=game, asked=services.HandInput(number=2, entries=HAND_B, expected_version=1))
    assert _state(game) == _rescored(game)

    services.hand_delete(hand=Hand.objects.get(game=game, number=3), deleted_by=alice, reason="stray")
    state = _state(game)
    assert (state["hands_played"], state["next_number"]) == (3, 5)
    assert state == _rescored(game)
    with pytest.raises(ValidationError, match="the next one is hand 5"):
        services.hand_record(
            game=game, asked=services.HandInput(number=3, entries=SMALL)
        )  # the deleted hand's number

    services.hand_record(game=game, asked=services.HandInput(number=5, entries=SMALL))
    services.hand_undo(hand=Hand.objects.get(game=game, number=5))
    assert _state(game)["next_number"] == 5
    assert _state(game) == _rescored(game)


def test_a_new_hand_reads_no_earlier_hand(league_night):
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A))
    with CaptureQueriesContext(connection) as queries:
        services.hand_record(
            game=game, asked=services.HandInput(number=2, entries=HAND_B, submission_id=uuid.uuid4())
        )
    reads = [q["sql"] for q in queries.captured_queries if q["sql"].startswith("SELECT")]
    assert len(reads) == 2, reads  # the game's lock, then the submission id looked up
    assert 'FROM "tournaments_game"' in reads[0]
    if connection.vendor == "postgresql":  # SQLite locks the whole database and writes no FOR UPDATE
        assert "FOR UPDATE" in reads[0]
    assert '"tournaments_hand"."submission_id" =' in reads[1]
    assert not any('FROM "tournaments_sideentry"' in read for read in reads)


def test_the_hands_per_round_end_the_game_as_before(league_night):
    game = _game(league_night)  # 4 hands per round
    for number in range(1, 5):
        services.hand_record(game=game, asked=services.HandInput(number=number, entries=SMALL))
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.is_draw) == (True, "NS", False)
    with pytest.raises(ValidationError, match="The game is over"):
        services.hand_record(game=game, asked=services.HandInput(number=5, entries=SMALL))
    # A correction of an earlier hand keeps it over, now a draw.
    services.hand_record(
        game=game,
        asked=services.HandInput(
            number=2, entries={"NS": {"total": 0}, "EW": {"total": 150}}, expected_version=1
        ),
    )
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.is_draw) == (True, "", True)


def test_a_dream_hand_wins_outright_and_a_correction_takes_it_back(
    club, players, django_capture_on_commit_callbacks
):
    event = services.event_create(
        club=club,
        asked=services.EventInput(
            name="American", date=EVENT_DATE, variant="modern-american", players=players[:8]
        ),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=event)
    game = _game(event)
    dream = {"NS": {"special_hand": "dream_hand_4"}, "EW": {"melded_points": 130, "hand_points": 40}}
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=dream))
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.won_by, game.totals["NS"]) == (True, "NS", "NS", 8500)
    with pytest.raises(ValidationError, match="over after hand 1"):
        services.hand_preview(game=game, number=2, entries=SMALL)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=SMALL, expected_version=1))
    game.refresh_from_db()
    assert (game.game_over, game.winner, game.won_by) == (False, "", "")


def test_a_correction_that_breaks_a_later_hand_names_it(league_night):
    """Hand 2 needs 90 to open once hand 1 puts NS at 1500 or more: correcting hand 1 upward
    makes hand 2's 50-point opening meld too low, said of hand 2 by its number."""
    game = _game(league_night)
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=SMALL))
    opening = {"NS": {"melded_points": 60, "hand_points": 10}, "EW": {"total": 0}}
    services.hand_record(game=game, asked=services.HandInput(number=2, entries=opening))
    with pytest.raises(ValidationError) as refused:
        services.hand_record(
            game=game,
            asked=services.HandInput(
                number=1, entries={"NS": {"total": 1500}, "EW": {"total": 0}}, expected_version=1
            ),
        )
    assert any(message.startswith("Hand 2: ") for message in refused.value.message_dict["__all__"])


def test_the_api_answers_the_scores_and_the_game_state_in_few_queries(league_night, sam):
    game = _game(league_night)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=sam)[1]}")
    url = f"/api/v1/games/{game.pk}/hands/"
    client.post(url, {"number": 1, "entries": HAND_A}, format="json")
    with CaptureQueriesContext(connection) as queries:
        response = client.post(
            url, {"number": 2, "entries": HAND_B, "submission_id": str(uuid.uuid4())}, format="json"
        )
    assert response.status_code == 201
    body = response.json()
    assert {entry["side"]: entry["score"] for entry in body["entries"]} == HAND_B_SCORES
    assert body["totals"] == {side: HAND_A_SCORES[side] + HAND_B_SCORES[side] for side in ("NS", "EW")}
    assert (body["number"], body["version"], body["game_over"], body["winner"]) == (2, 1, False, "")
    assert "entry" not in body["entries"][0]
    sql = [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))
    ]
    # The token, the game in the user's scope (as the table page finds it), the game's lock, the
    # submission id, who may score it (the one rule, selectors.event_allows, read again after
    # the lock), the hand and its history row, the side entries and theirs, the game's state.
    assert len(sql) == 10, sql


def test_a_game_the_user_may_not_score_is_not_found_whatever_the_body(league_night, bob):
    game = _game(league_night)
    client = APIClient(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=bob)[1]}")
    url = f"/api/v1/games/{game.pk}/hands/"
    assert client.post(url, {"number": 1, "entries": HAND_A}, format="json").status_code == 404
    assert client.post(url, {"number": "x"}, format="json").status_code == 404
    assert not game.hands.exists()
