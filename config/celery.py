"""The Celery app. Tasks live in each app's `tasks.py`; settings come from CELERY_* in Django's."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("canasta")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
