"""Path parameters the database would refuse are "not found", never a server error.

PostgreSQL refuses a NUL byte in any text, so `/t/%00/` once answered 500 without an account.
Every URL pattern with a text parameter (str, slug, path or a regular expression's group: the
site's, the admin's, the API's; walked from the URL resolver, so a new URL is covered) gets a NUL
byte, an over-long value and bytes that are not UTF-8, by GET and POST, from a visitor and from
a superuser who directs the club: no answer is a 500, the link pages answer 404, and no query
ever carries the NUL byte to the database (so SQLite, which would take it, proves it too).
"""

from __future__ import annotations

from functools import partial

import pytest
from django.db import connection
from django.test import Client
from django.urls import URLResolver, get_resolver
from django.urls.converters import IntConverter

from tests.support.factories import MembershipFactory, UserFactory

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

BAD_VALUES = {"nul": "%00", "nul-inside": "ab%00cd", "over-long": "a" * 5000, "not-utf-8": "%FF%FE%80"}


UrlFormat = tuple[str, tuple[str, ...], tuple[str, ...]]


def _url_formats(resolver: URLResolver, prefix: str = "") -> set[UrlFormat]:
    """(format string, all parameters, integer parameters) of every URL the resolver reverses."""
    found = set()
    for key in list(resolver.reverse_dict):
        for possibilities, _pattern, _defaults, converters in resolver.reverse_dict.getlist(key):
            for url_format, params in possibilities:
                ints = tuple(p for p in params if isinstance(converters.get(p), IntConverter))
                found.add((prefix + url_format, tuple(params), ints))
    for ns_prefix, sub in resolver.namespace_dict.values():
        found |= _url_formats(sub, prefix + ns_prefix)
    return found


def _text_parameter_urls() -> list[UrlFormat]:
    urls = [(f, params, ints) for f, params, ints in _url_formats(get_resolver()) if set(params) - set(ints)]
    return sorted(urls)


def _nul_params(found, execute, sql, params, many, context):
    """An execute wrapper: note each query whose parameters carry a NUL byte, then run it."""
    if any("\x00" in str(param) for param in (params or ())):
        found.append(sql)
    return execute(sql, params, many, context)


def test_the_walk_finds_the_table_links_the_admin_and_the_api():
    formats = {f for f, _params, _ints in _text_parameter_urls()}
    assert {"t/%(token)s/", "t/%(token)s/hands/", "t/%(token)s/hands/%(number)s/confirm/"} <= formats
    assert any(f.startswith("admin/") for f in formats)
    assert any(f.startswith("api/v1/") for f in formats)


@pytest.mark.parametrize("bad", BAD_VALUES.values(), ids=BAD_VALUES.keys())
def test_every_text_path_parameter_refused_by_the_database_is_not_found(club, league_night, bad):
    director = UserFactory(username="root", is_staff=True, is_superuser=True)
    MembershipFactory(club=club, user=director, role="director")
    signed_in = Client(raise_request_exception=False)
    signed_in.force_login(director)
    clients = {"visitor": Client(raise_request_exception=False), "director": signed_in}
    failures = []
    for url_format, params, ints in _text_parameter_urls():
        values = {p: "1" if p in ints else bad for p in params}
        url = "/" + url_format % values
        for who, client in clients.items():
            for method in ("get", "post"):
                nul_queries: list[str] = []
                with connection.execute_wrapper(partial(_nul_params, nul_queries)):
                    status = getattr(client, method)(url).status_code
                link_page = url_format.startswith("t/")
                if status >= 500 or nul_queries or (link_page and status != 404):
                    failures.append((method.upper(), url[:80], who, status, len(nul_queries)))
    assert not failures


def test_every_api_url_with_a_format_suffix_answers_without_a_server_error(club, league_night):
    """The API's routes take a format suffix (`/api/v1/events/1/standings.json`): a view that
    does not accept the `format` argument answered 500 to every signed-in user."""
    director = UserFactory(username="root", is_staff=True, is_superuser=True)
    MembershipFactory(club=club, user=director, role="director")
    client = Client(raise_request_exception=False)
    client.force_login(director)
    suffixed = [
        (url_format, params, ints)
        for url_format, params, ints in _url_formats(get_resolver())
        if "format" in params and url_format.startswith("api/")
    ]
    assert any("standings" in url_format for url_format, _params, _ints in suffixed)
    failures = []
    for url_format, params, ints in sorted(suffixed):
        values = {p: "json" if p == "format" else str(league_night.pk) if p in ints else "1" for p in params}
        url = "/" + url_format % values
        status = client.get(url).status_code
        if status >= 500:
            failures.append((url, status))
    assert not failures
