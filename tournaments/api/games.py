"""The API's games and hands: list and read them, record or correct a hand, confirm one."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status, viewsets
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.users import account
from config.api_schema import errors, read_only_schema
from tournaments import selectors, services
from tournaments.api.serializers import (
    GameSerializer,
    HandConfirmInputSerializer,
    HandRecordInputSerializer,
    HandSavedSerializer,
    HandSerializer,
    hand_saved_data,
    valid_data,
)
from tournaments.models import Game, Hand


@read_only_schema(GameSerializer)
class GameViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = GameSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = {"table__round__event": ["exact"], "table__round": ["exact"], "game_over": ["exact"]}

    def get_queryset(self) -> QuerySet[Game]:
        return selectors.games_visible_to(user=self.request.user).prefetch_related("table__seats__player")


@read_only_schema(HandSerializer)
class HandViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = HandSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("game",)

    def get_queryset(self) -> QuerySet[Hand]:
        return selectors.hands_visible_to(user=self.request.user)


class HandRecordApi(APIView):
    """Record hand `number` of a game, or correct it (give `expected_version`).

    Once the results are final only the event's director may, giving a `reason` (400 otherwise).
    A retry with the same `submission_id` answers the hand recorded (200, not 201); a hand sent
    again as new, or a correction of a changed version, is a conflict (409)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=HandRecordInputSerializer,
        responses={
            201: HandSavedSerializer,
            200: HandSavedSerializer,
            **errors(400, 401, 403, 404, 409),
        },
    )
    def post(self, request: Request, game_id: int) -> Response:
        # A game the user may not score is not found, whatever the body.
        game = get_object_or_404(selectors.games_scorable_by(user=request.user).only("pk"), pk=game_id)
        serializer = HandRecordInputSerializer(data=request.data)
        if not serializer.is_valid():
            raise serializers.ValidationError(serializer.errors)
        data = serializer.validated_data
        try:
            # Who may score is read again by the service, inside its transaction, after the lock.
            hand = services.hand_record(
                game=game,
                asked=services.HandInput(**data),
                recorded_by=account(request.user),
                door=selectors.Door(user=request.user),
            )
        except Game.DoesNotExist:
            raise Http404 from None
        code = status.HTTP_201_CREATED if hand.was_created else status.HTTP_200_OK
        return Response(hand_saved_data(hand), status=code)


class HandConfirmApi(APIView):
    """The side that did not enter hand `number` confirms it (directors may confirm for either)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=HandConfirmInputSerializer, responses={200: HandSerializer, **errors(400, 401, 403, 404)}
    )
    def post(self, request: Request, game_id: int, number: int) -> Response:
        game = get_object_or_404(
            selectors.games_scorable_by(user=request.user).select_related("table__round"), pk=game_id
        )
        hand = get_object_or_404(game.hands, number=number)
        data = valid_data(HandConfirmInputSerializer, request)
        try:
            hand = services.hand_confirm(
                hand=hand,
                side=data["side"],
                confirmed_by=account(request.user),
                code=data["code"],
                door=selectors.Door(user=request.user),
            )
        except Game.DoesNotExist:
            raise Http404 from None
        return Response(HandSerializer(hand).data)
