"""Settings for every environment, driven by environment variables (docs/deployment.md#settings)."""

from datetime import timedelta
from typing import Any

from celery.schedules import crontab
from csp.constants import NONE, SELF
from django.utils.translation import gettext_lazy as _

from config.env import BASE_DIR, env
from config.spreadsheets import SafeCSV, SafeXLSX

SECRET_KEY = env("DJANGO_SECRET_KEY", default="insecure-local-development-key-do-not-use")
DEBUG = env.bool("DJANGO_DEBUG", default=True)
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("DJANGO_CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "rest_framework",
    "knox",
    "django_filters",
    "django_tables2",
    "django_htmx",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "simple_history",
    "axes",
    "import_export",
    "clubs",
    "tournaments",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Pages compressed for the phones at the tables on a weak connection (a table page is a
    # quarter of its size); whitenoise serves the static files compressed ahead of time.
    # Django's GZipMiddleware pads its output against BREACH, and the CSRF token is masked
    # per response.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # Before any look-up by a path parameter: a NUL byte or an over-long value is not found.
    "config.middleware.NotFoundForUnstorablePathParameters",
    "clubs.middleware.ClubLanguageMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Who is looking, for a player shown by initials on public pages (clubs/viewer.py).
    "clubs.middleware.ViewerMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "simple_history.middleware.HistoryRequestMiddleware",
    "config.middleware.ContentSecurityPolicyMiddleware",  # django-csp's, its policy built once
    # Last, as django-axes asks: it turns a locked-out login into the lockout page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
                "config.mail.password_reset",
            ],
        },
    },
]

DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
# Keep each process's database connection open between requests (seconds; 0 opens one per
# request, which costs PostgreSQL a new backend process each time). The health check drops
# a connection the server closed (a restart) before a request uses it.
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DJANGO_CONN_MAX_AGE", default=600)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True
# The web process gives up on a PostgreSQL that does not answer, on a connection already open,
# after this many seconds (config/postgresql/base.py, turned on by config/wsgi.py): the request
# answers 503 with Retry-After (config/errors.py) instead of hanging until gunicorn kills it.
# Its connections carry a statement timeout a second shorter. 0 turns both off.
DATABASE_ANSWER_TIMEOUT = env.float("DJANGO_DB_ANSWER_TIMEOUT", default=5.0)
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Django's backend, with the deadline above on the server's answers in a web request.
    DATABASES["default"]["ENGINE"] = "config.postgresql"
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {
            # A server that takes the connection and never answers (hung, or a network dropping
            # packets) is given up after this many seconds, with the same 503.
            "connect_timeout": env.int("DJANGO_DB_CONNECT_TIMEOUT", default=5),
            # TCP keepalives: a connection kept between requests (CONN_MAX_AGE) to a server
            # whose machine or network went away is found dead within about 90 s, and a
            # firewall's state for it stays alive while it is idle. They cannot tell a hung
            # server, whose kernel still answers them: that is the deadline's part.
            "keepalives": 1,
            "keepalives_idle": 60,
            "keepalives_interval": 10,
            "keepalives_count": 3,
        }
    )
