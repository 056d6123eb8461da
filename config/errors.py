"""What the site answers when a request fails on the server (handler500 in config/urls.py).

- The database cannot be reached (django.db's OperationalError or InterfaceError: PostgreSQL
  down or restarting, a connection refused or dropped): 503 with `Retry-After`, JSON
  `{"detail": …}` under /api/ and a short translated "try again" page elsewhere. Neither reads
  the database (no user, no session): it is the thing that is down.
- Any other error: JSON `{"detail": …}` with 500 under /api/, Django's own 500 page elsewhere.

The handler is called by Django while it handles the exception, so `sys.exc_info()` names it.
With DEBUG on, Django shows its debug page instead, as before.
"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views import defaults

DATABASE_DOWN = (OperationalError, InterfaceError)
# Long enough for PostgreSQL to restart, short enough that a table's phone soon sends again.
RETRY_AFTER_SECONDS = 30


def _is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def _try_again_page() -> str:
    """The short "try again" page; its words alone if the page cannot be made (a site started
    without its collected static files cannot name its stylesheet)."""
    try:
        return render_to_string("503.html")
    except Exception:  # an error page must not fail in turn
        return (
            f"{_('Try again in a moment')}. {_('The service is briefly unavailable. Try again in a moment.')}"
        )


def server_error(request: HttpRequest) -> HttpResponse:
    """handler500: a 503 with Retry-After when the database is down, else a 500 (see above)."""
    error = sys.exc_info()[1]
    if isinstance(error, DATABASE_DOWN):
        if _is_api(request):
            response: HttpResponse = JsonResponse(
                {"detail": _("The service is briefly unavailable. Try again in a moment.")}, status=503
            )
        else:
            response = HttpResponse(_try_again_page(), status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        add_never_cache_headers(response)
        return response
    if _is_api(request):
        return JsonResponse({"detail": _("A server error occurred.")}, status=500)
    return defaults.server_error(request)
