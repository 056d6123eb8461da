from django.urls import path

from clubs import views

app_name = "clubs"

urlpatterns = [
    path("accounts/tokens/", views.api_tokens, name="api_tokens"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="settings"),
    path("clubs/<slug:slug>/players/import/", views.player_import, name="player_import"),
    path("players/<int:player_id>/initials/", views.player_initials, name="player_initials"),
    path("clubs/<slug:slug>/members/", views.members, name="members"),
    path("clubs/<slug:slug>/members/invite/", views.member_invite, name="member_invite"),
    path("clubs/<slug:slug>/members/new/", views.member_create, name="member_create"),
    path("clubs/<slug:slug>/members/<int:membership_id>/role/", views.member_role, name="member_role"),
    path("clubs/<slug:slug>/members/<int:membership_id>/remove/", views.member_remove, name="member_remove"),
]
