"""What a process keeps of its own reads: Django's local-memory cache under the alias KEPT
(`CACHES` in config/settings/base.py), out of date by `clubs.stamps`, for KEPT_SECONDS at most."""

from __future__ import annotations

from typing import Any

from django.core.cache import caches

KEPT = "kept"
# The longest a value is kept: a read kept under a stamp is read again at once when the stamp
# changes; this bounds only a change whose renewal of the stamp was lost.
KEPT_SECONDS = 15 * 60


def kept_get(key: str) -> Any:
    """The value kept under `key`, or None."""
    return caches[KEPT].get(key)


def kept_put(key: str, value: Any) -> None:
    caches[KEPT].set(key, value, timeout=KEPT_SECONDS)
