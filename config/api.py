"""DRF glue: a service's ValidationError answers 400, or 409 for a conflict with what is stored
(`CONFLICT_CODES`); a JSON body nested too deeply is a 400 too. The errors in the schema:
`config.api_schema`; DRF loads this module while its views load, so it imports nothing importing them."""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, negotiation, parsers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

# The codes of the services' refusals that conflict with what is stored, answered 409: a hand
# recorded already (sent again as a new one), a correction of a version someone has changed since.
CONFLICT_CODES = frozenset({"exists", "conflict"})


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, answering 400 for a body nested deeper than Python's parser goes
    (`[[[[…]]]]` a hundred thousand deep raises RecursionError, which DRF lets through)."""

    def parse(
        self, stream: Any, media_type: str | None = None, parser_context: Mapping[str, Any] | None = None
    ) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as exc:
            raise exceptions.ParseError("JSON parse error - the body is nested too deeply.") from exc


class ContentNegotiation(negotiation.DefaultContentNegotiation):
    """DRF's negotiation, answering with the view's first renderer (JSON) instead of 406 when the
    Accept header names none of the view's; the schema's view keeps its choice of YAML or JSON."""

    def select_renderer(self, request: Any, renderers: Any, format_suffix: str | None = None) -> Any:
        try:
            return super().select_renderer(request, renderers, format_suffix)
        except exceptions.NotAcceptable:
            return renderers[0], renderers[0].media_type


class Conflict(exceptions.APIException):
    """409: the request conflicts with what is stored (`CONFLICT_CODES`)."""

    status_code = status.HTTP_409_CONFLICT
    default_code = "conflict"


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            exc = exceptions.ValidationError(exc.message_dict)
        else:
            # A refusal of the request as a whole: its messages, and beside them the word that
            # names each (`one_person_twice`, `too_few`, ...), for a program to tell them apart.
            body = {"errors": exc.messages, "codes": [error.code or "invalid" for error in exc.error_list]}
            if all(error.code in CONFLICT_CODES for error in exc.error_list):
                exc = Conflict(body)
            else:
                exc = exceptions.ValidationError(body)
    return drf_exception_handler(exc, context)
