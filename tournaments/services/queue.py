"""The services' one door to the workers: tasks sent by name after the commit, and an event's
standings rebuild queued once for a burst of hands. Design: docs/deployment.md ("How a task is
sent and kept")."""

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
NIGHT_REMINDERS_SEND = "tournaments.tasks.night_reminders_send"

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