if DATABASES["default"]["ENGINE"] == "config.postgresql" and env.bool(
    "DJANGO_DB_PREPARED_STATEMENTS", default=False
):
    # Parameters bound by the server, and a statement run 5 times on a connection kept
    # prepared (psycopg's default): PostgreSQL plans each of the save's queries once per
    # connection, which saves CPU under load (bench/README.md, Load). Off by default: a
    # migration that changes a column's type makes every kept statement that reads the column
    # fail ("cached plan must not change result type") until its connection closes, so with it
    # on, restart the web and worker processes right after every `migrate`. Never behind a
    # pooler in transaction mode, which cannot keep them.
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        {"server_side_binding": True, "prepare_threshold": 5}
    )
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Several tables scoring at once: writers queue for the lock (IMMEDIATE transactions,
    # WAL) instead of failing with "database is locked".
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# django-axes first: it refuses a locked-out login before the password is even checked.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Mail: the password reset's link (docs/deployment.md, "Mail"). EMAIL_URL names the server, as
# smtp+tls://user:password@smtp.example.org:587 (django-environ's schemes); EMAIL_HOST and the
# other EMAIL_* variables name it part by part, or each override its part of EMAIL_URL (a
# password kept apart, unencoded). Neither set: mail is printed to the console, as `make run`
# needs (Django's own default would send to localhost:25, where nothing listens).
_EMAIL_URL = env("EMAIL_URL", default="")  # empty, as in .env.example, is unset
_MAIL = env.email_url_config(_EMAIL_URL or ("smtp://" if env("EMAIL_HOST", default="") else "consolemail://"))
EMAIL_BACKEND = _MAIL["EMAIL_BACKEND"]
EMAIL_HOST = env("EMAIL_HOST", default=_MAIL["EMAIL_HOST"] or "localhost")
EMAIL_USE_TLS = env.bool("EMAIL_USE_TLS", default=_MAIL.get("EMAIL_USE_TLS", False))  # STARTTLS
EMAIL_USE_SSL = env.bool("EMAIL_USE_SSL", default=_MAIL.get("EMAIL_USE_SSL", False))  # TLS from the start
# A port not given is the one its TLS is usual on: 587 for STARTTLS, 465 for TLS, else 25.
EMAIL_PORT = env.int(
    "EMAIL_PORT", default=_MAIL["EMAIL_PORT"] or (587 if EMAIL_USE_TLS else 465 if EMAIL_USE_SSL else 25)
)
EMAIL_HOST_USER = env("EMAIL_HOST_USER", default=_MAIL["EMAIL_HOST_USER"] or "")
EMAIL_HOST_PASSWORD = env("EMAIL_HOST_PASSWORD", default=_MAIL["EMAIL_HOST_PASSWORD"] or "")
# Seconds before a mail server that does not answer is given up: Django's default waits for
# ever, and the reset's request with it, until gunicorn kills it.
EMAIL_TIMEOUT = env.int("EMAIL_TIMEOUT", default=10)
# The site's address (scheme and host), for the links of mail sent without a request to build
# them from: the nights' reminders, mailed by the beat.
SITE_URL = env("DJANGO_SITE_URL", default="http://127.0.0.1:8000").rstrip("/")
# The sender of the site's mail. Most servers refuse a sender outside their own domains.
DEFAULT_FROM_EMAIL = SERVER_EMAIL = env("EMAIL_FROM", default="webmaster@localhost")
# The password reset is offered (the login page's link, its pages: config/mail.py) where its
# mail reaches someone: here, the console of `make run` too. Production needs a server.
PASSWORD_RESET_BY_MAIL = True
# At most this many reset mails an hour to one email address, and asked from one network
# address (config/mail.py): against a mailbox flooded with resets, and a site used to mail many.
PASSWORD_RESET_PER_EMAIL = env.int("DJANGO_PASSWORD_RESET_PER_EMAIL", default=3)
PASSWORD_RESET_PER_ADDRESS = env.int("DJANGO_PASSWORD_RESET_PER_ADDRESS", default=20)
# Wrong table codes (tournaments/web/table_codes.py) from one network address, in a window of
# TABLE_CODE_WINDOW seconds. A code opens only a card of an event not finished: of 21^6 codes,
# with 1,000 such cards, one address finds one in about 60 days of trying.
TABLE_CODE_WRONG_PER_ADDRESS = env.int("DJANGO_TABLE_CODE_WRONG_PER_ADDRESS", default=10)
TABLE_CODE_WINDOW = 600
# Wrong night links (a door's or a personal link's token this site did not sign, a name not on
# the club's roster picked at the door: tournaments/web/nights.py) from one network address in
# NIGHT_LINK_WINDOW seconds; past them, its night links answer 429 for the rest of the window.
NIGHT_LINK_WRONG_PER_ADDRESS = env.int("DJANGO_NIGHT_LINK_WRONG_PER_ADDRESS", default=10)
NIGHT_LINK_WINDOW = 600

# Invitations by mail (clubs/services/invitations.py, docs/club.md "Invitations by mail"): a link opens
# for INVITATION_DAYS days. One account sends at most INVITATIONS_PER_HOUR an hour, and one email
# address receives at most INVITATIONS_PER_EMAIL an hour (a resend counts). One network address
# makes at most INVITATION_ACCEPTS_PER_ADDRESS attempts an hour to accept, or to open a link that
# leads nowhere.
INVITATION_DAYS = env.int("DJANGO_INVITATION_DAYS", default=14)
INVITATIONS_PER_HOUR = env.int("DJANGO_INVITATIONS_PER_HOUR", default=30)
INVITATIONS_PER_EMAIL = env.int("DJANGO_INVITATIONS_PER_EMAIL", default=3)
INVITATION_ACCEPTS_PER_ADDRESS = env.int("DJANGO_INVITATION_ACCEPTS_PER_ADDRESS", default=20)
# Self sign-up (/accounts/sign-up/): off by default. On, anyone may open an account, its email
# address confirmed by mail within SIGN_UP_CONFIRM_DAYS, to found a club or a federation.
SELF_SIGN_UP = env.bool("DJANGO_SELF_SIGN_UP", default=False)
SIGN_UP_CONFIRM_DAYS = 2

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", _("English")),
    ("es", _("Spanish")),
    ("ar", _("Arabic")),
    ("fa", _("Persian")),
    ("el", _("Greek")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
# In development whitenoise serves straight from the source folders; production serves the
# collected files (`manage.py collectstatic`), compressed (gzip, and Brotli for the browsers
# that ask for it: the `brotli` package), under names that carry a hash of their content, so
# that browsers keep them for good (whitenoise marks them immutable) and a phone on a weak
# connection asks again only for the page (bench/README.md, "Entering hands").
WHITENOISE_USE_FINDERS = DEBUG
WHITENOISE_AUTOREFRESH = DEBUG
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

REST_FRAMEWORK = {
    # The token first: a request without credentials, or with a token unknown, expired or
    # revoked, answers 401 with `WWW-Authenticate: Token` (DRF asks the first class for the
    # header; a session has none, which would make it 403).
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Hashed, expiring tokens, several per user, each revocable (docs/api.md).
        "config.api_auth.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    # Closed by default: an endpoint open to visitors says so itself (the score-sheet scorer).
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_PARSER_CLASSES": [
        "config.api.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    # django-filter's filters and DRF's pages, each refusing a parameter given twice (config/api_lists.py).
    "DEFAULT_FILTER_BACKENDS": ["config.api_lists.FilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "config.api_lists.PageNumberPagination",
    "PAGE_SIZE": 100,
    # JSON only, whatever the Accept header asks (config/api.py): no browsable API, whose HTML
    # pages a browser's Accept got for the API's errors too.
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_CONTENT_NEGOTIATION_CLASS": "config.api.ContentNegotiation",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "config.api.exception_handler",
}
# API tokens (django-rest-knox): stored hashed, sent as `Authorization: Token ...`, valid for
# API_TOKEN_DAYS days; a password change revokes them all (clubs/signals.py).
REST_KNOX = {
    "TOKEN_TTL": timedelta(days=env.int("API_TOKEN_DAYS", default=30)),
    "AUTH_HEADER_PREFIX": "Token",
    "AUTO_REFRESH": False,
    "TOKEN_LIMIT_PER_USER": None,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Canasta club API",
    "DESCRIPTION": "Clubs, league nights, tables, hands, standings and the score-sheet scorer.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI's files are served from the sidecar package, not from a CDN.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # One name for the variant choices of clubs, events and games (check --deploy stays clean).
    "ENUM_NAME_OVERRIDES": {
        "VariantEnum": "clubs.models.variant_choices",
        # An event's kind (league night, tournament) and a stage's kind share the field name.
        "EventKindEnum": "tournaments.models.Event.Kind",
        "StageKindEnum": "tournaments.models.Stage.Kind",
    },
}

# Login throttling (django-axes): after 5 failed logins for one username from one address,
# that pair is locked out for 15 minutes; a successful login resets the count. Behind a
# reverse proxy set DJANGO_PROXY_COUNT (how many proxies add to X-Forwarded-For) so that the
# client's address, not the proxy's, is the one counted.
AXES_FAILURE_LIMIT = env.int("DJANGO_LOGIN_FAILURE_LIMIT", default=5)
AXES_COOLOFF_TIME = timedelta(minutes=env.int("DJANGO_LOGIN_COOLOFF_MINUTES", default=15))
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
# Password spraying (one password, many usernames, one address): every failed login from an
# address counts too, whatever the username, and at this many within the cool-off time the
# address is locked out (config/logins.py). Higher than a pair's limit: a club shares its Wi-Fi.
LOGIN_ADDRESS_FAILURE_LIMIT = env.int("DJANGO_LOGIN_ADDRESS_FAILURE_LIMIT", default=30)
AXES_HANDLER = "config.logins.AddressThrottlingHandler"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
# No personal data in the logs: axes masks these in its log lines.
AXES_SENSITIVE_PARAMETERS = ["username", "ip_address", "user_agent"]
_PROXY_COUNT = env.int("DJANGO_PROXY_COUNT", default=0)
if _PROXY_COUNT:
    AXES_IPWARE_PROXY_COUNT = _PROXY_COUNT
    AXES_IPWARE_META_PRECEDENCE_ORDER = ("HTTP_X_FORWARDED_FOR", "REMOTE_ADDR")

# Content security policy (django-csp): scripts, styles and images from this site only, so an
# injected <script> or inline handler does not run. The pages keep their JavaScript in
# static/js/ (no inline handlers); SVG QR codes are inline markup, not images.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    },
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"

DJANGO_TABLES2_TEMPLATE = "django_tables2/table.html"
# django-import-export downloads (the roster resource, any admin export) use the site's writers:
# text cells are text, never formulas (config/spreadsheets.py).
EXPORT_FORMATS = [SafeCSV, SafeXLSX]

# Celery. With no broker configured, tasks run in-process when they are queued, so the
# embedded set-up needs no Redis and no worker.
_BROKER = env("CELERY_BROKER_URL", default="")
CELERY_BROKER_URL = _BROKER or "memory://"
CELERY_RESULT_BACKEND = env("CELERY_RESULT_BACKEND", default=_BROKER or None)
CELERY_TASK_ALWAYS_EAGER = not _BROKER
# The cache gathers a burst of saved hands into one standings rebuild
# (tournaments/services/queue.py); with Redis every web process shares it.
# CACHE_URL names it apart from the broker; by default a Redis broker serves as the cache too.
_CACHE_URL = env("CACHE_URL", default=_BROKER if _BROKER.startswith("redis") else "")
# A Redis that takes connections and never answers (a hung or overloaded server, a network
# that drops packets) must not hold a hand's save until gunicorn's timeout kills the request:
# every call to Redis gives up after this many seconds, and what it was for goes on without it
# (a task runs in-process, a burst of saves is not coalesced, the task ledger skips a beat).
REDIS_TIMEOUT = env.float("REDIS_TIMEOUT", default=1.0)
REDIS_CLIENT_OPTIONS = {"socket_timeout": REDIS_TIMEOUT, "socket_connect_timeout": REDIS_TIMEOUT}
# Reads a process keeps in its own memory while the shared stamps say they are current
# (tournaments/selectors/kept.py): a federation's ranked lines and names, a few a process.
CACHES: dict[str, dict[str, Any]] = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"},
    "kept": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "kept",
        "OPTIONS": {"MAX_ENTRIES": 8},
    },
}
if _CACHE_URL:
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": _CACHE_URL,
        "OPTIONS": REDIS_CLIENT_OPTIONS,
    }
