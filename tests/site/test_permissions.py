"""The permission matrix: every page and API endpoint, every kind of visitor, reading and writing.

The URL names come from the URLconf, so a new URL without a row here fails
`test_every_url_has_a_matrix_row`. Each row says the lowest role that may read (GET) and
write (POST) it; every other visitor must be refused the standard way:

- not signed in (an anonymous visitor, or someone holding another table's link): pages
  redirect to the login page, the API answers 401/403;
- signed in without the role (a director of another club, a member trying to score, an officer
  of a federation at a club's page, an officer of another federation): 404, so nobody learns
  that another club's or federation's object exists;
- and whatever the answer, a refused write changes nothing (`_fingerprint`).

Table links (`/t/<token>/...`) are capabilities: whoever holds a table's token may score that
table, and only it. For those rows the "anonymous" visitor uses a made-up token and the
"other link" visitor the token of the other table, which must leave this table untouched. The
hall board's link (`/board/<token>/`) is one too: a made-up one for the "anonymous" visitor,
another event's for the "other link" visitor.
"""

from __future__ import annotations

import functools
from typing import Any

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    Invitation,
    Membership,
    Partnership,
    Person,
    PersonLinkConflict,
    PersonLinkRecord,
    Player,
    PlayerClaim,
)
from tests.support import doors, permissions
from tests.support.permissions import (
    ACTORS,
    ANYONE,
    AUTH,
    DIRECTOR,
    HOST,
    LINK,
    MATRIX,
    MEMBER,
    OFFICER,
    PUBLIC,
    ROLE_RANK,
    SCORER,
    Row,
    World,
    _api_hand_two,
    _url,
)
from tournaments.models import (
    CheckIn,
    Event,
    Game,
    Hand,
    MatchDecision,
    Night,
    NightReminders,
    NightReply,
    Pair,
    Participant,
    Round,
    Season,
    Seat,
    SideEntry,
    Stage,
    StageEntrant,
    Table,
    TableCard,
)

pytestmark = [pytest.mark.django_db, pytest.mark.slow]
_world_once = permissions._world_once
shared_world = permissions.shared_world  # the club and the night every row is read against


def test_every_url_has_a_matrix_row():
    names = doors.url_names() - doors.OUTSIDE_THE_MATRIX
    assert names - MATRIX.keys() == set(), "add a row to MATRIX for each new URL"
    assert MATRIX.keys() - names == set(), "remove the rows of URLs that are gone"


# --- the world and the visitors -------------------------------------------------------------


def _client(actor: str, kind: str, w: World) -> Client:
    """A new client with the visitor's cookies: their session, signed in when the world was built."""
    assert w.cookies is not None, "the matrix's visitors sign in once, in shared_world"
    client = APIClient() if kind == "api" else Client()
    for name, value in w.cookies[actor].items():
        client.cookies[name] = value
    return client


