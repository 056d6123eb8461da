"""Test settings: a fast password hasher and local-memory services; tasks eager without a broker."""

import os

from config.settings.base import *  # noqa: F403

# Queues of this test run's own, so that no other worker on the same Redis takes its tasks.
# Worker processes that the tests start inherit the same names through the environment. Each
# pytest-xdist worker is a run of its own (they inherit the controller's TEST_RUN_ID).
TEST_RUN_ID = os.environ.setdefault("TEST_RUN_ID", f"test-{os.getpid()}") + os.environ.get(
    "PYTEST_XDIST_WORKER", ""
)
TASK_QUEUE_SHORT = CELERY_TASK_DEFAULT_QUEUE = f"{TEST_RUN_ID}-short"
TASK_QUEUE_LONG = f"{TEST_RUN_ID}-long"
CELERY_TASK_ROUTES = task_routes(TASK_QUEUE_SHORT, TASK_QUEUE_LONG)

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# A test is one process, or with Redis a cache shared with the workers it starts.
CACHE_IS_SHARED = True

# Keys of this test run's own in a shared Redis cache (see TEST_RUN_ID above).
if "LOCATION" in CACHES["default"]:  # a Redis cache
    CACHES["default"]["KEY_PREFIX"] = TEST_RUN_ID
    # Workers the tests start on another broker still share this cache with the tests.
    os.environ.setdefault("CACHE_URL", CACHES["default"]["LOCATION"])
