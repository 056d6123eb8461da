"""Settings for the framework-floor bench: production settings plus three do-nothing endpoints.

    DJANGO_SETTINGS_MODULE=bench.floor_settings gunicorn -c config/gunicorn.py config.wsgi

See bench/floor_bench.py.
"""

from config.settings.production import *  # noqa: F403

ROOT_URLCONF = "bench.floor_urls"
