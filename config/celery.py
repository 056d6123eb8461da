"""The Celery app; settings from CELERY_* in Django's, tasks in `tournaments/workers/tasks.py`."""

import logging
import os

from celery import Celery
from celery.signals import after_setup_logger, after_setup_task_logger

from config.logs import redact_handlers

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("canasta")
app.config_from_object("django.conf:settings", namespace="CELERY")


@after_setup_logger.connect
@after_setup_task_logger.connect
def _redact_worker_logs(logger: logging.Logger, **kwargs: object) -> None:
    """A worker puts its own handlers on the root logger: they cut table-link tokens too."""
    redact_handlers(logger)
