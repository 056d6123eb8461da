"""Stamps: cache tokens renewed by each write they cover, so no read cached before it is served.

Design: docs/site.md#stamps"""

from __future__ import annotations

import contextlib
import uuid

from django.conf import settings
from django.core.cache import cache
from django.db import transaction

FEDERATION_NAMES = "stamp:federation-names"


def stamp(key: str) -> str | None:
    """The token of `key` now (made on first use); None when the cache cannot be reached or
    is not shared by every process."""
    if not settings.CACHE_IS_SHARED:
        return None
    try:
        token = cache.get(key)
        if token is None:
            # add, not set: two readers making the first token at once agree on one.
            cache.add(key, uuid.uuid4().hex, timeout=None)
            token = cache.get(key)
    except Exception:  # the cache is Redis, and Redis is down: nothing is cached meanwhile
        return None
    return token


def touch(key: str) -> None:
    """Renew the token of `key` now and again once the transaction in progress commits: a
    reader between the write and its commit may cache what it read before the write under the
    first new token, which the second replaces."""

    def renew() -> None:
        # Redis down: what was cached under the old token ends at its expiry.
        with contextlib.suppress(Exception):
            cache.set(key, uuid.uuid4().hex, timeout=None)

    renew()
    transaction.on_commit(renew)
