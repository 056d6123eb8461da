"""celery beat's scheduler for this site: of all the beats running, only one sends.

A Redis lock held for LOCK_SECONDS, renewed each tick; a standby looks every STANDBY_SECONDS.
Without a Redis cache every beat sends. Design: docs/deployment.md#3-the-processes"""

from __future__ import annotations

import logging
import os
import socket
import uuid
from typing import Any

from celery.beat import PersistentScheduler

logger = logging.getLogger(__name__)

LOCK_KEY = "celery-beat:leader"
LOCK_SECONDS = 15
STANDBY_SECONDS = 5.0


class SingleBeatScheduler(PersistentScheduler):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.token = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.leading: bool | None = None  # not known before the first tick
        super().__init__(*args, **kwargs)

    def tick(self, *args: Any, **kwargs: Any) -> float:
        if not self.hold_lock():
            return STANDBY_SECONDS
        return super().tick(*args, **kwargs)

    def hold_lock(self) -> bool:
        """Take or renew the lock; True while this beat is the one that sends."""
        from django.core.cache import cache

        try:
            if cache.add(LOCK_KEY, self.token, timeout=LOCK_SECONDS):
                holder = self.token
            else:
                holder = cache.get(LOCK_KEY)
                if holder == self.token:
                    cache.touch(LOCK_KEY, LOCK_SECONDS)
        except Exception:  # Redis down: the broker with it, nothing could be sent anyway
            logger.warning("beat: the lock cannot be read (Redis unreachable); sending nothing")
            return False
        leading = holder == self.token
        if leading != self.leading:
            if leading:
                logger.info("beat %s: leading, sending the periodic tasks", self.token)
            else:
                logger.warning("beat %s: beat %s leads; standing by, sending nothing", self.token, holder)
        self.leading = leading
        return leading

    def close(self) -> None:
        """On a clean stop, hand the lock over at once rather than after LOCK_SECONDS."""
        from django.core.cache import cache

        try:
            if self.leading and cache.get(LOCK_KEY) == self.token:
                cache.delete(LOCK_KEY)
        except Exception:
            logger.warning("beat: the lock could not be released; it runs out by itself")
        super().close()