# Whether every process of the site (each web worker, each Celery worker, the commands) sees
# one cache: what a stamp in it needs to tell them all that a read they keep is out of date
# (clubs/stamps.py). Without Redis each process has a cache of its own, and nothing is kept.
CACHE_IS_SHARED = bool(_CACHE_URL)
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# kombu's Redis transport with a channel that still closes when Redis is gone: with kombu's own,
# a Redis restart while a worker holds a task ends the worker (config/broker.py). rediss:// keeps
# kombu's, which takes TLS from that name.
CELERY_BROKER_TRANSPORT = "config.broker:Transport" if _BROKER.startswith("redis://") else None
# A task taken by a worker that died is handed to another worker after this many seconds
# (Redis's default is an hour), if Redis recorded it as taken: a worker killed -9 can also
# lose one for good. So the tasks people wait on are kept in a ledger as well, and sent again
# within seconds (tournaments/workers/ledger.py). Every task here is idempotent, and ends (or is
# ended by its time limit, `task_time_limits` below) well within this timeout.
# Sending a task tries twice (Celery's default is four times): a broker that does not answer
# costs a save two timeouts before the task runs in-process (tournaments/workers/tasks.py).
CELERY_TASK_PUBLISH_RETRY_POLICY = {
    "max_retries": 1,
    "interval_start": 0,
    "interval_step": 0.2,
    "interval_max": 0.2,
}
CELERY_BROKER_TRANSPORT_OPTIONS = {
    **REDIS_CLIENT_OPTIONS,
    "visibility_timeout": env.int("CELERY_VISIBILITY_TIMEOUT", default=300),
    # Workers look for such tasks every 10 s (kombu's default scans only every tenth time).
    "unacked_restore_throttle": 1,
}


