from csp.constants import UNSAFE_INLINE
from csp.decorators import csp_update
from django.contrib import admin
from django.contrib.auth import urls as auth_urls
from django.urls import include, path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from config.health import health
from config.mail import reset_pages_by_mail_only
from tournaments.web import federations, public

# A server error: 503 with Retry-After while the database is down, JSON under /api/.
handler500 = "config.errors.server_error"
# The errors Django answers before a view runs (an unknown path, a bad request): JSON under /api/.
handler400 = "config.errors.bad_request"
handler403 = "config.errors.permission_denied"
handler404 = "config.errors.page_not_found"

urlpatterns = [
    path("", public.home, name="home"),
    # A federation's page: its officers' page for them (clubs:federation_detail, the same address,
    # answered here first), its public face for anyone while its ranking is public. The page to
    # create one, /federations/new/, stays the clubs' (a federation's address is never "new").
    re_path(
        r"^federations/(?!new/)(?P<slug>[-a-zA-Z0-9_]+)/$", federations.federation_page, name="federation"
    ),
    path("health/", health, name="health"),
    # Django's login, logout and password pages; the reset's only where mail is sent (config/mail.py).
    path("accounts/", include(reset_pages_by_mail_only(auth_urls.urlpatterns))),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/v1/", include("config.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves Swagger UI's start-up script as a file: no inline script (CSP).
    # Swagger UI applies inline styles, allowed on this page only.
    path(
        "api/docs/",
        csp_update({"style-src": [UNSAFE_INLINE]})(SpectacularSwaggerSplitView.as_view(url_name="schema")),
        name="api-docs",
    ),
    path("", include("clubs.web.urls")),
    path("", include("tournaments.web.urls.audit")),
    path("", include("tournaments.web.urls")),
]
