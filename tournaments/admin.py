from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from tournaments.models import Event, Game, Hand, Participant, Round, Season, Standing


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "date", "variant", "status")
    list_filter = ("club", "status", "variant")
    inlines = [ParticipantInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("event", "number", "status")


class ThroughTheServices(admin.ModelAdmin):
    """Read-only in the admin: hands and games change through the hand services (history,
    rescoring, standings), which the admin would bypass. Directors delete a stray hand and end
    a game at the clock from the table page."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ThroughTheServices):
    list_display = ("table", "variant", "totals", "game_over", "winner")


@admin.register(Hand)
class HandAdmin(ThroughTheServices):
    list_display = ("game", "number", "version", "recorded_by", "updated_at")


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ("event", "rank", "player", "victory_points", "points_for")
    list_filter = ("event",)


admin.site.register(Season)
