"""Middleware of the site as a whole (the apps' own live in their packages)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.http.response import HttpResponseBase

# No key of the site (slug, token, id) is longer; a longer path parameter finds nothing.
MAX_PATH_PARAMETER = 255


class NotFoundForUnstorablePathParameters:
    """Raises Http404 in process_view for a path parameter holding a NUL byte (PostgreSQL's DataError
    would be a 500) or over MAX_PATH_PARAMETER characters, before later middleware or the view."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(
        self, request: HttpRequest, view: Callable[..., Any], args: tuple[Any, ...], kwargs: dict[str, Any]
    ) -> None:
        for value in (*args, *kwargs.values()):
            if isinstance(value, str) and ("\x00" in value or len(value) > MAX_PATH_PARAMETER):
                raise Http404


# What a view sets on its response to change its policy (django-csp's decorators), or exempt it.
_OWN_POLICY = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_exempt",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
    "_csp_exempt_ro",
)


class ContentSecurityPolicyMiddleware(CSPMiddleware):
    """django-csp's middleware with the site's policy built once per process (the settings do not
    change while it runs). A view's own policy, a nonce, a header already set and a debug page's
    404 and 500 are left to django-csp itself."""

    @cached_property
    def _headers(self) -> tuple[str, str]:
        return build_policy(), build_policy(report_only=True)

    def process_response(self, request: HttpRequest, response: HttpResponseBase) -> HttpResponseBase:
        if (
            getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, name) for name in _OWN_POLICY)
            or HEADER in response
            or HEADER_REPORT_ONLY in response
            or response.status_code in (404, 500)
            or self._some_paths_excluded
        ):
            return super().process_response(request, response)
        policy, report_only = self._headers
        if policy:
            response[HEADER] = policy
        if report_only:
            response[HEADER_REPORT_ONLY] = report_only
        # As django-csp does: a nonce asked for after the header is written is an error.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response

    @cached_property
    def _some_paths_excluded(self) -> bool:
        return any(
            (getattr(settings, name, None) or {}).get("EXCLUDE_URL_PREFIXES")
            for name in ("CONTENT_SECURITY_POLICY", "CONTENT_SECURITY_POLICY_REPORT_ONLY")
        )