def task_routes(short: str, long: str) -> dict[str, dict[str, str]]:
    """Which queue each task goes to: `short` for what people at the tables wait on, `long`
    for rebuilds nobody watches live (docs/past-one-machine.md: how many workers of each)."""
    return {
        "tournaments.tasks.standings_recompute": {"queue": short},
        "tournaments.tasks.round_seat": {"queue": short},
        "tournaments.tasks.tasks_lost_resend": {"queue": short},
        "tournaments.tasks.ratings_recompute": {"queue": long},
        "tournaments.tasks.federation_ratings_recompute": {"queue": long},
        # A few milliseconds, but it waits for the club's and the federation's rows while a
        # rebuild holds them.
        "tournaments.tasks.game_rate": {"queue": long},
        "tournaments.tasks.ratings_refresh_all": {"queue": long},
        "tournaments.tasks.night_reminders_send": {"queue": long},
    }


def task_time_limits() -> dict[str, tuple[int, int]]:
    """Each task's soft and hard time limits, in seconds: a few times its slowest run
    (bench/README.md), the hard one under the visibility timeout (300 s), past which Redis would
    hand a running task to a second worker. Design: docs/deployment.md#a-task-that-runs-too-long"""
    return {
        # One event's standings: a night of 7,500 hands took 7.2 s under load.
        "tournaments.tasks.standings_recompute": (30, 45),
        # A round's seating: 100 players take a few seconds; most of the rest is the locks.
        "tournaments.tasks.round_seat": (60, 90),
        # A club's ratings: 100,000 games took 5 to 16 s, a first rebuild under load 46 s.
        "tournaments.tasks.ratings_recompute": (180, 240),
        # A federation's: 500,000 games took 62 s, and 165 s at a load of 7 to 9.
        "tournaments.tasks.federation_ratings_recompute": (240, 270),
        # A game rated alone takes under a second, but waits for the federation's row while a
        # rebuild holds it (up to the rebuild's hard limit).
        "tournaments.tasks.game_rate": (280, 290),
        # Queues one task a club and a federation.
        "tournaments.tasks.ratings_refresh_all": (60, 90),
        # The day before's reminders: a mail each, each within EMAIL_TIMEOUT (10 s).
        "tournaments.tasks.night_reminders_send": (120, 150),
        # The ledger's sweep, every 3 s: a few Redis calls and a row lock looked at.
        "tournaments.tasks.tasks_lost_resend": (20, 30),
    }


