"""The answers to a request that fails on the server (handler500), and the API's JSON for the
errors Django answers before any API view runs (handler400, handler403, handler404).

The database unreachable (OperationalError, InterfaceError): 503 with `Retry-After`, reading no user
or session; any other error: JSON 500 under /api/. Design: docs/deployment.md#postgresql-down-or-restarting"""

from __future__ import annotations

import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.views import defaults
from rest_framework import exceptions

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


def _api_error(error: type[exceptions.APIException]) -> JsonResponse:
    """`{"detail": …}` with the status and message of DRF's `error`, as an API view answers it
    (the message in the request's language: DRF's catalogs translate it)."""
    return JsonResponse({"detail": str(error.default_detail)}, status=error.status_code)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler400: JSON under /api/, Django's page elsewhere."""
    if _is_api(request):
        return _api_error(exceptions.ParseError)
    return defaults.bad_request(request, exception)


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler403: JSON under /api/, Django's page elsewhere."""
    if _is_api(request):
        return _api_error(exceptions.PermissionDenied)
    return defaults.permission_denied(request, exception)


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """handler404: JSON under /api/ (an unknown path), Django's page elsewhere."""
    if _is_api(request):
        return _api_error(exceptions.NotFound)
    return defaults.page_not_found(request, exception)
