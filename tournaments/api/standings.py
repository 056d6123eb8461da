"""The API's standings rows of the events a user may see."""

from __future__ import annotations

from django.db.models import QuerySet
from rest_framework import permissions, viewsets

from config.api_schema import read_only_schema
from tournaments import selectors
from tournaments.api.serializers import StandingSerializer
from tournaments.models import Standing


@read_only_schema(StandingSerializer)
class StandingViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = StandingSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("event",)

    def get_queryset(self) -> QuerySet[Standing]:
        return selectors.standings_visible_to(user=self.request.user)
