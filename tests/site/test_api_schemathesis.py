"""The API against its own OpenAPI schema, by schemathesis: requests generated from the schema
(`/api/schema/`) for every operation, sent in-process to the site's WSGI application as the
club's director, as a member (each by a token) and as nobody; each answer checked for a server
error, a status code the schema does not give, a body or a header against the schema, and a
content type it does not declare.

Bounded: 8 examples an operation, derandomized (the same requests on every run): some 7,600
requests in about 70 s. The sign-outs are left out (they revoke the token the other requests
use). bench/README.md ("API fuzzing") has the longer runs against gunicorn.
"""

from __future__ import annotations

import pytest
import schemathesis
from django.core.signals import request_finished, request_started
from django.core.wsgi import get_wsgi_application
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from knox.models import AuthToken
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.support.hands import HAND_A
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.slow

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]
EXAMPLES = 8


# Loaded once, at collection (the schema's view reads no database).
schema = schemathesis.openapi.from_wsgi("/api/schema/", get_wsgi_application())
schema = schema.exclude(path_regex="/auth/logout")


@pytest.fixture
def in_process(db):
    """As Django's test client does, the connection is not closed at each request's end: it
    holds the test's transaction."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


@pytest.fixture(params=["director", "member", "nobody"])
def signed_in(request, in_process, league_night, alice, bob, sam) -> dict[str, str]:
    """The headers of who asks (the director's or a member's token, or none), on a league night
    with a hand recorded: every kind of object has an id for the generated requests to find."""
    game = Game.objects.filter(table__round__event=league_night).first()
    services.hand_record(game=game, asked=services.HandInput(number=1, entries=HAND_A), recorded_by=sam)
    # The WSGI transport reads the body as sent: not gzipped (GZipMiddleware).
    headers = {"Accept-Encoding": "identity"}
    user = {"director": alice, "member": bob}.get(request.param)
    if user is not None:
        headers["Authorization"] = f"Token {AuthToken.objects.create(user=user)[1]}"
    return headers


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=list(HealthCheck),
)
def test_the_api_answers_as_its_schema_says(case, signed_in):
    case.call_and_validate(headers=signed_in, checks=CHECKS)
