from django.contrib import admin

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


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("table", "variant", "totals", "game_over", "winner")
    readonly_fields = ("totals", "initial_meld", "game_over", "winner", "is_draw")


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = ("game", "number", "version", "recorded_by", "updated_at")
    readonly_fields = ("submission_id", "version")


@admin.register(Standing)
class StandingAdmin(admin.ModelAdmin):
    list_display = ("event", "rank", "player", "victory_points", "points_for")
    list_filter = ("event",)


admin.site.register(Season)
