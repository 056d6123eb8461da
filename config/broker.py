"""The Redis transport of the Celery broker (`CELERY_BROKER_TRANSPORT`): kombu's, with a channel that
still closes when Redis has gone away, so a worker reconnects instead of exiting (kombu 5.7.0,
Celery 5.7.0). Why: docs/deployment.md ("How a task is sent and kept").
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
