"""The ledger of Guarded tasks: each asked task, until a run that began after it ends.

Best effort (without Redis, tasks run as before). Design: docs/deployment.md ("How a task is sent
and kept")."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.apps import apps
from django.core.cache import cache
from django.db import connection, transaction

logger = logging.getLogger(__name__)

# The header that carries the time a message was due, as written in the ledger.
HEADER = "ledger_due"
# A task still in the ledger this long after it was due is taken as lost (a standings task
# waits 1 s by design and runs in well under a second; a seating or ratings rebuild that
# runs longer holds its row, which the sweep sees).
GRACE_SECONDS = 5.0
MAX_RESENDS = 8
BACKOFF_CAP = 2**6  # at most 64 x GRACE between two sends of one task
# How long the time of a task's last run is kept (only to drop duplicates).
LAST_RUN_SECONDS = 24 * 3600

_PENDING = "tasks-ledger:pending"
_RESENDS = "tasks-ledger:resends"
_LAST_RUN = "tasks-ledger:last-run:"

_NOW = "local t = redis.call('TIME') local now = tonumber(t[1]) + tonumber(t[2]) / 1000000 "

# KEYS: pending. ARGV: task, delay. Keeps the later due time of the task; returns it.
_SENT = (
    _NOW
    + """
local due = now + tonumber(ARGV[2])
local old = redis.call('ZSCORE', KEYS[1], ARGV[1])
if old and tonumber(old) >= due then return old end
local text = string.format('%.6f', due)
redis.call('ZADD', KEYS[1], text, ARGV[1])
return text
"""
)
# KEYS: last run. Returns {now, last run's begin time or nil}.
_STARTED = _NOW + "return {string.format('%.6f', now), redis.call('GET', KEYS[1])}"
# KEYS: pending, resends, last run. ARGV: task, begin time, seconds to keep the last run.
_ENDED = """
local last = redis.call('GET', KEYS[3])
if (not last) or tonumber(last) < tonumber(ARGV[2]) then
  redis.call('SET', KEYS[3], ARGV[2], 'EX', ARGV[3])
end
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) <= tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
return 0
"""


def _client() -> Any | None:
    """The cache's Redis client, or None when the cache is not Redis."""
    backend = getattr(cache, "_cache", None)
    if backend is None or not hasattr(backend, "get_client"):
        return None
    return backend.get_client(None, write=True)


def task_key(name: str, kwargs: Mapping[str, Any]) -> str:
    """The ledger's name for a task: its name and arguments, as canonical JSON."""
    return json.dumps([name, dict(kwargs)], sort_keys=True, separators=(",", ":"))


def _last_run_key(task: str) -> str:
    return cache.make_key(_LAST_RUN + task)


def sent(name: str, kwargs: Mapping[str, Any], *, delay: float = 0.0) -> str | None:
    """Ledger the task as due in `delay` seconds; returns the due time (None: no ledger)."""
    client = _client()
    if client is None:
        return None
    try:
        due = client.eval(_SENT, 1, cache.make_key(_PENDING), task_key(name, kwargs), max(delay, 0.0))
    except Exception:  # Redis down: the broker is most likely down too, and the task runs here
        logger.warning("task ledger unreachable: %s sent without an entry", name)
        return None
    return due.decode() if isinstance(due, bytes) else str(due)


@dataclass(frozen=True)
class Run:
    """A run of a task as the ledger saw it begin."""

    task: str
    began: str  # Redis's clock, seconds, as text (exact for the comparisons in Redis)
    last_began: float | None  # when the last run of the task that ended had begun

    def covered(self, due: str | None) -> bool:
        """Was a message due at `due` covered by a run begun after it and ended?"""
        return due is not None and self.last_began is not None and float(due) <= self.last_began


def run_started(name: str, kwargs: Mapping[str, Any]) -> Run | None:
    client = _client()
    if client is None:
        return None
    task = task_key(name, kwargs)
    try:
        now, *last = client.eval(_STARTED, 1, _last_run_key(task))
    except Exception:
        logger.warning("task ledger unreachable: %s runs unrecorded", name)
        return None
    last_began = float(_text(last[0])) if last and last[0] is not None else None
    return Run(task=task, began=_text(now), last_began=last_began)


