"""Celery tasks: thin interfaces over services. Arguments are ids; each task is safe to run twice."""

from __future__ import annotations

import logging

from celery import Task, shared_task
from django.db import InterfaceError as DatabaseInterfaceError
from django.db import OperationalError as DatabaseOperationalError
from kombu.exceptions import OperationalError

logger = logging.getLogger(__name__)


class RunHereIfBrokerDown(Task):
    """Queue as usual; if the broker cannot take the task (Redis down or restarting), run it here.

    Every task here is idempotent and derives its result from the database, so running it in
    the web process is a correct, slower, stand-in for the worker: the hand that was just saved
    still reaches the standings and the scorer gets no error for a committed hand.
    """

    # Nobody reads these tasks' return values: storing them would only load Redis.
    ignore_result = True

    def apply_async(self, args=None, kwargs=None, **options):
        try:
            return super().apply_async(args, kwargs, **options)
        except OperationalError:
            logger.warning("Celery broker unreachable: running %s in-process", self.name)
            return self.apply(args, kwargs, throw=False)


# Every task here rebuilds from the database, so a redelivery (acks_late) or a retry is safe.
IDEMPOTENT_TASK = {
    "base": RunHereIfBrokerDown,
    "acks_late": True,
    # A lost connection to Redis or PostgreSQL (a restart): try again, with backoff. The
    # standings task has already cleared its mark, so without the retry nothing would bring
    # the standings up to date until the event's next hand.
    "autoretry_for": (ConnectionError, DatabaseOperationalError, DatabaseInterfaceError),
    "retry_backoff": True,
    "max_retries": 5,
}


@shared_task(**IDEMPOTENT_TASK)
def standings_recompute(*, event_id: int) -> int:
    """Rebuild one event's standings from its hands; returns the number of rows."""
    from tournaments.services import standings_rebuild
    from tournaments.standings_queue import standings_unmark

    standings_unmark(event_id)  # hands saved from now on queue the next rebuild
    return len(standings_rebuild(event_id=event_id))


@shared_task(**IDEMPOTENT_TASK)
def round_seat(*, round_id: int) -> str | None:
    """Compute and store one round's seating; returns the round's status (None if it is gone)."""
    from tournaments.services import round_seat as round_seat_service
    from tournaments.services.round_tools import round_seating_began

    round_seating_began(round_id=round_id)
    round = round_seat_service(round_id=round_id)
    return None if round is None else round.status


@shared_task(**IDEMPOTENT_TASK)
def ratings_recompute(*, club_id: int) -> int:
    """Rebuild one club's ratings from its finished games; returns the number of players rated."""
    from tournaments.services import ratings_rebuild

    return ratings_rebuild(club_id=club_id)


@shared_task(**IDEMPOTENT_TASK)
def ratings_refresh_all() -> int:
    """Nightly (celery beat): queue a ratings rebuild for every club; returns how many.

    Season tables need no refresh: they are computed on read from the nights' standings.
    """
    from clubs.models import Club

    club_ids = list(Club.objects.order_by("pk").values_list("pk", flat=True))
    for club_id in club_ids:
        ratings_recompute.delay(club_id=club_id)
    return len(club_ids)
