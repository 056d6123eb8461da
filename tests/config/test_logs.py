"""One redaction for every log record: what the root logger's handlers write never carries a
table link's token, whichever logger wrote the line (CSRF failure, 404, 500 with a traceback)."""

from __future__ import annotations

import io
import logging
import sys

import pytest
from django.test import Client

from config.logs import RedactTableLinks
from tournaments.models import Table
from tournaments.web import table

pytestmark = pytest.mark.django_db


@pytest.fixture
def log_output():
    """What the handlers that settings.LOGGING put on the root logger write (pytest's own
    capture handlers left out), read back as text."""
    buffer = io.StringIO()
    handlers = [
        handler
        for handler in logging.getLogger().handlers
        if isinstance(handler, logging.StreamHandler) and not type(handler).__module__.startswith("_pytest")
    ]
    assert handlers, "settings.LOGGING gives the root logger a handler"
    streams = [handler.setStream(buffer) for handler in handlers]
    try:
        yield buffer
    finally:
        for handler, stream in zip(handlers, streams, strict=True):
            handler.setStream(stream)


@pytest.fixture
def token(league_night):
    return Table.objects.filter(round__event=league_night).first().access_token


def test_a_failed_csrf_check_a_404_and_a_500_on_a_link_path_log_no_token(log_output, token, monkeypatch):
    Client(enforce_csrf_checks=True).post(f"/t/{token}/hands/", {"number": 1})  # no CSRF cookie: 403
    mistyped = token[:-1] + ("y" if token.endswith("x") else "x")
    Client().get(f"/t/{mistyped}/")  # a mistyped link: 404

    def broken(request, access, **kwargs):
        raise RuntimeError(f"could not render /t/{token}/ for this request")

    monkeypatch.setattr(table, "_page", broken)
    response = Client(raise_request_exception=False).get(f"/t/{token}/")
    assert response.status_code == 500

    logged = log_output.getvalue()
    assert "Forbidden (CSRF cookie not set.)" in logged
    assert "Not Found: /t/" in logged
    assert "Internal Server Error: /t/" in logged
    assert "RuntimeError: could not render /t/" in logged  # the traceback was written too
    assert token not in logged
    assert token[:-1] not in logged
    assert f"/t/{token[:4]}…" in logged


def test_the_filter_redacts_arguments_tracebacks_and_stacks():
    try:
        raise ValueError("/t/abcdefghijklmnop/ failed")
    except ValueError:
        exc_info = sys.exc_info()
    record = logging.LogRecord(
        "any.logger", logging.ERROR, __file__, 1, "Saw %s", ("/t/qrstuvwxyz012345/",), exc_info
    )
    record.stack_info = "Stack (most recent call last):\n  /t/zzzzzzzzzzzzzzzz/"
    assert RedactTableLinks().filter(record) is True
    text = logging.Formatter().format(record)
    assert "qrstuvwxyz" not in text and "abcdefghijklmnop" not in text and "zzzzzzzzzz" not in text
    assert "/t/qrst…/" in text and "/t/abcd…/" in text


@pytest.mark.parametrize(
    "line",
    [
        '"GET /t/%68amqhJm80Mm2Lh46M2ep8rVKxXcxxsgE/ HTTP/1.1" 200',
        '"GET /t%2FhamqhJm80Mm2Lh46M2ep8rVKxXcxxsgE/ HTTP/1.1" 200',
        '"POST /t/%68%61mqhJm80Mm2Lh46M2ep8rVKxXcxxsgE/hands/ HTTP/1.1" 403',
        '"GET /accounts/login/?next=%2Ft%2FhamqhJm80Mm2Lh46M2ep8rVKxXcxxsgE%2F HTTP/1.1" 302',
        '"GET /accounts/login/?next=%252Ft%252FhamqhJm80Mm2Lh46M2ep8rVKxXcxxsgE HTTP/1.1" 302',
        "Not Found: /T/hamqhJm80Mm2Lh46M2ep8rVKxXcxxsgE/",
    ],
)
def test_an_encoded_or_upper_case_link_is_redacted_too(line):
    """The access-log lines of an attack on the real set-up: each carried a whole token."""
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    text = record.getMessage()
    assert "hJm80Mm2" not in text
    assert "hamq…" in text


