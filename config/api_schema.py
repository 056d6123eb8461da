"""The errors of the API in its schema: views name their codes with `errors(400, 401, 404)` (or
`read_only_schema`); `ERRORS` gives each code's body and meaning."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_view, inline_serializer
from rest_framework import serializers

# A view class (drf-spectacular's decorators return what they are given).
_View = TypeVar("_View", bound=Callable[..., Any])

# An error told in one message; a service's refusal of the whole request, its messages.
ERROR_DETAIL = inline_serializer("ErrorDetail", {"detail": serializers.CharField()})
ERROR_LIST = inline_serializer(
    "ErrorList",
    {
        "errors": serializers.ListField(child=serializers.CharField()),
        "codes": serializers.ListField(child=serializers.CharField()),
    },
)

ERRORS: Mapping[int, OpenApiResponse] = {
    400: OpenApiResponse(
        OpenApiTypes.OBJECT,
        "Refused: each field or query parameter at fault with its messages (`errors` for the request "
        "as a whole, `detail` for a body that cannot be read).",
    ),
    401: OpenApiResponse(
        ERROR_DETAIL,
        "Not signed in, or the token is unknown, expired or revoked (`WWW-Authenticate: Token`).",
    ),
    403: OpenApiResponse(ERROR_DETAIL, "Signed in by session, a write sent without the CSRF token."),
    404: OpenApiResponse(
        ERROR_DETAIL,
        "No such object among those the user may see or change (another club's are not found either), "
        "or no such page of a list.",
    ),
    409: OpenApiResponse(
        ERROR_LIST,
        "The hand is recorded already (correct it with `expected_version`), or someone has changed it "
        "since the version given.",
    ),
}


def errors(*codes: int) -> dict[int, OpenApiResponse]:
    """The schema's responses for the error status codes `codes` (`ERRORS`)."""
    return {code: ERRORS[code] for code in codes}


def read_only_schema(serializer: type[serializers.BaseSerializer[Any]]) -> Callable[[_View], _View]:
    """The schema of a read-only viewset: its list (a page of objects; 400 for a filter or a page
    refused, 404 for a page past the last) and each object, with the errors they answer."""
    return extend_schema_view(
        list=extend_schema(responses={200: serializer(many=True), **errors(400, 401, 404)}),
        retrieve=extend_schema(responses={200: serializer, **errors(401, 404)}),
    )