def run_ended(run: Run | None) -> bool:
    """Cross the task off if nothing newer was asked since the run began; True if it was."""
    client = _client()
    if run is None or client is None:
        return False
    keys = (cache.make_key(_PENDING), cache.make_key(_RESENDS), _last_run_key(run.task))
    try:
        return bool(client.eval(_ENDED, 3, *keys, run.task, run.began, LAST_RUN_SECONDS))
    except Exception:
        logger.warning("task ledger unreachable: a run's end is not recorded")
        return False


# KEYS: pending, resends. ARGV: task, seconds. Crosses the task off if it was due that long ago.
_KILLED = (
    _NOW
    + """
local due = redis.call('ZSCORE', KEYS[1], ARGV[1])
if due and tonumber(due) <= now - tonumber(ARGV[2]) then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
  return 1
end
return 0
"""
)


def run_killed(name: str, kwargs: Mapping[str, Any], *, seconds: float) -> bool:
    """Cross off, as failed for good, a task killed at its hard limit after `seconds`, unless
    asked again since; True if it was."""
    client = _client()
    if client is None:
        return False
    keys = (cache.make_key(_PENDING), cache.make_key(_RESENDS))
    try:
        return bool(client.eval(_KILLED, 2, *keys, task_key(name, kwargs), seconds))
    except Exception:
        logger.warning("task ledger unreachable: a killed run is not recorded")
        return False


def pending() -> dict[str, float]:
    """The tasks in the ledger and when each was due (for tests and the operator)."""
    client = _client()
    if client is None:
        return {}
    return {_text(task): due for task, due in client.zrange(cache.make_key(_PENDING), 0, -1, withscores=True)}


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _drop(client: Any, task: str) -> None:
    client.zrem(cache.make_key(_PENDING), task)
    client.hdel(cache.make_key(_RESENDS), task)


def held_by_a_live_worker(model_label: str, pk: Any) -> bool:
    """Is the row locked (FOR UPDATE), so by a live worker? Never on SQLite."""
    if not connection.features.has_select_for_update_skip_locked:
        return False
    model = apps.get_model(model_label)
    with transaction.atomic():
        free = model.objects.filter(pk=pk).select_for_update(skip_locked=True, no_key=True).exists()
    return not free and model.objects.filter(pk=pk).exists()


def sweep(app: Any, *, grace: float = GRACE_SECONDS) -> list[str]:
    """Send again each task lost with its worker (see the module's docstring); returns them."""
    client = _client()
    if client is None:
        return []
    seconds, micro = client.time()
    now = seconds + micro / 1_000_000
    overdue = client.zrangebyscore(
        cache.make_key(_PENDING), "-inf", now - grace, start=0, num=200, withscores=True
    )
    if not overdue:
        return []
    tasks = [_text(task) for task, _due in overdue]
    counts = client.hmget(cache.make_key(_RESENDS), tasks)
    sent_again = []
    for task, (_name, due), count in zip(tasks, overdue, counts, strict=True):
        resends = int(count or 0)
        if due + grace * min(2**resends, BACKOFF_CAP) > now:
            continue  # sent again lately: give that one its time
        name, kwargs = json.loads(task)
        registered = app.tasks.get(name)
        if registered is None:
            _drop(client, task)
            continue
        if resends >= MAX_RESENDS:
            logger.error(
                "task %s was sent %d times and never ended: is a worker consuming its queue? Given up.",
                task,
                resends + 1,
            )
            _drop(client, task)
            continue
        locks = getattr(registered, "locks", None)
        if locks and held_by_a_live_worker(locks[0], kwargs.get(locks[1])):
            continue
        client.hincrby(cache.make_key(_RESENDS), task, 1)
        logger.warning("task %s lost (due %.0f s ago): sent again", task, now - due)
        registered.apply_async(kwargs=kwargs)
        sent_again.append(task)
    return sent_again