def test_a_line_without_a_link_is_left_as_written():
    line = '"GET /events/?q=caf%C3%A9%20night HTTP/1.1" 200'
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    assert record.getMessage() == line


TOKEN = "DFtxq9cKp1LHVwjs-tpEuBHX2-W-gAxr"


@pytest.mark.parametrize(
    "path",
    [
        f"/t/DFtx%{ord('q'):02X}{TOKEN[5:]}/",  # one character encoded after the fourth: served
        f"/t/{TOKEN[:10]}%{ord(TOKEN[10]):02x}{TOKEN[11:]}/hands/",
        f"/t//{TOKEN}/",
        f"/t/./{TOKEN}/",
        f"/t;x/{TOKEN}/",
        f"/t\\{TOKEN}/",
        f"/t%5C{TOKEN}/",
        f"/t%25252F{TOKEN}/",
    ],
)
def test_a_token_hidden_by_encoding_or_odd_separators_is_cut(path):
    """Found by a second attack on the production set-up: each of these kept all or most of
    the token in gunicorn's access log."""
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, f'"GET {path} HTTP/1.1" 404', (), None
    )
    RedactTableLinks().filter(record)
    text = record.getMessage()
    assert TOKEN[4:12] not in text, text
    assert "DFtx…" in text


def test_an_encoded_line_break_cannot_forge_a_log_line():
    forged = '/t/DFtxq9cKp1LHVwjs-tpE/?x=%0A127.0.0.1 - - "GET /admin/FORGED HTTP/1.1" 200 1'
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, f'"GET {forged} HTTP/1.1" 404', (), None
    )
    RedactTableLinks().filter(record)
    text = record.getMessage()
    assert "\n" not in text and "\x00" not in text
    assert "\\x0a127.0.0.1" in text


@pytest.mark.parametrize(
    "line",
    [
        '"GET /static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-standalone-preset.a90d4e3f4b86.js"',
        '"GET /static/admin/js/admin/RelatedObjectLookups.ed6240809a40.js HTTP/1.1" 200',
        '"GET /clubs/riverside-canasta-club-of-the-north/ HTTP/1.1" 200',
        '"POST /api/v1/games/17/hands/?submission_id=2d9b4c3e-1f2a-4b5c-8d9e-0f1a2b3c4d5e HTTP/1.1" 201',
    ],
)
def test_ordinary_lines_are_left_as_written(line):
    """A third check on the production set-up found static files, long slugs and UUIDs cut."""
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    assert record.getMessage() == line


@pytest.mark.parametrize(
    "line",
    [
        f'"GET /t%252525252F{TOKEN}/ HTTP/1.1" 404',
        f'"GET /t/%22{TOKEN}%22/ HTTP/1.1" 404',
        f'"GET /t/{TOKEN[:4]}%ZZ{TOKEN[4:]}/ HTTP/1.1" 404',
        f'"GET /?{TOKEN} HTTP/1.1" 200 "-" "Mozilla/5.0 {TOKEN}"',
        '"GET /accounts/reset/MQ/cf8x2k-5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d/ HTTP/1.1" 302',
    ],
)
def test_a_token_beside_stray_characters_is_cut(line):
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    text = record.getMessage()
    assert TOKEN[5:13] not in text and "5a6b7c8d9e" not in text, text


def test_decoded_unicode_line_breaks_are_escaped():
    forged = f"/t/{TOKEN}/?x=%C2%85FORGED%E2%80%A8FORGED%E2%80%A9FORGED"
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, f'"GET {forged} HTTP/1.1"', (), None
    )
    RedactTableLinks().filter(record)
    text = record.getMessage()
    assert len(text.splitlines()) == 1, text
    assert "\\x85FORGED\\u2028FORGED\\u2029FORGED" in text


