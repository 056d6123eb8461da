"""The API's rounds and tables: list and read them, seat an event's next round (directors)."""

from __future__ import annotations

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_schema import errors, read_only_schema
from tournaments import selectors, services
from tournaments.api.serializers import RoundSerializer, TableSerializer
from tournaments.models import Round, Table


@read_only_schema(RoundSerializer)
class RoundViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = RoundSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("event",)

    def get_queryset(self) -> QuerySet[Round]:
        return selectors.rounds_visible_to(user=self.request.user)


@read_only_schema(TableSerializer)
class TableViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = TableSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("round",)

    def get_queryset(self) -> QuerySet[Table]:
        return selectors.tables_visible_to(user=self.request.user)


class RoundStartApi(APIView):
    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={202: RoundSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
        new_round = services.round_start(event=event)
        new_round.refresh_from_db()
        return Response(RoundSerializer(new_round).data, status=status.HTTP_202_ACCEPTED)
