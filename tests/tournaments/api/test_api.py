from __future__ import annotations

import json
import uuid
from pathlib import Path

import pytest
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.support.hands import HAND_A, HAND_A_SCORES, HAND_B, HAND_B_SCORES, HAND_TWO_OUT
from tournaments.models import Game, Hand, SideEntry

pytestmark = pytest.mark.django_db
CASES = Path(__file__).resolve().parents[2] / "scoring" / "cases"


def _client(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


def test_score_sheet_endpoint_scores_a_case_like_the_command():
    case = json.loads((CASES / "classic-three-hands-running-totals.json").read_text())
    response = _client().post("/api/v1/score-sheets/", case["sheet"], format="json")
    assert response.status_code == 200
    body = response.json()
    assert body["totals"] == case["expect"]["totals"]
    assert [{s: h[s]["score"] for s in h} for h in body["hands"]] == case["expect"]["hand_scores"]


@pytest.mark.parametrize("path", sorted(CASES.glob("option-*.json")), ids=lambda path: path.stem)
def test_score_sheet_endpoint_takes_every_house_rule(path):
    """Each house rule's worked case (tests/scoring/cases/option-*.json, worked by hand from its
    source) scored through the API as the case works it out."""
    case = json.loads(path.read_text(encoding="utf-8"))
    response = _client().post("/api/v1/score-sheets/", case["sheet"], format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert [{s: h[s]["score"] for s in h} for h in body["hands"]] == case["expect"]["hand_scores"]
    assert body["totals"] == case["expect"]["totals"]
    for key in ("initial_meld", "game_over", "winner"):
        if key in case["expect"]:
            assert body[key] == case["expect"][key], key


def test_score_sheet_endpoint_rejects_with_the_errors_list():
    case = json.loads((CASES / "invalid-went-out-without-canasta.json").read_text())
    response = _client().post("/api/v1/score-sheets/", case["sheet"], format="json")
    assert response.status_code == 400
    where = case["expect"]["where"]
    assert any(
        e["hand"] == where["hand"] and e["side"] == where["side"] and e["field"] == where["field"]
        for e in response.json()["errors"]
    )


def test_hand_record_api_records_once_per_submission(league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    payload = {"number": 1, "submission_id": str(uuid.uuid4()), "entries": HAND_A}
    first = _client(sam).post(f"/api/v1/games/{game.pk}/hands/", payload, format="json")
    retry = _client(sam).post(f"/api/v1/games/{game.pk}/hands/", payload, format="json")
    assert first.status_code == 201
    assert retry.status_code == 200
    assert retry.json()["id"] == first.json()["id"]
    assert {e["side"]: e["score"] for e in first.json()["entries"]} == HAND_A_SCORES
    assert Hand.objects.filter(game=game).count() == 1


def test_hand_record_api_rejects_an_impossible_hand_with_400(league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    response = _client(sam).post(
        f"/api/v1/games/{game.pk}/hands/", {"number": 1, "entries": HAND_TWO_OUT}, format="json"
    )
    assert response.status_code == 400
    assert any(key.endswith(".went_out") for key in response.json())
    assert not Hand.objects.filter(game=game).exists()


def test_members_read_but_cannot_score(league_night, bob):
    game = Game.objects.filter(table__round__event=league_night).first()
    assert _client(bob).get(f"/api/v1/games/{game.pk}/").status_code == 200
    response = _client(bob).post(
        f"/api/v1/games/{game.pk}/hands/", {"number": 1, "entries": HAND_A}, format="json"
    )
    assert response.status_code == 404


def test_another_clubs_director_sees_nothing(league_night, mallory):
    game = Game.objects.filter(table__round__event=league_night).first()
    assert _client(mallory).get(f"/api/v1/games/{game.pk}/").status_code == 404
    assert _client(mallory).get(f"/api/v1/events/{league_night.pk}/").status_code == 404
    assert _client(mallory).post(f"/api/v1/events/{league_night.pk}/rounds/").status_code == 404


def test_anonymous_visitors_cannot_read_club_data(league_night):
    assert _client().get("/api/v1/events/").status_code in (401, 403)


def test_event_create_api_checks_house_rules(club, alice, players):
    payload = {
        "club": club.pk,
        "name": "Bad rules",
        "date": "2026-11-27",
        "variant": "classic",
        "options": {"no_such_option": 1},
        "players": [p.pk for p in players[:8]],
    }
    response = _client(alice).post("/api/v1/events/", payload, format="json")
    assert response.status_code == 400
    assert "options" in response.json()


def test_openapi_schema_is_served():
    response = _client().get("/api/schema/")
    assert response.status_code == 200
    assert b"/api/v1/score-sheets/" in response.content


@pytest.mark.parametrize(
    "body",
    [
        pytest.param("[" * 100_000 + "]" * 100_000, id="nesting deeper than the parser goes"),
        pytest.param('{"variant": "classic", "sides": ', id="cut off"),
        pytest.param("not json", id="not JSON"),
    ],
)
def test_score_sheet_endpoint_answers_unreadable_bodies_with_the_errors_list(body):
    response = _client().post("/api/v1/score-sheets/", body, content_type="application/json")
    assert response.status_code == 400
    (error,) = response.json()["errors"]
    assert error["hand"] is None
    assert "JSON" in error["message"]


def test_a_hand_save_reads_the_same_few_queries_however_many_hands_the_game_has(league_night, sam):
    """The save reads the game's hands in one query, so hand 3 costs what hand 2 costs: the
    token, the permission, the game's lock, the hands, and the writes (hand, side entries, and
    a history row for each, the game's totals), 11 in all with the transaction."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = Game.objects.filter(table__round__event=league_night).first()
    token = AuthToken.objects.create(user=sam)[1]
    client = APIClient(HTTP_AUTHORIZATION=f"Token {token}")
    counts = []
    for number, entries in ((1, HAND_A), (2, HAND_B), (3, HAND_B)):
        with CaptureQueriesContext(connection) as queries:
            response = client.post(
                f"/api/v1/games/{game.pk}/hands/", {"number": number, "entries": entries}, format="json"
            )
        assert response.status_code == 201, response.content
        counts.append(
            len(
                [
                    q
                    for q in queries.captured_queries
                    if not q["sql"].startswith(("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE"))
                ]
            )
        )
    assert counts[1] == counts[2]
    assert counts[2] <= 9


def test_a_saved_hand_and_its_entries_enter_the_history_under_the_scorer(league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    url = f"/api/v1/games/{game.pk}/hands/"
    assert _client(sam).post(url, {"number": 1, "entries": HAND_A}, format="json").status_code == 201
    hand = Hand.objects.get(game=game, number=1)
    correction = {"number": 1, "entries": HAND_B, "expected_version": 1}
    assert _client(sam).post(url, correction, format="json").status_code == 200

    rows = list(SideEntry.history.filter(hand_id=hand.pk))
    assert len(rows) == 4
    assert {(r.side, r.history_type): (r.score, r.history_user) for r in rows} == {
        ("NS", "+"): (HAND_A_SCORES["NS"], sam),
        ("EW", "+"): (HAND_A_SCORES["EW"], sam),
        ("NS", "~"): (HAND_B_SCORES["NS"], sam),
        ("EW", "~"): (HAND_B_SCORES["EW"], sam),
    }
    assert [(r.history_type, r.version) for r in hand.history.order_by("history_date")] == [
        ("+", 1),
        ("~", 2),
    ]


def test_a_submission_id_saved_at_another_table_is_refused(league_night, sam):
    first, second = Game.objects.filter(table__round__event=league_night).order_by("table__number")[:2]
    payload = {"number": 1, "submission_id": str(uuid.uuid4()), "entries": HAND_A}
    assert _client(sam).post(f"/api/v1/games/{first.pk}/hands/", payload, format="json").status_code == 201
    response = _client(sam).post(f"/api/v1/games/{second.pk}/hands/", payload, format="json")
    assert response.status_code == 400
    assert "already saved as hand 1" in json.dumps(response.json())
    assert not Hand.objects.filter(game=second).exists()


def test_another_clubs_submission_id_reveals_nothing_of_its_hand(
    league_night, sam, django_capture_on_commit_callbacks
):
    """A submission id is looked up within the game's club: replaying one saved by another club
    is refused (400) without saying which hand it saved, for a new hand and for a correction."""
    from tests.support.factories import ClubFactory, PlayerFactory
    from tournaments import services

    elsewhere = ClubFactory(name="Elsewhere", slug="elsewhere")
    players = [PlayerFactory(club=elsewhere, name=f"Far {n}") for n in range(8)]
    their_night = services.event_create(
        club=elsewhere,
        asked=services.EventInput(name="Theirs", date=league_night.date, variant="classic", players=players),
    )
    with django_capture_on_commit_callbacks(execute=True):
        services.round_start(event=their_night)
    their_game = Game.objects.filter(table__round__event=their_night).first()
    theirs = uuid.uuid4()
    services.hand_record(game=their_game, asked=services.HandInput(number=1, entries=HAND_B))
    services.hand_record(
        game=their_game, asked=services.HandInput(number=2, entries=HAND_A, submission_id=theirs)
    )

    ours = Game.objects.filter(table__round__event=league_night).first()
    url = f"/api/v1/games/{ours.pk}/hands/"
    new_hand = {"number": 1, "submission_id": str(theirs), "entries": HAND_A}
    response = _client(sam).post(url, new_hand, format="json")
    assert response.status_code == 400
    assert "hand 2" not in json.dumps(response.json())
    assert not Hand.objects.filter(game=ours).exists()

    assert _client(sam).post(url, {"number": 1, "entries": HAND_A}, format="json").status_code == 201
    correction = {"number": 1, "submission_id": str(theirs), "entries": HAND_B, "expected_version": 1}
    response = _client(sam).post(url, correction, format="json")
    assert response.status_code == 400
    assert "hand 2" not in json.dumps(response.json())
    assert Hand.objects.get(game=ours, number=1).version == 1
    assert Hand.objects.get(submission_id=theirs).game_id == their_game.pk


def test_a_body_nested_too_deeply_is_a_400_not_a_server_error(league_night, sam):
    game = Game.objects.filter(table__round__event=league_night).first()
    body = '{"number": 1, "entries": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = _client(sam).post(f"/api/v1/games/{game.pk}/hands/", body, content_type="application/json")
    assert response.status_code == 400
    assert "nested too deeply" in response.json()["detail"]


def test_a_refused_round_names_its_refusal_by_a_code_beside_the_message(league_night, alice):
    """Round 1 is in play (no hand saved): seating round 2 is refused, and the answer says
    which refusal it is by its code as well as in words."""
    response = _client(alice).post(f"/api/v1/events/{league_night.pk}/rounds/")
    assert response.status_code == 400
    body = response.json()
    assert len(body["errors"]) == len(body["codes"]) == 1
    assert body["codes"] == ["games_in_play"]  # tournaments/selectors/rounds.py, round_close_refusal
