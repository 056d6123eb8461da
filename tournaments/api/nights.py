"""The API's nights: a night's sign-ups and check-ins, for its club's directors (as the night's
page and its downloads)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.api_schema import errors
from tournaments import selectors


class SignUpLineSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField()
    name = serializers.CharField()
    answer = serializers.CharField(help_text='"coming", "not_coming", "partner" or "" (no reply).')
    checked_in = serializers.BooleanField()
    how = serializers.CharField(help_text='"door", "account", "director" or "" (not checked in).')
    at = serializers.DateTimeField(allow_null=True)


class NightSignUpsSerializer(serializers.Serializer[Any]):
    night = serializers.IntegerField()
    club = serializers.CharField()
    date = serializers.DateField()
    start_time = serializers.TimeField()
    variant = serializers.CharField()
    format = serializers.CharField()
    place = serializers.CharField()
    cancelled = serializers.BooleanField()
    event = serializers.IntegerField(allow_null=True)
    coming = serializers.IntegerField()
    checked_in = serializers.IntegerField()
    results = SignUpLineSerializer(many=True)


class NightSignUpsApi(APIView):
    """A night's sign-ups and check-ins: each active player of the club, those coming first."""

    @extend_schema(responses={200: NightSignUpsSerializer, **errors(401, 404)})
    def get(self, request: Request, night_id: int) -> Response:
        night = selectors.nights_directed_by(user=request.user).filter(pk=night_id).first()
        if night is None:
            raise NotFound
        lines = selectors.night_check_in_list(night=night)
        body = {
            "night": night.pk,
            "club": night.club.slug,
            "date": night.date,
            "start_time": night.start_time,
            "variant": night.variant,
            "format": night.format,
            "place": night.place,
            "cancelled": night.cancelled,
            "event": night.event_id,
            "coming": sum(1 for line in lines if line.answer in selectors.COMING),
            "checked_in": sum(1 for line in lines if line.checked_in),
            "results": [
                {
                    "player": line.player.pk,
                    "name": line.player.name,
                    "answer": line.answer,
                    "checked_in": line.checked_in is not None,
                    "how": line.checked_in.how if line.checked_in else "",
                    "at": line.checked_in.at if line.checked_in else None,
                }
                for line in lines
            ],
        }
        return Response(NightSignUpsSerializer(body).data)
