"""The Redis transport of the Celery broker: kombu's, with a channel that still closes when Redis
has gone away (`CELERY_BROKER_TRANSPORT` in config/settings/base.py).

When a worker loses Redis, Celery (5.7.0, `Consumer.on_connection_error_after_connected`)
collects the broken connection, which closes its channels and then detaches the transport
from the connection, and closes the connection again. kombu's (5.7.0) Redis channel begins
its close by reading the reply of the BRPOP it may have out; with Redis gone that read raises
a connection error, and the close stops there, half done, the error ignored. The second close
then finds the channel still open and restores its unacknowledged messages through a
transport with no broker address left: an AttributeError, which Celery takes for an
"Unrecoverable error", and the worker exits. A worker has a BRPOP out while it runs a task
when it has a process free for the next one: a prefork worker of two processes or more
(`make worker` starts one per CPU) with a task in hand.

Here a reply lost with the connection is let go and the close carries on while the transport
is still there: the restore fails as a connection error, which Celery ignores, and the worker
reconnects. The unacknowledged messages stay in Redis's unacknowledged set when Redis kept
its data (`appendonly yes`), handed out again after the visibility timeout, and the tasks
people wait on are in the task ledger as well (tournaments/workers/ledger.py).
"""

from __future__ import annotations

from queue import Empty

from kombu.transport import redis


class Channel(redis.Channel):
    # _in_poll, _brpop_read and connection_errors are kombu's Redis channel's own, not in its
    # stubs (celery-types): hence the ignores.
    def close(self) -> None:
        if self._in_poll:  # type: ignore[attr-defined]
            try:
                self._brpop_read()  # type: ignore[attr-defined]  # clears _in_poll however it ends
            except Empty:
                pass
            except self.connection_errors:  # type: ignore[attr-defined]
                pass  # the reply went with the connection: there is nothing to read
        super().close()


class Transport(redis.Transport):
    Channel = Channel
