"""The API's events: list, read, standings, create (directors), players added and withdrawn."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.selectors import clubs_directed_by
from config.api_schema import errors, read_only_schema
from tournaments import selectors, services
from tournaments.api.serializers import (
    EntrantStandingSerializer,
    EventInputSerializer,
    EventSerializer,
    ParticipantAddInputSerializer,
    ParticipantSerializer,
    valid_data,
)
from tournaments.models import Event


@read_only_schema(EventSerializer)
class EventViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = EventSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("club", "status")

    def get_queryset(self) -> QuerySet[Event]:
        return selectors.events_visible_to(user=self.request.user).prefetch_related(
            "participants", "pairs__partnership", "stages__entrants__pair"
        )

    @extend_schema(
        request=EventInputSerializer, responses={201: EventSerializer, **errors(400, 401, 403, 404)}
    )
    def create(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = EventInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        club = get_object_or_404(
            clubs_directed_by(user=request.user),
            pk=serializer.validated_data["club"],
        )
        event = services.event_create(club=club, asked=serializer.event_input(club))
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)

    @extend_schema(responses={200: EntrantStandingSerializer(many=True), **errors(401, 404)})
    @action(
        detail=True,
        methods=["get"],
        url_path="standings",
        url_name="standings",
        pagination_class=None,
        filter_backends=[],
    )
    def standings(self, request: Request, pk: str | None = None, format: str | None = None) -> Response:
        """The event's standings as its format ranks them (a row per pair or per player), best first;
        the whole list, unfiltered. `format`: the URL's format suffix, read by the renderer."""
        event = self.get_object()
        if event.format in Event.PARTNERSHIP_FORMATS:
            rows: Any = selectors.event_pair_standings(event=event)
        else:
            rows = selectors.event_standings(event=event).order_by("rank", "player__name", "player_id")
        return Response(EntrantStandingSerializer(rows, many=True).data)


class ParticipantAddApi(APIView):
    """Add a club player to the event (a late arrival, seated from the next round), or bring back
    a withdrawn or absent one; in a fixed-partnership event, a late pair (`player` and
    `partner`), or a pair back. Directors only."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=ParticipantAddInputSerializer,
        responses={201: ParticipantSerializer, **errors(400, 401, 403, 404)},
    )
    def post(self, request: Request, event_id: int) -> Response:
        event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
        data = valid_data(ParticipantAddInputSerializer, request)
        # The club's players, or a championship's member clubs' players with a member number: no
        # other player is named, whatever the id.
        players = selectors.entrant_candidates(event=event)
        player = players.filter(pk=data["player"]).first()
        if player is None:
            raise serializers.ValidationError({"player": "Unknown player id for this event."})
        partner = None
        if data.get("partner") is not None:
            partner = players.filter(pk=data["partner"]).first()
            if partner is None:
                raise serializers.ValidationError({"partner": "Unknown player id for this event."})
        participant = services.participant_add(event=event, player=player, partner=partner)
        return Response(ParticipantSerializer(participant).data, status=status.HTTP_201_CREATED)


class ParticipantWithdrawApi(APIView):
    """A player leaves the event (in a fixed-partnership event, their pair): not seated again,
    every result so far kept. Directors only."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: ParticipantSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, event_id: int, player_id: int) -> Response:
        event = get_object_or_404(selectors.events_directed_by(user=request.user), pk=event_id)
        participant = get_object_or_404(event.participants.select_related("player"), player_id=player_id)
        participant = services.participant_withdraw(event=event, player=participant.player)
        return Response(ParticipantSerializer(participant).data)