# Celery sets each task's limits from these (annotations), and a sender puts them in the message.
CELERY_TASK_ANNOTATIONS = {
    name: {"soft_time_limit": soft, "time_limit": hard} for name, (soft, hard) in task_time_limits().items()
}

TASK_QUEUE_SHORT = "short"
TASK_QUEUE_LONG = "long"
CELERY_TASK_DEFAULT_QUEUE = TASK_QUEUE_SHORT
CELERY_TASK_ROUTES = task_routes(TASK_QUEUE_SHORT, TASK_QUEUE_LONG)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {
        "redact_table_links": {"()": "config.logs.RedactTableLinks"},
        "client_errors_without_traceback": {"()": "config.logs.ClientErrorsWithoutTraceback"},
    },
    # Table links are credentials: the root's handler cuts their tokens from every record,
    # whichever logger wrote it (config/logs.py).
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["client_errors_without_traceback", "redact_table_links"],
        }
    },
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
    "loggers": {
        # Each task's success line is noise in-process; failures still show.
        "celery.app.trace": {"level": "WARNING"},
        # Django's own handlers (a second console in development, mail to ADMINS) would write
        # its records unredacted: naming the logger here removes them, and its records reach
        # the root's handler only.
        "django": {"propagate": True},
        # runserver's request lines stay off, as Django's own handler for them is removed.
        "django.server": {"propagate": False},
    },
}

