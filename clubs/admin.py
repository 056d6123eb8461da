from django.contrib import admin

from clubs.models import (
    Club,
    Federation,
    FederationClub,
    FederationOfficer,
    Membership,
    Partnership,
    Person,
    PersonLinkConflict,
    PersonLinkRecord,
    Player,
)


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "time_zone", "default_variant")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "club", "active")
    list_filter = ("club", "active")
    search_fields = ("name",)


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ("user", "club", "role")
    list_filter = ("club", "role")


admin.site.register(Partnership)


@admin.register(Federation)
class FederationAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "ranking_public")
    prepopulated_fields = {"slug": ("name",)}


@admin.register(FederationClub)
class FederationClubAdmin(admin.ModelAdmin):
    list_display = ("club", "federation", "joined_on", "left_on", "declined_on")
    list_filter = ("federation",)


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ("name", "member_number", "federation")
    list_filter = ("federation",)
    search_fields = ("name", "member_number")


# Decisions are recorded by the services; the admin reads them.
@admin.register(PersonLinkRecord)
class PersonLinkRecordAdmin(admin.ModelAdmin):
    list_display = ("player", "person", "action", "how", "by", "at")
    readonly_fields = ("player", "person", "action", "how", "by", "at")


admin.site.register(FederationOfficer)
admin.site.register(PersonLinkConflict)
