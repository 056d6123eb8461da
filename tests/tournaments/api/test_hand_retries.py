"""Retries that race: a phone that sends the same hand several times at once (a double tap, a
retry after a lost answer while the first is still on its way) gets the stored hand back each
time, never an error.

The requests really race: each is a thread with a database connection of its own, and they
start together at a barrier. So this runs on PostgreSQL (where a hand's save locks the game's
row and the others queue behind it); it is skipped on SQLite, unless REQUIRE_INTEGRATION is
set (as `.ci/run` sets it), which turns the skip into a failure.
"""

from __future__ import annotations

import os
import threading
import uuid

import pytest
from django.db import connection, connections
from django.test import Client
from rest_framework.test import APIClient

from tests.support.hands import HAND_A, HAND_B, HAND_B_SCORES
from tests.support.table_form import _form_data
from tournaments.models import Game, Hand

pytestmark = pytest.mark.django_db(transaction=True)

SENDERS = 8  # as many at once as the attack sent


@pytest.fixture(autouse=True)
def _postgresql(db):
    if connection.vendor != "postgresql":
        if os.environ.get("REQUIRE_INTEGRATION"):
            raise RuntimeError("REQUIRE_INTEGRATION is set but the database is not PostgreSQL")
        pytest.skip("needs PostgreSQL (DATABASE_URL): SQLite runs one writer at a time")


def _at_once(send, count: int = SENDERS) -> list[tuple[int, object]]:
    """`send()` from `count` threads released together; each answer (status, body) in the
    order they came."""
    barrier = threading.Barrier(count)
    answers: list[tuple[int, object]] = []
    failures: list[BaseException] = []
    lock = threading.Lock()

    def run() -> None:
        try:
            barrier.wait(timeout=30)
            answer = send()
            with lock:
                answers.append(answer)
        except BaseException as exc:  # reported by the test below
            failures.append(exc)
        finally:
            connections.close_all()  # this thread's own connection

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not failures, failures
    assert len(answers) == count
    return answers


def _statuses(answers: list[tuple[int, object]]) -> list[int]:
    return sorted(status for status, _body in answers)


@pytest.mark.parametrize("number", [1, 2, 3])
def test_the_same_hand_sent_at_once_through_the_api_is_one_hand_and_every_answer_is_it(
    league_night, sam, number
):
    """Hand 1 of an empty game, and hands 2 and 3 of a game under way (HAND_A before it: the
    game stays under the target): one hand stored, one 201 and seven 200s, each with it."""
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    for before in range(1, number):
        client = APIClient()
        client.force_authenticate(sam)
        payload = {"number": before, "submission_id": str(uuid.uuid4()), "entries": HAND_A}
        assert client.post(f"/api/v1/games/{game.pk}/hands/", payload, format="json").status_code == 201
    payload = {"number": number, "submission_id": str(uuid.uuid4()), "entries": HAND_B}

    def send() -> tuple[int, object]:
        client = APIClient()
        client.force_authenticate(sam)
        response = client.post(f"/api/v1/games/{game.pk}/hands/", payload, format="json")
        return response.status_code, response.json()

    answers = _at_once(send)
    assert _statuses(answers) == [200] * (SENDERS - 1) + [201], answers
    hand = Hand.objects.get(game=game, number=number)
    assert {body["id"] for _status, body in answers} == {hand.pk}
    for _status, body in answers:
        assert {entry["side"]: entry["score"] for entry in body["entries"]} == HAND_B_SCORES
    assert Hand.objects.filter(game=game).count() == number


def test_the_same_hand_sent_at_once_from_the_table_page_is_one_hand(league_night):
    """The table's link, as the page's script sends a pending hand: every answer is the page
    after the save (a redirect to the saved hand), none the form with an error."""
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    link = f"/t/{game.table.access_token}/"
    data = _form_data(game, 1, HAND_B, save="1") | {"submission_id": str(uuid.uuid4())}

    def send() -> tuple[int, object]:
        response = Client().post(f"{link}hands/", data)
        return response.status_code, response.get("Location")

    answers = _at_once(send)
    assert answers == [(302, f"{link}?saved=1")] * SENDERS
    assert Hand.objects.filter(game=game).count() == 1


def test_another_hand_under_a_stored_submission_id_is_still_refused(league_night, sam):
    """The one refusal left: the same id sent at once with other values. One of them is
    stored; the others are told the form was saved with other values."""
    game = Game.objects.filter(table__round__event=league_night).order_by("table__number").first()
    submission = str(uuid.uuid4())
    hands = iter([HAND_A, HAND_B] * SENDERS)
    lock = threading.Lock()

    def send() -> tuple[int, object]:
        with lock:
            entries = next(hands)
        client = APIClient()
        client.force_authenticate(sam)
        payload = {"number": 1, "submission_id": submission, "entries": entries}
        response = client.post(f"/api/v1/games/{game.pk}/hands/", payload, format="json")
        return response.status_code, (entries is HAND_A, response.json())

    answers = _at_once(send)
    stored = Hand.objects.get(game=game, number=1)
    stored_a = stored.entries.get(side="NS").entry == HAND_A["NS"]
    for status, (sent_a, body) in answers:
        if sent_a == stored_a:
            assert status in (200, 201), body
        else:
            assert status == 400, body
            assert "already saved as hand 1 with other values" in str(body)
    assert _statuses(answers).count(201) == 1
    assert Hand.objects.filter(game=game).count() == 1
