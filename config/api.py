"""DRF glue: services raise Django's ValidationError; the API answers 400 with its messages.
A JSON body nested too deeply for Python's parser is a 400 too, not a server error."""

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from rest_framework import exceptions, parsers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


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


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "message_dict"):
            exc = exceptions.ValidationError(exc.message_dict)
        else:
            exc = exceptions.ValidationError({"errors": exc.messages})
    return drf_exception_handler(exc, context)
