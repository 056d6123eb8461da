"""Gunicorn settings for production: `gunicorn -c config/gunicorn.py config.wsgi` (`make serve`).

Its GUNICORN_* variables: docs/deployment.md#settings"""

import multiprocessing
import os
from typing import Any

from gunicorn.glogging import Logger

from config.logs import redact_handlers

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
# A save is mostly CPU work in Python: CPUs + 1 keeps every CPU busy, and more processes only
# take turns on the same CPUs (bench/README.md, Load).
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() + 1))
threads = int(os.environ.get("GUNICORN_THREADS", "1"))
timeout = int(os.environ.get("GUNICORN_TIMEOUT", "30"))
graceful_timeout = 20
keepalive = 5
# Recycle workers now and then so a slow leak never builds up over a season.
max_requests = 2000
max_requests_jitter = 200
forwarded_allow_ips = os.environ.get("GUNICORN_FORWARDED_ALLOW_IPS", "127.0.0.1")
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOGLEVEL", "info")
proc_name = "canasta"
# Gunicorn's control socket sits at one path per user by default, so two sites (or a test
# run beside the real one) on one machine would fight over it. Off unless asked for.
control_socket = os.environ.get("GUNICORN_CONTROL_SOCKET", "")
control_socket_disable = not control_socket


class RedactingLogger(Logger):
    """Gunicorn's logger, with table-link tokens cut from its error and access lines."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        redact_handlers(self.error_log)
        redact_handlers(self.access_log)


logger_class = RedactingLogger
