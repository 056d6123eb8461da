"""Django's PostgreSQL backend, giving up on a server that does not answer a web request.

With `answer_deadline` on (config/wsgi.py), a wait for an answer longer than that many seconds
closes the connection and raises `DatabaseNotAnswering` (503, config/errors.py); tasks and commands
keep no deadline. Design: docs/deployment.md#postgresql-down-or-restarting"""

from __future__ import annotations

import threading
import time
from typing import Any, TypeVar

import psycopg
from django.core.signals import request_started
from django.db.backends.postgresql import base
from psycopg.abc import PQGen

_RV = TypeVar("_RV")

# Seconds a wait for the server may take, or None (no deadline: the default).
_seconds: float | None = None
# Per thread: whether the request it serves gave up on the database.
_request = threading.local()


class DatabaseNotAnswering(psycopg.OperationalError):
    """The database did not answer within the deadline; the connection was closed."""


def answer_deadline(seconds: float | None) -> None:
    """Give up on each wait for the server after `seconds` from now on (None: never)."""
    global _seconds
    _seconds = seconds if seconds else None


def _gave_up() -> DatabaseNotAnswering:
    _request.gave_up = True
    return DatabaseNotAnswering(f"the database did not answer within {_seconds:g} s")


def _request_started(**kwargs: Any) -> None:
    _request.gave_up = False


request_started.connect(_request_started, dispatch_uid="config.postgresql.request_started")


class DeadlineConnection(psycopg.Connection[Any]):
    """psycopg's connection, each wait for the server bounded by the deadline when it is on."""

    @classmethod
    def connect(cls, conninfo: str = "", **kwargs: Any) -> DeadlineConnection:
        if _seconds is not None:
            if getattr(_request, "gave_up", False):
                raise _gave_up()
            statement_ms = max(int((_seconds - 1) * 1000), 500)
            kwargs["options"] = f"{kwargs.get('options', '')} -c statement_timeout={statement_ms}".strip()
        return super().connect(conninfo, **kwargs)

    def wait(self, gen: PQGen[_RV], interval: float = 0.1, timeout: float | None = None) -> _RV:
        if _seconds is None or timeout is not None:
            return super().wait(gen, interval=interval, timeout=timeout)
        started = time.monotonic()
        try:
            return super().wait(gen, interval=interval, timeout=_seconds)
        except psycopg.OperationalError:
            if time.monotonic() - started < _seconds:
                raise  # an answer: the server's error, or the connection lost
            self.close()  # mid-protocol: never to be used again
            raise _gave_up() from None


class _Psycopg:
    """psycopg as Django's backend reads it (`DatabaseWrapper.Database`), connecting with
    DeadlineConnection."""

    connect = staticmethod(DeadlineConnection.connect)

    def __getattr__(self, name: str) -> Any:
        return getattr(psycopg, name)


class DatabaseWrapper(base.DatabaseWrapper):
    Database = _Psycopg()  # type: ignore[assignment]  # a stand-in for the module
