"""Production: the base settings, tightened. Refuses to start without a secret or with DEBUG on."""

from django.core.exceptions import ImproperlyConfigured

from config.env import env
from config.settings.base import *  # noqa: F403

SECRET_KEY = env("DJANGO_SECRET_KEY")  # no default: a missing key stops the start
DEBUG = env.bool("DJANGO_DEBUG", default=False)
if DEBUG:
    raise ImproperlyConfigured("DJANGO_DEBUG must be off in production.")
# base.py set these from its own DEBUG (on unless DJANGO_DEBUG says otherwise): production
# serves the collected, compressed, hashed files, and does not look for changed files on
# every request.
WHITENOISE_USE_FINDERS = False
WHITENOISE_AUTOREFRESH = False
ALLOWED_HOSTS = env.list("DJANGO_ALLOWED_HOSTS")
# The links of mail sent without a request: the first allowed host over HTTPS unless said.
SITE_URL = env("DJANGO_SITE_URL", default=f"https://{ALLOWED_HOSTS[0]}").rstrip("/")

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env.int("DJANGO_SECURE_HSTS_SECONDS", default=60 * 60 * 24 * 30)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
# Load balancers and monitors poll /health/ over plain HTTP behind the proxy.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]

# The password reset only with an SMTP server to send through (EMAIL_URL or EMAIL_HOST). Without
# one, mail goes to a console no one reads: the login page offers no reset and its pages answer
# 404, rather than "mail sent" (config/mail.py).
PASSWORD_RESET_BY_MAIL = EMAIL_BACKEND == "django.core.mail.backends.smtp.EmailBackend"