def _fingerprint_queries() -> list[Any]:
    """Everything a write could change; a refused write leaves their rows equal."""
    return [
        Hand.objects.order_by("pk").values_list("pk", "version", "confirmed_at", "sat_out_id"),
        SideEntry.objects.order_by("pk").values_list("pk", "score"),
        Round.objects.order_by("pk").values_list("pk", "status", "locked", "clock_started_at"),
        Game.objects.order_by("pk").values_list("pk", "game_over", "stopped_at"),
        Event.objects.order_by("pk").values_list(
            "pk",
            "status",
            "vp_scale",
            "vp_custom",
            "tie_breaks",
            "season_id",
            "five_player_tables",
            "keep_clubs_apart",
            "board_link_version",
        ),
        Season.objects.order_by("pk").values(),
        Table.objects.order_by("pk").values_list("pk", "access_token", "locked"),
        TableCard.objects.order_by("pk").values_list("pk", "access_token"),
        Seat.objects.order_by("pk").values_list("pk", "table_id", "player_id", "side", "position"),
        Participant.objects.order_by("pk").values_list("pk", "present", "withdrawn_after_round"),
        Membership.objects.order_by("pk").values_list("pk", "role"),
        Partnership.objects.order_by("pk").values_list("pk", "first_id", "second_id"),
        Pair.objects.order_by("pk").values_list("pk", "event_id", "number", "partnership_id"),
        Stage.objects.order_by("pk").values_list("pk", "event_id", "number", "kind", "confirmed_at"),
        StageEntrant.objects.order_by("pk").values_list("pk", "stage_id", "seed", "player_id", "pair_id"),
        MatchDecision.objects.order_by("pk").values_list("pk", "stage_id", "round", "slot", "winner_id"),
        Club.objects.order_by("pk").values(),
        Player.objects.order_by("pk").values_list("pk", "public_initials", "person_id", "user_id"),
        PlayerClaim.objects.order_by("pk").values_list("pk", "user_id", "player_id"),
        Federation.objects.order_by("pk").values(),
        FederationOfficer.objects.order_by("pk").values_list("pk", "federation_id", "user_id"),
        FederationClub.objects.order_by("pk").values(),
        Person.objects.order_by("pk").values(),
        PersonLinkRecord.objects.order_by("pk").values_list("pk", "player_id", "person_id", "action"),
        PersonLinkConflict.objects.order_by("pk").values_list("pk", "outcome"),
        Night.objects.order_by("pk").values_list(
            "pk", "date", "start_time", "place", "cancelled", "event_id"
        ),
        NightReply.objects.order_by("pk").values_list("pk", "night_id", "player_id", "answer"),
        CheckIn.objects.order_by("pk").values_list("pk", "night_id", "player_id"),
        NightReminders.objects.order_by("pk").values_list("pk", "club_id", "user_id", "language"),
        Invitation.objects.order_by("pk").values_list("pk", "token_digest", "accepted_at", "withdrawn_at"),
    ]


@functools.cache
def _fingerprint_sql() -> list[tuple[str, tuple[Any, ...]]]:
    """The queries' SQL, compiled by the ORM once: a test of the matrix takes 24 fingerprints, and
    through the ORM each took 7 ms, the same SQL run as it is 0.2 ms (SQLite)."""
    return [queryset.query.sql_with_params() for queryset in _fingerprint_queries()]


def _fingerprint(w: World) -> tuple[Any, ...]:
    """The rows of _fingerprint_queries."""
    rows: list[Any] = []
    with connection.cursor() as cursor:
        for sql, params in _fingerprint_sql():
            cursor.execute(sql, params)
            rows.append(cursor.fetchall())
    return tuple(rows)


def _allowed(level: str | None, actor: str, public: bool) -> bool:
    if level is None:
        return False
    if level == ANYONE or (level == PUBLIC and public):
        return True
    if level == LINK:
        return True  # decided by the token in the URL (see _url)
    if actor in ("anonymous", "other_link"):
        return False
    if level == AUTH:
        return True
    if level == OFFICER:
        return actor == "officer"
    if level == HOST:
        return actor == "officer" or ROLE_RANK.get(actor, 0) >= ROLE_RANK["director"]
    need = {PUBLIC: 1, MEMBER: 1, SCORER: 2, DIRECTOR: 3}[level]
    return ROLE_RANK.get(actor, 0) >= need


def _refused(response: Any, row: Row, actor: str) -> str | None:
    """None if the response is a proper refusal, else what is wrong with it."""
    code = response.status_code
    anonymous = actor in ("anonymous", "other_link")
    if row.kind == "api":
        ok = code in (401, 403) if anonymous else code in (403, 404, 405)
    elif anonymous:
        ok = (code == 302 and response["Location"].startswith(reverse("login"))) or code in (404, 405)
    else:
        ok = code in (404, 405)
    return None if ok else f"expected a refusal, got {code}"


