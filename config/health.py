"""`/health/`: can this site serve a night? Checks the database, the broker and a Celery worker.

Without a broker the broker and worker checks report `in-process` and pass. Errors name the
exception class only: the endpoint is public. Design: docs/deployment.md#health-and-logs"""

from __future__ import annotations

import time
from collections.abc import Callable

from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

# Short: a monitor polls often and a hung check must not hold a web process.
REDIS_TIMEOUT = 1.0
WORKER_TIMEOUT = 1.0


def _database() -> str:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()
    return "ok"


def _broker_url() -> str:
    """The broker this process queues tasks on, or "" when tasks run in-process."""
    from config import celery_app

    conf = celery_app.conf
    if conf.task_always_eager:
        return ""
    url = conf.broker_write_url or conf.broker_url or ""
    return "" if url.startswith("memory://") else url


def _redis() -> str:
    url = _broker_url()
    if not url:
        return "in-process"
    if not url.startswith(("redis://", "rediss://")):
        return "not redis"
    import redis

    client = redis.Redis.from_url(url, socket_timeout=REDIS_TIMEOUT, socket_connect_timeout=REDIS_TIMEOUT)
    try:
        client.ping()
    finally:
        client.close()
    return "ok"


def _worker() -> str:
    """Returns "ok" when a worker answers a ping within WORKER_TIMEOUT. Raises RuntimeError when
    none answers, and the broker's connection error when the broker cannot be reached or does not
    answer (one attempt, bounded by WORKER_TIMEOUT)."""
    if not _broker_url():
        return "in-process"
    from config import celery_app

    # The connection's own options bound its first use (kombu reads its retries from them).
    bounded = {
        "socket_timeout": WORKER_TIMEOUT,
        "socket_connect_timeout": WORKER_TIMEOUT,
        "max_retries": 0,
        "interval_start": 0,
        "interval_step": 0,
    }
    with celery_app.connection_for_write(connect_timeout=WORKER_TIMEOUT, transport_options=bounded) as conn:
        # limit=1: return as soon as one worker answers instead of waiting out the timeout.
        replies = celery_app.control.ping(timeout=WORKER_TIMEOUT, limit=1, connection=conn)
    if not replies:
        raise RuntimeError("no Celery worker answered")
    return "ok"


CHECKS: dict[str, Callable[[], str]] = {"database": _database, "redis": _redis, "worker": _worker}


def _run(check: Callable[[], str]) -> dict[str, object]:
    started = time.monotonic()
    try:
        result: dict[str, object] = {"ok": True, "status": check()}
    except Exception as exc:  # a health check reports every failure, whatever it is
        message = str(exc) if isinstance(exc, RuntimeError) else type(exc).__name__
        result = {"ok": False, "status": "failed", "error": message}
    result["ms"] = round((time.monotonic() - started) * 1000, 1)
    return result


@never_cache
@require_GET
def health(request: HttpRequest) -> JsonResponse:
    """200 when the database, Redis and a worker all answer; 503 with the failed checks otherwise.

    `?check=database` (repeatable) runs only the checks named: a load balancer's check
    (docs/past-one-machine.md)."""
    names = request.GET.getlist("check") or list(CHECKS)
    unknown = sorted(set(names) - CHECKS.keys())
    if unknown:
        return JsonResponse(
            {"status": "unknown check", "unknown": unknown, "known": list(CHECKS)}, status=400
        )
    checks = {name: _run(CHECKS[name]) for name in CHECKS if name in names}
    # A broken database makes the broker checks moot, but they still run: one look shows all.
    ok = all(c["ok"] for c in checks.values())
    failed = [name for name, c in checks.items() if not c["ok"]]
    body = {"status": "ok" if ok else "failing", "failed": failed, "checks": checks}
    return JsonResponse(body, status=200 if ok else 503)
