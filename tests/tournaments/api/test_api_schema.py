"""The API answers what its OpenAPI schema says: every status code an operation answers is
documented for it (the schema's responses), every error is JSON, the event's standings are the
plain list the schema gives, and a query parameter that takes one value refuses several
(`?event=1&event=2` is a 400, not the last value taken)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from drf_spectacular.generators import SchemaGenerator
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game, Hand, Standing

pytestmark = pytest.mark.django_db

UNKNOWN = 999_999  # no object has this id


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    return SchemaGenerator().get_schema(request=None, public=True)


def _operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


@pytest.fixture
def night(league_night, sam, django_capture_on_commit_callbacks) -> dict[str, Any]:
    """A league night with a hand recorded, so that every kind of object has an id to ask for."""
    game = Game.objects.filter(table__round__event=league_night).first()
    with django_capture_on_commit_callbacks(execute=True):  # the standings are rebuilt
        services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A), recorded_by=sam)
    club = league_night.club
    return {
        "clubs": club.pk,
        "players": league_night.participants.first().player_id,
        "events": league_night.pk,
        "rounds": game.table.round_id,
        "tables": game.table_id,
        "games": game.pk,
        "hands": Hand.objects.get(game=game, number=1).pk,
        "standings": Standing.objects.filter(event=league_night).first().pk,
        "slug": club.slug,
    }


def _url(path: str, ids: dict[str, Any] | None) -> str:
    """`path` with its parameters filled from `ids` (the night's objects), or with ids of no
    object (`ids` None)."""
    resource = path.split("/")[3]
    names = {"event_id": "events", "player_id": "players", "game_id": "games", "slug": "slug"}

    def value(match: re.Match[str]) -> str:
        name = match.group(1)
        if name == "number":
            return "1" if ids else str(UNKNOWN)
        if ids is None:
            return "nothing" if name == "slug" else str(UNKNOWN)
        # An object the night has none of (a federation's club place): an id of none.
        return str(ids.get(names.get(name, resource), UNKNOWN))

    return re.sub(r"\{(\w+)\}", value, path)


def _clients(alice, bob) -> dict[str, APIClient]:
    """Who asks: nobody, a revoked token, a member and a director by token, a member signed in
    by session who sends no CSRF token."""
    revoked = AuthToken.objects.create(user=bob)[1]
    AuthToken.objects.filter(user=bob).delete()
    session = APIClient(enforce_csrf_checks=True)
    session.force_login(bob)
    return {
        "nobody": APIClient(),
        "a revoked token": APIClient(HTTP_AUTHORIZATION=f"Token {revoked}"),
        "a member": APIClient(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=bob)[1]}"),
        "a director": APIClient(HTTP_AUTHORIZATION=f"Token {AuthToken.objects.create(user=alice)[1]}"),
        "a session without CSRF": session,
    }


# A value of the right kind for each query parameter of the schema.
SAMPLES = {"boolean": "true", "integer": "1"}
NAMED = {"season": "all", "from": "2026-01-01", "to": "2026-12-31", "variant": "classic"}


def _sample(parameter: dict[str, Any]) -> str:
    schema = parameter.get("schema", {})
    if parameter["name"] in NAMED:
        return NAMED[parameter["name"]]
    if "enum" in schema:
        return str(schema["enum"][0])
    return SAMPLES.get(schema.get("type", ""), "x")


def _queries(operation: dict[str, Any]) -> list[str]:
    """No query, then each of the operation's query parameters given twice."""
    query = [p for p in operation.get("parameters", []) if p["in"] == "query"]
    return ["", *(f"?{p['name']}={_sample(p)}&{p['name']}={_sample(p)}" for p in query)]


def test_every_status_the_api_answers_is_documented_and_every_error_is_json(schema, night, alice, bob):
    undocumented = []
    for path, method, operation in _operations(schema):
        documented = set(operation["responses"])
        for ids in (night, None):
            for who, client in _clients(alice, bob).items():
                for query in _queries(operation) if method == "get" else [""]:
                    url = _url(path, ids) + query
                    if method == "get":
                        response = client.get(url)
                    else:
                        response = getattr(client, method)(url, {}, format="json")
                    status = str(response.status_code)
                    if status not in documented:
                        undocumented.append(f"{method.upper()} {url} as {who}: {status}")
                    if response.status_code >= 400:
                        assert response["Content-Type"] == "application/json", (method, url, who)
    assert undocumented == [], "\n".join(undocumented)


def test_every_operation_documents_its_errors(schema):
    """Every operation but the sign-in answers 401 to a token refused; writes 403 to a session
    without its CSRF token, and 400 to a body refused; an operation on an object 404 when there
    is none; one with query parameters 400 for a value refused."""
    missing = []
    for path, method, operation in _operations(schema):
        expected = {"401"} if path != "/api/v1/auth/token/" else {"400"}
        if "{" in path:
            expected.add("404")
        if method == "post" and "/auth/" not in path:
            expected.add("403")
        if "requestBody" in operation or any(p["in"] == "query" for p in operation.get("parameters", [])):
            expected.add("400")
        if not expected <= set(operation["responses"]):
            missing.append(f"{method.upper()} {path}: {sorted(expected - set(operation['responses']))}")
    assert missing == []


def test_the_event_standings_are_the_list_the_schema_gives(schema, night, bob):
    operation = schema["paths"]["/api/v1/events/{id}/standings/"]["get"]
    body = operation["responses"]["200"]["content"]["application/json"]["schema"]
    assert body == {"type": "array", "items": {"$ref": "#/components/schemas/EntrantStanding"}}
    # Neither a page nor the events list's filters: the standings of one event, whole.
    assert [p["name"] for p in operation["parameters"]] == ["id"]
    client = APIClient()
    client.force_authenticate(bob)
    rows = client.get(f"/api/v1/events/{night['events']}/standings/").json()
    assert isinstance(rows, list) and len(rows) == 8
    assert client.get(f"/api/v1/events/{night['events']}/standings/?status=finished").status_code == 200


@pytest.mark.parametrize(
    ("url", "parameter"),
    [
        ("/api/v1/standings/?event={event}&event={event}", "event"),
        ("/api/v1/standings/?event={event}&event=2", "event"),
        ("/api/v1/games/?game_over=true&game_over=false", "game_over"),
        ("/api/v1/games/?table__round__event={event}&table__round__event={event}", "table__round__event"),
        ("/api/v1/events/?status=running&status=finished", "status"),
        ("/api/v1/players/?club={club}&club={club}", "club"),
        ("/api/v1/hands/?page=1&page=1", "page"),
        ("/api/v1/clubs/{slug}/ranking/?season=all&season=all", "season"),
        ("/api/v1/clubs/{slug}/ranking/?from=2026-01-01&from=2026-02-01", "from"),
    ],
)
def test_a_scalar_query_parameter_given_twice_is_refused(night, bob, url, parameter):
    client = APIClient()
    client.force_authenticate(bob)
    response = client.get(url.format(event=night["events"], club=night["clubs"], slug=night["slug"]))
    assert response.status_code == 400
    assert list(response.json()) == [parameter]


def test_a_scalar_query_parameter_given_once_is_read(night, bob):
    client = APIClient()
    client.force_authenticate(bob)
    response = client.get(f"/api/v1/standings/?event={night['events']}&page=1")
    assert response.status_code == 200 and response.json()["count"] == 8


def test_an_edit_that_crosses_another_answers_409(night, sam):
    client = APIClient()
    client.force_authenticate(sam)
    url = f"/api/v1/games/{night['games']}/hands/"
    # Hand 1 is recorded: sending it again as a new hand, or a correction of a version that is
    # no longer the stored one, is a conflict with the stored hand.
    again = client.post(
        url, {"number": 1, "submission_id": str(uuid.uuid4()), "entries": HAND_A}, format="json"
    )
    assert again.status_code == 409
    assert "already recorded" in again.json()["errors"][0]
    assert (
        client.post(url, {"number": 1, "entries": HAND_A, "expected_version": 1}, format="json").status_code
        == 200
    )
    stale = client.post(url, {"number": 1, "entries": HAND_A, "expected_version": 1}, format="json")
    assert stale.status_code == 409
    assert "changed by someone else" in stale.json()["errors"][0]


@pytest.mark.parametrize("value", ["maybe", "yes", "", "2"])
def test_a_yes_or_no_filter_given_another_value_is_refused(night, bob, value):
    client = APIClient()
    client.force_authenticate(bob)
    response = client.get(f"/api/v1/games/?game_over={value}")
    assert response.status_code == 400
    assert list(response.json()) == ["game_over"]
    assert f"“{value}”" in response.json()["game_over"][0]


@pytest.mark.parametrize("value", ["true", "false", "1", "0"])
def test_a_yes_or_no_filter_reads_true_and_false(night, bob, value):
    client = APIClient()
    client.force_authenticate(bob)
    assert client.get(f"/api/v1/games/?game_over={value}").status_code == 200


@pytest.mark.parametrize(
    ("url", "refused"),
    [
        ("/api/v1/events/?club={id}", "club"),
        ("/api/v1/players/?club={id}", "club"),
        ("/api/v1/standings/?event={id}", "event"),
        ("/api/v1/rounds/?event={id}", "event"),
        ("/api/v1/tables/?round={id}", "round"),
        ("/api/v1/games/?table__round__event={id}", "table__round__event"),
        ("/api/v1/games/?table__round={id}", "table__round"),
        ("/api/v1/hands/?game={id}", "game"),
    ],
)
def test_a_filter_by_an_id_of_nothing_the_user_may_see_finds_nothing(night, bob, mallory, url, refused):
    """`?club=0`, as a club of another's: an empty list (the schema's integer), not a 400 for
    the one and an empty list for the other; a value that is no whole number is refused."""
    client = APIClient()
    client.force_authenticate(bob)
    other_club = mallory.memberships.get().club_id
    # A number past what a database holds (64 bits) is the id of nothing too, on SQLite as well.
    for value in (0, UNKNOWN, other_club, -1, -(2**71), 2**63):
        response = client.get(url.format(id=value))
        assert response.status_code == 200, (url, value, response.content)
        assert response.json()["count"] == 0, (url, value)
    for value in ("x", "1.5"):
        response = client.get(url.format(id=value))
        assert response.status_code == 400 and list(response.json()) == [refused], (url, value)


def test_a_club_event_has_no_federation_and_the_schema_says_it_may_be_null(schema, night, bob):
    event = schema["components"]["schemas"]["Event"]["properties"]["federation"]
    assert event["nullable"] is True
    client = APIClient()
    client.force_authenticate(bob)
    assert client.get(f"/api/v1/events/{night['events']}/").json()["federation"] is None


@pytest.mark.parametrize("accept", ["text/html", "text/html,application/xhtml+xml", "application/xml"])
@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/api/v1/games/999999/", 404),  # an object of none
        ("/api/v1/nothing/", 404),  # a path of none
        ("/api/v1/games/?page=99", 404),  # a page past the last
        ("/api/v1/games/1/hands/", 405),  # a method the path does not take
    ],
)
def test_the_api_answers_json_whatever_the_accept_header_asks(bob, accept, path, status):
    client = APIClient(HTTP_ACCEPT=accept)
    client.force_authenticate(bob)
    response = client.get(path)
    assert response.status_code == status
    assert response["Content-Type"] == "application/json"
    assert "detail" in response.json()


def test_a_list_answers_json_to_a_browser_too(night, bob):
    client = APIClient(HTTP_ACCEPT="text/html")
    client.force_authenticate(bob)
    response = client.get("/api/v1/games/")
    assert response.status_code == 200 and response["Content-Type"] == "application/json"
    assert response.json()["count"] == 2
