"""The services' one door to the workers: tasks sent by name after the commit, and an event's
standings rebuild queued once for a burst of hands.

The services queue work here and never import the tasks (tournaments/workers/tasks.py), which
import the services: with the names below as the only link, the imports run one way (a
contract in .importlinter says so). A task is looked up by its name in the Celery app's
registry (`tournaments.apps` registers them), so it runs as the task itself would be sent:
in-process when the tests ask for it, in-process too when the broker cannot take it
(`RunHereIfBrokerDown`).

Standings: when fifty tables save hands within a second, one rebuild from all of them is as
good as fifty. The first hand of a burst marks the event in the cache and queues a rebuild a
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

from celery import current_app
from django.core.cache import cache
from django.db import transaction

logger = logging.getLogger(__name__)

# The tasks' names, the one link between this door and tournaments/workers/tasks.py.
STANDINGS_RECOMPUTE = "tournaments.tasks.standings_recompute"
ROUND_SEAT = "tournaments.tasks.round_seat"
RATINGS_RECOMPUTE = "tournaments.tasks.ratings_recompute"
RATINGS_REFRESH_ALL = "tournaments.tasks.ratings_refresh_all"
FEDERATION_RATINGS_RECOMPUTE = "tournaments.tasks.federation_ratings_recompute"
GAME_RATE = "tournaments.tasks.game_rate"
TASKS_LOST_RESEND = "tournaments.tasks.tasks_lost_resend"

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
        task_send(STANDINGS_RECOMPUTE, countdown=DELAY_SECONDS, event_id=event_id)


def standings_unmark(event_id: int) -> None:
    """Clear the event's mark, so that hands saved from now on queue the next rebuild."""
    try:
        cache.delete(standings_mark(event_id))
    except Exception:  # Redis down: the mark expires by itself
        logger.warning("cache unreachable: standings mark left to expire")


def seating_queue(*, round_id: int) -> None:
    """Queue the round's seating after the current transaction commits."""
    transaction.on_commit(partial(task_send, ROUND_SEAT, round_id=round_id))


def ratings_queue(*, club_id: int, game_id: int | None = None) -> None:
    """After the current transaction commits: with `game_id` (that game finished, or its result
    changed), the one update of the ratings it moves (`services.game_rate`); without, the
    club's ratings rebuild."""
    if game_id is None:
        transaction.on_commit(partial(task_send, RATINGS_RECOMPUTE, club_id=club_id))
        return
    transaction.on_commit(partial(task_send, GAME_RATE, game_id=game_id))


def task_send(name: str, *, countdown: float | None = None, **kwargs: int) -> None:
    """Send the task registered as `name` with these keyword arguments (ids), now or after
    `countdown` seconds. Raises KeyError for a name no task has."""
    task = current_app.tasks[name]
    if countdown is None:
        task.apply_async(kwargs=kwargs)
    else:
        task.apply_async(kwargs=kwargs, countdown=countdown)
