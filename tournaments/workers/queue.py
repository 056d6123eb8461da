"""Queue an event's standings rebuild after the commit, once for a burst of hands.

When fifty tables save hands within a second, one rebuild from all of them is as good as
fifty. The first hand of a burst marks the event in the cache and queues a rebuild a
moment later; the hands that follow see the mark and queue nothing. The task clears the mark
before it reads the hands, so a hand saved while it runs queues the next rebuild.

A lost task holds the mark with it: the hands after it queue nothing for MARK_SECONDS, and if
the night ends first, nothing brings the standings up to date. Measured (bench/README.md,
"Past one machine"): with a worker killed -9 at 60 % of a 600-hand night and no other help,
4 runs of 9 left the standings behind the hands after the last one (15 to 60 s and counting;
the lost message was in neither the queue nor Redis's unacknowledged set, so the visibility
timeout would never have handed it back). The task ledger (tournaments/workers/ledger.py) keeps
the rebuild and sends it again 5 to 8 s after it was due: with it the standings were current
0.2 to 0.9 s after the last hand in every run (5 runs), and 5 to 8 s after a worker died
holding the night's last rebuild (tests/ops/test_faults.py). A task lost with Redis itself
(restarted without `appendonly yes`) is lost from the ledger too: the standings then wait for
the event's next change or `manage.py standings_rebuild`.
"""

from __future__ import annotations

import logging
from functools import partial

from django.core.cache import cache
from django.db import transaction

from tournaments.workers.tasks import standings_recompute as standings_recompute_task

logger = logging.getLogger(__name__)

# Long enough to gather a burst of hands, short enough to show them at once.
DELAY_SECONDS = 1
MARK_SECONDS = 60


def standings_mark(event_id: int) -> str:
    return f"standings-queued:{event_id}"


def standings_queue(*, event_id: int) -> None:
    """Queue the event's standings rebuild after the current transaction commits (coalesced)."""
    transaction.on_commit(partial(_queue_now, event_id))


def _queue_now(event_id: int) -> None:
    try:
        first_of_burst = cache.add(standings_mark(event_id), 1, timeout=MARK_SECONDS)
    except Exception:  # the cache is Redis, and Redis is down: queue without coalescing
        logger.warning("cache unreachable: standings rebuild queued without coalescing")
        first_of_burst = True
    if first_of_burst:
        standings_recompute_task.apply_async(kwargs={"event_id": event_id}, countdown=DELAY_SECONDS)


def standings_unmark(event_id: int) -> None:
    """Clear the event's mark, so that hands saved from now on queue the next rebuild."""
    try:
        cache.delete(standings_mark(event_id))
    except Exception:  # Redis down: the mark expires by itself
        logger.warning("cache unreachable: standings mark left to expire")
