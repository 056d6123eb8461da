"""A PostgreSQL that stops answering on a connection already open, for real: the site under
gunicorn with the production settings reaches the test database through a TCP forwarder of this
test's own, which stops forwarding mid-request (every connection stays open, nothing passes).

The answer comes from the site, not from gunicorn's timeout (30 s): JSON 503 with Retry-After
from the API, the translated "try again" page (503) from a page, each within 6 s of the request
(the deadline is 5 s: config/postgresql/base.py; the connect timeout 5 s for a new connection),
on the connection kept from an earlier request, on a new one, and on a connection that had
already answered part of the request. When the forwarder forwards again, the next request is
answered as usual.

Runs when DATABASE_URL is PostgreSQL and CELERY_BROKER_URL is Redis (as `.ci/run` sets them);
skipped otherwise, unless REQUIRE_INTEGRATION is set, which turns the skip into a failure.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.parse
from contextlib import suppress

import pytest
from knox.models import AuthToken

from config.errors import RETRY_AFTER_SECONDS
from tests.ops.services import Node, database_url, free_port, http_request, production_environment
from tests.ops.services import has_services as _has_services

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]

if not _has_services():
    if os.environ.get("REQUIRE_INTEGRATION"):
        raise RuntimeError(
            "REQUIRE_INTEGRATION is set but DATABASE_URL/CELERY_BROKER_URL are not PostgreSQL/Redis"
        )
    pytestmark.append(
        pytest.mark.skip(reason="needs DATABASE_URL (PostgreSQL) and CELERY_BROKER_URL (Redis)")
    )

# The bound: the deadline (5 s) and the time a 503 takes to write.
ANSWER_WITHIN = 6.0


class Forwarder:
    """A TCP forwarder from a port of its own to `upstream`, in threads of this process.

    `pause()` stops forwarding both ways: connections stay open and are still accepted, what
    arrives waits (as at a hung server, whose kernel still takes the bytes). `pause(after=n)`
    first lets `n` more chunks of the server's answers through. `resume()` lets everything
    held go on.
    """

    def __init__(self, upstream: tuple[str, int]):
        self.upstream = upstream
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self._turn = threading.Condition()
        self._open = True
        self._through: int | None = None
        self._sockets: list[socket.socket] = []
        threading.Thread(target=self._accept, daemon=True).start()

    def pause(self, after: int = 0) -> None:
        with self._turn:
            if after:
                self._through = after
            else:
                self._open = False

    def resume(self) -> None:
        with self._turn:
            self._open, self._through = True, None
            self._turn.notify_all()

    def close(self) -> None:
        self.resume()
        for sock in [self.listener, *self._sockets]:
            with suppress(OSError):
                sock.close()

    def _accept(self) -> None:
        while True:
            try:
                client, _address = self.listener.accept()
                server = socket.create_connection(self.upstream)
            except OSError:
                return  # closed
            self._sockets += [client, server]
            threading.Thread(target=self._pump, args=(client, server, False), daemon=True).start()
            threading.Thread(target=self._pump, args=(server, client, True), daemon=True).start()

    def _wait_turn(self, from_server: bool) -> None:
        with self._turn:
            self._turn.wait_for(lambda: self._open)
            if from_server and self._through is not None:
                self._through -= 1
                if self._through == 0:
                    self._open, self._through = False, None

    def _pump(self, source: socket.socket, target: socket.socket, from_server: bool) -> None:
        try:
            while data := source.recv(65536):
                self._wait_turn(from_server)
                target.sendall(data)
        except OSError:
            pass
        for sock in (source, target):
            with suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)


@pytest.fixture
def forwarder():
    upstream = urllib.parse.urlsplit(database_url())
    forwarder = Forwarder((upstream.hostname, upstream.port))
    yield forwarder
    forwarder.close()


@pytest.fixture
def site(forwarder, tmp_path):
    """The site under gunicorn (one worker, so every request uses its one kept connection),
    its database reached through `forwarder`."""
    url = urllib.parse.urlsplit(database_url())
    through = url._replace(netloc=f"{url.username}@127.0.0.1:{forwarder.port}").geturl()
    env = production_environment(os.environ["CELERY_BROKER_URL"], DATABASE_URL=through)
    node = Node(env=env, port=free_port(), name="hung-db", folder=tmp_path, workers=1).start()
    yield node
    node.kill()


def _timed(site: Node, path: str, headers: dict[str, str]) -> tuple[float, int, dict, str]:
    started = time.monotonic()
    status, answer_headers, body = http_request(site.url, "GET", path, headers=headers)
    return time.monotonic() - started, status, dict(answer_headers), body


def _assert_api_503(answer: tuple[float, int, dict, str]) -> None:
    elapsed, status, headers, body = answer
    assert status == 503, (status, body[:300])
    assert elapsed <= ANSWER_WITHIN, elapsed
    assert headers["Content-Type"] == "application/json"
    assert headers["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "Try again" in json.loads(body)["detail"]


def test_a_hung_database_is_answered_within_6_s_on_any_connection_and_recovers(site, forwarder, club, sam):
    token = {"Authorization": f"Token {AuthToken.objects.create(user=sam)[1]}"}
    spanish = {"Accept-Language": "es"}
    games, page = "/api/v1/games/", f"/clubs/{club.slug}/"
    assert _timed(site, games, token)[1] == 200  # the worker keeps its connection open

    forwarder.pause()
    kept = _timed(site, games, token)  # the kept connection's health check gets no answer
    _assert_api_503(kept)
    new = _timed(site, page, spanish)  # a new connection gets no answer to its start-up
    assert new[1] == 503 and new[0] <= ANSWER_WITHIN, new[:2]
    assert new[2]["Retry-After"] == str(RETRY_AFTER_SECONDS)
    assert "Inténtelo de nuevo en un momento" in new[3]

    forwarder.resume()
    assert _timed(site, games, token)[1] == 200
    forwarder.pause(after=1)  # the health check's answer passes, the request's first query hangs
    midway = _timed(site, games, token)
    _assert_api_503(midway)

    forwarder.resume()
    recovered = _timed(site, games, token)
    assert recovered[1] == 200, recovered[1:]
    assert json.loads(recovered[3])["count"] == 0
    print(f"answered in {kept[0]:.2f} s (kept), {new[0]:.2f} s (new), {midway[0]:.2f} s (midway)")