RESET_TOKEN = "cf8x2k-5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d"


@pytest.mark.parametrize(
    "path",
    [
        f"/accounts/reset/MQ/{RESET_TOKEN.upper()}/",  # uppercased: not a reset token's shape
        f"/accounts/reset/MQ/{RESET_TOKEN}x/",  # a character appended: not one either
        f"/ACCOUNTS/RESET/MQ/{RESET_TOKEN}/",
        f"/accounts/reset/MQ/{RESET_TOKEN[:9]}/",  # short
        f"/accounts/reset/MQ/{RESET_TOKEN}/{RESET_TOKEN}/?next={RESET_TOKEN}",
        f"/accounts/reset/MQ/{RESET_TOKEN[:6]}%2D{RESET_TOKEN[7:]}/",
        f"/accounts/reset/MQ/{TOKEN}/",
        "/accounts/reset/MQ/set-password/",
    ],
)
def test_whatever_follows_a_reset_link_s_user_is_cut(path):
    """Found by an attack on the production set-up: the first two kept the whole token in
    gunicorn's access log. The user's id (MQ, in base 64) stays: an id, not a secret."""
    record = logging.LogRecord(
        "gunicorn.access", logging.INFO, __file__, 1, f'"GET {path} HTTP/1.1" 404', (), None
    )
    RedactTableLinks().filter(record)
    prefix = path[: len("/accounts/reset/MQ/")]
    assert record.getMessage() == f'"GET {prefix}… HTTP/1.1" 404'


def test_the_reset_pages_without_a_token_are_left_as_written():
    line = '"GET /accounts/reset/done/ HTTP/1.1" 200'
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    assert record.getMessage() == line


def test_a_reset_link_in_a_quoted_field_keeps_the_field_s_closing_quote():
    """Found by an attack on the production set-up: a reset link as the Referer lost the quote
    that closes the field, and the access log's fields no longer paired."""
    line = f'"GET /nope/ HTTP/1.1" 404 179 "http://127.0.0.1/accounts/reset/MQ/{RESET_TOKEN}/" "curl/7.88.1"'
    record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
    RedactTableLinks().filter(record)
    assert (
        record.getMessage()
        == '"GET /nope/ HTTP/1.1" 404 179 "http://127.0.0.1/accounts/reset/MQ/…" "curl/7.88.1"'
    )


def test_a_body_over_the_limit_is_one_line_in_the_log_without_a_traceback(log_output):
    client = Client(raise_request_exception=False)
    body = "[" + "1," * 2_000_000 + "1]"  # over DATA_UPLOAD_MAX_MEMORY_SIZE (2.5 MB)
    response = client.post("/api/v1/score-sheets/", body, content_type="application/json")
    assert response.status_code == 400
    written = log_output.getvalue()
    assert "Request body exceeded settings.DATA_UPLOAD_MAX_MEMORY_SIZE" in written
    assert "Traceback" not in written


def test_a_server_error_keeps_its_traceback(log_output):
    logger = logging.getLogger("django.request")
    try:
        raise ValueError("a fault of the server's")
    except ValueError:
        logger.error("Internal Server Error: /x/", exc_info=sys.exc_info())
    assert "Traceback" in log_output.getvalue()


def test_a_hall_board_link_is_redacted_whatever_its_letters():
    """A board link's signature may lack the capitals or digits that the run of a secret has:
    it is cut all the same, its event and version kept."""
    for signature in (
        "abcdefghijklmnopqrstuvwxyzabcdefghijklmnopq",
        "Xk3-qT9aLmN0pQrStUvWxYz_12345678901234567",
    ):
        line = f'"GET /board/12-3:{signature}/live/ HTTP/1.1" 304'
        record = logging.LogRecord("gunicorn.access", logging.INFO, __file__, 1, line, (), None)
        RedactTableLinks().filter(record)
        assert record.getMessage() == f'"GET /board/12-3:{signature[:4]}…/live/ HTTP/1.1" 304'
