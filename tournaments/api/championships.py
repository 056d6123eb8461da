"""The API's championships: officers list, create and qualify them; member clubs' directors enter
players. A championship is then an event of `/api/v1/events/`."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Player
from clubs.selectors import club_federation_now, clubs_directed_by, federations_run_by, member_clubs
from config.api_schema import errors
from tournaments import selectors, services
from tournaments.api.serializers import (
    ChampionshipInputSerializer,
    EntrantSerializer,
    EntriesInputSerializer,
    EventSerializer,
    QualifiedSerializer,
    QualifyInputSerializer,
    valid_data,
)
from tournaments.models import Event


class ChampionshipsApi(APIView):
    """GET: the federation's championships (its officers). POST: create one (an officer)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: EventSerializer(many=True), **errors(401, 404)})
    def get(self, request: Request, slug: str) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        events = federation.championships.prefetch_related("participants", "pairs__partnership", "stages")
        return Response(EventSerializer(events, many=True).data)

    @extend_schema(
        request=ChampionshipInputSerializer, responses={201: EventSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, slug: str) -> Response:
        federation = get_object_or_404(federations_run_by(user=request.user), slug=slug)
        serializer = ChampionshipInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        host = (
            member_clubs(federation_id=federation.pk).filter(slug=serializer.validated_data["host"]).first()
        )
        if host is None:
            raise serializers.ValidationError({"host": "No member club of the federation has this address."})
        event = services.championship_create(federation=federation, host=host, asked=serializer.event_input())
        return Response(EventSerializer(event).data, status=status.HTTP_201_CREATED)


class QualifyApi(APIView):
    """POST: qualify the championship's entrants by a ranking (its officers and host club's
    directors): who entered and who was passed over, with why."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=QualifyInputSerializer, responses={200: QualifiedSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, event_id: int) -> Response:
        championships = selectors.events_directed_by(user=request.user).filter(federation__isnull=False)
        event = get_object_or_404(championships, pk=event_id)
        data = valid_data(QualifyInputSerializer, request)
        done = services.championship_qualify(
            event=event, source=data["ranking"], top=data["top"], start=data["start"], end=data["end"]
        )
        body = {
            "entered": done.entered,
            "passed_over": [{"name": name, "reason": reason} for name, reason in done.passed_over],
        }
        return Response(QualifiedSerializer(body).data)


class EntriesApi(APIView):
    """POST `{"players": [ids]}` or `{"pairs": [[id, id], ...]}`: a member club's director enters
    the club's players in a championship of its federation; answers those entered."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=EntriesInputSerializer,
        responses={201: EntrantSerializer(many=True), **errors(400, 401, 403, 404)},
    )
    def post(self, request: Request, slug: str, event_id: int) -> Response:
        club = get_object_or_404(clubs_directed_by(user=request.user), slug=slug)
        place = club_federation_now(club=club)
        if place is None:
            raise Http404  # a club in no federation has no championship to enter
        event = get_object_or_404(
            selectors.events_visible_to(user=request.user).exclude(status=Event.Status.FINISHED),
            pk=event_id,
            federation_id=place.federation_id,
        )
        data = valid_data(EntriesInputSerializer, request)
        ids = set(data["players"]) | {pk for pair in data["pairs"] for pk in pair}
        found = Player.objects.select_related("club", "person").filter(club=club, active=True).in_bulk(ids)
        if len(found) != len(ids):
            raise serializers.ValidationError({"players": "Unknown player id(s) for this club."})
        entered = services.championship_enter(
            event=event,
            players=[found[pk] for pk in data["players"]],
            pairs=[(found[a], found[b]) for a, b in data["pairs"]],
        )
        return Response(EntrantSerializer(entered, many=True).data, status=status.HTTP_201_CREATED)
