"""Celery tasks: thin interfaces over services. Arguments are ids; each task is safe to run twice.

Routed to the *short* or *long* queue (`CELERY_TASK_ROUTES` in config/settings/base.py); the
tasks people wait on are `Guarded`. Each keeps the name it had in the module `tournaments.tasks`,
so messages and ledger entries written before an upgrade still find it. Design:
docs/deployment.md ("The two queues", "How a task is sent and kept").
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

from celery import Task, current_app, shared_task
from celery.exceptions import Retry, TimeLimitExceeded
from celery.signals import before_task_publish
from django.db import InterfaceError as DatabaseInterfaceError
from django.db import OperationalError as DatabaseOperationalError
from django.utils import timezone
from kombu.exceptions import OperationalError

from clubs.models import Club, Federation
from tournaments import services
from tournaments.services.queue import (
    FEDERATION_RATINGS_RECOMPUTE,
    GAME_RATE,
    RATINGS_RECOMPUTE,
    RATINGS_REFRESH_ALL,
    ROUND_SEAT,
    STANDINGS_RECOMPUTE,
    TASKS_LOST_RESEND,
    standings_unmark,
)
from tournaments.workers import ledger

logger = logging.getLogger(__name__)


class RunHereIfBrokerDown(Task):
    """Queue as usual; if the broker cannot take the task (Redis down or restarting), run it
    here: every task is idempotent and reads the database, so the web process is a correct,
    slower, stand-in for the worker."""

    # Nobody reads these tasks' return values: storing them would only load Redis.
    ignore_result = True

    def apply_async(
        self,
        args: tuple[Any, ...] | None = None,
        kwargs: dict[str, Any] | None = None,
        *more: Any,
        **options: Any,
    ) -> Any:
        try:
            return super().apply_async(args, kwargs, *more, **options)
        except OperationalError:
            logger.warning("Celery broker unreachable: running %s in-process", self.name)
            return self.apply(args, kwargs, throw=False)


class Guarded(RunHereIfBrokerDown):
    """A task somebody waits on, kept in the task ledger until a run that began after it ends,
    or until it fails for good (`task_time_limits` in config/settings/base.py).

    `locks` names the row the task holds locked while it works ("app.Model", argument): the
    sweep does not send again a task whose row a live worker holds.
    """

    locks: tuple[str, str] | None = None

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        run = ledger.run_started(self.name, kwargs)
        due = getattr(self.request, ledger.HEADER, None) or (self.request.headers or {}).get(ledger.HEADER)
        if run is not None and run.covered(due):
            # A run that began after this message was due has ended: it saw all this one asks.
            logger.info("%s: covered by a later run", run.task)
            return None
        try:
            result = super().__call__(*args, **kwargs)
        except Retry:
            raise  # sent again (and written in the ledger again) by the retry itself
        except Exception:
            ledger.run_ended(run)  # failed for good: logged by Celery, not sent again
            raise
        ledger.run_ended(run)
        return result

    def on_failure(self, exc: Exception, task_id: str, args: Any, kwargs: Any, einfo: Any) -> None:
        """After a failure; at the hard time limit (called in the worker's main process, its
        pool process killed), cross the task off the ledger as `__call__` could not."""
        if isinstance(exc, TimeLimitExceeded):
            seconds = exc.args[0] if exc.args else self.time_limit
            ledger.run_killed(self.name, kwargs or {}, seconds=float(seconds or 0))


# Set on a message that need not be kept in the ledger (the nightly refresh's rebuilds: a lost
# one is redone the next night, and hundreds queued at once are not worth watching).
UNGUARDED = {"ledger": "off"}


@before_task_publish.connect
def _write_in_the_ledger(
    sender: str | None = None, body: Any = None, headers: dict[str, Any] | None = None, **kwargs: Any
) -> None:
    """Before a Guarded task's message goes to the broker: write it in the ledger, and put the
    time it is due in the message (a countdown's task is due when its countdown ends)."""
    task = current_app.tasks.get(sender) if sender else None
    if sender is None or not isinstance(task, Guarded) or headers is None or headers.get("ledger") == "off":
        return
    try:
        task_kwargs = body[1]
    except (TypeError, IndexError, KeyError):
        return
    delay = 0.0
    if eta := headers.get("eta"):
        try:
            delay = (datetime.fromisoformat(eta) - timezone.now()).total_seconds()
        except (TypeError, ValueError):
            delay = 0.0
    due = ledger.sent(sender, task_kwargs, delay=delay)
    if due is not None:
        headers[ledger.HEADER] = due


_T = TypeVar("_T", bound=Task)


def idempotent_task(name: str, base: type[_T], **options: Any) -> Callable[[Callable[..., Any]], _T]:
    """A task of `base` (RunHereIfBrokerDown or Guarded) registered as `name`: every task here
    rebuilds from the database, so a redelivery (acks_late) or a retry is safe."""
    return shared_task(
        name=name,
        base=base,
        acks_late=True,
        # A lost connection to Redis or PostgreSQL (a restart): try again, with backoff. The
        # standings task has already cleared its mark, so without the retry nothing would bring
        # the standings up to date until the event's next hand.
        autoretry_for=(ConnectionError, DatabaseOperationalError, DatabaseInterfaceError),
        retry_backoff=True,
        max_retries=5,
        **options,
    )


@idempotent_task(STANDINGS_RECOMPUTE, Guarded, locks=("tournaments.Event", "event_id"))
def standings_recompute(*, event_id: int) -> int:
    """Rebuild one event's standings from its hands; returns the number of rows."""
    standings_unmark(event_id)  # hands saved from now on queue the next rebuild
    return services.standings_rebuild(event_id=event_id)


@idempotent_task(ROUND_SEAT, Guarded, locks=("tournaments.Round", "round_id"))
def round_seat(*, round_id: int) -> str | None:
    """Compute and store one round's seating; returns the round's status (None if it is gone)."""
    round = services.round_seat(round_id=round_id)
    return None if round is None else round.status


@idempotent_task(RATINGS_RECOMPUTE, Guarded, locks=("clubs.Club", "club_id"))
def ratings_recompute(*, club_id: int, with_federation: int = 1) -> int:
    """Rebuild one club's ratings, then queue its federation's unless `with_federation` is 0
    (the nightly refresh queues each federation once); returns the number of players rated."""
    rated = services.ratings_rebuild(club_id=club_id)
    if with_federation:
        services.federation_ratings_queue(club_id=club_id)
    return rated


@idempotent_task(FEDERATION_RATINGS_RECOMPUTE, Guarded, locks=("clubs.Federation", "federation_id"))
def federation_ratings_recompute(*, federation_id: int) -> int:
    """Rebuild one federation's ratings from its member clubs' games; returns the number of
    (person, group) ratings."""
    return services.federation_ratings_rebuild(federation_id=federation_id)


@idempotent_task(GAME_RATE, Guarded)
def game_rate(*, game_id: int) -> int:
    """Update the ratings one game moves, its club's and its federations' (`services.game_rate`);
    returns the number of them updated by the game alone."""
    rated = services.game_rate(game_id=game_id)
    outcomes = [rated.club, *rated.federations.values()]
    return sum(outcome == services.GAME_RATED for outcome in outcomes)


@idempotent_task(RATINGS_REFRESH_ALL, RunHereIfBrokerDown)
def ratings_refresh_all() -> int:
    """Nightly (celery beat): queue a ratings rebuild for every club and every federation;
    returns how many clubs."""
    club_ids = list(Club.objects.order_by("pk").values_list("pk", flat=True))
    for club_id in club_ids:
        ratings_recompute.apply_async(kwargs={"club_id": club_id, "with_federation": 0}, headers=UNGUARDED)
    for federation_id in Federation.objects.order_by("pk").values_list("pk", flat=True):
        federation_ratings_recompute.apply_async(kwargs={"federation_id": federation_id}, headers=UNGUARDED)
    return len(club_ids)


@shared_task(bind=True, ignore_result=True, name=TASKS_LOST_RESEND)
def tasks_lost_resend(self: Task) -> int:
    """Every few seconds (celery beat): send again the tasks people wait on that were lost with
    their worker (`ledger.sweep`); returns how many. Sending it twice does no harm."""
    return len(ledger.sweep(self.app))
