"""API tokens, the clubs the user may see and their rosters."""

from __future__ import annotations

from django.db.models import QuerySet
from drf_spectacular.utils import extend_schema
from knox import views as knox_views
from rest_framework import permissions, serializers, viewsets
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from clubs.models import Club, Player
from clubs.selectors import (
    clubs_where,
)
from clubs.services import api_token_create
from config.api_auth import TokenAuthentication
from config.api_schema import errors, read_only_schema


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()
    expiry = serializers.DateTimeField(allow_null=True)


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ("id", "name", "slug", "time_zone", "default_variant")


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ("id", "club", "name", "active")


@read_only_schema(ClubSerializer)
class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ClubSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self) -> QuerySet[Club]:
        return clubs_where(user=self.request.user).order_by("name")


@read_only_schema(PlayerSerializer)
class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = PlayerSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("club", "active")

    def get_queryset(self) -> QuerySet[Player]:
        return Player.objects.filter(club__in=clubs_where(user=self.request.user)).order_by("name")


class TokenObtainApi(APIView):
    """POST a username and password, get `{"token", "expiry"}` for `Authorization: Token ...` (stored hashed,
    expires after `API_TOKEN_DAYS` days); wrong passwords count toward the login lockout (django-axes)."""

    permission_classes = [permissions.AllowAny]
    authentication_classes: list[type] = []
    serializer_class = AuthTokenSerializer

    @extend_schema(request=AuthTokenSerializer, responses={200: TokenSerializer, **errors(400)})
    def post(self, request: Request) -> Response:
        credentials = AuthTokenSerializer(data=request.data, context={"request": request})
        credentials.is_valid(raise_exception=True)
        stored, token = api_token_create(user=credentials.validated_data["user"])
        return Response(TokenSerializer({"token": token, "expiry": stored.expiry}).data)


@extend_schema(request=None, responses={204: None, **errors(401)})
class TokenLogoutApi(knox_views.LogoutView):
    """POST: revoke the token this request was made with (a token request only)."""

    authentication_classes = [TokenAuthentication]


@extend_schema(request=None, responses={204: None, **errors(401)})
class TokenLogoutAllApi(knox_views.LogoutAllView):
    """POST: revoke every token of the user this request was made as (a token request only)."""

    authentication_classes = [TokenAuthentication]
