"""The site's doors as the permission matrices read them: every URL name from the resolver, the
methods each API route serves, the pages that give a download, and the rows a request wrote
(counted by table: a refused request writes none)."""

from __future__ import annotations

import inspect
from typing import Any

from django.db import connection
from django.urls import URLPattern, URLResolver, get_resolver

# Whole namespaces with their own gate, tested apart (tests/site/test_permissions.py).
EXEMPT_NAMESPACES = {"admin"}
# Public by design and answering 503 while no worker runs, so no row of a matrix: the health
# check shows no club data at all (tests/ops/test_health.py checks what it shows).
OUTSIDE_THE_MATRIX = {"health"}
HTTP_METHODS = ("get", "post", "put", "patch", "delete")


def _patterns() -> list[tuple[str, URLPattern]]:
    """Every URL pattern with its full name ("namespace:name"), the admin's left out."""
    found: list[tuple[str, URLPattern]] = []

    def walk(patterns: list[Any], namespace: list[str]) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                if pattern.namespace in EXEMPT_NAMESPACES:
                    continue
                walk(
                    pattern.url_patterns, [*namespace, pattern.namespace] if pattern.namespace else namespace
                )
            elif isinstance(pattern, URLPattern):
                name = ":".join([*namespace, pattern.name or f"<unnamed {pattern.pattern}>"])
                found.append((name, pattern))

    walk(get_resolver().url_patterns, [])
    return found


def url_names() -> set[str]:
    """Every URL name of the site (but the admin's)."""
    return {name for name, _pattern in _patterns()}


def api_methods() -> dict[str, set[str]]:
    """Each REST framework route's name -> the methods it serves, in capitals (HEAD and OPTIONS
    left out): a viewset's by its actions, a view's by its handlers."""
    methods: dict[str, set[str]] = {}
    for name, pattern in _patterns():
        view = getattr(pattern.callback, "cls", None)
        if view is None:
            continue
        actions = getattr(pattern.callback, "actions", None)
        # A viewset's actions gain "head" once it has answered a GET: read the methods only.
        served = {m for m in HTTP_METHODS if (m in actions if actions else hasattr(view, m))}
        methods.setdefault(name, set()).update(m.upper() for m in served)
    return methods


def download_views() -> set[str]:
    """The URL names of the pages that give a CSV or XLSX download of their table
    (tournaments/web/exports.py, `export_response`), read from each view's source."""
    found = set()
    for name, pattern in _patterns():
        view = inspect.unwrap(pattern.callback)
        try:
            source = inspect.getsource(view)
        except (OSError, TypeError):
            continue
        if "export_response(" in source:
            found.add(name)
    return found


# Tables a request may write without writing anything a refusal must keep: the sessions, the
# login throttle's records.
_NOT_COUNTED = ("django_session",)
_NOT_COUNTED_PREFIXES = ("axes_",)
Written = dict[str, tuple[int, int, int]]


def rows() -> Written:
    """Each table the current transaction has written -> the rows it inserted, updated and
    deleted so far (PostgreSQL's own count, `pg_stat_xact_user_tables`: a savepoint rolled back
    keeps its count). The difference over a request is what the request wrote."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, n_tup_ins, n_tup_upd, n_tup_del FROM pg_stat_xact_user_tables "
            "WHERE n_tup_ins + n_tup_upd + n_tup_del > 0"
        )
        return {
            table: (inserted, updated, deleted)
            for table, inserted, updated, deleted in cursor.fetchall()
            if table not in _NOT_COUNTED and not table.startswith(_NOT_COUNTED_PREFIXES)
        }


def rows_changed(before: Written, after: Written) -> list[str]:
    """The tables a request wrote between `before` and `after` (`rows`), each with the rows it
    inserted, updated and deleted."""
    written = []
    for table in sorted(after):
        was = before.get(table, (0, 0, 0))
        inserted, updated, deleted = (after[table][n] - was[n] for n in range(3))
        if inserted or updated or deleted:
            written.append(f"{table} +{inserted} ~{updated} -{deleted}")
    return written