def _succeeded(response: Any) -> bool:
    code = response.status_code
    if code == 302:
        return not response["Location"].startswith(reverse("login"))
    return 200 <= code < 300


def _check(name: str, row: Row, w: World, actor: str, method: str, public: bool) -> list[str]:
    problems: list[str] = []
    client = _client(actor, row.kind, w)
    level = row.read if method == "get" else row.write
    allowed = _allowed(level, actor, public)
    link_elsewhere = level == LINK and actor in ("anonymous", "other_link")
    with transaction.atomic():
        if allowed and not link_elsewhere:
            row.prepare(w)
        before = _fingerprint(w)
        this_game = list(w.game.hands.values_list("pk", "version", "confirmed_at"))
        url = _url(name, row, w, actor)
        if method == "get":
            response = client.get(url)
        elif row.kind == "api":
            response = client.post(url, row.data(w), format="json")
        else:
            response = client.post(url, row.data(w))
        after = _fingerprint(w)
        transaction.set_rollback(True)
    where = f"{method.upper()} {name} as {actor}"
    if response.status_code >= 500:
        return [f"{where}: server error {response.status_code}"]
    if link_elsewhere:
        # A made-up token finds nothing; another table's token acts on that table only.
        if actor == "anonymous" and response.status_code != 404:
            problems.append(f"{where}: a made-up token answered {response.status_code}")
        if list(w.game.hands.values_list("pk", "version", "confirmed_at")) != this_game:
            problems.append(f"{where}: changed a table it holds no link to")
        return problems
    if allowed:
        if not _succeeded(response):
            problems.append(f"{where}: expected success, got {response.status_code}")
        elif method == "post" and row.changes and before == after:
            problems.append(f"{where}: an allowed write changed nothing")
        if method == "get" and row.listed is not None and not public:
            ids = {item[row.id_key] for item in response.json()["results"]}
            mine = row.listed(w)
            if actor == "other_director" and ids & mine:
                problems.append(f"{where}: lists another club's objects {sorted(ids & mine)}")
            if actor in ROLE_RANK and not mine <= ids:
                problems.append(f"{where}: misses its club's objects {sorted(mine - ids)}")
        return problems
    if before != after:
        problems.append(f"{where}: a refused request changed data ({response.status_code})")
    if level is not None:
        # A page or write this visitor may not use: refused the standard way.
        problem = _refused(response, row, actor)
        if problem:
            problems.append(f"{where}: {problem}")
    return problems


def _cases() -> list[Any]:
    cases = []
    for name, row in MATRIX.items():
        cases.append(pytest.param(name, False, id=name))
        if PUBLIC in (row.read, row.write):
            cases.append(pytest.param(name, True, id=f"{name}-public"))
    return cases


@pytest.mark.parametrize(("name", "public"), _cases())
def test_permission_matrix(shared_world, name, public):
    world = shared_world
    row = MATRIX[name]
    if public:
        Club.objects.filter(pk=world.club.pk).update(results_public=True)
    problems = []
    for actor in ACTORS:
        for method in ("get", "post"):
            problems += _check(name, row, world, actor, method, public)
    assert not problems, "\n".join(problems)


def test_the_admin_is_for_staff_only(client, shared_world):
    assert client.get("/admin/").status_code == 302
    client.force_login(shared_world.users["director"])  # alice: a director, but not staff
    response = client.get("/admin/")
    assert response.status_code == 302
    assert "/admin/login/" in response["Location"]


def test_a_table_link_token_is_not_an_api_token(shared_world):
    world = shared_world
    client = APIClient(HTTP_AUTHORIZATION=f"Token {world.game.table.access_token}")
    assert client.get("/api/v1/games/").status_code in (401, 403)
    response = client.post(f"/api/v1/games/{world.game.pk}/hands/", _api_hand_two(world), format="json")
    assert response.status_code in (401, 403)
    assert world.game.hands.count() == 1
