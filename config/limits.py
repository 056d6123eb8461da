"""Attempts counted in the cache for the limits of pages (reset mails, wrong table codes). Keys
are digests; without a cache that answers, nothing is counted or refused (a warning)."""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Iterable, Mapping

from django.core.cache import cache

logger = logging.getLogger(__name__)


def attempt_key(kind: str, value: str) -> str:
    """The cache key counting `kind` of attempts by `value` (an address, a client's address)."""
    return f"limit:{kind}:{hashlib.sha256(value.encode()).hexdigest()}"


def reached(limits: Mapping[str, int]) -> str | None:
    """The first key of `limits` (key -> most attempts) whose count is at its limit, else None."""
    try:
        for key, limit in limits.items():
            if (cache.get(key) or 0) >= limit:
                return key
    except Exception:
        logger.warning("limits: the cache did not answer, no limit is applied")
    return None


def counted(key: str) -> int:
    """How many attempts `key` has counted (0 without a cache that answers)."""
    try:
        return int(cache.get(key) or 0)
    except Exception:
        logger.warning("limits: the cache did not answer")
        return 0


def count(keys: Iterable[str], window: int) -> None:
    """One attempt more for each of `keys`, forgotten `window` seconds after the first."""
    try:
        for key in keys:
            cache.add(key, 0, window)
            cache.incr(key)
    except Exception:
        logger.warning("limits: the cache did not answer, the attempt is not counted")
