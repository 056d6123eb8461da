"""Celery tasks over services: ids as arguments, each safe to run twice, names never changed
(docs/writes-and-reads.md, "Behind the docstrings"); queues: `CELERY_TASK_ROUTES`.
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
    NIGHT_REMINDERS_SEND,
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
    """Queue as usual; run here if the broker cannot take the task."""

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
    """A task somebody waits on, kept in the ledger until a run begun after it ends or it fails for
    good. `locks` ("app.Model", argument): the row it holds; the sweep does not resend while a live
    worker holds it."""

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
        """At the hard time limit (pool process killed), cross the task off the ledger."""
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
    """Ledger a Guarded task's message, with its due time (after any countdown) in it."""
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
    """A `base` task named `name`, acks_late and retried: it must be idempotent."""
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
    """Rebuild a club's ratings, queue its federation's unless `with_federation` is 0; returns
    the number of players rated."""
    rated = services.ratings_rebuild(club_id=club_id)
    if with_federation:
        services.federation_ratings_queue(club_id=club_id)
    return rated


@idempotent_task(FEDERATION_RATINGS_RECOMPUTE, Guarded, locks=("clubs.Federation", "federation_id"))
def federation_ratings_recompute(*, federation_id: int) -> int:
    """Rebuild one federation's ratings; returns the number of (person, group) ratings."""
    return services.federation_ratings_rebuild(federation_id=federation_id)


@idempotent_task(GAME_RATE, Guarded)
def game_rate(*, game_id: int) -> int:
    """`services.game_rate`; returns how many ratings moved by the game alone."""
    rated = services.game_rate(game_id=game_id)
    outcomes = [rated.club, *rated.federations.values()]
    return sum(outcome == services.GAME_RATED for outcome in outcomes)


@idempotent_task(RATINGS_REFRESH_ALL, RunHereIfBrokerDown)
def ratings_refresh_all() -> int:
    """Nightly (beat): queue every club's and federation's rebuild; returns how many clubs."""
    club_ids = list(Club.objects.order_by("pk").values_list("pk", flat=True))
    for club_id in club_ids:
        ratings_recompute.apply_async(kwargs={"club_id": club_id, "with_federation": 0}, headers=UNGUARDED)
    for federation_id in Federation.objects.order_by("pk").values_list("pk", flat=True):
        federation_ratings_recompute.apply_async(kwargs={"federation_id": federation_id}, headers=UNGUARDED)
    return len(club_ids)


@idempotent_task(NIGHT_REMINDERS_SEND, RunHereIfBrokerDown)
def night_reminders_send() -> int:
    """Hourly (beat): mail the reminders due (`services.night_reminders_send`); returns how many."""
    return services.night_reminders_send()


@shared_task(bind=True, ignore_result=True, name=TASKS_LOST_RESEND)
def tasks_lost_resend(self: Task) -> int:
    """Every few seconds (beat): resend lost Guarded tasks; returns how many."""
    return len(ledger.sweep(self.app))
