"""Read-only API for clubs and players, scoped to the clubs the user belongs to."""

from __future__ import annotations

from rest_framework import permissions, serializers, viewsets

from clubs.models import Club, Player
from clubs.selectors import clubs_where


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ("id", "name", "slug", "time_zone", "default_variant")


class PlayerSerializer(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ("id", "club", "name", "active")


class ClubViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = ClubSerializer
    permission_classes = [permissions.IsAuthenticated]

    def get_queryset(self):
        return clubs_where(user=self.request.user).order_by("name")


class PlayerViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = PlayerSerializer
    permission_classes = [permissions.IsAuthenticated]
    filterset_fields = ("club", "active")

    def get_queryset(self):
        return Player.objects.filter(club__in=clubs_where(user=self.request.user)).order_by("name")