# Celery beat (`celery -A config beat`): every night at 04:00 UTC, after the clubs' nights
# are over, rebuild every club's ratings from scratch, so a rating missed by a lost task is
# put right within a day. The task is idempotent; standings are rebuilt on every hand save
# and season tables are computed on read, so neither needs a schedule.
#
# Every few seconds it also has the tasks people wait on that were lost with their worker sent
# again (tournaments/workers/ledger.py); a sweep that no worker took in time is dropped.
#
# Exactly one beat sends: each beat holds or waits for a lock in Redis (config/beat.py), so a
# second beat, started by mistake or as a standby, sends nothing while the first lives.
TASKS_SWEEP_SECONDS = 3.0
CELERY_BEAT_SCHEDULE = {
    "ratings-refresh-nightly": {
        "task": "tournaments.tasks.ratings_refresh_all",
        "schedule": crontab(hour=4, minute=0),
    },
    # Each hour: the reminders of tomorrow's nights, from 10:00 in each club's zone
    # (tournaments/selectors/night_reminders.py); each is mailed once, so a run again sends none.
    "night-reminders-hourly": {
        "task": "tournaments.tasks.night_reminders_send",
        "schedule": crontab(minute=0),
    },
    "tasks-lost-resend": {
        "task": "tournaments.tasks.tasks_lost_resend",
        "schedule": TASKS_SWEEP_SECONDS,
        "options": {"expires": 2 * TASKS_SWEEP_SECONDS},
    },
}
CELERY_BEAT_SCHEDULER = "config.beat:SingleBeatScheduler"
# The beat renews its lock at least this often (the lock lasts config.beat.LOCK_SECONDS).
CELERY_BEAT_MAX_LOOP_INTERVAL = 5
