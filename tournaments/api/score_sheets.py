"""The API's score sheet: a whole sheet scored by the engine (`manage.py score_sheet`'s contract)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status
from rest_framework.exceptions import ParseError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

import scoring
from config.api_schema import errors


class ScoreSheetApi(APIView):
    """Score a whole score sheet (the contract of `manage.py score_sheet`): same JSON in and out."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=dict, responses={200: dict, 400: dict, **errors(401, 403)})
    def post(self, request: Request) -> Response:
        try:
            sheet = request.data
        except (ParseError, RecursionError, ValueError) as exc:
            # Same error shape as a rejected entry, for a body that is not readable JSON.
            message = f"the body is not a readable JSON score sheet ({type(exc).__name__})"
            error = {"hand": None, "side": None, "field": None, "message": message}
            return Response({"errors": [error]}, status=status.HTTP_400_BAD_REQUEST)
        try:
            return Response(scoring.score_sheet(sheet))
        except scoring.SheetRejected as exc:
            return Response({"errors": exc.errors}, status=status.HTTP_400_BAD_REQUEST)
