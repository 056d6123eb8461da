import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
application = get_wsgi_application()

# Requests give up on a database that does not answer (config/postgresql/base.py).
from django.conf import settings  # noqa: E402 (after the settings are loaded)

from config.postgresql.base import answer_deadline  # noqa: E402

answer_deadline(settings.DATABASE_ANSWER_TIMEOUT)
