"""Settings of the web nodes, workers and beats that the multi-node trial and the supervisor's
test start (tests/ops/test_multinode.py, test_supervised.py): the production settings as every
node of a site runs them, with two changes for a test:

- static files are served from the source folders, so that the trial needs no `collectstatic`
  (it measures no static file; a real node serves the collected files);
- passwords use the test settings' hasher, as the test process made the users with it.
"""

from config.settings.production import *  # noqa: F403

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
WHITENOISE_USE_FINDERS = True
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
# Each task's outcome in the workers' logs, for a failure's diagnosis.
LOGGING["loggers"]["celery.app.trace"]["level"] = "INFO"  # noqa: F405
